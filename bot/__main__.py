"""`python -m bot` / `rattus-bot`: read the settings and run the bot until stopped.

`python -m bot --processes 2 --shard-count 4` runs two bot processes sharing four shards
(bot.cluster supervises them); they must share a PostgreSQL database.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import signal
import sys
from collections.abc import Mapping, Sequence
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


# The collector's youngest generation is collected after this many new objects (Python's
# default is 700). An interaction's objects live a few milliseconds, across awaits: with the
# default most of them are collected young, survive, and are scanned again in the older
# generations; with this they are mostly gone first (bench.bot: the collector took 0.5 ms
# of the bot's CPU per action).
GC_YOUNG = 20_000


async def run(config: Config) -> None:
    """Start the bot and keep it running until SIGTERM or SIGINT, then shut down cleanly:
    interactions in flight finish, what is not yet posted stays in the outbox for the next
    start, the render workers stop and the store is closed."""
    from bot.app import GameBot

    configure_endpoints(config)
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
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


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line: every option also has a setting in .env (see .env.example)."""
    parser = argparse.ArgumentParser(
        prog="rattus-bot",
        description="Run the bot (settings from the environment and .env; see .env.example).",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        metavar="N",
        help="run N bot processes that share the shards (needs a PostgreSQL DATABASE_URL)",
    )
    parser.add_argument(
        "--shard-count",
        type=int,
        default=None,
        metavar="N",
        help="shards in all (SHARD_COUNT; default with --processes: one per process)",
    )
    parser.add_argument(
        "--shard-ids",
        default=None,
        metavar="IDS",
        help="the shards run here, e.g. 0-3 or 0,1 (SHARD_IDS; default: all of them)",
    )
    parser.add_argument(
        "--stagger",
        type=float,
        default=None,
        metavar="SECONDS",
        help="pause between starting two processes (default: 5 s per shard of those before,"
        " Discord's IDENTIFY pace)",
    )
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes must be 1 or more")
    if args.shard_count is not None and args.shard_count < 1:
        parser.error("--shard-count must be 1 or more")
    if args.stagger is not None and args.stagger < 0:
        parser.error("--stagger must be 0 or more seconds")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; a missing or rejected token ends with one line naming what to set."""
    args = parse_args(argv)
    from dotenv import find_dotenv, load_dotenv

    # The command line wins over the environment, which wins over .env (read here first, so
    # the processes started by --processes see the same settings).
    load_dotenv(find_dotenv(usecwd=True), override=False)
    # The settings of this run (and of the processes it starts), without changing the
    # environment of whoever called main() (a test, say).
    environ = dict(os.environ)
    if args.shard_count is not None:
        environ["SHARD_COUNT"] = str(args.shard_count)
    if args.shard_ids is not None:
        environ["SHARD_IDS"] = args.shard_ids
    if args.processes > 1 and not environ.get("SHARD_COUNT", "").strip():
        environ["SHARD_COUNT"] = str(args.processes)
    try:
        config = Config.from_env(environ)
    except ConfigError as exc:
        print(f"rattus-bot: {exc}", file=sys.stderr)
        return 2
    if args.processes > 1:
        return _supervise(config, args.processes, args.stagger, environ)
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


def _supervise(
    config: Config, processes: int, stagger: float | None, environ: Mapping[str, str]
) -> int:
    """Several processes: check that they can share the work, then run them."""
    from bot.cluster import supervise
    from bot.shards import split
    from bot.store.base import backend_name

    try:
        backend = backend_name(config.database_url)
    except StoreError as exc:
        print(f"rattus-bot: {exc}", file=sys.stderr)
        return 2
    if backend != "postgres":
        print(
            f"rattus-bot: --processes {processes} needs a database every process shares: set"
            " DATABASE_URL=postgresql://user:password@host/database (SQLite serves one"
            " process).",
            file=sys.stderr,
        )
        return 2
    shards = config.shards
    assert shards is not None  # SHARD_COUNT is set by main() when --processes > 1
    try:
        groups = split(shards.ids, processes)
    except ValueError:
        print(
            f"rattus-bot: {processes} processes need at least {processes} shards; this runs"
            f" {len(shards.ids)} (raise --shard-count or lower --processes).",
            file=sys.stderr,
        )
        return 2
    return supervise(shards.count, groups, stagger=stagger, env=environ)


if __name__ == "__main__":
    sys.exit(main())
