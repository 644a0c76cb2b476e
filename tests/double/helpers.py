"""Helpers for the double's own tests: real discord.py clients, a manual clock, fast retries."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import time
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from discord_double import DiscordDouble, DoubleChannel, DoubleGuild, DoubleUser

TOKEN = "test-token"


@dataclass
class Space:
    """A running double with a guild, a text channel and two members."""

    double: DiscordDouble
    guild: DoubleGuild
    channel: DoubleChannel
    alice: DoubleUser
    bob: DoubleUser


@contextlib.asynccontextmanager
async def space(**options: Any) -> AsyncIterator[Space]:
    """Start a double (``options`` go to ``DiscordDouble``) pointed at by discord.py."""
    async with DiscordDouble(**options) as double:
        double.configure_discord_py()  # undone by stop()
        guild = double.add_guild("Test server")
        channel = double.add_channel(guild, "rattus")
        alice = double.add_user("alice")
        bob = double.add_user("bob")
        yield Space(double, guild, channel, alice, bob)
        double.assert_clean()


class ManualClock:
    """A monotonic clock that only moves when a test moves it (for the rate limiter)."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class RecordedSleeps:
    """Stands in for ``asyncio`` inside ``discord.http``: records retry sleeps, skips them.

    discord.py sleeps 1 s, 3 s, ... before retrying a 5xx; a test checks the delays it
    asked for instead of waiting them out. Everything else is the real asyncio.
    """

    def __init__(self) -> None:
        self.delays: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        if delay > 0:  # the bucket bookkeeping also "sleeps" 0 s
            self.delays.append(delay)
        return await asyncio.sleep(0, result)


@contextlib.asynccontextmanager
async def logged_in(intents: discord.Intents | None = None) -> AsyncIterator[discord.Client]:
    """A discord.py client logged in over REST only (no gateway): for REST behaviour."""
    client = discord.Client(intents=intents or discord.Intents.none())
    await client.login(TOKEN)
    try:
        yield client
    finally:
        await client.close()


@contextlib.asynccontextmanager
async def connected(
    double: DiscordDouble,
    client: discord.Client,
    *,
    commands: bool = False,
    shards: Iterable[int] | None = None,
    shard_count: int | None = None,
) -> AsyncIterator[discord.Client]:
    """Run ``client`` until the double saw it (or the given shards) identify; close it after."""
    sessions_before = len(double.sessions)
    runner = asyncio.create_task(client.start(TOKEN))
    ready = asyncio.create_task(
        double.wait_for_ready(
            commands=commands,
            min_sessions=sessions_before + 1,
            shards=shards,
            shard_count=shard_count,
        )
    )
    try:
        await asyncio.wait({runner, ready}, return_when=asyncio.FIRST_COMPLETED)
        if runner.done():
            ready.cancel()
            runner.result()
            raise AssertionError("client stopped before becoming ready")
        await ready
        await asyncio.wait_for(client.wait_until_ready(), 10)
        yield client
    finally:
        ready.cancel()
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await runner


class ToolBot(commands.Bot):
    """A small bot whose commands exercise follow-ups, DMs, options and attachments.

    Errors from commands and handlers are collected in ``errors`` rather than logged.
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            guild_ready_timeout=0.01,
            **options,
        )
        self.errors: list[BaseException] = []
        self.release = asyncio.Event()
        self.seen_shards: list[int | None] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(NumberButton)
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        for command in build_tools():
            self.tree.add_command(command)
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py waits 5 s between shards by default (Discord's IDENTIFY limit).
        return None

    async def on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(error)
        if not interaction.response.is_done():
            await interaction.response.send_message(
                f"error: {type(error).__name__}", ephemeral=True
            )

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        import sys

        error = sys.exc_info()[1]
        if error is not None:
            self.errors.append(error)


class ShardedToolBot(ToolBot, commands.AutoShardedBot):
    """The same bot, sharded."""


class NumberButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"n:(?P<n>-?\d+)"):
    """A persistent button carrying a number, parsed from whatever custom id arrives."""

    def __init__(self, number: int) -> None:
        super().__init__(discord.ui.Button(label=str(number), custom_id=f"n:{number}"))
        self.number = number

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> NumberButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not -(2**63) <= self.number < 2**63:
            await interaction.response.send_message("number out of range", ephemeral=True)
            return
        await interaction.response.send_message(f"number {self.number}", ephemeral=True)


def build_tools() -> list[app_commands.Command[Any, ..., Any]]:
    """Fresh command objects (a command belongs to one tree)."""

    @app_commands.command(name="ping", description="Answer pong")
    async def ping(interaction: discord.Interaction[Any]) -> None:
        bot: ToolBot = interaction.client  # type: ignore[assignment]
        bot.seen_shards.append(interaction.guild.shard_id if interaction.guild else None)
        await interaction.response.send_message("pong")

    @app_commands.command(name="later", description="Defer, then answer when released")
    async def later(interaction: discord.Interaction[Any]) -> None:
        bot: ToolBot = interaction.client  # type: ignore[assignment]
        await interaction.response.defer(thinking=True)
        await bot.release.wait()
        try:
            await interaction.edit_original_response(content="finally")
        except discord.HTTPException as error:
            bot.errors.append(error)
            return
        try:
            await interaction.followup.send("and a follow-up")
        except discord.HTTPException as error:
            bot.errors.append(error)

    @app_commands.command(name="add", description="Add two integers")
    async def add(interaction: discord.Interaction[Any], a: int, b: int) -> None:
        await interaction.response.send_message(f"sum {a + b}")

    @app_commands.command(name="load", description="Read a JSON attachment")
    async def load(interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
        data = await file.read()
        try:
            value = json.loads(data)
        except ValueError:
            await interaction.response.send_message(
                f"{file.filename}: not JSON ({len(data)} bytes)", ephemeral=True
            )
            return
        await interaction.response.send_message(f"{file.filename}: {type(value).__name__}")

    @app_commands.command(name="dm", description="DM the caller")
    async def dm(interaction: discord.Interaction[Any]) -> None:
        await interaction.user.send("hello by DM")
        await interaction.response.send_message("sent", ephemeral=True)

    @app_commands.command(name="post", description="Post a message and a file in the channel")
    async def post(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send("posted", file=discord.File(io.BytesIO(b"{}"), "state.json"))
        await interaction.followup.send("done", ephemeral=True)

    @app_commands.command(name="burst", description="Six follow-ups in a row")
    async def burst(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        for i in range(6):
            await interaction.followup.send(f"part {i}")

    return [ping, later, add, load, dm, post, burst]
