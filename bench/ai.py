"""AI benchmark: the strong AI against the random player in seeded 2-player Rattus games.

    python -m bench.ai [--games 200] [--players 2] [--expansion africanus]

Prints the strong AI's win rate (it sits first in even games and second in odd ones), its
mean score margin, and the mean and p99 time per decision; writes bench/results/ai.json
(other settings: ai-<players>p[-<expansion>].json).
Goals (issue: a stronger AI): win at least 70 % of 200 games, decisions well under a second.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from bench.common import percentile, write_results
from bot.ai import choose_action
from engine.rattus import GAME


def play_game(
    seed: int,
    players: int,
    strong_seat: int,
    expansion: str = "",
    times: list[float] | None = None,
    decide: Callable[..., Any] = choose_action,
) -> dict[str, Any]:
    """One seeded game: `strong_seat` plays the strong AI, every other seat the random one.

    Each decision gets its own Random seeded from (seed, step, seat), as the bot does.
    """
    options = {"expansion": expansion} if expansion else None
    s = GAME.new_game(players, seed, options)
    step = 0
    while not GAME.is_over(s):
        seat = min(GAME.to_move(s))
        legal = GAME.legal_actions(s, seat)
        rnd = random.Random(f"{seed}:{step}:{seat}")
        if seat == strong_seat:
            view = GAME.view(s, seat)
            start = time.perf_counter()
            action = decide(GAME, view, legal, rnd)
            if times is not None:
                times.append((time.perf_counter() - start) * 1000)
        else:
            action = choose_action(GAME, GAME.view(s, seat), legal, rnd, level="random")
        s = GAME.apply(s, seat, action).state
        step += 1
    result = GAME.result(s)
    scores = {row["seat"]: row["score"] for row in result["ranking"]}
    best_other = max(v for p, v in scores.items() if p != strong_seat)
    return {
        "won": result["winner"] == strong_seat,
        "margin": scores[strong_seat] - best_other,
        "score": scores[strong_seat],
    }


def run(games: int, players: int, expansion: str = "", first_seed: int = 0) -> dict[str, Any]:
    """Play `games` games, alternating the strong AI's seat; return the figures."""
    times: list[float] = []
    wins = 0
    margins: list[int] = []
    scores: list[int] = []
    for k in range(games):
        seed = first_seed + k
        game = play_game(seed, players, k % players, expansion, times)
        wins += game["won"]
        margins.append(game["margin"])
        scores.append(game["score"])
    return {
        "players": players,
        "expansion": expansion or None,
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 3),
        "mean_margin": round(sum(margins) / games, 2),
        "mean_score": round(sum(scores) / games, 2),
        "decisions": len(times),
        "decision_ms_mean": round(sum(times) / max(1, len(times)), 3),
        "decision_ms_p50": round(percentile(times, 50), 3),
        "decision_ms_p99": round(percentile(times, 99), 3),
        "decision_ms_max": round(max(times, default=0.0), 3),
    }


def main() -> None:
    """Run the benchmark and write bench/results/ai.json."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--expansion", default="")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    figures = run(args.games, args.players, args.expansion, args.seed)
    print(
        f"{figures['players']} players, {figures['games']} games: strong AI won "
        f"{figures['wins']} ({figures['win_rate']:.1%}), mean margin {figures['mean_margin']:+}, "
        f"mean score {figures['mean_score']}"
    )
    print(
        f"decision time: mean {figures['decision_ms_mean']} ms, "
        f"p50 {figures['decision_ms_p50']} ms, p99 {figures['decision_ms_p99']} ms, "
        f"max {figures['decision_ms_max']} ms over {figures['decisions']} decisions"
    )
    name = "ai" if (args.players, args.expansion) == (2, "") else f"ai-{args.players}p"
    path = write_results(name + (f"-{args.expansion}" if args.expansion else ""), figures)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
