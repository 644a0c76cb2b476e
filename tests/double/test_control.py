"""The ``/_double/`` control API for the new features, as another process would use it."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest

from discord_double import DiscordDouble
from tests.double.helpers import ToolBot, connected, logged_in, space


async def control(d: DiscordDouble, action: str, expect: int = 200, **body: Any) -> Any:
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{d.api_base}/_double/{action}", json=body) as response,
    ):
        assert response.status == expect, await response.text()
        return await response.json()


async def test_faults_limits_counts_and_clock_over_http() -> None:
    async with space() as s, logged_in() as client:
        d = s.double
        channel = await client.fetch_channel(s.channel.id)
        assert isinstance(channel, discord.TextChannel)

        added = await control(
            d, "fault", route="POST /channels/{id}/messages", status=503, times=None
        )
        assert added["active"] == 1
        with pytest.raises(discord.DiscordServerError):
            await channel.send("x")
        faults = await control(d, "faults")
        assert faults["injected"][0]["status"] == 503 and len(faults["active"]) == 1
        assert (await control(d, "clear_faults")) == {"cleared": 1}
        await control(d, "fault", expect=400, route="no-method-or-slash")

        mark = (await control(d, "request_counts"))["mark"]
        await channel.send("counted")
        counts = await control(d, "request_counts", since=mark)
        assert counts["counts"]["channel"] == 1 and counts["mark"] == mark + 1

        limits = await control(d, "rate_limits", enabled=True, scale=0.02, global_limit=40)
        assert limits == {"enabled": True, "scale": 0.02, "global_limit": 40, "rate_limited": []}
        await channel.send("limited but fine")
        assert d.requests[-1].bucket == "message-create"

        before = d.now()
        after = (await control(d, "clock", advance=900))["now"]
        assert after - before >= 900

        placed = await control(d, "setup", guild="far", channels=["c"], shard=[3, 4])
        assert d.shard_of(int(placed["guild"]), 4) == 3
        state = await control(d, "state")
        assert state["rate_limited"] == 0 and state["injected_failures"] == 1


async def test_forging_over_http() -> None:
    async with space() as s, connected(s.double, ToolBot(), commands=True):
        d = s.double
        pong = await (await d.slash(s.alice, s.channel, "ping")).wait_done()
        assert pong.message is not None
        clicked = await control(
            d, "forge", user="alice", message_id=str(pong.message.id), custom_id=f"n:{2**64}"
        )
        assert clicked["forged"] and clicked["content"] == "number out of range"
        options = [{"name": "a", "type": 4, "value": 2}, {"name": "b", "type": 4, "value": 3}]
        added = await control(
            d, "forge", user="alice", channel="rattus", command="add", options=options
        )
        assert added["content"] == "sum 5"
        d.ack_deadline = 0.2  # nothing will answer this one
        ignored = await control(
            d, "forge", user="alice", channel="rattus", kind=99, data={}, settle=True
        )
        assert not ignored["acknowledged"]
        await control(d, "wait_ready", shards=[0], shard_count=1, commands=False)
