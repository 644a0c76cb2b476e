"""Fixed, reproducible positions and views for the render tests (and the render benchmark).

Every view comes from the engine (a fixed seed and a fixed choice of legal actions, or a
rulebook position built with `tests.engine.builders`), so a golden image changes only when the
engine's view or the renderer changes.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine.rattus import GAME
from engine.rattus.state import State
from engine.rattus.view_types import RattusSeatView, RattusView
from tests.engine.builders import play, position

NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve", "Frederic"]
AFRICANUS = {"expansion": "africanus"}

# A public view, or a seat's for the private images.
View = RattusView | RattusSeatView


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


def finished(players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """A game played to its end."""
    return played(players, seed, 100_000, options)


def with_witch_knowledge(players: int, seed: int) -> tuple[State, int]:
    """A game where some seat has looked at rat tokens with the Witch; returns (state, seat)."""
    s = GAME.new_game(players, seed)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        knowers = [p for p in range(players) if s.known[p]]
        if knowers and len(s.known[knowers[0]]) >= 2:
            return s, knowers[0]
        seat = min(GAME.to_move(s))
        legal = GAME.legal_actions(s, seat)
        peeks = [a for a in legal if str(a).startswith(("take witch", "peek", "keep", "swap"))]
        s = GAME.apply(s, seat, rnd.choice(peeks or legal)).state
    raise AssertionError("nobody used the Witch")


def ravage_4p() -> State:
    """The rulebook's Gallia example (Rules p.3) on a busier board: the plague moves from
    Germania into Gallia, two new rats go to Hispania and three tokens are revealed."""
    s = position(
        4,
        tokens={
            "gallia": ["R04", "R30", "R20"],
            "anglia": ["R05"],
            "italia": ["R13", "R33"],
            "polonia": ["R40", "R41", "R42"],
            "russia": ["R21"],
            "turcia": ["R44", "R45"],
        },
        cubes={
            "gallia": [0, 1, 2, 0],
            "anglia": [2, 0, 0, 1],
            "germania": [0, 3, 0, 2],
            "italia": [1, 1, 1, 1],
            "polonia": [4, 0, 0, 0],
            "scandia": [0, 0, 2, 0],
            "russia": [0, 0, 0, 3],
            "bulgaria": [2, 2, 0, 0],
            "turcia": [0, 0, 1, 0],
        },
        holders={
            "knight": 1,
            "peasant": 2,
            "merchant": 2,
            "monk": 3,
            "witch": 3,
            "king": 3,
        },
        palace=[0, 0, 0, 2],
        plague="germania",
        active=0,
    )
    s, _ = play(s, (0, "plague gallia"), (0, "rats hispania hispania"))
    return s


def knight_4p() -> State:
    """The Knight moves the plague two regions and counts it as two neutral cubes."""
    s = position(
        4,
        tokens={"scandia": ["R27", "R11"], "italia": ["R36"], "hungaria": ["R19"]},
        cubes={"scandia": [2, 1, 0, 0], "italia": [0, 2, 2, 0], "hungaria": [1, 1, 1, 1]},
        holders={"knight": 2, "king": 0},
        plague="italia",
        active=2,
        seed=5,
    )
    s, _ = play(s, (2, "plague scandia +2"), (2, "rats russia germania"))
    return s


def sample_views() -> dict[str, tuple[View, list[str], str]]:
    """name -> (view, player names, language) for the golden images."""
    out: dict[str, tuple[View, list[str], str]] = {}
    for players, seed, steps in ((2, 11, 40), (3, 12, 50), (4, 13, 60)):
        state = played(players, seed, steps)
        out[f"board_{players}p"] = (GAME.view(state, None), NAMES[:players], "en")
    out["board_4p_ravage"] = (GAME.view(ravage_4p(), None), NAMES[:4], "en")
    out["board_4p_knight_fr"] = (GAME.view(knight_4p(), None), NAMES[:4], "fr")
    out["board_final_3p"] = (GAME.view(finished(3, 21), None), NAMES[:3], "en")
    out["board_5p_africanus"] = (
        GAME.view(played(5, 27, 120, AFRICANUS), None),
        NAMES[:5],
        "en",
    )
    out["board_6p_africanus_fr"] = (
        GAME.view(played(6, 31, 150, AFRICANUS), None),
        NAMES,
        "fr",
    )
    out["board_final_6p_africanus"] = (
        GAME.view(finished(6, 33, AFRICANUS), None),
        NAMES,
        "en",
    )
    state, seat = with_witch_knowledge(3, 41)
    out["private_witch"] = (GAME.view(state, seat), NAMES[:3], "en")
    out["private_witch_fr"] = (GAME.view(state, seat), NAMES[:3], "fr")
    return out


def forget_witch(state: State) -> State:
    """The same state with nobody remembering any rat token seen with the Witch."""
    return replace(state, known=tuple(frozenset() for _ in state.known))
