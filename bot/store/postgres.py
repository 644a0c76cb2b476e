"""The PostgreSQL backend of the store: asyncpg, a connection pool, jsonb, numbered migrations.

For deployments that run several bot processes on one database. Every method is one
transaction (or one statement) on a connection borrowed from the pool and returned at once.
Every read-modify-write is atomic in the database, never under an in-process lock:

- a conditional `UPDATE ... WHERE seq = expected ... RETURNING` for the optimistic append,
  the undo and the start of a game (of two at once, the second waits for the first's row
  lock, then finds the row changed and matches nothing);
- `SELECT ... FOR UPDATE` on the request for a vote;
- a `FOR NO KEY UPDATE` lock on the game's row where a change spans several rows of one game
  (a new player's position, a new plan of jobs, a new request that stales the open one);
- single statements for everything else (`settings || changes`, claiming a job,
  `INSERT ... ON CONFLICT`).

A wait for a lock longer than LOCK_TIMEOUT raises StoreBusy (the server's `lock_timeout`), as
does a deadlock or a pool with no free connection; nothing was changed then.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeAlias
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.shards import Shards
from bot.store.base import (
    SNAPSHOT_EVERY,
    ActionRow,
    ChannelBusy,
    GameNotFound,
    GameRow,
    JobRow,
    Pending,
    PlayerRow,
    Post,
    PostRow,
    RequestRow,
    Requests,
    Schedule,
    StaleGame,
    Store,
    StoreBusy,
    StoreError,
    action_range,
    check_setting_keys,
    migrations,
    showable,
)

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

    Connection: TypeAlias = PoolConnectionProxy[asyncpg.Record]

log = logging.getLogger(__name__)

POSTS_SQL = "SELECT * FROM outbox WHERE game_id = $1 ORDER BY id LIMIT $2"
ACTIONS_BETWEEN_SQL = (
    "SELECT * FROM actions WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq"
)
JOB_SQL = "SELECT * FROM jobs WHERE game_id = $1 AND kind = $2"

POOL_MIN = 1  # connections kept open
POOL_MAX = 10  # connections at most (per process)
ACQUIRE_TIMEOUT = 30.0  # seconds a query waits for a free connection (StoreBusy after)
LOCK_TIMEOUT = 30.0  # seconds a statement waits for another transaction's lock (StoreBusy)
# A session left inside a transaction this long (a frozen process) is ended by the server, so
# its locks do not stop every other process.
IDLE_IN_TRANSACTION_TIMEOUT = 60.0
CLOSE_TIMEOUT = 10.0  # seconds close() waits for borrowed connections before cutting them
# Held (per transaction) while migrating, so two processes starting at once migrate once.
MIGRATION_LOCK = 0x7261_7474_7573_0001
# LISTEN/NOTIFY channel on which a process says that a game changed ("game_id:guild_id").
CHANGES = "bot_game_changes"
LISTEN_CHECK = 30.0  # seconds between two checks that the listening connection still works
LISTEN_RETRY_MAX = 30.0  # the longest pause between two attempts to listen again


def redacted(url: str) -> str:
    """A database URL fit for a log line or an error: no password, no query."""
    parts = urlsplit(url)
    userinfo, at, host = parts.netloc.rpartition("@")
    if at and ":" in userinfo:
        userinfo = userinfo.split(":", 1)[0] + ":***"
    netloc = f"{userinfo}@{host}" if at else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


async def _init_connection(conn: Any) -> None:
    # jsonb columns take and give Python objects: no JSON text crosses the interface.
    await conn.set_type_codec(
        "jsonb", schema="pg_catalog", encoder=_json, decoder=json.loads, format="text"
    )


class PostgresStore(Store):
    """The store in a PostgreSQL database (DATABASE_URL=postgresql://user:pass@host/db)."""

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(url, clock=clock)
        self.where = redacted(url)
        self._pool: asyncpg.Pool[asyncpg.Record] | None = None
        self._listener: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Open the pool, apply pending migrations, make sure the database can be written."""
        try:
            self._pool = await asyncpg.create_pool(
                self.url,
                min_size=POOL_MIN,
                max_size=POOL_MAX,
                init=_init_connection,
                server_settings={
                    "application_name": "rattus-bot",
                    "lock_timeout": str(int(LOCK_TIMEOUT * 1000)),
                    "idle_in_transaction_session_timeout": str(
                        int(IDLE_IN_TRANSACTION_TIMEOUT * 1000)
                    ),
                },
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreError(f"the database {self.where} cannot be reached: {exc}") from exc
        try:
            await self.migrate()
            await self.check_writable()
        except BaseException:
            await self.close()
            raise

    async def check_writable(self) -> None:
        """Start-up: make sure the database can be written (StoreReadOnly otherwise): a hot
        standby, a read-only database or a role without the right to write are refused."""
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO bot_meta (key, value) VALUES ('opened_at', $1)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                str(self._clock()),
            )

    async def close(self) -> None:
        """Stop listening; close the pool (connections still borrowed get CLOSE_TIMEOUT to
        come back)."""
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await listener
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            await asyncio.wait_for(pool.close(), CLOSE_TIMEOUT)
        except TimeoutError:
            pool.terminate()

    @property
    def pool(self) -> asyncpg.Pool[asyncpg.Record]:
        """The open pool."""
        if self._pool is None:
            raise StoreError("store is not open")
        return self._pool

    async def migrate(self) -> int:
        """Apply every migration newer than the database, all in one transaction; refuse a
        database newer than us."""
        known = migrations("postgres")
        async with self._transaction() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            version = await _version(conn)
            if version > len(known):
                raise StoreError(
                    f"the database is at version {version}, newer than this bot ({len(known)})"
                )
            if version < len(known):
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY,"
                    " name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
                )
            for number, name, sql in known[version:]:
                await conn.execute(sql)
                await conn.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                    number,
                    name,
                    self._clock(),
                )
        return len(known)

    async def schema_version(self) -> int:
        """The newest migration applied to the database (0 when empty)."""
        async with self._connection() as conn:
            return await _version(conn)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        """A connection from the pool; the driver's errors become the store's."""
        pool = self.pool
        try:
            conn = await pool.acquire(timeout=ACQUIRE_TIMEOUT)
        except TimeoutError as exc:
            raise StoreBusy(f"no free connection to the database {self.where}") from exc
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreError(f"the database {self.where} cannot be reached: {exc}") from exc
        try:
            yield conn
        except (asyncpg.LockNotAvailableError, asyncpg.TransactionRollbackError) as exc:
            # lock_timeout ran out, or a deadlock or serialisation failure: nothing changed.
            raise StoreBusy(f"the database {self.where} stayed locked: {exc}") from exc
        except (
            asyncpg.ReadOnlySQLTransactionError,
            asyncpg.InsufficientPrivilegeError,
            asyncpg.DiskFullError,
        ) as exc:
            # A hot standby, a read-only database or role, a full disk: logged once per
            # episode, and every change refused meanwhile.
            raise self._refused(self.where, exc) from exc
        except (ConnectionError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            # (Not every OSError: vote() says "not asked" with a PermissionError.)
            raise StoreError(f"the database {self.where} failed: {exc}") from exc
        finally:
            await pool.release(conn)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        """BEGIN ... COMMIT (ROLLBACK on error) on one connection (READ COMMITTED)."""
        async with self._connection() as conn:
            async with conn.transaction():
                yield conn
                wrote = True
                if not self._writable:
                    # While writes are refused (or before the first one), ask whether this
                    # transaction wrote (it has a transaction id only then): one that only
                    # read says nothing about the end of the episode.
                    wrote = bool(
                        await conn.fetchval("SELECT txid_current_if_assigned() IS NOT NULL")
                    )
            if wrote:
                self._wrote(self.where)

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[Connection]:
        """A read-only transaction that sees one moment (a game and its players agree)."""
        async with (
            self._connection() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield conn

    # ------------------------------------------------------------------ other processes

    async def announce(self, game_id: int, guild_id: int) -> None:
        """NOTIFY every listening process that a game changed (delivered at once: this is
        called after the change committed)."""
        async with self._connection() as conn:
            await conn.execute("SELECT pg_notify($1, $2)", CHANGES, f"{game_id}:{guild_id}")

    async def listen(
        self, on_change: Callable[[int, int], None], on_gap: Callable[[], None]
    ) -> None:
        """LISTEN on a connection of its own (not the pool's), kept until close(): lost, it
        is opened again with growing pauses, and `on_gap()` follows, as notifications sent
        meanwhile are gone. Returns once listening."""
        if self._listener is not None:
            return
        ready = asyncio.get_running_loop().create_future()
        self._listener = asyncio.create_task(self._listen(on_change, on_gap, ready))
        await ready

    async def _listen(
        self,
        on_change: Callable[[int, int], None],
        on_gap: Callable[[], None],
        ready: asyncio.Future[None],
    ) -> None:
        def heard(conn: object, pid: int, channel: str, payload: object) -> None:
            game, _, guild = str(payload).partition(":")
            if game.isdigit() and guild.isdigit():
                try:
                    on_change(int(game), int(guild))
                except Exception:
                    log.exception("acting on a change heard from another process failed")

        pause = 0.5
        while True:
            conn: asyncpg.Connection[asyncpg.Record] | None = None
            try:
                conn = await asyncpg.connect(
                    self.url, server_settings={"application_name": "rattus-bot-listener"}
                )
                lost = asyncio.Event()
                conn.add_termination_listener(_setter(lost))
                await conn.add_listener(CHANGES, heard)
                if ready.done():
                    # Listening again: what was said meanwhile was not heard.
                    try:
                        on_gap()
                    except Exception:
                        log.exception("looking again after a listening gap failed")
                else:
                    ready.set_result(None)
                pause = 0.5
                while not lost.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(lost.wait(), LISTEN_CHECK)
                    if not lost.is_set():
                        # A half-open connection never ends by itself: ask something.
                        await conn.fetchval("SELECT 1", timeout=LISTEN_CHECK)
            except asyncio.CancelledError:
                if not ready.done():
                    ready.cancel()
                raise
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                log.warning("listening to %s failed (%s); trying again", self.where, exc)
                if not ready.done():
                    ready.set_result(None)  # start anyway; on_gap() follows when it works
            finally:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(conn.close(), CLOSE_TIMEOUT)
            await asyncio.sleep(pause)
            pause = min(pause * 2, LISTEN_RETRY_MAX)

    # ------------------------------------------------------------------ games

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        settings: Mapping[str, Any],
        creator_id: int,
        seed: int,
    ) -> int:
        """Create a lobby; ChannelBusy when the channel already has an open game."""
        now = self._clock()
        async with self._connection() as conn:
            try:
                game_id = await conn.fetchval(
                    "INSERT INTO games (guild_id, channel_id, game, options, settings, status,"
                    " creator_id, seed, created_at, updated_at)"
                    " VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $8, $8) RETURNING id",
                    guild_id,
                    channel_id,
                    game,
                    dict(options),
                    dict(settings),
                    creator_id,
                    seed,
                    now,
                )
            except asyncpg.UniqueViolationError as exc:
                if exc.constraint_name != "games_open_in_channel":
                    raise
                raise ChannelBusy(f"channel {channel_id} already has an open game") from exc
        return int(game_id)

    async def get_game(self, game_id: int) -> GameRow:
        """A game with its players; GameNotFound if there is none."""
        async with self._snapshot() as conn:
            game = await _load_game(conn, game_id)
        if game is None:
            raise GameNotFound(f"no game {game_id}")
        return game

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel, if any."""
        async with self._snapshot() as conn:
            game_id = await conn.fetchval(
                "SELECT id FROM games WHERE channel_id = $1 AND status IN ('lobby', 'active')",
                channel_id,
            )
            return None if game_id is None else await _load_game(conn, game_id)

    async def latest_game_in(self, channel_id: int) -> GameRow | None:
        """The open game of a channel, or else the one that ended last."""
        async with self._snapshot() as conn:
            game_id = await conn.fetchval(
                "SELECT id FROM games WHERE channel_id = $1"
                " ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
                channel_id,
            )
            return None if game_id is None else await _load_game(conn, game_id)

    async def games_in_guild(self, guild_id: int, statuses: Iterable[str]) -> list[GameRow]:
        """Games of a server with one of these statuses, newest first."""
        async with self._snapshot() as conn:
            games = [
                _game(r)
                for r in await conn.fetch(
                    "SELECT * FROM games WHERE guild_id = $1 AND status = ANY($2::text[])"
                    " ORDER BY id DESC",
                    guild_id,
                    list(statuses),
                )
            ]
            players = await conn.fetch(
                "SELECT * FROM players WHERE game_id = ANY($1::bigint[])"
                " ORDER BY game_id, position",
                [g.id for g in games],
            )
        by_game: dict[int, list[PlayerRow]] = defaultdict(list)
        for r in players:
            by_game[int(r["game_id"])].append(_player(r))
        for g in games:
            g.players = by_game[g.id]
        return games

    async def active_game_ids(self, shards: Shards | None = None) -> list[int]:
        """Ids of every lobby and active game (of servers on `shards` only, when given)."""
        mine, args = _owned("games", shards, 1)
        async with self._connection() as conn:
            rows = await conn.fetch(
                f"SELECT id FROM games WHERE status IN ('lobby', 'active') AND {mine} ORDER BY id",
                *args,
            )
        return [int(r["id"]) for r in rows]

    async def set_status(
        self,
        game_id: int,
        status: str,
        post: Post | None = None,
        *,
        expect: Iterable[str] | None = None,
    ) -> bool:
        """Change a game's status (ended_at is set when it ends) and queue `post`; with
        `expect`, only if the status is one of those (one conditional statement)."""
        now = self._clock()
        ended = now if status in ("over", "abandoned") else None
        async with self._transaction() as conn:
            seq = await conn.fetchval(
                "UPDATE games SET status = $1, updated_at = $2,"
                " ended_at = COALESCE($3, ended_at) WHERE id = $4"
                " AND ($5::text[] IS NULL OR status = ANY($5::text[])) RETURNING seq",
                status,
                now,
                ended,
                game_id,
                list(expect) if expect is not None else None,
            )
            if seq is None:
                return False
            if post is not None:
                await _queue(conn, game_id, int(seq), post, now)
        return True

    async def set_message(self, game_id: int, kind: str, message_id: int | None) -> None:
        """Remember the lobby or turn message of a game."""
        column = {"lobby": "lobby_message_id", "turn": "turn_message_id"}[kind]
        async with self._connection() as conn:
            await conn.execute(f"UPDATE games SET {column} = $1 WHERE id = $2", message_id, game_id)

    async def set_creator(self, game_id: int, user_id: int) -> None:
        """Hand a lobby to another of its players (its creator left)."""
        async with self._connection() as conn:
            await conn.execute(
                "UPDATE games SET creator_id = $1, updated_at = $2 WHERE id = $3",
                user_id,
                self._clock(),
                game_id,
            )

    async def update_settings(self, game_id: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Store these settings of a game (keys not given stay as they are), merged inside
        the database by one statement, and return them."""
        check_setting_keys(settings)
        async with self._connection() as conn:
            merged = await conn.fetchval(
                "UPDATE games SET settings = settings || $1::jsonb, updated_at = $2 WHERE id = $3"
                " RETURNING settings",
                dict(settings),
                self._clock(),
                game_id,
            )
        if merged is None:
            raise GameNotFound(f"no game {game_id}")
        return dict(merged)

    # ------------------------------------------------------------------ players

    async def players(self, game_id: int) -> list[PlayerRow]:
        """Every player of a game, in join order."""
        async with self._connection() as conn:
            return await _players(conn, game_id)

    async def add_player(
        self,
        game_id: int,
        *,
        user_id: int | None,
        name: str,
        is_ai: bool = False,
        locale: str | None = None,
    ) -> PlayerRow:
        """Add a lobby member (a person, or an AI seat when user_id is None)."""
        now = self._clock()
        async with self._transaction() as conn:
            # The game's row lock makes "the next position" one at a time across processes.
            await _lock_game(conn, game_id)
            position = int(
                await conn.fetchval(
                    "SELECT COALESCE(MAX(position), -1) + 1 FROM players WHERE game_id = $1",
                    game_id,
                )
            )
            await conn.execute(
                "INSERT INTO players (game_id, position, user_id, name, is_ai, joined_at, locale)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                game_id,
                position,
                user_id,
                name,
                is_ai,
                now,
                locale,
            )
        return PlayerRow(game_id, position, user_id, name, None, is_ai, now, None, False, locale)

    async def remove_player(self, game_id: int, position: int) -> None:
        """Remove a lobby member."""
        async with self._connection() as conn:
            await conn.execute(
                "DELETE FROM players WHERE game_id = $1 AND position = $2", game_id, position
            )

    async def mark_left(self, game_id: int, position: int, left: bool = True) -> bool:
        """Mark a seated player as gone (or back); False when they already were."""
        already = "left_at IS NULL" if left else "left_at IS NOT NULL"
        async with self._connection() as conn:
            marked = await conn.fetchval(
                f"UPDATE players SET left_at = $1 WHERE game_id = $2 AND position = $3"
                f" AND {already} RETURNING position",
                self._clock() if left else None,
                game_id,
                position,
            )
        return marked is not None

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        """Remember whether a player's DMs are closed."""
        async with self._connection() as conn:
            await conn.execute(
                "UPDATE players SET dm_closed = $1 WHERE game_id = $2 AND user_id = $3",
                closed,
                game_id,
                user_id,
            )

    async def set_player_flag(self, game_id: int, position: int, flag: str, value: bool) -> None:
        """Set muted, remind_dm or stand_in for one player."""
        if flag not in ("muted", "remind_dm", "stand_in"):
            raise ValueError(flag)
        async with self._connection() as conn:
            await conn.execute(
                f"UPDATE players SET {flag} = $1 WHERE game_id = $2 AND position = $3",
                value,
                game_id,
                position,
            )

    async def set_player_prefs(
        self, game_id: int, position: int, changes: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Merge `changes` into one player's preferences in one statement (None removes)."""
        drop = [k for k, v in changes.items() if v is None]
        keep = {k: v for k, v in changes.items() if v is not None}
        async with self._connection() as conn:
            value = await conn.fetchval(
                "UPDATE players SET prefs = (prefs - $1::text[]) || $2::jsonb"
                " WHERE game_id = $3 AND position = $4 RETURNING prefs",
                drop,
                keep,
                game_id,
                position,
            )
        return dict(value or {})

    async def replace_player(
        self, game_id: int, position: int, *, user_id: int, name: str, locale: str | None
    ) -> None:
        """A newcomer takes a seat."""
        async with self._connection() as conn:
            await conn.execute(
                "UPDATE players SET user_id = $1, name = $2, locale = $3, left_at = NULL,"
                " stand_in = FALSE, dm_closed = FALSE, muted = FALSE, remind_dm = FALSE,"
                " prefs = '{}'::jsonb WHERE game_id = $4 AND position = $5",
                user_id,
                name,
                locale,
                game_id,
                position,
            )

    async def start_game(
        self,
        game_id: int,
        seats: Mapping[int, int],
        state: Mapping[str, Any],
        post: Post | None = None,
    ) -> None:
        """Seat the players (position -> seat), store the set-up state, mark the game active,
        and queue `post` in the same transaction; StaleGame unless the game is a lobby."""
        now = self._clock()
        async with self._transaction() as conn:
            started = await conn.fetchval(
                "UPDATE games SET status = 'active', seq = 0, version = version + 1,"
                " updated_at = $1 WHERE id = $2 AND status = 'lobby' RETURNING id",
                now,
                game_id,
            )
            if started is None:
                raise StaleGame(game_id, 0, -1)
            if seats:
                await conn.executemany(
                    "UPDATE players SET seat = $1 WHERE game_id = $2 AND position = $3",
                    [(seat, game_id, position) for position, seat in seats.items()],
                )
            await conn.execute(
                "INSERT INTO snapshots (game_id, seq, state) VALUES ($1, 0, $2)",
                game_id,
                dict(state),
            )
            if post is not None:
                await _queue(conn, game_id, 0, post, now)

    # ------------------------------------------------------------------ the log

    async def append(
        self,
        game_id: int,
        *,
        expected_seq: int,
        seat: int,
        actor_id: int | None,
        origin: str,
        action: str,
        events: list[dict[str, Any]],
        state: Mapping[str, Any],
        over: bool,
        post: Post | None = None,
        expected_version: int | None = None,
    ) -> int:
        """Store one applied action as seq expected_seq + 1; StaleGame if someone was first
        (or the version is not `expected_version`).

        The new state is snapshotted every SNAPSHOT_EVERY actions and at the end of the game;
        `post` is queued in the outbox in the same transaction. Returns the new sequence
        number; the action (and its post) are durable when this returns.
        """
        seq = expected_seq + 1
        now = self._clock()
        async with self._transaction() as conn:
            # The compare-and-set: a concurrent append waits for this row lock, then finds
            # seq changed and matches nothing.
            moved = await conn.fetchval(
                "UPDATE games SET seq = $1, updated_at = $2, status = $3, version = version + 1,"
                " ended_at = CASE WHEN $4 THEN $2 ELSE ended_at END"
                " WHERE id = $5 AND seq = $6 AND status = 'active'"
                " AND ($7::bigint IS NULL OR version = $7::bigint) RETURNING seq",
                seq,
                now,
                "over" if over else "active",
                over,
                game_id,
                expected_seq,
                expected_version,
            )
            if moved is None:
                current = await conn.fetchval("SELECT seq FROM games WHERE id = $1", game_id)
                if current is None:
                    raise GameNotFound(f"no game {game_id}")
                raise StaleGame(game_id, expected_seq, int(current))
            await conn.execute(
                "INSERT INTO actions (game_id, seq, seat, actor_id, origin, action, events, at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                game_id,
                seq,
                seat,
                actor_id,
                origin,
                action,
                events,
                now,
            )
            if over or seq % SNAPSHOT_EVERY == 0:
                await conn.execute(
                    "INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3)",
                    game_id,
                    seq,
                    dict(state),
                )
            if post is not None:
                await _queue(conn, game_id, seq, post, now)
        return seq

    async def truncate(
        self,
        game_id: int,
        *,
        expected_seq: int,
        keep: int,
        post: Post | None = None,
        expected_version: int | None = None,
    ) -> None:
        """Drop the actions after `keep` (undo) and the posts of those not shown yet (other
        waiting posts move to `keep`), and queue `post`; StaleGame if someone acted meanwhile
        (or the version is not `expected_version`)."""
        now = self._clock()
        async with self._transaction() as conn:
            moved = await conn.fetchval(
                "UPDATE games SET seq = $1, updated_at = $2, version = version + 1"
                " WHERE id = $3 AND seq = $4 AND ($5::bigint IS NULL OR version = $5::bigint)"
                " RETURNING seq",
                keep,
                now,
                game_id,
                expected_seq,
                expected_version,
            )
            if moved is None:
                raise StaleGame(game_id, expected_seq, -1)
            await conn.execute("DELETE FROM actions WHERE game_id = $1 AND seq > $2", game_id, keep)
            await conn.execute(
                "DELETE FROM snapshots WHERE game_id = $1 AND seq > $2", game_id, keep
            )
            # Actions taken back before they were shown are never shown, and what else waits
            # (a notice, a DM) is told at the position the game returns to: no post may wait
            # for a seq the game no longer has.
            await conn.execute(
                "DELETE FROM outbox WHERE game_id = $1 AND seq > $2 AND kind = 'action'",
                game_id,
                keep,
            )
            await conn.execute(
                "UPDATE outbox SET seq = $2 WHERE game_id = $1 AND seq > $2", game_id, keep
            )
            if post is not None:
                await _queue(conn, game_id, keep, post, now)

    async def latest_snapshot(
        self, game_id: int, at_most: int | None = None
    ) -> tuple[int, dict[str, Any]]:
        """(seq, state) of the newest snapshot, or the newest at or before `at_most`."""
        async with self._connection() as conn:
            if at_most is None:
                row = await conn.fetchrow(
                    "SELECT seq, state FROM snapshots WHERE game_id = $1 ORDER BY seq DESC LIMIT 1",
                    game_id,
                )
            else:
                row = await conn.fetchrow(
                    "SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq <= $2"
                    " ORDER BY seq DESC LIMIT 1",
                    game_id,
                    at_most,
                )
        if row is None:
            raise GameNotFound(f"game {game_id} has no state yet")
        return int(row["seq"]), row["state"]

    async def actions(
        self, game_id: int, *, after: int = 0, upto: int | None = None
    ) -> list[ActionRow]:
        """The stored actions with after < seq <= upto, in order."""
        async with self._connection() as conn:
            if upto is None:
                rows = await conn.fetch(
                    "SELECT * FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq",
                    game_id,
                    after,
                )
            else:
                rows = await conn.fetch(
                    ACTIONS_BETWEEN_SQL,
                    game_id,
                    after,
                    upto,
                )
        return [_action(r) for r in rows]

    async def actions_since(self, game_id: int, seat: int) -> list[ActionRow]:
        """The stored actions after `seat`'s own last one, in order."""
        async with self._connection() as conn:
            rows = await conn.fetch(
                "SELECT * FROM actions WHERE game_id = $1 AND seq > (SELECT COALESCE(MAX(seq), 0)"
                " FROM actions WHERE game_id = $1 AND seat = $2) ORDER BY seq",
                game_id,
                seat,
            )
        return [_action(r) for r in rows]

    async def count_actions(self, game_id: int) -> int:
        """How many actions a game has stored."""
        async with self._connection() as conn:
            return int(
                await conn.fetchval("SELECT COUNT(*) FROM actions WHERE game_id = $1", game_id)
            )

    # ------------------------------------------------------------------ the outbox

    async def queue(self, game_id: int, post: Post, *, seq: int | None = None) -> None:
        """Queue a post that no action causes (a notice, the end of a game); without `seq`
        it carries the game's current sequence number (read in the same statement)."""
        now = self._clock()
        async with self._connection() as conn:
            if seq is not None:
                await _queue(conn, game_id, seq, post, now)
                return
            queued = await conn.fetchval(
                "INSERT INTO outbox (game_id, seq, kind, payload, created_at)"
                " SELECT id, seq, $2, $3::jsonb, $4 FROM games WHERE id = $1 RETURNING id",
                game_id,
                post.kind,
                dict(post.payload),
                now,
            )
        if queued is None:
            raise GameNotFound(f"no game {game_id}")

    async def posts(self, game_id: int, limit: int = 200) -> list[PostRow]:
        """The posts of a game still waiting, oldest first."""
        async with self._connection() as conn:
            rows = await conn.fetch(POSTS_SQL, game_id, limit)
        return [_post(r) for r in rows]

    async def pending(self, game_id: int, limit: int = 200) -> Pending:
        """The posts of a game still waiting, its row, and for the posts shown next their
        actions and the game's turn clock, from one snapshot on one connection."""
        async with self._snapshot() as conn:
            rows = await conn.fetch(POSTS_SQL, game_id, limit)
            posts = [_post(r) for r in rows]
            if not posts:
                return Pending(posts, None)
            game = await _load_game(conn, game_id)
            if game is None:
                raise GameNotFound(f"no game {game_id}")
            out = Pending(posts, game)
            shown = showable(posts, game)
            if not shown:
                return out
            span = action_range(shown)
            if span is not None:
                found = await conn.fetch(
                    ACTIONS_BETWEEN_SQL,
                    game_id,
                    *span,
                )
                out.actions = {a.seq: a for a in map(_action, found)}
            if game.status == "active":
                job = await conn.fetchrow(JOB_SQL, game_id, "clock")
                out.clock = _job(job) if job else None
        return out

    async def games_with_posts(self, shards: Shards | None = None) -> list[int]:
        """Ids of the games that have posts waiting (of servers on `shards` only, when
        given)."""
        if shards is None or shards.everything:
            sql = "SELECT DISTINCT game_id FROM outbox ORDER BY game_id"
            args: list[Any] = []
        else:
            mine, args = _owned("games", shards, 1)
            sql = (
                "SELECT DISTINCT outbox.game_id FROM outbox JOIN games ON games.id ="
                f" outbox.game_id WHERE {mine} ORDER BY outbox.game_id"
            )
        async with self._connection() as conn:
            rows = await conn.fetch(sql, *args)
        return [int(r["game_id"]) for r in rows]

    async def posted(
        self,
        game_id: int,
        ids: list[int],
        *,
        turn_message_id: int | None = None,
        clear_turn_message: bool = False,
        then: list[Post] | None = None,
    ) -> None:
        """Posts shown: delete them, remember the new turn message, and queue what comes next
        (the DMs of those posts), all in one transaction."""
        now = self._clock()
        async with self._transaction() as conn:
            if ids:
                await conn.execute(
                    "DELETE FROM outbox WHERE game_id = $1 AND id = ANY($2::bigint[])",
                    game_id,
                    ids,
                )
            if turn_message_id is not None or clear_turn_message:
                await conn.execute(
                    "UPDATE games SET turn_message_id = $1 WHERE id = $2",
                    turn_message_id,
                    game_id,
                )
            for post in then or []:
                await _queue(conn, game_id, int(post.payload.get("seq", 0)), post, now)


class PostgresSchedule(Schedule):
    """The jobs table of a PostgreSQL store."""

    store: PostgresStore

    async def put(
        self,
        game_id: int,
        kind: str,
        *,
        seq: int,
        due_at: float,
        count: int = 0,
        seats: list[int] | None = None,
    ) -> None:
        """Plan (or re-plan) the job `kind` of a game (one upsert)."""
        async with self.store._connection() as conn:
            await conn.execute(
                "INSERT INTO jobs (game_id, kind, seq, due_at, count, seats)"
                " VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (game_id, kind) DO UPDATE SET seq = excluded.seq,"
                " due_at = excluded.due_at, count = excluded.count, seats = excluded.seats",
                game_id,
                kind,
                seq,
                due_at,
                count,
                seats or [],
            )

    async def all(self, game_id: int) -> dict[str, JobRow]:
        """Every planned job of a game, by kind."""
        async with self.store._connection() as conn:
            rows = await conn.fetch("SELECT * FROM jobs WHERE game_id = $1", game_id)
        return {job.kind: job for job in map(_job, rows)}

    async def replace(
        self, game_id: int, jobs: list[JobRow], *, version: int | None = None
    ) -> bool:
        """Make `jobs` the game's whole plan, in one transaction; with `version`, only while
        the game is at that version (read under the game's row lock)."""
        return await self.rewrite(game_id, lambda _: jobs, version=version) is not None

    async def rewrite(
        self,
        game_id: int,
        plan: Callable[[dict[str, JobRow]], list[JobRow]],
        *,
        version: int | None = None,
    ) -> list[JobRow] | None:
        """Read the game's jobs, make `plan` of them its whole plan, in one transaction; with
        `version`, only while the game is at that version (None otherwise)."""
        async with self.store._transaction() as conn:
            # Two plans of one game at once: the second waits, then deletes the first's rows
            # (a new statement sees them) instead of colliding with them. An action commits
            # its new version before its plan asks for this lock, so a plan of an older
            # version that comes second sees the newer version and steps aside.
            current = await conn.fetchval(
                "SELECT version FROM games WHERE id = $1 FOR NO KEY UPDATE", game_id
            )
            if version is not None and (current is None or int(current) != version):
                return None
            rows = await conn.fetch("SELECT * FROM jobs WHERE game_id = $1", game_id)
            jobs = plan({job.kind: job for job in map(_job, rows)})
            await conn.execute("DELETE FROM jobs WHERE game_id = $1", game_id)
            if jobs:
                await conn.executemany(
                    "INSERT INTO jobs (game_id, kind, seq, due_at, count, seats)"
                    " VALUES ($1, $2, $3, $4, $5, $6)",
                    [(j.game_id, j.kind, j.seq, j.due_at, j.count, j.seats) for j in jobs],
                )
        return jobs

    async def get(self, game_id: int, kind: str) -> JobRow | None:
        """One job of a game, if planned."""
        async with self.store._connection() as conn:
            row = await conn.fetchrow(JOB_SQL, game_id, kind)
        return _job(row) if row else None

    async def drop(self, game_id: int, *kinds: str) -> None:
        """Forget jobs of a game (all of them when no kind is named)."""
        async with self.store._connection() as conn:
            if kinds:
                await conn.execute(
                    "DELETE FROM jobs WHERE game_id = $1 AND kind = ANY($2::text[])",
                    game_id,
                    list(kinds),
                )
            else:
                await conn.execute("DELETE FROM jobs WHERE game_id = $1", game_id)

    async def claim(self, job: JobRow, *, next_due: float | None) -> bool:
        """Take a due job before acting on it: re-plan it at `next_due` or delete it.

        One conditional statement: of two processes claiming the same job, the second waits
        for the first's row lock, then finds the row changed (or gone) and gets False.
        """
        async with self.store._connection() as conn:
            if next_due is None:
                claimed = await conn.fetchval(
                    "DELETE FROM jobs WHERE game_id = $1 AND kind = $2 AND seq = $3"
                    " AND due_at = $4 RETURNING seq",
                    job.game_id,
                    job.kind,
                    job.seq,
                    job.due_at,
                )
            else:
                claimed = await conn.fetchval(
                    "UPDATE jobs SET due_at = $1, count = count + 1"
                    " WHERE game_id = $2 AND kind = $3 AND seq = $4 AND due_at = $5"
                    " RETURNING seq",
                    next_due,
                    job.game_id,
                    job.kind,
                    job.seq,
                    job.due_at,
                )
        return claimed is not None

    async def postpone(self, job: JobRow, due_at: float) -> bool:
        """Move a job to `due_at` if it is still as read (one conditional statement)."""
        async with self.store._connection() as conn:
            moved = await conn.fetchval(
                "UPDATE jobs SET due_at = $1"
                " WHERE game_id = $2 AND kind = $3 AND seq = $4 AND due_at = $5 RETURNING seq",
                due_at,
                job.game_id,
                job.kind,
                job.seq,
                job.due_at,
            )
        return moved is not None

    async def due(self, now: float, limit: int = 100, shards: Shards | None = None) -> list[JobRow]:
        """Jobs due at `now`, oldest first (of games of servers on `shards` only, when
        given)."""
        if shards is None or shards.everything:
            sql = "SELECT * FROM jobs WHERE due_at <= $1 ORDER BY due_at LIMIT $2"
            args: list[Any] = [now, limit]
        else:
            mine, owned = _owned("games", shards, 3)
            sql = (
                "SELECT jobs.* FROM jobs JOIN games ON games.id = jobs.game_id"
                f" WHERE jobs.due_at <= $1 AND {mine} ORDER BY jobs.due_at LIMIT $2"
            )
            args = [now, limit, *owned]
        async with self.store._connection() as conn:
            rows = await conn.fetch(sql, *args)
        return [_job(r) for r in rows]

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the next job is due, if any (of games of servers on `shards` only, when
        given)."""
        if shards is None or shards.everything:
            sql = "SELECT MIN(due_at) FROM jobs"
            args: list[Any] = []
        else:
            mine, args = _owned("games", shards, 1)
            sql = (
                "SELECT MIN(jobs.due_at) FROM jobs JOIN games ON games.id = jobs.game_id"
                f" WHERE {mine}"
            )
        async with self.store._connection() as conn:
            due = await conn.fetchval(sql, *args)
        return None if due is None else float(due)


class PostgresRequests(Requests):
    """The requests table of a PostgreSQL store."""

    store: PostgresStore

    async def create(
        self,
        game_id: int,
        kind: str,
        *,
        seq: int,
        requester_id: int,
        needed: list[int],
        target_seat: int | None = None,
        now: float,
        note: Mapping[str, Any] | None = None,
    ) -> RequestRow:
        """Open a request (`note`: what completing it needs, e.g. a newcomer's name); earlier
        open requests of the same kind become stale."""
        async with self.store._transaction() as conn:
            # One request at a time per game: the second sees (and stales) the first.
            await _lock_game(conn, game_id)
            await conn.execute(
                "UPDATE requests SET status = 'stale'"
                " WHERE game_id = $1 AND kind = $2 AND status = 'open'",
                game_id,
                kind,
            )
            row = await conn.fetchrow(
                "INSERT INTO requests (game_id, kind, seq, requester_id, target_seat, needed,"
                " created_at, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *",
                game_id,
                kind,
                seq,
                requester_id,
                target_seat,
                needed,
                now,
                dict(note or {}),
            )
        assert row is not None
        return _request(row)

    async def get(self, request_id: int) -> RequestRow | None:
        """A request by id."""
        async with self.store._connection() as conn:
            row = await conn.fetchrow("SELECT * FROM requests WHERE id = $1", request_id)
        return _request(row) if row else None

    async def vote(self, request_id: int, user_id: int, agree: bool) -> tuple[str, RequestRow]:
        """Count one vote atomically: ("waiting" | "done" | "refused", the request after it).

        The request's row is read FOR UPDATE and written in one transaction: a second vote
        waits for the first to commit, then reads the row with the first vote in it.
        """
        async with self.store._transaction() as conn:
            row = await conn.fetchrow("SELECT * FROM requests WHERE id = $1 FOR UPDATE", request_id)
            if row is None or row["status"] != "open":
                raise LookupError("request_closed")
            request = _request(row)
            if user_id not in request.needed:
                raise PermissionError("not_asked")
            if not agree:
                request.status = "refused"
            else:
                request.agreed = sorted(set(request.agreed) | {user_id})
                if set(request.needed) <= set(request.agreed):
                    request.status = "done"
            await conn.execute(
                "UPDATE requests SET agreed = $1, status = $2 WHERE id = $3",
                request.agreed,
                request.status,
                request_id,
            )
        status = "waiting" if request.status == "open" else request.status
        return status, request

    async def update(
        self,
        request_id: int,
        *,
        agreed: list[int] | None = None,
        status: str | None = None,
        message_id: int | None = None,
        expect_status: str = "open",
    ) -> bool:
        """Change a request that still has `expect_status`; False if it had changed."""
        sets: list[str] = []
        args: list[object] = []
        for column, value in (("agreed", agreed), ("status", status), ("message_id", message_id)):
            if value is not None:
                args.append(value)
                sets.append(f"{column} = ${len(args)}")
        if not sets:
            sets.append("status = status")
        args += [request_id, expect_status]
        async with self.store._connection() as conn:
            changed = await conn.fetchval(
                f"UPDATE requests SET {', '.join(sets)}"
                f" WHERE id = ${len(args) - 1} AND status = ${len(args)} RETURNING id",
                *args,
            )
        return changed is not None


PostgresStore.schedule_type = PostgresSchedule
PostgresStore.requests_type = PostgresRequests


def _setter(event: asyncio.Event) -> Callable[[object], None]:
    """A callback that sets `event`, whatever it is given."""
    return lambda _anything: event.set()


def _owned(games: str, shards: Shards | None, first: int) -> tuple[str, list[Any]]:
    """A condition on the games table (named `games`) keeping the games of servers on
    `shards` (always true without shards), and its arguments, numbered from `first`."""
    if shards is None or shards.everything:
        return "TRUE", []
    condition = f"(({games}.guild_id >> 22) % ${first}) = ANY(${first + 1}::bigint[])"
    return condition, [shards.count, list(shards.ids)]


async def _version(conn: Connection) -> int:
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def _lock_game(conn: Connection, game_id: int, *, missing_ok: bool = False) -> None:
    """Lock a game's row until the transaction ends. NO KEY UPDATE: inserts that reference
    the game (actions, posts) need not wait for it."""
    found = await conn.fetchval("SELECT id FROM games WHERE id = $1 FOR NO KEY UPDATE", game_id)
    if found is None and not missing_ok:
        raise GameNotFound(f"no game {game_id}")


async def _load_game(conn: Connection, game_id: int) -> GameRow | None:
    row = await conn.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
    if row is None:
        return None
    game = _game(row)
    game.players = await _players(conn, game_id)
    return game


async def _players(conn: Connection, game_id: int) -> list[PlayerRow]:
    rows = await conn.fetch("SELECT * FROM players WHERE game_id = $1 ORDER BY position", game_id)
    return [_player(r) for r in rows]


async def _queue(conn: Connection, game_id: int, seq: int, post: Post, now: float) -> None:
    await conn.execute(
        "INSERT INTO outbox (game_id, seq, kind, payload, created_at) VALUES ($1, $2, $3, $4, $5)",
        game_id,
        seq,
        post.kind,
        dict(post.payload),
        now,
    )


def _game(r: asyncpg.Record) -> GameRow:
    return GameRow(
        id=int(r["id"]),
        guild_id=int(r["guild_id"]),
        channel_id=int(r["channel_id"]),
        game=r["game"],
        options=r["options"],
        settings=r["settings"],
        status=r["status"],
        creator_id=int(r["creator_id"]),
        seed=int(r["seed"]),
        seq=int(r["seq"]),
        lobby_message_id=r["lobby_message_id"],
        turn_message_id=r["turn_message_id"],
        created_at=r["created_at"],
        updated_at=r["updated_at"],
        ended_at=r["ended_at"],
        version=int(r["version"]),
    )


def _player(r: asyncpg.Record) -> PlayerRow:
    return PlayerRow(
        game_id=int(r["game_id"]),
        position=int(r["position"]),
        user_id=r["user_id"],
        name=r["name"],
        seat=r["seat"],
        is_ai=r["is_ai"],
        joined_at=r["joined_at"],
        left_at=r["left_at"],
        dm_closed=r["dm_closed"],
        locale=r["locale"],
        muted=r["muted"],
        remind_dm=r["remind_dm"],
        stand_in=r["stand_in"],
        prefs=dict(r["prefs"] or {}),
    )


def _action(r: asyncpg.Record) -> ActionRow:
    return ActionRow(
        game_id=int(r["game_id"]),
        seq=int(r["seq"]),
        seat=int(r["seat"]),
        actor_id=r["actor_id"],
        origin=r["origin"],
        action=r["action"],
        events=r["events"],
        at=r["at"],
    )


def _post(r: asyncpg.Record) -> PostRow:
    return PostRow(
        id=int(r["id"]),
        game_id=int(r["game_id"]),
        seq=int(r["seq"]),
        kind=r["kind"],
        payload=r["payload"],
        created_at=float(r["created_at"]),
    )


def _job(r: asyncpg.Record) -> JobRow:
    return JobRow(
        game_id=int(r["game_id"]),
        kind=r["kind"],
        seq=int(r["seq"]),
        due_at=float(r["due_at"]),
        count=int(r["count"]),
        seats=r["seats"],
    )


def _request(r: asyncpg.Record) -> RequestRow:
    return RequestRow(
        id=int(r["id"]),
        game_id=int(r["game_id"]),
        kind=r["kind"],
        seq=int(r["seq"]),
        requester_id=int(r["requester_id"]),
        target_seat=r["target_seat"],
        needed=r["needed"],
        agreed=r["agreed"],
        status=r["status"],
        message_id=r["message_id"],
        created_at=float(r["created_at"]),
        note=dict(r["note"] or {}),
    )
