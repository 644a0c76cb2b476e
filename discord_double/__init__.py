"""A local Discord double ("fake Discord") that the real, unmodified discord.py talks to.

``DiscordDouble`` is an aiohttp server on 127.0.0.1 (OS-assigned port) serving
Discord's REST API under ``/api/v10/...`` and a websocket gateway at ``/ws/``.
It records everything the bot does and lets tests act as users::

    async with DiscordDouble() as d:                    # starts; stops on exit
        guild = d.add_guild("Test server")              # owner d.owner, @everyone, bot role
        channel = d.add_channel(guild, "rattus")        # text channel
        thread = d.add_thread(channel, "game 2")        # public thread (type 11)
        alice = d.add_user("alice", locale="en-US")     # joins every existing guild
        bob = d.add_user("bob", dms_open=False)         # DMs to bob answer 403 / 50007

        d.configure_discord_py()        # Route.BASE + DEFAULT_GATEWAY; undone by stop()
        # ... start your discord.Client / commands.Bot with any token ...
        await d.wait_for_ready()        # READY + GUILD_CREATE sent and commands synced

        r = await d.slash(alice, channel, "game new", players=3)  # path + options by name
        await r.wait_done()             # final visible answer (deferrals filled in)
        r.ephemeral, r.content, r.embeds, r.files, r.messages, r.message
        r2 = await d.click(alice, r.message, "join")     # or label="Join"
        r3 = await d.select(alice, r.message, "pick", ["north"])
        r4 = await d.submit_modal(alice, r2, {"name": "x"})   # r2 answered with a modal
        choices = await d.autocomplete(alice, channel, "rattus place", "region", typed="ga")
        d.channel_messages(channel)     # public messages in order (visible_to=alice adds hers)
        d.dms(alice)                    # what the bot sent alice by DM
        await d.post(alice, channel, "hi")               # a user message (MESSAGE_CREATE)
        await d.wait_for(lambda: len(d.dms(alice)) == 1, timeout=5)
        await d.wait_for_message(channel, lambda m: "wins" in m.text)
        d.assert_clean()                # no unknown routes hit, no internal errors

Records: ``DoubleMessage`` (id, channel_id, author, content, embeds, components,
attachments with ``filename``/``data`` bytes, flags, ``ephemeral_for``, ``edits``,
``deleted``, ``order``), ``InteractionRecord`` (payload sent, ``responses`` in order,
``ack_type``, ``original``, ``followups``, ``choices``, ``modal``, latencies),
``d.requests`` / ``d.unknown_requests`` (unknown routes answer 404 like Discord),
``d.sessions`` (gateway sessions). Waits never sleep blindly: they wake on each
recorded change and raise ``DoubleTimeoutError`` with a summary of the state.

Restarting the bot: close the client, start a new one, then
``await d.wait_for_ready(min_sessions=n + 1)``; old messages and buttons still work.
``await d.drop_gateway()`` cuts the websocket so discord.py RESUMEs.

Another process: ``python -m discord_double --port N`` prints the addresses; the bot
calls ``configure_discord_py(api_base)``; scenarios use the ``/_double/`` API.
"""

from discord_double.discordpy import configure_discord_py
from discord_double.gateway import GatewaySession
from discord_double.interactions import InteractionRecord, InteractionResponse
from discord_double.models import (
    DiscordHTTPError,
    DoubleAttachment,
    DoubleChannel,
    DoubleError,
    DoubleGuild,
    DoubleMember,
    DoubleMessage,
    DoubleRole,
    DoubleTimeoutError,
    DoubleUser,
    MessageRevision,
    RequestRecord,
)
from discord_double.server import DiscordDouble

__all__ = [
    "DiscordDouble",
    "DiscordHTTPError",
    "DoubleAttachment",
    "DoubleChannel",
    "DoubleError",
    "DoubleGuild",
    "DoubleMember",
    "DoubleMessage",
    "DoubleRole",
    "DoubleTimeoutError",
    "DoubleUser",
    "GatewaySession",
    "InteractionRecord",
    "InteractionResponse",
    "MessageRevision",
    "RequestRecord",
    "configure_discord_py",
]
