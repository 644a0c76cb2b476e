"""Render benchmark: the time and size of a full board image.

    python -m bench.render [--runs 200]

Prints p50/p95 render time and byte size of a full 4-player board (and a 6-player Africanus
board), and in the same run the time Pillow needs to PNG-encode, at default settings, an RGB
canvas of the same size filled with one colour, with the ratio. Goals (issues 5 and 6):
4-player p50 <= 25 ms and at most half of that plain encode; 6-player p50 <= 30 ms; images
<= 300 KB.
"""

from __future__ import annotations

import argparse
import io
import time
from typing import Any

from PIL import Image

from bench.common import percentile, write_results
from engine.rattus import GAME
from render.rattus import render_board
from tests.render.views import NAMES, played


def timed(fn: Any, runs: int) -> list[float]:
    """Milliseconds of each run."""
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def measure(name: str, view: dict[str, Any], names: list[str], runs: int) -> dict[str, Any]:
    """Render and plain-encode figures for one board."""
    data = render_board(view, names)  # warms the static layer and palette caches
    size = Image.open(io.BytesIO(data)).size
    render_ms = timed(lambda: render_board(view, names), runs)
    blank = Image.new("RGB", size, (240, 230, 210))
    plain_ms = timed(lambda: blank.save(io.BytesIO(), "PNG"), max(20, runs // 4))
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
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    boards = [
        ("4 players", GAME.view(played(4, 13, 60), None), NAMES[:4]),
        (
            "6 players Africanus",
            GAME.view(played(6, 31, 150, {"expansion": "africanus"}), None),
            NAMES,
        ),
    ]
    rows = [measure(name, view, names, args.runs) for name, view, names in boards]
    for r in rows:
        print(
            f"{r['board']:>20}: {r['width']}x{r['height']}  render p50 {r['render_ms_p50']} ms"
            f"  p95 {r['render_ms_p95']} ms  {r['bytes']} bytes  plain encode"
            f" {r['plain_encode_ms_p50']} ms  ratio {r['ratio_to_plain_encode']}"
        )
    goals = {"goal_4p_p50_ms": 25, "goal_6p_p50_ms": 30, "goal_ratio": 0.5, "goal_bytes": 300_000}
    print(f"written to {write_results('render', {'boards': rows, **goals})}")


if __name__ == "__main__":
    main()
