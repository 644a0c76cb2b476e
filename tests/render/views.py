"""Fixed, reproducible views for render tests and the render benchmark."""

from __future__ import annotations

import random
from typing import Any

from engine.rattus import GAME
from engine.rattus.state import State

NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve", "Frederic"]


def played(players: int, seed: int, steps: int, options: dict[str, Any] | None = None) -> State:
    """A game after `steps` random legal actions (placing cubes more often, for busy boards)."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(s):
            break
        seat = min(GAME.to_move(s))
        legal = GAME.legal_actions(s, seat)
        busy = [a for a in legal if str(a).startswith(("place", "open"))]
        action = rnd.choice(busy) if busy and rnd.random() < 0.7 else rnd.choice(legal)
        s = GAME.apply(s, seat, action).state
    return s


def finished(players: int, seed: int) -> State:
    """A game played to its end."""
    return played(players, seed, 100_000)


def with_witch_knowledge(players: int, seed: int) -> tuple[State, int]:
    """A game where some seat has looked at tokens with the Witch; returns (state, seat)."""
    s = GAME.new_game(players, seed)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        seat = min(GAME.to_move(s))
        if any(s.known[p] for p in range(players)):
            knower = next(p for p in range(players) if s.known[p])
            return s, knower
        legal = GAME.legal_actions(s, seat)
        peeks = [a for a in legal if str(a).startswith(("take witch", "peek", "keep", "swap"))]
        s = GAME.apply(s, seat, rnd.choice(peeks or legal)).state
    raise AssertionError("nobody used the Witch")


def sample_views() -> dict[str, tuple[dict[str, Any], list[str], str]]:
    """name -> (view, player names, language) for the golden images."""
    out: dict[str, tuple[dict[str, Any], list[str], str]] = {}
    for players, seed, steps in ((2, 11, 40), (3, 12, 50), (4, 13, 60)):
        out[f"board_{players}p"] = (
            GAME.view(played(players, seed, steps), None),
            NAMES[:players],
            "en",
        )
    out["board_final_3p"] = (GAME.view(finished(3, 21), None), NAMES[:3], "en")
    out["board_6p_africanus_fr"] = (
        GAME.view(played(6, 31, 150, {"expansion": "africanus"}), None),
        NAMES,
        "fr",
    )
    state, seat = with_witch_knowledge(3, 41)
    out["private_witch"] = (GAME.view(state, seat), NAMES[:3], "en")
    return out
