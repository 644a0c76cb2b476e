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
)
from engine.rattus import GAME
from engine.rattus.actions import PlaceCubes, PlaceRats
from engine.rattus.data import Region
from engine.rattus.state import Ending, Phase, State
from tests.engine.builders import africa_position, play, position


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
    # Africanus
    "not_africanus": (
        lambda: attempt(base(), 1, "standing ask"),
        "That belongs to the Africanus expansion, which this game does not use.",
    ),
    "unknown_region_card": (
        lambda: attempt(window(), 0, "protect atlantis-1 peasant"),
        "There is no region card called atlantis-1.",
    ),
    "bad_standing": (
        lambda: attempt(orient(), 1, "standing sometimes"),
        "sometimes is not a standing order: use always, never or ask.",
    ),
    "no_region_cards_left": (
        lambda: attempt(_empty_piles(), 0, "astronomer"),
        "There are no region cards left to draw.",
    ),
    "no_such_card": (
        lambda: attempt(play(orient(), (0, "astronomer"))[0], 0, "choose 4"),
        "Choose one of the 3 card(s) you drew.",
    ),
    "not_explored": (
        lambda: attempt(play(orient(), (0, "explorer"))[0], 0, "explore polonia"),
        "Polonia is not one of the regions the Explorer revealed.",
    ),
    "no_diplomat_left": (
        lambda: attempt(_no_diplomats(), 0, "sultan gallia"),
        "There is no diplomat left in the supply.",
    ),
    "diplomat_already_there": (
        lambda: attempt(orient(), 0, "sultan italia"),
        "You already have a diplomat in Italia.",
    ),
    "no_diplomat_there": (
        lambda: attempt(orient(), 0, "merchant gallia hispania 1 diplomat"),
        "You have no diplomat in Gallia.",
    ),
    "diplomat_must_move": (
        lambda: attempt(orient(), 0, "merchant italia hispania 1"),
        "All your cubes leave Italia, so the cube with your diplomat goes too: move it with the"
        " diplomat.",
    ),
    "final_no_cubes": (
        lambda: attempt(final_orient(), 0, "explorer"),
        "No cube may be added in the final round (only the Peasant adds one): the Explorer"
        " cannot be used now.",
    ),
    "caravan_return": (
        lambda: attempt(orient(), 0, "caravan italia gallia"),
        "The caravan may not come back to Gallia in the same move.",
    ),
    "not_in_hand": (
        lambda: attempt(window(), 0, "protect italia-2 peasant"),
        "You do not hold the region card italia-2.",
    ),
    "card_does_not_fit": (
        lambda: attempt(window(), 0, "protect gallia-2 peasant"),
        "The region card gallia-2 cannot protect the Peasant.",
    ),
    "already_protected": (
        lambda: attempt(
            play(window(), (0, "protect anglia-1 peasant"))[0], 0, "protect anglia-3 peasant"
        ),
        "Your Peasant is already protected in this region.",
    ),
    "nothing_to_ravage": (
        lambda: attempt(_ravage_order(), 1, "ravage anglia"),
        "Anglia has nothing left for the plague to ravage.",
    ),
}


def orient() -> State:
    """Seat 0 holds the four Orient cards (and the Merchant), with a few cubes and diplomats."""
    return africa_position(
        2,
        classes=["astronomer", "explorer", "sultan", "caravaneer", "merchant"],
        holders={"astronomer": 0, "explorer": 0, "sultan": 0, "caravaneer": 0, "merchant": 0},
        cubes={"gallia": [2, 0], "italia": [1, 0]},
        diplomats={"italia": [0]},
        caravan="gallia",
        deck=["gallia-1", "gallia-2", "italia-1"],
        plague="anglia",
    )


def final_orient() -> State:
    """The Orient cards' holder in the final round."""
    return replace(orient(), phase=Phase.FINAL, ending=Ending("rat_supply_empty", 1, (0, 1)))


def window() -> State:
    """A reaction window for seat 0 (Peasant and Merchant; hand: "?", P+O and B+R)."""
    s = africa_position(
        4,
        tokens={"turcia": ["F01", "F53"]},  # P+B and M+P+B
        cubes={"turcia": [4, 0, 0, 0]},
        holders={"peasant": 0, "merchant": 0},
        hands={0: ["anglia-1", "anglia-3", "gallia-2"]},
        standing={0: "ask"},
        plague="bulgaria",
    )
    s, _ = play(s, (0, "plague turcia"))
    assert s.phase is Phase.REACTION
    return s


def _empty_piles() -> State:
    s = orient()
    assert s.africa is not None
    return replace(s, africa=replace(s.africa, deck=(), discard=()))


def _no_diplomats() -> State:
    s = orient()
    assert s.africa is not None
    masks = [0b10 if r < 15 else 0 for r in range(len(s.africa.diplomats))]
    return replace(s, africa=replace(s.africa, diplomats=tuple(masks)))


def _ravage_order() -> State:
    s = africa_position(
        4,
        tokens={"italia": ["F05"], "gallia": ["F07"], "anglia": ["F09"]},
        cubes={"italia": [2, 0, 0, 0], "gallia": [2, 1, 0, 0]},
        holders={"peasant": 0},
        hands={0: ["anglia-3"]},
        supply=[],
    )
    s = replace(s, phase=Phase.FINAL, ending=Ending("rat_supply_empty", 1, (0,)))
    s, _ = play(s, (0, "done"))
    assert s.phase is Phase.RAVAGE_ORDER
    return s


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
    assert set(GAME.messages.codes()) == set(CASES)


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
