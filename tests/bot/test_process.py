"""Process hygiene: SIGTERM and SIGINT shut the bot down cleanly, and no process it started
(render workers, multiprocessing's resource tracker) outlives it, even after kill -9."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import psutil
import pytest

from discord_double import DiscordDouble
from discord_double.player import Table
from tests.bot.test_crash import start_bot


def descendants(pid: int) -> list[psutil.Process]:
    return psutil.Process(pid).children(recursive=True)


async def gone(processes: list[psutil.Process], timeout: float = 20.0) -> list[int]:
    """Wait until every process has ended; return those still alive at the deadline."""
    _, alive = await asyncio.to_thread(psutil.wait_procs, processes, timeout)
    return [p.pid for p in alive]


async def running_game(d: DiscordDouble, tmp_path: Path, **env: str):  # type: ignore[no-untyped-def]
    guild = d.add_guild("Hygiene")
    channel = d.add_channel(guild, "game")
    alice, bob = d.add_user("alice"), d.add_user("bob")
    bot = start_bot(d, f"sqlite:///{tmp_path}/p.db", tmp_path, **env)
    await d.wait_for_ready(min_sessions=1)
    await (await d.slash(alice, channel, "game new", thread=False, game="rattus")).wait_done()
    await (await d.slash(bob, channel, "game join")).wait_done()
    await (await d.slash(alice, channel, "game start")).wait_done()
    table = Table(d, channel, [alice, bob])
    await d.wait_for(lambda: table.current_turn() is not None)
    return bot


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_shuts_down_cleanly_and_leaves_no_process(
    tmp_path: Path, sig: signal.Signals
) -> None:
    async with DiscordDouble(default_timeout=60) as d:
        bot = await running_game(d, tmp_path, RENDER_PROCESSES="1")
        try:
            children = descendants(bot.pid)
            assert children, "the render worker and its helpers should be running"
            bot.send_signal(sig)
            code = await asyncio.to_thread(bot.wait, 30)
            assert code == 0
            assert await gone(children) == []
        finally:
            if bot.poll() is None:
                bot.kill()  # never leave a bot behind for the next tests


@pytest.mark.slow
async def test_kill_nine_leaves_no_process_behind(tmp_path: Path) -> None:
    async with DiscordDouble(default_timeout=60) as d:
        bot = await running_game(d, tmp_path, RENDER_PROCESSES="1")
        children = descendants(bot.pid)
        assert children
        bot.send_signal(signal.SIGKILL)
        await asyncio.to_thread(bot.wait, 30)
        assert await gone(children) == []
