"""AI benchmark: the levels against each other in seeded games of every game.

    python -m bench.ai [--games 200] [--budget-ms 1500] [--iterations N] [--jobs 1]
                       [--only rattus,africanus,piper,...] [--matches hard2p,hard4p,easy2p]

Games (`GAMES`): every game and variant, Rattus and Africanus, the Pied Piper plain, with
p'tits rats and with hidden cards, and Rattus Cartus plain and with its variants.

Matches, per game: hard against normal at 2 players (seats alternated), one hard seat against
three normal ones at 4 players (the hard seat goes round the table), normal against easy at
2 players. A win is first place; a shared first place counts as a share of a win. Prints the
win rates with their 95 % Wilson intervals and the decision times per level (CPU time of the
deciding process, p50/p95/p99), and the peak memory of one thinking AI (tracemalloc); writes
bench/results/ai.json with the goals (issue 28): hard beats normal in >= 65 % of >= 200
2-player games and >= 40 % at 4 players, normal beats easy in >= 70 %, hard decides in
p95 <= 2 s and p99 <= 4 s on one core, normal and easy in p99 <= 100 ms.

`--raw F` also keeps a run's every game and decision time, `--combine F1,F2` reports several
such runs (other seeds, other games) as one, and `--keep` carries over, from the results file,
the games a run or a combination does not cover (one game measured again, the rest kept).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import tracemalloc
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from ai import LEVELS, Budget, Settings, greedy, noisy, think
from ai.levels import hard_budget, hard_settings, variant_of
from bench.common import RESULTS, percentile, write_results
from bot.adapter import adapters
from engine.core.registry import get_game

# Every game and variant the engines offer (`variants()`): the name a result is filed under,
# and the engine and options it is played with.
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "rattus": ("rattus", {}),
    "africanus": ("rattus", {"expansion": "africanus"}),
    "piper": ("piper", {}),
    "piper_ptits_rats": ("piper", {"variant": "ptits_rats"}),
    "piper_hidden": ("piper", {"variant": "hidden"}),
    "cartus": ("cartus", {}),
    "cartus_variants": (
        "cartus",
        {"supply": "simultaneous", "buildings": "random", "everyone_dead": "fewest_rats"},
    ),
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
    settings = replace(_hard_settings(game), **(changes or {}))
    s = engine.new_game(players, seed, options or None)
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    step = 0
    while not engine.is_over(s):
        seat = min(engine.to_move(s))
        level = levels[seat]
        legal = engine.legal_actions(s, seat)
        start = time.process_time()
        if level == "hard":
            action = think(
                engine, s, seat, budget, seed * 100_003 + step, decide, settings, rate=False
            ).action
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


def _hard_settings(game: str) -> Settings:
    """The hard level's settings for a game of GAMES, found as the bot finds them (the variant
    named by the game's public view)."""
    name, options = GAMES[game]
    engine = get_game(name)
    fresh = engine.new_game(2, 0, options or None)
    return hard_settings(name, variant_of(engine.view(fresh, None)))


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
    """Play one match `games` times (seeds from `first_seed`), the tested seat going round the
    table: each game's seed and share of a win, and every decision's time per level."""
    players, tested, others = MATCHES[match]
    work: list[Job] = []
    for k in range(games):
        seat = (first_seed + k) % players
        levels = tuple(tested if p == seat else others for p in range(players))
        work.append((game, players, levels, first_seed + k, budget, seat, changes or {}))
    times: dict[str, list[float]] = {}
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_play, work))
    else:
        results = [_play(job) for job in work]
    for _, game_times in results:
        for level, values in game_times.items():
            times.setdefault(level, []).extend(round(v, 3) for v in values)
    return {
        "seeds": [job[3] for job in work],
        "shares": [share for share, _ in results],
        "times": times,
    }


def summary(match: str, seeds: Sequence[int], shares: Sequence[float]) -> dict[str, Any]:
    """A match's win rate and its 95 % Wilson interval."""
    players, tested, others = MATCHES[match]
    games = len(shares)
    wins = sum(shares)
    low, high = wilson(wins, games)
    return {
        "players": players,
        "tested": tested,
        "against": others,
        "games": games,
        "seeds": [min(seeds, default=0), max(seeds, default=0)],
        "wins": round(wins, 2),
        "win_rate": round(wins / games, 3) if games else 0.0,
        "ci95": [round(low, 3), round(high, 3)],
    }


def peak_memory(game: str, budget: Budget, seed: int = 1) -> dict[str, Any]:
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
    # Tracing slows the search down: the traced run makes as many iterations as an untraced
    # one made within the budget.
    settings = _hard_settings(game)
    done = think(engine, s, seat, budget, seed, decide, settings).iterations
    tracemalloc.start()
    think(engine, s, seat, Budget(iterations=max(1, done)), seed, decide, settings)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"iterations": done, "peak_mb": round(peak / 2**20, 2)}


