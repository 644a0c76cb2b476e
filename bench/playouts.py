"""Playout benchmark: random playouts of every game, variant and player count; decisions/s.

    python -m bench.playouts [--games N] [--rounds R] [--only GAME] [--as-before]

A playout is what a search AI runs thousands of times per move: from a new game, at each step
the seat(s) to move (`to_move`; one of them at random in a window), `legal_actions` of that
seat and `apply` of a uniformly random one, until `is_over`. A decision is one `apply`. The
figure is decisions per second of CPU time (time.process_time, steadier than wall time on a
shared machine), set-up excluded; N seeded playouts per configuration (seeds 0..N-1).

This machine's speed moves by a third from one second to the next (the same 100 games ran at
16,000 and at 27,000 decisions/s a minute apart), and a configuration's first games pay for
what the engine builds once (caches of its tables). So each configuration first plays a few
untimed games of other seeds, then its N games R times (rounds): the figure is the median
round, the best one beside it (noise only ever slows a round down).

Goal (issue 28, "Engines fast enough to search"): >= 50,000 decisions per second on one core
for every game and variant at every player count, judged on `apply`. A game that offers
`advance` (the next state without the events: the Pied Piper) is also timed with it, the path
the search plays (ai.search.advancer), in a column of its own. The figures go to
bench/results/playouts.json, with `goals_met` true when every configuration reaches it.

A baseline: `--as-before` stores the run as the file's `before` figures (run it on the old
engine); later runs keep them, print them beside their own with the speed-up, and store both.
On a shared machine compare figures taken at the same time: the load moves them a lot.

A compiled core, tried with mypyc (mypy 2.4) on a copy of the engine, not kept: compiled alone, the
Pied Piper's rules ran 13 % fewer instructions per decision (valgrind's count, 3,381 decisions
at 4 players; wall-clock runs could not tell it from the noise), and with its state and
components compiled as well none fewer (its records are built by evolve's generated functions,
outside the compiled code). Its actions and events cannot be compiled as they are: mypyc takes
a dataclass's ClassVar for a field (mypyc/mypyc#1122; `kind`, `verb`, `order`...), and
evolve.py stops it with an internal error.

Cython (3.3, PyPI), tried the same way, not kept either. The Pied Piper's rules, state, events and
the core compiled unchanged ran about a tenth faster by the clock. With a declaration file beside
them (rules.pxd: the workspace a typed extension class, the hot functions typed), the Pied Piper at
4 players ran 132,200 instructions per decision against 160,800 (-18 %; by the clock about 30,000
-> 40,000 decisions/s on a quiet machine); Africanus at 6 players, its workspace typed too, 111,300
against 121,700 (-9 %: its workspace holds tuples, replaced whole). What is left is building the
records and events and calling into CPython for them, which a compiler does not remove; and a
compiled module beside its source is stale the moment the source changes. The goal needs more than
that: a core written for it.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bench.common import RESULTS, write_results
from engine.core.registry import get_game, registered_games

GOAL = 50_000


WARM_UP = 10  # untimed games before a configuration's rounds
WARM_UP_SEEDS = 1_000_000  # their seeds, apart from the timed ones


def playouts(
    name: str, options: dict[str, Any], players: int, games: int, rounds: int = 1
) -> dict[str, Any]:
    """Play `games` seeded random playouts `rounds` times (after a few untimed ones); count
    decisions and CPU seconds spent in them: the median round, and the best."""
    _play(name, options, players, range(WARM_UP_SEEDS, WARM_UP_SEEDS + WARM_UP))
    runs = [_play(name, options, players, range(games)) for _ in range(max(1, rounds))]
    decisions = runs[0][0]
    speeds = _speeds(runs)
    spent = sorted(spent for _, spent in runs)[len(runs) // 2]
    extra: dict[str, Any] = {}
    if hasattr(get_game(name), "advance"):
        # The search's own path (ai.search.advancer): the same playouts without the events.
        quick = [
            _play(name, options, players, range(games), advance=True) for _ in range(max(1, rounds))
        ]
        fast = _speeds(quick)
        extra["advance_decisions_per_second"] = fast[len(fast) // 2]
    return {
        "game": name,
        "options": options,
        "players": players,
        "games": games,
        "rounds": len(runs),
        "decisions": decisions,
        "decisions_per_game": round(decisions / games, 1),
        "cpu_s": round(spent, 3),
        "decisions_per_second": speeds[len(speeds) // 2],
        "best_decisions_per_second": speeds[-1],
        **extra,
    }


def _speeds(runs: list[tuple[int, float]]) -> list[int]:
    """Decisions per CPU second of each round (decisions, seconds), slowest first."""
    return sorted(round(d / spent) if spent else 0 for d, spent in runs)


def _play(
    name: str, options: dict[str, Any], players: int, seeds: range, *, advance: bool = False
) -> tuple[int, float]:
    """Random playouts of these seeds: decisions made and CPU seconds spent making them
    (`advance`: with the game's `advance`, the next state without the events, as the search
    plays)."""
    game: Any = get_game(name)
    step = game.advance if advance else None
    cpu = time.process_time
    decisions = 0
    spent = 0.0
    for seed in seeds:
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
            action = rnd.choice(legal_actions(state, seat))
            state = step(state, seat, action) if step else apply(state, seat, action).state
            decisions += 1
        spent += cpu() - start
    return decisions, spent


def _key(run: dict[str, Any]) -> str:
    return f"{run['game']} {label(run['options'])} {run['players']}"


def _before() -> dict[str, int]:
    """The baseline kept in the results file: decisions/s per "game variant players"."""
    try:
        data = json.loads((RESULTS / "playouts.json").read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return {b["config"]: b["decisions_per_second"] for b in data.get("before", [])}


def label(options: dict[str, Any]) -> str:
    """A short name for a variant's options ("plain" for none)."""
    return ",".join(f"{v}" for _, v in sorted(options.items())) or "plain"


