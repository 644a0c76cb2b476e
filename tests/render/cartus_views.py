"""Fixed, reproducible Cartus positions and views for the render tests (and the benchmark).

Every view comes from the engine: a fixed seed played by the AI (deterministic) until a
chosen moment, so a golden image changes only when the engine's view or the renderer does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.games.cartus.ai import decide
from engine.cartus import GAME
from engine.cartus.state import State
from engine.cartus.view_types import CartusSeatView, CartusView

NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve"]

# A public view, or a seat's for the private images.
View = CartusView | CartusSeatView


def played_until(
    players: int, seed: int, stop: Callable[[State], bool], options: dict[str, Any] | None = None
) -> State:
    """The AI plays every seat from `seed` until `stop(state)` (or the end)."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(seed)
    while not GAME.is_over(s) and not stop(s):
        seat = min(GAME.to_move(s))
        s = GAME.apply(s, seat, decide(GAME.view(s, seat), GAME.legal_actions(s, seat), rnd)).state
    return s


def mid_visits(players: int = 4, seed: int = 5) -> State:
    """The fourth round, most visits made."""
    return played_until(
        players,
        seed,
        lambda s: s.round >= 4 and s.phase.value == "visit" and len(s.visits) >= players - 1,
    )


def resolving(players: int, seed: int, phase: str) -> State:
    """The first time a decision of `phase` opens during phase D (from round 2)."""
    return played_until(players, seed, lambda s: s.round >= 2 and s.phase.value == phase)


def finished(players: int, seed: int) -> State:
    """A game played to its end."""
    return played_until(players, seed, lambda s: False)


def sample_views() -> dict[str, tuple[View, list[str], str]]:
    """name -> (view, player names, language) for each golden image."""
    four = mid_visits()
    gain = resolving(2, 3, "gain")
    window = resolving(5, 8, "sword_give")
    final = finished(3, 4)
    return {
        "cartus_board_4p": (GAME.view(four, None), NAMES[:4], "en"),
        "cartus_board_4p_fr": (GAME.view(four, None), NAMES[:4], "fr"),
        "cartus_board_2p_gain": (GAME.view(gain, None), NAMES[:2], "en"),
        "cartus_board_5p_sword_fr": (GAME.view(window, None), NAMES[:5], "fr"),
        "cartus_board_final_3p": (GAME.view(final, None), NAMES[:3], "en"),
        "cartus_private_4p": (GAME.view(four, 2), NAMES[:4], "en"),
        "cartus_private_5p_fr": (GAME.view(window, 1), NAMES[:5], "fr"),
    }
