"""A small JSON control API under ``/_double/`` for driving the double from another process.

Used by ``python -m discord_double`` (benchmarks run the bot and the scenario driver in
separate processes). Users, channels and guilds are referenced by id or name.

Actions: ``state``, ``setup`` (``shard: [id, count]`` places the guild), ``messages``,
``slash``, ``click``, ``select``, ``autocomplete``, ``wait_ready`` (``shards``,
``shard_count``), ``fault`` (``route``, ``status``, ``times``, ``retry_after``, ``via``,
``global``, ``latency``, ``drop``, ``processed``, ``body``), ``clear_faults``, ``faults``,
``rate_limits`` (``enabled``, ``scale``, ``global_limit`` change them; answers the 429s
given), ``request_counts`` (``since``/``until`` marks; answers the current ``mark``),
``clock`` (``advance`` seconds), ``forge`` (``custom_id`` + ``message_id``, or
``command`` + ``channel`` + raw ``options``, or ``kind`` + ``channel`` + ``data``;
``settle: true`` waits for an answer or Discord's deadline instead of a final answer).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from discord_double.faults import InjectedFailure
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
        "acknowledged": record.acknowledged,
        "forged": record.forged,
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
        "shards": {str(k): repr(v) for k, v in double.shard_sessions().items()},
        "rate_limited": len(double.rate_limited),
        "injected_failures": len(double.injected_failures),
        "requests": double.request_mark(),
    }


async def _setup(double: DiscordDouble, body: JSON) -> JSON:
    shard = body.get("shard")
    guild = double.add_guild(
        str(body.get("guild", "Test server")),
        shard=(int(shard[0]), int(shard[1])) if shard else None,
    )
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
    shards = body.get("shards")
    session = await double.wait_for_ready(
        timeout=body.get("timeout"),
        commands=_flag(body.get("commands", True)),
        min_sessions=int(body.get("min_sessions", 1)),
        shards=[int(s) for s in shards] if shards is not None else None,
        shard_count=int(body["shard_count"]) if body.get("shard_count") else None,
    )
    return {"session": repr(session), "sessions": len(double.sessions)}


def _flag(value: Any) -> bool:
    """A boolean from JSON or from a query string (``1``/``true``/``on``)."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "on", "yes")
    return bool(value)


def _failure_json(failure: InjectedFailure) -> JSON:
    return {
        "method": failure.method,
        "path": failure.path,
        "route": failure.rule.route,
        "fault": failure.rule.describe(),
        "status": failure.status,
        "dropped": failure.dropped,
        "processed": failure.processed,
    }


async def _fault(double: DiscordDouble, body: JSON) -> JSON:
    status = body.get("status", 500)
    times = body.get("times", 1)
    rule = double.inject_fault(
        str(body["route"]),
        None if status is None else int(status),
        times=None if times is None else int(times),
        retry_after=float(body.get("retry_after", 0.0)),
        via=_flag(body.get("via", True)),
        global_=_flag(body.get("global", False)),
        latency=float(body.get("latency", 0.0)),
        drop=_flag(body.get("drop", False)),
        processed=_flag(body.get("processed", False)),
        body=body.get("body"),
    )
    return {"rule": repr(rule), "active": len(double.faults)}


async def _clear_faults(double: DiscordDouble, body: JSON) -> JSON:
    active = len(double.faults)
    double.clear_faults()
    return {"cleared": active}


async def _faults(double: DiscordDouble, body: JSON) -> JSON:
    return {
        "active": [repr(r) for r in double.faults],
        "injected": [_failure_json(f) for f in double.injected_failures],
    }


async def _rate_limits(double: DiscordDouble, body: JSON) -> JSON:
    changes = {k: body[k] for k in ("enabled", "scale", "global_limit") if k in body}
    if changes:
        double.configure_rate_limits(
            _flag(changes["enabled"]) if "enabled" in changes else None,
            scale=float(changes["scale"]) if "scale" in changes else None,
            global_limit=int(changes["global_limit"]) if "global_limit" in changes else None,
        )
    limiter = double.rate_limits
    return {
        "enabled": limiter.enabled,
        "scale": limiter.scale,
        "global_limit": limiter.global_limit,
        "rate_limited": [
            {
                "method": h.method,
                "path": h.path,
                "scope": h.scope,
                "bucket": h.bucket,
                "retry_after": h.retry_after,
            }
            for h in double.rate_limited
        ],
    }


async def _request_counts(double: DiscordDouble, body: JSON) -> JSON:
    since = int(body.get("since", 0))
    until = int(body["until"]) if body.get("until") is not None else None
    return {"mark": double.request_mark(), "counts": double.request_counts(since, until)}


async def _clock(double: DiscordDouble, body: JSON) -> JSON:
    advance = float(body.get("advance", 0.0))
    if advance:
        double.advance_clock(advance)
    return {"now": double.now()}


async def _forge(double: DiscordDouble, body: JSON) -> JSON:
    user = double.user(body["user"])
    overrides = body.get("overrides")
    if "custom_id" in body:
        message = double.message(int(body["message_id"]))
        record = await double.forge_click(
            user,
            message,
            str(body["custom_id"]),
            component_type=int(body.get("component_type", 2)),
            values=body.get("values"),
            add_to_message=_flag(body.get("add_to_message", True)),
            overrides=overrides,
        )
    elif "command" in body:
        record = await double.forge_slash(
            user,
            double.channel(body["channel"]),
            str(body["command"]),
            list(body.get("options") or []),
            resolved=body.get("resolved"),
            overrides=overrides,
        )
    else:
        message_id = body.get("message_id")
        record = await double.forge_interaction(
            user,
            double.channel(body["channel"]),
            int(body["kind"]),
            dict(body.get("data") or {}),
            message=double.message(int(message_id)) if message_id else None,
            overrides=overrides,
        )
    if _flag(body.get("settle", False)):
        await record.wait_settled(body.get("timeout"))
        return interaction_json(record)
    return await _finish(record, body)


_ACTIONS: dict[str, _Action] = {
    "state": _state,
    "setup": _setup,
    "messages": _messages,
    "slash": _slash,
    "click": _click,
    "select": _select,
    "autocomplete": _autocomplete,
    "wait_ready": _wait_ready,
    "fault": _fault,
    "clear_faults": _clear_faults,
    "faults": _faults,
    "rate_limits": _rate_limits,
    "request_counts": _request_counts,
    "clock": _clock,
    "forge": _forge,
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
