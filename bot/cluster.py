"""`python -m bot --processes N`: run the bot as N processes sharing the shards, and keep them up.

A small supervisor: it splits the shards (SHARD_IDS, or all of SHARD_COUNT) evenly among N
children, each an ordinary `python -m bot` with its own SHARD_IDS, started a few seconds apart
so their IDENTIFYs respect Discord's pace. SIGTERM and SIGINT are passed on and waited for
(each child shuts down cleanly); a child that dies is started again after a growing pause
(1 s, 2 s, 4 s … at most a minute; back to 1 s once it has run for a minute). A child that
stops on its settings or database (exit code 2, having said why in one line) stops them all:
starting it again would fail the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.shards import format_ids

STOP_TIMEOUT = 30.0  # seconds a child gets to shut down before it is killed
BACKOFF_FIRST = 1.0
BACKOFF_MAX = 60.0
STABLE_AFTER = 60.0  # a child that ran this long starts again after BACKOFF_FIRST
EXIT_SETTINGS = 2  # a child's code for "settings or database unusable": final
IDENTIFY_INTERVAL = 5.0  # Discord: one IDENTIFY per 5 s (per max_concurrency bucket)


def say(text: str) -> None:
    """One line for whoever runs the supervisor (stderr, like the bot's own refusals)."""
    print(f"rattus-bot: {text}", file=sys.stderr, flush=True)


@dataclass
class Child:
    """One bot process and the shards it connects."""

    number: int
    shard_ids: tuple[int, ...]
    process: asyncio.subprocess.Process | None = None
    started_at: float = 0.0
    restarts: int = 0
    codes: list[int] = field(default_factory=list)
    started: asyncio.Event = field(default_factory=asyncio.Event)  # set at its first start


class Supervisor:
    """Starts the children, restarts those that die, stops them all on a signal."""

    def __init__(
        self,
        shard_count: int,
        groups: Sequence[tuple[int, ...]],
        *,
        env: Mapping[str, str],
        stagger: float | None = None,
        command: Sequence[str] = (sys.executable, "-m", "bot"),
    ) -> None:
        self.shard_count = shard_count
        self.children = [Child(n, ids) for n, ids in enumerate(groups)]
        self.env = dict(env)
        # By default each child starts once the previous one could identify all its shards.
        self.stagger = stagger
        self.command = list(command)
        self.stopping = asyncio.Event()
        self.failed = False

    def _gap_after(self, child: Child) -> float:
        """How long after `child` started the next one may start."""
        if self.stagger is not None:
            return self.stagger
        return IDENTIFY_INTERVAL * len(child.shard_ids)

    async def _wait_for_turn(self, child: Child) -> None:
        """Wait until the previous child has started and its gap has passed (counted from
        its start, not from this wait's: a busy machine may start it late), or a stop."""
        if child.number == 0:
            return
        previous = self.children[child.number - 1]
        waits = [
            asyncio.ensure_future(previous.started.wait()),
            asyncio.ensure_future(self.stopping.wait()),
        ]
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
        if self.stopping.is_set():
            return
        left = previous.started_at + self._gap_after(previous) - time.monotonic()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stopping.wait(), max(0.0, left))

    async def _spawn(self, child: Child) -> asyncio.subprocess.Process:
        env = {
            **self.env,
            "SHARD_COUNT": str(self.shard_count),
            "SHARD_IDS": format_ids(child.shard_ids),
        }
        child.started_at = time.monotonic()
        try:
            return await asyncio.create_subprocess_exec(
                *self.command, env=env, preexec_fn=_die_with_parent
            )
        finally:
            child.started.set()  # (a failed start too: the next child must not wait forever)

    async def _keep(self, child: Child) -> None:
        """Run one child until the supervisor stops, starting it again when it dies."""
        await self._wait_for_turn(child)
        pause = BACKOFF_FIRST
        while not self.stopping.is_set():
            child.process = await self._spawn(child)
            code = await child.process.wait()
            child.codes.append(code)
            if self.stopping.is_set():
                return
            if code == EXIT_SETTINGS:
                say(f"process {child.number} cannot run (see above); stopping the others")
                self.failed = True
                self.stopping.set()
                return
            ran = time.monotonic() - child.started_at
            if ran >= STABLE_AFTER:
                pause = BACKOFF_FIRST
            say(
                f"process {child.number} (shards {format_ids(child.shard_ids)}) ended with"
                f" code {code}; starting it again in {pause:g} s"
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), pause)
            pause = min(pause * 2, BACKOFF_MAX)
            child.restarts += 1

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> None:
        """Stop everything: pass `sig` on to every child (they shut down cleanly)."""
        self.stopping.set()
        for child in self.children:
            process = child.process
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.send_signal(sig)

    async def _reap(self) -> None:
        """After stop(): wait for the children, killing those that take too long."""
        running = [c.process for c in self.children if c.process and c.process.returncode is None]
        if not running:
            return
        _, late = await asyncio.wait(
            [asyncio.ensure_future(p.wait()) for p in running], timeout=STOP_TIMEOUT
        )
        if late:
            for process in running:
                if process.returncode is None:
                    say(f"process {process.pid} did not stop in {STOP_TIMEOUT:g} s; killing it")
                    with contextlib.suppress(ProcessLookupError):
                        process.kill()
            await asyncio.wait(late)

    async def run(self) -> int:
        """Run until a signal (exit 0) or a child that cannot run (exit 2)."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self.stop, sig)
        keepers = [asyncio.create_task(self._keep(c)) for c in self.children]
        await self.stopping.wait()
        self.stop()  # a child that failed for good: the others stop too
        await self._reap()
        for keeper in keepers:
            keeper.cancel()
        await asyncio.gather(*keepers, return_exceptions=True)
        return EXIT_SETTINGS if self.failed else 0


def _die_with_parent() -> None:
    """In the child, before exec: get SIGTERM if the supervisor itself dies (Linux), so a
    killed supervisor leaves no bot process connected."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def supervise(
    shard_count: int,
    groups: Sequence[tuple[int, ...]],
    *,
    stagger: float | None = None,
    env: Mapping[str, str] | None = None,
) -> int:
    """Run the children until stopped; the supervisor's exit code."""
    environment = os.environ if env is None else env
    supervisor = Supervisor(shard_count, groups, env=environment, stagger=stagger)
    described = "; ".join(
        f"process {c.number}: shards {format_ids(c.shard_ids)}" for c in supervisor.children
    )
    say(f"{len(groups)} processes on {shard_count} shards ({described})")
    return asyncio.run(supervisor.run())
