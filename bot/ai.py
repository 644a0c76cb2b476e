"""AI seats. An AI sees exactly what its seat may see: its view and its legal actions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.contract import Game


def choose_action(
    engine: Game[Any, Any],
    view: Mapping[str, Any],
    legal: Sequence[Any],
    rnd: random.Random,
) -> Any:
    """Pick the AI's action from the seat's view and legal actions (never the full state)."""
    if not legal:
        raise ValueError("the AI has nothing to choose from")
    return rnd.choice(list(legal))
