"""Board images for the bot, drawn off the event loop.

By default in a small pool of worker processes (RENDER_PROCESSES): drawing then never holds
the bot's interpreter lock, so interactions are acknowledged at once even while boards are
drawn. RENDER_PROCESSES=0 draws in threads instead (tests, or hosts that cannot fork).

The workers are fed through their pipes by the event loop itself (`WorkerPool`), not by a
`ProcessPoolExecutor`: its two helper threads (one pickling calls, one waiting for results)
cost the bot 0.6 ms of CPU per board in thread hand-overs, a tenth of all its work per action,
where reading a pipe from the loop costs 0.06 ms (bench.bot, issue 18).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import pickle
import sys
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import render
from render import renderer_for, worker

log = logging.getLogger(__name__)

STOP_GRACE = 5.0  # seconds a worker has to end once its input is closed


class WorkerCrashed(RuntimeError):
    """A render worker ended while drawing (the next call starts a new one)."""


@dataclass(eq=False)
class _Worker:
    process: asyncio.subprocess.Process
    waiting: collections.deque[asyncio.Future[tuple[bool, Any]]] = field(
        default_factory=collections.deque
    )
    alive: bool = True
    reader: asyncio.Task[None] | None = None


class WorkerPool:
    """`python -m render.worker` processes, each answering one call at a time, in order.

    A call goes to the worker with the fewest calls waiting; a worker that dies fails the
    calls it held with WorkerCrashed and is replaced by the next call."""

    def __init__(self, processes: int) -> None:
        self.size = processes
        self._workers: list[_Worker] = []
        self._closed = False
        self._spawning: asyncio.Lock | None = None

    async def _spawn(self) -> _Worker:
        env = dict(os.environ)
        # The worker imports `render` from where this bot does, installed or not.
        root = str(Path(render.__file__).resolve().parent.parent)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "render.worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
        )
        found = _Worker(process)
        found.reader = asyncio.create_task(self._read(found), name=f"render-{process.pid}")
        self._workers.append(found)
        return found

    async def _pick(self) -> _Worker:
        self._workers = [w for w in self._workers if w.alive]
        if len(self._workers) < self.size:
            if self._spawning is None:
                self._spawning = asyncio.Lock()
            async with self._spawning:
                self._workers = [w for w in self._workers if w.alive]
                if len(self._workers) < self.size:
                    return await self._spawn()
        return min(self._workers, key=lambda w: len(w.waiting))

    async def call(self, name: str, *args: Any) -> Any:
        """worker.CALLS[name](*args) in a worker process."""
        if self._closed:
            raise WorkerCrashed("the render workers are stopped")
        return await self._call_on(await self._pick(), name, args)

    async def call_each(self, name: str, *args: Any) -> None:
        """The same call in every worker (started first if need be): warming them up."""
        while len([w for w in self._workers if w.alive]) < self.size and not self._closed:
            await self._spawn()
        await asyncio.gather(*(self._call_on(w, name, args) for w in self._workers if w.alive))

    async def _call_on(self, found: _Worker, name: str, args: tuple[Any, ...]) -> Any:
        if not found.alive:
            raise WorkerCrashed(f"render worker {found.process.pid} has ended")
        body = pickle.dumps((name, args), pickle.HIGHEST_PROTOCOL)
        future: asyncio.Future[tuple[bool, Any]] = asyncio.get_running_loop().create_future()
        found.waiting.append(future)
        stdin = found.process.stdin
        assert stdin is not None
        stdin.write(worker.HEADER.pack(len(body)) + body)
        with contextlib.suppress(ConnectionError):
            await stdin.drain()  # a dead worker: its reader fails the future
        ok, value = await future
        if ok:
            return value
        raise value

    async def _read(self, found: _Worker) -> None:
        stdout = found.process.stdout
        assert stdout is not None
        try:
            while True:
                header = await stdout.readexactly(worker.HEADER.size)
                reply = pickle.loads(await stdout.readexactly(worker.HEADER.unpack(header)[0]))
                future = found.waiting.popleft()
                if not future.done():  # its caller may have given up
                    future.set_result(reply)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            found.alive = False
            if not self._closed:
                log.warning(
                    "render worker %s ended (code %s); the next board starts another",
                    found.process.pid,
                    found.process.returncode,
                )
            while found.waiting:
                future = found.waiting.popleft()
                if not future.done():
                    future.set_exception(WorkerCrashed(f"render worker {found.process.pid} ended"))

    async def close(self) -> None:
        """Close every worker's input (it ends), and wait for them."""
        self._closed = True
        for found in self._workers:
            if found.process.stdin is not None:
                found.process.stdin.close()
        for found in self._workers:
            try:
                await asyncio.wait_for(found.process.wait(), STOP_GRACE)
            except TimeoutError:
                found.process.kill()
                await found.process.wait()
            if found.reader is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await found.reader
        self._workers = []


class Renderer:
    """Draws public boards, private images and text summaries for every game."""

    def __init__(self, threads: int = 2, processes: int = 0) -> None:
        self.processes = processes
        # Worker processes (fresh interpreters that import only Pillow and render, each
        # dying with the bot, even after kill -9), or else threads.
        self._workers = WorkerPool(processes) if processes > 0 else None
        self._threads = (
            ThreadPoolExecutor(max_workers=threads, thread_name_prefix="render")
            if self._workers is None
            else None
        )

    async def _run(self, fn: Any, *args: Any) -> Any:
        if self._workers is not None:
            return await self._workers.call(fn.__name__, *args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, fn, *args)

    async def warm(self, games: Sequence[str]) -> None:
        """Start the workers and prepare each game's drawing before the first board."""
        for game in games:
            try:
                if self._workers is not None:
                    await self._workers.call_each("warm", game)
                else:
                    await self._run(worker.warm, game)
            except KeyError:
                log.warning("no renderer for the game %s", game)

    async def board(
        self, game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> bytes:
        """PNG of the public view."""
        return bytes(await self._run(worker.board, game, dict(view), list(names), lang))

    async def board_and_summary(
        self, game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> tuple[bytes, str]:
        """PNG of the public view and its summary, both made off the event loop."""
        data, text = await self._run(worker.board_and_summary, game, dict(view), list(names), lang)
        return bytes(data), str(text)

    async def board_parts(
        self, game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> tuple[list[tuple[str, bytes]], str]:
        """The board of a public view as its images (each named: "board", or "map" and
        "players" for a game drawn in two parts) and its summary, made off the event loop."""
        parts, text = await self._run(worker.parts_and_summary, game, dict(view), list(names), lang)
        return [(str(part), bytes(data)) for part, data in parts], str(text)

    async def private(
        self, game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> bytes | None:
        """PNG of what one seat privately knows, or None when there is nothing to show."""
        data = await self._run(worker.private, game, dict(view), list(names), lang)
        return bytes(data) if data else None

    def summary(self, game: str, view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
        """Short text of the same position (sent with every image, for accessibility)."""
        text: str = renderer_for(game).summary(view, names, lang=lang)
        return text

    async def close(self) -> None:
        """Stop the workers (and wait for them, so no process outlives the bot)."""
        if self._workers is not None:
            await self._workers.close()
        if self._threads is not None:
            self._threads.shutdown(wait=True, cancel_futures=True)
