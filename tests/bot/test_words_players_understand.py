"""Words players understand (the "…helpful words" issue): each fix with its test, in English
and French — refusals that help, /game help for the variant in play, tie-breaks named, French
elision and punctuation, one term per thing, and no shorthand."""

from __future__ import annotations

from pathlib import Path

from discord_double.player import turn_seq
from tests.bot.harness import (
    World,
    current_turn,
    mover,
    running_bot,
    table,
    wait_for_turn_after,
    world,
)


async def two_player_rattus(w: World) -> None:
    d = w.double
    await (await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")).wait_done()
    await (await d.slash(w.bob, w.channel, "game join")).wait_done()
    await (await d.slash(w.alice, w.channel, "game start")).wait_done()


def french(w: World, user: object) -> bool:
    return user is w.bob


async def test_refusals_say_whose_turn_since_when_and_the_closest_actions(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_rattus(w)
        await bot.service.idle()
        seen: set[str] = set()
        for _ in range(2):  # both players, so both languages, are refused once each way
            message = current_turn(w)
            assert message is not None
            first = mover(w, message)
            second = w.bob if first is w.alice else w.alice
            r = await d.slash(second, w.channel, "rattus open", region="gallia")
            await r.wait_done()
            assert r.ephemeral, r.text
            names = {w.alice: "alice", w.bob: "bob"}
            if french(w, second):
                assert "Ce n'est pas votre tour. La partie attend" in r.text, r.text
                assert "dont le tour a commencé <t:" in r.text and ":R>" in r.text, r.text
            else:
                assert "It is not your turn. The game is waiting for" in r.text, r.text
                assert "whose turn began <t:" in r.text and ":R>" in r.text, r.text
            assert names[first] in r.text.casefold(), r.text

            r = await d.slash(first, w.channel, "rattus do", action="place 99 cubes in atlantis")
            await r.wait_done()
            assert r.ephemeral, r.text
            if french(w, first):
                assert "Les actions les plus proches que vous pouvez jouer maintenant :" in r.text
                assert "Placer 2 cubes en" in r.text, r.text
            else:
                assert "The closest actions you can take now:" in r.text, r.text
                assert "Place 2 cubes in" in r.text, r.text
            suggestions = [line for line in r.text.splitlines() if line.startswith("• ")]
            assert 1 <= len(suggestions) <= 3, r.text
            assert all("(`open " in line for line in suggestions), r.text
            seen.add("fr" if french(w, first) else "en")

            seq = turn_seq(message)
            r = await d.slash(first, w.channel, "rattus open", region="gallia")
            await r.wait_done()
            assert r.text.startswith("✅"), r.text
            await wait_for_turn_after(w, seq)
            await bot.service.idle()
        assert seen == {"en", "fr"}


async def test_leaving_a_started_game_is_told_once(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_rattus(w)
        await bot.service.idle()
        await (await d.slash(w.bob, w.channel, "game join")).wait_done()
        r = await d.slash(w.alice, w.channel, "game leave")
        await r.wait_done()
        await bot.service.idle()
        lines = [
            [line for line in m.text.splitlines() if "left the game" in line]
            for m in table(w).messages()
        ]
        # One sentence says it (the service's, "the AI plays their seat"), never two in a
        # message. (An earlier turn message that shrinks to its batch's lines may repeat it:
        # that is the publisher's summary, bot/compose.py turn_summary.)
        assert {line for found in lines for line in found} == {
            "🚪 Alice left the game: the AI plays their seat from now on."
        }, lines
        assert all(len(found) <= 1 for found in lines), lines


async def test_help_lists_only_the_commands_of_the_variant_in_play(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w):
        d = w.double
        await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        ).wait_done()
        for user in (w.alice, w.bob):  # English and French
            r = await (await d.slash(user, w.channel, "game help")).wait_done()
            text = "\n".join(
                [m.text for m in r.messages]
                + [str(e.get("description") or "") for m in r.messages for e in m.embeds]
            )
            assert "</rattus place:" in text and "</rattus plague:" in text
            for africanus in ("caravan", "astronomer", "sultan", "protect", "standing"):
                assert f"</rattus {africanus}:" not in text, africanus
        await (await d.slash(w.alice, w.channel, "game abandon")).wait_done()


def test_africanus_keeps_its_commands_and_the_base_game_leaves_them_out() -> None:
    from bot.adapter import adapter_for, commands_not_in_play

    rattus = adapter_for("rattus")
    assert commands_not_in_play(rattus, {"expansion": "africanus"}) == frozenset()
    hidden = commands_not_in_play(rattus, {})
    assert {"caravan", "astronomer", "choose", "explorer", "sultan", "protect"} <= hidden
    assert not hidden & {"open", "take", "place", "king", "monk", "plague", "rats", "done"}


def _row(seat: int, rank: int, score: int, **more: object) -> dict[str, object]:
    return {"seat": seat, "rank": rank, "score": score, "breakdown": {}, **more}


def test_a_tie_broken_by_the_rules_is_named_and_equal_ranks_share_a_medal() -> None:
    from bot.adapter import adapter_for

    names = ["Alice", "Bruno", "Chloé"]
    rattus = adapter_for("rattus")
    result = {"ranking": [_row(1, 1, 20), _row(0, 2, 20), _row(2, 3, 12)]}
    en = rattus.ranking_lines(result, names, "en")
    fr = rattus.ranking_lines(result, names, "fr")
    assert en[0].startswith("🥇") and en[1].startswith("🥈")
    assert "a tie on 20" in en[-1] and "whoever would have played next" in en[-1]
    assert "Bruno" in en[-1] and "Alice" in en[-1] and "Chloé" not in en[-1]
    assert "égalité à 20" in fr[-1] and "aurait dû jouer le premier" in fr[-1]
    # No tie: no tie line.
    plain = {"ranking": [_row(0, 1, 21), _row(1, 2, 20)]}
    assert len(rattus.ranking_lines(plain, names, "en")) == 2

    cartus = adapter_for("cartus")
    rows = [
        _row(0, 1, 30, rats=3, dead=False, winner=True),
        _row(1, 1, 30, rats=3, dead=False, winner=True),
        _row(2, 3, 30, rats=5, dead=False, winner=False),
    ]
    en = cartus.ranking_lines({"ranking": rows}, names, "en")
    fr = cartus.ranking_lines({"ranking": rows}, names, "fr")
    assert en[0].startswith("🥇") and en[1].startswith("🥇")  # a shared victory
    assert "the lower value of rat tokens ranks first" in en[-1]
    assert "la plus faible valeur de jetons rat passe devant" in fr[-1]
    # A dead player with the same points is not a tie-break: no tie line.
    dead = [_row(0, 1, 30, rats=3, dead=False), _row(1, 2, 30, rats=9, dead=True)]
    assert not any("⚖️" in line for line in cartus.ranking_lines({"ranking": dead}, names, "en"))

    piper = adapter_for("piper")
    level = {"level": 3, "counters_collected": 2, "eliminated": None}
    rows = [
        {**_row(0, 1, 3), "breakdown": level},
        {**_row(1, 2, 3), "breakdown": {**level, "counters_collected": 0}},
    ]
    en = piper.ranking_lines({"ranking": rows}, names, "en")
    fr = piper.ranking_lines({"ranking": rows}, names, "fr")
    assert "the most opponents' rat counters collected ranks first" in en[-1]
    assert "le plus de compteurs Rat adverses récupérés passe devant" in fr[-1]


def test_french_elides_de_and_que_in_every_catalogue_and_in_the_renderers_words() -> None:
    from bot.adapter import adapter_for
    from bot.i18n import FUNCTIONS, t
    from render.common import FLUENT_FUNCTIONS, words

    assert FUNCTIONS == FLUENT_FUNCTIONS  # one function, shared by the bot and the renderers
    assert words("piper", "fr")("last_turn", who="IA 2") == (
        "+1 / −1 : compteurs au dernier tour d'IA 2"
    )
    assert words("piper", "fr")("last_turn", who="Bruno").endswith("tour de Bruno")
    cartus = adapter_for("cartus")
    assert cartus.t("compare.flute_wins", "fr", target="Bruno", winner="Alice") == (
        "Bruno reçoit un rat d'Alice."
    )
    assert t("lobby.thread_name", "fr", game="Rattus", player="IA 2") == "Rattus : la partie d'IA 2"
    assert t("help.game_commands", "fr", game="Le Joueur de flûte") == (
        "**Commandes du Joueur de flûte**"
    )
    # No French message writes "de"/"que" before a variable any more.
    import re
    from pathlib import Path

    for path in [Path("bot/locales/fr.ftl"), *Path("bot/games").glob("*/locales/fr.ftl")]:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            found = re.search(r"\b(de|que) \{ \$(player|winner|who|movers|game|name)\b", line)
            assert found is None, f"{path}:{number}: {line}"


def test_french_puts_a_space_before_double_punctuation() -> None:
    import re
    from pathlib import Path

    from fluent.syntax import ast, parse

    def texts(pattern: ast.Pattern) -> list[str]:
        out: list[str] = []
        for element in pattern.elements:
            if isinstance(element, ast.TextElement):
                out.append(element.value)
            elif isinstance(element, ast.Placeable):
                inner = element.expression
                if isinstance(inner, ast.SelectExpression):
                    for variant in inner.variants:
                        out += texts(variant.value)
                elif isinstance(inner, ast.StringLiteral):
                    out.append(inner.value)
                else:
                    out.append("x")
        return out

    bad = []
    for path in [Path("bot/locales/fr.ftl"), *Path("bot/games").glob("*/locales/fr.ftl")]:
        for entry in parse(path.read_text("utf-8")).body:
            if not isinstance(entry, ast.Message) or entry.value is None:
                continue
            text = "".join(texts(entry.value))
            text = re.sub(r"`[^`]*`|https?://\S+|<[^>]*>|\]\([^)]*\)", " ", text)
            for found in re.finditer(r"(?<=[^\s\u00a0\u202f])[:?!;](?!\d)", text):
                bad.append(f"{path} {entry.id.name}: …{text[max(0, found.start() - 20) :]}"[:120])
    assert bad == []
    from bot.games.rattus.adapter import ADAPTER

    lines = ADAPTER.rules_detail({}, None, "fr")
    assert any(line.startswith("• **Paysan** : placez") for line in lines), lines
    assert any(
        line.startswith("• **Peasant**: place") for line in ADAPTER.rules_detail({}, None, "en")
    )


def test_one_french_term_per_thing_as_the_rulebook_says() -> None:
    from pathlib import Path

    from bot.games.rattus.adapter import ADAPTER

    text = Path("bot/games/rattus/locales/fr.ftl").read_text("utf-8")
    assert "carte de classe" not in text.lower() and "dévastation" not in text
    assert "carte Classe" in ADAPTER.t("prompt.main", "fr")
    assert "un ravage menace" in ADAPTER.t("help.game", "fr", do="/rattus do", hand="/game hand")
    assert "l'emblème de la Peste" in ADAPTER.rules({}, "fr")


def test_the_piper_says_which_character_holds_two_cards_and_how_one_is_replaced() -> None:
    from bot.games.piper.adapter import ADAPTER, narrate

    params = {"player": "Host", "card": "Forward 1", "character": "red rat", "slot": 2}
    en = ADAPTER.t("event.card_played", "en", **params, count=2)
    assert (
        en
        == "Host places a Forward 1 under the red rat (place 2): the red rat now holds two cards."
    )
    assert " its " not in en
    fr = ADAPTER.t("event.card_played", "fr", **{**params, "character": "rat rouge"}, count=2)
    assert fr.endswith("(place 2) : le rat rouge a maintenant deux cartes.")
    event = {"type": "character_replaced", "slot": 1, "old": "red", "new": "blue"}
    assert narrate(event, ["A", "B"], "en") == (
        "🔄 The red rat has acted: its character card leaves the row (place 1), and a new one"
        " is drawn in its place: the blue rat."
    )
    assert narrate(event, ["A", "B"], "fr") == (
        "🔄 Le rat rouge a agi : sa carte Personnage quitte la rangée (place 1), et une nouvelle"
        " carte est tirée à sa place : le rat bleu."
    )


def test_board_words_say_what_a_player_does_not_shorthand() -> None:
    from render.cartus import action_text, supply_text
    from render.common import words
    from render.rattus import _steps_line

    view = {"phase": "main", "turn_state": {"took_card": True}}
    assert _steps_line(view, "en") == "take a class card ✓ · place cubes · move the plague"  # type: ignore[arg-type]
    assert _steps_line(view, "fr") == (  # type: ignore[arg-type]
        "prendre une carte Classe ✓ · placer des cubes · déplacer la Peste"
    )
    look = {"draw": 2, "rats": 0, "look": 1}
    assert f"{words('cartus', 'en')('supply')} {supply_text(look, 'en')}" == (
        "Supply: draw 2, see a nun"
    )
    assert f"{words('cartus', 'fr')('supply')} {supply_text(look, 'fr')}" == (
        "Soutien : 2 cartes, 1 regard"
    )
    assert action_text("hospital", True, "en") == "−1 rat + 3 cards: −3 rats"
    assert action_text("hospital", False, "fr") == "2 cartes : −2 rats"
    assert action_text("guard_tower", False, "en") == "safe from the tower"
    for lang in ("en", "fr"):
        for kind in ("hospital", "guard_tower", "brewery", "fortune_teller"):
            for premium in (True, False):
                text = action_text(kind, premium, lang)
                assert not set(text) & set("≤→/"), text


def test_the_rules_name_the_m_and_a_symbols_as_the_board_shows_them() -> None:
    from bot.games.rattus.adapter import ADAPTER
    from render.common import words

    for lang in ("en", "fr"):
        rules = ADAPTER.rules({}, lang)
        assert "M:" not in rules and "M :" not in rules and "A :" not in rules
        assert words("rattus", lang)("legend_M") in rules
        assert words("rattus", lang)("legend_A") in rules


def test_plurals_are_fluent_selectors_never_an_s_in_brackets() -> None:
    from render.common import words

    en, fr = words("rattus", "en"), words("rattus", "fr")
    assert en("s_final", tokens=1, faces="", lost="") == "Final ravage: 1 rat token revealed."
    assert en("s_final", tokens=3, faces="", lost="") == "Final ravage: 3 rat tokens revealed."
    assert fr("s_final", tokens=1, faces="", lost="") == "Ravage final : 1 jeton rat révélé."
    assert fr("s_final", tokens=2, faces="", lost="") == "Ravage final : 2 jetons rat révélés."
    for path in [Path("bot/locales"), *Path("bot/games").glob("*/locales")]:
        for ftl in path.glob("*.ftl"):
            assert "(s)" not in ftl.read_text("utf-8"), ftl


def test_the_cartus_board_puts_french_spaces_before_its_colons() -> None:
    from render.common import words

    assert words("cartus", "fr")("mover", who="Alice") == "Alice :"
    assert words("cartus", "en")("mover", who="Alice") == "Alice:"
    assert words("cartus", "fr")("labelled", label=2, text="Bob") == "2 : Bob"
    source = Path("render/cartus.py").read_text("utf-8")
    assert '}:"' not in source and '}: "' not in source  # no colon written by the code itself
