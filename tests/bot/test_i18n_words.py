"""French that reads as French, English without "(s)", buttons that say what they do.

Every catalogue is checked as a whole (no "(s)", no English leftovers in French, the same keys
in both languages); elision, plurals and the AI's name are checked on the sentences players
read; an end-to-end game in French shows its AI seat as "IA 1" everywhere.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.adapter import adapters
from bot.compose import display_name, names_of
from bot.errors import error_text
from bot.games.cartus.adapter import ADAPTER as CARTUS
from bot.games.rattus.adapter import ADAPTER as RATTUS
from bot.games.rattus.adapter import VERBS as RATTUS_VERBS
from bot.games.rattus.adapter import describe, narrate, parse_cards
from bot.i18n import BOT, LANGUAGES, Catalog, fluent_id, t
from bot.store.base import GameRow, PlayerRow
from engine.cartus.errors import IllegalAction as CartusIllegal
from engine.cartus.errors import MalformedAction as CartusMalformed
from engine.rattus.data import Region
from engine.rattus.errors import IllegalAction, MalformedAction
from tests.bot.harness import buttons, running_bot, table, world

CATALOGS: list[tuple[str, Catalog]] = [
    ("bot", BOT),
    *((name, a.catalog) for name, a in sorted(adapters().items())),
]
IDS = [n for n, _ in CATALOGS]
# "(s)", "(x)", "(e)", "(es)" glued to a word: a plural or a gender left undecided.
UNDECIDED = re.compile(r"\w\((?:s|x|e|es)\)")
# `board-` messages are the words the renderers draw (render/ reads them by path); this one
# kept its "(s)" when it moved from render/ into the catalogue, so the summaries stay the same.
UNDECIDED_ON_BOARDS = frozenset({"board-s_final"})
# English words a French player must never read (option values, card ids, plain English).
ENGLISH = re.compile(
    r"\b(?:always|never|ask|diplomat|merchant|AI|add|the|and|random|one_type|hidden|"
    r"skip|wait|supply|look|Done|seat|count|peasant|monk|knight|witch|king)\b"
)


def keys(catalog: Catalog, lang: str) -> set[str]:
    """Every message a catalogue shows in `lang` (its own, and English engine templates)."""
    own = catalog.own_ids(lang) | catalog.own_ids("en")
    return {i for i in own if not i.startswith("cmd-")}


def render_all(catalog: Catalog, lang: str, value: Any) -> dict[str, str]:
    """Every message of the catalogue in `lang`, each variable set to `value`."""
    out = {}
    for ident in sorted(keys(catalog, lang)):
        key = ident.replace("-", ".")
        params = dict.fromkeys(catalog.placeholders(key, lang), value)
        out[ident] = catalog.text(ident, lang, params)
    return out


@pytest.mark.parametrize(("name", "catalog"), CATALOGS, ids=IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_undecided_plural_or_gender_is_left(name: str, catalog: Catalog, lang: str) -> None:
    """Every text a player reads, engine templates included, decides its number."""
    found = []
    for ident in keys(catalog, lang):
        pattern = catalog.pattern(ident.replace("-", "."), lang) or ""
        if UNDECIDED.search(pattern) and ident not in UNDECIDED_ON_BOARDS:
            found.append(f"{ident}: {pattern}")
    assert found == []


@pytest.mark.parametrize(("name", "catalog"), CATALOGS, ids=IDS)
def test_french_messages_have_no_english_leftovers(name: str, catalog: Catalog) -> None:
    """Rendered with neutral values, no French text contains an English word (a command
    named in it is written by its English path, which Discord shows in French as a mention)."""
    found = []
    for value in (1, 2, "Zoé"):
        for ident, text in render_all(catalog, "fr", value).items():
            if ENGLISH.search(re.sub(r"`/[a-z][\w -]*`", "", text)):
                found.append(f"{ident}: {text}")
    assert found == []


@pytest.mark.parametrize(("name", "catalog"), CATALOGS, ids=IDS)
def test_every_key_exists_in_both_languages(name: str, catalog: Catalog) -> None:
    """Including the English that comes from engine templates, and the commands."""
    en = {i for i in catalog.own_ids("en") if not i.startswith("cmd-")}
    fr = {i for i in catalog.own_ids("fr") if not i.startswith("cmd-")}
    assert sorted(en ^ fr) == []


# ------------------------------------------------------------------ elision


def plague_moved(source: str, lang: str = "fr") -> str:
    event = {"type": "plague_moved", "seat": 0, "source": source, "target": "gallia"}
    line = narrate(event, ["Alice", "Bruno"], lang)
    assert line is not None
    return line


def test_french_elides_de_before_a_region_with_a_vowel_or_an_h() -> None:
    assert "la Peste d'Italia vers Gallia" in plague_moved("italia")
    assert "la Peste d'Hispania vers Gallia" in plague_moved("hispania")
    assert "la Peste de Germania vers Gallia" in plague_moved("germania")
    assert "de Italia" not in plague_moved("italia")
    assert "from Italia to Gallia" in plague_moved("italia", "en")


def test_french_elides_in_actions_and_errors_too() -> None:
    assert describe("merchant italia gallia 2", "fr").startswith("Déplacer 2 cubes d'Italia vers")
    assert "un cube d'Anglia" in describe("king anglia", "fr")
    error = IllegalAction(
        "plague_too_far", region=Region("gallia"), source=Region("italia"), steps=1
    )
    assert "aller d'Italia en Gallia en 1 déplacement." in (error_text(error, "fr") or "")
    assert error.message.count("step(s)") == 1  # the engine's own words are unchanged
    assert (error_text(error, "en") or "").endswith("from Italia in 1 step.")


def test_french_elides_before_a_player_name_only_on_a_vowel() -> None:
    assert "Le temps de jeu d'Alice est écoulé" in BOT.t("clock.ai", "fr", player="Alice")
    assert "Le temps de jeu d'Élodie est écoulé" in BOT.t("clock.ai", "fr", player="Élodie")
    assert "Le temps de jeu de Hugo est écoulé" in BOT.t("clock.ai", "fr", player="Hugo")
    # A seat mark or a mention in front: "de" stays.
    assert "de 🟧 Alice" in BOT.t("clock.ai", "fr", player="🟧 Alice")
    assert "la place qu'Alice a quittée" in BOT.t("takeback.ask", "fr", player="B", seat="Alice")


def test_french_contracts_de_with_a_game_title_article() -> None:
    text = BOT.t("remind.dm", "fr", count=1, total=3, game="Le Joueur de Flûte", id=4, link="x")
    assert "la partie du Joueur de Flûte n°4" in text
    assert "la partie de Rattus n°4" in BOT.t(
        "remind.dm", "fr", count=1, total=3, game="Rattus", id=4, link="x"
    )


# ------------------------------------------------------------------ plurals


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "placed 1 cube in Gallia", "placed 2 cubes in Gallia"),
        ("fr", "a placé 1 cube en Gallia", "a placé 2 cubes en Gallia"),
    ],
)
def test_plural_forms_for_one_and_two(lang: str, one: str, two: str) -> None:
    def placed(n: int) -> str:
        event = {"type": "cubes_placed", "seat": 0, "count": n, "region": "gallia"}
        return narrate(event, ["Alice"], lang) or ""

    assert one in placed(1)
    assert two in placed(2)


def test_plural_forms_of_the_bot_and_of_errors() -> None:
    assert BOT.t("status.title", "en", count=1) == "1 game on this server:"
    assert BOT.t("status.title", "en", count=2) == "2 games on this server:"
    assert BOT.t("status.title", "fr", count=1) == "1 partie sur ce serveur :"
    assert BOT.t("status.title", "fr", count=2) == "2 parties sur ce serveur :"
    wins = BOT.t("stats.wins", "fr", player="A", count=1, played=2)
    assert wins.endswith("1 victoire en 2 parties")
    one = IllegalAction("wrong_cube_count", region=Region("gallia"), allowed=1, count=2)
    assert error_text(one, "en") == "In Gallia you may place 1 cube, not 2."
    assert error_text(one, "fr") == "En Gallia, vous pouvez placer 1 cube, pas 2."
    two = IllegalAction("not_enough_cubes", region=Region("italia"), have=2)
    assert error_text(two, "en") == "You have only 2 cubes in Italia."
    assert error_text(two, "fr") == "Vous n'avez que 2 cubes en Italia."
    look = CartusIllegal("look_count", count=1)
    assert error_text(look, "en") == "Look at 1 nun card here."


def test_option_errors_pass_the_count_their_words_need() -> None:
    from bot.adapter import OptionError

    with pytest.raises(OptionError) as caught:
        parse_cards("Merchant, Bishop")
    assert caught.value.params["count"] == 1
    text = RATTUS.t(f"error.{caught.value.code}", "fr", **caught.value.params)
    assert text == "Carte Classe inconnue : bishop."


# ------------------------------------------------------------------ errors in words


def test_errors_name_cards_and_regions_not_ids() -> None:
    error = IllegalAction("card_not_in_play", card="merchant")
    assert error_text(error, "fr") == "La carte Marchand n'est pas en jeu dans cette partie."
    error = IllegalAction("no_cube_there", region=Region("italia"))
    assert error_text(error, "fr") == "Vous n'avez aucun cube en Italia."
    cartus = CartusIllegal("no_card", card="monk3")
    assert error_text(cartus, "fr") == "Vous n'avez pas la carte Moine (3 nonnes)."
    number = CartusMalformed("bad_number", what="building number", value="9")
    assert "il faut un numéro de bâtiment" in (error_text(number, "fr") or "")


def test_french_errors_name_french_choices() -> None:
    standing = error_text(MalformedAction("bad_standing", value="x"), "fr") or ""
    assert "« toujours protéger quand une carte sauve des cubes »" in standing
    assert not re.search(r"\b(always|never|ask)\b", standing)
    diplomat = error_text(IllegalAction("diplomat_must_move", region=Region("italia")), "fr")
    assert diplomat is not None and "« avec le pion Diplomate »" in diplomat
    assert "add diplomat" not in (
        error_text(IllegalAction("diplomat_must_move", region=Region("italia")), "en") or ""
    )
    number = error_text(MalformedAction("bad_number", what="count", value="x"), "fr") or ""
    assert number == "« x » ne convient pas ici : il faut un nombre."


# ------------------------------------------------------------------ AI seats


def game_row(lang: str) -> GameRow:
    players = [
        PlayerRow(1, 0, 11, "Alice", 0, False, 0.0, None, False, None),
        PlayerRow(1, 1, None, "AI 1", 1, True, 0.0, None, False, None),
    ]
    return GameRow(
        1, 1, 1, "rattus", {}, {"lang": lang}, "active", 11, 0, 0, None, None, 0.0, 0.0, None,
        players,
    )  # fmt: skip


def test_ai_seats_are_named_in_the_language_of_the_game() -> None:
    assert names_of(game_row("fr")) == ["Alice", "IA 1"]
    assert names_of(game_row("en")) == ["Alice", "AI 1"]
    assert display_name(game_row("en").players[1], "fr") == "IA 1"
    # A person called "AI 7" keeps their name.
    human = PlayerRow(1, 2, 12, "AI 7", 2, False, 0.0, None, False, None)
    assert display_name(human, "fr") == "AI 7"


@pytest.mark.slow
async def test_a_french_game_with_an_ai_says_ia_everywhere(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        boards: list[list[str]] = []
        board = bot.renderer.board_parts

        async def spy(game: str, view: Any, names: Any, lang: str) -> Any:
            boards.append(list(names))
            return await board(game, view, names, lang)

        bot.renderer.board_parts = spy  # type: ignore[method-assign]
        new = await d.slash(
            w.bob, w.channel, "game new", game="rattus", language="fr", thread=False
        )
        lobby = await (await new.wait_done()).wait_public()
        await (await d.slash(w.bob, w.channel, "game add-ai")).wait_done()
        assert "IA 1" in lobby.text and "AI 1" not in lobby.text
        await (await d.slash(w.bob, w.channel, "game start")).wait_done()
        await bot.service.idle()
        texts = [m.text for m in d.channel_messages(w.channel)]
        assert any("IA 1" in text for text in texts if "➡️" in text or "🎲" in text)
        assert not any("AI 1" in text for text in texts)
        assert boards and all("IA 1" in names for names in boards)
        for message in d.channel_messages(w.channel):
            for button in buttons(message):
                assert "AI" not in str(button.get("label", ""))


# ------------------------------------------------------------------ buttons


VERBS = {
    "en": (
        "Place", "Move", "Take", "Look", "Swap", "Keep", "Draw", "Reveal", "Choose", "Protect",
        "Play", "End", "Set", "Ravage", "Enter", "Give", "Discard", "Decline", "Stop", "Finish",
        "Put", "Activate", "Decide", "Join", "Leave", "Start", "Add", "Agree", "Refuse", "Let",
        "Skip",
    ),
    "fr": (
        "Placer", "Déplacer", "Prendre", "Regarder", "Échanger", "Laisser", "Garder", "Piocher",
        "Révéler", "Choisir", "Protéger", "Jouer", "Finir", "Ne", "Mettre", "Ravager", "Entrer",
        "Donner", "Défausser", "Refuser", "Terminer", "Poser", "Activer", "Décider", "Rejoindre",
        "Quitter", "Commencer", "Ajouter", "Accepter", "Faire", "Passer", "Continuer",
        "Arrêter", "Reprendre", "Rejouer",
    ),
}  # fmt: skip
BOT_BUTTONS = (
    "lobby.button.join",
    "lobby.button.leave",
    "lobby.button.ai",
    "lobby.button.start",
    "request.agree",
    "request.refuse",
    "rematch.button",
    "stall.ai",
    "stall.skip",
    "stall.wait",
    "stall.end",
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_button_label_starts_with_a_verb(lang: str) -> None:
    labels = [BOT.t(key, lang) for key in BOT_BUTTONS]
    for adapter in adapters().values():
        labels += [adapter.verb_label(v, lang) for v in (*adapter.verbs, "any")]
    labels += [
        describe(text, lang)
        for text in (
            "open gallia",
            "open gallia italia",
            "king anglia",
            "monk gallia 1 italia",
            "merchant gallia italia 2",
            "peek gallia 1",
            "swap",
            "keep",
            "astronomer",
            "explorer",
            "explore gallia",
            "explore none",
            "sultan gallia",
            "caravan gallia",
            "caravan gallia italia",
            "rats gallia",
            "standing always",
            "done",
        )
    ]
    labels += [CARTUS.describe(text, lang) for text in ("supply 1", "done", "take")]
    bad = [label for label in labels if label.split()[0].strip(":") not in VERBS[lang]]
    assert bad == []
    assert RATTUS_VERBS  # the Rattus verbs are all checked above


def test_the_picker_title_says_what_is_chosen() -> None:
    from bot.ui import picker_title

    assert (
        picker_title(RATTUS, "merchant", "", "en")
        == "🔽 **Move cubes (Merchant)**: pick an option."
    )
    title = picker_title(RATTUS, "merchant", "merchant italia", "fr")
    assert title == "🔽 **Déplacer des cubes (Marchand) › Italia** : choisissez une option."


def test_keys_are_fluent_ids() -> None:
    assert fluent_id("seat.ai") == "seat-ai"


def test_commands_named_in_a_text_become_mentions() -> None:
    """Issue 17: "Messages name slash commands as clickable command mentions, which Discord
    shows in each user's language" (a French reader sees /partie, never told to use /game)."""
    from bot.i18n import use_command_mentions

    ids = {"game": 11, "rattus": 22}
    use_command_mentions(
        lambda path: f"</{path}:{ids[path.split()[0]]}>" if path.split()[0] in ids else path
    )
    try:
        assert "</game join:11>" in t("lobby.how", "fr", creator="Ana")
        assert "`/game" not in t("lobby.how", "fr", creator="Ana")
        away = t("away.ai", "en", until="Monday")
        assert "</game away:11> `days:0`" in away, away
    finally:
        use_command_mentions(None)
    assert "`/game join`" in t("lobby.how", "en", creator="Ana")


@pytest.mark.slow
async def test_a_french_lobby_names_its_commands_as_mentions(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w):
        d = w.double
        new = await d.slash(
            w.bob, w.channel, "game new", game="rattus", language="fr", thread=False
        )
        await (await new.wait_done()).wait_public()
        text = "\n".join(m.text for m in table(w).messages())
        assert "</game join:" in text and "`/game" not in text, text
