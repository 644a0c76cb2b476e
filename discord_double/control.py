"""A small JSON control API under ``/_double/`` for driving the double from another process.

Used by ``python -m discord_double`` (benchmarks run the bot and the scenario driver in
separate processes). Users, channels and guilds are referenced by id or name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from discord_double.interactions import InteractionRecord
from discord_double.models import JSON, DoubleError, DoubleMessage, DoubleTimeoutError

if TYPE_CHECKING:
    from discord_double.server import DiscordDouble

_Action = Callable[["DiscordDouble", JSON], Awaitable[Any]]


def message_json(message: DoubleMessage) -> JSON:
    """Return a JSON view of a recorded message (attachment bytes replaced by size/url)."""
    return {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "author": message.author.username,
        "content": message.content,
        "embeds": message.embeds,
        "components": message.components,
        "attachments": [
            {"filename": a.filename, "size": a.size, "url": a.url} for a in message.attachments
        ],
        "flags": message.flags,
        "ephemeral_for": message.ephemeral_for.username if message.ephemeral_for else None,
        "deleted": message.deleted,
        "edits": len(message.revisions),
        "order": message.order,
    }


def interaction_json(record: InteractionRecord) -> JSON:
    """Return a JSON view of an interaction and the bot's answers."""
    return {
        "id": str(record.id),
        "type": record.type,
        "name": record.name,
        "user": record.user.username,
        "ack_type": record.ack_type,
        "done": record.done,
        "ack_latency": record.ack_latency,
        "done_latency": record.done_latency,
        "ephemeral": record.ephemeral,
        "content": record.content,
        "messages": [message_json(m) for m in record.messages],
        "choices": record.choices,
        "modal": record.modal,
    }


async def _state(double: DiscordDouble, body: JSON) -> JSON:
    return {
        "api_base": double.api_base,
        "gateway_url": double.gateway_url,
        "application_id": str(double.application_id),
        "bot_user_id": str(double.bot_user.id),
        "guilds": [{"id": str(g.id), "name": g.name} for g in double.guilds.values()],
        "channels": [
            {"id": str(c.id), "name": c.name, "type": c.type} for c in double.channels.values()
        ],
        "users": [{"id": str(u.id), "name": u.username} for u in double.users.values()],
        "sessions": [repr(s) for s in double.sessions],
        "commands": [c["name"] for c in double.global_commands]
        + [c["name"] for cs in double.guild_commands.values() for c in cs],
        "messages": len(double.messages),
        "interactions": len(double.interactions),
        "unknown_requests": [str(r) for r in double.unknown_requests],
        "server_errors": len(double.server_errors),
    }


async def _setup(double: DiscordDouble, body: JSON) -> JSON:
    guild = double.add_guild(str(body.get("guild", "Test server")))
    channels = [double.add_channel(guild, str(n)) for n in body.get("channels", ["rattus"])]
    users = [double.add_user(str(n)) for n in body.get("users", [])]
    return {
        "guild": str(guild.id),
        "channels": {c.name: str(c.id) for c in channels},
        "users": {u.username: str(u.id) for u in users},
    }


async def _messages(double: DiscordDouble, body: JSON) -> list[JSON]:
    channel = double.channel(body["channel"])
    return [message_json(m) for m in double.channel_messages(channel)]


async def _finish(record: InteractionRecord, body: JSON) -> JSON:
    if body.get("wait", True):
        await record.wait_done(body.get("timeout"))
    return interaction_json(record)


async def _slash(double: DiscordDouble, body: JSON) -> JSON:
    record = await double.slash(
        double.user(body["user"]),
        double.channel(body["channel"]),
        str(body["command"]),
        **dict(body.get("options") or {}),
    )
    return await _finish(record, body)


async def _click(double: DiscordDouble, body: JSON) -> JSON:
    record = await double.click(
        double.user(body["user"]),
        int(body["message_id"]),
        body.get("custom_id"),
        label=body.get("label"),
    )
    return await _finish(record, body)


async def _select(double: DiscordDouble, body: JSON) -> JSON:
    record = await double.select(
        double.user(body["user"]), int(body["message_id"]), str(body["custom_id"]), body["values"]
    )
    return await _finish(record, body)


async def _autocomplete(double: DiscordDouble, body: JSON) -> list[JSON]:
    return await double.autocomplete(
        double.user(body["user"]),
        double.channel(body["channel"]),
        str(body["command"]),
        str(body["option"]),
        typed=str(body.get("typed", "")),
        timeout=body.get("timeout"),
        **dict(body.get("options") or {}),
    )


async def _wait_ready(double: DiscordDouble, body: JSON) -> JSON:
    session = await double.wait_for_ready(
        timeout=body.get("timeout"),
        commands=bool(body.get("commands", True)),
        min_sessions=int(body.get("min_sessions", 1)),
    )
    return {"session": repr(session), "sessions": len(double.sessions)}


_ACTIONS: dict[str, _Action] = {
    "state": _state,
    "setup": _setup,
    "messages": _messages,
    "slash": _slash,
    "click": _click,
    "select": _select,
    "autocomplete": _autocomplete,
    "wait_ready": _wait_ready,
}


def install_control_api(app: web.Application, double: DiscordDouble) -> None:
    """Serve ``GET|POST /_double/{action}`` (JSON body or query string in, JSON out)."""

    async def handle(request: web.Request) -> web.StreamResponse:
        """Run one control action."""
        action = _ACTIONS.get(request.match_info["action"])
        if action is None:
            return web.json_response({"error": f"actions: {sorted(_ACTIONS)}"}, status=404)
        body: JSON = dict(request.query)
        if request.can_read_body:
            body.update(await request.json())
        try:
            return web.json_response(await action(double, body))
        except DoubleTimeoutError as error:
            return web.json_response({"error": str(error)}, status=504)
        except (DoubleError, KeyError, ValueError, TypeError) as error:
            return web.json_response({"error": f"{type(error).__name__}: {error}"}, status=400)

    app.router.add_route("*", "/_double/{action}", handle)
