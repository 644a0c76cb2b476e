"""The AI benchmark (`bench/ai.py`) covers every game and variant the engines offer, and plays
each of them through to a result."""

from __future__ import annotations

import pytest

from ai import Budget
from bench.ai import GAMES, play
from engine.core.registry import get_game, registered_games


def test_every_variant_of_every_game_is_benchmarked() -> None:
    offered = {
        (name, tuple(sorted(options.items())))
        for name in registered_games()
        for options in get_game(name).variants()
    }
    benchmarked = {(name, tuple(sorted(options.items()))) for name, options in GAMES.values()}
    assert offered == benchmarked


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_benchmark_game_ends_with_one_share_of_a_win(game: str) -> None:
    # A hard seat held to a few iterations, so the game is quick; the shares of a win (a
    # shared first place split) add up to one game.
    out = play(game, 2, ("hard", "easy"), seed=3, budget=Budget(iterations=4))
    assert sum(out["share"].values()) == pytest.approx(1.0)
    assert out["times"]["hard"] and out["times"]["easy"]
