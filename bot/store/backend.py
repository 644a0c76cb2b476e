"""What a backend supplies to the store's one logic, and how that logic reaches it.

Every operation of the store (bot.store.store, .outbox, .jobs, .requests) is written once, as
*steps*: an async function of a `Conn` that runs the operation's statements in order and makes
rows of what they return. Its SQL is written once too, in what SQLite and PostgreSQL both
understand: `?` placeholders, `RETURNING`, `INSERT ... ON CONFLICT ... DO UPDATE`, `IN (?, ?)`
lists, `TRUE`/`FALSE`; JSON columns travel as JSON text both ways (bot.store.sql), so a row
reads the same from either. A backend supplies only what differs:

- how steps run: `Backend.read` (one consistent read) and `Backend.write` (one transaction);
  with `single=True` the steps are one statement, which needs no transaction of its own; with
  `quick=True` they are one of an action's few short operations (a game's row, the action's
  append, its posts read and marked shown, the story since a seat's last action), which SQLite
  runs on the event loop (below);
- its `Dialect`: the row locks only PostgreSQL takes (SQLite's BEGIN IMMEDIATE already holds
  the whole database's write lock), a game with its players in one statement, a merge of JSON
  keys in place; its `Conn` turns `?` into its own placeholders;
- its life cycle (connect, migrate, check that it can write, close), and telling the other
  processes on the database that a game changed (PostgreSQL's LISTEN/NOTIFY; nothing to tell on
  SQLite, which one process uses).

Why steps are coroutines: PostgreSQL awaits each statement on the event loop, while SQLite runs a
whole operation at once with plain sqlite3, which never waits: on its own thread in one
hand-over, or, for a quick operation, right there on the event loop (a few indexed rows take
tens of microseconds; handing them to SQLite's thread and back cost several times that). SQLite's
`Conn` completes the steps' coroutine in a single `send()`. Steps therefore await nothing but
their `Conn`, and only compute besides (a plan given to `Schedule.rewrite` runs in them).

A database that cannot be written (read-only, full, failing) refuses every change with
StoreReadOnly; `Backend._refused` and `Backend._wrote` log one warning when such an episode
starts and one line when it ends.
"""

from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar

from bot.store.base import StoreError, StoreReadOnly

T = TypeVar("T")

log = logging.getLogger("bot.store")


class Row(Protocol):
    """A row as both drivers give it: by column name or by position."""

    def __getitem__(self, key: Any, /) -> Any:
        """The value of a column."""


class Conn(Protocol):
    """One connection, inside one transaction (or for one statement); SQL with `?`."""

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """Every row of a query."""

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        """The first row of a query, or None."""

    async def fetchval(self, sql: str, *args: Any) -> Any:
        """The first column of the first row of a query, or None."""

    async def execute(self, sql: str, *args: Any) -> None:
        """Run a statement."""

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once for each of `rows`."""


# An operation's statements in order, on one connection: a coroutine awaiting nothing but it.
Steps: TypeAlias = Callable[[Conn], Coroutine[Any, Any, T]]


class Duplicate(StoreError):
    """A unique key refused a row (for an open game: the channel already has one)."""


class Dialect(ABC):
    """The SQL that is not the same on both backends."""

    # A SELECT of every column of a game (`g`) and of its players as a JSON array in join order
    # (`players_json`): the caller adds WHERE and the rest.
    games: str
    # After a SELECT of one game's (or request's) row: it stays locked until the transaction
    # ends, so changes that span several rows of one game happen one at a time. Nothing on
    # SQLite, whose write transaction holds the whole database.
    lock_game: str
    lock_request: str

    @abstractmethod
    def merge(
        self, column: str, put: Mapping[str, Any], drop: Sequence[str] = ()
    ) -> tuple[str, list[Any]]:
        """An expression of the JSON object in `column` with the keys `put` set (to their
        values, None as JSON null) and the keys `drop` removed, and its arguments. Keys are
        named like identifiers (bot.store.base.check_setting_keys)."""


class Backend(ABC):
    """One database: how the store's steps run on it, its dialect and its life cycle."""

    dialect: Dialect

    def __init__(self, url: str, where: str, *, clock: Callable[[], float] = time.time) -> None:
        self.url = url
        self.where = where  # the database as messages name it (a path; a URL, no password)
        self.clock = clock
        # Whether the last write worked (None until one was tried): a database that cannot
        # be written refuses every change until it can again, and the log says so once per
        # such episode, not once per refused change.
        self._writable: bool | None = None

    def _refused(self, exc: BaseException) -> StoreReadOnly:
        """The error for a write the database refused; the first refusal after a write that
        worked is logged (one line, no traceback: the cause is outside the bot)."""
        if self._writable:
            log.warning(
                "the database %s cannot be written (%s): every change is refused until it can",
                self.where,
                exc,
            )
        self._writable = False
        return StoreReadOnly(f"the database {self.where} cannot be written: {exc}")

    def _wrote(self) -> None:
        """A write worked: the end of an episode of refusals, if there was one, is logged."""
        if self._writable is False:
            log.info("the database %s can be written again", self.where)
        self._writable = True

    # ------------------------------------------------------------------ how steps run

    @abstractmethod
    async def read(self, steps: Steps[T], *, single: bool = False, quick: bool = False) -> T:
        """Run `steps` that only read, as one consistent read (`single`: one statement;
        `quick`: a few rows by their keys, on an action's path)."""

    @abstractmethod
    async def write(self, steps: Steps[T], *, single: bool = False, quick: bool = False) -> T:
        """Run `steps` as one transaction (`single`: one statement, atomic by itself;
        `quick`: a few rows by their keys, on an action's path); StoreReadOnly when the
        database cannot be written, StoreBusy when another process held a lock too long:
        nothing was changed then."""

    # ------------------------------------------------------------------ life cycle

    @abstractmethod
    async def open(self) -> None:
        """Connect, apply pending migrations, and make sure the database can be written
        (StoreReadOnly otherwise)."""

    @abstractmethod
    async def close(self) -> None:
        """Close the connections."""

    @abstractmethod
    async def check_writable(self) -> None:
        """Start-up: make sure the database can be written (StoreReadOnly otherwise)."""

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration newer than the database; refuse a database newer than us.
        Returns the schema version."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The schema version stored in the database (0 when empty)."""

    # ------------------------------------------------------------------ other processes

    @abstractmethod
    async def announce(self, game_id: int, guild_id: int) -> None:
        """Tell every process on this database that a game changed."""

    @abstractmethod
    async def listen(
        self, on_change: Callable[[int, int], None], on_gap: Callable[[], None]
    ) -> None:
        """From now until close(), call `on_change(game_id, guild_id)` for every announce()
        of any process, `on_gap()` after announcements may have been missed."""
