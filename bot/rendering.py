"""Board images for the bot: rendering runs in a bounded thread pool, off the event loop."""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

log = logging.getLogger(__name__)


class Renderer:
    """Draws public boards, private images and text summaries for every game."""

    def __init__(self, threads: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="render")

    def _module(self, game: str) -> Any:
        return importlib.import_module(f"render.{game}")

    async def _run(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    async def board(
        self, game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> bytes:
        """PNG of the public view."""
        return bytes(await self._run(self._module(game).render_board, view, names, lang=lang))

    async def private(
        self, game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> bytes | None:
        """PNG of what one seat privately knows, or None when there is nothing to show."""
        data = await self._run(self._module(game).render_private, view, names, lang=lang)
        return bytes(data) if data else None

    def summary(self, game: str, view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
        """Short text of the same position (sent with every image, for accessibility)."""
        text: str = self._module(game).summary(view, names, lang=lang)
        return text

    def close(self) -> None:
        """Stop the worker threads."""
        self._pool.shutdown(wait=False, cancel_futures=True)
