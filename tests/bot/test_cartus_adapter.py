"""The Rattus Cartus adapter: every event and action in words in both languages, nothing hidden
in a public line or button, the lobby options, the private lines and the windows' DMs."""

from __future__ import annotations

import dataclasses
import inspect
import random
import re

import pytest

from bot.adapter import OptionError, adapters
from bot.games.cartus.adapter import ADAPTER
from bot.games.cartus.narration import NARRATORS, narrate
from bot.games.cartus.offers import VERBS
from bot.games.cartus.words import card_name, card_phrase
from bot.i18n import LANGUAGES
from bot.ui import turn_view
from engine.cartus import GAME, events
from engine.cartus.data import card_ids
from engine.core.events import Event
from tests.engine.cartus.builders import play, position, random_playout

NAMES = ["Ana", "Ben", "Cyd", "Dan", "Eve"]
# Placeholders left unfilled, and Fluent's own marks of a missing variable or message.
BROKEN = re.compile(r"[{}]|\$\w|Unknown")
GAMES = [(2, 1, {}), (3, 2, {"supply": "simultaneous", "buildings": "random"})]
GAMES += [(4, 3, {"buildings": "random"}), (5, 4, {"supply": "simultaneous"})]


def engine_event_kinds() -> set[str]:
    return {
        cls.kind
        for _, cls in inspect.getmembers(events, inspect.isclass)
        if issubclass(cls, Event) and cls is not Event and dataclasses.is_dataclass(cls)
    }


def test_every_engine_event_kind_has_a_narrator() -> None:
    assert engine_event_kinds() == set(NARRATORS)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_and_action_of_random_games_has_words(lang: str) -> None:
    kinds: set[str] = set()
    phases: set[str] = set()
    for players, seed, options in GAMES:
        names = NAMES[:players]
        first = GAME.new_game(players, seed, options)
        for event in GAME.setup_events(first):
            kinds.add(event.kind)
            line = narrate(event.to_dict(), names, lang)
            assert line and not BROKEN.search(line), line
        for state, seat, action in random_playout(players, seed, options, policy_seed=seed):
            view = GAME.view(state, seat)
            decision = GAME.decision(state)
            phases.add(decision.phase)
            ask = ADAPTER.prompt(GAME.view(state, None), decision, seat, lang)
            assert ask and not BROKEN.search(ask), (decision, ask)
            for legal in GAME.legal_actions(state, seat):
                for label in (
                    ADAPTER.describe(str(legal), lang, view),
                    ADAPTER.describe(str(legal), lang),
                ):
                    assert label and not BROKEN.search(label) and label != str(legal), label
            if decision.window:
                for line in ADAPTER.window_lines(view, seat, 7, 60, lang):
                    assert "7" in line and "60" in line and not BROKEN.search(line), line
            for event in GAME.apply(state, seat, action).events:
                data = event.to_dict()
                kinds.add(data["type"])
                line = narrate(data, names, lang)
                if data["type"] == "rats_changed" and (
                    data["delta"] == 0 or data["reason"].startswith("flute_")
                ):
                    # The Flute's own line says who gets the rat; "no rat to give" would tell
                    # a rat total.
                    assert line is None
                    continue
                assert line and not BROKEN.search(line), data
    assert engine_event_kinds() - kinds <= {"guard_tower_demanded", "card_discarded"}
    assert {"supply", "visit", "place", "gain", "sword_give"} <= phases


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rarer_events_have_words(lang: str) -> None:
    """The Guard Tower and the Hospital, played out from a position."""
    s = position(
        3,
        row=["guard_tower-1", "hospital-1"],
        buildings=["farm", "office", "hospital", "guard_tower", "piper_hut", "treasury"],
        hands={
            0: ["knight1", "knight2"],
            1: ["monk2", "peasant0", "gold", "merchant1", "merchant2"],
            2: ["king1", "king2", "witch0"],
        },
        phase="visit",
    )
    s, evs = play(
        s,
        (0, "enter 1"), (0, "play knight1"), (0, "done"),
        (1, "enter 2"), (1, "play monk2"), (1, "done"),
        (2, "enter 2"), (2, "done"),
        (0, "take"),
    )  # fmt: skip
    kinds = [e.kind for e in evs]
    assert "guard_tower_demanded" in kinds
    s, more = play(
        s,
        (1, "give gold"), (1, "give merchant1"), (1, "give merchant2"),
        (2, "give king1"), (2, "give king2"), (2, "give witch0"),
        (1, "discard peasant0"),
    )  # fmt: skip
    kinds += [e.kind for e in more]
    assert "card_discarded" in kinds
    for event in [*evs, *more]:
        line = narrate(event.to_dict(), NAMES[:3], lang)
        assert line and not BROKEN.search(line), event


