"""Run the real bot against the project's Discord double, and act as its users."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.app import GameBot
from bot.config import Config
from bot.publisher import PublisherConfig
from bot.service import ServiceConfig
from bot.web import WebConfig
from discord_double import DiscordDouble, DoubleChannel, DoubleGuild, DoubleMessage, DoubleUser
from discord_double.player import Table, components, turn_choices, turn_seq


@dataclass
class World:
    """A double with a server, a channel and three users (carol's DMs are closed)."""

    double: DiscordDouble
    guild: DoubleGuild
    channel: DoubleChannel
    alice: DoubleUser
    bob: DoubleUser
    carol: DoubleUser
    database: str
    dave: DoubleUser
    erin: DoubleUser


@contextlib.asynccontextmanager
async def world(tmp_path: Path) -> AsyncIterator[World]:
    """Start the double and describe the server; everything is torn down after."""
    async with DiscordDouble() as double:
        double.configure_discord_py()
        guild = double.add_guild("Plague lovers")
        channel = double.add_channel(guild, "rattus")
        alice = double.add_user("alice", locale="en-US")
        bob = double.add_user("bob", locale="fr")
        carol = double.add_user("carol", locale="en-GB", dms_open=False)
        dave = double.add_user("dave", locale="en-US")
        erin = double.add_user("erin", locale="fr")
        yield World(
            double, guild, channel, alice, bob, carol, f"sqlite:///{tmp_path}/bot.db", dave, erin
        )


HARD_ITERATIONS = 40  # the hard AI's search in tests: a few milliseconds, not 1.5 s of CPU

# Pauses of the publisher shrunk like the double's rate-limit windows (0.02 of Discord's).
FAST = PublisherConfig(channel_interval=0.02, retry_initial=0.01, retry_max=0.2, settle=3.0)


@contextlib.asynccontextmanager
async def running_bot(
    w: World,
    seed: int = 4242,
    *,
    publisher: PublisherConfig = FAST,
    clock: Any = None,
    render_processes: int = 1,
    web: WebConfig | None = None,
    **service: Any,
) -> AsyncIterator[GameBot]:
    """Run the bot until the double saw it identify and sync; close it afterwards.

    Games get the fixed seed `seed`, so a test plays the same game on every run; boards are
    drawn in `render_processes` worker processes (0: in threads of this interpreter).
    """
    sessions = len(w.double.sessions)
    config = Config(
        token="test-token",
        database_url=w.database,
        render_processes=render_processes,
        # A hard AI (the level a game's takeovers and away players get) thinks briefly here.
        ai_hard_iterations=HARD_ITERATIONS,
        web=web,
    )
    bot = GameBot(
        config,
        service_config=ServiceConfig(**service),
        publisher_config=publisher,
        guild_ready_timeout=0.01,
        **({"clock": clock} if clock is not None else {}),
    )
    bot.service.seed_source = lambda: seed
    runner = asyncio.create_task(bot.start(config.token))
    ready = asyncio.create_task(w.double.wait_for_ready(min_sessions=sessions + 1))
    try:
        await asyncio.wait({runner, ready}, return_when=asyncio.FIRST_COMPLETED)
        if runner.done():
            ready.cancel()
            runner.result()
            raise AssertionError("the bot stopped before it was ready")
        await ready
        await bot.warmed()
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        yield bot
    finally:
        ready.cancel()
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await runner


buttons = components  # what a user sees on a message: its buttons and selects


def table(w: World) -> Table:
    """The game channel as its players see it."""
    return Table(w.double, w.channel, [w.alice, w.bob, w.carol, w.dave, w.erin])


def turn_messages(w: World) -> list[DoubleMessage]:
    """Public channel messages that still carry turn buttons."""
    return [m for m in table(w).messages() if turn_seq(m) >= 0]


def current_turn(w: World) -> DoubleMessage | None:
    """The newest turn message (the one with live buttons)."""
    return table(w).current_turn()


def mover(w: World, message: DoubleMessage) -> DoubleUser:
    """The person a turn message asks to decide."""
    user = table(w).mover(message)
    assert user is not None
    return user


async def wait_for_turn_after(w: World, seq: int) -> None:
    """Wait until a turn message newer than `seq` exists, or the game is over."""
    await table(w).wait_after(seq)


def game_over(w: World) -> bool:
    """True once the final ranking was posted."""
    return table(w).over()


async def pick_through(w: World, user: DoubleUser, record: Any, rnd: Any) -> Any:
    """Follow an ephemeral picker until an action is chosen; return the last record."""
    return await table(w).pick_through(user, record, rnd)


def turn_control(message: DoubleMessage, n: int = 0) -> dict[str, Any]:
    """The n-th control of a turn message: a button ("rt:") or a select ("rc:")."""
    controls = turn_choices(message)
    assert controls, f"no turn control on {message!r}"
    return controls[n]


async def use_control(
    w: World, user: DoubleUser, message: DoubleMessage, control: dict[str, Any], option: int = 0
) -> Any:
    """Use a turn control as a player does: click a button, or choose a select's option."""
    if control["custom_id"].startswith("rc:"):
        value = control["options"][option]["value"]
        return await w.double.select(user, message, control["custom_id"], [value])
    return await w.double.click(user, message, control["custom_id"])


def button_id(message: DoubleMessage, prefix: str, suffix: str = "") -> str:
    """The custom_id of the message's button that starts with `prefix` (and ends with
    `suffix`)."""
    found = [
        str(c["custom_id"])
        for c in components(message)
        if str(c.get("custom_id", "")).startswith(prefix)
        and str(c.get("custom_id", "")).endswith(suffix)
    ]
    assert found, f"no button {prefix}…{suffix} on {message!r}"
    return found[0]


async def abandon(w: World, user: DoubleUser, channel: DoubleChannel | None = None) -> Any:
    """/game abandon, then Confirm: the record of the confirming click."""
    d = w.double
    ask = await (await d.slash(user, channel or w.channel, "game abandon")).wait_done()
    assert ask.ephemeral and ask.message is not None, ask.text
    confirm = await d.click(user, ask.message, button_id(ask.message, "ra:", ":yes"))
    return await confirm.wait_done()


def dm_versions(w: World, user: DoubleUser) -> list[str]:
    """Every text a person's DMs showed, oldest first: a private DM is edited in place as
    what that person knows changes, so each earlier version counts."""
    return [
        text
        for message in w.double.dms(user)
        for text in [*(revision.content for revision in message.edits), message.text]
    ]


async def two_player_game(w: World, game: str = "rattus") -> None:
    """Alice opens a lobby of `game` in the channel (no thread), Bob joins, Alice starts it."""
    d = w.double
    await (await d.slash(w.alice, w.channel, "game new", thread=False, game=game)).wait_done()
    await (await d.slash(w.bob, w.channel, "game join")).wait_done()
    await (await d.slash(w.alice, w.channel, "game start")).wait_done()
