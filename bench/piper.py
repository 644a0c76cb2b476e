"""Pied Piper benchmark: the engine, the board image and the AI.

    python -m bench.piper [--games 300] [--ai-games 300] [--runs 200]

- Engine: whole random 5-player games (every variant), wall and CPU time per game. Goal:
  <= 5 ms a game.
- Board image: a busy 5-player mid-game view drawn `--runs` times; p50/p95 and the PNG's size.
  Goal: p50 <= 15 ms.
- AI: 3-player games, the AI against two random players (its seat turns with the seed; each
  decision gets its own Random seeded from (seed, step, seat), as the bot does); win rate and
  the time per decision (wall and CPU). Goals: >= 90 % wins, p99 <= 100 ms.

Wall times depend on what else the machine runs; CPU times (time.process_time) much less, so
both are given. The figures go to bench/results/piper.json.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from bench.common import percentile, write_results
from bot.games.piper.ai import decide
from engine.piper import GAME
from engine.piper.state import State
from render.piper import render_board, render_private, warm

NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve"]
GOALS = {"game_ms_goal": 5.0, "board_ms_p50_goal": 15.0, "ai_win_goal": 0.9, "ai_p99_goal": 100.0}


def engine_games(games: int, options: dict[str, str] | None) -> dict[str, Any]:
    """Whole random 5-player games: time per game (wall and CPU) and actions per game."""
    wall: list[float] = []
    cpu: list[float] = []
    steps = 0
    for seed in range(games):
        rnd = random.Random(seed)
        w0, c0 = time.perf_counter(), time.process_time()
        s = GAME.new_game(5, seed, options)
        while not GAME.is_over(s):
            seat = s.active
            s = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat))).state
            steps += 1
        wall.append((time.perf_counter() - w0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return {
        "variant": (options or {}).get("variant") or "plain",
        "games": games,
        "actions_per_game": round(steps / games, 1),
        "game_ms_mean": round(sum(wall) / games, 3),
        "game_ms_p50": round(percentile(wall, 50), 3),
        "game_ms_p99": round(percentile(wall, 99), 3),
        "game_cpu_ms_mean": round(sum(cpu) / games, 3),
        "game_cpu_ms_p50": round(percentile(cpu, 50), 3),
    }


def busy_game(seed: int = 3, actions: int = 17) -> State:
    """A seeded 5-player game in mid-play: cards under the characters, moved figures."""
    s = GAME.new_game(5, seed, {"variant": "hidden"})
    rnd = random.Random(seed)
    for _ in range(actions):
        if GAME.is_over(s):
            break
        s = GAME.apply(s, s.active, rnd.choice(GAME.legal_actions(s, s.active))).state
    return s


def board_image(runs: int) -> dict[str, Any]:
    """Time and size of the public board image and of a seat's private image."""
    warm()
    state = busy_game()
    view = GAME.view(state, None)
    data = render_board(view, NAMES)
    width, height = Image.open(io.BytesIO(data)).size
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(runs):
        w0, c0 = time.perf_counter(), time.process_time()
        render_board(view, NAMES)
        wall.append((time.perf_counter() - w0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    mine = GAME.view(state, state.active)
    private = [0.0]
    if render_private(mine, NAMES) is not None:
        private = []
        for _ in range(max(10, runs // 4)):
            w0 = time.perf_counter()
            render_private(mine, NAMES)
            private.append((time.perf_counter() - w0) * 1000)
    return {
        "width": width,
        "height": height,
        "bytes": len(data),
        "board_ms_p50": round(percentile(wall, 50), 2),
        "board_ms_p95": round(percentile(wall, 95), 2),
        "board_cpu_ms_p50": round(percentile(cpu, 50), 2),
        "private_ms_p50": round(percentile(private, 50), 2),
    }


def ai_games(games: int, first_seed: int = 0) -> dict[str, Any]:
    """3-player games: the AI against two random players."""
    wall: list[float] = []
    cpu: list[float] = []
    wins = draws = 0
    for k in range(games):
        seed = first_seed + k
        ai = seed % 3
        s = GAME.new_game(3, seed)
        step = 0
        while not GAME.is_over(s):
            seat = s.active
            legal = GAME.legal_actions(s, seat)
            rnd = random.Random(f"{seed}:{step}:{seat}")
            if seat == ai:
                view = GAME.view(s, seat)
                w0, c0 = time.perf_counter(), time.process_time()
                action = decide(view, legal, rnd)
                wall.append((time.perf_counter() - w0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
            else:
                action = rnd.choice(legal)
            s = GAME.apply(s, seat, action).state
            step += 1
        result = GAME.result(s)
        wins += result["winner"] == ai
        draws += bool(result["draw"])
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": round(wins / games, 3),
        "decisions": len(wall),
        "decision_ms_p50": round(percentile(wall, 50), 2),
        "decision_ms_p99": round(percentile(wall, 99), 2),
        "decision_cpu_ms_p50": round(percentile(cpu, 50), 2),
        "decision_cpu_ms_p99": round(percentile(cpu, 99), 2),
    }


def main() -> None:
    """Run, print and store the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="random 5-player games")
    parser.add_argument("--ai-games", type=int, default=300, help="3-player AI games (>= 100)")
    parser.add_argument("--runs", type=int, default=200, help="board images drawn")
    args = parser.parse_args()
    engine = [
        engine_games(args.games, options)
        for options in (None, {"variant": "ptits_rats"}, {"variant": "hidden"})
    ]
    for r in engine:
        print(
            f"engine 5p {r['variant']:>10}: game {r['game_ms_mean']} ms mean, p50"
            f" {r['game_ms_p50']}, p99 {r['game_ms_p99']}; CPU {r['game_cpu_ms_mean']} ms mean;"
            f" {r['actions_per_game']} actions"
        )
    board = board_image(args.runs)
    print(
        f"board {board['width']}x{board['height']}: p50 {board['board_ms_p50']} ms, p95"
        f" {board['board_ms_p95']} ms, CPU p50 {board['board_cpu_ms_p50']} ms,"
        f" {board['bytes']} bytes; private image p50 {board['private_ms_p50']} ms"
    )
    ai = ai_games(args.ai_games)
    print(
        f"AI vs two random players, {ai['games']} 3-player games: {ai['wins']} won"
        f" ({ai['win_rate']:.1%}), {ai['draws']} drawn; decision p50 {ai['decision_ms_p50']} ms,"
        f" p99 {ai['decision_ms_p99']} ms (CPU p50 {ai['decision_cpu_ms_p50']},"
        f" p99 {ai['decision_cpu_ms_p99']}) over {ai['decisions']} decisions"
    )
    plain = engine[0]
    met = {
        "game": plain["game_cpu_ms_mean"] <= GOALS["game_ms_goal"],
        "board": board["board_ms_p50"] <= GOALS["board_ms_p50_goal"],
        "ai_win": ai["win_rate"] >= GOALS["ai_win_goal"],
        "ai_p99": ai["decision_ms_p99"] <= GOALS["ai_p99_goal"],
    }
    print(f"goals: {GOALS}; met: {met}")
    path = write_results("piper", {"engine": engine, "board": board, "ai": ai, **GOALS, "met": met})
    print(f"written to {path}")


if __name__ == "__main__":
    main()
