"""`python -m bot` / `rattus-bot`: read the settings and run the bot until stopped."""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any

import discord

from bot.config import Config, ConfigError
from bot.endpoints import point_discord_py


def configure_endpoints(config: Config) -> None:
    """Point discord.py at an HTTP / gateway proxy when DISCORD_API_BASE or _GATEWAY_URL say so."""
    if config.api_base or config.gateway_url:
        point_discord_py(config.api_base, config.gateway_url)


async def run(config: Config) -> None:
    """Start the bot and keep it running."""
    from bot.app import GameBot

    configure_endpoints(config)
    bot = GameBot(config)
    async with bot:
        await bot.start(config.token)


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
