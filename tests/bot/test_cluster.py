"""`python -m bot --processes N`: the supervisor, with tiny stand-in children (no bot, no
Discord): each notes when it starts and stops, and exits as the test's plan says."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import bot.__main__ as entry
from bot import cluster
from bot.cluster import Supervisor

# A stand-in for `python -m bot`: notes "<time> <SHARD_IDS> start", then exits with the code
# PLAN_<ids> names for its first starts (e.g. "1,1": code 1 twice), else notes "ready" once it
# handles SIGTERM and waits for it.
CHILD = r"""
import os, signal, sys, time
log, ids = sys.argv[1], os.environ["SHARD_IDS"]
def note(what):
    with open(log, "a") as f:
        f.write(f"{time.monotonic()} {ids} {what} {os.environ['SHARD_COUNT']}\n")
with open(log) as f:
    before = sum(1 for line in f if line.split()[1:3] == [ids, "start"])
note("start")
plan = [int(c) for c in os.environ.get("PLAN_" + ids.replace(",", "_"), "").split(",") if c]
if before < len(plan):
    sys.exit(plan[before])
signal.signal(signal.SIGTERM, lambda *_: (note("term"), sys.exit(0)))
note("ready")  # its SIGTERM handler is in place
while True:
    signal.pause()
"""


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "children.log"
    path.write_text("")
    return path


def lines(log: Path) -> list[tuple[float, str, str]]:
    out = []
    for line in log.read_text().splitlines():
        at, ids, what, _ = line.split()
        out.append((float(at), ids, what))
    return out


def supervisor(log: Path, groups: list[tuple[int, ...]], **plan: str) -> Supervisor:
    env = {**os.environ, **{f"PLAN_{k}": v for k, v in plan.items()}}
    return Supervisor(
        4, groups, env=env, stagger=0.3, command=[sys.executable, "-c", CHILD, str(log)]
    )


async def until(check: Callable[[], bool]) -> None:
    while not check():
        await asyncio.sleep(0.02)


@pytest.fixture(autouse=True)
def quick_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "BACKOFF_FIRST", 0.2)
    monkeypatch.setattr(cluster, "STOP_TIMEOUT", 10.0)


async def test_children_start_staggered_and_sigterm_reaches_each(log: Path) -> None:
    sup = supervisor(log, [(0, 1), (2, 3)])
    running = asyncio.create_task(sup.run())
    # Both children can take a SIGTERM (one caught before its handler would end it silently).
    await until(lambda: sum(w == "ready" for _, _, w in lines(log)) == 2)
    os.kill(os.getpid(), signal.SIGTERM)  # to the supervisor, as systemd or Ctrl-C would
    assert await running == 0
    seen = lines(log)
    starts = {ids: at for at, ids, what in seen if what == "start"}
    assert set(starts) == {"0,1", "2,3"}
    first, second = sup.children
    assert second.started_at - first.started_at >= 0.3  # staggered
    assert sorted(ids for _, ids, what in seen if what == "term") == ["0,1", "2,3"]
    assert all(c.process is not None and c.process.returncode == 0 for c in (first, second))
    with log.open() as f:
        assert {line.split()[3] for line in f} == {"4"}  # SHARD_COUNT for everyone


@pytest.mark.slow
async def test_a_child_that_dies_starts_again_after_growing_pauses(log: Path) -> None:
    sup = supervisor(log, [(0, 1), (2, 3)], **{"2_3": "1,137"})
    running = asyncio.create_task(sup.run())
    await until(lambda: sum(ids == "2,3" and w == "start" for _, ids, w in lines(log)) == 3)
    sup.stop()
    assert await running == 0
    starts = [at for at, ids, what in lines(log) if ids == "2,3" and what == "start"]
    assert starts[1] - starts[0] >= 0.2 and starts[2] - starts[1] >= 0.4  # 0.2 s, then 0.4 s
    second = sup.children[1]
    assert second.restarts == 2 and second.codes[:2] == [1, 137]
    assert sup.children[0].restarts == 0  # the other one ran on undisturbed


async def test_a_child_that_cannot_run_stops_them_all(log: Path) -> None:
    sup = supervisor(log, [(0, 1), (2, 3)], **{"2_3": "2"})
    assert await sup.run() == 2
    seen = lines(log)
    assert [(ids, what) for _, ids, what in seen if ids == "2,3"] == [("2,3", "start")]
    assert ("0,1", "term") in [(ids, what) for _, ids, what in seen]


def test_several_processes_refuse_sqlite_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert entry.main(["--processes", "2", "--shard-count", "4"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DATABASE_URL=postgresql://" in err[0], err
    # Too few shards for the processes: one line as well.
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@127.0.0.1:9/games")
    assert entry.main(["--processes", "3", "--shard-count", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "need at least 3 shards" in err[0], err


def test_by_default_a_child_starts_once_the_previous_one_could_identify_its_shards() -> None:
    sup = cluster.Supervisor(4, [(0, 1, 2), (3,)], env={})
    first, second = sup.children
    assert sup._gap_after(first) == 3 * cluster.IDENTIFY_INTERVAL
    assert sup._gap_after(second) == cluster.IDENTIFY_INTERVAL


async def test_a_stop_while_waiting_for_the_previous_child_ends_the_wait() -> None:
    sup = cluster.Supervisor(4, [(0, 1), (2, 3)], env={}, stagger=60.0)
    waiting = asyncio.create_task(sup._wait_for_turn(sup.children[1]))
    await asyncio.sleep(0)
    assert not waiting.done()  # the first child has not started
    sup.stopping.set()
    await waiting
