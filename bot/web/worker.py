"""`python -m bot.web.worker`: the web view served from a process of its own, which the bot
starts and stops (WEB_PROCESS=1, the default).

The pages then take none of the bot's own time: the worker reads the same store (SQLite in WAL
mode, or PostgreSQL), sees changes by the marks it watches, and draws the pages' pictures in
its own threads. The bot only hands out links (bot.web.links). The worker dies with the bot,
even after kill -9.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

from bot.config import Config, ConfigError
from bot.rendering import Renderer
from bot.service import GameService
from bot.store import Store
from bot.web.server import WebServer
from render.worker import die_with_parent

log = logging.getLogger("bot.web")


async def serve(config: Config) -> None:
    """Serve the pages until SIGTERM or SIGINT."""
    assert config.web is not None
    store = Store(config.database_url)
    await store.open()
    try:
        service = GameService(store, shards=None)
        renderer = Renderer(threads=max(1, config.render_threads), processes=0)
        server = WebServer(config.web, service, renderer)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        try:
            await server.start()
            await stop.wait()
        finally:
            await server.close()
            await service.close()
            await renderer.close()
    finally:
        # Always: an open store's thread would keep the process from ending.
        await store.close()


def main() -> int:
    die_with_parent()
    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"rattus-bot web: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if config.web is None:
        print("rattus-bot web: WEB_BASE_URL and WEB_LISTEN are not set", file=sys.stderr)
        return 2
    try:
        asyncio.run(serve(config))
    except OSError as exc:  # the port is taken, or the address is not this machine's
        print(
            f"rattus-bot web: cannot listen on {config.web.host}:{config.web.port}: {exc}",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
