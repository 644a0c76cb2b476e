"""Clicks that come too late to be answered, when the bot is behind: dropped, not worked on.

Discord shows "This interaction failed" unless a click is acknowledged within 3 seconds of
being made. A bot that falls behind (more clicks than its CPU can take) still reads every
click in order; working on one that is already past its deadline costs as much as a fresh
one, ends in an error from Discord, and makes the next clicks later still: under overload the
bot would spend most of its time on answers nobody can see. So a click that is already
older than `budget` when its turn comes, while the event loop is running late, is dropped at
once. Its player sees the same "This interaction failed" they would have seen anyway, and
clicks again; the bot spends its time on clicks it can still answer. And only so many clicks
are worked on at once, first come first served: a hundred clicks taking turns on a busy CPU
would all finish late, where one after the other most of them finish in time.

A click's age is read from its snowflake (Discord's clock) against ours. Clocks differ, so
ages are measured from the smallest age seen recently while the bot kept up (the fastest
delivery: the two clocks' offset plus the network), never from zero; and nothing is dropped
unless the bot is running late itself (its event loop, or a wait for a slot), so a jump of
the machine's clock alone drops nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable

import discord

from bot.background import Background

log = logging.getLogger(__name__)

BUDGET = 2.5  # seconds of age past which an answer cannot reach Discord within its 3 s
WINDOW = 60.0  # seconds: the fastest delivery is looked for over the last one or two windows
PERIOD = 0.25  # seconds between two looks at the event loop
LATE = 0.25  # seconds the loop may run late before the bot counts as behind
HOLD = 10.0  # seconds the bot counts as behind after the loop last ran late
# Clicks worked on at once. More do not go faster once the CPU is busy, they only make every
# one of them late: with all of them taking turns, each answer waits for all the others.
SLOTS = 64


class Backlog:
    """Tells whether a click is too late to answer; `watch()` follows the event loop, and
    `slot()` lets at most `slots` clicks be worked on at once, in the order they came."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.time,
        budget: float = BUDGET,
        slots: int = SLOTS,
    ) -> None:
        self._clock = clock
        self.budget = budget
        # The smallest age in the current window and in the one before it, learnt only while
        # the bot keeps up (a click read late says nothing of the clocks).
        self._window_start: float | None = None
        self._floor_now: float | None = None
        self._floor_before: float | None = None
        self._behind_until = float("-inf")
        self._slots = asyncio.Semaphore(slots)
        self.dropped = 0
        self._runner = Background(self._watch, "backlog")

    def late(self, lateness: float, now: float) -> None:
        """The event loop ran `lateness` seconds late at `now` (its own clock)."""
        if lateness > LATE:
            self._behind_until = now + HOLD

    def behind(self, now: float) -> bool:
        """Whether the loop ran late lately (`now` on the loop's clock)."""
        return now < self._behind_until

    def _learn(self, age: float, now: float) -> None:
        if self._window_start is None or now - self._window_start > WINDOW:
            self._window_start = now
            self._floor_before, self._floor_now = self._floor_now, None
        if self._floor_now is None or age < self._floor_now:
            self._floor_now = age

    def _age(self, snowflake: int) -> tuple[float, float]:
        """Now on our clock, and the age of the click `snowflake` by the two clocks."""
        now = self._clock()
        # discord.utils.snowflake_time(snowflake).timestamp(), without building a datetime
        return now, now - ((snowflake >> 22) + discord.utils.DISCORD_EPOCH) / 1000

    def _floor(self) -> float | None:
        """The fastest delivery seen lately, or None before the first click."""
        floors = [f for f in (self._floor_now, self._floor_before) if f is not None]
        return min(floors) if floors else None

    def stale(self, snowflake: int, loop_now: float, *, waited: float = 0.0) -> bool:
        """Whether the click `snowflake` is too old to be answered in time; `waited`: how
        long it already waited here for a slot (a wait is a sign of running behind too)."""
        now, age = self._age(snowflake)
        behind = self.behind(loop_now) or waited > LATE
        if not behind or self._floor() is None:
            self._learn(age, now)
        floor = self._floor()
        assert floor is not None  # learnt just above when there was none
        if age - floor <= self.budget or not behind:
            return False
        self.dropped += 1
        if self.dropped == 1 or not self.dropped % 100:
            log.warning(
                "behind: %d click(s) dropped so far, each older than %.1f s (too late to answer)",
                self.dropped,
                self.budget,
            )
        return True

    def time_left(self, snowflake: int) -> float:
        """Seconds left to acknowledge the click `snowflake` within the budget (the whole
        budget while the clocks' offset is not known yet)."""
        floor = self._floor()
        if floor is None:
            return self.budget
        _, age = self._age(snowflake)
        return max(0.0, self.budget - (age - floor))

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[float]:
        """Wait for a free slot (first come, first served); yields how long that took."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        async with self._slots:
            yield loop.time() - start

    def start(self) -> None:
        """Follow the event loop from now on."""
        self._runner.start()

    async def stop(self) -> None:
        """Stop following the event loop."""
        await self._runner.stop()

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(PERIOD)
            now = loop.time()
            self.late(now - start - PERIOD, now)
