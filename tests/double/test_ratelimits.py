"""Discord's rate limits, enforced by the double, against raw HTTP and the real discord.py."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from typing import Any

import aiohttp
import discord
import pytest

from discord_double import DiscordDouble, DoubleError
from discord_double.ratelimits import DEFAULT_BUCKETS
from tests.double.helpers import (
    TOKEN,
    ManualClock,
    ToolBot,
    connected,
    logged_in,
    space,
)

SCALE = 0.02  # a 5 s window lasts 100 ms
MESSAGE_CREATE_HASH = next(b.hash for b in DEFAULT_BUCKETS if b.name == "message-create")


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def raw(
    http: aiohttp.ClientSession, d: DiscordDouble, method: str, path: str, body: Any = None
) -> tuple[int, Mapping[str, str], Any]:
    """One request as a client without any rate-limit handling would send it."""
    async with http.request(
        method,
        f"{d.api_base}/api/v10{path}",
        json=body,
        headers={"Authorization": f"Bot {TOKEN}"},
    ) as response:
        data = await response.json() if response.content_type == "application/json" else None
        return response.status, response.headers, data


def frozen(d: DiscordDouble) -> ManualClock:
    """Put the rate limiter on a clock that only the test moves."""
    clock = ManualClock()
    d.rate_limits.clock = clock
    d.rate_limits.reset()
    return clock


async def test_bucket_headers_and_429_like_discord(http: aiohttp.ClientSession) -> None:
    async with space(rate_limits=True, rate_limit_scale=SCALE) as s:
        d = s.double
        clock = frozen(d)
        path = f"/channels/{s.channel.id}/messages"
        for left in (4, 3, 2, 1, 0):
            status, headers, _ = await raw(http, d, "POST", path, {"content": "x"})
            assert status == 200
            assert headers["X-RateLimit-Limit"] == "5"
            assert headers["X-RateLimit-Remaining"] == str(left)
            assert headers["X-RateLimit-Reset-After"] == "0.100"
            assert headers["X-RateLimit-Bucket"] == MESSAGE_CREATE_HASH
            assert float(headers["X-RateLimit-Reset"]) > 1e9  # epoch seconds
            assert headers["Via"] == "1.1 google"
            assert "X-RateLimit-Scope" not in headers

        status, headers, body = await raw(http, d, "POST", path, {"content": "sixth"})
        assert status == 429
        assert body == {
            "message": "You are being rate limited.",
            "retry_after": 0.1,
            "global": False,
        }
        assert headers["X-RateLimit-Scope"] == "user" and headers["Via"] == "1.1 google"
        assert headers["X-RateLimit-Remaining"] == "0" and "X-RateLimit-Global" not in headers
        assert headers["Retry-After"] == "1"
        [hit] = d.rate_limited
        assert (hit.scope, hit.bucket, hit.retry_after) == ("user", "message-create", 0.1)
        assert d.requests[-1].rate_limit == "user" and d.requests[-1].status == 429
        assert [m.content for m in d.channel_messages(s.channel)] == ["x"] * 5

        # Buckets count per channel; routes without a bucket send no bucket headers.
        other = d.add_channel(s.guild, "other")
        assert (await raw(http, d, "POST", f"/channels/{other.id}/messages", {"content": "y"}))[
            0
        ] == 200
        status, headers, _ = await raw(http, d, "GET", f"/channels/{s.channel.id}")
        assert status == 200 and "X-RateLimit-Bucket" not in headers and "Via" in headers

        # Reactions: one per 250 ms (scaled: 5 ms) per channel.
        message = d.channel_messages(s.channel)[0]
        reaction = f"/channels/{s.channel.id}/messages/{message.id}/reactions/%F0%9F%90%80/@me"
        assert (await raw(http, d, "PUT", reaction))[0] == 204
        assert (await raw(http, d, "PUT", reaction))[0] == 429

        # Once the window is over, the channel takes messages again.
        clock.advance(0.1)
        assert (await raw(http, d, "POST", path, {"content": "again"}))[0] == 200
        assert [h.bucket for h in d.rate_limited] == ["message-create", "reactions"]


async def test_global_limit_spares_interaction_endpoints(http: aiohttp.ClientSession) -> None:
    async with space(rate_limits=True, rate_limit_scale=SCALE) as s:
        d = s.double
        d.configure_rate_limits(global_limit=3)
        frozen(d)
        for _ in range(3):
            assert (await raw(http, d, "GET", "/users/@me"))[0] == 200
        status, headers, body = await raw(http, d, "GET", "/users/@me")
        assert status == 429
        assert body == {
            "message": "You are being rate limited.",
            "retry_after": 0.02,
            "global": True,
        }
        assert headers["X-RateLimit-Global"] == "true"
        assert headers["X-RateLimit-Scope"] == "global"
        assert "X-RateLimit-Bucket" not in headers
        # Interaction callbacks and webhooks do not count against the global limit:
        # these answer what Discord answers for an unknown interaction, not 429.
        callback = await raw(http, d, "POST", "/interactions/1/nope/callback", {"type": 1})
        assert callback[0] == 404 and callback[2]["code"] == 10062
        followup = f"/webhooks/{d.application_id}/nope"
        assert (await raw(http, d, "POST", followup, {"content": "x"}))[0] == 404
        assert [h.scope for h in d.rate_limited] == ["global"]


async def test_discord_py_waits_on_the_headers_instead_of_hitting_429() -> None:
    async with space(rate_limits=True, rate_limit_scale=SCALE) as s, logged_in() as client:
        d = s.double
        channel = await client.fetch_channel(s.channel.id)
        assert isinstance(channel, discord.TextChannel)
        # Six messages at once in one channel: the bucket holds five per window, and
        # discord.py, following X-RateLimit-Remaining/Reset-After, holds the sixth back
        # until the window is over: a pre-emptive wait, not a 429.
        sent = await asyncio.gather(*(channel.send(f"m{i}") for i in range(6)))
        assert sorted(m.content for m in sent) == [f"m{i}" for i in range(6)]
        posts = [r for r in d.requests if r.method == "POST"]
        assert [r.status for r in posts] == [200] * 6
        assert {r.bucket for r in posts} == {"message-create"}
        assert d.rate_limited == []
        # discord.py learnt the bucket from the headers.
        limits = {(b.limit, key.split(":")[0]) for key, b in client.http._buckets.items()}
        assert (5, MESSAGE_CREATE_HASH) in limits


async def test_a_429_makes_discord_py_wait_retry_after(http: aiohttp.ClientSession) -> None:
    async with space(rate_limits=True, rate_limit_scale=SCALE) as s, logged_in() as client:
        d = s.double
        channel = await client.fetch_channel(s.channel.id)
        assert isinstance(channel, discord.TextChannel)
        clock = frozen(d)
        # Someone else (another process) used the channel's bucket up.
        for _ in range(5):
            await raw(http, d, "POST", f"/channels/{s.channel.id}/messages", {"content": "x"})
        sending = asyncio.create_task(channel.send("after the wait"))
        await d.wait_for(lambda: d.rate_limited)
        clock.advance(0.1)  # the window Discord named in retry_after is over
        sent = await sending
        assert sent.content == "after the wait"
        [hit] = d.rate_limited
        assert hit.scope == "user" and hit.retry_after == 0.1
        statuses = [r.status for r in d.requests if r.path.endswith("/messages")]
        assert statuses == [200] * 5 + [429, 200]


async def test_a_global_429_makes_discord_py_wait() -> None:
    async with space(rate_limits=True, rate_limit_scale=SCALE) as s, logged_in() as client:
        d = s.double
        d.configure_rate_limits(global_limit=1)
        clock = frozen(d)
        channel = await client.fetch_channel(s.channel.id)  # the only request this window
        assert isinstance(channel, discord.TextChannel)
        sending = asyncio.create_task(channel.send("global wait"))
        await d.wait_for(lambda: d.rate_limited)
        clock.advance(SCALE)
        await sending
        assert [h.scope for h in d.rate_limited] == ["global"]
        assert d.requests[-1].status == 200


async def test_interactions_under_a_spent_global_limit(http: aiohttp.ClientSession) -> None:
    async with (
        space(rate_limits=True, rate_limit_scale=SCALE) as s,
        connected(s.double, ToolBot(), commands=True) as bot,
    ):
        d = s.double
        assert isinstance(bot, ToolBot)
        d.configure_rate_limits(global_limit=1)
        frozen(d)
        await raw(http, d, "GET", "/users/@me")
        assert (await raw(http, d, "GET", "/users/@me"))[0] == 429
        mark = d.request_mark()
        bot.release.set()
        later = await (await d.slash(s.alice, s.channel, "later")).wait_done()
        await d.wait_for(lambda: len(later.followups) == 1)
        assert later.content == "finally"
        spent = d.requests[mark:]
        assert {r.category for r in spent} == {"interaction"}
        assert [r.bucket for r in spent] == [None, "webhook-message", "webhook-execute"]
        assert all(r.status < 400 for r in spent)
        assert [h.scope for h in d.rate_limited] == ["global"]


async def test_webhook_bucket_is_per_token_and_followed_by_discord_py() -> None:
    async with (
        space(rate_limits=True, rate_limit_scale=SCALE) as s,
        connected(s.double, ToolBot(), commands=True),
    ):
        d = s.double
        burst = await (await d.slash(s.alice, s.channel, "burst")).wait_done()
        await d.wait_for(lambda: len(burst.messages) == 6)
        # Five follow-ups per 2 s (40 ms here) per token: discord.py's webhook adapter
        # waits out Reset-After after the fifth instead of getting a 429.
        assert d.rate_limited == []
        posts = [r for r in d.requests if r.method == "POST" and r.path.startswith("/webhooks/")]
        assert len(posts) == 6 and {r.bucket for r in posts} == {"webhook-execute"}


async def test_on_by_default_and_switchable(
    http: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_DOUBLE_RATE_LIMITS", raising=False)
    monkeypatch.delenv("DISCORD_DOUBLE_RATE_LIMIT_SCALE", raising=False)
    assert DiscordDouble().rate_limits.enabled
    assert DiscordDouble().rate_limits.scale == SCALE
    async with space(rate_limits=False) as s:
        d = s.double
        for _ in range(7):
            status, headers, _ = await raw(
                http, d, "POST", f"/channels/{s.channel.id}/messages", {"content": "x"}
            )
            assert status == 200 and "X-RateLimit-Limit" not in headers
        assert d.rate_limited == [] and d.requests[-1].bucket is None
        d.configure_rate_limits(True, scale=1.0)  # Discord's own pace
        _, headers, _ = await raw(
            http, d, "POST", f"/channels/{s.channel.id}/messages", {"content": "x"}
        )
        assert headers["X-RateLimit-Reset-After"] == "5.000"
        with pytest.raises(DoubleError):
            d.configure_rate_limits(scale=0)

    monkeypatch.setenv("DISCORD_DOUBLE_RATE_LIMITS", "off")
    assert not DiscordDouble().rate_limits.enabled
    assert DiscordDouble(rate_limits=True).rate_limits.enabled
    monkeypatch.setenv("DISCORD_DOUBLE_RATE_LIMITS", "on")
    monkeypatch.setenv("DISCORD_DOUBLE_RATE_LIMIT_SCALE", "1")
    limiter = DiscordDouble().rate_limits
    assert limiter.enabled and limiter.scale == 1.0
    monkeypatch.setenv("DISCORD_DOUBLE_RATE_LIMITS", "maybe")
    with pytest.raises(DoubleError, match="on or off"):
        DiscordDouble()
