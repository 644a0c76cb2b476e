"""The README's set-up commands are the ones CI runs."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    command = (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]'"
        " && .venv/bin/python -m pytest -n auto"
    )
    assert command in readme
    assert command in ci.splitlines()
