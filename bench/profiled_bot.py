"""The bot, with a profiler the benchmark switches on and off.

    python -m bench.profiled_bot OUT           # cProfile of the main thread
    python -m bench.profiled_bot --cost OUT    # CPU time per kind of task and per function

SIGUSR1 starts measuring and SIGUSR2 stops and writes OUT. `bench.bot --profile OUT` (or
`--cost OUT`) sends them around the measured window, so the start-up and the games' set-up
stay out of the figures. Both count the main thread's CPU time (time.thread_time), so time
spent waiting for the GIL or a core is not charged to whatever was running.

cProfile charges every Python call its own overhead: on the bot's many small calls it more
than doubles the total and inflates whatever calls most. `--cost` instead times each step of
a coroutine (from one resumption to the next suspension) and each call of a few functions
(`COSTED`), and writes JSON: {name: [CPU seconds, calls]}, with "main thread" the whole
thread's CPU time. Tasks are named by the coroutine they run (every task started after the
bot starts); a step includes what it calls, so nested names overlap. What no task and no
costed function covers is the event loop's own work: its I/O callbacks (HTTP responses and
gateway frames read, futures set from SQLite's thread), timers, and the tasks' scheduling.
"""

from __future__ import annotations

import asyncio
import cProfile
import functools
import gc
import importlib
import inspect
import json
import signal
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Coroutine, Generator
from types import FrameType
from typing import Any

import bot.__main__ as bot_main

# Functions of the bot's own whose calls are costed (module, then a function or Class.method).
COSTED = [
    ("bot.publisher", "Publisher._show"),
    ("bot.publisher", "Publisher._post_turn"),
    ("bot.publisher", "Publisher._strip"),
    ("bot.publisher", "Publisher._done"),
    ("bot.feed", "Feed.next"),
    ("bot.feed", "Feed._batch"),
    ("bot.feed", "Feed._view"),
    ("bot.compose", "story"),
    ("bot.ui", "turn_rows"),
    ("bot.ui", "layout"),
    ("bot.ui", "route_click"),
    ("bot.i18n", "Catalog._format"),
    ("bot.respond", "update"),
    ("bot.respond", "send"),
    ("bot.respond", "edit"),
    ("bot.service.core", "GameService._act_now"),
    ("bot.store.sqlite", "SqliteBackend._on_thread"),
    ("bot.store.sqlite", "SqliteBackend._here"),  # a quick operation, on the loop
    ("discord.webhook.async_", "AsyncWebhookAdapter.request"),
    ("discord.gateway", "DiscordWebSocket.received_message"),
]
MAIN_THREAD = "main thread"


class Costs:
    """CPU seconds and calls per name, counted on the main thread while switched on."""

    def __init__(self) -> None:
        self.on = False
        self.figures: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
        self._start = 0.0
        self._main = threading.main_thread().ident
        self._collecting: dict[int, float] = {}

    def start(self) -> None:
        """Switch on, from zero."""
        self.figures.clear()
        self._start = time.thread_time()
        self.on = True
        gc.callbacks.append(self._collected)

    def stop(self, out: str) -> None:
        """Switch off and write the figures."""
        self.on = False
        gc.callbacks.remove(self._collected)
        self.figures[MAIN_THREAD] = [time.thread_time() - self._start, 1]
        with open(out, "w", encoding="utf-8") as f:
            json.dump(dict(self.figures), f, indent=1, sort_keys=True)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        """The garbage collector's runs, by generation and thread (a run on the main thread
        is inside whatever task or function triggered it)."""
        began = self._collecting
        if phase == "start":
            began[threading.get_ident()] = time.thread_time()
            return
        started = began.pop(threading.get_ident(), None)
        if started is not None:
            where = "main" if threading.get_ident() == self._main else "other"
            figure = self.figures[f"gc generation {info['generation']} ({where} thread)"]
            figure[0] += time.thread_time() - started
            figure[1] += 1

    def wrap(self, fn: Callable[..., Any], name: str) -> Callable[..., Any]:
        """`fn`, its calls (a coroutine function: its steps) costed under `name`."""
        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def coroutine(*args: Any, **kwargs: Any) -> Any:
                return await _Steps(self, fn(*args, **kwargs), name)

            return coroutine

        @functools.wraps(fn)
        def plain(*args: Any, **kwargs: Any) -> Any:
            if not self.on or threading.get_ident() != self._main:
                return fn(*args, **kwargs)
            began = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                figure = self.figures[name]
                figure[0] += time.thread_time() - began
                figure[1] += 1

        return plain


