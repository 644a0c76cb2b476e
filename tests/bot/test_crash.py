"""kill -9 and restart: the game goes on from the last action anyone was told about."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from discord_double import DiscordDouble
from discord_double.player import Table, turn_seq
from tests.bot.harness import HARD_ITERATIONS

ROOT = Path(__file__).resolve().parents[2]


def start_bot(
    double: DiscordDouble, database: str, cwd: Path, **extra: str
) -> subprocess.Popen[bytes]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")},
        "DISCORD_TOKEN": "crash-test-token",
        "DATABASE_URL": database,
        "DISCORD_API_BASE": double.api_base,
        "DISCORD_GATEWAY_URL": double.gateway_url,
        "RENDER_PROCESSES": "0",
        # A hard AI (the level a game's takeovers and away players get) thinks briefly here.
        "AI_HARD_ITERATIONS": str(HARD_ITERATIONS),
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        **extra,
    }
    return subprocess.Popen([sys.executable, "-m", "bot"], cwd=cwd, env=env)


@pytest.mark.slow
async def test_kill_nine_loses_nothing_anyone_was_told(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/crash.db"
    async with DiscordDouble(default_timeout=60) as d:
        guild = d.add_guild("Crash server")
        channel = d.add_channel(guild, "rattus")
        alice, bob = d.add_user("alice"), d.add_user("bob")
        table = Table(d, channel, [alice, bob])
        bot = start_bot(d, database, tmp_path)
        try:
            await d.wait_for_ready(min_sessions=1)
            await (
                await d.slash(alice, channel, "game new", thread=False, game="rattus")
            ).wait_done()
            await (await d.slash(bob, channel, "game join")).wait_done()
            await (await d.slash(alice, channel, "game start")).wait_done()
            await d.wait_for(lambda: table.current_turn() is not None)
            rnd = random.Random(12)
            for _ in range(15):
                await table.play_one(rnd)
            turn = table.current_turn()
            assert turn is not None
            told = turn_seq(turn)  # the players saw the board after action number `told`
            bot.send_signal(signal.SIGKILL)
            bot.wait(timeout=10)

            store = Store(database)
            await store.open()
            game = await store.open_game_in(channel.id)
            assert game is not None and game.seq >= told
            await store.close()

            bot = start_bot(d, database, tmp_path)
            await d.wait_for_ready(min_sessions=len(d.sessions) + 1)
            # The buttons of the last board still work and the game continues.
            await table.play_one(rnd)
            latest = table.current_turn()
            assert latest is not None and turn_seq(latest) > told
        finally:
            if bot.poll() is None:
                bot.send_signal(signal.SIGINT)
                try:
                    await asyncio.to_thread(bot.wait, 20)
                except subprocess.TimeoutExpired:
                    bot.kill()
