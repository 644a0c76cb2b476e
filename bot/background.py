"""A long-running task of the bot's own (following the event loop, running due jobs):
started once, stopped cleanly."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from typing import Any


class Background:
    """Runs `work()` as one task from `start()` until `stop()`."""

    def __init__(self, work: Callable[[], Coroutine[Any, Any, None]], name: str) -> None:
        self._work = work
        self._name = name
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the task (once)."""
        if self._task is None:
            self._task = asyncio.create_task(self._work(), name=self._name)

    async def stop(self) -> None:
        """Cancel the task and wait for it to end."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
