"""Injected failures against the real discord.py client: what it retries, what it raises."""

from __future__ import annotations

import aiohttp
import discord
import pytest
from discord import app_commands

from discord_double import faults
from tests.double.helpers import (
    RecordedSleeps,
    Space,
    ToolBot,
    connected,
    logged_in,
    space,
)


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> RecordedSleeps:
    """discord.py's retry sleeps (REST and interaction webhooks), recorded, not waited out."""
    recorded = RecordedSleeps()
    monkeypatch.setattr(discord.http, "asyncio", recorded)
    monkeypatch.setattr(discord.webhook.async_, "asyncio", recorded)
    return recorded


async def text_channel(client: discord.Client, s: Space) -> discord.TextChannel:
    channel = await client.fetch_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def message_posts(s: Space) -> list[int]:
    return [
        r.status
        for r in s.double.requests
        if r.method == "POST" and r.path == f"/channels/{s.channel.id}/messages"
    ]


async def test_502_twice_then_success_is_retried(sleeps: RecordedSleeps) -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await text_channel(client, s)
        rule = d.inject_fault(faults.MESSAGE_CREATE, 502, times=2)
        sent = await channel.send("through at last")
        assert message_posts(s) == [502, 502, 200]
        # discord.py backs off 1 s, then 3 s, before retrying a 502.
        assert sleeps.delays == [1, 3]
        assert [f.status for f in d.injected_failures] == [502, 502]
        assert not rule.active and rule.hits == 2
        assert [m.id for m in d.channel_messages(s.channel)] == [sent.id]


async def test_503_is_not_retried_by_discord_py() -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await text_channel(client, s)
        d.inject_fault(faults.MESSAGE_CREATE, 503, times=2)
        # discord.py 2.7 retries 500, 502, 504 and 524 only; a 503 is raised at once.
        with pytest.raises(discord.DiscordServerError) as raised:
            await channel.send("lost")
        assert raised.value.status == 503
        assert message_posts(s) == [503]
        assert d.channel_messages(s.channel) == []
        assert [r.fault for r in d.requests if r.fault] == ["503"]


async def test_429_with_via_is_retried_after_retry_after() -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await text_channel(client, s)
        d.inject_fault(faults.MESSAGE_CREATE, 429, retry_after=0.01)
        await channel.send("after a short wait")
        assert message_posts(s) == [429, 200]
        assert [str(f) for f in d.injected_failures] == [
            f"POST /channels/{s.channel.id}/messages -> injected 429"
        ]
        # Injected 429s are not the double's own rate limiting.
        assert d.rate_limited == []


async def test_429_without_via_is_a_cloudflare_ban_for_discord_py() -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await text_channel(client, s)
        d.inject_fault(faults.MESSAGE_CREATE, 429, retry_after=0.01, via=False)
        with pytest.raises(discord.HTTPException) as raised:
            await channel.send("banned")
        assert raised.value.status == 429
        assert message_posts(s) == [429]
        assert d.injected_failures[0].rule.describe() == "429 no-Via"


async def test_global_429_holds_every_request_then_retries() -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await text_channel(client, s)
        d.inject_fault("POST /channels/{id}/messages", 429, retry_after=0.01, global_=True)
        await channel.send("global wait")
        assert message_posts(s) == [429, 200]
        assert d.injected_failures[0].rule.describe() == "429 global"


async def test_fault_until_cleared_latency_and_patterns() -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await text_channel(client, s)
        first = await channel.send("first")
        rule = d.inject_fault(faults.MESSAGE_EDIT, 403, times=None)
        for _ in range(3):
            with pytest.raises(discord.Forbidden):
                await first.edit(content="nope")
        assert rule.hits == 3 and rule.active and d.faults == [rule]
        rule.clear()
        assert d.faults == []
        await first.edit(content="edited")
        assert d.message(first.id).content == "edited"

        # Latency alone slows the answer down and is recorded, the request succeeds.
        d.inject_fault(f"GET /channels/{s.channel.id}", None, latency=0.01)
        await client.fetch_channel(s.channel.id)
        assert d.injected_failures[-1].status is None
        assert d.requests[-1].fault == "latency +0.01s" and d.requests[-1].status == 200

        # A literal id only matches that channel; "**" matches the rest of the path.
        other = d.add_channel(s.guild, "other")
        d.inject_fault(f"POST /channels/{other.id}/**", 500, times=None, via=False)
        await channel.send("this channel is fine")
        d.clear_faults()
        assert d.faults == []


