"""Every RulesError code: a real situation that raises it, and the sentence a player reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from engine.core.errors import (
    GameFinished,
    MalformedAction,
    NotYourTurn,
    RulesError,
    error_templates,
)
from engine.rattus import GAME
from engine.rattus.actions import PlaceCubes, PlaceRats
from engine.rattus.data import Region
from engine.rattus.state import Ending, Phase, State
from tests.engine.builders import play, position


def base() -> State:
    return position(
        2,
        tokens={"gallia": ["R01", "R02", "R03"], "italia": ["R04"]},
        cubes={"gallia": [2, 0], "anglia": [1, 0]},
        holders={"king": 0, "monk": 0, "merchant": 0, "witch": 0, "knight": 1},
        plague="hispania",
    )


def attempt(state: State, seat: int, text: str) -> RulesError:
    with pytest.raises(RulesError) as err:
        play(state, (seat, text))
    return err.value


def witch_two_looks() -> State:
    s, _ = play(base(), (0, "peek gallia 1"), (0, "peek gallia 2"))
    return s


def spread_state() -> State:
    s = position(2, tokens={"hispania": ["R09"]}, plague="gallia")
    s, _ = play(s, (0, "plague hispania"))
    return s


CASES: dict[str, tuple[Callable[[], RulesError], str]] = {
    "malformed": (
        lambda: attempt(base(), 0, "fly"),
        "I could not understand that action: fly.",
    ),
    "not_your_turn": (lambda: attempt(base(), 1, "take peasant"), "It is not your turn."),
    "game_finished": (
        lambda: attempt(replace(base(), phase=Phase.OVER), 0, "take peasant"),
        "This game is over.",
    ),
    "unknown_region": (
        lambda: attempt(base(), 0, "king mordor"),
        "There is no region called mordor.",
    ),
    "unknown_card": (
        lambda: attempt(base(), 0, "take jester"),
        "There is no class card called jester.",
    ),
    "bad_number": (lambda: attempt(base(), 0, "place gallia x"), "x is not a valid count."),
    "bad_option": (
        lambda: _raises(lambda: GAME.new_game(2, 1, {"speed": 2})),
        "Unknown game option speed.",
    ),
    "bad_players": (
        lambda: _raises(lambda: GAME.new_game(1, 1)),
        "This game takes 2 to 4 players, not 1.",
    ),
    "region_not_in_play": (
        lambda: attempt(base(), 0, "place russia 1"),
        "Russia is not in play in this game.",
    ),
    "card_not_in_play": (
        lambda: attempt(base(), 0, "take sultan"),
        "The Sultan is not in play in this game.",
    ),
    "wrong_phase": (
        lambda: attempt(spread_state(), 0, "take king"),
        "You cannot do that now: place the new rat tokens first.",
    ),
    "opening_one_region": (
        lambda: attempt(GAME.new_game(2, 1), 0, "open gallia italia"),
        "Place both opening cubes in the same region.",
    ),
    "already_took_card": (
        lambda: attempt(play(base(), (0, "take peasant"))[0], 0, "take knight"),
        "You have already taken a class card this turn.",
    ),
    "already_hold_card": (lambda: attempt(base(), 0, "take king"), "You already hold the King."),
    "already_placed": (
        lambda: attempt(play(base(), (0, "place italia 1"))[0], 0, "place italia 1"),
        "You have already placed cubes this turn.",
    ),
    "no_rats_to_place": (
        lambda: attempt(base(), 0, "place polonia 1"),
        "Polonia has no rat tokens, so you cannot place cubes there (only the Peasant can).",
    ),
    "wrong_cube_count": (
        lambda: attempt(base(), 0, "place gallia 2"),
        "In Gallia you may place 3 cube(s), not 2.",
    ),
    "no_cubes_left": (
        lambda: attempt(replace(base(), reserve=(0, 20)), 0, "place gallia 3"),
        "You have no cubes left in your supply.",
    ),
    "no_card": (lambda: _no_card(), "You do not hold the Peasant."),
    "ability_used": (
        lambda: attempt(play(base(), (0, "king anglia"))[0], 0, "king anglia"),
        "You have already used the King this turn.",
    ),
    "region_has_rats": (
        lambda: attempt(base(), 0, "king gallia"),
        "The King only takes a cube from a region without rat tokens, and Gallia has some.",
    ),
    "no_cube_there": (lambda: attempt(base(), 0, "king scandia"), "You have no cube in Scandia."),
    "not_enough_cubes": (
        lambda: attempt(base(), 0, "merchant gallia hispania 3"),
        "You have only 2 cube(s) in Gallia.",
    ),
    "merchant_count": (
        lambda: _raises(lambda: GAME.apply(base(), 0, _merchant_zero())),
        "The Merchant moves 1 to 3 cubes, not 0.",
    ),
    "not_neighbour": (
        lambda: attempt(base(), 0, "monk gallia 1 polonia"),
        "Polonia is not a neighbour of Gallia.",
    ),
    "region_full": (
        lambda: attempt(base(), 0, "monk italia 1 gallia"),
        "Gallia already holds 3 rat tokens.",
    ),
    "no_such_token": (
        lambda: attempt(base(), 0, "peek italia 2"),
        "Italia has no rat token number 2.",
    ),
    "same_token": (
        lambda: attempt(play(base(), (0, "peek gallia 1"))[0], 0, "peek gallia 1"),
        "Look at a different rat token the second time.",
    ),
    "witch_decide": (
        lambda: attempt(witch_two_looks(), 0, "peek italia 1"),
        "You have looked at two rat tokens: swap them or keep them where they are.",
    ),
    "swap_needs_two": (
        lambda: attempt(witch_two_looks(), 0, "swap"),
        "You can only swap two rat tokens you looked at in different regions.",
    ),
    "plague_must_move": (
        lambda: attempt(base(), 0, "plague hispania"),
        "The plague piece must leave Hispania.",
    ),
    "plague_too_far": (
        lambda: attempt(base(), 0, "plague germania"),
        "The plague piece cannot reach Germania from Hispania in 1 step(s).",
    ),
    "knight_needed": (
        lambda: attempt(base(), 0, "plague gallia +2"),
        "Only the Knight makes the plague piece count as two cubes.",
    ),
    "final_knight_counts": (
        lambda: attempt(_final_knight(), 1, "plague italia"),
        "In the final round the plague piece moved by the Knight counts as two cubes: add +2.",
    ),
    "spread_count": (
        lambda: attempt(spread_state(), 0, "rats gallia italia"),
        "Place exactly 1 rat token(s).",
    ),
}


def _raises(fn: Callable[[], object]) -> RulesError:
    with pytest.raises(RulesError) as err:
        fn()
    return err.value


def _no_card() -> RulesError:
    s = position(2, holders={}, plague="hispania")
    s = replace(s, phase=Phase.FINAL, ending=Ending("rat_supply_empty", 1, (0,)))
    return attempt(s, 0, "place gallia 1")


def _merchant_zero() -> object:
    from engine.rattus.actions import MerchantMove

    return MerchantMove(Region.GALLIA, Region.HISPANIA, 0)


def _final_knight() -> State:
    s = position(2, holders={"knight": 1}, plague="hispania", active=1)
    return replace(s, phase=Phase.FINAL, ending=Ending("rat_supply_empty", 0, (1,)))


@pytest.mark.parametrize("code", sorted(CASES))
def test_error_code_and_message(code: str) -> None:
    make, message = CASES[code]
    error = make()
    assert error.code == code
    assert error.message == message == str(error)


def test_every_code_is_tested() -> None:
    assert set(error_templates()) == set(CASES)


def test_error_classes() -> None:
    assert isinstance(CASES["not_your_turn"][0](), NotYourTurn)
    assert isinstance(CASES["game_finished"][0](), GameFinished)
    assert isinstance(CASES["unknown_region"][0](), MalformedAction)
    assert isinstance(CASES["malformed"][0](), MalformedAction)


def test_malformed_objects_are_refused() -> None:
    """Actions built by hand with wrong field types are refused before the rules look at them."""
    s = base()
    for bad in (PlaceCubes("gallia", 3), PlaceCubes(Region.GALLIA, "3"), PlaceRats(["x"]), "x"):
        with pytest.raises(MalformedAction):
            GAME.apply(s, 0, bad)  # type: ignore[arg-type]
