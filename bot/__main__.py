"""`python -m bot` / `rattus-bot`: read the settings and run the bot until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from typing import Any

import aiohttp
import discord

from bot.config import Config, ConfigError
from bot.endpoints import point_discord_py
from bot.store import StoreError


def configure_endpoints(config: Config) -> None:
    """Point discord.py at an HTTP / gateway proxy when DISCORD_API_BASE or _GATEWAY_URL say so."""
    if config.api_base or config.gateway_url:
        point_discord_py(config.api_base, config.gateway_url)


async def run(config: Config) -> None:
    """Start the bot and keep it running until SIGTERM or SIGINT, then shut down cleanly:
    interactions in flight finish, what is not yet posted stays in the outbox for the next
    start, the render workers stop and the store is closed."""
    from bot.app import GameBot

    configure_endpoints(config)
    bot = GameBot(config)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop(signame: str) -> None:
        if not stopping:
            logging.getLogger("bot").info("%s: shutting down", signame)
            stopping.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop, sig.name)
    async with bot:
        await bot.start(config.token)
    for task in stopping:
        await task


def _run_loop(coro: Any) -> None:
    """Run on uvloop when it is installed (a faster event loop: interactions are
    acknowledged sooner under load), else on asyncio's own loop."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(coro)
    else:
        uvloop.run(coro)


def main() -> int:
    """Entry point; a missing or rejected token ends with one line naming what to set."""
    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"rattus-bot: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=config.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # The bot never joins voice: discord.py's warnings about missing voice libraries are noise.
    logging.getLogger("discord.client").addFilter(
        lambda record: "voice will NOT be supported" not in record.getMessage()
    )
    try:
        _run_loop(run(config))
    except discord.LoginFailure:
        print(
            "rattus-bot: Discord rejected DISCORD_TOKEN: copy the token again from the"
            " Developer Portal (Bot -> Reset Token) into .env.",
            file=sys.stderr,
        )
        return 2
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as exc:
        # No network, a name that does not resolve, or a proxy that is down: say which
        # address failed instead of showing a traceback.
        reason = str(exc).split(" [", 1)[-1].rstrip("]") if " [" in str(exc) else str(exc)
        where = config.api_base or "discord.com"
        print(
            f"rattus-bot: cannot reach Discord at {where} ({reason or type(exc).__name__}):"
            " check the network, or DISCORD_API_BASE / DISCORD_GATEWAY_URL if set.",
            file=sys.stderr,
        )
        return 2
    except StoreError as exc:
        print(f"rattus-bot: {exc}", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "rattus-bot: this bot needs no privileged intent; check its settings.", file=sys.stderr
        )
        return 2
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
