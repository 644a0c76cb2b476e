"""The Discord double driven by the real discord.py client (no network beyond 127.0.0.1)."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from discord_double import (
    DiscordDouble,
    DoubleChannel,
    DoubleError,
    DoubleGuild,
    DoubleTimeoutError,
    DoubleUser,
)

# Every byte value, behind a PNG signature: any mangling of the upload shows up.
IMAGE = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8
TOKEN = "test-token"
WORDS = ["alpha", "beta", "gamma", "garnet", "delta"]


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<game>\d+)"):
    """A persistent button whose custom id carries the game number."""

    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.primary, custom_id=f"join:{game}"
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
    ) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: DemoBot = interaction.client
        message_id = interaction.message.id if interaction.message else None
        bot.clicks.append((self.game, interaction.user.id, message_id))
        await interaction.response.send_message(
            f"{interaction.user.name} joined game {self.game}", ephemeral=True
        )


class PickView(discord.ui.View):
    """A select menu plus a button that opens a modal."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick",
        options=[discord.SelectOption(label=w.title(), value=w) for w in WORDS[:3]],
        max_values=2,
    )
    async def pick(
        self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.edit_message(content=f"picked {', '.join(select.values)}")

    @discord.ui.button(label="Refresh", custom_id="refresh")
    async def refresh(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer()
        assert interaction.message is not None
        await interaction.message.edit(content="refreshed")

    @discord.ui.button(label="Rename", custom_id="rename")
    async def rename(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_modal(NameModal())


class NameModal(discord.ui.Modal, title="Rename"):
    """A one-field modal."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}")


class DemoBot(commands.Bot):
    """A minimal game-like bot: a guild /demo group and a global /ping."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.01
        )
        self.guild_id = guild_id
        self.calls: list[tuple[str, int, Any]] = []
        self.clicks: list[tuple[int, int, int | None]] = []
        self.dm_errors: list[Exception] = []
        self.read_back: bytes | None = None
        self.seen: list[str] = []
        self.errors: list[Exception] = []

    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:
            self.seen.append(message.content)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        self.add_view(PickView())
        guild = discord.Object(self.guild_id)
        self.tree.add_command(build_demo_group(), guild=guild)

        @self.tree.command(name="ping", description="Check the bot is alive")
        async def ping(interaction: discord.Interaction[Any]) -> None:
            try:
                await interaction.response.send_message("pong")
            except discord.HTTPException as error:
                self.errors.append(error)

        await self.tree.sync(guild=guild)
        await self.tree.sync()


def build_demo_group() -> app_commands.Group:
    """Build a fresh /demo group (a command object belongs to one tree)."""
    demo = app_commands.Group(name="demo", description="Demo commands")

    @demo.command(name="echo", description="Repeat text with a join button")
    @app_commands.describe(text="What to repeat")
    async def echo(interaction: discord.Interaction[Any], text: str) -> None:
        bot: DemoBot = interaction.client
        bot.calls.append(("echo", interaction.user.id, text))
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(len(bot.calls)))
        await interaction.response.send_message(f"echo: {text}", view=view)

    @echo.autocomplete("text")
    async def echo_text(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=w, value=w) for w in WORDS if w.startswith(current)]

    @demo.command(name="secret", description="An ephemeral answer")
    async def secret(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("only you can see this", ephemeral=True)

    @demo.command(name="board", description="Deferred answer with an image")
    async def board(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        sent = await interaction.followup.send(
            "the board", file=discord.File(io.BytesIO(IMAGE), "board.png"), wait=True
        )
        bot: DemoBot = interaction.client
        bot.read_back = await sent.attachments[0].read()

    @demo.command(name="dm", description="Send someone a DM")
    async def dm(interaction: discord.Interaction[Any], user: discord.User) -> None:
        bot: DemoBot = interaction.client
        try:
            await user.send("hello by DM")
        except discord.Forbidden as error:
            bot.dm_errors.append(error)
            await interaction.response.send_message("their DMs are closed", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @demo.command(name="slow", description="Deferred ephemeral answer, edited in later")
    async def slow(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        await interaction.edit_original_response(content="done slowly")

    @demo.command(name="pick", description="A select menu")
    async def pick(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pick words", view=PickView())

    @demo.command(name="tell", description="A private deferral, then public follow-ups")
    async def tell(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("asked for everyone, seen by you", ephemeral=False)
        await interaction.followup.send("for everyone", ephemeral=False)

    return demo


@dataclass
class World:
    """The double and the things in it."""

    double: DiscordDouble
    guild: DoubleGuild
    channel: DoubleChannel
    alice: DoubleUser
    bob: DoubleUser


@pytest.fixture
async def world() -> AsyncIterator[World]:
    """A running double with a guild, a channel and two members (bob's DMs are closed)."""
    original_base = discord.http.Route.BASE
    original_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with DiscordDouble() as double:
        double.configure_discord_py()  # undone by stop()
        guild = double.add_guild("Test server")
        channel = double.add_channel(guild, "rattus")
        alice = double.add_user("alice", locale="en-US")
        bob = double.add_user("bob", locale="fr", dms_open=False)
        yield World(double, guild, channel, alice, bob)
        double.assert_clean()
    assert original_base == discord.http.Route.BASE
    assert original_gateway == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


@contextlib.asynccontextmanager
async def running_bot(world: World) -> AsyncIterator[DemoBot]:
    """Run a fresh DemoBot until the double has seen it identify; close it afterwards."""
    sessions_before = len(world.double.sessions)
    bot = DemoBot(world.guild.id)
    runner = asyncio.create_task(bot.start(TOKEN))
    ready = asyncio.create_task(world.double.wait_for_ready(min_sessions=sessions_before + 1))
    try:
        await asyncio.wait({runner, ready}, return_when=asyncio.FIRST_COMPLETED)
        if runner.done():
            ready.cancel()
            runner.result()  # surfaces a login/connect failure
            raise AssertionError("bot stopped before becoming ready")
        await ready
        yield bot
    finally:
        ready.cancel()
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await runner


async def test_login_ready_guild_create_and_command_sync(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        await asyncio.wait_for(bot.wait_until_ready(), 5)
        assert bot.user is not None and bot.user.id == d.bot_user.id
        assert bot.application_id == d.application_id
        guild = bot.get_guild(world.guild.id)
        assert guild is not None and guild.name == "Test server"
        assert guild.owner_id == d.owner.id
        assert guild.default_role.permissions.send_messages
        assert guild.get_channel(world.channel.id) is not None
        assert guild.me is not None
        session = d.sessions[-1]
        assert session.events["READY"] == 1 and session.events["GUILD_CREATE"] == 1
        assert [c["name"] for c in d.commands(world.guild)] == ["demo"]
        assert [c["name"] for c in d.commands()] == ["ping"]
        demo = d.commands(world.guild)[0]
        assert [o["name"] for o in demo["options"]] == [
            "echo",
            "secret",
            "board",
            "dm",
            "slow",
            "pick",
            "tell",
        ]
        paths = {(r.method, r.path) for r in d.requests}
        assert ("GET", "/users/@me") in paths
        assert ("GET", "/oauth2/applications/@me") in paths
        assert (
            "PUT",
            f"/applications/{d.application_id}/guilds/{world.guild.id}/commands",
        ) in paths
        assert ("PUT", f"/applications/{d.application_id}/commands") in paths
        fetched = await bot.fetch_channel(world.channel.id)
        assert fetched.id == world.channel.id


async def test_slash_public_answer_options_and_user(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        r = await d.slash(world.alice, world.channel, "demo echo", text="hi there")
        await r.wait_done()
        assert bot.calls == [("echo", world.alice.id, "hi there")]
        assert r.ack_type == 4 and not r.ephemeral
        assert r.content == "echo: hi there"
        assert r.message is not None and r.message.custom_ids == ["join:1"]
        assert d.channel_messages(world.channel) == [r.message]
        assert r.message.author is d.bot_user
        sent = r.payload
        assert sent["member"]["user"]["id"] == str(world.alice.id)
        assert sent["data"]["options"][0]["options"] == [
            {"type": 3, "name": "text", "value": "hi there"}
        ]

        pong = await (await d.slash(world.bob, world.channel, "ping")).wait_done()
        assert pong.content == "pong"

        with pytest.raises(DoubleError, match="required option 'text'"):
            await d.slash(world.alice, world.channel, "demo echo")
        with pytest.raises(DoubleError, match="no subcommand"):
            await d.slash(world.alice, world.channel, "demo nope")


async def test_ephemeral_answer_is_only_visible_to_the_user(world: World) -> None:
    d = world.double
    async with running_bot(world):
        r = await (await d.slash(world.alice, world.channel, "demo secret")).wait_done()
        assert r.ephemeral and r.content == "only you can see this"
        assert r.message is not None and r.message.ephemeral_for is world.alice
        assert d.channel_messages(world.channel) == []
        assert d.channel_messages(world.channel, visible_to=world.alice) == [r.message]
        assert d.channel_messages(world.channel, visible_to=world.bob) == []


async def test_deferred_answer_with_followup_file_keeps_bytes(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        r = await (await d.slash(world.alice, world.channel, "demo board")).wait_done()
        assert r.deferred and r.ack_type == 5
        assert r.content == "the board" and not r.ephemeral
        assert [(f.filename, f.data) for f in r.files] == [("board.png", IMAGE)]
        # The follow-up replaced the "thinking" message rather than adding one.
        assert r.message is not None and r.message is r.original
        assert not r.message.loading
        assert r.followups == []
        assert d.channel_messages(world.channel) == [r.message]
        await d.wait_for(lambda: bot.read_back is not None)
        assert bot.read_back == IMAGE


async def test_autocomplete_returns_choices(world: World) -> None:
    d = world.double
    async with running_bot(world):
        choices = await d.autocomplete(world.alice, world.channel, "demo echo", "text", typed="ga")
        assert choices == [
            {"name": "gamma", "value": "gamma"},
            {"name": "garnet", "value": "garnet"},
        ]
        sent = d.interactions[-1].payload["data"]["options"][0]["options"][0]
        assert sent == {"type": 3, "name": "text", "value": "ga", "focused": True}


async def test_dynamic_button_click_reaches_callback_with_message(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        r = await (await d.slash(world.alice, world.channel, "demo echo", text="x")).wait_done()
        assert r.message is not None
        click = await (await d.click(world.bob, r.message, "join:1")).wait_done()
        assert bot.clicks == [(1, world.bob.id, r.message.id)]
        assert click.ephemeral and click.content == "bob joined game 1"
        assert click.message is not None and click.message.ephemeral_for is world.bob
        by_label = await (await d.click(world.alice, r.message, label="Join")).wait_done()
        assert by_label.content == "alice joined game 1"


async def test_select_and_modal(world: World) -> None:
    d = world.double
    async with running_bot(world):
        r = await (await d.slash(world.alice, world.channel, "demo pick")).wait_done()
        assert r.message is not None
        picked = await (
            await d.select(world.alice, r.message, "pick", ["alpha", "gamma"])
        ).wait_done()
        assert picked.ack_type == 7 and picked.message is r.message
        assert r.message.content == "picked alpha, gamma"
        assert r.message.edits[0].content == "pick words"
        with pytest.raises(DoubleError, match="no options"):
            await d.select(world.alice, r.message, "pick", ["nope"])

        opened = await (await d.click(world.alice, r.message, "rename")).wait_done()
        assert opened.modal is not None and opened.modal["title"] == "Rename"
        submitted = await (await d.submit_modal(world.alice, opened, {"name": "Ratty"})).wait_done()
        assert submitted.content == "renamed to Ratty"


async def test_dm_and_closed_dms(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        r = await (
            await d.slash(world.alice, world.channel, "demo dm", user=world.alice)
        ).wait_done()
        assert r.content == "sent"
        assert [m.content for m in d.dms(world.alice)] == ["hello by DM"]

        r = await (await d.slash(world.alice, world.channel, "demo dm", user=world.bob)).wait_done()
        assert r.content == "their DMs are closed"
        assert d.dms(world.bob) == []
        [error] = bot.dm_errors
        assert isinstance(error, discord.Forbidden) and error.code == 50007


async def test_restarted_bot_handles_old_buttons(world: World) -> None:
    d = world.double
    async with running_bot(world) as first:
        r = await (await d.slash(world.alice, world.channel, "demo echo", text="x")).wait_done()
    assert r.message is not None
    assert not d.sessions[-1].connected
    async with running_bot(world) as second:
        assert len(d.sessions) == 2
        click = await (await d.click(world.bob, r.message, "join:1")).wait_done()
        assert click.content == "bob joined game 1"
        assert second.clicks == [(1, world.bob.id, r.message.id)]
        assert first.clicks == []


async def test_gateway_drop_resumes_session(world: World) -> None:
    d = world.double
    async with running_bot(world):
        session = d.sessions[-1]
        await d.drop_gateway()
        await d.wait_for(lambda: session.resumes == 1 and session.connected)
        r = await (await d.slash(world.alice, world.channel, "ping")).wait_done()
        assert r.content == "pong"
        assert len(d.sessions) == 1


async def test_discord_errors_unknown_routes_and_timeouts(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        channel = bot.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as too_long:
            await channel.send("x" * 2001)
        assert too_long.value.code == 50035
        thread_channel = d.add_thread(world.channel, "game 2")
        thread = await bot.fetch_channel(thread_channel.id)
        assert isinstance(thread, discord.Thread)
        message = await thread.send("in the thread", file=discord.File(io.BytesIO(IMAGE), "a.png"))
        assert [m.content for m in d.channel_messages(thread_channel)] == ["in the thread"]
        assert d.channel_messages(thread_channel)[0].attachments[0].data == IMAGE
        await message.edit(content="edited")
        assert d.message(message.id).content == "edited"

        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/nowhere"))
        assert [r.path for r in d.unknown_requests] == ["/nowhere"]
        d.unknown_requests.clear()  # expected; keeps the fixture's assert_clean happy

        with pytest.raises(DoubleTimeoutError, match="never"):
            await d.wait_for(lambda: False, timeout=0.05, what="never")


async def test_deferred_edits_complete_the_answer(world: World) -> None:
    d = world.double
    async with running_bot(world):
        slow = await (await d.slash(world.alice, world.channel, "demo slow")).wait_done()
        assert slow.ack_type == 5 and slow.ephemeral and slow.content == "done slowly"
        assert slow.message is not None and not slow.message.loading

        r = await (await d.slash(world.alice, world.channel, "demo pick")).wait_done()
        assert r.message is not None
        refreshed = await (await d.click(world.bob, r.message, "refresh")).wait_done()
        assert refreshed.ack_type == 6 and refreshed.message is r.message
        assert r.message.content == "refreshed"


async def test_the_first_follow_up_of_a_private_deferral_stays_private(world: World) -> None:
    """As on Discord: the first follow-up fills the private "thinking" message whatever it
    asks; the next ones have the visibility they ask for."""
    d = world.double
    async with running_bot(world):
        r = await d.slash(world.alice, world.channel, "demo tell")
        told = await r.wait_public()
        assert r.ephemeral and r.content == "asked for everyone, seen by you"
        assert r.message is r.original and r.followups == [told]
        assert told.content == "for everyone" and not told.ephemeral
        assert d.channel_messages(world.channel) == [told]


async def test_dm_slash_threads_history_and_user_messages(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        in_dm = await (await d.slash(world.alice, d.dm_channel(world.alice), "ping")).wait_done()
        assert in_dm.content == "pong" and "user" in in_dm.payload
        assert d.dms(world.alice)[0] is in_dm.message

        thread = d.add_thread(world.channel, "game 2", members=[world.alice])
        in_thread = await (await d.slash(world.alice, thread, "ping")).wait_done()
        assert in_thread.message is not None and in_thread.message.channel_id == thread.id
        assert d.channel_messages(world.channel) == []

        channel = bot.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        async with channel.typing():
            sent = [await channel.send(f"line {i}") for i in range(3)]
        history = [m.content async for m in channel.history(limit=2)]
        assert history == ["line 2", "line 1"]
        assert (await channel.fetch_message(sent[0].id)).content == "line 0"
        created = await channel.create_thread(
            name="made by bot", type=discord.ChannelType.public_thread
        )
        await created.send("hello thread")
        assert [m.content for m in d.channel_messages(d.channel(created.id))] == ["hello thread"]

        await d.post(world.alice, world.channel, "no mention")
        await d.post(world.alice, world.channel, f"hi {d.bot_user.mention}")
        await d.wait_for(lambda: len(bot.seen) == 2)
        # Without the message content intent only mentions keep their content.
        assert bot.seen == ["", f"hi {d.bot_user.mention}"]


async def test_late_acknowledgement_is_rejected_like_discord(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        d.ack_deadline = 0.0  # every callback is now "too late"
        r = await d.slash(world.alice, world.channel, "ping")
        with pytest.raises(DoubleError, match="deadline"):
            await r.wait_done()
        await d.wait_for(lambda: bot.errors)
        [error] = bot.errors
        assert isinstance(error, discord.NotFound) and error.code == 10062


async def test_creating_a_thread_needs_the_permission(world: World) -> None:
    d = world.double
    async with running_bot(world) as bot:
        channel = bot.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        for role in world.guild.roles.values():
            role.permissions &= ~(1 << 35)
        with pytest.raises(discord.Forbidden) as err:
            await channel.create_thread(name="no", type=discord.ChannelType.public_thread)
        assert err.value.code == 50013
        assert not [c for c in d.channels.values() if c.parent_id == world.channel.id]
