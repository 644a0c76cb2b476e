"""The seam: a throwaway game (tests/seam/toy) added as its three packages only, an engine
package, a render module and a bot package, with nothing else changed, plays end to end.

It runs in its own interpreter (tests/seam/toy_play.py), so that the toy joins the game
packages there and no other test meets it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_throwaway_game_plays_through_the_three_packages_only() -> None:
    env = {**os.environ, "PYTEST_ADDOPTS": ""}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            str(ROOT / "tests" / "seam" / "toy_play.py"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert "3 passed" in run.stdout, run.stdout[-3000:]
