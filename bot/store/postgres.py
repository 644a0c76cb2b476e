"""The PostgreSQL backend of the store: asyncpg, a connection pool, jsonb, numbered migrations.

For deployments that run several bot processes on one database. Every operation is one
transaction (or one statement) on a connection borrowed from the pool and returned at once.
Every read-modify-write is atomic in the database, never under an in-process lock (the steps
of bot.store.store, .outbox, .jobs and .requests):

- a conditional `UPDATE ... WHERE seq = expected ... RETURNING` for the optimistic append,
  the undo and the start of a game (of two at once, the second waits for the first's row
  lock, then finds the row changed and matches nothing);
- `SELECT ... FOR UPDATE` on the request for a vote (`Dialect.lock_request`);
- a `FOR NO KEY UPDATE` lock on the game's row where a change spans several rows of one game
  (a new player's position, a new plan of jobs, a new request that stales the open one:
  `Dialect.lock_game`);
- single statements for everything else (`settings || changes`, claiming a job,
  `INSERT ... ON CONFLICT`).

A wait for a lock longer than LOCK_TIMEOUT raises StoreBusy (the server's `lock_timeout`), as
does a deadlock or a pool with no free connection; nothing was changed then. jsonb columns
travel as JSON text (asyncpg's default), as the store's one logic writes and reads them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.store.backend import Backend, Dialect, Duplicate, Row, Steps
from bot.store.base import StoreBusy, StoreError, migrations
from bot.store.sql import META_SQL, PLAYER_COLUMNS, dumps

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

    Connection: TypeAlias = PoolConnectionProxy[asyncpg.Record]

T = TypeVar("T")

log = logging.getLogger(__name__)

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


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """SQL written with `?` placeholders, with PostgreSQL's $1, $2, ... instead."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], 1))


class PostgresConn:
    """A `Conn` on a pooled asyncpg connection."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """Every row of a query."""
        return list(await self.conn.fetch(numbered(sql), *args))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        """The first row of a query, or None."""
        return await self.conn.fetchrow(numbered(sql), *args)

    async def fetchval(self, sql: str, *args: Any) -> Any:
        """The first column of the first row of a query, or None."""
        return await self.conn.fetchval(numbered(sql), *args)

    async def execute(self, sql: str, *args: Any) -> None:
        """Run a statement."""
        await self.conn.execute(numbered(sql), *args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once for each of `rows` (one round trip)."""
        await self.conn.executemany(numbered(sql), rows)


class PostgresDialect(Dialect):
    """PostgreSQL's SQL where it differs: jsonb operators, row locks."""

    games = (
        "SELECT g.*, (SELECT COALESCE(json_agg(json_build_object("
        + ", ".join(f"'{c}', p.{c}" for c in PLAYER_COLUMNS)
        + ") ORDER BY p.position), '[]') FROM players AS p WHERE p.game_id = g.id)"
        " AS players_json FROM games AS g"
    )
    # NO KEY UPDATE: inserts that reference the game (actions, posts) need not wait for it.
    lock_game = " FOR NO KEY UPDATE"
    lock_request = " FOR UPDATE"

    def merge(
        self, column: str, put: Mapping[str, Any], drop: Sequence[str] = ()
    ) -> tuple[str, list[Any]]:
        """`(column - drop) || put`: jsonb's own operators, in place."""
        expression, args = column, list[Any]()
        if drop:
            expression = f"({expression} - ?::text[])"
            args.append(list(drop))
        if put:
            expression = f"{expression} || ?::jsonb"
            args.append(dumps(dict(put)))
        return expression, args


class PostgresBackend(Backend):
    """A PostgreSQL database (DATABASE_URL=postgresql://user:pass@host/db)."""

    dialect = PostgresDialect()

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(url, redacted(url), clock=clock)
        self._pool: asyncpg.Pool[asyncpg.Record] | None = None
        self._listener: asyncio.Task[None] | None = None

    @property
    def pool(self) -> asyncpg.Pool[asyncpg.Record]:
        """The open pool."""
        if self._pool is None:
            raise StoreError("store is not open")
        return self._pool

    # ------------------------------------------------------------------ how steps run

    async def read(self, steps: Steps[T], *, single: bool = False, quick: bool = False) -> T:
        """Run `steps` in a read-only transaction that sees one moment (a game and its
        players agree), or, `single`, as one statement on a pooled connection (`quick` changes
        nothing here: every statement is awaited on the event loop)."""
        if single:
            async with self._connection() as conn:
                return await steps(PostgresConn(conn))
        async with self._snapshot() as conn:
            return await steps(PostgresConn(conn))

    async def write(self, steps: Steps[T], *, single: bool = False, quick: bool = False) -> T:
        """Run `steps` in one transaction (READ COMMITTED), or, `single`, as one statement
        on a pooled connection (atomic by itself; `quick` changes nothing here)."""
        if single:
            async with self._connection() as conn:
                return await steps(PostgresConn(conn))
        async with self._transaction() as conn:
            return await steps(PostgresConn(conn))

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
            raise self._refused(exc) from exc
        except asyncpg.UniqueViolationError as exc:
            raise Duplicate(str(exc)) from exc
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
                self._wrote()

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[Connection]:
        """A read-only transaction that sees one moment."""
        async with (
            self._connection() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield conn

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Open the pool, apply pending migrations, make sure the database can be written."""
        try:
            self._pool = await asyncpg.create_pool(
                self.url,
                min_size=POOL_MIN,
                max_size=POOL_MAX,
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
            await PostgresConn(conn).execute(META_SQL, str(self.clock()))

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
                    self.clock(),
                )
        return len(known)

    async def schema_version(self) -> int:
        """The newest migration applied to the database (0 when empty)."""
        async with self._connection() as conn:
            return await _version(conn)

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


def _setter(event: asyncio.Event) -> Callable[[object], None]:
    """A callback that sets `event`, whatever it is given."""
    return lambda _anything: event.set()


async def _version(conn: Connection) -> int:
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
