"""The hard AI's thinking, off the event loop: in a small pool of worker processes.

A hard decision searches for a second or two (ai.hard_budget): in a thread it would hold the
bot's interpreter lock that long, and every interaction would wait for it. A worker process is
given plain data only (the game's name, the state's `dump`, the seat, the seed, the budget) and
answers the chosen action's text and the ratings (bot.ai.think_hard); it dies with the bot
(render.worker.die_with_parent). AI_PROCESSES=0 thinks in a thread instead (tests).

A pool's process that dies breaks the pool (concurrent.futures): the call fails (its seat plays
normal) and the next call starts a new pool.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import ai
from bot.ai import HardChoice, think_hard
from render.worker import die_with_parent

log = logging.getLogger(__name__)


class Thinker:
    """Where hard decisions are computed: `processes` worker processes (0: a thread)."""

    def __init__(self, processes: int = 0, *, cap: int | None = None) -> None:
        self.processes = processes
        self.cap = cap  # at most this many iterations per search (AI_HARD_ITERATIONS)
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # "spawn": a fresh interpreter, never a fork of the bot's threads and event loop.
            self._pool = ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=die_with_parent,
            )
        return self._pool

    async def think(
        self,
        game: str,
        state: dict[str, Any],
        seat: int,
        seed: int,
        budget: ai.Budget | None = None,
        rate: bool = True,
    ) -> HardChoice:
        """The hard AI's choice for `seat` of a game in `state` (its engine `dump`): the
        action's text and the ratings of every legal action (`rate` False: only the choice
        is wanted). Raises when the search fails."""
        if self._closed:
            raise RuntimeError("the thinking workers are stopped")
        if self.processes <= 0:
            return await asyncio.to_thread(think_hard, game, state, seat, seed, budget, rate)
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(
                pool, think_hard, game, state, seat, seed, budget, rate
            )
        except BrokenProcessPool:
            if self._pool is pool:
                log.warning("a thinking worker ended; the next hard decision starts another")
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def capped(self, budget: ai.Budget) -> ai.Budget:
        """`budget`, held to the configured number of iterations (if any)."""
        if self.cap is None or (budget.iterations is not None and budget.iterations <= self.cap):
            return budget
        return dataclasses.replace(budget, iterations=self.cap)

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned: its process is ended)."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
