"""Request classes, interaction token expiry, message nonces and history, with discord.py."""

from __future__ import annotations

import io

import discord
import pytest

from discord_double.server import INTERACTION_TOKEN_TTL, NONCE_WINDOW
from tests.double.helpers import ToolBot, connected, logged_in, space


async def test_requests_are_classed_per_action() -> None:
    async with space() as s, connected(s.double, ToolBot(), commands=True) as bot:
        d = s.double
        startup = d.request_counts(0, d.request_mark())
        assert startup["setup"] >= 3 and startup["interaction"] == 0
        assert {r.category for r in d.requests if r.path == "/users/@me"} == {"setup"}
        assert {r.category for r in d.requests if "/commands" in r.path} == {"setup"}

        mark = d.request_mark()
        await (await d.slash(s.alice, s.channel, "ping")).wait_done()
        assert d.request_counts(mark) == {
            "interaction": 1,
            "channel": 0,
            "dm": 0,
            "setup": 0,
            "other": 0,
        }

        mark = d.request_mark()
        await (await d.slash(s.alice, s.channel, "dm")).wait_done()
        counts = d.request_counts(mark)
        # Opening the DM channel and the DM itself are "dm"; the answer is "interaction".
        assert (counts["dm"], counts["interaction"], counts["channel"]) == (2, 1, 0)

        mark = d.request_mark()
        post = await (await d.slash(s.alice, s.channel, "post")).wait_done()
        assert post.content == "done"  # the follow-up filled in the deferred answer
        counts = d.request_counts(mark)
        assert (counts["interaction"], counts["channel"], counts["dm"]) == (2, 1, 0)

        mark = d.request_mark()
        await bot.fetch_user(s.bob.id)
        await bot.fetch_channel(s.channel.id)
        between = d.request_counts(mark, mark + 1)
        assert between["other"] == 1 and sum(between.values()) == 1
        assert d.request_counts(mark)["channel"] == 1


async def test_interaction_token_expires_after_15_minutes_on_the_doubles_clock() -> None:
    async with space() as s, connected(s.double, ToolBot(), commands=True) as bot:
        d = s.double
        assert isinstance(bot, ToolBot)
        # Fourteen minutes and 59 seconds later the token still works.
        early = await (await d.slash(s.alice, s.channel, "later")).wait_acked()
        d.advance_clock(INTERACTION_TOKEN_TTL - 1)
        assert not early.token_expired
        bot.release.set()
        await early.wait_done()
        await d.wait_for(lambda: early.followups)
        assert early.content == "finally" and bot.errors == []

        bot.release.clear()
        late = await (await d.slash(s.alice, s.channel, "later")).wait_acked()
        d.advance_clock(INTERACTION_TOKEN_TTL)
        assert late.token_expired
        bot.release.set()
        await d.wait_for(lambda: bot.errors)
        [error] = bot.errors
        # What Discord answers once the token is 15 minutes old.
        assert isinstance(error, discord.HTTPException)
        assert (error.status, error.code, error.text) == (401, 50027, "Invalid Webhook Token")
        assert late.deferred and not late.done
        edit = d.requests[-1]
        assert edit.method == "PATCH" and edit.path.endswith("/messages/@original")
        assert edit.status == 401


async def test_message_nonces_return_the_message_already_created() -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await client.fetch_channel(s.channel.id)
        assert isinstance(channel, discord.TextChannel)
        first = await channel.send("once", nonce=42)
        again = await channel.send("once", nonce=42)
        assert again.id == first.id and first.nonce == "42"
        other = await channel.send("once", nonce=43)
        assert other.id != first.id
        assert len(d.channel_messages(s.channel)) == 2

        # "Within the last few minutes": later, the same nonce makes a new message.
        d.advance_clock(NONCE_WINDOW)
        later = await channel.send("once", nonce=42)
        assert later.id != first.id

        # A nonce whose message was deleted meanwhile: NotFound, as discord.py documents.
        gone = await channel.send("short-lived", nonce="gone")
        await gone.delete()
        with pytest.raises(discord.NotFound):
            await channel.send("short-lived", nonce="gone")

        # Without enforce_nonce, Discord does not check.
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        for _ in range(2):
            await client.http.request(route, json={"content": "free", "nonce": "free"})
        assert [m.content for m in d.channel_messages(s.channel)].count("free") == 2

        with pytest.raises(discord.HTTPException) as too_long:
            await channel.send("x", nonce="n" * 26)
        assert too_long.value.code == 50035


async def test_history_after_a_restart_shows_what_was_posted() -> None:
    async with space() as s:
        d = s.double
        async with logged_in() as first:
            channel = await first.fetch_channel(s.channel.id)
            assert isinstance(channel, discord.TextChannel)
            posted = []
            for i in range(5):
                files = [discord.File(io.BytesIO(b"{}"), f"board-{i}.png")] if i % 2 == 0 else []
                posted.append(await channel.send(f"turn {i}", files=files))
        await d.post(s.alice, s.channel, "a player's message")

        async with logged_in() as second:  # a restarted bot checks what it already posted
            channel = await second.fetch_channel(s.channel.id)
            assert isinstance(channel, discord.TextChannel)
            newest = [m async for m in channel.history(limit=3)]
            assert [m.content for m in newest] == ["a player's message", "turn 4", "turn 3"]
            assert [a.filename for a in newest[1].attachments] == ["board-4.png"]
            assert newest[1].author.id == d.bot_user.id and newest[0].author.id == s.alice.id

            before = [m async for m in channel.history(limit=2, before=posted[3])]
            assert [m.content for m in before] == ["turn 2", "turn 1"]
            after = [m async for m in channel.history(after=posted[1], oldest_first=True)]
            assert [m.content for m in after] == [
                "turn 2",
                "turn 3",
                "turn 4",
                "a player's message",
            ]
            files = [
                a.filename
                async for m in channel.history(limit=None, oldest_first=True)
                for a in m.attachments
            ]
            assert files == ["board-0.png", "board-2.png", "board-4.png"]
