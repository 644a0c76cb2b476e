"""The Pied Piper's bot package without Discord: words for every event and action, options,
private lines, the ranking, the AI wrapper, and what may become a public button."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.adapter import OptionError, adapter_for
from bot.errors import error_text
from bot.games.piper import ADAPTER
from bot.i18n import LANGUAGES
from bot.ui import turn_view
from engine.core.contract import Decision
from engine.core.events import Event
from engine.piper import GAME, events
from engine.piper.errors import IllegalAction
from tests.engine.piper.builders import random_playout

OPTIONS: list[dict[str, str] | None] = [None, {"variant": "ptits_rats"}, {"variant": "hidden"}]
GAMES = [
    (players, seed, options) for players in (2, 3, 5) for seed in (1, 2) for options in OPTIONS
]


def engine_event_kinds() -> set[str]:
    """Every event kind the engine can emit."""
    return {
        cls.kind
        for cls in vars(events).values()
        if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
    }


def played() -> list[tuple[Any, int, Any, list[dict[str, Any]]]]:
    """(state, seat, action, events) of every step of many random games, set-up first."""
    out = []
    for players, seed, options in GAMES:
        s = GAME.new_game(players, seed, options)
        out.append((s, 0, None, [e.to_dict() for e in GAME.setup_events(s)]))
        for state, seat, action in random_playout(players, seed, options, policy_seed=seed):
            step = GAME.apply(state, seat, action)
            out.append((state, seat, action, [e.to_dict() for e in step.events]))
    return out


STEPS = played()


def test_the_adapter_is_found_by_its_game_name() -> None:
    assert adapter_for("piper") is ADAPTER
    assert ADAPTER.command == "piper" and "play" in ADAPTER.private_verbs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_kind_has_a_line_without_a_stray_brace(lang: str) -> None:
    kinds = set()
    for state, _, _, evs in STEPS:
        names = [f"Player {i}" for i in range(GAME.view(state, None)["players"])]
        for event in evs:
            line = ADAPTER.narrate(event, names, lang)
            assert line, event
            assert "{" not in line and "}" not in line, (event, line)
            assert "None" not in line, (event, line)
            kinds.add(event["type"])
    assert kinds == engine_event_kinds()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_legal_action_is_described_with_and_without_the_seat_view(lang: str) -> None:
    seen = set()
    for state, seat, _, _ in STEPS[::3]:
        if GAME.is_over(state):
            continue
        own = GAME.view(state, seat)
        for action in GAME.legal_actions(state, seat):
            text = str(action)
            for view in (None, own):
                label = ADAPTER.describe(text, lang, view)
                assert label and label != text and "{" not in label, (text, label)
                assert len(label) <= 100, label
            seen.add(text.split()[0] + (" hidden" if text.endswith("hidden") else ""))
    assert seen == {"play", "play hidden", "activate"}


def test_a_description_with_a_view_names_the_character_and_what_lies_under_it() -> None:
    s = GAME.new_game(3, 5)
    first = GAME.legal_actions(s, 0)[0]
    s = GAME.apply(s, 0, first).state
    seat = s.active
    view = GAME.view(s, seat)
    slot = first.slot
    figure = view["characters"][slot - 1]["figure"]
    card = next(str(a).split()[1] for a in GAME.legal_actions(s, seat) if a.slot == slot)
    en = ADAPTER.describe(f"play {card} {slot}", "en", view)
    fr = ADAPTER.describe(f"play {card} {slot}", "fr", view)
    name_en = ADAPTER.t(f"figure.{figure}", "en")
    assert f"the {name_en} (place {slot})" in en and ", with " in en
    assert f"le {ADAPTER.t(f'figure.{figure}', 'fr')} (place {slot})" in fr and ", avec " in fr
    # Without a view (public contexts, typed commands) no character is named.
    assert ADAPTER.describe(f"play {card} {slot}", "en") == (
        f"Put {ADAPTER.t(f'card.{card}', 'en')} under the character in place {slot}"
    )


def test_another_seats_face_down_card_is_never_named_in_a_description() -> None:
    s = GAME.new_game(3, 8, {"variant": "hidden"})
    hidden = next(a for a in GAME.legal_actions(s, 0) if a.hidden)
    s = GAME.apply(s, 0, hidden).state
    nxt = s.active
    legal = [a for a in GAME.legal_actions(s, nxt) if a.slot == hidden.slot]
    assert legal
    for lang in LANGUAGES:
        mine = ADAPTER.describe(str(legal[0]), lang, GAME.view(s, 0))
        theirs = ADAPTER.describe(str(legal[0]), lang, GAME.view(s, nxt))
        secret = ADAPTER.t(f"card.{hidden.card.value}", lang)
        assert ADAPTER.t("card.hidden", lang) in theirs
        assert ADAPTER.t("card.own_hidden", lang, card=secret) in mine


def test_play_is_never_a_public_button() -> None:
    for state, seat, _, _ in STEPS[::5]:
        if GAME.is_over(state):
            continue
        legal = [str(a) for a in GAME.legal_actions(state, seat)]
        view = turn_view(ADAPTER, 1, 7, {seat: legal}, "en")
        assert view is not None
        ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
        for custom_id in ids:
            payload = custom_id.split(":", 4)[4]
            mode = custom_id.split(":")[3]
            assert not (mode == "a" and payload.startswith("play")), custom_id
        # Placing opens one's own cards privately; the order of two activations is one
        # button that opens the two characters, named from the seat's view.
        assert ids == ["rt:1:7:k:" + legal[0].split()[0]]


def test_prompts_follow_the_phase_and_the_variant() -> None:
    s = GAME.new_game(3, 3, {"variant": "hidden"})
    decision = GAME.decision(s)
    text = ADAPTER.prompt(GAME.view(s, None), decision, 0, "en")
    assert text.startswith("place one action card") and "face down" in text
    s = GAME.apply(s, 0, GAME.legal_actions(s, 0)[0]).state
    decision = GAME.decision(s)
    assert ADAPTER.prompt(GAME.view(s, None), decision, s.active, "fr").startswith(
        "posez 2 cartes Action"
    )
    order = next(state for state, _, _, _ in STEPS if state.phase.value == "order")
    view = GAME.view(order, None)
    text = ADAPTER.prompt(view, GAME.decision(order), order.active, "en")
    for slot in view["this_turn"]["pending"]:
        figure = ADAPTER.t(f"figure.{view['characters'][slot - 1]['figure']}", "en")
        assert f"the {figure} (place {slot})" in text
    over = Decision(frozenset(), "turn", "over")
    assert ADAPTER.prompt(view, over, 0, "fr") == "la partie est finie."


def test_lobby_options_and_rules_of_each_variant() -> None:
    assert ADAPTER.options(None, None) == {}
    assert ADAPTER.options("hidden", None) == {"variant": "hidden"}
    assert ADAPTER.options("ptits_rats", None) == {"variant": "ptits_rats"}
    assert ADAPTER.options("p'tits-rats", None) == {"variant": "ptits_rats"}
    for bad, setup in (("cartus", None), (None, "yellow first")):
        with pytest.raises(OptionError):
            ADAPTER.options(bad, setup)
    for value, label in ADAPTER.variants("en"):
        assert ADAPTER.options(label, None) == {"variant": value}
        GAME.new_game(4, 1, ADAPTER.options(value, None))  # the engine takes it
    assert [v for v, _ in ADAPTER.variants("fr")] == ["ptits_rats", "hidden"]
    assert ADAPTER.option_lines({}, "en") == []
    assert "p'tits rats" in ADAPTER.option_lines({"variant": "ptits_rats"}, "fr")[0]
    plain = ADAPTER.rules({}, "en")
    assert "Pied Piper" in plain and "face down" not in plain and len(plain) < 2000
    assert "face down" in ADAPTER.rules({"variant": "hidden"}, "en")
    assert "Mélodie" in ADAPTER.rules({"variant": "ptits_rats"}, "fr")
    assert len(ADAPTER.rules({"variant": "hidden"}, "fr")) < 2000


def test_private_lines_show_the_hand_the_face_down_card_and_the_counter() -> None:
    s = GAME.new_game(3, 4, {"variant": "hidden"})
    hidden = next(a for a in GAME.legal_actions(s, 0) if a.hidden)
    before = GAME.view(s, 0)
    s = GAME.apply(s, 0, hidden).state
    mine, public, other = GAME.view(s, 0), GAME.view(s, None), GAME.view(s, 1)
    lines = ADAPTER.private_lines(mine, 0, ["A", "B", "C"], "en")
    hand = ", ".join(ADAPTER.t(f"card.{c}", "en") for c in mine["hand"])
    assert lines[0].startswith("🃏 Your hand") and hand in lines[0]
    assert any(line.startswith("🂠 Your face-down card") for line in lines)
    assert lines[-1].startswith("🏠 Your counter: level 0 of 7")
    assert not any("🂠 Your face-down" in x for x in ADAPTER.private_lines(other, 1, "ABC", "en"))
    # What only the seat knows changed (its hand, its face-down card): it is told.
    assert ADAPTER.secret(before) != ADAPTER.secret(mine)
    assert ADAPTER.secret(public) == {"hand": [], "hidden": []}
    assert ADAPTER.secret(other)["hidden"] == []
    assert ADAPTER.private_image([], True) and not ADAPTER.private_image([], False)
    assert ADAPTER.private_image([{"type": "cards_drawn"}], False)


def test_a_face_down_play_is_the_only_private_choice_of_a_record() -> None:
    assert ADAPTER.record_private("play melody 2 hidden")
    assert not ADAPTER.record_private("play melody 2")
    assert not ADAPTER.record_private("activate 3")
    assert ADAPTER.is_private("play melody 2") and not ADAPTER.is_private("activate 3")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ranking_says_levels_counters_and_who_fled(lang: str) -> None:
    finals = [state for state, _, _, evs in STEPS if any(e["type"] == "game_ended" for e in evs)]
    assert len(finals) == len(GAMES)
    for state, _, action, evs in STEPS:
        if not any(e["type"] == "game_ended" for e in evs):
            continue
        result = GAME.result(GAME.apply(state, state.active, action).state)
        names = [f"P{i}" for i in range(state.players)]
        lines = ADAPTER.ranking_lines(result, names, lang)
        assert len(lines) == 1 + state.players and "{" not in "".join(lines)
        assert lines[1].startswith("🥇")
        fled = [r for r in result["ranking"] if r["breakdown"]["eliminated"] is not None]
        word = "fled" if lang == "en" else "en fuite"
        assert sum(word in line for line in lines[1:]) == len(fled)


def test_errors_name_cards_characters_and_phases_in_both_languages() -> None:
    card = IllegalAction("card_not_in_hand", card="forward2")
    assert error_text(card, "en") == "You have no Forward 2 card in your hand."
    assert error_text(card, "fr") == "Vous n'avez pas de carte Avance 2 en main."
    full = IllegalAction("character_full", character="piper", slot=2)
    assert error_text(full, "en") == "The Pied Piper in place 2 already has two action cards."
    assert error_text(full, "fr") == "Le Joueur de flûte en place 2 a déjà deux cartes Action."
    phase = IllegalAction("wrong_phase", phase="order")
    assert "choose which character activates first" in (error_text(phase, "en") or "")
    assert "choisissez quel personnage" in (error_text(phase, "fr") or "")


def test_the_ai_plays_legal_actions_and_falls_back_when_it_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = GAME.new_game(4, 6, {"variant": "hidden"})
    legal = GAME.legal_actions(s, 0)
    assert ADAPTER.decide(GAME.view(s, 0), legal, random.Random(1)) in legal
    assert ADAPTER.skip(GAME.view(s, 0), legal, random.Random(1)) in legal

    import bot.games.piper.ai as ai

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a view the AI does not know")

    monkeypatch.setattr(ai, "decide", broken)
    # The bot asks the AI through bot.ai, which falls back to a legal action.
    from bot.ai import choose_action

    assert choose_action(GAME, GAME.view(s, 0), legal, random.Random(2)) in legal


def test_game_ended_lines_cover_the_roof_the_lower_counter_the_tie_break_and_a_draw() -> None:
    names = ["A", "B", "C"]
    base = {"type": "game_ended", "ranking": [0, 1, 2], "winner": 0, "draw": False}
    roof = ADAPTER.narrate({**base, "reason": "roof", "levels": [3, 7]}, names, "en")
    lower = ADAPTER.narrate({**base, "reason": "two_left", "levels": [2, 5, 7]}, names, "fr")
    tie = ADAPTER.narrate({**base, "reason": "two_left", "levels": [4, 4, 7]}, names, "en")
    draw = ADAPTER.narrate(
        {**base, "reason": "two_left", "levels": [4, 4, 7], "winner": None, "draw": True},
        names,
        "fr",
    )
    assert roof and "reached the roof" in roof
    assert lower and "(2 contre 5" in lower
    assert tie and "more counters collected" in tie
    assert draw and "égalité" in draw


def test_french_elision_and_plurals() -> None:
    move = {
        "type": "figures_moved",
        "seat": 0,
        "slot": 1,
        "figure": "red",
        "figures": ["red"],
        "card": "forward1",
        "plus": False,
        "melody": False,
        "direction": "forward",
        "sewer": False,
        "houses": 1,
        "start": [0, 1],
        "end": [1, 2],
        "crossings": [
            {"house": 1, "owner": 1, "change": 1, "level": 3, "under": False, "roof": False}
        ],
        "interrupted": False,
    }
    one = ADAPTER.narrate(move, ["A", "B"], "fr")
    assert one == "🐀 Le rat rouge avance d'une maison (Avance 1) : 🟦 B 2 → 3."
    two = ADAPTER.narrate({**move, "houses": 2, "direction": "back"}, ["A", "B"], "fr")
    assert two and "recule de 2 maisons" in two
    group = ADAPTER.narrate(
        {**move, "figures": ["piper", "red"], "melody": True, "card": "forward2"}, "AB", "en"
    )
    assert group and group.startswith("🎶 With the Melody, the Pied Piper and the red rat move")
    gone = {
        "type": "player_eliminated",
        "seat": 1,
        "house": 1,
        "by": 0,
        "counters": [1],
        "merged": [0, 2],
        "players_left": 3,
    }
    line = ADAPTER.narrate(gone, ["A", "B", "C", "D"], "fr")
    assert line and "s'enfuit d'Hamelin" in line and "Il reste 3 joueurs" in line
