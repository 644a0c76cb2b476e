"""The SQLite backend of the store: aiosqlite, one connection, numbered migrations.

One connection per process, WAL journal. An operation of the store runs whole in one go
(`atomic`, `read`): its steps call plain sqlite3, so a transaction costs one trip between
threads, however many statements it has: on SQLite's own thread, or, for the quick operations
on an action's path (`quick=True`: a game's row, the action's append, its posts read and
marked shown, the story since a seat's last action: a few indexed rows), on the event loop
itself. Those take tens of microseconds of SQLite's time, and the trip to its thread and back
cost several times that in CPU; bulky reads (a server's ratings, a whole game's log) stay on
the thread, so the loop never waits on them. One operation uses the connection at a time
(`_lock`), on either side.

Every write is BEGIN IMMEDIATE ... COMMIT, which takes SQLite's write lock at once (other
processes respect it too), so every read-modify-write is atomic and needs no row lock. While
another process holds that lock, BEGIN is retried from asyncio, not inside SQLite: a quick
operation never waits for it on the loop (SQLite's busy timeout is 0 but on its own thread),
and between tries the connection is free, so reads of other games go on.

The WAL is checkpointed (its pages copied into the database file, which is then synced) every
CHECKPOINT_EVERY writes on SQLite's thread, not by SQLite's automatic checkpoint, which would
run inside whichever commit fills the log: on the event loop for a quick write.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlparse

import aiosqlite

from bot.store.backend import Backend, Conn, Dialect, Duplicate, Row, Steps
from bot.store.base import StoreBusy, StoreError, StoreReadOnly, UnsupportedDatabase, migrations
from bot.store.sql import META_SQL, PLAYER_COLUMNS, dumps

T = TypeVar("T")

log = logging.getLogger("bot.store")

# SQLite waits at most this long (ms) inside its own thread for another process's write lock;
# longer waits happen here, in asyncio, so one slow write never stalls every other game.
BUSY_TIMEOUT_MS = 50
BUSY_PATIENCE = 30.0  # seconds a write waits for the lock before giving up (StoreBusy)
# SQLite's primary result codes of a database that cannot be written: SQLITE_PERM,
# SQLITE_READONLY, SQLITE_IOERR ("disk I/O error"), SQLITE_FULL ("database or disk is full"),
# SQLITE_CANTOPEN (a journal or WAL file that cannot be created).
UNWRITABLE = frozenset({3, 8, 10, 13, 14})
UNWRITABLE_TEXT = ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open")
# SQLITE_CONSTRAINT_PRIMARYKEY and SQLITE_CONSTRAINT_UNIQUE: a key that is already taken.
DUPLICATE = frozenset({1555, 2067})
# Writes between two checkpoints of the WAL (on SQLite's thread). An action writes a few pages,
# so the log stays near the size at which SQLite's own checkpoint would run (1000 pages).
CHECKPOINT_EVERY = 200


def _busy(exc: BaseException) -> bool:
    text = str(exc)
    return "locked" in text or "busy" in text


def _unwritable(exc: BaseException) -> bool:
    """Whether a SQLite error says the database cannot be written now (rather than a bug)."""
    if not isinstance(exc, sqlite3.DatabaseError) or _busy(exc):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in UNWRITABLE
    return any(text in str(exc).lower() for text in UNWRITABLE_TEXT)


def sqlite_path(url: str) -> str:
    """The file path (or ":memory:") of a sqlite DATABASE_URL (its ?query aside)."""
    return _sqlite_parts(url)[0]


def _sqlite_parts(url: str) -> tuple[str, str]:
    """(path, query) of a sqlite DATABASE_URL; the query holds SQLite URI parameters such as
    mode=ro."""
    if "://" not in url:
        return url, ""  # a bare path
    parsed = urlparse(url)
    if parsed.scheme not in ("sqlite", "sqlite3"):
        raise UnsupportedDatabase(
            f"DATABASE_URL scheme {parsed.scheme!r} is not supported; use sqlite:///path.db"
        )
    # sqlite:///relative.db -> "relative.db"; sqlite:////abs/path.db -> "/abs/path.db"
    rest, _, query = url.split("://", 1)[1].partition("?")
    path = unquote(rest)
    if path.startswith("/"):
        path = path[1:]
    return path or ":memory:", query


class SqliteConn:
    """A `Conn` on a plain sqlite3 connection, on SQLite's thread: every call completes at
    once (RETURNING rows are all fetched, so no statement stays open across COMMIT)."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """Every row of a query."""
        return self.raw.execute(sql, args).fetchall()

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        """The first row of a query, or None."""
        rows = self.raw.execute(sql, args).fetchall()
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: Any) -> Any:
        """The first column of the first row of a query, or None."""
        rows = self.raw.execute(sql, args).fetchall()
        return rows[0][0] if rows else None

    async def execute(self, sql: str, *args: Any) -> None:
        """Run a statement."""
        self.raw.execute(sql, args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once for each of `rows`."""
        self.raw.executemany(sql, rows)


