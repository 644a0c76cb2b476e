"""AI seats. An AI sees exactly what its seat may see: its view and its legal actions."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.adapter import adapters
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
        return adapter.decide(view, options, rnd)
    return rnd.choice(options)
