"""What Discord refuses, the double refuses: 400 / 50035 and nothing changes.

Raw HTTP through the double's REST API, as a bot would send it, so each body is exactly
the one under test. Checked against Discord's OpenAPI schema (``discord_double.schema``)
and the documented limits it leaves out (``discord_double.validation``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from discord_double import DiscordDouble, DoubleChannel
from discord_double.models import walk_components
from discord_double.schema import find_operation
from tests.double.helpers import TOKEN, connected, space
from tests.double.test_components_v2 import BOARD

V2 = 1 << 15


class Api:
    """Raw REST calls to the double, answering (status, JSON body)."""

    def __init__(self, double: DiscordDouble, session: aiohttp.ClientSession) -> None:
        self.double = double
        self.session = session

    async def __call__(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        files: dict[str, bytes] | None = None,
        query: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        url = f"{self.double.api_base}/api/v10{path}"
        headers = {"Authorization": f"Bot {TOKEN}"}
        data: Any = None
        if files is not None:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for index, (name, content) in enumerate(files.items()):
                form.add_field(f"files[{index}]", content, filename=name)
            data, body = form, None
        async with self.session.request(
            method, url, json=body, data=data, params=query, headers=headers
        ) as response:
            answer = await response.json() if response.status != 204 else None
            return response.status, answer

    async def refused(self, method: str, path: str, body: Any = None, **kw: Any) -> Any:
        """Send a request Discord refuses; return the ``errors`` of its 50035 answer."""
        status, answer = await self(method, path, body, **kw)
        assert status == 400, answer
        assert answer["code"] == 50035 and answer["message"] == "Invalid Form Body"
        return answer["errors"]


@contextlib.asynccontextmanager
async def api(double: DiscordDouble) -> AsyncIterator[Api]:
    async with aiohttp.ClientSession() as session:
        yield Api(double, session)


def codes(errors: Any, *path: str | int) -> list[str]:
    """The error codes at one field path of a 50035 answer."""
    node = errors
    for part in path:
        node = node[str(part)]
    return [e["code"] for e in node["_errors"]]


def card(text: str = "Turn 7", *, media: str | None = "attachment://board.png") -> list[Any]:
    """A V2 container: text, the board, a separator and a button in a row."""
    inner: list[Any] = [{"type": 10, "content": text}]
    if media is not None:
        inner.append({"type": 12, "items": [{"media": {"url": media}}]})
    inner += [
        {"type": 14},
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]},
    ]
    return [{"type": 17, "components": inner}]


def snapshot(double: DiscordDouble, channel: DoubleChannel) -> list[Any]:
    return [
        (m.id, m.content, m.flags, json.dumps(m.components), len(m.edits), len(m.attachments))
        for m in double.channel_messages(channel, include_deleted=True)
    ]


async def test_v2_refusals_answer_50035_and_change_nothing() -> None:
    async with space(rate_limits=False) as s, api(s.double) as call:
        d = s.double
        messages = f"/channels/{s.channel.id}/messages"
        status, posted = await call(
            "POST", messages, {"flags": V2, "components": card()}, files={"board.png": BOARD}
        )
        assert status == 200 and posted["flags"] == V2
        media = posted["components"][0]["components"][1]["items"][0]["media"]
        assert media["url"].endswith("/board.png") and media["attachment_id"]
        status, legacy = await call("POST", messages, {"content": "plain"})
        assert status == 200
        v2_path = f"{messages}/{posted['id']}"
        legacy_path = f"{messages}/{legacy['id']}"
        before = snapshot(d, s.channel)
        count = len(d.requests)

        legacy_fields = {
            "content": "hello",
            "embeds": [{"title": "board"}],
            "poll": {"question": {"text": "?"}, "answers": [{"poll_media": {"text": "a"}}]},
            "sticker_ids": ["1"],
        }
        for name, value in legacy_fields.items():
            errors = await call.refused(
                "POST", messages, {"flags": V2, "components": card(media=None), name: value}
            )
            assert codes(errors, name) == ["MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"]

        # Removing the flag from a V2 message (the interaction webhook: the next test).
        errors = await call.refused("PATCH", v2_path, {"flags": 0})
        assert codes(errors, "flags") == ["MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG"]

        # V2 components without the flag.
        errors = await call.refused("POST", messages, {"components": card(media=None)})
        assert codes(errors, "components", 0) == ["UNION_TYPE_CHOICES"]
        errors = await call.refused("PATCH", legacy_path, {"components": card(media=None)})
        assert codes(errors, "components", 0) == ["UNION_TYPE_CHOICES"]

        # Turning a message with content into V2 without clearing its content.
        errors = await call.refused(
            "PATCH", legacy_path, {"flags": V2, "components": card(media=None)}
        )
        assert codes(errors, "content") == ["MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"]

        # An attachment:// reference to a file the message does not have.
        errors = await call.refused(
            "POST",
            messages,
            {"flags": V2, "components": card(media="attachment://missing.png")},
            files={"board.png": BOARD},
        )
        assert codes(errors, "components", 0, "components", 1, "items", 0, "media", "url") == [
            "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND"
        ]
        # ... also on an edit that drops the file the card shows.
        errors = await call.refused("PATCH", v2_path, {"attachments": []})
        assert codes(errors, "components", 0, "components", 1, "items", 0, "media", "url") == [
            "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND"
        ]

        # 41 components: each list is within the schema's 40, the whole is not.
        buttons = [
            {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": f"{i}"}]}
            for i in range(10)
        ]
        texts = [{"type": 10, "content": "t"}] * 19
        too_many = [{"type": 17, "components": buttons}, {"type": 17, "components": texts}]
        assert len(list(walk_components(too_many))) == 41
        errors = await call.refused("POST", messages, {"flags": V2, "components": too_many})
        assert codes(errors, "components") == ["MAX_COMPONENTS_EXCEEDED"]

        # 4,001 characters of text over two text displays of at most 4,000 each.
        long_text = [{"type": 10, "content": "x" * 4000}, {"type": 10, "content": "y"}]
        errors = await call.refused("POST", messages, {"flags": V2, "components": long_text})
        assert codes(errors, "components") == ["MAX_TEXT_DISPLAY_LENGTH_EXCEEDED"]

        assert snapshot(d, s.channel) == before
        assert {r.status for r in d.requests[count:]} == {400}

        # The same limits, met exactly, pass.
        just_enough = [too_many[0], {"type": 17, "components": texts[:18]}]
        status, _ = await call("POST", messages, {"flags": V2, "components": just_enough})
        assert status == 200
        status, _ = await call("POST", messages, {"flags": V2, "components": long_text[:1]})
        assert status == 200


async def test_interaction_answers_and_follow_ups_are_checked_too() -> None:
    client = discord.Client(intents=discord.Intents.none())
    async with space(rate_limits=False) as s, connected(s.double, client), api(s.double) as call:
        d = s.double
        # Nobody answers a forged command: the test answers it by hand.
        record = await d.forge_slash(s.alice, s.channel, "card")
        callback = f"/interactions/{record.id}/{record.token}/callback"
        errors = await call.refused(
            "POST",
            callback,
            {"type": 4, "data": {"flags": V2, "content": "hi", "components": card(media=None)}},
        )
        assert codes(errors, "data", "content") == [
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
        ]
        errors = await call.refused(
            "POST", callback, {"type": 4, "data": {"components": card(media=None)}}
        )
        assert codes(errors, "data", "components", 0) == ["UNION_TYPE_CHOICES"]
        assert not record.acknowledged and d.channel_messages(s.channel) == []

        status, _ = await call("POST", callback, {"type": 5, "data": {"flags": 64}})
        assert status == 204 and record.acknowledged
        webhook = f"/webhooks/{d.application_id}/{record.token}"
        errors = await call.refused(
            "POST",
            webhook,
            {"flags": V2, "embeds": [{"title": "x"}], "components": card(media=None)},
        )
        assert codes(errors, "embeds") == ["MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"]
        assert record.original is not None and record.original.loading

        status, _ = await call("POST", webhook, {"flags": V2, "components": card(media=None)})
        assert status == 204 and record.original.flags & V2 and not record.original.loading
        edits = len(record.original.edits)
        errors = await call.refused("PATCH", f"{webhook}/messages/@original", {"flags": 64})
        assert codes(errors, "flags") == ["MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG"]
        assert record.original.flags & V2 and len(record.original.edits) == edits


async def test_schema_refusals_the_old_hand_written_checks_missed() -> None:
    async with space(rate_limits=False) as s, api(s.double) as call:
        d = s.double
        messages = f"/channels/{s.channel.id}/messages"

        def row(**button: Any) -> dict[str, Any]:
            base = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
            return {"components": [{"type": 1, "components": [{**base, **button}]}]}

        errors = await call.refused("POST", messages, row(style=9))
        assert codes(errors, "components", 0, "components", 0, "style") == ["BASE_TYPE_CHOICES"]
        errors = await call.refused("POST", messages, row(label=80))
        assert codes(errors, "components", 0, "components", 0, "label") == ["STRING_TYPE_CONVERT"]
        errors = await call.refused("POST", messages, row(disabled="yes"))
        assert codes(errors, "components", 0, "components", 0, "disabled") == [
            "BOOLEAN_TYPE_CONVERT"
        ]
        errors = await call.refused("POST", messages, row(type=99))
        assert codes(errors, "components", 0, "components", 0) == ["UNION_TYPE_CHOICES"]
        select = {"type": 1, "components": [{"type": 3, "custom_id": "pick"}]}
        errors = await call.refused("POST", messages, {"components": [select]})
        assert codes(errors, "components", 0, "components", 0, "options") == ["BASE_TYPE_REQUIRED"]
        errors = await call.refused("POST", messages, {"content": "x", "tts": "no"})
        assert codes(errors, "tts") == ["BOOLEAN_TYPE_CONVERT"]
        errors = await call.refused(
            "POST", messages, {"flags": V2, "components": [{"type": 10, "content": ""}]}
        )
        assert codes(errors, "components", 0, "content") == ["BASE_TYPE_MIN_LENGTH"]
        # The payload_json part of a multipart request is checked the same way.
        errors = await call.refused("POST", messages, row(style=9), files={"a.png": BOARD})
        assert "components" in errors
        # Query parameters too.
        errors = await call.refused("GET", messages, query={"limit": "500"})
        assert codes(errors, "limit") == ["NUMBER_TYPE_MAX"]
        assert d.channel_messages(s.channel) == []

        # What Discord accepts although the spec says otherwise (see schema._adjust).
        status, _ = await call(
            "POST", messages, {"content": "ok", "attachments": [{"id": 0}]}, files={"a.png": BOARD}
        )
        assert status == 200  # a snowflake as an integer, as discord.py sends it
        status, _ = await call("POST", messages, {"content": "ok", "flags": "4096"})
        assert status == 200  # an integer as a string
        status, _ = await call("POST", messages, {"content": "ok", "nonce": "12", "embeds": None})
        assert status == 200


@pytest.mark.parametrize(
    ("method", "path", "template"),
    [
        (
            "PATCH",
            "/webhooks/1/t/messages/@original",
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        ),
        (
            "PATCH",
            "/webhooks/1/t/messages/2",
            "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
        ),
        ("GET", "/channels/1/messages/pins", "/channels/{channel_id}/messages/pins"),
        ("GET", "/channels/1/messages/2", "/channels/{channel_id}/messages/{message_id}"),
        ("POST", "/users/@me/channels", "/users/@me/channels"),
    ],
)
def test_requests_find_their_operation_literal_segments_first(
    method: str, path: str, template: str
) -> None:
    operation = find_operation(method, path)
    assert operation is not None and operation.template == template


def test_every_route_of_the_double_is_in_discords_spec() -> None:
    """So every request the bot sends is checked against Discord's schema."""
    double = DiscordDouble()
    missing = [
        f"{method} {template}"
        for method, template, _, _ in double._routes
        if find_operation(method, template.replace("{", "").replace("}", "")) is None
    ]
    assert missing == []