def run_now(raw: sqlite3.Connection, steps: Steps[T]) -> T:
    """Run `steps` on `raw`, here and to the end: with a `SqliteConn` their every await
    completes at once, so one send() runs the whole coroutine."""
    running = steps(SqliteConn(raw))
    try:
        running.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    running.close()
    raise RuntimeError("the store's steps awaited something other than their connection")


def _in_read(raw: sqlite3.Connection, steps: Steps[T]) -> T:
    """On SQLite's thread: BEGIN (a read transaction, one snapshot), the steps, COMMIT."""
    raw.execute("BEGIN")
    try:
        return run_now(raw, steps)
    finally:
        raw.execute("COMMIT")


def _in_transaction(
    raw: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]
) -> tuple[T, bool]:
    """On SQLite's thread: BEGIN IMMEDIATE, the work, COMMIT (ROLLBACK if it raises, or if
    COMMIT fails: a full disk may leave the transaction open). Returns the work's result and
    whether it changed anything."""
    changes = raw.total_changes
    raw.execute("BEGIN IMMEDIATE")
    try:
        result = work(raw)
        raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:
            # SQLite may have rolled back already (SQLITE_FULL, SQLITE_IOERR): then there is
            # nothing left to roll back.
            with contextlib.suppress(sqlite3.Error):
                raw.execute("ROLLBACK")
        raise
    return result, raw.total_changes != changes


def _patiently(raw: sqlite3.Connection, fn: Callable[..., T], *args: Any) -> T:
    """On SQLite's thread: `fn(raw, *args)`, SQLite waiting there up to BUSY_TIMEOUT_MS for
    another process's lock (the connection's busy timeout is 0 otherwise: on the event loop
    nothing waits)."""
    raw.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    try:
        return fn(raw, *args)
    finally:
        raw.execute("PRAGMA busy_timeout = 0")


def _checkpoint(raw: sqlite3.Connection) -> None:
    """On SQLite's thread: copy what the WAL holds into the database, as far as no reader
    still needs it (PASSIVE: never waits, never blocks a writer)."""
    raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


class SqliteDialect(Dialect):
    """SQLite's SQL where it differs: JSON1 functions, no row locks."""

    games = (
        "SELECT g.*, (SELECT json_group_array(json_object("
        + ", ".join(f"'{c}', p.{c}" for c in PLAYER_COLUMNS)
        + ")) FROM (SELECT * FROM players WHERE game_id = g.id ORDER BY position) AS p)"
        " AS players_json FROM games AS g"
    )
    lock_game = ""
    lock_request = ""

    def merge(
        self, column: str, put: Mapping[str, Any], drop: Sequence[str] = ()
    ) -> tuple[str, list[Any]]:
        """json_remove, then json_set with each key's JSON value (json_patch would drop a key
        set to null, and a null turn clock means "no clock")."""
        expression, args = column, list[Any]()
        if drop:
            expression = f"json_remove({expression}{', ?' * len(drop)})"
            args += [f'$."{key}"' for key in drop]
        if put:
            expression = f"json_set({expression}{', ?, json(?)' * len(put)})"
            for key, value in put.items():
                args += [f'$."{key}"', dumps(value)]
        return expression, args


