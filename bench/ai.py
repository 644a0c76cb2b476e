"""AI benchmark: the levels against each other in seeded games of every game.

    python -m bench.ai [--games 200] [--budget-ms 1500] [--iterations N] [--jobs 1]
                       [--only rattus,africanus,piper,cartus] [--matches hard2p,hard4p,easy2p]

Matches, per game: hard against normal at 2 players (seats alternated), one hard seat against
three normal ones at 4 players (the hard seat goes round the table), normal against easy at
2 players. A win is first place; a shared first place counts as a share of a win. Prints the
win rates with their 95 % Wilson intervals and the decision times per level (CPU time of the
deciding process, p50/p95/p99), and the peak memory of one thinking AI (tracemalloc); writes
bench/results/ai.json with the goals (issue 28): hard beats normal in >= 65 % of >= 200
2-player games and >= 40 % at 4 players, normal beats easy in >= 70 %, hard decides in
p95 <= 2 s and p99 <= 4 s on one core, normal and easy in p99 <= 100 ms.
"""

from __future__ import annotations

import argparse
import math
import random
import time
import tracemalloc
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, replace
from typing import Any

from ai import LEVELS, Budget, Settings, greedy, noisy, think
from ai.levels import hard_budget, hard_settings
from bench.common import percentile, write_results
from bot.adapter import adapters
from engine.core.registry import get_game

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "rattus": ("rattus", {}),
    "africanus": ("rattus", {"expansion": "africanus"}),
    "piper": ("piper", {}),
    "cartus": ("cartus", {}),
}
MATCHES: dict[str, tuple[int, str, str]] = {
    # name: (players, the level under test, the level of every other seat)
    "hard2p": (2, "hard", "normal"),
    "hard4p": (4, "hard", "normal"),
    "easy2p": (2, "normal", "easy"),
}
GOALS = {
    "hard2p_win_rate": 0.65,
    "hard2p_games": 200,
    "hard4p_win_rate": 0.40,
    "easy2p_win_rate": 0.70,
    "hard_p95_ms": 2000,
    "hard_p99_ms": 4000,
    "normal_p99_ms": 100,
    "easy_p99_ms": 100,
}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(
    game: str,
    players: int,
    levels: Sequence[str],
    seed: int,
    budget: Budget,
    changes: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One seeded game, seat p played at `levels[p]`; the result and every decision's time."""
    name, options = GAMES[game]
    engine = get_game(name)
    decide = adapters()[name].decide
    normal = greedy(decide)
    easy = noisy(decide, LEVELS["easy"].epsilon)
    settings = replace(hard_settings(name), **(changes or {}))
    s = engine.new_game(players, seed, options or None)
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    step = 0
    while not engine.is_over(s):
        seat = min(engine.to_move(s))
        level = levels[seat]
        legal = engine.legal_actions(s, seat)
        start = time.process_time()
        if level == "hard":
            action = think(engine, s, seat, budget, seed * 100_003 + step, decide, settings).action
        else:
            rnd = random.Random(f"{seed}:{step}:{seat}")
            pick = normal if level == "normal" else easy
            action = pick(engine.view(s, seat), legal, rnd)
        times[level].append((time.process_time() - start) * 1000)
        s = engine.apply(s, seat, action).state
        step += 1
    ranking = engine.result(s)["ranking"]
    firsts = [int(r["seat"]) for r in ranking if int(r["rank"]) == 1]
    share = {p: (1 / len(firsts) if p in firsts else 0.0) for p in range(players)}
    return {"share": share, "times": times}


Job = tuple[str, int, tuple[str, ...], int, Budget, int, dict[str, Any]]


def _play(job: Job) -> tuple[float, dict[str, Any]]:
    game, players, levels, seed, budget, tested, changes = job
    out = play(game, players, levels, seed, budget, changes)
    return out["share"][tested], out["times"]


def run_match(
    game: str,
    match: str,
    games: int,
    budget: Budget,
    jobs: int,
    first_seed: int,
    changes: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one match `games` times, the tested seat going round the table."""
    players, tested, others = MATCHES[match]
    work: list[Job] = []
    for k in range(games):
        seat = k % players
        levels = tuple(tested if p == seat else others for p in range(players))
        work.append((game, players, levels, first_seed + k, budget, seat, changes or {}))
    wins = 0.0
    times: dict[str, list[float]] = {}
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_play, work))
    else:
        results = [_play(job) for job in work]
    for share, game_times in results:
        wins += share
        for level, values in game_times.items():
            times.setdefault(level, []).extend(values)
    low, high = wilson(wins, games)
    return {
        "players": players,
        "tested": tested,
        "against": others,
        "games": games,
        "wins": round(wins, 2),
        "win_rate": round(wins / games, 3),
        "ci95": [round(low, 3), round(high, 3)],
        "times": times,
    }


def peak_memory(game: str, budget: Budget, seed: int = 1) -> float:
    """Peak memory (MB, tracemalloc) of one hard decision on a 4-player position mid-game."""
    name, options = GAMES[game]
    engine = get_game(name)
    decide = adapters()[name].decide
    rnd = random.Random(seed)
    s = engine.new_game(4, seed, options or None)
    seat = -1
    # the 12th decision with a choice, or the last before the end
    for _ in range(12):
        while not engine.is_over(s) and len(engine.legal_actions(s, min(engine.to_move(s)))) < 2:
            seat = min(engine.to_move(s))
            s = engine.apply(s, seat, engine.legal_actions(s, seat)[0]).state
        if engine.is_over(s):
            break
        seat = min(engine.to_move(s))
        before = s
        s = engine.apply(s, seat, rnd.choice(engine.legal_actions(s, seat))).state
        if engine.is_over(s):
            s = before
            break
    seat = min(engine.to_move(s))
    tracemalloc.start()
    think(engine, s, seat, budget, seed, decide, hard_settings(name))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return round(peak / 2**20, 2)


def settings_changes(text: str) -> dict[str, Any]:
    """`key=value,...` over the search settings (numbers, None, or words)."""
    out: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key not in Settings.__dataclass_fields__:
            raise SystemExit(f"unknown setting {key!r}")
        out[key] = None if value == "None" else _number(value)
    return out


def _number(value: str) -> Any:
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


def timing(values: Sequence[float]) -> dict[str, float]:
    """Decision time figures (ms)."""
    return {
        "decisions": len(values),
        "p50_ms": round(percentile(values, 50), 2),
        "p95_ms": round(percentile(values, 95), 2),
        "p99_ms": round(percentile(values, 99), 2),
        "max_ms": round(max(values, default=0.0), 2),
    }


def verdicts(per_game: Mapping[str, Any]) -> dict[str, bool]:
    """Which goals each game meets in this run (a win rate's goal is met by its point estimate;
    the interval says how sure that is)."""
    out: dict[str, bool] = {}
    for game, fig in per_game.items():
        m = fig["matches"]
        if "hard2p" in m:
            out[f"{game}.hard2p>=65%"] = m["hard2p"]["win_rate"] >= GOALS["hard2p_win_rate"]
            out[f"{game}.hard2p_games>=200"] = m["hard2p"]["games"] >= GOALS["hard2p_games"]
        if "hard4p" in m:
            out[f"{game}.hard4p>=40%"] = m["hard4p"]["win_rate"] >= GOALS["hard4p_win_rate"]
        if "easy2p" in m:
            out[f"{game}.normal_vs_easy>=70%"] = m["easy2p"]["win_rate"] >= GOALS["easy2p_win_rate"]
        t = fig["times"]
        if "hard" in t:
            out[f"{game}.hard_p95<=2s"] = t["hard"]["p95_ms"] <= GOALS["hard_p95_ms"]
            out[f"{game}.hard_p99<=4s"] = t["hard"]["p99_ms"] <= GOALS["hard_p99_ms"]
        for level in ("normal", "easy"):
            if level in t:
                out[f"{game}.{level}_p99<=100ms"] = t[level]["p99_ms"] <= GOALS[f"{level}_p99_ms"]
    return out


def main() -> None:
    """Run the benchmark, print its table and write bench/results/ai.json."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match")
    parser.add_argument("--budget-ms", type=float, default=None, help="hard's CPU ms per decision")
    parser.add_argument("--iterations", type=int, default=None, help="hard's iteration cap")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument("--only", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument("--matches", default=",".join(MATCHES), help="matches, comma-separated")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--name", default="ai", help="results file: bench/results/<name>.json")
    parser.add_argument(
        "--settings",
        default="",
        help="search settings over the level's, e.g. rollout=policy,rollout_depth=8",
    )
    args = parser.parse_args()
    changes = settings_changes(args.settings)
    per_game: dict[str, Any] = {}
    for game in args.only.split(","):
        name = GAMES[game][0]
        default = hard_budget(name)
        budget = Budget(
            iterations=args.iterations if args.iterations is not None else default.iterations,
            ms=args.budget_ms if args.budget_ms is not None else default.ms,
        )
        times: dict[str, list[float]] = {}
        matches = {}
        for match in args.matches.split(","):
            started = time.perf_counter()
            fig = run_match(game, match, args.games, budget, args.jobs, args.seed, changes)
            for level, values in fig.pop("times").items():
                times.setdefault(level, []).extend(values)
            low, high = fig["ci95"]
            print(
                f"{game:10} {match:7} {fig['tested']:>6} vs {fig['against']:<6} "
                f"{fig['wins']:6.1f}/{fig['games']:<4} {fig['win_rate']:6.1%}  "
                f"95% [{low:.1%}, {high:.1%}]  ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
            matches[match] = fig
        per_game[game] = {
            "budget": {"iterations": budget.iterations, "ms": budget.ms},
            "settings": asdict(replace(hard_settings(name), **changes)),
            "matches": matches,
            "times": {level: timing(values) for level, values in times.items()},
            "peak_memory_mb": peak_memory(game, budget) if "hard" in times else None,
        }
        for level, t in per_game[game]["times"].items():
            print(
                f"{game:10} {level:7} decisions {t['decisions']:6}  p50 {t['p50_ms']:8.2f} ms  "
                f"p95 {t['p95_ms']:8.2f} ms  p99 {t['p99_ms']:8.2f} ms  max {t['max_ms']:8.2f} ms",
                flush=True,
            )
        if per_game[game]["peak_memory_mb"] is not None:
            print(f"{game:10} one thinking AI: peak {per_game[game]['peak_memory_mb']} MB")
    verdict = verdicts(per_game)
    for goal, met in verdict.items():
        print(f"{'met' if met else 'NOT met':8} {goal}")
    path = write_results(
        args.name,
        {
            "games_per_match": args.games,
            "goals": GOALS,
            "results": per_game,
            "verdicts": verdict,
            "note": "time is CPU time of the deciding process (one core); a win rate's goal "
            "is judged on its point estimate, its 95 % Wilson interval beside it",
        },
    )
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
