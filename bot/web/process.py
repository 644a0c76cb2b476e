"""The bot's side of a web view served by a worker process (`python -m bot.web.worker`): it
starts the worker with the bot, starts it again if it dies, and stops it with the bot."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from pathlib import Path

import bot
from bot.config import Config

log = logging.getLogger(__name__)

STOP_GRACE = 5.0  # seconds the worker has to stop before it is killed
RESTART_AFTER = 1.0  # seconds before a worker that died is started again
EXIT_SETTINGS = 2  # the worker's code for settings it cannot use: not started again


class WebWorker:
    """One `python -m bot.web.worker` process, kept running while the bot runs."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.process: asyncio.subprocess.Process | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopping = False

    def start(self) -> None:
        self._task = asyncio.create_task(self._keep(), name="web-worker")

    async def _spawn(self) -> asyncio.subprocess.Process:
        env = dict(os.environ)
        # The worker imports `bot` from where this bot does, installed or not.
        root = str(Path(bot.__file__).resolve().parent.parent)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        env.update(settings(self.config))
        return await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.web.worker", env=env)

    async def _keep(self) -> None:
        while not self._stopping:
            self.process = await self._spawn()
            code = await self.process.wait()
            if self._stopping:
                return
            if code == EXIT_SETTINGS:
                log.error("the web worker cannot start with these settings (see above)")
                return
            log.warning("the web worker ended (code %s); starting it again", code)
            await asyncio.sleep(RESTART_AFTER)

    async def close(self) -> None:
        """Stop the worker (and wait for it: no process outlives the bot)."""
        self._stopping = True
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            try:
                await asyncio.wait_for(process.wait(), STOP_GRACE)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


def settings(config: Config) -> dict[str, str]:
    """The environment that gives the worker this bot's settings (a bot configured in code,
    as the tests do, as well as from its environment)."""
    web = config.web
    assert web is not None
    host = f"[{web.host}]" if ":" in web.host else web.host
    env = {
        "DISCORD_TOKEN": config.token,
        "DATABASE_URL": config.database_url,
        "LOG_LEVEL": config.log_level,
        "RENDER_THREADS": str(config.render_threads),
        "WEB_BASE_URL": web.base_url,
        "WEB_LISTEN": f"{host}:{web.port}",
        "WEB_LINK_HOURS": repr(web.link_hours),
        "WEB_RATE": str(web.rate),
        "WEB_PROCESS": "1",
        "WEB_SECRET": web.secret or "",
        "SHARD_COUNT": str(config.shard_count) if config.shard_count is not None else "",
        "SHARD_IDS": "",
    }
    return env
