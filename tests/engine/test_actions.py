"""The text form of actions: parse_action(str(a)) == a for every action the engine offers."""

from __future__ import annotations

import pytest

from engine.core.errors import MalformedAction
from engine.rattus import GAME
from engine.rattus.actions import MovePlague, PlaceCubes, parse_action
from engine.rattus.data import Region
from tests.engine.builders import random_playout


def test_round_trip_over_a_game() -> None:
    seen = set()
    for state, seat, _ in random_playout(4, 3):
        for action in GAME.legal_actions(state, seat):
            assert parse_action(str(action)) == action
            seen.add(type(action).__name__)
    assert {"TakeCard", "PlaceCubes", "MovePlague", "PlaceOpening"} <= seen


def test_round_trip_over_africanus_games() -> None:
    seen = set()
    for players in (2, 5, 6):
        for state, seat, action in random_playout(players, 3, {"expansion": "africanus"}):
            for legal in GAME.legal_actions(state, seat):
                assert parse_action(str(legal)) == legal
                seen.add(type(legal).__name__)
            assert parse_action(str(action)) == action
    assert {"PlaceCaravan", "MoveCaravan", "PlaceDiplomat", "UseExplorer"} <= seen


def test_names_and_accents_are_accepted() -> None:
    assert parse_action("PLACE Gallia 3") == PlaceCubes(Region.GALLIA, 3)
    assert parse_action("plague  germania  +2") == MovePlague(Region.GERMANIA, True)
    assert parse_action("take King") == parse_action("take king")


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("", "malformed", "I could not understand that action: ."),
        ("dance gallia", "malformed", "I could not understand that action: dance gallia."),
        ("place atlantis 2", "unknown_region", "There is no region called atlantis."),
        ("take pope", "unknown_card", "There is no class card called pope."),
        ("place gallia two", "bad_number", "two is not a valid count."),
        ("merchant gallia hispania 4", "bad_number", "4 is not a valid count."),
        ("monk gallia 0 hispania", "bad_number", "0 is not a valid position."),
        ("plague gallia +3", "malformed", "I could not understand that action: plague gallia +3."),
        ("place gallia", "malformed", "I could not understand that action: place gallia."),
        (
            "protect gallia-9 king",
            "unknown_region_card",
            "There is no region card called gallia-9.",
        ),
        ("protect gallia-1", "malformed", "I could not understand that action: protect gallia-1."),
        (
            "standing maybe",
            "bad_standing",
            "maybe is not a standing order: use always, never or ask.",
        ),
        ("choose 0", "bad_number", "0 is not a valid position."),
        ("caravan", "malformed", "I could not understand that action: caravan."),
        (
            "merchant gallia italia 1 cube",
            "malformed",
            "I could not understand that action: merchant gallia italia 1 cube.",
        ),
        ("explore", "malformed", "I could not understand that action: explore."),
    ],
)
def test_malformed_text(text: str, code: str, message: str) -> None:
    with pytest.raises(MalformedAction) as err:
        parse_action(text)
    assert err.value.code == code
    assert err.value.message == message
