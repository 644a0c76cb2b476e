"""Actions, options and errors of the Pied Piper: text forms, legal actions, rejections."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import GameFinished, IllegalAction, MalformedAction, NotYourTurn
from engine.piper import GAME
from engine.piper import errors as piper_errors
from engine.piper.actions import Action, ChooseFirst, PlayCard, parse_action
from engine.piper.components import Card
from engine.piper.errors import MESSAGES
from tests.engine.piper.builders import finished, play, position

GAPS4 = {0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]}


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play forward2 3", PlayCard(Card.FORWARD2, 3)),
        ("play plus1 2 hidden", PlayCard(Card.PLUS1, 2, True)),
        ("play melody 4", PlayCard(Card.MELODY, 4)),
        ("activate 4", ChooseFirst(4)),
    ],
)
def test_text_round_trip(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert str(action) == text


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("PLAY F1 1", "play forward1 1"),
        ("play +1 2", "play plus1 2"),
        ("play Égout 3", "play sewer 3"),
        ("play mélodie 4 HIDDEN", "play melody 4 hidden"),
        ("play b1 1", "play back1 1"),
    ],
)
def test_aliases_parse_to_the_canonical_form(alias: str, canonical: str) -> None:
    assert str(parse_action(alias)) == canonical


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "malformed"),
        ("play", "malformed"),
        ("play forward1", "malformed"),
        ("play forward1 0", "bad_slot"),
        ("play forward1 5", "bad_slot"),
        ("play forward1 x", "bad_slot"),
        ("play jump 1", "unknown_action_card"),
        ("play forward1 1 secret", "malformed"),
        ("activate", "malformed"),
        ("activate 9", "bad_slot"),
        ("pass", "malformed"),
    ],
)
def test_malformed_texts(text: str, code: str) -> None:
    with pytest.raises(MalformedAction) as err:
        parse_action(text)
    assert err.value.code == code and err.value.game in ("piper", "")
    assert err.value.message and "{" not in err.value.message


def test_every_error_code_has_a_sentence_and_names_its_values() -> None:
    codes = MESSAGES.codes()
    for code in ("card_not_in_hand", "character_full", "same_character", "one_hidden"):
        assert code in codes
    err = piper_errors.IllegalAction("card_not_in_hand", card="forward2")
    assert err.message == "You have no Forward 2 card in your hand."
    err = piper_errors.IllegalAction("character_full", character="yellow", slot=2)
    assert "yellow rat in place 2" in err.message
    err = piper_errors.IllegalAction("wrong_phase", phase="order")
    assert err.message.endswith("choose which character is activated first.")


def test_legal_actions_are_sorted_deduplicated_and_empty_off_turn() -> None:
    s = position(
        4,
        gaps=GAPS4,
        under={1: [("forward1", 2)], 2: [("back1", 3)]},
        hands={0: ["forward1", "forward1", "sewer", "melody"]},
    )
    legal = GAME.legal_actions(s, 0)
    assert [str(a) for a in legal][:4] == [
        "play forward1 1",
        "play forward1 2",
        "play forward1 3",
        "play forward1 4",
    ]
    assert len(legal) == 3 * 4  # three card types (a multiset), four places, face up only
    assert legal == sorted(legal, key=lambda a: a.sort_key())
    for seat in (1, 2, 3):
        assert GAME.legal_actions(s, seat) == []
    s, _ = play(s, (0, "play forward1 2"))
    assert all(a.slot != 2 for a in GAME.legal_actions(s, 0) if isinstance(a, PlayCard))


def test_rejections_change_nothing() -> None:
    s = position(
        4,
        gaps=GAPS4,
        under={1: [("forward1", 2), ("back1", 3)]},
        hands={0: ["forward1", "forward1", "sewer", "melody"]},
    )
    before = json.dumps(GAME.dump(s), sort_keys=True)
    cases = [
        (1, "play forward1 2", NotYourTurn, "not_your_turn"),
        (0, "play back1 2", IllegalAction, "card_not_in_hand"),
        (0, "play forward1 1", IllegalAction, "character_full"),
        (0, "activate 1", IllegalAction, "wrong_phase"),
        (0, "play sewer 2 hidden", IllegalAction, "hidden_not_allowed"),
    ]
    for seat, text, kind, code in cases:
        with pytest.raises(kind) as err:
            GAME.apply(s, seat, parse_action(text))
        assert err.value.code == code
        assert json.dumps(GAME.dump(s), sort_keys=True) == before
    with pytest.raises(MalformedAction):
        GAME.apply(s, 0, PlayCard("forward1", 2))  # type: ignore[arg-type]
    with pytest.raises(MalformedAction):
        GAME.apply(s, 0, PlayCard(Card.FORWARD1, 7))
    # An action of no kind the rules know (the base class, another object) is malformed.
    for other in (Action(), "play forward1 2", None):
        with pytest.raises(MalformedAction) as err:
            GAME.apply(s, 0, other)  # type: ignore[arg-type]
        assert err.value.code == "malformed"
    assert json.dumps(GAME.dump(s), sort_keys=True) == before
    with pytest.raises(NotYourTurn):
        GAME.default_action(s, 0)


def test_an_order_that_is_not_pending_is_refused() -> None:
    s = position(
        4,
        gaps={0: ["piper", "yellow"], 1: ["red"], 2: ["blue"], 3: ["green", "purple"]},
        display=("piper", "yellow", "blue", "green"),
        under={1: [("forward1", 2)], 2: [("forward1", 3)]},
        hands={0: ["forward1", "forward1", "sewer", "sewer"]},
    )
    s, _ = play(s, (0, "play forward1 1"), (0, "play forward1 2"))
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "activate 3"))
    assert err.value.code == "not_activating"
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "play sewer 3"))
    assert err.value.code == "wrong_phase"


def test_a_finished_game_refuses_everything() -> None:
    s = finished(3, 5)
    with pytest.raises(GameFinished):
        GAME.apply(s, s.active, parse_action("play forward1 1"))
    assert GAME.decision(s).seats == frozenset() and GAME.decision(s).phase == "over"


@pytest.mark.parametrize(
    ("options", "kind", "code"),
    [
        ({"colour": "red"}, MalformedAction, "bad_option"),
        ({"variant": "africanus"}, MalformedAction, "bad_variant"),
        ({"variant": ["ptits_rats", "hidden"]}, IllegalAction, "variants_combined"),
    ],
)
def test_bad_options(options: dict[str, object], kind: type[Exception], code: str) -> None:
    with pytest.raises(kind) as err:
        GAME.new_game(3, 1, options)
    assert err.value.code == code  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [0, 1, 6, 9])
def test_bad_player_counts(players: int) -> None:
    with pytest.raises(MalformedAction) as err:
        GAME.new_game(players, 1)
    assert err.value.code == "bad_players"
    assert GAME.players() == range(2, 6)


def test_variant_spellings() -> None:
    for spelling in ("ptits_rats", "p'tits-rats", "PTITS_RATS", ["ptits_rats", "ptits_rats"]):
        s = GAME.new_game(2, 1, {"variant": spelling})
        assert s.variant.value == "ptits_rats"
    assert GAME.new_game(2, 1, {"variant": ""}).variant.value == ""
    assert GAME.new_game(2, 1, {"variant": None}).variant.value == ""
    assert [dict(v) for v in GAME.variants()] == [
        {},
        {"variant": "ptits_rats"},
        {"variant": "hidden"},
    ]