def level_timing(game: str, decisions: int, changes: Mapping[str, Any]) -> dict[str, Any]:
    """`decisions` hard decisions at the level's own budget (ai.levels), on positions of seeded
    2- and 4-player games where the seat has a choice: CPU and wall time of each, ms."""
    name, options = GAMES[game]
    engine = get_game(name)
    decide = adapters()[name].decide
    budget = hard_budget(name)
    settings = replace(_hard_settings(game), **changes)
    cpu: list[float] = []
    wall: list[float] = []
    seed = 0
    while len(cpu) < decisions:
        rnd = random.Random(seed)
        s = engine.new_game(2 + 2 * (seed % 2), seed, options or None)
        step = 0
        while not engine.is_over(s) and len(cpu) < decisions:
            seat = min(engine.to_move(s))
            legal = engine.legal_actions(s, seat)
            if len(legal) > 1 and step % 7 == 3:
                c0, w0 = time.process_time(), time.perf_counter()
                think(engine, s, seat, budget, seed * 1000 + step, decide, settings)
                cpu.append((time.process_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
            s = engine.apply(s, seat, rnd.choice(legal)).state
            step += 1
        seed += 1
    return {
        "budget": {"iterations": budget.iterations, "ms": budget.ms, "clock": budget.clock},
        "cpu": timing(cpu),
        "wall": timing(wall),
    }


def settings_changes(text: str) -> dict[str, Any]:
    """`key=value,...` over the search settings (numbers, None, words, or sets of words
    joined by "+": `searched=supply+enter`, `left_out=` for none)."""
    out: dict[str, Any] = {}
    sets = {"left_out", "searched"}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key not in Settings.__dataclass_fields__:
            raise SystemExit(f"unknown setting {key!r}")
        if value == "None":
            out[key] = None
        elif key in sets:
            out[key] = frozenset(filter(None, value.split("+")))
        else:
            out[key] = _number(value)
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
        lt = fig.get("level_timing")
        hard = lt["cpu"] if lt else t.get("hard")
        if hard is not None:
            # at the level's own budget when timed (--level-decisions), else in the games
            out[f"{game}.hard_p95<=2s"] = hard["p95_ms"] <= GOALS["hard_p95_ms"]
            out[f"{game}.hard_p99<=4s"] = hard["p99_ms"] <= GOALS["hard_p99_ms"]
        for level in ("normal", "easy"):
            if level in t:
                out[f"{game}.{level}_p99<=100ms"] = t[level]["p99_ms"] <= GOALS[f"{level}_p99_ms"]
    return out


def collect(args: argparse.Namespace) -> dict[str, Any]:
    """Play the asked matches; the raw figures (every game's share, every decision's time)."""
    changes = settings_changes(args.settings)
    raw: dict[str, Any] = {}
    for game in args.only.split(","):
        name = GAMES[game][0]
        default = hard_budget(name)
        budget = Budget(
            iterations=args.iterations if args.iterations is not None else default.iterations,
            ms=args.budget_ms if args.budget_ms is not None else default.ms,
        )
        entry: dict[str, Any] = {
            "budget": {"iterations": budget.iterations, "ms": budget.ms},
            "settings": {
                key: sorted(value) if isinstance(value, frozenset) else value
                for key, value in asdict(replace(_hard_settings(game), **changes)).items()
            },
            "matches": {},
            "times": {},
        }
        for match in args.matches.split(","):
            started = time.perf_counter()
            games = args.games4p if MATCHES[match][0] == 4 and args.games4p else args.games
            fig = run_match(game, match, games, budget, args.jobs, args.seed, changes)
            for level, values in fig.pop("times").items():
                entry["times"].setdefault(level, []).extend(values)
            entry["matches"][match] = fig
            s = summary(match, fig["seeds"], fig["shares"])
            print(
                f"{game:10} {match:7} {s['wins']:6.1f}/{s['games']:<4} {s['win_rate']:6.1%}  "
                f"({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
        entry["memory"] = peak_memory(game, budget) if "hard" in entry["times"] else None
        if args.level_decisions:
            entry["level_timing"] = level_timing(game, args.level_decisions, changes)
        raw[game] = entry
    return raw


def merge(parts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Raw figures of several runs (other games, or other seeds) as one run's."""
    out: dict[str, Any] = {}
    for part in parts:
        for game, entry in part.items():
            mine = out.setdefault(
                game,
                {
                    "budget": entry["budget"],
                    "settings": entry["settings"],
                    "matches": {},
                    "times": {},
                    "memory": entry["memory"],
                },
            )
            if (mine["budget"], mine["settings"]) != (entry["budget"], entry["settings"]):
                raise SystemExit(f"{game}: runs with different budgets or settings")
            for match, fig in entry["matches"].items():
                into = mine["matches"].setdefault(match, {"seeds": [], "shares": []})
                if set(into["seeds"]) & set(fig["seeds"]):
                    raise SystemExit(f"{game} {match}: the same seed in two runs")
                into["seeds"] += fig["seeds"]
                into["shares"] += fig["shares"]
            for level, values in entry["times"].items():
                mine["times"].setdefault(level, []).extend(values)
            if entry.get("level_timing"):
                mine["level_timing"] = entry["level_timing"]
            if entry["memory"] and (
                not mine["memory"] or entry["memory"]["peak_mb"] > mine["memory"]["peak_mb"]
            ):
                mine["memory"] = entry["memory"]
    return out


def report(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Print the table of a run (or of merged runs) and return its figures."""
    per_game: dict[str, Any] = {}
    for game, entry in raw.items():
        matches = {
            m: summary(m, fig["seeds"], fig["shares"]) for m, fig in entry["matches"].items()
        }
        per_game[game] = {
            "budget": entry["budget"],
            "settings": entry["settings"],
            "matches": matches,
            "times": {level: timing(values) for level, values in entry["times"].items()},
            "memory": entry["memory"],
            "level_timing": entry.get("level_timing"),
        }
    print(f"{'game':10} {'match':7} {'tested':>6} vs {'others':<6} {'wins':>11}  rate   95% CI")
    for game, fig in per_game.items():
        for match, m in fig["matches"].items():
            low, high = m["ci95"]
            print(
                f"{game:10} {match:7} {m['tested']:>6} vs {m['against']:<6} "
                f"{m['wins']:6.1f}/{m['games']:<4} {m['win_rate']:6.1%}  [{low:.1%}, {high:.1%}]"
            )
    for game, fig in per_game.items():
        for level, t in fig["times"].items():
            print(
                f"{game:10} {level:7} decisions {t['decisions']:6}  p50 {t['p50_ms']:8.2f} ms  "
                f"p95 {t['p95_ms']:8.2f} ms  p99 {t['p99_ms']:8.2f} ms  max {t['max_ms']:8.2f} ms"
            )
        lt = fig["level_timing"]
        if lt is not None:
            for clock in ("cpu", "wall"):
                t = lt[clock]
                print(
                    f"{game:10} hard at the level's budget ({lt['budget']['ms']:.0f} ms), {clock}: "
                    f"decisions {t['decisions']}  p50 {t['p50_ms']:.0f} ms  "
                    f"p95 {t['p95_ms']:.0f} ms  p99 {t['p99_ms']:.0f} ms"
                )
        memory = fig["memory"]
        if memory is not None:
            print(
                f"{game:10} one thinking AI (4 players, {memory['iterations']} iterations): "
                f"peak {memory['peak_mb']} MB"
            )
    return per_game


def main() -> None:
    """Run the benchmark (or combine runs), print its table and write its results."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match")
    parser.add_argument("--games4p", type=int, default=0, help="games of a 4-player match")
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
    parser.add_argument(
        "--level-decisions",
        type=int,
        default=0,
        help="also time this many hard decisions at the level's own budget (ai.levels)",
    )
    parser.add_argument("--raw", default="", help="also write the raw figures to this file")
    parser.add_argument(
        "--combine",
        default="",
        help="raw files of earlier runs, comma-separated: report them as one run",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the figures of the games this run does not cover from the results file",
    )
    args = parser.parse_args()
    if args.combine:
        paths = args.combine.split(",")
        raw = merge([json.loads(Path(p).read_text("utf-8")) for p in paths])
        how: Any = {"combined": [Path(p).name for p in paths]}
    else:
        raw = collect(args)
        how = {"argv": sys.argv[1:]}
        if args.raw:
            Path(args.raw).write_text(json.dumps(raw) + "\n", "utf-8")
    per_game = report(raw)
    if args.keep:
        # The other games' figures as the file has them, with how they were made.
        earlier = json.loads((RESULTS / f"{args.name}.json").read_text("utf-8"))
        kept = {g: fig for g, fig in earlier["results"].items() if g not in per_game}
        how = {**how, "kept": {"games": sorted(kept), "from": earlier["run"]}}
        per_game = {**kept, **per_game}
    verdict = verdicts(per_game)
    for goal, met in verdict.items():
        print(f"{'met' if met else 'NOT met':8} {goal}")
    path = write_results(
        args.name,
        {
            "run": how,
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