async def test_dropped_connection_is_not_an_http_exception() -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await text_channel(client, s)
        d.inject_fault(faults.MESSAGE_CREATE, drop=True)
        # No answer at all: aiohttp's error reaches the caller, not discord.HTTPException.
        with pytest.raises(aiohttp.ServerDisconnectedError):
            await channel.send("into the void")
        assert message_posts(s) == [0]
        [failure] = d.injected_failures
        assert failure.dropped and failure.status is None
        assert d.channel_messages(s.channel) == []


async def test_lost_answer_retried_with_the_same_nonce_makes_no_duplicate(
    sleeps: RecordedSleeps,
) -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await text_channel(client, s)
        # Discord creates the message, but the answer is a 502: discord.py retries the
        # same request, nonce and enforce_nonce included, and gets the same message.
        d.inject_fault(faults.MESSAGE_CREATE, 502, processed=True)
        sent = await channel.send("exactly once")
        assert message_posts(s) == [502, 200]
        assert [m.id for m in d.channel_messages(s.channel)] == [sent.id]
        assert d.injected_failures[0].processed

        # A dropped answer after processing: the caller sees an error although the
        # message exists; sending again with its own nonce finds it instead of a copy.
        d.inject_fault(faults.MESSAGE_CREATE, drop=True, processed=True)
        with pytest.raises(aiohttp.ClientError):
            await channel.send("maybe sent", nonce="turn-7")
        again = await channel.send("maybe sent", nonce="turn-7")
        texts = [m.content for m in d.channel_messages(s.channel)]
        assert texts == ["exactly once", "maybe sent"]
        assert again.id == d.channel_messages(s.channel)[-1].id


async def test_interaction_faults_reach_the_bot(sleeps: RecordedSleeps) -> None:
    async with space() as s, connected(s.double, ToolBot(), commands=True) as bot:
        d = s.double
        assert isinstance(bot, ToolBot)
        # A 500 on the callback is retried by discord.py; the user sees the answer.
        d.inject_fault(faults.INTERACTION_CALLBACK, 500)
        r = await (await d.slash(s.alice, s.channel, "ping")).wait_done()
        assert r.content == "pong" and sleeps.delays == [1]

        # Interaction webhooks go through discord.py's webhook adapter, which retries
        # every 5xx, 503 included, five times: a lasting 503 on the @original edit
        # reaches the bot as DiscordServerError and the user keeps "thinking...".
        rule = d.inject_fault(faults.WEBHOOK_MESSAGE_EDIT, 503, times=None)
        later = await d.slash(s.alice, s.channel, "later")
        await later.wait_acked()
        sleeps.delays.clear()
        bot.release.set()
        await d.wait_for(lambda: len(bot.errors) == 1)
        assert isinstance(bot.errors[0], discord.DiscordServerError)
        assert rule.hits == 5 and sleeps.delays == [1, 3, 5, 7, 9]
        assert later.deferred and not later.done
        rule.clear()
        # A single 503 on a follow-up is retried and goes through.
        d.inject_fault(faults.FOLLOWUP, 503)
        again = await (await d.slash(s.alice, s.channel, "later")).wait_done()
        await d.wait_for(lambda: len(again.followups) == 1)
        assert again.content == "finally" and len(bot.errors) == 1

        # DM channel opens can fail too: discord.py retries a 500 five times, then
        # the command fails and the bot says so.
        bot.errors.clear()
        d.inject_fault(faults.DM_OPEN, 500, times=None)
        dm = await (await d.slash(s.alice, s.channel, "dm")).wait_done()
        assert dm.content == "error: CommandInvokeError"
        assert d.dms(s.alice) == []
        [error] = bot.errors
        assert isinstance(error, app_commands.CommandInvokeError)
        assert isinstance(error.original, discord.DiscordServerError)
        d.clear_faults()
        kinds = {f.rule.route for f in d.injected_failures}
        assert kinds == {
            faults.INTERACTION_CALLBACK,
            faults.FOLLOWUP,
            faults.WEBHOOK_MESSAGE_EDIT,
            faults.DM_OPEN,
        }


async def test_fault_rules_reject_nonsense() -> None:
    async with space() as s:
        with pytest.raises(ValueError, match="METHOD"):
            s.double.inject_fault("channels/1/messages")
        with pytest.raises(ValueError, match="status"):
            s.double.inject_fault(faults.MESSAGE_CREATE, None)
        with pytest.raises(ValueError, match="times"):
            s.double.inject_fault(faults.MESSAGE_CREATE, times=0)
