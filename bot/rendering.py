"""Board images for the bot, drawn off the event loop.

By default in a small pool of worker processes (RENDER_PROCESSES): drawing then never holds
the bot's interpreter lock, so interactions are acknowledged at once even while boards are
drawn. RENDER_PROCESSES=0 draws in threads instead (tests, or hosts that cannot fork).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from render import renderer_for, worker

log = logging.getLogger(__name__)


class Renderer:
    """Draws public boards, private images and text summaries for every game."""

    def __init__(self, threads: int = 2, processes: int = 0) -> None:
        self.processes = processes
        self._pool: Executor
        if processes > 0:
            # "spawn": a fresh interpreter that imports only Pillow and render. Each worker
            # dies with the bot (even after kill -9), so none is left behind holding its output.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=processes, mp_context=context, initializer=worker.die_with_parent
            )
        else:
            self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="render")

    async def _run(self, fn: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, fn, *args)

    async def warm(self, games: Sequence[str]) -> None:
        """Start the workers and prepare each game's drawing before the first board."""
        for game in games:
            try:
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

    def close(self) -> None:
        """Stop the workers (and wait for them, so no process outlives the bot)."""
        self._pool.shutdown(wait=True, cancel_futures=True)
