"""Sharded gateway sessions: each guild's events reach only its shard, DMs shard 0."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import discord
import pytest

from discord_double import (
    DiscordDouble,
    DoubleChannel,
    DoubleGuild,
    DoubleTimeoutError,
    DoubleUser,
    GatewaySession,
)
from tests.double.helpers import TOKEN, NumberButton, ShardedToolBot, ToolBot, connected


@dataclass
class Shards:
    """A double recommending two shards, with one guild (and channel) on each."""

    double: DiscordDouble
    guilds: list[DoubleGuild]
    channels: list[DoubleChannel]
    alice: DoubleUser


@pytest.fixture
async def shards() -> AsyncIterator[Shards]:
    async with DiscordDouble(shards=2) as double:
        double.configure_discord_py()
        guilds = [double.add_guild(f"guild {i}", shard=(i, 2)) for i in range(2)]
        channels = [double.add_channel(g, "rattus") for g in guilds]
        alice = double.add_user("alice")
        yield Shards(double, guilds, channels, alice)
        double.assert_clean()


def session_of(d: DiscordDouble, shard_id: int) -> GatewaySession:
    return d.shard_sessions()[shard_id]


def ready_guild_ids(session: GatewaySession) -> list[int]:
    ready = next(f for f in session.buffer if f["t"] == "READY")
    return [int(g["id"]) for g in ready["d"]["guilds"]]


async def test_guild_ids_land_on_the_chosen_shard() -> None:
    d = DiscordDouble()
    guilds = [d.add_guild(f"g{i}", shard=(i, 4)) for i in (3, 1, 0, 2, 3)]
    assert [d.shard_of(g, 4) for g in guilds] == [3, 1, 0, 2, 3]
    assert [(g.id >> 22) % 4 for g in guilds] == [3, 1, 0, 2, 3]
    ids = [g.id for g in guilds] + [d.next_id()]
    assert ids == sorted(set(ids))  # still unique and increasing
    assert d.shard_of(None, 4) == 0  # DMs
    with pytest.raises(ValueError):
        d.add_guild("nowhere", shard=(4, 4))


async def test_auto_sharded_client_gets_each_guild_on_its_shard(shards: Shards) -> None:
    d = shards.double
    g0, g1 = shards.guilds
    c0, c1 = shards.channels
    bot = ShardedToolBot()
    async with connected(d, bot, commands=True, shards=[0, 1], shard_count=2):
        # The client asked GET /gateway/bot, which recommended two shards.
        assert any(r.path == "/gateway/bot" for r in d.requests)
        assert bot.shard_count == 2
        assert sorted(s.shard for s in d.sessions) == [[0, 2], [1, 2]]
        s0, s1 = session_of(d, 0), session_of(d, 1)
        assert ready_guild_ids(s0) == [g0.id] and ready_guild_ids(s1) == [g1.id]
        assert s0.events["GUILD_CREATE"] == 1 and s1.events["GUILD_CREATE"] == 1
        guild0, guild1 = bot.get_guild(g0.id), bot.get_guild(g1.id)
        assert guild0 is not None and guild0.shard_id == 0
        assert guild1 is not None and guild1.shard_id == 1

        # Interactions go to the shard of their guild; DM interactions to shard 0.
        for channel in (c1, c0, d.dm_channel(shards.alice)):
            r = await (await d.slash(shards.alice, channel, "ping")).wait_done()
            assert r.content == "pong"
        assert (s0.events["INTERACTION_CREATE"], s1.events["INTERACTION_CREATE"]) == (2, 1)
        assert bot.seen_shards == [1, 0, None]

        # So do messages and new guilds.
        await d.post(shards.alice, c1, "hello")
        assert (s0.events["MESSAGE_CREATE"], s1.events["MESSAGE_CREATE"]) == (2, 2)
        late = d.add_guild("late guild", shard=(1, 2))
        assert (s0.events["GUILD_CREATE"], s1.events["GUILD_CREATE"]) == (1, 2)
        found = await d.wait_for(lambda: bot.get_guild(late.id))
        assert found.shard_id == 1

        await d.drop_gateway(shard=1)
        await d.wait_for(lambda: s1.resumes == 1 and s1.connected)
        assert s0.resumes == 0


async def test_two_clients_each_owning_one_shard(shards: Shards) -> None:
    d = shards.double
    g0, g1 = shards.guilds
    c0, c1 = shards.channels
    first, second = ToolBot(shard_id=0, shard_count=2), ToolBot(shard_id=1, shard_count=2)
    async with connected(d, first, commands=True, shards=[0], shard_count=2):
        with pytest.raises(DoubleTimeoutError, match=r"shards \[0, 1\]"):
            await d.wait_for_ready(shards=[0, 1], timeout=0.05)
        async with connected(d, second, shards=[1], shard_count=2):
            await d.wait_for_ready(shards=[0, 1], shard_count=2)
            assert [g.id for g in first.guilds] == [g0.id]
            assert [g.id for g in second.guilds] == [g1.id]

            r = await (await d.slash(shards.alice, c1, "ping")).wait_done()
            assert r.content == "pong"
            r = await (await d.slash(shards.alice, c0, "ping")).wait_done()
            dm = await (await d.slash(shards.alice, d.dm_channel(shards.alice), "ping")).wait_done()
            assert dm.content == "pong"
            assert first.seen_shards == [0, None] and second.seen_shards == [1]


async def test_identify_with_an_invalid_shard_is_refused(shards: Shards) -> None:
    d = shards.double
    async with aiohttp.ClientSession() as http, http.ws_connect(d.gateway_url) as ws:
        hello = json.loads((await ws.receive()).data)
        assert hello["op"] == 10
        identify = {"token": TOKEN, "intents": 0, "properties": {}, "shard": [2, 2]}
        await ws.send_str(json.dumps({"op": 2, "d": identify}))
        closing = await ws.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 4010
    assert d.sessions == []


async def test_a_click_can_be_sent_over_a_shard_that_does_not_own_the_guild(
    shards: Shards,
) -> None:
    """As Discord does with a DM's interaction (shard 0, whatever server it is about)."""
    d = shards.double
    c1 = shards.channels[1]
    first, second = ToolBot(shard_id=0, shard_count=2), ToolBot(shard_id=1, shard_count=2)
    async with (
        connected(d, first, shards=[0], shard_count=2),
        connected(d, second, shards=[1], shard_count=2),
    ):
        view = discord.ui.View()
        view.add_item(NumberButton(7))
        sent = await second.get_partial_messageable(c1.id).send("pick", view=view)
        message = d.message(sent.id)
        s0, s1 = session_of(d, 0), session_of(d, 1)
        owner = await (await d.click(shards.alice, message, "n:7")).wait_done()
        assert owner.content == "number 7" and s1.events["INTERACTION_CREATE"] == 1
        other = await (await d.click(shards.alice, message, "n:7", via_shard=0)).wait_done()
        assert other.content == "number 7"
        assert (s0.events["INTERACTION_CREATE"], s1.events["INTERACTION_CREATE"]) == (1, 1)
        assert first.errors == [] and second.errors == []


async def test_gateway_bot_tells_how_many_shards_may_identify_at_once() -> None:
    async with (
        DiscordDouble(shards=4, max_concurrency=16) as d,
        aiohttp.ClientSession() as http,
        http.get(f"{d.api_base}/api/v10/gateway/bot", headers={"Authorization": "Bot x"}) as r,
    ):
        body = await r.json()
    assert body["shards"] == 4 and body["session_start_limit"]["max_concurrency"] == 16