def test_french_lines_use_the_articles_of_each_building() -> None:
    e = {"type": "supply_taken", "seat": 0, "building": 0, "building_id": "hospital-2",
         "drawn": 2, "rats_delta": 0, "look": 1}  # fmt: skip
    assert "l'action de soutien de l'Hôpital" in (narrate(e, NAMES, "fr") or "")
    e["building_id"] = "castle-1"
    assert "du Château" in (narrate(e, NAMES, "fr") or "")
    assert "of the Castle" in (narrate(e, NAMES, "en") or "")
    e = {"type": "cards_placed", "seat": 1, "building": 0, "building_id": "office-3", "count": 1}
    assert narrate(e, NAMES, "fr") == "🂠 🟦 Ben pose 1 carte face cachée dans l'Administration."
    e["count"] = 0
    assert narrate(e, NAMES, "en") == "🂠 🟦 Ben places no card face down in the Office."
    assert (
        narrate(e, NAMES, "fr")
        == "🂠 🟦 Ben ne pose aucune carte face cachée dans l'Administration."
    )


def test_plurals_follow_each_language() -> None:
    assert card_name("monk1", "en") == "Monk (1 nun)"
    assert card_name("monk0", "en") == "Monk (0 nuns)"
    assert card_name("monk0", "fr") == "Moine (0 nonne)"  # French counts 0 as singular
    assert card_name("witch3", "fr") == "Sorcière (3 nonnes)"
    assert ADAPTER.describe("play monk3", "en") == "Place a Monk with 3 nuns face down"
    assert ADAPTER.describe("give sword", "fr") == "Donner une Épée"
    e = {"type": "rats_changed", "seat": 0, "delta": 1, "reason": "off_class", "building": 0}
    assert narrate(e, NAMES, "en") == "🐀 🟧 Ana takes 1 rat (1 card of another class)."
    e["delta"] = 3
    assert narrate(e, NAMES, "fr") == "🐀 🟧 Ana prend 3 rats (3 cartes d'une autre classe)."


def test_public_events_never_carry_a_hidden_card_or_a_rat_total() -> None:
    """Public lines name only cards that were revealed; a rat total appears only at the end."""
    named = {card_name(c, "en") for c in card_ids()} | {card_phrase(c, "en") for c in card_ids()}
    named -= {"Joker", "Sword", "Flute", "Pass", "Gold"}  # pile and reason words, not a card
    for players, seed, options in GAMES:
        names = NAMES[:players]
        for state, seat, action in random_playout(players, seed, options, policy_seed=seed):
            for event in GAME.apply(state, seat, action).events:
                data = event.to_dict()
                if "visible_to" in data or data["type"] in (
                    "cards_revealed",  # the cards turned face up
                    "card_discarded",  # shown as it goes to its pile
                    "pass_played",  # a Pass is played face up
                    "action_taken",  # a pile's kind (2 Jokers): no hidden card
                    "special_compared",
                    "target_chosen",
                    "player_score",  # the end: everything is revealed
                    "game_ended",
                ):
                    continue
                line = narrate(data, names, "en") or ""
                assert not [n for n in named if n in line], line
                assert "rats:" not in line.casefold(), line


def _place_state(hand: list[str]):
    s = position(2, row=["farm-1", "castle-1"], hands={0: hand}, phase="visit")
    s, _ = play(s, (0, "enter 1"))
    return s


def _buttons(state) -> list[tuple[str, str]]:
    legal = {
        seat: [str(a) for a in GAME.legal_actions(state, seat)] for seat in GAME.to_move(state)
    }
    view = turn_view(ADAPTER, 1, 5, legal, "en")
    assert view is not None
    return [(item.item.custom_id or "", item.item.label or "") for item in view.children]  # type: ignore[attr-defined]


def test_no_button_tells_what_a_hand_holds() -> None:
    """The same buttons whatever the hand: a Pass hides under entering, every card under the
    hand's picker (even a hand of Gold only, which cannot be placed)."""
    visits = []
    for hand in (["pass", "monk1"], ["monk1"], ["gold"]):
        s = position(2, row=["farm-1", "castle-1"], hands={0: hand}, phase="visit")
        visits.append(_buttons(s))
    assert visits[0] == visits[1] == visits[2]
    assert all(":k:" in custom_id for custom_id, _ in visits[0])
    places = [_buttons(_place_state(hand)) for hand in (["monk1", "sword"], ["gold"], [])]
    assert places[0] == places[1] == places[2] == [("rt:1:5:k:cards", "Choose your cards…")]
    # The picker behind "Your cards…" holds every hand action and Done.
    s = _place_state(["monk1", "sword"])
    s, _ = play(s, (0, "play sword"))
    group = [str(a) for a in GAME.legal_actions(s, 0) if ADAPTER.verb(str(a)) == "cards"]
    assert group == ["play monk1", "withdraw sword", "done"]
    assert all(ADAPTER.is_private(x) and ADAPTER.record_private(x) for x in group)
    assert not ADAPTER.is_private("enter 1") and ADAPTER.is_private("pass")
    assert ADAPTER.record_private("supply 2 look 3") and ADAPTER.record_private("give monk1")
    assert {"supply", "cards", "give"} <= ADAPTER.private_verbs
    assert set(VERBS) >= {ADAPTER.verb(str(a)) for a in GAME.legal_actions(s, 0)}