class SqliteBackend(Backend):
    """A SQLite file (the default)."""

    dialect = SqliteDialect()

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        path, self._query = _sqlite_parts(url)
        super().__init__(url, path, clock=clock)
        self.path = path
        self._db: aiosqlite.Connection | None = None
        # Held around every use of the connection, on the loop or on SQLite's thread: one
        # operation at a time, so that no statement meets another's open transaction.
        self._lock = asyncio.Lock()
        self._writes = 0  # since the last checkpoint
        self._checkpointing: asyncio.Task[None] | None = None

    @property
    def db(self) -> aiosqlite.Connection:
        """The open connection."""
        if self._db is None:
            raise StoreError("store is not open")
        return self._db

    # ------------------------------------------------------------------ how steps run

    def _raw(self) -> sqlite3.Connection:
        raw: sqlite3.Connection | None = getattr(self.db, "_conn", None)
        assert raw is not None, "this aiosqlite exposes no connection"
        return raw

    async def _on_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` with the plain connection, on SQLite's thread in one hand-over (on the
        event loop with an aiosqlite that offers no way to). The caller holds `_lock`."""
        raw = self._raw()
        run = getattr(self.db, "_execute", None)
        if run is None:
            return fn(raw, *args)
        result: T = await run(_patiently, raw, fn, *args)
        return result

    def _here(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` with the plain connection, here on the event loop, never waiting for
        another process's lock (the connection's busy timeout is 0 but on SQLite's thread):
        sqlite3.OperationalError ("database is locked") at once instead. The caller holds
        `_lock`."""
        return fn(self._raw(), *args)

    async def read(self, steps: Steps[T], *, single: bool = False, quick: bool = False) -> T:
        """Run `steps` in one go, inside one read transaction (unless `single`): what it reads
        is one consistent state. `quick` runs here on the event loop (on SQLite's thread if
        another process holds a lock it needs, which WAL readers rarely meet)."""
        run: Callable[[sqlite3.Connection, Steps[T]], T] = run_now if single else _in_read
        async with self._lock:
            if quick:
                try:
                    return self._here(run, steps)
                except sqlite3.OperationalError as exc:
                    if not _busy(exc):
                        raise
            return await self._on_thread(run, steps)

    async def write(self, steps: Steps[T], *, single: bool = False, quick: bool = False) -> T:
        """Run `steps` inside BEGIN IMMEDIATE … COMMIT in one go (see `atomic`)."""
        return await self.atomic(lambda raw: run_now(raw, steps), quick=quick)

    async def atomic(self, work: Callable[[sqlite3.Connection], T], *, quick: bool = False) -> T:
        """Run `work` (plain sqlite3 calls) inside BEGIN IMMEDIATE … COMMIT in one go: on
        SQLite's own thread, or with `quick` here on the event loop. While another process
        holds the write lock it is retried from asyncio, the connection free meanwhile
        (StoreBusy after BUSY_PATIENCE seconds); a database that cannot be written raises
        StoreReadOnly, a key already taken Duplicate; nothing was changed then."""
        deadline = time.monotonic() + BUSY_PATIENCE
        pause = 0.01
        while True:
            try:
                async with self._lock:
                    done: tuple[T, bool] = (
                        self._here(_in_transaction, work)
                        if quick
                        else await self._on_thread(_in_transaction, work)
                    )
            except sqlite3.DatabaseError as exc:
                if _unwritable(exc):
                    raise self._refused(exc) from exc
                if getattr(exc, "sqlite_errorcode", None) in DUPLICATE:
                    raise Duplicate(str(exc)) from exc
                if not _busy(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise StoreBusy(f"the database {self.path} stayed locked") from exc
            else:
                result, wrote = done
                if wrote:
                    self._wrote()
                    self._count_write()
                return result
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.5)

    def _count_write(self) -> None:
        """Count a write; every CHECKPOINT_EVERY, checkpoint the WAL on SQLite's thread."""
        self._writes += 1
        if self._writes < CHECKPOINT_EVERY:
            return
        if self._checkpointing is None or self._checkpointing.done():
            self._writes = 0
            self._checkpointing = asyncio.create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        try:
            async with self._lock:
                if self._db is None:
                    return  # closed meanwhile: closing checkpoints anyway
                await self._on_thread(_checkpoint)
        except (sqlite3.Error, StoreError) as exc:
            # Not fatal: the log keeps every commit, and the next checkpoint tries again.
            log.warning("the database %s could not be checkpointed: %s", self.path, exc)

    # ------------------------------------------------------------------ other processes

    async def announce(self, game_id: int, guild_id: int) -> None:
        """Nothing to tell: a SQLite database serves one bot process, which owns every game
        (the settings refuse SQLite for a process that owns only some shards)."""

    async def listen(
        self, on_change: Callable[[int, int], None], on_gap: Callable[[], None]
    ) -> None:
        """Nothing to hear: no other process shares a SQLite database."""

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Open the connection, set the pragmas and apply pending migrations."""
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            if self._query:
                target = f"file:{self.path}?{self._query}"
                db = await aiosqlite.connect(
                    target, isolation_level=None, uri=True, check_same_thread=False
                )
            else:
                # Used from SQLite's thread and, for quick operations, from the event loop's
                # (one at a time: `_lock`).
                db = await aiosqlite.connect(
                    self.path, isolation_level=None, check_same_thread=False
                )
            db.row_factory = aiosqlite.Row
            self._db = db
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA journal_mode = WAL")
            # NORMAL in WAL mode: a committed transaction survives the process being killed
            # (the WAL is written before COMMIT returns); only a power cut may lose the newest.
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            # Checkpoints are made on SQLite's thread (CHECKPOINT_EVERY), not inside a commit.
            await db.execute("PRAGMA wal_autocheckpoint = 0")
            await self.migrate()
        except (OSError, aiosqlite.Error) as exc:
            raise StoreReadOnly(
                f"the database {self.path} cannot be opened and written: {exc}"
            ) from exc
        await self.check_writable()
        # From now on SQLite waits for another process's lock only on its own thread
        # (_patiently), never on the event loop.
        await self.db.execute("PRAGMA busy_timeout = 0")

    async def check_writable(self) -> None:
        """Start-up: make sure the database can be written (StoreReadOnly otherwise)."""

        async def steps(c: Conn) -> None:
            # SQLite's migrations make no bot_meta table (PostgreSQL's first one does).
            await c.execute(
                "CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT)"
            )
            await c.execute(META_SQL, str(self.clock()))

        try:
            await self.write(steps)
        except sqlite3.OperationalError as exc:
            raise StoreReadOnly(f"the database {self.path} cannot be written: {exc}") from exc

    async def close(self) -> None:
        """Close the connection (after a checkpoint under way)."""
        task, self._checkpointing = self._checkpointing, None
        if task is not None:
            await task
        async with self._lock:  # not under an operation (a quick one would run meanwhile)
            if self._db is not None:
                db, self._db = self._db, None
                await db.close()

    async def migrate(self) -> int:
        """Apply every migration newer than the database; refuse a database newer than us."""
        async with self._lock:
            version = await self.user_version()
            known = migrations("sqlite")
            if version > len(known):
                raise StoreError(
                    f"the database is at version {version}, newer than this bot ({len(known)})"
                )
            for number, _name, sql in known[version:]:
                # Each file holds its own BEGIN; ... PRAGMA user_version = N; COMMIT;
                await self.db.executescript(sql)
                assert await self.user_version() == number, f"migration {number} left no version"
            return len(known)

    async def schema_version(self) -> int:
        """The schema version stored in the database (SQLite's user_version)."""
        async with self._lock:
            return await self.user_version()

    async def user_version(self) -> int:
        """The schema version stored in the database."""
        rows = list(await self.db.execute_fetchall("PRAGMA user_version"))
        return int(rows[0][0]) if rows else 0
