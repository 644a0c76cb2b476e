"""Playout benchmark: random playouts of every game, variant and player count; decisions/s.

    python -m bench.playouts [--games N] [--only GAME]

A playout is what a search AI runs thousands of times per move: from a new game, at each step
the seat(s) to move (`to_move`; one of them at random in a window), `legal_actions` of that
seat and `apply` of a uniformly random one, until `is_over`. A decision is one `apply`. The
figure is decisions per second of CPU time (time.process_time, steadier than wall time on a
shared machine), set-up excluded; N seeded playouts per configuration (seeds 0..N-1).

Goal (issue 28, "Engines fast enough to search"): >= 50,000 decisions per second on one core
for every game and variant at every player count. The figures go to
bench/results/playouts.json, with `goals_met` true when every configuration reaches it.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from bench.common import write_results
from engine.core.registry import get_game, registered_games

GOAL = 50_000


def playouts(name: str, options: dict[str, Any], players: int, games: int) -> dict[str, Any]:
    """Play `games` seeded random playouts; count decisions and CPU seconds spent in them."""
    game = get_game(name)
    cpu = time.process_time
    decisions = 0
    spent = 0.0
    for seed in range(games):
        rnd = random.Random(seed)
        state = game.new_game(players, seed, options or None)
        is_over, to_move, legal_actions, apply = (
            game.is_over,
            game.to_move,
            game.legal_actions,
            game.apply,
        )
        start = cpu()
        while not is_over(state):
            seats = to_move(state)
            seat = min(seats) if len(seats) == 1 else rnd.choice(sorted(seats))
            state = apply(state, seat, rnd.choice(legal_actions(state, seat))).state
            decisions += 1
        spent += cpu() - start
    return {
        "game": name,
        "options": options,
        "players": players,
        "games": games,
        "decisions": decisions,
        "decisions_per_game": round(decisions / games, 1),
        "cpu_s": round(spent, 3),
        "decisions_per_second": round(decisions / spent) if spent else 0,
    }


def label(options: dict[str, Any]) -> str:
    """A short name for a variant's options ("plain" for none)."""
    return ",".join(f"{v}" for _, v in sorted(options.items())) or "plain"


def main() -> None:
    """Run every configuration, print the table and store the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--only", default="", help="one game's name")
    args = parser.parse_args()
    runs = []
    print(f"{'game':<8} {'variant':<40} {'n':>2} {'dec/game':>9} {'dec/s':>8}  goal")
    for name in registered_games():
        if args.only and name != args.only:
            continue
        game = get_game(name)
        for options in game.variants():
            opts = dict(options)
            for players in game.players(opts):
                r = playouts(name, opts, players, args.games)
                runs.append(r)
                ok = "ok" if r["decisions_per_second"] >= GOAL else "UNDER"
                print(
                    f"{name:<8} {label(opts):<40} {players:>2} {r['decisions_per_game']:>9}"
                    f" {r['decisions_per_second']:>8}  {ok}",
                    flush=True,
                )
    met = all(r["decisions_per_second"] >= GOAL for r in runs)
    path = write_results(
        "playouts",
        {
            "runs": runs,
            "decisions_per_second_goal": GOAL,
            "goals_met": met,
            "slowest": min(runs, key=lambda r: r["decisions_per_second"]) if runs else None,
        },
    )
    print(f"goals met: {met}; written to {path}")


if __name__ == "__main__":
    main()
