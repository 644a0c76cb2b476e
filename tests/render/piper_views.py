"""Fixed, reproducible Pied Piper positions and views for the render tests and the benchmark.

Every view comes from the engine: a position written with `tests.engine.piper.builders` and a
few actions, or a seeded game with a fixed policy; a golden image changes only when the
engine's view or the renderer changes.
"""

from __future__ import annotations

import random
from typing import Any

from engine.piper import GAME
from engine.piper.state import State
from engine.piper.view_types import PiperSeatView, PiperView
from tests.engine.piper.builders import play, position

NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve"]

# A public view, or a seat's for the private images.
View = PiperView | PiperSeatView


def played(players: int, seed: int, steps: int, options: dict[str, Any] | None = None) -> State:
    """A game after `steps` random legal actions (all of it when it ends first)."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(s):
            break
        s = GAME.apply(s, s.active, rnd.choice(GAME.legal_actions(s, s.active))).state
    return s


def busy_five() -> State:
    """Five players in mid-game: a crowded gap, cards under three characters, and the turn
    just played moved a rat over two houses."""
    s = position(
        5,
        gaps={
            0: ["piper", "green"],
            1: ["yellow", "red"],
            2: [],
            3: ["blue", "purple"],
            4: ["orange"],
        },
        display=("yellow", "red", "piper", "blue"),
        under={1: [("forward1", 3)], 3: [("sewer", 4)], 4: [("back1", 0)]},
        hands={1: ["forward2", "plus1", "sewer", "forward1"]},
        levels={0: 2, 1: 4, 2: 5, 3: 1, 4: 0},
        active=1,
        turn=14,
    )
    s, _ = play(s, (1, "play forward2 1"), (1, "play plus1 2"))
    return s


def order_hidden() -> State:
    """Hidden cards, three players: two characters activate and the order matters (the piper
    and a rat over the same house at 0); a face-down card waits under a third."""
    s = position(
        3,
        gaps={0: ["piper", "yellow"], 1: ["red"], 2: ["blue", "green"]},
        display=("piper", "yellow", "blue", "green"),
        under={1: [("forward1", 2)], 2: [("forward1", 1)], 3: [("forward2", 2, True)]},
        hands={0: ["forward1", "forward1", "sewer", "melody"]},
        levels={1: 0, 2: 3},
        variant="hidden",
        turn=9,
    )
    s, _ = play(s, (0, "play forward1 1"), (0, "play forward1 2"))
    assert s.phase.value == "order"
    return s


def draw_four() -> State:
    """The rulebook's second tie: two finalists on the same level with one counter each."""
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green", "purple"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 2)]},
        hands={0: ["sewer", "sewer", "sewer", "sewer"]},
        levels={0: 4, 1: 6, 2: 4},
        out=[3],
        collected={2: [3]},
    )
    s, _ = play(s, (0, "play sewer 2"), (0, "play sewer 1"))
    assert GAME.is_over(s)
    return s


def private_hidden() -> tuple[State, int]:
    """A seat with its hand and a card it placed face down."""
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]},
        hands={2: ["melody", "forward2", "back1", "sewer"]},
        active=2,
        variant="hidden",
    )
    s, _ = play(s, (2, "play melody 3 hidden"))
    return s, 2


def sample_views() -> dict[str, tuple[View, list[str], str]]:
    """name -> (view, player names, language) for every golden image."""
    private, seat = private_hidden()
    return {
        "piper_board_5p": (GAME.view(busy_five(), None), NAMES, "en"),
        "piper_board_2p_fr": (GAME.view(played(2, 4, 12), None), NAMES[:2], "fr"),
        "piper_board_order_hidden": (GAME.view(order_hidden(), None), NAMES[:3], "en"),
        "piper_board_over_4p": (GAME.view(played(4, 5, 10_000), None), NAMES[:4], "en"),
        "piper_board_draw_fr": (GAME.view(draw_four(), None), NAMES[:4], "fr"),
        "piper_private": (GAME.view(private, seat), NAMES[:4], "en"),
        "piper_private_fr": (GAME.view(private, seat), NAMES[:4], "fr"),
    }