def test_lobby_options_from_variants_and_the_set_up_text() -> None:
    assert ADAPTER.options(None, None) == {}
    assert ADAPTER.options("simultaneous", None) == {"supply": "simultaneous"}
    assert ADAPTER.options("simultaneous,fewest_rats", "random") == {
        "supply": "simultaneous",
        "everyone_dead": "fewest_rats",
        "buildings": "random",
    }
    for value, _ in ADAPTER.variants("fr"):
        GAME.new_game(3, 1, ADAPTER.options(value, None))
    chosen = ADAPTER.options(
        None, "Ferme, Administration, hopital, Tour de garde, Fortune-teller's tent, Trésor"
    )
    assert chosen["buildings"] == [
        "farm", "office", "hospital", "guard_tower", "fortune_teller", "treasury",
    ]  # fmt: skip
    view = GAME.view(GAME.new_game(2, 1, chosen), None)
    assert set(view["buildings_in_play"]) == set(chosen["buildings"])
    with pytest.raises(OptionError) as err:
        ADAPTER.options(None, "Farm, Brewery, Monastery, Castle, Palace, Piper's hut")
    assert err.value.code == "setup_classes"
    with pytest.raises(OptionError) as err:
        ADAPTER.options(None, "Farm, Windmill")
    assert err.value.code == "setup_unknown" and "Windmill" in err.value.params["names"]
    with pytest.raises(OptionError):
        ADAPTER.options("africanus", None)
    lines = ADAPTER.option_lines(chosen, "fr")
    assert "Hôpital" in lines[0] and "sens horaire" in lines[1]
    assert "simultané" in ADAPTER.rules({"supply": "simultaneous"}, "fr")


def test_private_lines_and_what_changed() -> None:
    s = position(3, row=["fortune_teller-2", "castle-1"], hands={0: ["monk3", "monk3", "joker"]})
    s, _ = play(s, (0, "supply 1 look 2"))
    view = GAME.view(s, 0)
    lines = ADAPTER.private_lines(view, 0, NAMES, "en")
    assert lines[0].startswith("🃏 Your hand (5 cards): ") and "2 × Monk (3 nuns)" in lines[0]
    assert lines[0].endswith(", Joker.")
    assert "🐀 Your rats: 10." in lines
    assert any(line.startswith("👁️ Nun cards you looked at: 2: 1 nun (Merchant)") for line in lines)
    before = GAME.view(position(3, row=["fortune_teller-2", "castle-1"], hands={0: ["monk3"]}), 0)
    update = ADAPTER.private_update(["x"], before, view, 0, NAMES, "en")
    assert update[0] == "x" and any(u.startswith("🃏 Your hand") for u in update)
    assert not any(u.startswith("🐀") for u in update)  # the rats did not change
    assert ADAPTER.private_update(["x"], view, view, 0, NAMES, "en") == ["x"]
    assert ADAPTER.secret(GAME.view(s, None)) is None


def test_window_dms_say_what_is_owed_and_the_default() -> None:
    s = position(
        3,
        row=["castle-1", "farm-1"],
        hands={0: ["sword", "knight1"], 1: ["monk1", "monk2", "peasant0", "gold"], 2: []},
        phase="visit",
    )
    s, _ = play(
        s,
        (0, "enter 1"), (0, "play sword"), (0, "done"),
        (1, "enter 1"), (1, "done"),
        (2, "enter 2"), (2, "done"),
    )  # fmt: skip
    assert GAME.decision(s).phase == "sword_give" and GAME.decision(s).window
    view = GAME.view(s, 1)
    (line,) = ADAPTER.window_lines(view, 1, 12, 30, "en")
    assert "Sword! Give 2 cards of your hand to 🟧 seat 1" in line and "30 minutes" in line
    (ligne,) = ADAPTER.window_lines(view, 1, 12, 30, "fr")
    assert "Donnez 2 cartes de votre main à 🟧 place 1" in ligne
    public = ADAPTER.prompt(GAME.view(s, None), GAME.decision(s), 1, "en")
    assert "give 2 cards of your choice to 🟧 (Sword)" in public and "Monk" not in public


def test_commands_share_the_french_words_of_other_games() -> None:
    """Command texts the games share translate alike (the translator reads every catalogue)."""
    own = {i for i in ADAPTER.catalog.own_ids("fr") if i.startswith("cmd-")}
    assert own
    for name, other in adapters().items():
        if name == "cartus":
            continue
        for ident in own & other.catalog.own_ids("fr"):
            assert ADAPTER.catalog.text(ident, "fr", {}) == other.catalog.text(ident, "fr", {})


def test_the_ai_plays_and_skip_ends_what_can_be_ended() -> None:
    rnd = random.Random(3)
    s = _place_state(["monk1", "sword"])
    legal = GAME.legal_actions(s, 0)
    assert ADAPTER.decide(GAME.view(s, 0), legal, rnd) in legal
    assert str(ADAPTER.skip(GAME.view(s, 0), legal, rnd)) == "done"
