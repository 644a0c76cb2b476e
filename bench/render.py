"""Render benchmark: what a public board costs to draw, as one picture and as its two parts.

    python -m bench.render [--runs 100] [--repeats 3]      (or: python bench/render.py)

1. Boards: a busy 4-player Rattus mid-game and a 6-player Africanus one (seeded engine games),
   drawn as one picture (`render_board`) and as its two parts (`render_part`), each warmed
   first: p50/p95 CPU ms and bytes per part, "hot" (the very same view again: every band of
   rows found by what is drawn in it, nothing drawn or compressed) and "cold" (every kept band
   forgotten before each call: everything drawn and compressed, the sprites kept).
2. Games: every successive public view of a seeded game played by the AI (Rattus 4p,
   Africanus 6p, Piper 5p, Cartus 4p), drawn in order through `render.worker.parts` with its
   cache of parts, as a render worker draws them for the bot: mean and p95 CPU ms per view,
   how often each part was drawn, and the mean bytes per view counting only parts whose bytes
   changed (what the bot uploads). "warm": the worker drew another game of the same kind
   before (another seed), as a long-running worker has; "fresh": the first game a new
   worker draws (every text and piece drawn for the first time). Each is tried --repeats
   times (caches emptied between tries): the median try is kept.

Goals (issue 27): mean <= 5 ms per successive view for each game; the two parts of a 4-player
board at most 60% of the bytes of the single board before the split (117,320 bytes,
10.8 ms p50). The figures go to bench/results/render.json.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import percentile, write_results
from bot.games.cartus.ai import decide as cartus_decide
from bot.games.piper.ai import decide as piper_decide
from bot.games.rattus.ai import decide as rattus_decide
from engine.cartus import GAME as CARTUS
from engine.piper import GAME as PIPER
from engine.rattus import GAME
from engine.rattus.state import State
from engine.rattus.view_types import RattusView
from render import common, renderer_for, worker
from render.rattus import render_board, render_part, render_private

NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve", "Frederic"]
PARTS = ("map", "players")
# The single board before it was cut in two (bench/results/render.json of 2026-11-27 05:00).
BEFORE = {
    "4 players": {"render_ms_p50": 10.83, "render_ms_p95": 15.57, "bytes": 117_320},
    "6 players Africanus": {"render_ms_p50": 12.7, "render_ms_p95": 18.76, "bytes": 157_158},
}
GOAL_MS_PER_VIEW = 5.0
GOAL_BYTES_SHARE = 0.6


def busy_game(players: int, seed: int, turn: int, options: dict[str, Any] | None) -> State:
    """A seeded game played until `turn` and a plague move that revealed rat tokens, with a
    policy that places cubes often, so the board is full of pieces."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        seat = min(GAME.to_move(s))
        recent = s.recent
        if s.turn >= turn and seat == s.active and recent is not None and recent.reveals:
            break
        legal = GAME.legal_actions(s, seat)
        busy = [a for a in legal if str(a).startswith(("place", "open"))]
        action = rnd.choice(busy) if busy and rnd.random() < 0.75 else rnd.choice(legal)
        s = GAME.apply(s, seat, action).state
    return s


def timed(fn: Callable[[], object]) -> float:
    """CPU milliseconds one call takes (the machine's other work does not count)."""
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def measure(name: str, view: RattusView, names: list[str], runs: int) -> dict[str, Any]:
    """The board as one picture and as its parts: ms (hot and cold) and bytes."""
    board = render_board(view, names)  # builds the static layers and the palette
    row: dict[str, Any] = {"board": name, "one_picture_bytes": len(board)}
    one = [timed(lambda: render_board(view, names)) for _ in range(runs)]
    row["one_picture_ms_p50"] = round(percentile(one, 50), 2)
    total = 0
    for part in PARTS:
        data = render_part(part, view, names)
        total += len(data)

        def draw(part: str = part) -> bytes:
            return render_part(part, view, names)

        hot = [timed(draw) for _ in range(runs)]
        cold = []
        for _ in range(runs):
            common.forget_bands(static=False)
            cold.append(timed(draw))
        row[part] = {
            "bytes": len(data),
            "hot_ms_p50": round(percentile(hot, 50), 2),
            "hot_ms_p95": round(percentile(hot, 95), 2),
            "cold_ms_p50": round(percentile(cold, 50), 2),
            "cold_ms_p95": round(percentile(cold, 95), 2),
        }
    row["parts_bytes"] = total
    before = BEFORE.get(name)
    if before is not None:
        row["before"] = before
        row["parts_bytes_share_of_before"] = round(total / before["bytes"], 3)
    return row


Policy = Callable[[Any, int, random.Random], Any]


def _rattus_policy(state: Any, seat: int, rnd: random.Random) -> Any:
    legal = GAME.legal_actions(state, seat)
    return rattus_decide(GAME.view(state, seat), legal, rnd) or rnd.choice(legal)


def _piper_policy(state: Any, seat: int, rnd: random.Random) -> Any:
    return piper_decide(PIPER.view(state, seat), PIPER.legal_actions(state, seat), rnd)


def _cartus_policy(state: Any, seat: int, rnd: random.Random) -> Any:
    return cartus_decide(CARTUS.view(state, seat), CARTUS.legal_actions(state, seat), rnd)


GAMES: tuple[tuple[str, str, Any, int, dict[str, Any] | None, Policy], ...] = (
    ("Rattus 4p", "rattus", GAME, 4, None, _rattus_policy),
    ("Africanus 6p", "rattus", GAME, 6, {"expansion": "africanus"}, _rattus_policy),
    ("Piper 5p", "piper", PIPER, 5, None, _piper_policy),
    ("Cartus 4p", "cartus", CARTUS, 4, None, _cartus_policy),
)


