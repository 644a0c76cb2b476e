"""Render benchmark: the time and size of a full board image.

    python -m bench.render [--runs 300]      (or: python bench/render.py)

Builds a busy 4-player mid-game view (and a 6-player Africanus one) from seeded engine games,
draws each once to warm the caches, then prints the p50/p95 render time and the PNG size, and,
in the same run and interleaved with it, the time Pillow needs to PNG-encode at default settings
an RGB canvas of the same size filled with one colour, with the ratio of the two p50s. Goals:
4-player p50 <= 25 ms and at most half that plain encode; images <= 300 KB. The figures go to
bench/results/render.json.
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
from engine.rattus import GAME
from engine.rattus.state import State
from render.rattus import render_board, render_private

NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve", "Frederic"]


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


def timed(fn: Any) -> float:
    """Milliseconds one call takes."""
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def measure(name: str, view: dict[str, Any], names: list[str], runs: int) -> dict[str, Any]:
    """Render and plain-encode figures for one board, measured in turn so that the load of the
    machine weighs on both alike."""
    data = render_board(view, names)  # draws the static layer and the palette once
    size = Image.open(io.BytesIO(data)).size
    blank = Image.new("RGB", size, (240, 230, 210))
    render_ms: list[float] = []
    plain_ms: list[float] = []
    for i in range(runs):
        render_ms.append(timed(lambda: render_board(view, names)))
        if i % 3 == 0:
            plain_ms.append(timed(lambda: blank.save(io.BytesIO(), "PNG")))
    p50, plain = percentile(render_ms, 50), percentile(plain_ms, 50)
    return {
        "board": name,
        "width": size[0],
        "height": size[1],
        "render_ms_p50": round(p50, 2),
        "render_ms_p95": round(percentile(render_ms, 95), 2),
        "bytes": len(data),
        "plain_encode_ms_p50": round(plain, 2),
        "ratio_to_plain_encode": round(p50 / plain, 3),
    }


def main() -> None:
    """Run, print and store the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=300)
    args = parser.parse_args()
    africanus = {"expansion": "africanus"}
    four = busy_game(4, 13, 16, None)
    six = busy_game(6, 31, 24, africanus)
    boards = [
        ("4 players", GAME.view(four, None), NAMES[:4]),
        ("6 players Africanus", GAME.view(six, None), NAMES),
    ]
    rows = [measure(name, view, names, args.runs) for name, view, names in boards]
    for r in rows:
        print(
            f"{r['board']:>20}: {r['width']}x{r['height']}  render p50 {r['render_ms_p50']} ms"
            f"  p95 {r['render_ms_p95']} ms  {r['bytes']} bytes  |  plain RGB encode p50"
            f" {r['plain_encode_ms_p50']} ms  ratio {r['ratio_to_plain_encode']}"
        )
    # A Witch's DM image, for scale.
    witch = next(
        (GAME.view(four, p) for p in range(4) if four.known[p]),
        None,
    )
    extra: dict[str, Any] = {}
    if witch is not None and render_private(witch, NAMES[:4]) is not None:
        private_ms = sorted(timed(lambda: render_private(witch, NAMES[:4])) for _ in range(50))
        extra["private_ms_p50"] = round(percentile(private_ms, 50), 2)
        print(f"{'Witch DM image':>20}: p50 {extra['private_ms_p50']} ms")
    goals = {"goal_4p_p50_ms": 25, "goal_ratio": 0.5, "goal_bytes": 300_000}
    four_row = rows[0]
    met = (
        four_row["render_ms_p50"] <= goals["goal_4p_p50_ms"]
        and four_row["ratio_to_plain_encode"] <= goals["goal_ratio"]
        and all(r["bytes"] <= goals["goal_bytes"] for r in rows)
    )
    print(f"goals {'met' if met else 'NOT met'}: {goals}")
    path = write_results("render", {"boards": rows, **extra, **goals, "goals_met": met})
    print(f"written to {path}")


if __name__ == "__main__":
    main()
