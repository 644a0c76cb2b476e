"""The websocket gateway of the Discord double: HELLO, IDENTIFY/READY, RESUME, heartbeats."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from aiohttp import WSMsgType, web

from discord_double.models import JSON

log = logging.getLogger(__name__)

# Gateway opcodes.
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

# Intent bits the double filters on.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_GUILD_MESSAGE_REACTIONS = 1 << 10
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_DIRECT_MESSAGE_REACTIONS = 1 << 13
INTENT_MESSAGE_CONTENT = 1 << 15

# A client closing with these codes ends its session (Discord does the same); other
# closes and dropped connections leave the session resumable.
_ENDING_CLOSE_CODES = frozenset({1000, 1001})


class GatewayWorld(Protocol):
    """What the gateway needs from the double to greet a client."""

    def ready_payload(self, session: GatewaySession) -> JSON:
        """Return the READY event data for a freshly identified session."""
        ...

    def guild_create_payloads(self, session: GatewaySession) -> list[JSON]:
        """Return one GUILD_CREATE payload per guild the bot is in."""
        ...

    def member_chunk_payloads(self, session: GatewaySession, request: JSON) -> list[JSON]:
        """Answer an op 8 REQUEST_GUILD_MEMBERS with GUILD_MEMBERS_CHUNK payloads."""
        ...

    def check_token(self, token: str) -> bool:
        """Whether a bot token is accepted."""
        ...

    def notify(self) -> None:
        """Wake everything waiting on recorded state."""
        ...


class GatewayConnection:
    """One websocket connection; a writer task sends frames strictly in queue order."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        """Wrap a prepared server-side websocket."""
        self.ws = ws
        # Set when the double itself closes the socket: that must not end the session.
        self.closed_by_server = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="discord-double-gateway-writer")

    @property
    def open(self) -> bool:
        """Whether frames can still be sent."""
        return not self.ws.closed

    def send(self, frame: JSON) -> None:
        """Queue one gateway frame (plain-text JSON; discord.py accepts uncompressed text)."""
        self._queue.put_nowait(json.dumps(frame, separators=(",", ":")))

    async def _write(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            if self.ws.closed:
                continue
            try:
                await self.ws.send_str(item)
            except (ConnectionError, RuntimeError):
                # The peer vanished; the reader side notices and detaches the session.
                return

    async def flush_and_close(self, code: int) -> None:
        """Send everything queued so far, then close the websocket with ``code``."""
        self.closed_by_server = True
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await self._writer
        if not self.ws.closed:
            await self.ws.close(code=code)

    async def stop(self) -> None:
        """Stop the writer task without closing the socket."""
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await self._writer


@dataclass(eq=False)
class GatewaySession:
    """A gateway session created by IDENTIFY; survives dropped connections until it ends."""

    session_id: str
    number: int
    token: str
    intents: int
    shard: list[int]
    properties: JSON
    connection: GatewayConnection | None = None
    seq: int = 0
    buffer: deque[JSON] = field(default_factory=lambda: deque(maxlen=5000))
    ready: bool = False
    ended: bool = False
    resumes: int = 0
    close_codes: list[int | None] = field(default_factory=list)
    presence: JSON | None = None
    events: Counter[str] = field(default_factory=Counter)

    @property
    def connected(self) -> bool:
        """Whether a live websocket is attached."""
        return self.connection is not None and self.connection.open and not self.ended

    @property
    def shard_id(self) -> int:
        """Return the shard id this session identified with (0 when not sharded)."""
        return self.shard[0]

    @property
    def shard_count(self) -> int:
        """Return the shard count this session identified with (1 when not sharded)."""
        return self.shard[1]

    def handles(self, guild_id: int | None) -> bool:
        """Whether this session's shard receives a guild's events (DMs go to shard 0)."""
        return shard_of(guild_id, self.shard_count) == self.shard_id

    def has_intent(self, bit: int) -> bool:
        """Whether the client asked for this intent."""
        return bool(self.intents & bit)

    def dispatch(self, event: str, data: JSON) -> None:
        """Send a DISPATCH event (buffered for RESUME while disconnected)."""
        if self.ended:
            return
        self.seq += 1
        frame: JSON = {"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        self.events[event] += 1
        if self.connection is not None and self.connection.open:
            self.connection.send(frame)

    def __repr__(self) -> str:
        state = "ended" if self.ended else ("connected" if self.connected else "detached")
        return f"<GatewaySession #{self.number} {self.session_id[:8]} {state} seq={self.seq}>"


class Gateway:
    """Speaks the Discord gateway protocol to discord.py over an aiohttp websocket."""

    def __init__(self, world: GatewayWorld, *, heartbeat_interval_ms: int) -> None:
        """Create a gateway that asks ``world`` for READY/GUILD_CREATE content."""
        self.world = world
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: list[GatewaySession] = []
        self.connections: set[GatewayConnection] = set()
        self.heartbeats = 0

    def live_sessions(self) -> list[GatewaySession]:
        """Return sessions that can still receive events, newest first."""
        return [s for s in reversed(self.sessions) if not s.ended]

    def active_session(self) -> GatewaySession | None:
        """Return the newest READY session with a live websocket, of any shard."""
        for session in reversed(self.sessions):
            if session.ready and session.connected:
                return session
        return None

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """Return the newest READY, connected session whose shard handles ``guild_id``.

        ``None`` stands for DMs, which Discord sends to shard 0.
        """
        for session in reversed(self.sessions):
            if session.ready and session.connected and session.handles(guild_id):
                return session
        return None

    def shard_sessions(self) -> dict[int, GatewaySession]:
        """Return the newest READY, connected session of each shard id."""
        found: dict[int, GatewaySession] = {}
        for session in reversed(self.sessions):
            if session.ready and session.connected:
                found.setdefault(session.shard_id, session)
        return found

    def broadcast(
        self, event: str, data: JSON, *, guild_id: int | None, intent: int | None = None
    ) -> None:
        """Dispatch an event to every live session of the guild's shard that asked for ``intent``.

        ``guild_id=None`` marks an event outside any guild (DMs): shard 0 receives it.
        """
        for session in self.live_sessions():
            if not session.handles(guild_id):
                continue
            if intent is None or session.has_intent(intent):
                session.dispatch(event, data)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Serve one websocket connection for its whole life."""
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        connection = GatewayConnection(ws)
        self.connections.add(connection)
        connection.send({"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        session: GatewaySession | None = None
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                try:
                    frame = json.loads(message.data)
                except ValueError:
                    await connection.flush_and_close(4002)  # Discord's "decode error"
                    break
                session = await self._on_frame(connection, session, frame)
        finally:
            self.connections.discard(connection)
            if session is not None and session.connection is connection:
                session.connection = None
                session.close_codes.append(ws.close_code)
                if not connection.closed_by_server and ws.close_code in _ENDING_CLOSE_CODES:
                    session.ended = True
            await connection.stop()
            self.world.notify()
        return ws

    async def _on_frame(
        self, connection: GatewayConnection, session: GatewaySession | None, frame: Any
    ) -> GatewaySession | None:
        op = frame.get("op") if isinstance(frame, dict) else None
        data = frame.get("d") if isinstance(frame, dict) else None
        if op == OP_HEARTBEAT:
            self.heartbeats += 1
            connection.send({"op": OP_HEARTBEAT_ACK, "d": None})
        elif op == OP_IDENTIFY and isinstance(data, dict):
            if session is not None:
                await connection.flush_and_close(4005)  # "already authenticated"
                return session
            return await self._identify(connection, data)
        elif op == OP_RESUME and isinstance(data, dict):
            return self._resume(connection, data)
        elif op == OP_PRESENCE and session is not None and isinstance(data, dict):
            session.presence = data
        elif op == OP_REQUEST_MEMBERS and session is not None and isinstance(data, dict):
            for chunk in self.world.member_chunk_payloads(session, data):
                session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
        elif session is None and op not in (OP_HEARTBEAT,):
            await connection.flush_and_close(4003)  # "not authenticated"
        return session

    async def _identify(self, connection: GatewayConnection, data: JSON) -> GatewaySession | None:
        token = str(data.get("token", ""))
        if not self.world.check_token(token):
            await connection.flush_and_close(4004)  # "authentication failed"
            return None
        shard = _parse_shard(data.get("shard"))
        if shard is None:
            await connection.flush_and_close(4010)  # "invalid shard"
            return None
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            number=len(self.sessions) + 1,
            token=token,
            intents=int(data.get("intents", 0) or 0),
            shard=shard,
            properties=dict(data.get("properties") or {}),
            connection=connection,
            presence=data.get("presence"),
        )
        self.sessions.append(session)
        session.dispatch("READY", self.world.ready_payload(session))
        for guild in self.world.guild_create_payloads(session):
            session.dispatch("GUILD_CREATE", guild)
        session.ready = True
        self.world.notify()
        return session

    def _resume(self, connection: GatewayConnection, data: JSON) -> GatewaySession | None:
        wanted = str(data.get("session_id", ""))
        session = next((s for s in self.sessions if s.session_id == wanted and not s.ended), None)
        if session is None or not self.world.check_token(str(data.get("token", ""))):
            # discord.py answers this with a fresh IDENTIFY.
            connection.send({"op": OP_INVALID_SESSION, "d": False})
            return None
        if session.connection is not None and session.connection is not connection:
            old = session.connection
            asyncio.get_running_loop().create_task(old.flush_and_close(4000))
        session.connection = connection
        session.resumes += 1
        last_seen = int(data.get("seq") or 0)
        for frame in list(session.buffer):
            if frame["s"] > last_seen:
                connection.send(frame)
        session.dispatch("RESUMED", {})
        self.world.notify()
        return session

    async def close_all(self, code: int = 1001) -> None:
        """Close every websocket (used when the double stops)."""
        for connection in list(self.connections):
            await connection.flush_and_close(code)

    async def drop(self, session: GatewaySession, code: int = 4000) -> None:
        """Close a session's websocket so the client reconnects (and RESUMEs)."""
        if session.connection is not None:
            await session.connection.flush_and_close(code)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Return the shard that receives a guild's events: ``(guild_id >> 22) % shard_count``.

    Events outside guilds (``None``: DMs) go to shard 0, as on Discord.
    """
    if guild_id is None or shard_count <= 1:
        return 0
    return (guild_id >> 22) % shard_count


def _parse_shard(raw: Any) -> list[int] | None:
    """Return IDENTIFY's ``[shard_id, shard_count]`` (``[0, 1]`` if absent); None if invalid."""
    if raw is None:
        return [0, 1]
    if not isinstance(raw, list) or len(raw) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
        return None
    shard_id, count = raw
    if count < 1 or not 0 <= shard_id < count:
        return None
    return [shard_id, count]
