"""Run the Discord double as its own process: ``python -m discord_double --port 8765``.

Prints one JSON line (addresses and ids) once listening, then serves until
interrupted. Point the bot at it with ``discord_double.configure_discord_py(api_base)``
and drive it through the ``/_double/`` control API (see ``discord_double.control``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys

from discord_double.server import DiscordDouble


async def _serve(args: argparse.Namespace) -> None:
    double = DiscordDouble(
        port=args.port,
        token=args.token,
        rate_limits=None if args.rate_limits is None else args.rate_limits == "on",
        rate_limit_scale=args.rate_limit_scale,
        shards=args.shards,
    )
    await double.start()
    try:
        info: dict[str, object] = {
            "api_base": double.api_base,
            "gateway_url": double.gateway_url,
            "application_id": str(double.application_id),
        }
        if args.guild:
            guild = double.add_guild(args.guild)
            channels = [double.add_channel(guild, name) for name in args.channel or ["rattus"]]
            users = [double.add_user(name) for name in args.user or []]
            info["guild_id"] = str(guild.id)
            info["channels"] = {c.name: str(c.id) for c in channels}
            info["users"] = {u.username: str(u.id) for u in users}
        print(json.dumps(info), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signum, stop.set)
        await stop.wait()
    finally:
        await double.stop()


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and serve until SIGINT/SIGTERM."""
    parser = argparse.ArgumentParser(prog="python -m discord_double", description=__doc__)
    parser.add_argument("--port", type=int, default=0, help="TCP port (default: any free port)")
    parser.add_argument("--token", default=None, help="only accept this bot token")
    parser.add_argument("--guild", default="Test server", help="create a guild with this name")
    parser.add_argument("--channel", action="append", help="text channel to create (repeatable)")
    parser.add_argument("--user", action="append", help="member to create (repeatable)")
    parser.add_argument(
        "--rate-limits",
        choices=("on", "off"),
        default=None,
        help="enforce Discord's rate limits (default: on, or DISCORD_DOUBLE_RATE_LIMITS)",
    )
    parser.add_argument(
        "--rate-limit-scale",
        type=float,
        default=None,
        help="multiply every rate-limit window (default 0.02; 1 is Discord's real pace)",
    )
    parser.add_argument(
        "--shards", type=int, default=1, help="shard count GET /gateway/bot recommends"
    )
    args = parser.parse_args(argv)
    asyncio.run(_serve(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
