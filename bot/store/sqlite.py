"""The SQLite backend of the store: aiosqlite, numbered migrations, an append-only action log.

One connection per process, WAL journal, every write inside `transaction()` (an asyncio lock
around BEGIN IMMEDIATE ... COMMIT), so coroutines never share an open transaction, and every
read-modify-write holds SQLite's write lock, which other processes respect too. An append
names the sequence number it expects; a different current number raises StaleGame, so of two
conflicting actions exactly one is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlparse

import aiosqlite
import orjson

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
    StoreReadOnly,
    UnsupportedDatabase,
    action_range,
    check_setting_keys,
    migrations,
    showable,
)

T = TypeVar("T")

# SQLite waits at most this long (ms) inside its own thread for another process's write lock;
# longer waits happen here, in asyncio, so one slow write never stalls every other game.
BUSY_TIMEOUT_MS = 50
BUSY_PATIENCE = 30.0  # seconds a write waits for the lock before giving up (StoreBusy)
# SQLite's primary result codes of a database that cannot be written: SQLITE_PERM,
# SQLITE_READONLY, SQLITE_IOERR ("disk I/O error"), SQLITE_FULL ("database or disk is full"),
# SQLITE_CANTOPEN (a journal or WAL file that cannot be created).
UNWRITABLE = frozenset({3, 8, 10, 13, 14})
UNWRITABLE_TEXT = ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open")


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


class SqliteStore(Store):
    """The store in a SQLite file (the default)."""

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(url, clock=clock)
        self.path, self._query = _sqlite_parts(url)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Open the connection, set the pragmas and apply pending migrations."""
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            if self._query:
                target = f"file:{self.path}?{self._query}"
                db = await aiosqlite.connect(target, isolation_level=None, uri=True)
            else:
                db = await aiosqlite.connect(self.path, isolation_level=None)
            db.row_factory = aiosqlite.Row
            self._db = db
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA journal_mode = WAL")
            # NORMAL in WAL mode: a committed transaction survives the process being killed
            # (the WAL is written before COMMIT returns); only a power cut may lose the newest.
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await self.migrate()
        except (OSError, aiosqlite.Error) as exc:
            raise StoreReadOnly(
                f"the database {self.path} cannot be opened and written: {exc}"
            ) from exc
        await self.check_writable()

    async def check_writable(self) -> None:
        """Start-up: make sure the database can be written (StoreReadOnly otherwise)."""
        try:
            async with self.transaction() as db:
                await db.execute(
                    "CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT)"
                )
                await db.execute(
                    "INSERT INTO bot_meta (key, value) VALUES ('opened_at', ?)"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (str(self._clock()),),
                )
        except aiosqlite.OperationalError as exc:
            raise StoreReadOnly(f"the database {self.path} cannot be written: {exc}") from exc

    async def close(self) -> None:
        """Close the connection."""
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        """The open connection."""
        if self._db is None:
            raise StoreError("store is not open")
        return self._db

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
        return await self.user_version()

    async def user_version(self) -> int:
        """The schema version stored in the database."""
        row = await _one(self.db, "PRAGMA user_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error), one at a time.

        While another process holds the write lock, BEGIN is retried from asyncio (with short
        pauses) rather than inside SQLite's thread, so reads of other games go on meanwhile;
        after BUSY_PATIENCE seconds StoreBusy is raised and nothing was changed. A database
        that cannot be written (read-only, full, failing) raises StoreReadOnly, nothing
        changed either."""
        async with self._lock:
            db = self.db
            changes = db.total_changes
            try:
                await self._begin()
                try:
                    yield db
                except BaseException:
                    await _rollback(db)
                    raise
                try:
                    await db.execute("COMMIT")
                except BaseException:
                    # A COMMIT that failed (a full disk) may leave the transaction open.
                    await _rollback(db)
                    raise
            except sqlite3.DatabaseError as exc:
                if _unwritable(exc):
                    raise self._refused(self.path, exc) from exc
                raise
            if db.total_changes != changes:
                self._wrote(self.path)

    async def atomic(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` (plain sqlite3 calls) inside BEGIN IMMEDIATE … COMMIT on SQLite's own
        thread: a whole transaction in one round trip, where `transaction()` makes one per
        statement (each a hand-over between threads, the costliest part of a hot write).
        While another process holds the write lock it is retried from asyncio, like
        `transaction()`."""
        run = getattr(self.db, "_execute", None)
        if run is None:  # an aiosqlite without it: one statement at a time, as everywhere
            async with self.transaction() as db:
                raw = getattr(db, "_conn", None)
                assert raw is not None, "this aiosqlite exposes no connection"
                return work(raw)
        deadline = time.monotonic() + BUSY_PATIENCE
        pause = 0.01
        async with self._lock:
            while True:
                try:
                    done: tuple[T, bool] = await run(_in_transaction, self.db._conn, work)
                except sqlite3.DatabaseError as exc:
                    if _unwritable(exc):
                        raise self._refused(self.path, exc) from exc
                    if not _busy(exc) or time.monotonic() >= deadline:
                        if _busy(exc):
                            raise StoreBusy(f"the database {self.path} stayed locked") from exc
                        raise
                else:
                    result, wrote = done
                    if wrote:
                        self._wrote(self.path)
                    return result
                await asyncio.sleep(pause)
                pause = min(pause * 2, 0.5)

    async def read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` (plain sqlite3 reads) on SQLite's thread in one round trip, inside one
        read transaction: what it reads is one consistent state, and never the uncommitted
        part of a `transaction()` open on this connection (it waits for it)."""
        run = getattr(self.db, "_execute", None)
        raw = getattr(self.db, "_conn", None)
        assert raw is not None, "this aiosqlite exposes no connection"
        async with self._lock:
            if run is None:  # an aiosqlite without it: on the event loop, as atomic() does
                return _in_read(raw, work)
            result: T = await run(_in_read, raw, work)
            return result

    async def _begin(self) -> None:
        deadline = time.monotonic() + BUSY_PATIENCE
        pause = 0.01
        while True:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                return
            except aiosqlite.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise StoreBusy(f"the database {self.path} stayed locked") from exc
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.5)

    # ------------------------------------------------------------------ other processes

    async def announce(self, game_id: int, guild_id: int) -> None:
        """Nothing to tell: a SQLite database serves one bot process, which owns every game
        (the settings refuse SQLite for a process that owns only some shards)."""

    async def listen(
        self, on_change: Callable[[int, int], None], on_gap: Callable[[], None]
    ) -> None:
        """Nothing to hear: no other process shares a SQLite database."""

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
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, game, options, settings, status,"
                    " creator_id, seed, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game,
                        _json(options),
                        _json(settings),
                        creator_id,
                        seed,
                        now,
                        now,
                    ),
                )
                game_id = cur.lastrowid
        except aiosqlite.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc
        assert game_id is not None
        return int(game_id)

    async def get_game(self, game_id: int) -> GameRow:
        """A game with its players (one query); GameNotFound if there is none."""
        row = await _one(self.db, GAME_WITH_PLAYERS, (game_id,))
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        return _game_with_players(row)

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel, if any."""
        row = _first(
            await _all(
                self.db,
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (channel_id,),
            )
        )
        return await self.get_game(int(row["id"])) if row else None

    async def latest_game_in(self, channel_id: int) -> GameRow | None:
        """The open game of a channel, or else the one that ended last."""
        row = _first(
            await _all(
                self.db,
                "SELECT id FROM games WHERE channel_id = ?"
                " ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
                (channel_id,),
            )
        )
        return await self.get_game(int(row["id"])) if row else None

    async def games_in_guild(self, guild_id: int, statuses: Iterable[str]) -> list[GameRow]:
        """Games of a server with one of these statuses, newest first."""
        wanted = list(statuses)
        marks = ", ".join("?" for _ in wanted)
        ids = [
            int(r["id"])
            for r in await _all(
                self.db,
                f"SELECT id FROM games WHERE guild_id = ? AND status IN ({marks}) ORDER BY id DESC",
                (guild_id, *wanted),
            )
        ]
        return [await self.get_game(i) for i in ids]

    async def active_game_ids(self, shards: Shards | None = None) -> list[int]:
        """Ids of every lobby and active game (of servers on `shards` only, when given)."""
        mine, args = _owned("games", shards)
        return [
            int(r["id"])
            for r in await _all(
                self.db,
                f"SELECT id FROM games WHERE status IN ('lobby', 'active') AND {mine} ORDER BY id",
                args,
            )
        ]

    async def set_status(
        self,
        game_id: int,
        status: str,
        post: Post | None = None,
        *,
        expect: Iterable[str] | None = None,
    ) -> bool:
        """Change a game's status (ended_at is set when it ends) and queue `post`; with
        `expect`, only if the status is one of those."""
        now = self._clock()
        ended = now if status in ("over", "abandoned") else None
        wanted = list(expect) if expect is not None else None
        condition = f" AND status IN ({', '.join('?' for _ in wanted)})" if wanted else ""
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET status = ?, updated_at = ?, ended_at = COALESCE(?, ended_at)"
                f" WHERE id = ?{condition}",
                (status, now, ended, game_id, *(wanted or ())),
            )
            if cur.rowcount != 1:
                return False
            if post is not None:
                row = _first(await _all(db, "SELECT seq FROM games WHERE id = ?", (game_id,)))
                await _queue(db, game_id, int(row["seq"]) if row else 0, post, now)
        return True

    async def set_message(self, game_id: int, kind: str, message_id: int | None) -> None:
        """Remember the lobby or turn message of a game."""
        column = {"lobby": "lobby_message_id", "turn": "turn_message_id"}[kind]
        async with self.transaction() as db:
            await db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (message_id, game_id))

    async def set_creator(self, game_id: int, user_id: int) -> None:
        """Hand a lobby to another of its players (its creator left)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE games SET creator_id = ?, updated_at = ? WHERE id = ?",
                (user_id, self._clock(), game_id),
            )

    async def update_settings(self, game_id: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Store these settings of a game (keys not given stay as they are), merged inside
        the database by one statement, and return them."""
        # json_set with each key's JSON value (json_patch would drop a key set to null, and a
        # null turn clock means "no clock").
        check_setting_keys(settings)
        paths = ", ".join("?, json(?)" for _ in settings)
        args: list[Any] = []
        for key, value in settings.items():
            args += [f"$.{key}", _json(value)]
        settings_sql = f"json_set(settings, {paths})" if settings else "settings"
        async with self.transaction() as db:
            cur = await db.execute(
                f"UPDATE games SET settings = {settings_sql}, updated_at = ? WHERE id = ?"
                " RETURNING settings",
                (*args, self._clock(), game_id),
            )
            row = await cur.fetchone()
            await cur.close()
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        return dict(_loads(row[0]))

    # ------------------------------------------------------------------ players

    async def players(self, game_id: int) -> list[PlayerRow]:
        """Every player of a game, in join order."""
        return [
            _player(r)
            for r in await _all(
                self.db, "SELECT * FROM players WHERE game_id = ? ORDER BY position", (game_id,)
            )
        ]

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
        async with self.transaction() as db:
            row = _first(
                await _all(
                    db,
                    "SELECT COALESCE(MAX(position), -1) + 1 FROM players WHERE game_id = ?",
                    (game_id,),
                )
            )
            position = int(row[0]) if row else 0
            await db.execute(
                "INSERT INTO players (game_id, position, user_id, name, is_ai, joined_at, locale)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, position, user_id, name, int(is_ai), now, locale),
            )
        return PlayerRow(game_id, position, user_id, name, None, is_ai, now, None, False, locale)

    async def remove_player(self, game_id: int, position: int) -> None:
        """Remove a lobby member."""
        async with self.transaction() as db:
            await db.execute(
                "DELETE FROM players WHERE game_id = ? AND position = ?", (game_id, position)
            )

    async def mark_left(self, game_id: int, position: int, left: bool = True) -> bool:
        """Mark a seated player as gone (or back); False when they already were."""
        already = "left_at IS NULL" if left else "left_at IS NOT NULL"
        async with self.transaction() as db:
            cur = await db.execute(
                f"UPDATE players SET left_at = ? WHERE game_id = ? AND position = ? AND {already}",
                (self._clock() if left else None, game_id, position),
            )
            return cur.rowcount == 1

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        """Remember whether a player's DMs are closed."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE players SET dm_closed = ? WHERE game_id = ? AND user_id = ?",
                (int(closed), game_id, user_id),
            )

    async def set_player_flag(self, game_id: int, position: int, flag: str, value: bool) -> None:
        """Set muted, remind_dm or stand_in for one player."""
        if flag not in ("muted", "remind_dm", "stand_in"):
            raise ValueError(flag)
        async with self.transaction() as db:
            await db.execute(
                f"UPDATE players SET {flag} = ? WHERE game_id = ? AND position = ?",
                (int(value), game_id, position),
            )

    async def set_player_prefs(
        self, game_id: int, position: int, changes: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Merge `changes` into one player's preferences atomically (None removes a key)."""

        def work(db: sqlite3.Connection) -> dict[str, Any]:
            row = db.execute(
                "SELECT prefs FROM players WHERE game_id = ? AND position = ?", (game_id, position)
            ).fetchone()
            prefs: dict[str, Any] = _loads(row[0]) if row else {}
            for key, value in changes.items():
                if value is None:
                    prefs.pop(key, None)
                else:
                    prefs[key] = value
            db.execute(
                "UPDATE players SET prefs = ? WHERE game_id = ? AND position = ?",
                (_json(prefs), game_id, position),
            )
            return prefs

        return await self.atomic(work)

    async def replace_player(
        self, game_id: int, position: int, *, user_id: int, name: str, locale: str | None
    ) -> None:
        """A newcomer takes a seat."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE players SET user_id = ?, name = ?, locale = ?, left_at = NULL,"
                " stand_in = 0, dm_closed = 0, muted = 0, remind_dm = 0, prefs = '{}'"
                " WHERE game_id = ? AND position = ?",
                (user_id, name, locale, game_id, position),
            )

    async def start_game(
        self,
        game_id: int,
        seats: Mapping[int, int],
        state: Mapping[str, Any],
        post: Post | None = None,
    ) -> None:
        """Seat the players (position -> seat), store the set-up state, mark the game active,
        and queue `post` in the same transaction."""
        now = self._clock()
        async with self.transaction() as db:
            row = _first(await _all(db, "SELECT status FROM games WHERE id = ?", (game_id,)))
            if row is None or row["status"] != "lobby":
                raise StaleGame(game_id, 0, -1)
            for position, seat in seats.items():
                await db.execute(
                    "UPDATE players SET seat = ? WHERE game_id = ? AND position = ?",
                    (seat, game_id, position),
                )
            await db.execute(
                "INSERT INTO snapshots (game_id, seq, state) VALUES (?, 0, ?)",
                (game_id, _json(state)),
            )
            await db.execute(
                "UPDATE games SET status = 'active', seq = 0, version = version + 1,"
                " updated_at = ? WHERE id = ?",
                (now, game_id),
            )
            if post is not None:
                await _queue(db, game_id, 0, post, now)

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
        # JSON is written here, off SQLite's thread.
        events_json = _json(events)
        state_json = _json(state) if over or seq % SNAPSHOT_EVERY == 0 else None
        post_row = _post_values(game_id, seq, post, now) if post is not None else None

        def work(db: sqlite3.Connection) -> None:
            cur = db.execute(
                "UPDATE games SET seq = ?, updated_at = ?, status = ?, version = version + 1,"
                " ended_at = CASE WHEN ? THEN ? ELSE ended_at END"
                " WHERE id = ? AND seq = ? AND status = 'active'"
                " AND (? IS NULL OR version = ?)",
                (
                    seq,
                    now,
                    "over" if over else "active",
                    over,
                    now,
                    game_id,
                    expected_seq,
                    expected_version,
                    expected_version,
                ),
            )
            if cur.rowcount != 1:
                row = db.execute("SELECT seq FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is None:
                    raise GameNotFound(f"no game {game_id}")
                raise StaleGame(game_id, expected_seq, int(row[0]))
            db.execute(
                "INSERT INTO actions (game_id, seq, seat, actor_id, origin, action, events, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, actor_id, origin, action, events_json, now),
            )
            if state_json is not None:
                db.execute(
                    "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                    (game_id, seq, state_json),
                )
            if post_row is not None:
                db.execute(QUEUE_SQL, post_row)

        await self.atomic(work)
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
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET seq = ?, updated_at = ?, version = version + 1"
                " WHERE id = ? AND seq = ? AND (? IS NULL OR version = ?)",
                (keep, self._clock(), game_id, expected_seq, expected_version, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleGame(game_id, expected_seq, -1)
            await db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
            await db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, keep))
            # Actions taken back before they were shown are never shown, and what else waits
            # (a notice, a DM) is told at the position the game returns to: no post may wait
            # for a seq the game no longer has.
            await db.execute(
                "DELETE FROM outbox WHERE game_id = ? AND seq > ? AND kind = 'action'",
                (game_id, keep),
            )
            await db.execute(
                "UPDATE outbox SET seq = ? WHERE game_id = ? AND seq > ?", (keep, game_id, keep)
            )
            if post is not None:
                await _queue(db, game_id, keep, post, self._clock())

    async def latest_snapshot(
        self, game_id: int, at_most: int | None = None
    ) -> tuple[int, dict[str, Any]]:
        """(seq, state) of the newest snapshot, or the newest at or before `at_most`."""
        sql = "SELECT seq, state FROM snapshots WHERE game_id = ?"
        args: tuple[Any, ...] = (game_id,)
        if at_most is not None:
            sql += " AND seq <= ?"
            args = (game_id, at_most)
        row = await _one(self.db, sql + " ORDER BY seq DESC LIMIT 1", args)
        if row is None:
            raise GameNotFound(f"game {game_id} has no state yet")
        return int(row["seq"]), _loads(row["state"])

    async def actions(
        self, game_id: int, *, after: int = 0, upto: int | None = None
    ) -> list[ActionRow]:
        """The stored actions with after < seq <= upto, in order."""
        sql = ACTIONS_SQL
        args: tuple[Any, ...] = (game_id, after)
        if upto is not None:
            sql += " AND seq <= ?"
            args = (game_id, after, upto)
        return [_action(r) for r in await _all(self.db, sql + " ORDER BY seq", args)]

    async def actions_since(self, game_id: int, seat: int) -> list[ActionRow]:
        """The stored actions after `seat`'s own last one, in order."""
        rows = await _all(self.db, ACTIONS_SINCE_SQL, (game_id, game_id, seat))
        return [_action(r) for r in rows]

    async def count_actions(self, game_id: int) -> int:
        """How many actions a game has stored."""
        row = _first(
            await _all(self.db, "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        )
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ the outbox

    async def queue(self, game_id: int, post: Post, *, seq: int | None = None) -> None:
        """Queue a post that no action causes (a notice, the end of a game)."""
        async with self.transaction() as db:
            if seq is None:
                row = _first(await _all(db, "SELECT seq FROM games WHERE id = ?", (game_id,)))
                if row is None:
                    raise GameNotFound(f"no game {game_id}")
                seq = int(row["seq"])
            await _queue(db, game_id, seq, post, self._clock())

    async def posts(self, game_id: int, limit: int = 200) -> list[PostRow]:
        """The posts of a game still waiting, oldest first."""
        return [_post(r) for r in await _all(self.db, POSTS_SQL, (game_id, limit))]

    async def pending(self, game_id: int, limit: int = 200) -> Pending:
        """The posts of a game still waiting, its row, and for the posts shown next their
        actions and the game's turn clock: one round trip, one consistent read."""

        def work(db: sqlite3.Connection) -> Pending:
            posts = [_post(r) for r in db.execute(POSTS_SQL, (game_id, limit)).fetchall()]
            if not posts:
                return Pending(posts, None)
            row = db.execute(GAME_WITH_PLAYERS, (game_id,)).fetchone()
            if row is None:
                raise GameNotFound(f"no game {game_id}")
            game = _game_with_players(row)
            out = Pending(posts, game)
            shown = showable(posts, game)
            if not shown:
                return out
            span = action_range(shown)
            if span is not None:
                rows = db.execute(ACTIONS_SQL + " AND seq <= ? ORDER BY seq", (game_id, *span))
                out.actions = {a.seq: a for a in map(_action, rows)}
            if game.status == "active":
                job = db.execute(JOB_SQL, (game_id, "clock")).fetchone()
                out.clock = _job(job) if job else None
            return out

        return await self.read(work)

    async def games_with_posts(self, shards: Shards | None = None) -> list[int]:
        """Ids of the games that have posts waiting (of servers on `shards` only, when
        given)."""
        if shards is None or shards.everything:
            sql = "SELECT DISTINCT game_id FROM outbox ORDER BY game_id"
            args: tuple[int, ...] = ()
        else:
            mine, args = _owned("games", shards)
            sql = (
                "SELECT DISTINCT outbox.game_id FROM outbox JOIN games ON games.id ="
                f" outbox.game_id WHERE {mine} ORDER BY outbox.game_id"
            )
        return [int(r["game_id"]) for r in await _all(self.db, sql, args)]

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
        rows = [_post_values(game_id, int(p.payload.get("seq", 0)), p, now) for p in then or []]
        marks = ", ".join("?" for _ in ids)

        def work(db: sqlite3.Connection) -> None:
            if ids:
                db.execute(
                    f"DELETE FROM outbox WHERE game_id = ? AND id IN ({marks})", (game_id, *ids)
                )
            if turn_message_id is not None or clear_turn_message:
                db.execute(
                    "UPDATE games SET turn_message_id = ? WHERE id = ?",
                    (turn_message_id, game_id),
                )
            if rows:
                db.executemany(QUEUE_SQL, rows)

        await self.atomic(work)


POSTS_SQL = "SELECT * FROM outbox WHERE game_id = ? ORDER BY id LIMIT ?"
ACTIONS_SQL = "SELECT * FROM actions WHERE game_id = ? AND seq > ?"
ACTIONS_SINCE_SQL = (
    "SELECT * FROM actions WHERE game_id = ? AND seq > (SELECT COALESCE(MAX(seq), 0)"
    " FROM actions WHERE game_id = ? AND seat = ?) ORDER BY seq"
)
JOB_SQL = "SELECT * FROM jobs WHERE game_id = ? AND kind = ?"
QUEUE_SQL = "INSERT INTO outbox (game_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)"


def _post_values(game_id: int, seq: int, post: Post, now: float) -> tuple[Any, ...]:
    return (game_id, seq, post.kind, _json(post.payload), now)


async def _queue(db: aiosqlite.Connection, game_id: int, seq: int, post: Post, now: float) -> None:
    await db.execute(QUEUE_SQL, _post_values(game_id, seq, post, now))


def _in_read(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """On SQLite's thread: BEGIN (a read transaction, one snapshot), the work, COMMIT."""
    db.execute("BEGIN")
    try:
        return work(db)
    finally:
        db.execute("COMMIT")


def _in_transaction(
    db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]
) -> tuple[T, bool]:
    """On SQLite's thread: BEGIN IMMEDIATE, the work, COMMIT (ROLLBACK if it raises, or if
    COMMIT fails: a full disk may leave the transaction open). Returns the work's result and
    whether it changed anything."""
    changes = db.total_changes
    db.execute("BEGIN IMMEDIATE")
    try:
        result = work(db)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            # SQLite may have rolled back already (SQLITE_FULL, SQLITE_IOERR): then there is
            # nothing left to roll back.
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise
    return result, db.total_changes != changes


async def _rollback(db: aiosqlite.Connection) -> None:
    """ROLLBACK, unless SQLite already rolled back (as it does after SQLITE_FULL or
    SQLITE_IOERR, when a second ROLLBACK would fail)."""
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            await db.execute("ROLLBACK")


def _owned(games: str, shards: Shards | None) -> tuple[str, tuple[int, ...]]:
    """A condition on the games table (named `games`) keeping the games of servers on
    `shards` (always true without shards), and its arguments."""
    if shards is None or shards.everything:
        return "1", ()
    marks = ", ".join("?" for _ in shards.ids)
    return f"(({games}.guild_id >> 22) % ?) IN ({marks})", (shards.count, *shards.ids)


def _busy(exc: BaseException) -> bool:
    text = str(exc)
    return "locked" in text or "busy" in text


def _post(r: aiosqlite.Row) -> PostRow:
    return PostRow(
        id=int(r["id"]),
        game_id=int(r["game_id"]),
        seq=int(r["seq"]),
        kind=r["kind"],
        payload=_loads(r["payload"]),
        created_at=float(r["created_at"]),
    )


class SqliteSchedule(Schedule):
    """The jobs table of a SQLite store."""

    store: SqliteStore

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
        """Plan (or re-plan) the job `kind` of a game."""
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO jobs (game_id, kind, seq, due_at, count, seats)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind) DO UPDATE SET seq = excluded.seq,"
                " due_at = excluded.due_at, count = excluded.count, seats = excluded.seats",
                (game_id, kind, seq, due_at, count, _json(seats or [])),
            )

    async def all(self, game_id: int) -> dict[str, JobRow]:
        """Every planned job of a game, by kind."""
        return {
            row.kind: row
            for row in map(
                _job,
                await _all(self.store.db, "SELECT * FROM jobs WHERE game_id = ?", (game_id,)),
            )
        }

    async def replace(
        self, game_id: int, jobs: list[JobRow], *, version: int | None = None
    ) -> bool:
        """Make `jobs` the game's whole plan, in one transaction (under SQLite's write
        lock); with `version`, only while the game is at that version."""
        return await self.rewrite(game_id, lambda _: jobs, version=version) is not None

    async def rewrite(
        self,
        game_id: int,
        plan: Callable[[dict[str, JobRow]], list[JobRow]],
        *,
        version: int | None = None,
    ) -> list[JobRow] | None:
        """Read the game's jobs, make `plan` of them its whole plan: one transaction, one
        round trip (`plan` runs on SQLite's thread); with `version`, only while the game is
        at that version (None otherwise)."""

        def work(db: sqlite3.Connection) -> list[JobRow] | None:
            if version is not None:
                row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is None or int(row[0]) != version:
                    return None
            rows = db.execute("SELECT * FROM jobs WHERE game_id = ?", (game_id,))
            jobs = plan({job.kind: job for job in map(_job, rows)})
            db.execute("DELETE FROM jobs WHERE game_id = ?", (game_id,))
            if jobs:
                db.executemany(
                    "INSERT INTO jobs (game_id, kind, seq, due_at, count, seats)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    [(j.game_id, j.kind, j.seq, j.due_at, j.count, _json(j.seats)) for j in jobs],
                )
            return jobs

        return await self.store.atomic(work)

    async def get(self, game_id: int, kind: str) -> JobRow | None:
        """One job of a game, if planned."""
        row = _first(await _all(self.store.db, JOB_SQL, (game_id, kind)))
        return _job(row) if row else None

    async def drop(self, game_id: int, *kinds: str) -> None:
        """Forget jobs of a game (all of them when no kind is named)."""
        async with self.store.transaction() as db:
            if kinds:
                marks = ", ".join("?" for _ in kinds)
                await db.execute(
                    f"DELETE FROM jobs WHERE game_id = ? AND kind IN ({marks})", (game_id, *kinds)
                )
            else:
                await db.execute("DELETE FROM jobs WHERE game_id = ?", (game_id,))

    async def claim(self, job: JobRow, *, next_due: float | None) -> bool:
        """Take a due job before acting on it: re-plan it at `next_due` or delete it.

        Returns False when the job changed meanwhile (someone acted): then it is not ours.
        Claiming first means a restart never repeats a reminder that was already sent; a
        later `next_due` also serves as a lease (see bot.scheduler).
        """
        async with self.store.transaction() as db:
            if next_due is None:
                cur = await db.execute(
                    "DELETE FROM jobs WHERE game_id = ? AND kind = ? AND seq = ? AND due_at = ?",
                    (job.game_id, job.kind, job.seq, job.due_at),
                )
            else:
                cur = await db.execute(
                    "UPDATE jobs SET due_at = ?, count = count + 1"
                    " WHERE game_id = ? AND kind = ? AND seq = ? AND due_at = ?",
                    (next_due, job.game_id, job.kind, job.seq, job.due_at),
                )
            return cur.rowcount == 1

    async def postpone(self, job: JobRow, due_at: float) -> bool:
        """Move a job to `due_at` if it is still as read (one conditional statement)."""
        async with self.store.transaction() as db:
            cur = await db.execute(
                "UPDATE jobs SET due_at = ?"
                " WHERE game_id = ? AND kind = ? AND seq = ? AND due_at = ?",
                (due_at, job.game_id, job.kind, job.seq, job.due_at),
            )
            return cur.rowcount == 1

    async def due(self, now: float, limit: int = 100, shards: Shards | None = None) -> list[JobRow]:
        """Jobs due at `now`, oldest first (of games of servers on `shards` only, when
        given)."""
        if shards is None or shards.everything:
            sql = "SELECT * FROM jobs WHERE due_at <= ? ORDER BY due_at LIMIT ?"
            args: tuple[Any, ...] = (now, limit)
        else:
            mine, owned = _owned("games", shards)
            sql = (
                "SELECT jobs.* FROM jobs JOIN games ON games.id = jobs.game_id"
                f" WHERE jobs.due_at <= ? AND {mine} ORDER BY jobs.due_at LIMIT ?"
            )
            args = (now, *owned, limit)
        return [_job(r) for r in await _all(self.store.db, sql, args)]

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the next job is due, if any (of games of servers on `shards` only, when
        given)."""
        if shards is None or shards.everything:
            row = await _one(self.store.db, "SELECT MIN(due_at) FROM jobs")
        else:
            mine, args = _owned("games", shards)
            row = await _one(
                self.store.db,
                "SELECT MIN(jobs.due_at) FROM jobs JOIN games ON games.id = jobs.game_id"
                f" WHERE {mine}",
                args,
            )
        return float(row[0]) if row and row[0] is not None else None


class SqliteRequests(Requests):
    """The requests table of a SQLite store."""

    store: SqliteStore

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
        async with self.store.transaction() as db:
            await db.execute(
                "UPDATE requests SET status = 'stale'"
                " WHERE game_id = ? AND kind = ? AND status = 'open'",
                (game_id, kind),
            )
            cur = await db.execute(
                "INSERT INTO requests (game_id, kind, seq, requester_id, target_seat, needed,"
                " created_at, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    kind,
                    seq,
                    requester_id,
                    target_seat,
                    _json(needed),
                    now,
                    _json(note or {}),
                ),
            )
            request_id = cur.lastrowid
        assert request_id is not None
        found = await self.get(int(request_id))
        assert found is not None
        return found

    async def get(self, request_id: int) -> RequestRow | None:
        """A request by id."""
        row = _first(
            await _all(self.store.db, "SELECT * FROM requests WHERE id = ?", (request_id,))
        )
        return _request(row) if row else None

    async def vote(self, request_id: int, user_id: int, agree: bool) -> tuple[str, RequestRow]:
        """Count one vote atomically: ("waiting" | "done" | "refused", the request after it).

        The read and the write are one transaction (BEGIN IMMEDIATE holds the write lock), so
        two people voting at once both count. Raises LookupError("request_closed") when the
        request is not open, PermissionError when this user is not asked.
        """
        async with self.store.transaction() as db:
            row = _first(await _all(db, "SELECT * FROM requests WHERE id = ?", (request_id,)))
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
            await db.execute(
                "UPDATE requests SET agreed = ?, status = ? WHERE id = ?",
                (_json(request.agreed), request.status, request_id),
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
        if agreed is not None:
            sets.append("agreed = ?")
            args.append(_json(agreed))
        if status is not None:
            sets.append("status = ?")
            args.append(status)
        if message_id is not None:
            sets.append("message_id = ?")
            args.append(message_id)
        async with self.store.transaction() as db:
            cur = await db.execute(
                f"UPDATE requests SET {', '.join(sets)} WHERE id = ? AND status = ?",
                (*args, request_id, expect_status),
            )
            return cur.rowcount == 1


def _job(r: aiosqlite.Row) -> JobRow:
    return JobRow(
        game_id=int(r["game_id"]),
        kind=r["kind"],
        seq=int(r["seq"]),
        due_at=float(r["due_at"]),
        count=int(r["count"]),
        seats=_loads(r["seats"]),
    )


def _request(r: aiosqlite.Row) -> RequestRow:
    return RequestRow(
        id=int(r["id"]),
        game_id=int(r["game_id"]),
        kind=r["kind"],
        seq=int(r["seq"]),
        requester_id=int(r["requester_id"]),
        target_seat=r["target_seat"],
        needed=_loads(r["needed"]),
        agreed=_loads(r["agreed"]),
        status=r["status"],
        message_id=r["message_id"],
        created_at=float(r["created_at"]),
        note=_loads(r["note"] or "{}"),
    )


async def _all(db: aiosqlite.Connection, sql: str, args: Iterable[Any] = ()) -> list[Any]:
    """Every row of a query, in one round trip to SQLite's thread (a cursor costs three)."""
    return list(await db.execute_fetchall(sql, tuple(args)))


def _first(rows: Iterable[Any]) -> Any:
    """The first of some rows, or None."""
    return next(iter(rows), None)


async def _one(db: aiosqlite.Connection, sql: str, args: Iterable[Any] = ()) -> Any:
    """The first row of a query, or None, in one round trip."""
    rows = await db.execute_fetchall(sql, tuple(args))
    return next(iter(rows), None)


# orjson: the same JSON as json.dumps(separators=(",", ":"), sort_keys=True) (UTF-8 rather
# than \u escapes), several times faster on every state, event and post stored or read.
_loads = orjson.loads


def _json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def _game(r: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=int(r["id"]),
        guild_id=int(r["guild_id"]),
        channel_id=int(r["channel_id"]),
        game=r["game"],
        options=_loads(r["options"]),
        settings=_loads(r["settings"]),
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


def _game_with_players(r: aiosqlite.Row) -> GameRow:
    game = _game(r)
    game.players = [_player(p) for p in _loads(r["players_json"])]
    return game


PLAYER_COLUMNS = (
    "prefs",
    "game_id",
    "position",
    "user_id",
    "name",
    "seat",
    "is_ai",
    "joined_at",
    "left_at",
    "dm_closed",
    "locale",
    "muted",
    "remind_dm",
    "stand_in",
)
# A game and its players in one round trip: the players as a JSON array, in join order.
GAME_WITH_PLAYERS = (
    "SELECT g.*, (SELECT json_group_array(json_object("
    + ", ".join(f"'{c}', p.{c}" for c in PLAYER_COLUMNS)
    + ")) FROM (SELECT * FROM players WHERE game_id = g.id ORDER BY position) AS p)"
    " AS players_json FROM games AS g WHERE g.id = ?"
)


def _player(r: Mapping[str, Any]) -> PlayerRow:
    return PlayerRow(
        game_id=int(r["game_id"]),
        position=int(r["position"]),
        user_id=r["user_id"],
        name=r["name"],
        seat=r["seat"],
        is_ai=bool(r["is_ai"]),
        joined_at=r["joined_at"],
        left_at=r["left_at"],
        dm_closed=bool(r["dm_closed"]),
        locale=r["locale"],
        muted=bool(r["muted"]),
        remind_dm=bool(r["remind_dm"]),
        stand_in=bool(r["stand_in"]),
        prefs=_prefs(r["prefs"]),
    )


def _prefs(value: Any) -> dict[str, Any]:
    """Preferences from a row: a JSON text (or, inside a JSON array of players, an object)."""
    if isinstance(value, dict):
        return value
    return dict(_loads(value)) if value else {}


def _action(r: aiosqlite.Row) -> ActionRow:
    return ActionRow(
        game_id=int(r["game_id"]),
        seq=int(r["seq"]),
        seat=int(r["seat"]),
        actor_id=r["actor_id"],
        origin=r["origin"],
        action=r["action"],
        events=_loads(r["events"]),
        at=r["at"],
    )


SqliteStore.schedule_type = SqliteSchedule
SqliteStore.requests_type = SqliteRequests
