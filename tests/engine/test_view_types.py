"""Every view the engines write has exactly the keys and value types their view types declare.

mypy checks the code that reads views against `engine/<game>/view_types.py`; this checks the
engines' real views against the same types (rules.result, data.card_dict... build plain dicts
the views module casts), along random playouts of every game, variant and player count.
"""

from __future__ import annotations

import random
import types
import typing
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from engine.cartus.view_types import CartusSeatView, CartusView
from engine.core.registry import get_game, registered_games
from engine.piper.view_types import PiperSeatView, PiperView
from engine.rattus import views as rattus_views
from engine.rattus.view_types import RattusSeatView, RattusView

TYPES: dict[str, tuple[type, type]] = {
    "rattus": (RattusView, RattusSeatView),
    "cartus": (CartusView, CartusSeatView),
    "piper": (PiperView, PiperSeatView),
}


@cache
def hints_of(typed: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's value types by key, and its required keys."""
    return get_type_hints(typed), typed.__required_keys__  # type: ignore[attr-defined]


def mismatches(
    value: Any, expected: Any, where: str = "view", seen: set[str] | None = None
) -> list[str]:
    """Where `value` does not match the type `expected` (empty: it matches); the path of every
    TypedDict key found goes in `seen` (list items as "[]")."""
    origin = get_origin(expected)
    if expected is Any:
        return []
    if expected is None or expected is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin in (Union, types.UnionType):
        arms = get_args(expected)
        if value is None:
            return [] if type(None) in arms else [f"{where}: None is not {expected}"]
        # The closest arm but None tells best what is wrong.
        found = [mismatches(value, arm, where, seen) for arm in arms if arm is not type(None)]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is Literal:
        return [] if value in get_args(expected) else [f"{where}: {value!r} not in {expected}"]
    if is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        hints, required = hints_of(expected)
        out = [f"{where}: missing {k!r}" for k in sorted(required - value.keys())]
        out += [f"{where}: unexpected {k!r}" for k in sorted(value.keys() - hints.keys())]
        for key, item in value.items():
            if key in hints:
                if seen is not None:
                    seen.add(f"{where}.{key}")
                out += mismatches(item, hints[key], f"{where}.{key}", seen)
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        (arm,) = get_args(expected)
        at = f"{where}[]" if seen is not None else where
        return [
            m
            for i, x in enumerate(value)
            for m in mismatches(x, arm, at if seen is not None else f"{where}[{i}]", seen)
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        karm, varm = get_args(expected)
        return [
            m
            for k, x in value.items()
            for m in mismatches(k, karm, f"{where} key")
            + mismatches(x, varm, f"{where}[]" if seen is not None else f"{where}[{k!r}]", seen)
        ]
    if expected is int and isinstance(value, bool):
        return [f"{where}: {value!r} is a bool, not an int"]
    if isinstance(expected, type):
        return [] if isinstance(value, expected) else [f"{where}: {value!r} is not {expected}"]
    raise AssertionError(f"{where}: the checker does not know {expected!r}")


def declared(expected: Any, where: str = "view") -> set[str]:
    """The path of every key a view type declares, nested records included."""
    origin = get_origin(expected)
    if origin in (Union, types.UnionType):
        return {p for arm in get_args(expected) for p in declared(arm, where)}
    if origin in (list, dict):
        return declared(get_args(expected)[-1], f"{where}[]")
    if is_typeddict(expected):
        hints, _ = hints_of(expected)
        return {f"{where}.{k}" for k in hints} | {
            p for k, item in hints.items() for p in declared(item, f"{where}.{k}")
        }
    return set()


def playout(
    name: str, options: Any, players: int, seed: int, first: str | None = None
) -> typing.Iterator[Any]:
    """The states of a random game, every one from the start to the end; `first`: an action
    every seat makes before the game starts."""
    game = get_game(name)
    state = game.new_game(players, seed, options)
    if first is not None:
        for seat in range(players):
            state = game.apply(state, seat, game.parse_action(first)).state
    rnd = random.Random(seed)
    yield state
    for _ in range(3000):
        if game.is_over(state):
            return
        seat = rnd.choice(sorted(game.to_move(state)))
        state = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat))).state
        yield state


# Actions every seat makes first in some games, for positions random play seldom reaches:
# Africanus region-card windows ask only the seats whose standing order is "ask".
FIRST = {("rattus", "africanus"): "standing ask"}
# Positions checked: every one, or every other (a phase lasts several) and the end. Africanus
# shows a ravage's protections for one position only.
STRIDE = {"rattus": 1, "cartus": 2, "piper": 1}


def test_every_game_has_view_types() -> None:
    assert set(registered_games()) == set(TYPES)


def test_the_checker_finds_what_does_not_match() -> None:
    view = get_game("piper").view(get_game("piper").new_game(3, 1), 0)
    assert mismatches(view, PiperSeatView) == []
    assert mismatches(view, PiperView) == ["view: unexpected 'hand'"]
    broken = {**view, "turn": "1", "recent": {"seat": 0}}
    del broken["roof"]
    assert mismatches(broken, PiperSeatView) == [
        "view: missing 'roof'",
        "view.turn: '1' is not <class 'int'>",
        "view.recent: missing 'eliminated'",
        "view.recent: missing 'moves'",
        "view.recent: missing 'turn'",
    ]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TYPES))
def test_views_match_their_types(name: str) -> None:
    """Every view of random games of every variant and player count has the keys and value
    types its view type declares, and shows every key it declares at least once (a type
    that declares a key the engine never writes would let a reader read nothing)."""
    game = get_game(name)
    public, seat_view = TYPES[name]
    seen: set[str] = set()
    for options in game.variants():
        first = FIRST.get((name, options.get("expansion", "")))
        for players in game.players(options):
            for step, state in enumerate(playout(name, options, players, players, first)):
                if step % STRIDE[name] and not game.is_over(state):
                    continue
                where = f"{name} {options} {players}p step {step}"
                assert mismatches(game.view(state, None), public, seen=seen) == [], where
                for seat in range(players):
                    found = mismatches(game.view(state, seat), seat_view, seen=seen)
                    assert found == [], f"{where} seat {seat}"
    assert declared(seat_view) - seen == set()


@pytest.mark.parametrize("options", get_game("rattus").variants(), ids=str)
def test_rattus_views_share_the_public_part_and_equal_view(options: Any) -> None:
    game = get_game("rattus")
    for step, state in enumerate(playout("rattus", options, 4, 3)):
        public, mine = rattus_views.views(state, range(4))
        assert public == game.view(state, None), step
        assert mine == [game.view(state, seat) for seat in range(4)], step
