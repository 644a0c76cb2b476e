"""The Discord double: an aiohttp server speaking Discord's REST API and gateway.

See the package docstring (``discord_double``) for how tests use it.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import os
import re
import secrets
import textwrap
import time
import traceback
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Self, TypeVar
from urllib.parse import quote

from aiohttp import BodyPartReader, web

from discord_double.discordpy import configure_discord_py
from discord_double.faults import FaultInjector, FaultRule, InjectedFailure
from discord_double.gateway import (
    INTENT_DIRECT_MESSAGE_REACTIONS,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGE_REACTIONS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    Gateway,
    GatewaySession,
    shard_of,
)
from discord_double.interactions import (
    APPLICATION_COMMAND,
    ATTACHMENT,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MENTIONABLE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    PONG,
    ROLE,
    UPDATE_MESSAGE,
    USER,
    InteractionRecord,
    InteractionResponse,
    build_command_options,
    find_command,
)
from discord_double.models import (
    ALL_PERMISSIONS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    GUILD_TEXT,
    JSON,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    REQUEST_CATEGORIES,
    TEXT_LIKE_TYPES,
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
    RequestRecord,
    walk_components,
)
from discord_double.ratelimits import VIA, BucketRule, RateLimiter, RateLimitHit
from discord_double.schema import check_request
from discord_double.snowflake import SnowflakeGenerator, iso, now
from discord_double.validation import (
    MessageDraft,
    form_error,
    validate_choices,
    validate_commands,
    validate_message,
    validate_not_empty,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

# Flags a bot may set on a message it sends (suppress embeds/notifications, voice, v2).
_SETTABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | (1 << 12) | (1 << 13) | FLAG_COMPONENTS_V2
# Predicates given to wait_for may depend on state outside the double (the bot's own
# variables), so waits also re-check at this interval besides on every recorded change.
_RECHECK_INTERVAL = 0.05
_ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
_FILE_FIELD = re.compile(r"files\[(\d+)\]|file(\d*)")
_ROUTE_PARAM = re.compile(r"\{(\w+)\}")
_API_VERSION_PREFIX = re.compile(r"^/v\d+(?=/)")
# Defaults of the rate limiter: on, with Discord's windows shrunk 50-fold so a 5 s bucket
# resets in 100 ms (see the package docstring for why). The environment can change both
# for a whole run without touching the tests (off, or scale 1 for Discord's real pace).
DEFAULT_RATE_LIMITS = True
DEFAULT_RATE_LIMIT_SCALE = 0.02
RATE_LIMITS_ENV = "DISCORD_DOUBLE_RATE_LIMITS"
RATE_LIMIT_SCALE_ENV = "DISCORD_DOUBLE_RATE_LIMIT_SCALE"
# Interaction tokens (follow-ups, @original edits) work for 15 minutes on Discord.
INTERACTION_TOKEN_TTL = 15 * 60.0
# How long Discord remembers a message nonce sent with enforce_nonce ("a few minutes").
NONCE_WINDOW = 5 * 60.0
_NONCE_MAX_LENGTH = 25


@dataclass
class UploadedFile:
    """A file part of a multipart request."""

    filename: str
    data: bytes
    content_type: str | None


@dataclass
class PlannedUpload:
    """An uploaded file a message will get, with its ``attachments`` entry if it had one."""

    upload: UploadedFile
    entry: JSON | None

    @property
    def filename(self) -> str:
        """Return the name the attachment will have (the entry's, else the upload's)."""
        return str((self.entry or {}).get("filename") or self.upload.filename)


def _planned_names(plan: list[DoubleAttachment | PlannedUpload]) -> list[str]:
    return [item.filename for item in plan]


@dataclass
class ApiCall:
    """One parsed REST request handed to a route handler."""

    request: web.Request
    params: dict[str, str]
    query: dict[str, str]
    body: Any = None
    files: dict[int, UploadedFile] = field(default_factory=dict)

    def snowflake(self, name: str, *, code: int = 10003, what: str = "Unknown Channel") -> int:
        """Return a path parameter as an int, answering 404 if it is not a snowflake."""
        raw = self.params[name]
        if not raw.isdigit():
            raise DiscordHTTPError(404, code, what)
        return int(raw)

    def json_object(self) -> JSON:
        """Return the body as a JSON object (``{}`` if there was none)."""
        if self.body is None:
            return {}
        if not isinstance(self.body, dict):
            raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.")
        return self.body

    def flag(self, name: str) -> bool:
        """Return a boolean query parameter (``1``/``true``)."""
        return self.query.get(name, "").lower() in ("1", "true")


Handler = Callable[[ApiCall], Awaitable[Any]]


class DiscordDouble:
    """A Discord server double on 127.0.0.1 that the real discord.py client talks to."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        app_name: str = "Rattus",
        bot_name: str = "Rattus",
        token: str | None = None,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        heartbeat_interval_ms: int = 41_250,
        default_timeout: float = 10.0,
        ack_deadline: float | None = 3.0,
        rate_limits: bool | None = None,
        rate_limit_scale: float | None = None,
        clock: Callable[[], float] = time.time,
        interaction_token_ttl: float | None = INTERACTION_TOKEN_TTL,
        shards: int = 1,
        max_concurrency: int = 1,
    ) -> None:
        """Prepare an empty world; ``start()`` (or ``async with``) opens the server.

        ``token``: if set, only this bot token is accepted (else any token is).
        ``ack_deadline``: seconds the bot has to acknowledge an interaction, like
        Discord's 3 s; later callbacks get 404 "Unknown interaction" (None: no limit).
        ``default_timeout``: seconds every wait gives up after unless told otherwise.
        ``rate_limits``: enforce Discord's rate limits (buckets, global limit, headers),
        with every window multiplied by ``rate_limit_scale``. Unset, they come from
        ``DISCORD_DOUBLE_RATE_LIMITS`` (``on``/``off``, default on) and
        ``DISCORD_DOUBLE_RATE_LIMIT_SCALE`` (default 0.02).
        ``clock``: the double's wall clock (seconds since the epoch), used for interaction
        token expiry (``interaction_token_ttl``, None: never) and message nonces;
        ``advance_clock()`` moves it forward.
        ``shards``: the shard count ``GET /gateway/bot`` recommends.
        ``max_concurrency``: how many shards ``GET /gateway/bot`` says may identify at once
        (large bots get 16 or more); the double itself enforces no identify limit.
        """
        self.host = host
        self.port = port
        self.app_name = app_name
        self.token = token
        self.bot_permissions = bot_permissions
        self.default_timeout = default_timeout
        self.ack_deadline = ack_deadline
        self.interaction_token_ttl = interaction_token_ttl
        self.recommended_shards = shards
        self.max_concurrency = max_concurrency
        if rate_limits is None:
            rate_limits = _env_flag(RATE_LIMITS_ENV, DEFAULT_RATE_LIMITS)
        if rate_limit_scale is None:
            rate_limit_scale = float(
                os.environ.get(RATE_LIMIT_SCALE_ENV) or DEFAULT_RATE_LIMIT_SCALE
            )
        self.rate_limits = RateLimiter(enabled=rate_limits, scale=rate_limit_scale)
        self.fault_injector = FaultInjector()
        self._clock = clock
        self._clock_offset = 0.0
        self._ids = SnowflakeGenerator()
        self.application_id = self._ids.next()
        # Modern applications' bot users share the application's id.
        self.bot_user = DoubleUser(id=self.application_id, username=bot_name, bot=True)
        self.owner = DoubleUser(id=self._ids.next(), username="owner", global_name="Owner")
        self.users: dict[int, DoubleUser] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: dict[int, DoubleGuild] = {}
        self.channels: dict[int, DoubleChannel] = {}
        self.messages: list[DoubleMessage] = []
        # The same messages by channel (each channel's in order): a test or benchmark with a
        # thousand channels reads one channel at a time, many times a second.
        self._by_channel: dict[int, list[DoubleMessage]] = {}
        self.interactions: list[InteractionRecord] = []
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        self.requests: list[RequestRecord] = []
        self.unknown_requests: list[RequestRecord] = []
        self.server_errors: list[str] = []
        self.gateway = Gateway(self, heartbeat_interval_ms=heartbeat_interval_ms)
        self._messages_by_id: dict[int, DoubleMessage] = {}
        self._interactions_by_id: dict[int, InteractionRecord] = {}
        self._interactions_by_token: dict[str, InteractionRecord] = {}
        self._pending: list[InteractionRecord] = []
        self._attachments: dict[int, DoubleAttachment] = {}
        self._dm_channels: dict[int, DoubleChannel] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        # (author id, nonce) -> (message, double clock when sent), for enforce_nonce.
        self._nonces: dict[tuple[int, str], tuple[DoubleMessage, float]] = {}
        self._waiters: list[asyncio.Future[None]] = []
        self._order = 0
        # Called with (message, created) after every message is stored or edited: a cheap hook
        # for benchmarks and the demo, which follow many channels at once.
        self.observers: list[Callable[[DoubleMessage, bool], None]] = []
        self._runner: web.AppRunner | None = None
        self._restore_discord_py: Callable[[], None] | None = None
        self._routes: list[tuple[str, str, re.Pattern[str], Handler]] = []
        self._install_routes()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> Self:
        """Start serving on ``host`` with an OS-assigned (or the given) port."""
        from discord_double.control import install_control_api

        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/{tail:.*}", self._api)
        app.router.add_get("/ws", self.gateway.handle)
        app.router.add_get("/ws/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._cdn)
        install_control_api(app, self)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        address = self._runner.addresses[0]
        self.port = int(address[1])
        log.info("Discord double listening on %s", self.api_base)
        return self

    async def stop(self) -> None:
        """Close every websocket, stop the server and restore discord.py if we patched it."""
        self.restore_discord_py()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.notify()

    async def __aenter__(self) -> Self:
        """Start the server."""
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Stop the server."""
        await self.stop()

    @property
    def api_base(self) -> str:
        """Return ``http://127.0.0.1:PORT``; discord.py's ``Route.BASE`` is this + ``/api/v10``."""
        return f"http://{self.host}:{self.port}"

    @property
    def gateway_url(self) -> str:
        """Return the websocket gateway URL (``ws://127.0.0.1:PORT/ws/``)."""
        return f"ws://{self.host}:{self.port}/ws/"

    def configure_discord_py(self) -> None:
        """Point discord.py (Route.BASE, DEFAULT_GATEWAY) at this double until restored."""
        if self._restore_discord_py is None:
            self._restore_discord_py = configure_discord_py(self.api_base, self.gateway_url)

    def restore_discord_py(self) -> None:
        """Undo ``configure_discord_py`` (no-op if it was not called)."""
        if self._restore_discord_py is not None:
            self._restore_discord_py()
            self._restore_discord_py = None

    # ------------------------------------------------------------------ world building

    def next_id(self) -> int:
        """Return a fresh snowflake."""
        return self._ids.next()

    def add_user(
        self,
        name: str,
        *,
        guilds: Iterable[DoubleGuild] | None = None,
        locale: str = "en-US",
        dms_open: bool = True,
        global_name: str | None = None,
        nick: str | None = None,
        bot: bool = False,
    ) -> DoubleUser:
        """Create a user who joins ``guilds`` (default: every guild that exists now)."""
        user = DoubleUser(
            id=self.next_id(),
            username=name,
            global_name=global_name if global_name is not None else name.capitalize(),
            bot=bot,
            locale=locale,
            dms_open=dms_open,
        )
        self.users[user.id] = user
        for guild in list(self.guilds.values()) if guilds is None else guilds:
            self.add_member(guild, user, nick=nick)
        self.notify()
        return user

    def add_member(
        self,
        guild: DoubleGuild,
        user: DoubleUser,
        *,
        nick: str | None = None,
        roles: Iterable[DoubleRole] = (),
    ) -> DoubleMember:
        """Make ``user`` a member of ``guild`` (dispatches GUILD_MEMBER_ADD if connected)."""
        member = DoubleMember(
            user=user, guild_id=guild.id, nick=nick, role_ids=[r.id for r in roles]
        )
        guild.members[user.id] = member
        self.gateway.broadcast(
            "GUILD_MEMBER_ADD",
            {**member.payload(), "guild_id": str(guild.id)},
            guild_id=guild.id,
            intent=INTENT_GUILD_MEMBERS,
        )
        self.notify()
        return member

    def add_role(self, guild: DoubleGuild, name: str, *, permissions: int = 0) -> DoubleRole:
        """Create a role in ``guild``."""
        role = DoubleRole(
            id=self.next_id(),
            guild_id=guild.id,
            name=name,
            permissions=permissions,
            position=len(guild.roles),
        )
        guild.roles[role.id] = role
        self.gateway.broadcast(
            "GUILD_ROLE_CREATE",
            {"guild_id": str(guild.id), "role": role.payload()},
            guild_id=guild.id,
            intent=INTENT_GUILDS,
        )
        return role

    def add_guild(
        self,
        name: str,
        *,
        owner: DoubleUser | None = None,
        locale: str = "en-US",
        shard: tuple[int, int] | None = None,
    ) -> DoubleGuild:
        """Create a guild owned by ``owner`` (default ``self.owner``) with the bot in it.

        ``shard=(shard_id, shard_count)`` picks a guild id whose events go to that shard.
        """
        owner = owner or self.owner
        guild_id = self.next_id() if shard is None else self._ids.next_on_shard(*shard)
        guild = DoubleGuild(id=guild_id, name=name, owner_id=owner.id, locale=locale)
        guild.roles[guild_id] = DoubleRole(
            id=guild_id,
            guild_id=guild_id,
            name="@everyone",
            permissions=DEFAULT_EVERYONE_PERMISSIONS,
        )
        bot_role = DoubleRole(
            id=self.next_id(),
            guild_id=guild_id,
            name=self.bot_user.username,
            permissions=self.bot_permissions,
            position=1,
            managed=True,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = DoubleMember(user=owner, guild_id=guild_id)
        guild.members[self.bot_user.id] = DoubleMember(
            user=self.bot_user, guild_id=guild_id, role_ids=[bot_role.id]
        )
        self.guilds[guild_id] = guild
        for session in self.gateway.live_sessions():
            if session.handles(guild_id):
                session.dispatch("GUILD_CREATE", self._guild_create_payload(guild, session))
        self.notify()
        return guild

    def add_channel(
        self,
        guild: DoubleGuild,
        name: str,
        *,
        type: int = GUILD_TEXT,
        topic: str | None = None,
        category: DoubleChannel | None = None,
    ) -> DoubleChannel:
        """Create a guild channel (text by default; ``type=4`` for a category)."""
        channel = DoubleChannel(
            id=self.next_id(),
            type=type,
            name=name,
            guild_id=guild.id,
            parent_id=category.id if category else None,
            topic=topic,
            position=len(guild.channel_ids),
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self.gateway.broadcast(
            "CHANNEL_CREATE", channel.payload(), guild_id=guild.id, intent=INTENT_GUILDS
        )
        self.notify()
        return channel

    def add_thread(
        self,
        channel: DoubleChannel,
        name: str,
        *,
        private: bool = False,
        owner: DoubleUser | None = None,
        members: Iterable[DoubleUser] = (),
        thread_id: int | None = None,
    ) -> DoubleChannel:
        """Create a thread under ``channel`` (a public thread unless ``private``)."""
        if channel.guild_id is None or channel.is_thread:
            raise DoubleError(f"threads need a guild text channel as parent, not {channel!r}")
        owner = owner or self.owner
        thread = DoubleChannel(
            id=thread_id or self.next_id(),
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            name=name,
            guild_id=channel.guild_id,
            parent_id=channel.id,
            owner_id=owner.id,
            thread_member_ids={owner.id, *(m.id for m in members)},
        )
        self.channels[thread.id] = thread
        self.guilds[channel.guild_id].channel_ids.append(thread.id)
        self.gateway.broadcast(
            "THREAD_CREATE",
            {**thread.payload(), "newly_created": True},
            guild_id=channel.guild_id,
            intent=INTENT_GUILDS,
        )
        self.notify()
        return thread

    def dm_channel(self, user: DoubleUser) -> DoubleChannel:
        """Return (creating if needed) the DM channel between the bot and ``user``."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = DoubleChannel(id=self.next_id(), type=DM, name=None, recipient=user)
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def user(self, ref: int | str) -> DoubleUser:
        """Look a user up by id or username."""
        for user in self.users.values():
            if ref in (user.id, user.username, str(user.id)):
                return user
        raise DoubleError(f"no user {ref!r}")

    def channel(self, ref: int | str) -> DoubleChannel:
        """Look a channel up by id or name."""
        for channel in self.channels.values():
            if ref in (channel.id, channel.name, str(channel.id)):
                return channel
        raise DoubleError(f"no channel {ref!r}")

    def guild(self, ref: int | str) -> DoubleGuild:
        """Look a guild up by id or name."""
        for guild in self.guilds.values():
            if ref in (guild.id, guild.name, str(guild.id)):
                return guild
        raise DoubleError(f"no guild {ref!r}")

    def message(self, message_id: int) -> DoubleMessage:
        """Look a message up by id (deleted and ephemeral ones included)."""
        try:
            return self._messages_by_id[int(message_id)]
        except KeyError:
            raise DoubleError(f"no message {message_id}") from None

    # ------------------------------------------------------------------ inspection

    def channel_messages(
        self,
        channel: DoubleChannel,
        *,
        visible_to: DoubleUser | None = None,
        include_deleted: bool = False,
    ) -> list[DoubleMessage]:
        """Return a channel's messages in order: public ones, plus ephemerals for ``visible_to``."""
        return [
            m
            for m in self._by_channel.get(channel.id, ())
            if (include_deleted or not m.deleted)
            and (m.ephemeral_for is None or m.ephemeral_for is visible_to)
        ]

    def dms(self, user: DoubleUser) -> list[DoubleMessage]:
        """Return the messages the bot sent ``user`` by DM, in order."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            return []
        return [
            m for m in self.channel_messages(channel, visible_to=user) if m.author is self.bot_user
        ]

    def commands(self, guild: DoubleGuild | None = None) -> list[JSON]:
        """Return the registered commands (global, or those of ``guild``)."""
        if guild is None:
            return list(self.global_commands)
        return list(self.guild_commands.get(guild.id, []))

    def has_commands(self) -> bool:
        """Whether any application command was registered."""
        return bool(self.global_commands) or any(self.guild_commands.values())

    @property
    def sessions(self) -> list[GatewaySession]:
        """Return every gateway session ever identified, oldest first."""
        return self.gateway.sessions

    def assert_clean(self) -> None:
        """Raise AssertionError if the bot hit a missing route or the double itself failed."""
        problems = [f"unknown route: {r}" for r in self.unknown_requests]
        problems += [f"double error: {e}" for e in self.server_errors]
        if problems:
            raise AssertionError("\n".join(problems))

    # ------------------------------------------------------------------ faults, limits, clock

    def inject_fault(
        self,
        route: str,
        status: int | None = 500,
        *,
        times: int | None = 1,
        retry_after: float = 0.0,
        via: bool = True,
        global_: bool = False,
        latency: float = 0.0,
        drop: bool = False,
        processed: bool = False,
        body: JSON | None = None,
    ) -> FaultRule:
        """Make the next ``times`` requests matching ``route`` fail (``times=None``: until cleared).

        ``route`` is ``"METHOD /path"`` with ``{name}`` (or ``*``) matching one segment,
        a final ``**`` the rest (constants in ``discord_double.faults``). The answer is
        ``status`` with Discord's body: for 429, ``{"message", "retry_after", "global"}``
        with ``Via`` unless ``via=False`` (which discord.py takes for a Cloudflare ban).
        ``latency`` delays the answer (``status=None``: only delays it); ``drop`` closes
        the connection without an answer; ``processed`` lets Discord do the work first
        and loses only the answer. Returns the rule (``.clear()``, ``.hits``).
        """
        rule = FaultRule(
            route,
            status,
            times=times,
            retry_after=retry_after,
            via=via,
            global_=global_,
            latency=latency,
            drop=drop,
            processed=processed,
            body=body,
        )
        self.fault_injector.prune()
        return self.fault_injector.add(rule)

    def clear_faults(self) -> None:
        """Stop every injected fault (the record of what they did is kept)."""
        self.fault_injector.clear()

    @property
    def faults(self) -> list[FaultRule]:
        """Return the fault rules still active."""
        return [r for r in self.fault_injector.rules if r.active]

    @property
    def injected_failures(self) -> list[InjectedFailure]:
        """Return every request an injected fault failed, dropped or delayed, in order."""
        return self.fault_injector.injected

    @property
    def rate_limited(self) -> list[RateLimitHit]:
        """Return every 429 the double's rate limiter answered (not injected ones)."""
        return self.rate_limits.hits

    def configure_rate_limits(
        self,
        enabled: bool | None = None,
        *,
        scale: float | None = None,
        buckets: Iterable[BucketRule] | None = None,
        global_limit: int | None = None,
    ) -> RateLimiter:
        """Switch rate limits on or off, change the time scale, buckets or global limit.

        Counting starts afresh; returns the limiter (``d.rate_limits``).
        """
        limiter = self.rate_limits
        if enabled is not None:
            limiter.enabled = enabled
        if scale is not None:
            if scale <= 0:
                raise DoubleError("rate limit scale must be positive")
            limiter.scale = scale
        if global_limit is not None:
            limiter.global_limit = global_limit
        if buckets is not None:
            limiter.set_buckets(buckets)
        limiter.reset()
        return limiter

    def request_mark(self) -> int:
        """Return a mark for ``request_counts(since=...)``: the number of requests so far."""
        return len(self.requests)

    def request_counts(self, since: int = 0, until: int | None = None) -> dict[str, int]:
        """Count requests per category between two marks (every category present, maybe 0).

        ``mark = d.request_mark(); ...; d.request_counts(mark)`` gives the calls an action
        cost by class: interaction, channel, dm, setup, other.
        """
        counts = dict.fromkeys(REQUEST_CATEGORIES, 0)
        for record in self.requests[since:until]:
            counts[record.category] = counts.get(record.category, 0) + 1
        return counts

    def now(self) -> float:
        """Return the double's wall clock (the injected clock plus ``advance_clock`` moves)."""
        return self._clock() + self._clock_offset

    def advance_clock(self, seconds: float) -> float:
        """Move the double's wall clock forward (token expiry, nonces); return the new time."""
        if seconds < 0:
            raise DoubleError("the clock only moves forward")
        self._clock_offset += seconds
        self.notify()
        return self.now()

    def summary(self, *, limit: int = 12) -> str:
        """Return a readable dump of recent state (shown when a wait times out)."""
        lines = ["Discord double state:"]
        lines.append(f"  sessions: {self.gateway.sessions!r}")
        lines.append(f"  interactions (last {limit}):")
        lines += [textwrap.indent(i.describe(), "    ") for i in self.interactions[-limit:]] or [
            "    none"
        ]
        lines.append(f"  messages (last {limit}):")
        for message in self.messages[-limit:]:
            channel = self.channels.get(message.channel_id)
            where = channel.name if channel and channel.name else f"DM/{message.channel_id}"
            extra = []
            if message.embeds:
                extra.append(f"{len(message.embeds)} embeds")
            if message.attachments:
                extra.append(f"files={[a.filename for a in message.attachments]}")
            if message.custom_ids:
                extra.append(f"custom_ids={message.custom_ids}")
            lines.append(f"    [{where}] {message!r} {' '.join(extra)}"[:400])
        if not self.messages:
            lines.append("    none")
        if self.unknown_requests:
            lines.append(f"  unknown routes: {[str(r) for r in self.unknown_requests]}")
        if self.server_errors:
            lines.append(f"  double errors: {self.server_errors[-3:]}")
        if self.rate_limited:
            lines.append(f"  rate limited: {[str(h) for h in self.rate_limited[-limit:]]}")
        failed = [str(r) for r in self.requests if r.status >= 400 or r.fault][-limit:]
        if failed:
            lines.append(f"  failed requests: {failed}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ waiting

    def notify(self) -> None:
        """Record that state changed: stamp finished interactions and wake all waiters."""
        stamp = _loop_time()
        still_pending = []
        for record in self._pending:
            if record.done:
                record.done_at = stamp
            else:
                still_pending.append(record)
        self._pending = still_pending
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float | None = None,
        what: str | None = None,
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value.

        Re-checks on every recorded change (and every 50 ms for outside state); on
        timeout raises DoubleTimeoutError listing what the double recorded.
        """
        limit = self.default_timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                label = what or getattr(predicate, "__name__", repr(predicate))
                raise DoubleTimeoutError(
                    f"timed out after {limit:.1f}s waiting for {label}\n{self.summary()}"
                )
            waiter = loop.create_future()
            self._waiters.append(waiter)
            try:
                await asyncio.wait_for(waiter, min(remaining, _RECHECK_INTERVAL))
            except TimeoutError:
                pass
            finally:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)

    async def wait_for_ready(
        self,
        *,
        timeout: float | None = None,
        commands: bool = True,
        min_sessions: int = 1,
        shards: Iterable[int] | None = None,
        shard_count: int | None = None,
    ) -> GatewaySession:
        """Wait until a bot is connected (READY sent) and, by default, has synced commands.

        ``min_sessions`` counts every session ever identified: after restarting the
        bot, pass ``len(d.sessions) + 1`` (taken before the restart) to wait for the
        new client rather than accepting the old one.
        ``shards``: wait until every one of these shard ids has a READY, connected
        session (identified with ``shard_count`` shards, if given); returns the session
        of the lowest of them.
        """
        wanted = sorted(set(shards)) if shards is not None else None

        def ready() -> GatewaySession | None:
            if len(self.gateway.sessions) < min_sessions:
                return None
            if commands and not self.has_commands():
                return None
            if wanted is None:
                return self.gateway.active_session()
            live = {
                session.shard_id: session
                for session in self.gateway.sessions
                if session.ready
                and session.connected
                and (shard_count is None or session.shard_count == shard_count)
            }
            if any(shard not in live for shard in wanted):
                return None
            return live[wanted[0]]

        what = "the bot to connect" if wanted is None else f"shards {wanted} to connect"
        return await self.wait_for(ready, timeout=timeout, what=what)

    def shard_sessions(self) -> dict[int, GatewaySession]:
        """Return the newest READY, connected session of each shard id."""
        return self.gateway.shard_sessions()

    def shard_of(self, guild: DoubleGuild | int | None, shard_count: int) -> int:
        """Return the shard id a guild's events go to (DMs: ``None``, shard 0)."""
        guild_id = guild.id if isinstance(guild, DoubleGuild) else guild
        return shard_of(guild_id, shard_count)

    async def wait_for_message(
        self,
        channel: DoubleChannel | None = None,
        predicate: Callable[[DoubleMessage], bool] | None = None,
        *,
        after: DoubleMessage | None = None,
        timeout: float | None = None,
    ) -> DoubleMessage:
        """Wait for a (non-deleted) message in ``channel`` matching ``predicate``.

        ``after`` restricts the search to messages created after that one.
        """
        floor = after.order if after is not None else 0

        def find() -> DoubleMessage | None:
            for message in self.messages:
                if message.order <= floor or message.deleted:
                    continue
                if channel is not None and message.channel_id != channel.id:
                    continue
                if predicate is None or predicate(message):
                    return message
            return None

        where = f" in {channel!r}" if channel is not None else ""
        return await self.wait_for(find, timeout=timeout, what=f"a message{where}")

    # ------------------------------------------------------------------ driving the bot

    async def slash(
        self, user: DoubleUser, channel: DoubleChannel, command: str, /, **options: Any
    ) -> InteractionRecord:
        """Send a slash command as ``user``: ``command`` is the full path, e.g. ``"game new"``.

        Options are given by their Discord name; users, channels and roles may be
        passed as records, attachments as ``(filename, bytes)``.
        """
        words = command.strip().removeprefix("/").split()
        if not words:
            raise DoubleError("empty command")
        guild = self._guild_of(channel)
        registered = self._find_command(words[0], guild, channel, user)
        values, resolved = build_command_options(
            registered, words[1:], options, self._resolver(guild, channel)
        )
        data = self._command_data(registered, values, resolved)
        return await self._dispatch_interaction(
            APPLICATION_COMMAND, user, channel, data, name=" ".join(words)
        )

    async def slash_user_installed(
        self, user: DoubleUser, channel: DoubleChannel, command: str, /, **options: Any
    ) -> InteractionRecord:
        """Send a slash command as ``user`` through the bot's *user* install (Discord's
        ``integration_types`` 1): the interaction is authorised by the user, not by a server,
        and its context is a DM with the bot (``BOT_DM``) or a server channel (``GUILD``)."""
        words = command.strip().removeprefix("/").split()
        if not words:
            raise DoubleError("empty command")
        guild = self._guild_of(channel)
        registered = self._find_command(words[0], guild, channel, user)
        if 1 not in (registered.get("integration_types") or [0]):
            raise DoubleError(f"/{words[0]} cannot be installed by a user")
        values, resolved = build_command_options(
            registered, words[1:], options, self._resolver(guild, channel)
        )
        data = self._command_data(registered, values, resolved)
        overrides: JSON = {"authorizing_integration_owners": {"1": str(user.id)}}
        return await self._dispatch_interaction(
            APPLICATION_COMMAND, user, channel, data, name=" ".join(words), overrides=overrides
        )

    async def autocomplete(
        self,
        user: DoubleUser,
        channel: DoubleChannel,
        command: str,
        option: str,
        /,
        *,
        typed: str = "",
        timeout: float | None = None,
        **options: Any,
    ) -> list[JSON]:
        """Ask the bot for autocomplete choices of ``option``; returns ``[{name, value}]``."""
        words = command.strip().removeprefix("/").split()
        guild = self._guild_of(channel)
        registered = self._find_command(words[0], guild, channel, user)
        values, resolved = build_command_options(
            registered,
            words[1:],
            options,
            self._resolver(guild, channel),
            focused=option,
            typed=typed,
        )
        data = self._command_data(registered, values, resolved)
        record = await self._dispatch_interaction(
            AUTOCOMPLETE, user, channel, data, name=" ".join(words)
        )
        await record.wait_done(timeout)
        return list(record.choices or [])

    async def context_menu(
        self,
        user: DoubleUser,
        channel: DoubleChannel,
        name: str,
        target: DoubleUser | DoubleMessage,
        /,
    ) -> InteractionRecord:
        """Run a user or message context-menu command on ``target``."""
        kind = 3 if isinstance(target, DoubleMessage) else 2
        guild = self._guild_of(channel)
        registered = self._find_command(name, guild, channel, user, kind=kind)
        resolved: JSON = {}
        if isinstance(target, DoubleMessage):
            resolved["messages"] = {str(target.id): self._message_payload(target)}
        else:
            self._resolver(guild, channel)(USER, target, resolved)
        data = {
            "id": registered["id"],
            "name": registered["name"],
            "type": kind,
            "target_id": str(target.id),
            "resolved": resolved,
        }
        if registered.get("guild_id"):
            data["guild_id"] = registered["guild_id"]
        return await self._dispatch_interaction(APPLICATION_COMMAND, user, channel, data, name=name)

    async def click(
        self,
        user: DoubleUser,
        message: DoubleMessage | int,
        custom_id: str | None = None,
        /,
        *,
        label: str | None = None,
        via_shard: int | None = None,
    ) -> InteractionRecord:
        """Click a button (found by ``custom_id`` or ``label``) on ``message`` as ``user``.

        ``via_shard``: send the interaction over that shard's session, not the one owning the
        guild (Discord sends an interaction from a DM to shard 0 whichever server it is about:
        this lets a test make a guild's click reach a process that does not own the guild).
        """
        target = self._clickable_message(user, message)
        component = target.find_component(custom_id, label=label)
        if component.get("type") != 2:
            raise DoubleError(f"{component!r} is not a button")
        if "custom_id" not in component:
            raise DoubleError(
                f"link/premium button {component.get('label')!r} sends no interaction"
            )
        if component.get("disabled"):
            raise DoubleError(f"button {component.get('label')!r} is disabled")
        data: JSON = {"custom_id": component["custom_id"], "component_type": 2}
        if "id" in component:
            data["id"] = component["id"]
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT,
            user,
            self.channels[target.channel_id],
            data,
            component_message=target,
            name=component["custom_id"],
            via_shard=via_shard,
        )

    async def select(
        self,
        user: DoubleUser,
        message: DoubleMessage | int,
        custom_id: str,
        values: Iterable[Any],
        /,
        *,
        via_shard: int | None = None,
    ) -> InteractionRecord:
        """Pick ``values`` in a select menu on ``message`` as ``user``.

        String selects take option values; user/role/channel selects take records or ids.
        ``via_shard``: as for ``click``.
        """
        target = self._clickable_message(user, message)
        component = target.find_component(custom_id)
        kind = component.get("type")
        if kind not in (3, 5, 6, 7, 8):
            raise DoubleError(f"{custom_id!r} is not a select menu")
        if component.get("disabled"):
            raise DoubleError(f"select {custom_id!r} is disabled")
        chosen = list(values)
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(chosen) <= high:
            raise DoubleError(f"select {custom_id!r} takes {low}..{high} values, got {len(chosen)}")
        data: JSON = {"custom_id": custom_id, "component_type": kind}
        if "id" in component:
            data["id"] = component["id"]
        channel = self.channels[target.channel_id]
        if kind == 3:
            allowed = [o.get("value") for o in component.get("options", [])]
            bad = [v for v in chosen if v not in allowed]
            if bad:
                raise DoubleError(f"select {custom_id!r} has no options {bad}; it has {allowed}")
            data["values"] = [str(v) for v in chosen]
        else:
            resolved: JSON = {}
            option_type = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}[kind]
            resolver = self._resolver(self._guild_of(channel), channel)
            data["values"] = [resolver(option_type, v, resolved) for v in chosen]
            data["resolved"] = resolved
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT,
            user,
            channel,
            data,
            component_message=target,
            name=custom_id,
            via_shard=via_shard,
        )

    async def submit_modal(
        self,
        user: DoubleUser,
        opened_by: InteractionRecord,
        values: dict[str, str | list[str]],
        /,
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot showed in answer to ``opened_by``.

        ``values`` maps text input custom ids to text (string selects to value lists).
        """
        modal = opened_by.modal
        if modal is None:
            raise DoubleError(f"{opened_by!r} did not open a modal")
        known: set[str] = set()

        def answer(component: JSON) -> JSON | None:
            custom_id = component.get("custom_id")
            if custom_id is None:
                return None
            known.add(custom_id)
            if component.get("type") == 4:
                text = values.get(custom_id, component.get("value") or "")
                if not isinstance(text, str):
                    raise DoubleError(f"text input {custom_id!r} takes a string")
                if component.get("required", True) and not text:
                    raise DoubleError(f"text input {custom_id!r} is required")
                low, high = component.get("min_length", 0), component.get("max_length", 4000)
                if text and not low <= len(text) <= high:
                    raise DoubleError(f"text input {custom_id!r} takes {low}..{high} characters")
                return {"type": 4, "custom_id": custom_id, "value": text}
            chosen = values.get(custom_id, [])
            picked = [chosen] if isinstance(chosen, str) else list(chosen)
            return {"type": component.get("type"), "custom_id": custom_id, "values": picked}

        submitted: list[JSON] = []
        for top in modal.get("components", []):
            if top.get("type") == 1:
                row = [a for c in top.get("components", []) if (a := answer(c)) is not None]
                submitted.append({"type": 1, "components": row})
            elif top.get("type") == 18 and isinstance(top.get("component"), dict):
                inner = answer(top["component"])
                if inner is not None:
                    submitted.append({"type": 18, "component": inner})
        unknown = sorted(set(values) - known)
        if unknown:
            raise DoubleError(f"modal {modal.get('custom_id')!r} has no inputs {unknown}")
        data = {"custom_id": modal.get("custom_id"), "components": submitted}
        return await self._dispatch_interaction(
            MODAL_SUBMIT,
            user,
            opened_by.channel,
            data,
            component_message=opened_by.component_message,
            name=str(modal.get("custom_id")),
        )

    # ------------------------------------------------------------------ forged interactions

    async def forge_interaction(
        self,
        user: DoubleUser,
        channel: DoubleChannel,
        kind: int,
        data: JSON,
        /,
        *,
        message: DoubleMessage | None = None,
        name: str = "",
        overrides: JSON | None = None,
    ) -> InteractionRecord:
        """Send an interaction exactly as given, without the double's checks (fuzz tests).

        Nothing is checked: the component or command need not exist, option values may
        have any type, ``user`` need not be a member (a bare member object is sent) nor
        allowed in ``channel``. ``message`` is the message a component is "on" (it need
        not carry ``data["custom_id"]``). ``overrides`` are merged into the payload's top
        level last. The bot's answer (or its silence) is recorded like any other;
        ``record.forged`` is True. ``kind``: 2 command, 3 component, 4 autocomplete,
        5 modal submit (any int is sent).
        """
        return await self._dispatch_interaction(
            kind,
            user,
            channel,
            copy.deepcopy(data),
            component_message=message,
            name=name or str(data.get("custom_id") or data.get("name") or ""),
            forged=True,
            overrides=overrides,
        )

    async def forge_click(
        self,
        user: DoubleUser,
        message: DoubleMessage,
        custom_id: str,
        /,
        *,
        component_type: int = 2,
        values: list[Any] | None = None,
        add_to_message: bool = True,
        overrides: JSON | None = None,
    ) -> InteractionRecord:
        """Click a component ``custom_id`` on ``message`` whether or not it is there.

        ``values`` (for a select, ``component_type`` 3, 5-8) are sent as given.
        discord.py only dispatches a component whose custom id is on the interaction's
        message, so by default the forged component is added to the payload's copy of
        the message (the stored message is untouched) and reaches the bot's parser;
        ``add_to_message=False`` sends the message as stored, to test that filter.
        """
        data: JSON = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        if add_to_message:
            shown = self._message_payload(message)
            component: JSON = {"type": component_type, "custom_id": custom_id}
            if component_type == 2:
                component.update(style=2, label="forged")
            elif component_type == 3:
                picked = [str(v) for v in values or ["forged"]]
                component["options"] = [{"label": v, "value": v} for v in picked]
            shown["components"] = [
                *shown.get("components", []),
                {"type": 1, "components": [component]},
            ]
            overrides = {"message": shown, **(overrides or {})}
        return await self.forge_interaction(
            user,
            self.channels[message.channel_id],
            MESSAGE_COMPONENT,
            data,
            message=message,
            overrides=overrides,
        )

    async def forge_slash(
        self,
        user: DoubleUser,
        channel: DoubleChannel,
        command: str,
        options: list[JSON] | None = None,
        /,
        *,
        resolved: JSON | None = None,
        command_id: int | str | None = None,
        kind: int = APPLICATION_COMMAND,
        overrides: JSON | None = None,
    ) -> InteractionRecord:
        """Run command ``command`` (top-level name) with raw ``options`` as given.

        ``options`` is Discord's option list (sub-commands nest their own ``options``);
        values are sent as they are, except that a ``DoubleUser``, ``DoubleChannel``,
        ``DoubleRole`` or ``DoubleAttachment`` value becomes its id and is added to
        ``resolved`` (see ``upload`` for attachments of arbitrary bytes). The command id
        defaults to the registered command's, else a fresh snowflake. ``kind=4`` sends
        it as an autocomplete request.
        """
        guild = self._guild_of(channel)
        registered = None
        if guild is not None:
            registered = find_command(self.guild_commands.get(guild.id, []), command, 1)
        registered = registered or find_command(self.global_commands, command, 1)
        if command_id is None:
            command_id = registered["id"] if registered is not None else self.next_id()
        merged: JSON = copy.deepcopy(resolved) if resolved else {}
        raw_options = [self._forge_option(o, guild, merged) for o in options or []]
        data: JSON = {"id": str(command_id), "name": command, "type": 1}
        if raw_options:
            data["options"] = raw_options
        if merged:
            data["resolved"] = merged
        if registered is not None and registered.get("guild_id"):
            data["guild_id"] = registered["guild_id"]
        return await self.forge_interaction(
            user, channel, kind, data, name=command, overrides=overrides
        )

    def upload(
        self,
        channel: DoubleChannel,
        filename: str,
        data: bytes,
        /,
        *,
        content_type: str | None = None,
    ) -> DoubleAttachment:
        """Store ``data`` as an attachment the double serves (e.g. for a forged option)."""
        return self._new_attachment(
            channel.id, UploadedFile(filename, bytes(data), content_type), None
        )

    def _forge_option(self, option: JSON, guild: DoubleGuild | None, resolved: JSON) -> JSON:
        result = dict(option)
        if isinstance(option.get("options"), list):
            result["options"] = [self._forge_option(o, guild, resolved) for o in option["options"]]
        value = option.get("value")
        if isinstance(value, DoubleAttachment):
            resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
            result["value"] = str(value.id)
        elif isinstance(value, DoubleUser):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            member = guild.members.get(value.id) if guild is not None else None
            if member is not None and guild is not None:
                resolved.setdefault("members", {})[str(value.id)] = member.payload(
                    with_user=False, permissions=guild.permissions_of(value.id)
                )
            result["value"] = str(value.id)
        elif isinstance(value, DoubleChannel):
            resolved.setdefault("channels", {})[str(value.id)] = value.payload()
            result["value"] = str(value.id)
        elif isinstance(value, DoubleRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            result["value"] = str(value.id)
        return result

    async def post(
        self,
        user: DoubleUser,
        channel: DoubleChannel,
        content: str,
        /,
        *,
        files: Iterable[tuple[str, bytes]] = (),
    ) -> DoubleMessage:
        """Post a message as ``user`` (dispatched as MESSAGE_CREATE to the bot)."""
        if channel.is_dm and channel.recipient is not user:
            raise DoubleError(f"{user!r} is not in {channel!r}")
        message = self._store_message(channel, user, content=content)
        message.attachments = [
            self._new_attachment(channel.id, UploadedFile(name, data, None), None)
            for name, data in files
        ]
        self._dispatch_message_event("MESSAGE_CREATE", message)
        self.notify()
        return message

    async def react(self, user: DoubleUser, message: DoubleMessage, emoji: str, /) -> None:
        """Add a unicode-emoji reaction as ``user`` (dispatched as MESSAGE_REACTION_ADD)."""
        users = message.reactions.setdefault(emoji, [])
        if user.id not in users:
            users.append(user.id)
        data: JSON = {
            "user_id": str(user.id),
            "channel_id": str(message.channel_id),
            "message_id": str(message.id),
            "emoji": {"id": None, "name": emoji},
            "message_author_id": str(message.author.id),
            "burst": False,
            "type": 0,
        }
        intent = INTENT_DIRECT_MESSAGE_REACTIONS
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
            member = self.guilds[message.guild_id].members.get(user.id)
            if member is not None:
                data["member"] = member.payload()
            intent = INTENT_GUILD_MESSAGE_REACTIONS
        self.gateway.broadcast(
            "MESSAGE_REACTION_ADD", data, guild_id=message.guild_id, intent=intent
        )
        self.notify()

    async def drop_gateway(self, code: int = 4000, *, shard: int | None = None) -> None:
        """Close the active session's websocket (of ``shard``); discord.py RESUMEs."""
        if shard is None:
            session = self.gateway.active_session()
        else:
            session = self.gateway.shard_sessions().get(shard)
        if session is None:
            raise DoubleError("no bot is connected" + ("" if shard is None else f" on {shard}"))
        await self.gateway.drop(session, code)

    # ------------------------------------------------------------------ gateway content

    def check_token(self, token: str) -> bool:
        """Whether a bot token is accepted (any token unless one was configured)."""
        return self.token is None or token == self.token

    def ready_payload(self, session: GatewaySession) -> JSON:
        """Return READY for a new session: the bot user, unavailable guilds, application."""
        return {
            "v": 10,
            "user": self._bot_user_payload(),
            "guilds": [
                {"id": str(g.id), "unavailable": True}
                for g in self.guilds.values()
                if self.bot_user.id in g.members and session.handles(g.id)
            ],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": session.shard,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["local"],
            "auth": {},
        }

    def guild_create_payloads(self, session: GatewaySession) -> list[JSON]:
        """Return GUILD_CREATE for every guild of the session's shard the bot is in."""
        return [
            self._guild_create_payload(g, session)
            for g in self.guilds.values()
            if self.bot_user.id in g.members and session.handles(g.id)
        ]

    def member_chunk_payloads(self, session: GatewaySession, request: JSON) -> list[JSON]:
        """Answer REQUEST_GUILD_MEMBERS from the stored members."""
        guild_ids = request.get("guild_id")
        chunks = []
        for raw_id in guild_ids if isinstance(guild_ids, list) else [guild_ids]:
            guild = self.guilds.get(int(raw_id or 0))
            if guild is None or not session.handles(guild.id):
                continue
            members = list(guild.members.values())
            not_found: list[str] = []
            if request.get("user_ids"):
                wanted = request["user_ids"]
                wanted = [int(u) for u in (wanted if isinstance(wanted, list) else [wanted])]
                members = [guild.members[u] for u in wanted if u in guild.members]
                not_found = [str(u) for u in wanted if u not in guild.members]
            elif request.get("query"):
                prefix = str(request["query"]).lower()
                members = [m for m in members if m.user.username.lower().startswith(prefix)]
            limit = int(request.get("limit") or 0)
            if limit:
                members = members[:limit]
            chunk: JSON = {
                "guild_id": str(guild.id),
                "members": [m.payload() for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": not_found,
            }
            if request.get("nonce") is not None:
                chunk["nonce"] = request["nonce"]
            chunks.append(chunk)
        return chunks

    def _bot_user_payload(self) -> JSON:
        return {
            **self.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "locale": "en-US",
            "flags": 0,
        }

    def _guild_payload(self, guild: DoubleGuild) -> JSON:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.locale,
            "max_members": 500_000,
            "max_video_channel_users": 25,
            "nsfw": False,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }

    def _guild_create_payload(self, guild: DoubleGuild, session: GatewaySession) -> JSON:
        # Without the members intent Discord only sends the bot's own member.
        members = (
            list(guild.members.values())
            if session.has_intent(INTENT_GUILD_MEMBERS)
            else [guild.members[self.bot_user.id]]
        )
        channels = [self.channels[c] for c in guild.channel_ids if c in self.channels]
        return {
            **self._guild_payload(guild),
            "joined_at": iso(guild.joined_at),
            "large": False,
            "lazy": True,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in channels if not c.is_thread and not c.deleted],
            "threads": [
                c.payload() for c in channels if c.is_thread and not c.deleted and not c.archived
            ],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "embedded_activities": [],
        }

    # ------------------------------------------------------------------ REST plumbing

    def _install_routes(self) -> None:
        add = self._add_route
        # Users, application, gateway.
        add("GET", "/users/@me", self._get_me)
        add("GET", "/users/@me/guilds", self._get_my_guilds)
        add("POST", "/users/@me/channels", self._open_dm)
        add("GET", "/users/{user_id}", self._get_user)
        add("GET", "/oauth2/applications/@me", self._get_application)
        add("GET", "/applications/@me", self._get_application)
        add("GET", "/gateway", self._get_gateway)
        add("GET", "/gateway/bot", self._get_gateway_bot)
        # Application commands.
        prefix = "/applications/{application_id}"
        for scope in ("", "/guilds/{guild_id}"):
            add("GET", f"{prefix}{scope}/commands/permissions", self._no_items)
            add("GET", f"{prefix}{scope}/commands", self._get_commands)
            add("PUT", f"{prefix}{scope}/commands", self._put_commands)
            add("POST", f"{prefix}{scope}/commands", self._post_command)
            add("GET", f"{prefix}{scope}/commands/{{command_id}}", self._get_command)
            add("PATCH", f"{prefix}{scope}/commands/{{command_id}}", self._patch_command)
            add("DELETE", f"{prefix}{scope}/commands/{{command_id}}", self._delete_command)
        add("GET", f"{prefix}/entitlements", self._no_items)
        add("GET", f"{prefix}/emojis", self._no_emojis)
        # Guilds.
        add("GET", "/guilds/{guild_id}", self._get_guild)
        add("GET", "/guilds/{guild_id}/channels", self._get_guild_channels)
        add("GET", "/guilds/{guild_id}/roles", self._get_guild_roles)
        add("GET", "/guilds/{guild_id}/members", self._get_guild_members)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self._get_guild_member)
        add("GET", "/guilds/{guild_id}/threads/active", self._get_active_threads)
        # Channels and messages (fixed segments before {message_id}).
        channel = "/channels/{channel_id}"
        add("GET", channel, self._get_channel)
        add("PATCH", channel, self._patch_channel)
        add("DELETE", channel, self._delete_channel)
        add("POST", f"{channel}/typing", self._typing)
        add("GET", f"{channel}/messages/pins", self._get_pins)
        add("PUT", f"{channel}/messages/pins/{{message_id}}", self._pin)
        add("DELETE", f"{channel}/messages/pins/{{message_id}}", self._unpin)
        add("GET", f"{channel}/pins", self._get_pins_legacy)
        add("PUT", f"{channel}/pins/{{message_id}}", self._pin)
        add("DELETE", f"{channel}/pins/{{message_id}}", self._unpin)
        add("POST", f"{channel}/messages/bulk-delete", self._bulk_delete)
        add("GET", f"{channel}/messages", self._get_messages)
        add("POST", f"{channel}/messages", self._post_message)
        message = f"{channel}/messages/{{message_id}}"
        add("GET", message, self._get_message)
        add("PATCH", message, self._patch_message)
        add("DELETE", message, self._delete_message)
        add("POST", f"{message}/threads", self._thread_from_message)
        add("PUT", f"{message}/reactions/{{emoji}}/@me", self._add_reaction)
        add("DELETE", f"{message}/reactions/{{emoji}}/{{user_id}}", self._remove_reaction)
        add("GET", f"{message}/reactions/{{emoji}}", self._get_reactions)
        add("DELETE", f"{message}/reactions", self._clear_reactions)
        add("POST", f"{channel}/threads", self._create_thread)
        add("GET", f"{channel}/thread-members", self._get_thread_members)
        add("GET", f"{channel}/thread-members/{{user_id}}", self._get_thread_member)
        add("PUT", f"{channel}/thread-members/{{user_id}}", self._add_thread_member)
        add("DELETE", f"{channel}/thread-members/{{user_id}}", self._remove_thread_member)
        # Interactions and their webhooks.
        add("POST", "/interactions/{interaction_id}/{token}/callback", self._callback)
        webhook = "/webhooks/{application_id}/{token}"
        add("POST", webhook, self._followup)
        add("GET", f"{webhook}/messages/{{message_id}}", self._get_webhook_message)
        add("PATCH", f"{webhook}/messages/{{message_id}}", self._patch_webhook_message)
        add("DELETE", f"{webhook}/messages/{{message_id}}", self._delete_webhook_message)

    def _add_route(self, method: str, path: str, handler: Handler) -> None:
        pattern = _ROUTE_PARAM.sub(
            lambda m: f"(?P<{m.group(1)}>[^/]+)",
            re.escape(path).replace(r"\{", "{").replace(r"\}", "}"),
        )
        self._routes.append((method, path, re.compile(f"^{pattern}$"), handler))

    def _match(self, method: str, path: str) -> tuple[str, Handler, dict[str, str]] | None:
        for route_method, template, pattern, handler in self._routes:
            if route_method == method and (match := pattern.match(path)):
                return template, handler, match.groupdict()
        return None

    async def _api(self, request: web.Request) -> web.StreamResponse:
        path = _API_VERSION_PREFIX.sub("", "/" + request.match_info["tail"])
        record = RequestRecord(
            request.method,
            path,
            dict(request.query),
            category=self._category(path),
            at=_loop_time(),
        )
        self.requests.append(record)
        rule = self.fault_injector.take(request.method, path)
        if rule is not None and rule.latency > 0:
            await asyncio.sleep(rule.latency)
        if rule is not None and rule.fails and not rule.processed:
            return self._inject(request, record, rule)
        response = await self._answer(request, path, record)
        if rule is not None and rule.fails:
            # Discord did the work; only the answer is lost.
            return self._inject(request, record, rule)
        if rule is not None:
            self._record_injection(record, rule, status=None)
        record.status = response.status
        self.notify()
        return response

    async def _answer(
        self, request: web.Request, path: str, record: RequestRecord
    ) -> web.StreamResponse:
        headers: dict[str, str] = {"Via": VIA}
        response: web.StreamResponse
        try:
            response = await self._route(request, path, record, headers)
        except DiscordHTTPError as error:
            response = _json_response(error.body(), status=error.status)
        except Exception as error:  # a bug in the double must not look like a Discord outage
            self.server_errors.append(f"{request.method} {path}: {traceback.format_exc()}")
            log.exception("Discord double failed on %s %s", request.method, path)
            # 400 rather than 500: discord.py retries 5xx answers with multi-second sleeps.
            body = {"message": f"Discord double internal error: {error!r}", "code": 0}
            response = _json_response(body, status=400)
        response.headers.update(headers)
        return response

    async def _route(
        self, request: web.Request, path: str, record: RequestRecord, headers: dict[str, str]
    ) -> web.StreamResponse:
        # Interaction webhooks are authorised by their token, like on Discord.
        interaction_route = path.startswith(("/webhooks/", "/interactions/"))
        if not interaction_route:
            header = request.headers.get("Authorization", "")
            if not header.startswith("Bot ") or not self.check_token(header[4:]):
                raise DiscordHTTPError(401, 0, "401: Unauthorized")
        found = self._match(request.method, path)
        template, handler, params = found if found is not None else (None, None, {})
        record.route = template
        decision = self.rate_limits.check(
            request.method, path, template, params, exempt_from_global=interaction_route
        )
        headers.update(decision.headers)
        record.bucket = decision.bucket
        if decision.hit is not None:
            record.rate_limit = decision.hit.scope
            return _json_response(decision.body(), status=429)
        if handler is None:
            self.unknown_requests.append(record)
            log.warning("Discord double has no route for %s %s", request.method, path)
            raise DiscordHTTPError(404, 0, "404: Not Found")
        body, files = await _read_body(request)
        record.body = body
        query = dict(request.query)
        # Discord checks a request against its schema before acting on it.
        check_request(request.method, path, query, body)
        call = ApiCall(request, params, query, body, files)
        result = await handler(call)
        if isinstance(result, web.StreamResponse):
            return result
        if result is None:
            return web.Response(status=204)
        return _json_response(result)

    def _inject(
        self, request: web.Request, record: RequestRecord, rule: FaultRule
    ) -> web.StreamResponse:
        if rule.drop:
            # Close the connection without an answer; the client sees a disconnect.
            if request.transport is not None:
                request.transport.abort()
            self._record_injection(record, rule, status=None)
            record.status = 0
            self.notify()
            return web.Response(status=204)
        status, body, headers = rule.response()
        self._record_injection(record, rule, status=status)
        record.status = status
        self.notify()
        response = _json_response(body, status=status)
        response.headers.update(headers)
        return response

    def _record_injection(
        self, record: RequestRecord, rule: FaultRule, *, status: int | None
    ) -> None:
        record.fault = rule.describe()
        self.fault_injector.injected.append(
            InjectedFailure(
                rule=rule,
                method=record.method,
                path=record.path,
                status=status,
                dropped=rule.drop,
                processed=rule.processed,
                at=_loop_time(),
            )
        )

    def _category(self, path: str) -> str:
        parts = [p for p in path.split("/") if p]
        head = parts[0] if parts else ""
        if head in ("interactions", "webhooks"):
            return "interaction"
        if head == "channels":
            raw = parts[1] if len(parts) > 1 else ""
            channel = self.channels.get(int(raw)) if raw.isdigit() else None
            return "dm" if channel is not None and channel.is_dm else "channel"
        if path == "/users/@me/channels":
            return "dm"
        if head in ("applications", "oauth2", "gateway") or path == "/users/@me":
            return "setup"
        return "other"

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        attachment = self._attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.payload()["content_type"])

    # ------------------------------------------------------------------ REST: users & app

    async def _get_me(self, call: ApiCall) -> JSON:
        return self._bot_user_payload()

    async def _get_my_guilds(self, call: ApiCall) -> list[JSON]:
        return [
            {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "owner": False,
                "permissions": str(g.permissions_of(self.bot_user.id)),
                "features": [],
            }
            for g in self.guilds.values()
            if self.bot_user.id in g.members
        ]

    async def _get_user(self, call: ApiCall) -> JSON:
        user = self.users.get(call.snowflake("user_id", code=10013, what="Unknown User"))
        if user is None:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        return user.payload()

    async def _open_dm(self, call: ApiCall) -> JSON:
        raw = call.json_object().get("recipient_id")
        user = self.users.get(int(str(raw))) if str(raw).isdigit() else None
        if user is None:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        if user is self.bot_user:
            raise DiscordHTTPError(400, 50007, "Cannot send messages to this user")
        return self.dm_channel(user).payload()

    async def _get_application(self, call: ApiCall) -> JSON:
        return {
            "id": str(self.application_id),
            "name": self.app_name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": self.owner.payload(),
            "team": None,
            "bot": self.bot_user.payload(),
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.guilds),
            "integration_types_config": {"0": {}},
        }

    async def _get_gateway(self, call: ApiCall) -> JSON:
        return {"url": self.gateway_url}

    async def _get_gateway_bot(self, call: ApiCall) -> JSON:
        return {
            "url": self.gateway_url,
            "shards": self.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": self.max_concurrency,
            },
        }

    async def _no_items(self, call: ApiCall) -> list[JSON]:
        return []

    async def _no_emojis(self, call: ApiCall) -> JSON:
        return {"items": []}

    # ------------------------------------------------------------------ REST: commands

    def _command_scope(self, call: ApiCall) -> int | None:
        if call.params["application_id"] != str(self.application_id):
            raise DiscordHTTPError(403, 50001, "Missing Access")
        if "guild_id" not in call.params:
            return None
        guild_id = call.snowflake("guild_id", code=10004, what="Unknown Guild")
        if guild_id not in self.guilds:
            raise DiscordHTTPError(404, 10004, "Unknown Guild")
        return guild_id

    def _scope_commands(self, scope: int | None) -> list[JSON]:
        if scope is None:
            return self.global_commands
        return self.guild_commands.setdefault(scope, [])

    def _store_command(self, command: JSON, scope: int | None) -> JSON:
        kind = int(command.get("type", 1))
        key = (scope, kind, str(command.get("name")))
        # Discord keeps a command's id when it is re-registered under the same name.
        command_id = self._command_ids.setdefault(key, self.next_id())
        stored = copy.deepcopy(command)
        stored.update(
            {
                "id": str(command_id),
                "application_id": str(self.application_id),
                "version": str(self.next_id()),
                "type": kind,
                "description": command.get("description", ""),
                "default_member_permissions": command.get("default_member_permissions"),
                "nsfw": command.get("nsfw", False),
            }
        )
        if scope is not None:
            stored["guild_id"] = str(scope)
        else:
            stored.setdefault("integration_types", [0])
            stored.setdefault("contexts", None)
        return stored

    async def _get_commands(self, call: ApiCall) -> list[JSON]:
        return list(self._scope_commands(self._command_scope(call)))

    async def _put_commands(self, call: ApiCall) -> list[JSON]:
        scope = self._command_scope(call)
        commands = validate_commands(call.body)
        stored = [self._store_command(c, scope) for c in commands]
        if scope is None:
            self.global_commands = stored
        else:
            self.guild_commands[scope] = stored
        self.command_syncs.append((scope, [c["name"] for c in stored]))
        return stored

    async def _post_command(self, call: ApiCall) -> JSON:
        scope = self._command_scope(call)
        command = validate_commands([call.json_object()])[0]
        stored = self._store_command(command, scope)
        commands = self._scope_commands(scope)
        commands[:] = [c for c in commands if c["id"] != stored["id"]] + [stored]
        return stored

    def _command_by_id(self, call: ApiCall) -> tuple[list[JSON], JSON]:
        commands = self._scope_commands(self._command_scope(call))
        for command in commands:
            if command["id"] == call.params["command_id"]:
                return commands, command
        raise DiscordHTTPError(404, 10063, "Unknown application command")

    async def _get_command(self, call: ApiCall) -> JSON:
        return self._command_by_id(call)[1]

    async def _patch_command(self, call: ApiCall) -> JSON:
        _, command = self._command_by_id(call)
        command.update(call.json_object())
        command["version"] = str(self.next_id())
        return command

    async def _delete_command(self, call: ApiCall) -> None:
        commands, command = self._command_by_id(call)
        commands.remove(command)

    # ------------------------------------------------------------------ REST: guilds

    def _guild_param(self, call: ApiCall) -> DoubleGuild:
        guild = self.guilds.get(call.snowflake("guild_id", code=10004, what="Unknown Guild"))
        if guild is None or self.bot_user.id not in guild.members:
            raise DiscordHTTPError(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, call: ApiCall) -> JSON:
        guild = self._guild_param(call)
        data = self._guild_payload(guild)
        if call.flag("with_counts"):
            data["approximate_member_count"] = len(guild.members)
            data["approximate_presence_count"] = 0
        return data

    async def _get_guild_channels(self, call: ApiCall) -> list[JSON]:
        guild = self._guild_param(call)
        return [
            self.channels[c].payload()
            for c in guild.channel_ids
            if not self.channels[c].is_thread and not self.channels[c].deleted
        ]

    async def _get_guild_roles(self, call: ApiCall) -> list[JSON]:
        return [r.payload() for r in self._guild_param(call).roles.values()]

    async def _get_guild_members(self, call: ApiCall) -> list[JSON]:
        guild = self._guild_param(call)
        after = int(call.query.get("after", "0") or 0)
        limit = min(int(call.query.get("limit", "1") or 1), 1000)
        members = sorted(guild.members.values(), key=lambda m: m.user.id)
        return [m.payload() for m in members if m.user.id > after][:limit]

    async def _get_guild_member(self, call: ApiCall) -> JSON:
        guild = self._guild_param(call)
        member = guild.members.get(call.snowflake("user_id", code=10007, what="Unknown Member"))
        if member is None:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        return member.payload()

    async def _get_active_threads(self, call: ApiCall) -> JSON:
        guild = self._guild_param(call)
        threads = [
            self.channels[c]
            for c in guild.channel_ids
            if self.channels[c].is_thread
            and not self.channels[c].archived
            and not self.channels[c].deleted
        ]
        return {"threads": [t.payload() for t in threads], "members": []}

    # ------------------------------------------------------------------ REST: channels

    def _channel_param(self, call: ApiCall) -> DoubleChannel:
        channel = self.channels.get(call.snowflake("channel_id"))
        if channel is None or channel.deleted:
            raise DiscordHTTPError(404, 10003, "Unknown Channel")
        if channel.is_dm:
            return channel
        guild = self.guilds.get(channel.guild_id or 0)
        if guild is None or self.bot_user.id not in guild.members:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        return channel

    def _channel_event(self, channel: DoubleChannel, kind: str) -> None:
        event = f"THREAD_{kind}" if channel.is_thread else f"CHANNEL_{kind}"
        if not channel.is_dm:
            self.gateway.broadcast(
                event, channel.payload(), guild_id=channel.guild_id, intent=INTENT_GUILDS
            )

    async def _get_channel(self, call: ApiCall) -> JSON:
        return self._channel_param(call).payload()

    async def _patch_channel(self, call: ApiCall) -> JSON:
        channel = self._channel_param(call)
        changes = call.json_object()
        if "name" in changes:
            channel.name = str(changes["name"])
        if "topic" in changes:
            channel.topic = changes["topic"]
        if "archived" in changes:
            channel.archived = bool(changes["archived"])
            channel.archived_at = now()
        if "locked" in changes:
            channel.locked = bool(changes["locked"])
        self._channel_event(channel, "UPDATE")
        return channel.payload()

    async def _delete_channel(self, call: ApiCall) -> JSON:
        channel = self._channel_param(call)
        if channel.is_dm:
            return channel.payload()  # "closing" a DM changes nothing server-side
        channel.deleted = True
        self._channel_event(channel, "DELETE")
        return channel.payload()

    async def _typing(self, call: ApiCall) -> None:
        self._channel_param(call)

    def _check_can_send(self, channel: DoubleChannel) -> None:
        if channel.type not in TEXT_LIKE_TYPES:
            raise DiscordHTTPError(400, 50008, "Cannot send messages in a non-text channel")
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            raise DiscordHTTPError(403, 50007, "Cannot send messages to this user")
        if not channel.bot_can_send:
            raise DiscordHTTPError(403, 50013, "Missing Permissions")
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise DiscordHTTPError(400, 50083, "Thread is archived")
            # Discord unarchives a thread when someone who may do so posts in it.
            channel.archived = False
            self._channel_event(channel, "UPDATE")

    def _channel_message(self, call: ApiCall, channel: DoubleChannel) -> DoubleMessage:
        raw = call.params["message_id"]
        message = self._messages_by_id.get(int(raw)) if raw.isdigit() else None
        # Ephemeral messages cannot be reached through channel routes on Discord either.
        if (
            message is None
            or message.deleted
            or message.channel_id != channel.id
            or message.ephemeral
        ):
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return message

    async def _get_messages(self, call: ApiCall) -> list[JSON]:
        channel = self._channel_param(call)
        limit = max(1, min(int(call.query.get("limit", "50") or 50), 100))
        visible = [
            m for m in self._by_channel.get(channel.id, ()) if not m.deleted and not m.ephemeral
        ]
        if "before" in call.query:
            before = int(call.query["before"])
            visible = [m for m in visible if m.id < before][-limit:]
        elif "after" in call.query:
            after = int(call.query["after"])
            visible = [m for m in visible if m.id > after][:limit]
        elif "around" in call.query:
            around = int(call.query["around"])
            older = [m for m in visible if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in visible if m.id > around][: limit - len(older)]
            visible = older + newer
        else:
            visible = visible[-limit:]
        # Discord lists newest first.
        return [self._message_payload(m) for m in reversed(visible)]

    def _nonce(self, payload: JSON) -> str | int | None:
        # The schema checked its type (an integer or a string of at most 25 characters).
        nonce = payload.get("nonce")
        return nonce if isinstance(nonce, str | int) and not isinstance(nonce, bool) else None

    def _earlier_by_nonce(self, author: DoubleUser, nonce: str | int) -> DoubleMessage | None:
        seen = self._nonces.get((author.id, str(nonce)))
        if seen is None or self.now() - seen[1] >= NONCE_WINDOW:
            return None
        message = seen[0]
        if message.deleted:
            # discord.py documents NotFound for a nonce whose message was deleted meanwhile.
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return message

    def _remember_nonce(self, message: DoubleMessage, nonce: str | int) -> None:
        stamp = self.now()
        if len(self._nonces) >= 4096:
            self._nonces = {k: v for k, v in self._nonces.items() if stamp - v[1] < NONCE_WINDOW}
        self._nonces[(message.author.id, str(nonce))] = (message, stamp)

    async def _post_message(self, call: ApiCall) -> JSON:
        channel = self._channel_param(call)
        self._check_can_send(channel)
        payload = call.json_object()
        nonce = self._nonce(payload)
        enforce = nonce is not None and bool(payload.get("enforce_nonce"))
        if enforce and nonce is not None:
            earlier = self._earlier_by_nonce(self.bot_user, nonce)
            if earlier is not None:
                # Discord returns the message already created instead of a duplicate.
                return {**self._message_payload(earlier), "nonce": earlier.nonce}
        reference = payload.get("message_reference")
        if reference and reference.get("message_id"):
            target = self._messages_by_id.get(int(reference["message_id"]))
            if (target is None or target.deleted) and reference.get("fail_if_not_exists", True):
                raise form_error(
                    "message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                )
        message = self._message_from_payload(channel, payload, call.files, author=self.bot_user)
        message.nonce = nonce
        if enforce and nonce is not None:
            self._remember_nonce(message, nonce)
        if reference and reference.get("message_id"):
            message.message_reference = {
                "type": 0,
                "message_id": str(reference["message_id"]),
                "channel_id": str(channel.id),
                **({"guild_id": str(channel.guild_id)} if channel.guild_id else {}),
            }
            message.type = 19
        self._dispatch_message_event("MESSAGE_CREATE", message)
        data = self._message_payload(message)
        if nonce is not None:
            data["nonce"] = nonce
        return data

    async def _get_message(self, call: ApiCall) -> JSON:
        channel = self._channel_param(call)
        return self._message_payload(self._channel_message(call, channel))

    async def _patch_message(self, call: ApiCall) -> JSON:
        channel = self._channel_param(call)
        message = self._channel_message(call, channel)
        if message.author is not self.bot_user:
            changes = call.json_object()
            # Others' messages only allow toggling embed suppression.
            if set(changes) - {"flags"}:
                raise DiscordHTTPError(403, 50005, "Cannot edit a message authored by another user")
        self._edit_message(message, call.json_object(), call.files)
        return self._message_payload(message)

    async def _delete_message(self, call: ApiCall) -> None:
        channel = self._channel_param(call)
        self._mark_deleted(self._channel_message(call, channel))

    async def _bulk_delete(self, call: ApiCall) -> None:
        channel = self._channel_param(call)
        # The schema checked the count (2..100 distinct snowflakes).
        ids = [int(i) for i in call.json_object().get("messages", [])]
        for message_id in ids:
            message = self._messages_by_id.get(message_id)
            if message is not None and message.channel_id == channel.id:
                self._mark_deleted(message)

    def _pins(self, channel: DoubleChannel) -> list[DoubleMessage]:
        return [m for m in self._by_channel.get(channel.id, ()) if m.pinned and not m.deleted]

    async def _get_pins(self, call: ApiCall) -> JSON:
        channel = self._channel_param(call)
        items = [
            {"pinned_at": iso(m.edited_at or m.created_at), "message": self._message_payload(m)}
            for m in reversed(self._pins(channel))
        ]
        return {"items": items, "has_more": False}

    async def _get_pins_legacy(self, call: ApiCall) -> list[JSON]:
        channel = self._channel_param(call)
        return [self._message_payload(m) for m in reversed(self._pins(channel))]

    async def _pin(self, call: ApiCall) -> None:
        channel = self._channel_param(call)
        self._channel_message(call, channel).pinned = True

    async def _unpin(self, call: ApiCall) -> None:
        channel = self._channel_param(call)
        self._channel_message(call, channel).pinned = False

    async def _add_reaction(self, call: ApiCall) -> None:
        channel = self._channel_param(call)
        message = self._channel_message(call, channel)
        users = message.reactions.setdefault(call.params["emoji"], [])
        if self.bot_user.id not in users:
            users.append(self.bot_user.id)

    async def _remove_reaction(self, call: ApiCall) -> None:
        channel = self._channel_param(call)
        message = self._channel_message(call, channel)
        raw_user = call.params["user_id"]
        user_id = self.bot_user.id if raw_user == "@me" else int(raw_user)
        users = message.reactions.get(call.params["emoji"], [])
        if user_id in users:
            users.remove(user_id)
        if not users:
            message.reactions.pop(call.params["emoji"], None)

    async def _get_reactions(self, call: ApiCall) -> list[JSON]:
        channel = self._channel_param(call)
        message = self._channel_message(call, channel)
        return [
            self.users[u].payload()
            for u in message.reactions.get(call.params["emoji"], [])
            if u in self.users
        ]

    async def _clear_reactions(self, call: ApiCall) -> None:
        channel = self._channel_param(call)
        self._channel_message(call, channel).reactions.clear()

    # ------------------------------------------------------------------ REST: threads

    def _thread_param(self, call: ApiCall) -> DoubleChannel:
        channel = self._channel_param(call)
        if not channel.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        return channel

    async def _create_thread(self, call: ApiCall) -> JSON:
        parent = self._channel_param(call)
        if parent.type != GUILD_TEXT:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        body = call.json_object()
        name = str(body["name"])  # required, 1..100 characters (the schema checked)
        private = int(body.get("type") or PRIVATE_THREAD) == PRIVATE_THREAD
        guild = self.guilds[parent.guild_id] if parent.guild_id is not None else None
        needed = CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS
        if guild is not None and not guild.permissions_of(self.bot_user.id) & needed:
            raise DiscordHTTPError(403, 50013, "Missing Permissions")
        thread = self.add_thread(parent, name, private=private, owner=self.bot_user)
        return {**thread.payload(), "member": self._thread_member_payload(thread, self.bot_user.id)}

    async def _thread_from_message(self, call: ApiCall) -> JSON:
        parent = self._channel_param(call)
        message = self._channel_message(call, parent)
        if message.thread_id is not None:
            raise DiscordHTTPError(
                400, 160004, "A thread has already been created for this message"
            )
        name = str(call.json_object().get("name") or "thread")[:100]
        # Discord gives a thread started from a message the message's id.
        thread = self.add_thread(parent, name, owner=self.bot_user, thread_id=message.id)
        message.thread_id = thread.id
        return thread.payload()

    def _thread_member_payload(self, thread: DoubleChannel, user_id: int) -> JSON:
        return {
            "id": str(thread.id),
            "user_id": str(user_id),
            "join_timestamp": iso(thread.created_at),
            "flags": 0,
        }

    def _thread_user(self, call: ApiCall) -> int:
        raw = call.params["user_id"]
        if raw == "@me":
            return self.bot_user.id
        if not raw.isdigit() or int(raw) not in self.users:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        return int(raw)

    async def _get_thread_members(self, call: ApiCall) -> list[JSON]:
        thread = self._thread_param(call)
        return [self._thread_member_payload(thread, u) for u in sorted(thread.thread_member_ids)]

    async def _get_thread_member(self, call: ApiCall) -> JSON:
        thread = self._thread_param(call)
        user_id = self._thread_user(call)
        if user_id not in thread.thread_member_ids:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        return self._thread_member_payload(thread, user_id)

    async def _add_thread_member(self, call: ApiCall) -> None:
        thread = self._thread_param(call)
        thread.thread_member_ids.add(self._thread_user(call))

    async def _remove_thread_member(self, call: ApiCall) -> None:
        thread = self._thread_param(call)
        thread.thread_member_ids.discard(self._thread_user(call))

    # ------------------------------------------------------------------ REST: interactions

    def _interaction_for_callback(self, call: ApiCall) -> InteractionRecord:
        raw = call.params["interaction_id"]
        record = self._interactions_by_id.get(int(raw)) if raw.isdigit() else None
        if record is None or record.token != call.params["token"]:
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        return record

    def _interaction_for_webhook(self, call: ApiCall) -> InteractionRecord:
        record = self._interactions_by_token.get(call.params["token"])
        if record is None or call.params["application_id"] != str(self.application_id):
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")
        if record.token_expired:
            # After 15 minutes every use of the token answers 401 on Discord.
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        return record

    async def _callback(self, call: ApiCall) -> Any:
        record = self._interaction_for_callback(call)
        if record.acknowledged:
            raise DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")
        late = _loop_time() - record.created_at
        if self.ack_deadline is not None and late > self.ack_deadline:
            # Discord forgets interactions not acknowledged within 3 seconds.
            record.expired = True
            record.responses.append(
                InteractionResponse("late callback", None, call.body, None, _loop_time())
            )
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        body = call.json_object()
        kind = body.get("type")
        data = body.get("data") or {}
        allowed: set[int] = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE_MESSAGE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE},
        }.get(record.type, set())
        if record.type == MODAL_SUBMIT and record.component_message is not None:
            allowed = allowed | {DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE}
        if record.component_message is None:
            # Only a forged interaction can lack the message a component was on.
            allowed = allowed - {DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE}
        if kind not in allowed:
            raise form_error(
                "type",
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Response type {kind} is not allowed for interaction type {record.type}",
            )
        message: DoubleMessage | None = None
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            flags = int(data.get("flags") or 0)
            ephemeral = bool(flags & FLAG_EPHEMERAL)
            if kind == CHANNEL_MESSAGE:
                message = self._message_from_payload(
                    record.channel,
                    data,
                    call.files,
                    author=self.bot_user,
                    interaction=record,
                    ephemeral=ephemeral,
                    prefix=("data",),
                )
            else:
                message = self._store_message(
                    record.channel,
                    self.bot_user,
                    flags=FLAG_LOADING | (FLAG_EPHEMERAL if ephemeral else 0),
                    ephemeral_for=record.user if ephemeral else None,
                    interaction=record,
                )
            record.original = message
            if not message.ephemeral:
                self._dispatch_message_event("MESSAGE_CREATE", message)
        elif kind == UPDATE_MESSAGE:
            message = record.component_message
            assert message is not None
            self._edit_message(message, data, call.files, prefix=("data",))
        elif kind == DEFERRED_UPDATE_MESSAGE:
            message = record.component_message
            assert message is not None
            record.ack_revision = len(message.revisions)
        elif kind == AUTOCOMPLETE_RESULT:
            record.choices = validate_choices(data.get("choices"))
        elif kind == MODAL:
            record.modal = data
        if kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            # For component interactions "@original" is the message holding the component.
            record.original = record.component_message
        record.ack_type = kind
        record.acked_at = _loop_time()
        record.responses.append(
            InteractionResponse("callback", kind, body, message, record.acked_at)
        )
        if not call.flag("with_response"):
            return None
        result: JSON = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "activity_instance_id": None,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if message is not None and kind != DEFERRED_UPDATE_MESSAGE:
            result["resource"]["message"] = self._message_payload(message)
        return result

    async def _followup(self, call: ApiCall) -> Any:
        record = self._interaction_for_webhook(call)
        if not record.acknowledged or record.ack_type in (AUTOCOMPLETE_RESULT, MODAL, PONG):
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")
        payload = call.json_object()
        original = record.original
        if (
            record.ack_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # The first follow-up after "thinking" replaces the loading message and
            # keeps the deferral's visibility, as on Discord.
            self._edit_message(original, payload, call.files, fill=True)
            message = original
        else:
            ephemeral = bool(int(payload.get("flags") or 0) & FLAG_EPHEMERAL)
            message = self._message_from_payload(
                record.channel,
                payload,
                call.files,
                author=self.bot_user,
                interaction=record,
                ephemeral=ephemeral,
            )
            record.followups.append(message)
            if not message.ephemeral:
                self._dispatch_message_event("MESSAGE_CREATE", message)
        record.responses.append(
            InteractionResponse("followup", None, payload, message, _loop_time())
        )
        return self._message_payload(message) if call.flag("wait") else None

    def _webhook_message(self, call: ApiCall, record: InteractionRecord) -> DoubleMessage:
        raw = call.params["message_id"]
        if raw == "@original":
            message = record.original
        else:
            candidates = [record.original, *record.followups]
            message = next((m for m in candidates if m is not None and str(m.id) == raw), None)
        if message is None or message.deleted:
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return message

    async def _get_webhook_message(self, call: ApiCall) -> JSON:
        record = self._interaction_for_webhook(call)
        return self._message_payload(self._webhook_message(call, record))

    async def _patch_webhook_message(self, call: ApiCall) -> JSON:
        record = self._interaction_for_webhook(call)
        message = self._webhook_message(call, record)
        payload = call.json_object()
        self._edit_message(message, payload, call.files, fill=message.loading)
        record.responses.append(InteractionResponse("edit", None, payload, message, _loop_time()))
        return self._message_payload(message)

    async def _delete_webhook_message(self, call: ApiCall) -> None:
        record = self._interaction_for_webhook(call)
        message = self._webhook_message(call, record)
        self._mark_deleted(message)
        record.responses.append(InteractionResponse("delete", None, None, message, _loop_time()))

    # ------------------------------------------------------------------ messages

    def _store_message(
        self,
        channel: DoubleChannel,
        author: DoubleUser,
        *,
        content: str = "",
        embeds: list[JSON] | None = None,
        components: list[JSON] | None = None,
        attachments: list[DoubleAttachment] | None = None,
        flags: int = 0,
        tts: bool = False,
        ephemeral_for: DoubleUser | None = None,
        interaction: InteractionRecord | None = None,
    ) -> DoubleMessage:
        self._order += 1
        message = DoubleMessage(
            id=self.next_id(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            content=content,
            embeds=embeds or [],
            components=components or [],
            attachments=attachments or [],
            flags=flags,
            tts=tts,
            order=self._order,
            ephemeral_for=ephemeral_for,
        )
        if interaction is not None:
            message.interaction_id = interaction.id
            message.webhook_id = self.application_id
            message.type = 20 if interaction.type == APPLICATION_COMMAND else 0
            message.interaction_metadata = self._interaction_metadata(interaction)
        self.messages.append(message)
        self._by_channel.setdefault(message.channel_id, []).append(message)
        for observer in self.observers:
            observer(message, True)
        self._messages_by_id[message.id] = message
        if ephemeral_for is None:
            channel.last_message_id = message.id
            if channel.is_thread:
                channel.message_count += 1
        return message

    def _message_from_payload(
        self,
        channel: DoubleChannel,
        payload: JSON,
        files: dict[int, UploadedFile],
        *,
        author: DoubleUser,
        interaction: InteractionRecord | None = None,
        ephemeral: bool = False,
        prefix: tuple[str, ...] = (),
    ) -> DoubleMessage:
        flags = int(payload.get("flags") or 0) & _SETTABLE_FLAGS
        if ephemeral:
            flags |= FLAG_EPHEMERAL
        plan = self._attachment_plan(payload, files, [])
        content = str(payload.get("content") or "")
        embeds = list(payload.get("embeds") or [])
        components = list(payload.get("components") or [])
        poll, stickers = bool(payload.get("poll")), bool(payload.get("sticker_ids"))
        draft = MessageDraft(
            content, embeds, components, flags, _planned_names(plan), poll=poll, stickers=stickers
        )
        validate_message(draft, prefix=prefix)
        validate_not_empty(content, embeds, components, len(plan), poll or stickers)
        message = self._store_message(
            channel,
            author,
            content=content,
            embeds=embeds,
            components=_number_components(components),
            attachments=self._store_attachments(channel.id, plan),
            flags=flags,
            tts=bool(payload.get("tts")),
            ephemeral_for=interaction.user if interaction is not None and ephemeral else None,
            interaction=interaction,
        )
        return message

    def _edit_message(
        self,
        message: DoubleMessage,
        payload: JSON,
        files: dict[int, UploadedFile],
        *,
        fill: bool = False,
        prefix: tuple[str, ...] = (),
    ) -> None:
        content = message.content
        if "content" in payload:
            content = str(payload["content"] or "")
        embeds = message.embeds
        if "embeds" in payload:
            embeds = list(payload["embeds"] or [])
        components = message.components
        if "components" in payload:
            components = list(payload["components"] or [])
        plan: list[DoubleAttachment | PlannedUpload] = list(message.attachments)
        if "attachments" in payload or files:
            plan = self._attachment_plan(payload, files, message.attachments)
        flags = message.flags
        if payload.get("flags") is not None:
            # Visibility and loading state are not editable; display flags are.
            keep = flags & ~_SETTABLE_FLAGS
            flags = keep | (int(payload["flags"]) & _SETTABLE_FLAGS)
        if fill:
            flags &= ~FLAG_LOADING
        draft = MessageDraft(content, embeds, components, flags, _planned_names(plan))
        validate_message(draft, previous_flags=message.flags, prefix=prefix)
        validate_not_empty(content, embeds, components, len(plan), False)
        if "components" in payload:
            components = _number_components(components)
        attachments = self._store_attachments(message.channel_id, plan)
        message.revisions.append(message.snapshot())
        message.content = content
        message.embeds = embeds
        message.components = components
        message.attachments = attachments
        message.flags = flags
        if not fill:
            message.edited_at = now()
        for observer in self.observers:
            observer(message, False)
        if not message.ephemeral:
            self._dispatch_message_event("MESSAGE_UPDATE", message)

    def _mark_deleted(self, message: DoubleMessage) -> None:
        message.deleted = True
        if message.ephemeral:
            return
        data: JSON = {"id": str(message.id), "channel_id": str(message.channel_id)}
        intent = INTENT_DIRECT_MESSAGES
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
            intent = INTENT_GUILD_MESSAGES
        self.gateway.broadcast("MESSAGE_DELETE", data, guild_id=message.guild_id, intent=intent)

    def _attachment_plan(
        self,
        payload: JSON,
        files: dict[int, UploadedFile],
        existing: list[DoubleAttachment],
    ) -> list[DoubleAttachment | PlannedUpload]:
        """Return the attachments a message will have: kept ones and uploads to store.

        Nothing is stored yet, so a refused request leaves no trace.
        """
        listed = payload.get("attachments")
        if listed is None:
            # Without an attachment list, edits keep what is there and add new uploads.
            return [*existing, *(PlannedUpload(files[i], None) for i in sorted(files))]
        kept = {a.id: a for a in existing}
        result: list[DoubleAttachment | PlannedUpload] = []
        used: set[int] = set()
        for entry in listed:
            raw = entry.get("id")
            key = int(raw) if str(raw).isdigit() else -1
            if key in kept:
                result.append(kept[key])
            elif key in files:
                result.append(PlannedUpload(files[key], entry))
                used.add(key)
            else:
                raise form_error(
                    "attachments", "ATTACHMENT_NOT_FOUND", f"Unknown attachment {raw!r}"
                )
        result.extend(PlannedUpload(files[i], None) for i in sorted(files) if i not in used)
        for item in result:
            if isinstance(item, PlannedUpload) and len(item.upload.data) > _ATTACHMENT_SIZE_LIMIT:
                raise DiscordHTTPError(413, 40005, "Request entity too large")
        return result

    def _store_attachments(
        self, channel_id: int, plan: list[DoubleAttachment | PlannedUpload]
    ) -> list[DoubleAttachment]:
        return [
            item
            if isinstance(item, DoubleAttachment)
            else self._new_attachment(channel_id, item.upload, item.entry)
            for item in plan
        ]

    def _new_attachment(
        self, channel_id: int, upload: UploadedFile, entry: JSON | None
    ) -> DoubleAttachment:
        if len(upload.data) > _ATTACHMENT_SIZE_LIMIT:
            raise DiscordHTTPError(413, 40005, "Request entity too large")
        filename = str((entry or {}).get("filename") or upload.filename)
        attachment_id = self.next_id()
        attachment = DoubleAttachment(
            id=attachment_id,
            filename=filename,
            data=upload.data,
            url=f"{self.api_base}/attachments/{channel_id}/{attachment_id}/{quote(filename)}",
            content_type=upload.content_type
            if upload.content_type not in (None, "application/octet-stream")
            else None,
            description=(entry or {}).get("description"),
        )
        self._attachments[attachment_id] = attachment
        return attachment

    def _message_payload(self, message: DoubleMessage, *, referenced: bool = True) -> JSON:
        data: JSON = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": message.author.payload(),
            "content": message.content,
            "timestamp": iso(message.created_at),
            "edited_timestamp": iso(message.edited_at),
            "tts": message.tts,
            "mention_everyone": False,
            "mentions": [
                self.users[u].payload() for u in message.mentioned_user_ids() if u in self.users
            ],
            "mention_roles": [],
            "attachments": [a.payload() for a in message.attachments],
            "embeds": message.embeds,
            "components": message.components_payload(),
            "pinned": message.pinned,
            "type": message.type,
            "flags": message.flags,
        }
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        if message.reactions:
            data["reactions"] = [
                {
                    "emoji": {"id": None, "name": emoji},
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": self.bot_user.id in users,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for emoji, users in message.reactions.items()
            ]
        if message.webhook_id is not None:
            data["webhook_id"] = str(message.webhook_id)
            data["application_id"] = str(self.application_id)
        if message.interaction_metadata is not None:
            data["interaction_metadata"] = message.interaction_metadata
        if message.thread_id is not None and message.thread_id in self.channels:
            data["thread"] = self.channels[message.thread_id].payload()
        if message.message_reference is not None:
            data["message_reference"] = message.message_reference
            target = self._messages_by_id.get(int(message.message_reference["message_id"]))
            if referenced:
                data["referenced_message"] = (
                    self._message_payload(target, referenced=False)
                    if target is not None and not target.deleted
                    else None
                )
        return data

    def _dispatch_message_event(self, event: str, message: DoubleMessage) -> None:
        data = self._message_payload(message)
        if event == "MESSAGE_CREATE" and message.nonce is not None:
            data["nonce"] = message.nonce
        if message.guild_id is not None:
            intent = INTENT_GUILD_MESSAGES
            member = self.guilds[message.guild_id].members.get(message.author.id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        else:
            intent = INTENT_DIRECT_MESSAGES
        for session in self.gateway.live_sessions():
            if not session.handles(message.guild_id) or not session.has_intent(intent):
                continue
            visible = dict(data)
            # Without the message content intent Discord blanks other users' guild messages
            # unless they mention the bot.
            if (
                message.guild_id is not None
                and message.author is not self.bot_user
                and not session.has_intent(INTENT_MESSAGE_CONTENT)
                and self.bot_user.id not in message.mentioned_user_ids()
            ):
                visible.update(content="", embeds=[], attachments=[], components=[])
            session.dispatch(event, visible)

    # ------------------------------------------------------------------ interactions

    def _interaction_metadata(self, record: InteractionRecord) -> JSON:
        owners = record.payload.get("authorizing_integration_owners", {})
        meta: JSON = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.payload(),
            "authorizing_integration_owners": owners,
        }
        if record.type == APPLICATION_COMMAND:
            meta["name"] = record.name
            meta["command_type"] = int(record.data.get("type", 1))
        if record.original is not None:
            meta["original_response_message_id"] = str(record.original.id)
        if record.component_message is not None:
            meta["interacted_message_id"] = str(record.component_message.id)
        return meta

    def _guild_of(self, channel: DoubleChannel) -> DoubleGuild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def _find_command(
        self,
        name: str,
        guild: DoubleGuild | None,
        channel: DoubleChannel,
        user: DoubleUser,
        *,
        kind: int = 1,
    ) -> JSON:
        command = None
        if guild is not None:
            command = find_command(self.guild_commands.get(guild.id, []), name, kind)
        if command is None:
            command = find_command(self.global_commands, name, kind)
        if command is None:
            scope = [c["name"] for c in self.global_commands]
            if guild is not None:
                scope += [c["name"] for c in self.guild_commands.get(guild.id, [])]
            raise DoubleError(f"no registered command {name!r} (type {kind}) here; have {scope}")
        contexts = command.get("contexts")
        context = 1 if channel.is_dm else 0
        if contexts is not None and context not in contexts:
            raise DoubleError(f"/{name} is not available in this context ({context})")
        if channel.is_dm and command.get("dm_permission") is False:
            raise DoubleError(f"/{name} is not available in DMs")
        required = command.get("default_member_permissions")
        if required is not None and guild is not None:
            have = guild.permissions_of(user.id)
            needed = int(required)
            if have != ALL_PERMISSIONS and (needed == 0 or have & needed != needed):
                raise DoubleError(f"{user.username} lacks the permissions to see /{name}")
        return command

    def _command_data(self, command: JSON, options: list[JSON], resolved: JSON) -> JSON:
        data: JSON = {"id": command["id"], "name": command["name"], "type": 1}
        if options:
            data["options"] = options
        if resolved:
            data["resolved"] = resolved
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        return data

    def _resolver(
        self, guild: DoubleGuild | None, channel: DoubleChannel
    ) -> Callable[[int, Any, JSON], str]:
        def resolve(kind: int, value: Any, resolved: JSON) -> str:
            if kind == ATTACHMENT:
                if isinstance(value, DoubleAttachment):
                    attachment = value
                else:
                    filename, data = value
                    attachment = self._new_attachment(
                        channel.id, UploadedFile(str(filename), bytes(data), None), None
                    )
                resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload()
                return str(attachment.id)
            target_id = int(getattr(value, "id", value))
            if kind in (USER, MENTIONABLE) and target_id in self.users:
                user = self.users[target_id]
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                if guild is not None and user.id in guild.members:
                    resolved.setdefault("members", {})[str(user.id)] = guild.members[
                        user.id
                    ].payload(with_user=False, permissions=guild.permissions_of(user.id))
                return str(user.id)
            if kind in (ROLE, MENTIONABLE) and guild is not None and target_id in guild.roles:
                resolved.setdefault("roles", {})[str(target_id)] = guild.roles[target_id].payload()
                return str(target_id)
            if kind == CHANNEL and target_id in self.channels:
                target = self.channels[target_id]
                entry = target.payload()
                if guild is not None:
                    entry["permissions"] = str(guild.permissions_of(self.bot_user.id))
                resolved.setdefault("channels", {})[str(target_id)] = entry
                return str(target_id)
            raise DoubleError(f"cannot resolve {value!r} as an option of type {kind}")

        return resolve

    def _clickable_message(self, user: DoubleUser, message: DoubleMessage | int) -> DoubleMessage:
        target = message if isinstance(message, DoubleMessage) else self.message(message)
        if target.deleted:
            raise DoubleError(f"{target!r} was deleted")
        if target.ephemeral_for is not None and target.ephemeral_for is not user:
            raise DoubleError(f"{user.username} cannot see ephemeral {target!r}")
        if target.loading:
            raise DoubleError(f"{target!r} is still loading")
        return target

    async def _dispatch_interaction(
        self,
        kind: int,
        user: DoubleUser,
        channel: DoubleChannel,
        data: JSON,
        *,
        component_message: DoubleMessage | None = None,
        name: str = "",
        forged: bool = False,
        overrides: JSON | None = None,
        via_shard: int | None = None,
    ) -> InteractionRecord:
        guild = self._guild_of(channel)
        if not forged:
            if guild is not None and user.id not in guild.members:
                raise DoubleError(f"{user.username} is not a member of {guild.name!r}")
            if channel.is_dm and channel.recipient is not user:
                raise DoubleError(f"{user.username} cannot use {channel!r}")
        guild_id = guild.id if guild is not None else None
        if via_shard is not None:
            session = await self.wait_for(
                lambda: self.gateway.shard_sessions().get(via_shard),
                what=f"a connected bot on shard {via_shard} to send the interaction to",
            )
        else:
            session = await self.wait_for(
                lambda: self.gateway.session_for(guild_id),
                what=f"a connected bot (shard of guild {guild_id}) to send the interaction to",
            )
        interaction_id = self.next_id()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        channel_payload = channel.payload()
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel_payload,
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": _ATTACHMENT_SIZE_LIMIT,
        }
        if guild is not None:
            permissions = guild.permissions_of(user.id)
            channel_payload["permissions"] = str(permissions)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                # A forged interaction may come from someone who is not a member.
                member=guild.members.get(
                    user.id, DoubleMember(user=user, guild_id=guild.id)
                ).payload(permissions=permissions),
                app_permissions=str(guild.permissions_of(self.bot_user.id)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.payload(),
                app_permissions=str(DEFAULT_EVERYONE_PERMISSIONS),
                authorizing_integration_owners={"0": "0"},
                context=1,
            )
        if component_message is not None:
            payload["message"] = self._message_payload(component_message)
        if overrides:
            payload.update(copy.deepcopy(overrides))
        record = InteractionRecord(
            double=self,
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel=channel,
            guild=guild,
            data=data,
            payload=payload,
            name=name,
            component_message=component_message,
            created_at=_loop_time(),
            issued_at=self.now(),
            forged=forged,
        )
        self.interactions.append(record)
        self._interactions_by_id[interaction_id] = record
        self._interactions_by_token[token] = record
        self._pending.append(record)
        session.dispatch("INTERACTION_CREATE", payload)
        self.notify()
        return record


async def _read_body(request: web.Request) -> tuple[Any, dict[int, UploadedFile]]:
    """Parse a JSON or multipart (``payload_json`` + ``files[n]``) request body."""
    if request.content_type.startswith("multipart/"):
        body: Any = None
        files: dict[int, UploadedFile] = {}
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            if name == "payload_json":
                body = json.loads(await part.text())
                continue
            match = _FILE_FIELD.fullmatch(name)
            if match is None:
                continue
            index = int(match.group(1) or match.group(2) or 0)
            data = bytes(await part.read(decode=False))
            files[index] = UploadedFile(
                filename=part.filename or f"file{index}",
                data=data,
                content_type=part.headers.get("Content-Type"),
            )
        return body, files
    raw = await request.read()
    if not raw:
        return None, {}
    try:
        return json.loads(raw), {}
    except ValueError:
        raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.") from None


def _number_components(components: list[JSON]) -> list[JSON]:
    """Copy components, giving each an ``id`` (1, 2, ...) where missing, as Discord does."""
    copied = copy.deepcopy(components)
    taken = {c["id"] for c in walk_components(copied) if isinstance(c.get("id"), int)}
    counter = 0
    for component in walk_components(copied):
        if component.get("id") is None:
            counter += 1
            while counter in taken:
                counter += 1
            component["id"] = counter
    return copied


def _json_response(data: Any, status: int = 200) -> web.Response:
    """Answer JSON with exactly ``application/json`` (discord.py compares the header verbatim)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def _env_flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "on", "true", "yes"):
        return True
    if raw in ("0", "off", "false", "no"):
        return False
    raise DoubleError(f"{name}={raw!r}: want on or off")


def _loop_time() -> float:
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return time.monotonic()