def main() -> None:
    """Run every configuration, print the table and store the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds per configuration")
    parser.add_argument("--only", default="", help="one game's name")
    parser.add_argument("--as-before", action="store_true", help="store as the baseline")
    args = parser.parse_args()
    before = _before()
    runs = []
    print(
        f"{'game':<8} {'variant':<40} {'n':>2} {'dec/game':>9} {'dec/s':>8} {'best':>8}"
        "  goal   before  x     advance"
    )
    for name in registered_games():
        if args.only and name != args.only:
            continue
        game = get_game(name)
        for options in game.variants():
            opts = dict(options)
            for players in game.players(opts):
                r = playouts(name, opts, players, args.games, args.rounds)
                runs.append(r)
                ok = "ok" if r["decisions_per_second"] >= GOAL else "UNDER"
                old = before.get(_key(r), 0)
                ratio = f"{r['decisions_per_second'] / old:.2f}" if old else ""
                print(
                    f"{name:<8} {label(opts):<40} {players:>2} {r['decisions_per_game']:>9}"
                    f" {r['decisions_per_second']:>8} {r['best_decisions_per_second']:>8}"
                    f"  {ok:<5} {old or '':>7}  {ratio:<5}"
                    f" {r.get('advance_decisions_per_second', '')}",
                    flush=True,
                )
    met = all(r["decisions_per_second"] >= GOAL for r in runs)
    if args.as_before:
        before.update({_key(r): r["decisions_per_second"] for r in runs})
    path = write_results(
        "playouts",
        {
            "runs": runs,
            "decisions_per_second_goal": GOAL,
            "goals_met": met,
            "slowest": min(runs, key=lambda r: r["decisions_per_second"]) if runs else None,
            "before": [{"config": k, "decisions_per_second": v} for k, v in sorted(before.items())],
        },
    )
    print(f"goals met: {met}; written to {path}")


if __name__ == "__main__":
    main()