class _Steps:
    """Drives a coroutine step by step, costing each step (an awaitable of its own)."""

    def __init__(self, costs: Costs, coro: Coroutine[Any, Any, Any], name: str) -> None:
        self.costs, self.coro, self.name = costs, coro, name

    def __await__(self) -> Generator[Any, Any, Any]:
        costs, coro = self.costs, self.coro
        figure = costs.figures[self.name] if costs.on else None
        if figure is not None:
            figure[1] += 1
        sent: Any = None
        thrown: BaseException | None = None
        while True:
            began = time.thread_time()
            try:
                if thrown is not None:
                    error, thrown = thrown, None
                    yielded = coro.throw(error)
                else:
                    yielded = coro.send(sent)
            except StopIteration as done:
                return done.value
            finally:
                if costs.on:
                    figure = costs.figures[self.name]
                    figure[0] += time.thread_time() - began
            try:
                sent = yield yielded
            except BaseException as error:  # handed on to the coroutine, as await does
                thrown, sent = error, None


async def _costed(costs: Costs, coro: Coroutine[Any, Any, Any], name: str) -> Any:
    """`coro`, each of its steps costed under `name` (a coroutine, as a task needs)."""
    return await _Steps(costs, coro, name)


def _resolve(module: str, path: str) -> tuple[Any, str]:
    owner: Any = importlib.import_module(module)
    *parents, attribute = path.split(".")
    for parent in parents:
        owner = getattr(owner, parent)
    return owner, attribute


def install_costs(out: str) -> None:
    """Cost every task and the COSTED functions between SIGUSR1 and SIGUSR2."""
    costs = Costs()
    for module, path in COSTED:
        owner, attribute = _resolve(module, path)
        original = getattr(owner, attribute)
        costed = costs.wrap(original, path)
        setattr(owner, attribute, costed)
        if inspect.ismodule(owner):
            # A function imported by name elsewhere in the bot is that module's own name.
            for loaded in list(sys.modules.values()):
                name = getattr(loaded, "__name__", "") or ""
                if name.startswith("bot") and getattr(loaded, attribute, None) is original:
                    setattr(loaded, attribute, costed)

    def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
        name = f"task {getattr(coro, '__qualname__', type(coro).__name__)}"
        return asyncio.Task(_costed(costs, coro, name), loop=loop, **kwargs)

    run_loop = bot_main._run_loop

    def costed_loop(coro: Any) -> None:
        async def main() -> Any:
            asyncio.get_running_loop().set_task_factory(factory)
            return await coro

        run_loop(main())

    bot_main._run_loop = costed_loop
    signal.signal(signal.SIGUSR1, lambda signum, frame: costs.start())
    signal.signal(signal.SIGUSR2, lambda signum, frame: costs.stop(out))


def install(out: str) -> None:
    """Switch the profiler on at SIGUSR1 and write it at SIGUSR2."""
    profiler = cProfile.Profile(time.thread_time)

    def start(signum: int, frame: FrameType | None) -> None:
        profiler.enable()

    def stop(signum: int, frame: FrameType | None) -> None:
        profiler.disable()
        profiler.dump_stats(out)

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)


if __name__ == "__main__":
    if sys.argv[1] == "--cost":
        install_costs(sys.argv[2])
    else:
        install(sys.argv[1])
    sys.exit(bot_main.main([]))
