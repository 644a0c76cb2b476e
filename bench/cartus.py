"""Rattus Cartus benchmark: the engine, the board image and the AI.

    python -m bench.cartus [--games 300] [--ai-games 100] [--runs 200]

- engine: whole random 4-player games (a random legal action each step, as bench.engine
  does): CPU ms per game (goal <= 10 ms), apply and legal_actions latency, dumped size;
- render: the public board of a busy 4-player position, p50 and p95 ms (goal p50 <= 20 ms)
  and PNG bytes, and the private image;
- AI: seeded 3-player games, the AI in one seat (turning round the table) against two
  random players: win rate (goal >= 80 %) and decision time p50 / p99 (goal p99 <= 200 ms).

Rattus's own random game is timed in the same chunks, taken in turn, for scale: on a shared
machine the load moves both alike. The figures go to bench/results/cartus.json.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bench.common import percentile, write_results
from engine.cartus import GAME
from engine.cartus.state import State

NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve"]


def game_cpu_ms(game: Any, games: int, players: int = 4, first_seed: int = 0) -> list[float]:
    """CPU ms of whole random games (a random legal action each step, no timer per step)."""
    out = []
    for seed in range(first_seed, first_seed + games):
        rnd = random.Random(seed)
        start = time.process_time()
        s = game.new_game(players, seed)
        while not game.is_over(s):
            seat = min(game.to_move(s))
            s = game.apply(s, seat, rnd.choice(game.legal_actions(s, seat))).state
        out.append((time.process_time() - start) * 1000)
    return out


def engine_games(games: int, players: int = 4) -> dict[str, Any]:
    """Random games: CPU time per game (in chunks of 20 taken in turn with Rattus's, so that the
    load of a shared machine weighs on both alike); then apply and legal_actions latencies."""
    from engine.rattus import GAME as RATTUS

    chunk = 20
    cartus_chunks: list[float] = []
    rattus_chunks: list[float] = []
    game_cpu: list[float] = []
    for start in range(0, games, chunk):
        times = game_cpu_ms(GAME, min(chunk, games - start), players, first_seed=start)
        game_cpu += times
        cartus_chunks.append(sum(times) / len(times))
        rattus = game_cpu_ms(RATTUS, chunk, players, first_seed=start)
        rattus_chunks.append(sum(rattus) / len(rattus))
    apply_us: list[float] = []
    legal_us: list[float] = []
    sizes: list[int] = []
    steps = 0
    clock = time.perf_counter
    for seed in range(games):
        rnd = random.Random(seed)
        s = GAME.new_game(players, seed)
        while not GAME.is_over(s):
            seat = min(GAME.to_move(s))
            t0 = clock()
            legal = GAME.legal_actions(s, seat)
            t1 = clock()
            s = GAME.apply(s, seat, rnd.choice(legal)).state
            t2 = clock()
            legal_us.append((t1 - t0) * 1e6)
            apply_us.append((t2 - t1) * 1e6)
            steps += 1
        sizes.append(len(json.dumps(GAME.dump(s), separators=(",", ":"))))
    return {
        "players": players,
        "games": games,
        "steps_per_game": round(steps / games, 1),
        "game_cpu_ms_mean": round(sum(game_cpu) / games, 3),
        "game_cpu_ms_p50": round(percentile(game_cpu, 50), 3),
        "game_cpu_ms_best_chunk": round(min(cartus_chunks), 3),
        "rattus_game_cpu_ms_mean": round(sum(rattus_chunks) / len(rattus_chunks), 3),
        "rattus_game_cpu_ms_best_chunk": round(min(rattus_chunks), 3),
        "apply_us_p50": round(percentile(apply_us, 50), 1),
        "apply_us_p99": round(percentile(apply_us, 99), 1),
        "legal_actions_us_p50": round(percentile(legal_us, 50), 1),
        "dump_bytes_final": max(sizes),
    }


def busy_position(seed: int = 5, players: int = 4) -> State:
    """A 4-player game in its fourth round, mid-visit: discs and face-down cards on the row."""
    from bot.games.cartus.ai import decide

    s = GAME.new_game(players, seed)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        if s.round >= 4 and s.phase.value == "visit" and len(s.visits) >= players - 1:
            return s
        seat = min(GAME.to_move(s))
        s = GAME.apply(s, seat, decide(GAME.view(s, seat), GAME.legal_actions(s, seat), rnd)).state
    raise AssertionError("the game ended before the position was reached")


def render_figures(runs: int) -> dict[str, Any]:
    """Board image time and size of a busy position; the private image too."""
    from render.cartus import render_board, render_private, warm

    warm()
    s = busy_position()
    view = GAME.view(s, None)
    names = NAMES[:4]
    data = render_board(view, names)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        render_board(view, names)
        times.append((time.perf_counter() - start) * 1000)
    mine = GAME.view(s, 0)
    private = render_private(mine, names) or b""
    ptimes = []
    for _ in range(max(10, runs // 4)):
        start = time.perf_counter()
        render_private(mine, names)
        ptimes.append((time.perf_counter() - start) * 1000)
    return {
        "board_ms_p50": round(percentile(times, 50), 2),
        "board_ms_p95": round(percentile(times, 95), 2),
        "board_bytes": len(data),
        "private_ms_p50": round(percentile(ptimes, 50), 2),
        "private_bytes": len(private),
    }


def ai_game(seed: int, ai_seat: int, players: int = 3, times: list[float] | None = None) -> bool:
    """One seeded game: the AI at `ai_seat`, random players elsewhere; True when it wins alone
    or shares the win."""
    from bot.games.cartus.ai import decide

    s = GAME.new_game(players, seed)
    step = 0
    while not GAME.is_over(s):
        seat = min(GAME.to_move(s))
        legal = GAME.legal_actions(s, seat)
        rnd = random.Random(f"{seed}:{step}:{seat}")
        if seat == ai_seat:
            view = GAME.view(s, seat)
            start = time.perf_counter()
            action = decide(view, legal, rnd)
            if times is not None:
                times.append((time.perf_counter() - start) * 1000)
        else:
            action = rnd.choice(legal)
        s = GAME.apply(s, seat, action).state
        step += 1
    return ai_seat in GAME.result(s)["winners"]


def ai_figures(games: int, players: int = 3, first_seed: int = 0) -> dict[str, Any]:
    """Win rate and decision times of the AI against random players."""
    times: list[float] = []
    wins = sum(ai_game(first_seed + k, k % players, players, times) for k in range(games))
    return {
        "ai_players": players,
        "ai_games": games,
        "ai_wins": wins,
        "ai_win_rate": round(wins / games, 3),
        "ai_decisions": len(times),
        "ai_decision_ms_p50": round(percentile(times, 50), 3),
        "ai_decision_ms_p99": round(percentile(times, 99), 3),
    }


def main() -> None:
    """Run, print and store the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--ai-games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    engine = engine_games(args.games)
    print(
        f"engine: random 4-player game {engine['game_cpu_ms_mean']} ms CPU mean"
        f" (p50 {engine['game_cpu_ms_p50']}, best chunk {engine['game_cpu_ms_best_chunk']}),"
        f" {engine['steps_per_game']} steps; Rattus in the same chunks"
        f" {engine['rattus_game_cpu_ms_mean']} (best {engine['rattus_game_cpu_ms_best_chunk']});"
        f" apply p50/p99 {engine['apply_us_p50']}/{engine['apply_us_p99']} us,"
        f" legal_actions p50 {engine['legal_actions_us_p50']} us;"
        f" final dump {engine['dump_bytes_final']} B"
    )
    render = render_figures(args.runs)
    print(
        f"render: board p50 {render['board_ms_p50']} ms, p95 {render['board_ms_p95']} ms,"
        f" {render['board_bytes']} B; private p50 {render['private_ms_p50']} ms,"
        f" {render['private_bytes']} B"
    )
    ai = ai_figures(args.ai_games)
    print(
        f"AI: won {ai['ai_wins']} of {ai['ai_games']} 3-player games against two random"
        f" players ({ai['ai_win_rate']:.0%}); decision p50 {ai['ai_decision_ms_p50']} ms,"
        f" p99 {ai['ai_decision_ms_p99']} ms over {ai['ai_decisions']} decisions"
    )
    goals = {
        "goal_game_ms": 10.0,
        "goal_board_ms_p50": 20.0,
        "goal_win_rate": 0.8,
        "goal_decision_ms_p99": 200.0,
    }
    met = {
        "game": engine["game_cpu_ms_mean"] <= goals["goal_game_ms"],
        "board": render["board_ms_p50"] <= goals["goal_board_ms_p50"],
        "win_rate": ai["ai_win_rate"] >= goals["goal_win_rate"],
        "decision": ai["ai_decision_ms_p99"] <= goals["goal_decision_ms_p99"],
    }
    print(f"goals: {goals}; met: {met}")
    path = write_results(
        "cartus",
        {"engine": engine, "render": render, "ai": ai, **goals, "goals_met": met},
    )  # fmt: skip
    print(f"written to {path}")


if __name__ == "__main__":
    main()
