"""AI seats. An AI sees exactly what its seat may see: its view and its legal actions."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.adapter import GameAdapter, adapters
from engine.core.contract import Game

log = logging.getLogger(__name__)

LEVELS = ("random", "strong")


def choose_action(
    engine: Game[Any, Any],
    view: Mapping[str, Any],
    legal: Sequence[Any],
    rnd: random.Random,
    *,
    level: str = "strong",
) -> Any:
    """Pick the AI's action from the seat's view and legal actions (never the full state).

    `level` "random" picks uniformly among the legal actions; "strong" asks the game's own AI
    (its adapter's `decide`), and plays at random for a game that has none.
    """
    if not legal:
        raise ValueError("the AI has nothing to choose from")
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}")
    options = list(legal)
    adapter = adapters().get(getattr(engine, "name", ""))
    if level == "strong" and adapter is not None:
        return _guarded(f"the {adapter.name} AI", adapter.decide, view, options, rnd)
    return rnd.choice(options)


def skip_action(
    adapter: GameAdapter, view: Mapping[str, Any], legal: Sequence[Any], rnd: random.Random
) -> Any:
    """What the "skip" clock policy plays for a seat (the game's `skip`), guarded like the AI."""
    return _guarded(f"the {adapter.name} skip", adapter.skip, view, list(legal), rnd)


def _guarded(
    what: str,
    pick: Callable[[Mapping[str, Any], Sequence[Any], random.Random], Any],
    view: Mapping[str, Any],
    options: list[Any],
    rnd: random.Random,
) -> Any:
    """`pick`'s choice when it is legal; else, or when it fails, a random legal action: a
    decision a game's AI does not expect must not stop the game."""
    try:
        choice = pick(view, options, rnd)
    except Exception:
        log.exception("%s failed; playing a random legal action", what)
        choice = None
    if choice is not None and choice in options:
        return choice
    return rnd.choice(options)
