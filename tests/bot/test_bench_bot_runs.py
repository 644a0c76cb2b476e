"""`bench.bot --runs N` reports the median run by the bot's own CPU per action, with every
run's figures beside it: one run on this machine moves by a tenth."""

from __future__ import annotations

from typing import Any

from bench.bot import PER_RUN, median_run


def _run(own: float, **other: Any) -> dict[str, Any]:
    figures: dict[str, Any] = {key: 0 for key in PER_RUN}
    figures.update(bot_own_cpu_per_action_ms=own, board_posted_ms_p95=own * 10, **other)
    return figures


def test_one_run_is_reported_as_it_is() -> None:
    run = _run(5.5)
    assert median_run([run]) == run


def test_the_median_run_is_reported_with_every_run_and_every_429() -> None:
    runs = [_run(6.3, rate_limited_429s=1), _run(5.1), _run(5.7, failures=2)]
    figures = median_run(runs)
    # The median run's own figures, all of them from that one run.
    assert figures["bot_own_cpu_per_action_ms"] == 5.7
    assert figures["board_posted_ms_p95"] == 57.0
    assert figures["bot_own_cpu_per_action_ms_range"] == [5.1, 6.3]
    assert [r["bot_own_cpu_per_action_ms"] for r in figures["runs"]] == [6.3, 5.1, 5.7]
    # A 429 or a failure in any run is not hidden by the median.
    assert figures["rate_limited_429s"] == 1
    assert figures["failures"] == 2


def test_with_an_even_number_of_runs_the_upper_middle_one_is_reported() -> None:
    figures = median_run([_run(5.0), _run(6.0), _run(5.5), _run(5.9)])
    # Of the two middle runs (5.5 and 5.9) the report takes the dearer: never the kinder.
    assert figures["bot_own_cpu_per_action_ms"] == 5.9
