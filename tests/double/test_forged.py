"""Forged and hostile interactions: sent without the double's checks, answers recorded."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import discord
import pytest

from discord_double import DoubleError, InteractionRecord
from tests.double.helpers import Space, ToolBot, connected, space


@pytest.fixture
async def s() -> AsyncIterator[Space]:
    async with space() as world, connected(world.double, ToolBot(), commands=True):
        yield world


async def silent(s: Space, record: InteractionRecord) -> bool:
    """Whether the bot left ``record`` unanswered until Discord's deadline (shortened)."""
    d = s.double
    deadline, d.ack_deadline = d.ack_deadline, 0.2  # nothing answers, however fast
    try:
        return not await record.wait_settled()
    finally:
        d.ack_deadline = deadline


@pytest.mark.slow
async def test_forged_custom_ids(s: Space) -> None:
    d = s.double
    pong = await (await d.slash(s.alice, s.channel, "ping")).wait_done()
    assert pong.message is not None and pong.message.custom_ids == []

    # A custom id that is on no message, with a number past 64 bits.
    huge = await (await d.forge_click(s.alice, pong.message, f"n:{2**70}")).wait_done()
    assert huge.forged and huge.ephemeral and huge.content == "number out of range"
    assert huge.payload["data"] == {"custom_id": f"n:{2**70}", "component_type": 2}
    small = await (await d.forge_click(s.alice, pong.message, "n:-5")).wait_done()
    assert small.content == "number -5"

    assert pong.message.custom_ids == []  # the stored message is untouched

    # discord.py does not check a DynamicItem's own type: a select carrying a
    # button's custom id runs the button's callback.
    select = d.forge_click(s.alice, pong.message, "n:3", component_type=3, values=["x"])
    assert (await (await select).wait_done()).content == "number 3"

    # Nothing handles this one: the bot stays silent, which is recorded too.
    unknown = await d.forge_click(s.alice, pong.message, "nobody-knows")
    assert await silent(s, unknown)
    # discord.py itself drops a custom id that is not on the interaction's message.
    hidden = await d.forge_click(s.alice, pong.message, "n:3", add_to_message=False)
    assert await silent(s, hidden)
    assert not unknown.acknowledged and unknown.responses == []
    odd = await d.forge_interaction(s.alice, s.channel, 99, {"custom_id": "n:1"})
    assert await silent(s, odd)


async def test_forged_command_options(s: Space) -> None:
    d = s.double
    # Discord keeps integer options within ±2^53; a forged one can be anything.
    big = [{"name": "a", "type": 4, "value": 2**63}, {"name": "b", "type": 4, "value": 1}]
    r = await (await d.forge_slash(s.alice, s.channel, "add", big)).wait_done()
    assert r.content == f"sum {2**63 + 1}"
    huge = [{"name": "a", "type": 4, "value": 2**64}, {"name": "b", "type": 4, "value": 1}]
    r = await (await d.forge_slash(s.alice, s.channel, "add", huge)).wait_done()
    # With orjson installed discord.py parses gateway JSON with it: past 64 bits an
    # "integer" option reaches the bot as a float.
    expected = float(2**64) + 1 if discord.utils.HAS_ORJSON else 2**64 + 1
    assert r.content == f"sum {expected}"

    extra = [*big, {"name": "zzz", "type": 4, "value": 7}]
    r = await (await d.forge_slash(s.alice, s.channel, "add", extra)).wait_done()
    assert r.content == f"sum {2**63 + 1}"  # discord.py ignores an option not offered

    # discord.py hands a string to an int parameter as it came: the command body fails.
    wrong = [{"name": "a", "type": 3, "value": "abc"}, {"name": "b", "type": 4, "value": 1}]
    r = await (await d.forge_slash(s.alice, s.channel, "add", wrong)).wait_done()
    assert r.content == "error: CommandInvokeError"

    missing = [{"name": "a", "type": 4, "value": 1}]
    r = await (await d.forge_slash(s.alice, s.channel, "add", missing)).wait_done()
    assert r.content == "error: CommandSignatureMismatch"

    r = await (await d.forge_slash(s.alice, s.channel, "nope")).wait_done()
    assert r.content == "error: CommandNotFound"
    assert r.payload["data"]["name"] == "nope"


async def test_forged_attachments_and_strangers(s: Space) -> None:
    d = s.double
    junk = d.upload(s.channel, "evil.json", b"\x00\xff not json at all")
    option = [{"name": "file", "type": 11, "value": junk}]
    r = await (await d.forge_slash(s.alice, s.channel, "load", option)).wait_done()
    assert r.content == "evil.json: not JSON (18 bytes)"
    assert r.payload["data"]["resolved"]["attachments"][str(junk.id)]["filename"] == "evil.json"

    fine = d.upload(s.channel, "state.json", json.dumps({"seats": 3}).encode())
    option = [{"name": "file", "type": 11, "value": fine}]
    r = await (await d.forge_slash(s.alice, s.channel, "load", option)).wait_done()
    assert r.content == "state.json: dict"

    # Someone who is not in the guild: the double refuses, a forged payload goes through.
    mallory = d.add_user("mallory", guilds=[])
    with pytest.raises(DoubleError, match="not a member"):
        await d.slash(mallory, s.channel, "ping")
    r = await (await d.forge_slash(mallory, s.channel, "ping")).wait_done()
    assert r.content == "pong" and r.user is mallory
    assert r.payload["member"]["user"]["id"] == str(mallory.id)
    assert r.payload["member"]["roles"] == []

    r = await (
        await d.forge_slash(s.alice, s.channel, "ping", overrides={"app_permissions": "0"})
    ).wait_done()
    assert r.content == "pong" and r.payload["app_permissions"] == "0"


async def test_a_click_nobody_acknowledges_fails_at_the_deadline(s: Space) -> None:
    """Discord: "you must send an initial response within 3 seconds of receiving the event";
    its client then shows the click as failed, without waiting for a late answer."""
    d = s.double
    pong = await (await d.slash(s.alice, s.channel, "ping")).wait_done()
    assert pong.message is not None
    deadline, d.ack_deadline = d.ack_deadline, 0.2
    try:
        record = await d.forge_click(s.alice, pong.message, "nobody:answers")
        with pytest.raises(DoubleError, match="deadline"):
            await record.wait_done(timeout=5)
        assert record.expired and not record.acknowledged
    finally:
        d.ack_deadline = deadline
