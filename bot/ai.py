"""AI seats. An AI sees exactly what its seat may see: its view and its legal actions."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from typing import Any

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

    `level` "random" picks uniformly among the legal actions; "strong" plans the turn from the
    view (Rattus only) and falls back to the random choice for whatever it does not model.
    """
    if not legal:
        raise ValueError("the AI has nothing to choose from")
    options = list(legal)
    if level == "strong" and getattr(engine, "name", None) == "rattus":
        try:
            from bot.ai_rattus import decide

            choice = decide(view, options, rnd)
        except Exception:
            # A decision the model does not expect (a new action kind, a view key renamed) must
            # not stop the game: log it and play a legal action anyway.
            log.exception("the strong AI failed; playing a random legal action")
            choice = None
        if choice is not None and choice in options:
            return choice
    elif level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}")
    return rnd.choice(options)