def public_views(
    engine: Any, players: int, seed: int, options: dict[str, Any] | None, policy: Policy
) -> list[Any]:
    """Every public view of a seeded game, one after each action (the first before any)."""
    s = engine.new_game(players, seed, options)
    rnd = random.Random(seed)
    out = [engine.view(s, None)]
    while not engine.is_over(s) and len(out) < 2000:
        seat = min(engine.to_move(s))
        s = engine.apply(s, seat, policy(s, seat, rnd)).state
        out.append(engine.view(s, None))
    return out


def sequence(
    label: str, game: str, views: Sequence[Any], names: list[str], warm: Sequence[Any]
) -> dict[str, Any]:
    """Draw every view in order through the worker's cache of parts, after the views `warm`
    (another game) when given, else after the static layers only."""
    renderer_for(game).render_board(views[-1], names)  # static layers and palette
    for view in warm:
        worker.parts(game, view, names, "en")
    worker._parts.clear()
    draws: dict[str, int] = {}
    module = renderer_for(game)
    draw = module.render_part  # type: ignore[attr-defined]

    def counted(part: str, *args: Any, **kwargs: Any) -> bytes:
        draws[part] = draws.get(part, 0) + 1
        data: bytes = draw(part, *args, **kwargs)
        return data

    module.render_part = counted  # type: ignore[attr-defined]
    ms: list[float] = []
    sent: list[int] = []
    last: dict[str, bytes] = {}
    try:
        for view in views:
            start = time.process_time()
            parts = worker.parts(game, view, names, "en")
            ms.append((time.process_time() - start) * 1000)
            sent.append(sum(len(data) for part, data in parts if last.get(part) != data))
            last = dict(parts)
    finally:
        module.render_part = draw  # type: ignore[attr-defined]
    return {
        "game": label,
        "views": len(views),
        "worker": "warm" if warm else "fresh",
        "mean_ms_per_view": round(sum(ms) / len(ms), 2),
        "p95_ms_per_view": round(percentile(ms, 95), 2),
        "parts_drawn": draws,
        "mean_bytes_per_view_changed_parts": round(sum(sent) / len(sent)),
    }


def main() -> None:
    """Run, print and store the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3, help="tries of each game's views")
    args = parser.parse_args()
    africanus = {"expansion": "africanus"}
    four = busy_game(4, 13, 16, None)
    six = busy_game(6, 31, 24, africanus)
    boards = [
        measure("4 players", GAME.view(four, None), NAMES[:4], args.runs),
        measure("6 players Africanus", GAME.view(six, None), NAMES, args.runs),
    ]
    for r in boards:
        print(
            f"{r['board']:>20}: one picture p50 {r['one_picture_ms_p50']} ms"
            f" {r['one_picture_bytes']} B | parts {r['parts_bytes']} B"
            f" ({r.get('parts_bytes_share_of_before', '-')} of before)"
        )
        for part in PARTS:
            p = r[part]
            print(
                f"{'':>22}{part:>8}: {p['bytes']} B  hot p50 {p['hot_ms_p50']} p95"
                f" {p['hot_ms_p95']} ms  cold p50 {p['cold_ms_p50']} p95 {p['cold_ms_p95']} ms"
            )
    games = []
    for label, game, engine, players, options, policy in GAMES:
        views = public_views(engine, players, 11, options, policy)
        other = public_views(engine, players, 5, options, policy)
        for warm in ([], other):
            tries = []
            for _ in range(args.repeats):  # the machine's load varies: the median of a few
                common.forget_drawings()
                tries.append(sequence(label, game, views, NAMES[:players], warm))
            row = sorted(tries, key=lambda r: float(r["mean_ms_per_view"]))[len(tries) // 2]
            row["mean_ms_per_view_tries"] = [t["mean_ms_per_view"] for t in tries]
            games.append(row)
            print(
                f"{label:>14} ({row['views']} views, {row['worker']} worker): mean"
                f" {row['mean_ms_per_view']} ms/view  p95 {row['p95_ms_per_view']} ms  drawn"
                f" {row['parts_drawn']}  {row['mean_bytes_per_view_changed_parts']} B/view sent"
            )
    extra: dict[str, Any] = {}
    witch = next((GAME.view(four, p) for p in range(4) if four.known[p]), None)
    if witch is not None and render_private(witch, NAMES[:4]) is not None:
        private_ms = [timed(lambda: render_private(witch, NAMES[:4])) for _ in range(50)]
        extra["private_ms_p50"] = round(percentile(private_ms, 50), 2)
        print(f"{'Witch DM image':>20}: p50 {extra['private_ms_p50']} ms")
    share = boards[0].get("parts_bytes_share_of_before", 1.0)
    ms_met = all(g["mean_ms_per_view"] <= GOAL_MS_PER_VIEW for g in games if g["worker"] == "warm")
    goals = {
        "goal_mean_ms_per_view": GOAL_MS_PER_VIEW,
        "goal_4p_parts_bytes_share": GOAL_BYTES_SHARE,
        "goal_ms_met": ms_met,
        "goal_bytes_met": share <= GOAL_BYTES_SHARE,
    }
    print(f"goals: {goals}")
    path = write_results("render", {"boards": boards, "games": games, **extra, **goals})
    print(f"written to {path}")


if __name__ == "__main__":
    main()
