"""The store's interface, its rows and errors, and the choice of a backend from DATABASE_URL.

The rest of the bot sees only what is here: no driver type, placeholder style or SQL dialect.
`Store(url)` gives the backend that the URL names (as `pathlib.Path(...)` gives a
`PosixPath`), and `Schedule(store)` / `Requests(store)` give that backend's jobs and requests.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, ClassVar
from urllib.parse import urlsplit

from bot.shards import Shards

SNAPSHOT_EVERY = 8  # actions between two state snapshots; loading replays at most this many

log = logging.getLogger("bot.store")


class StoreError(Exception):
    """Base of the store's errors."""


class StaleGame(StoreError):
    """Someone acted first: the game's sequence number is not the expected one."""

    def __init__(self, game_id: int, expected: int, current: int) -> None:
        super().__init__(f"game {game_id}: expected seq {expected}, found {current}")
        self.game_id = game_id
        self.expected = expected
        self.current = current


class GameNotFound(StoreError):
    """No such game."""


class ChannelBusy(StoreError):
    """The channel already has an open game."""


class StoreBusy(StoreError):
    """Another process held a lock the change needed for too long: nothing was changed."""


class StoreReadOnly(StoreError):
    """The database cannot be written (a read-only file, folder, server or role; a full disk;
    an I/O error): nothing was changed."""


class UnsupportedDatabase(StoreError):
    """DATABASE_URL names a database this build cannot use."""


@dataclass(slots=True)
class PlayerRow:
    """A player of a game (a lobby member until the game starts)."""

    game_id: int
    position: int
    user_id: int | None
    name: str
    seat: int | None
    is_ai: bool
    joined_at: float
    left_at: float | None
    dm_closed: bool
    locale: str | None
    muted: bool = False
    remind_dm: bool = False
    stand_in: bool = False
    # The player's own preferences in this game: away_until (a time), quiet hours
    # ({"tz", "start", "end"}), notify (a DM on every turn).
    prefs: dict[str, Any] = field(default_factory=dict)

    @property
    def automated(self) -> bool:
        """True when the bot plays this seat (an AI seat, or a stand-in for a person)."""
        return self.is_ai or self.stand_in


@dataclass(slots=True)
class JobRow:
    """A planned reminder, turn clock or reaction timeout."""

    game_id: int
    kind: str
    seq: int
    due_at: float
    count: int
    seats: list[int]


@dataclass(slots=True)
class RequestRow:
    """A request that needs the other players' agreement (undo, takeover)."""

    id: int
    game_id: int
    kind: str
    seq: int
    requester_id: int
    target_seat: int | None
    needed: list[int]
    agreed: list[int]
    status: str
    message_id: int | None
    created_at: float
    note: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class GameRow:
    """A game's row with its players."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    settings: dict[str, Any]
    status: str
    creator_id: int
    seed: int
    seq: int
    lobby_message_id: int | None
    turn_message_id: int | None
    created_at: float
    updated_at: float
    ended_at: float | None
    players: list[PlayerRow] = field(default_factory=list)
    # Bumped by every change of the log (start, action, undo): unlike seq, which an undo and
    # a new action bring back, it never repeats, so a state or plan made for one version is
    # never mistaken for another's.
    version: int = 0

    @property
    def line(self) -> int:
        """Which line of play the game is on: an action raises seq and version by one, an
        undo lowers seq and raises version, so `version - seq` stays the same exactly as long
        as no undo happened (in any process). A state kept for (line, seq) is still the state
        of that seq while the game is on that line."""
        return self.version - self.seq

    def seated(self) -> list[PlayerRow]:
        """Players with a seat, by seat."""
        return sorted((p for p in self.players if p.seat is not None), key=lambda p: p.seat or 0)

    def player_of(self, user_id: int) -> PlayerRow | None:
        """The player row of a Discord user, if they are in this game."""
        for p in self.players:
            if p.user_id == user_id:
                return p
        return None

    def player_at(self, seat: int) -> PlayerRow:
        """The player in `seat`."""
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)


@dataclass(frozen=True, slots=True)
class Post:
    """Something to show on Discord, written with the change that causes it."""

    kind: str  # start, action, undo, notice, end, dm
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class PostRow:
    """A stored post waiting in the outbox."""

    id: int
    game_id: int
    seq: int
    kind: str
    payload: dict[str, Any]
    created_at: float


@dataclass(slots=True)
class ActionRow:
    """One stored action."""

    game_id: int
    seq: int
    seat: int
    actor_id: int | None
    origin: str
    action: str
    events: list[dict[str, Any]]
    at: float


@dataclass(slots=True)
class Pending:
    """A game's waiting posts, read together with what showing the next of them needs."""

    posts: list[PostRow]  # oldest first
    game: GameRow | None  # None when nothing waits
    # The stored actions of the posts shown next (`showable`), by seq.
    actions: dict[int, ActionRow] = field(default_factory=dict)
    clock: JobRow | None = None  # the turn clock of an active game


def showable(posts: list[PostRow], game: GameRow) -> list[PostRow]:
    """The posts the channel's next message shows: the waiting ones up to the first the
    game's read state has not reached (a post of an action committed after it). None when a
    DM comes first (it is sent on its own)."""
    if any(p.kind == "dm" for p in posts):
        return []
    shown = []
    for post in posts:
        if post.seq > game.seq:
            break
        shown.append(post)
    return shown


def action_range(posts: list[PostRow]) -> tuple[int, int] | None:
    """(after, upto) of the stored actions that `posts` name, if any."""
    seqs = [p.seq for p in posts if p.kind == "action"]
    return (min(seqs) - 1, max(seqs)) if seqs else None


BACKENDS = ("sqlite", "postgres")


def backend_name(url: str) -> str:
    """The backend a DATABASE_URL names: "sqlite" (a sqlite:// URL or a bare path) or
    "postgres" (postgresql:// or postgres://); UnsupportedDatabase for anything else."""
    if "://" not in url:
        return "sqlite"  # a bare path
    scheme = urlsplit(url).scheme.lower()
    if scheme in ("sqlite", "sqlite3"):
        return "sqlite"
    if scheme in ("postgresql", "postgres"):
        return "postgres"
    raise UnsupportedDatabase(
        f"DATABASE_URL scheme {scheme!r} is not supported: use sqlite:///path.db"
        " or postgresql://user:password@host/database."
    )


def migrations(backend: str = "sqlite") -> list[tuple[int, str, str]]:
    """(number, name, sql) of every migration of a backend (bot/migrations/<backend>/), in
    order."""
    if backend not in BACKENDS:
        raise ValueError(backend)
    out = []
    folder = resources.files("bot").joinpath("migrations", backend)
    for entry in folder.iterdir():
        m = re.fullmatch(r"(\d{4})_(\w+)\.sql", entry.name)
        if m:
            out.append((int(m.group(1)), m.group(2), entry.read_text("utf-8")))
    out.sort()
    numbers = [n for n, _, _ in out]
    assert numbers == list(range(1, len(out) + 1)), f"migrations must be numbered 1..n: {numbers}"
    return out


SETTING_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def check_setting_keys(settings: Mapping[str, Any]) -> None:
    """Settings are named like identifiers (so every backend can address them in its JSON);
    ValueError for any other key."""
    for key in settings:
        if not SETTING_KEY.fullmatch(key):
            raise ValueError(f"a setting is named like an identifier, not {key!r}")


def _unsupported(self: object, name: str) -> NotImplementedError:
    return NotImplementedError(f"{type(self).__name__} does not implement {name}")


class Store:
    """All database access of the bot: `Store(url)` is the backend that `url` names.

    Every method is one transaction of its own (or a single statement): no lock is held once
    it returns, so none is held across rendering or Discord calls. Every read-modify-write is
    atomic in the database itself, so several processes may share one database.
    """

    schedule_type: ClassVar[type[Schedule]]
    requests_type: ClassVar[type[Requests]]

    def __new__(cls, url: str, *, clock: Callable[[], float] = time.time) -> Store:
        """The backend that `url` names (SQLite by default, PostgreSQL for postgresql://)."""
        target: type[Store] = cls
        if cls is Store:
            name = backend_name(url)
            if name == "postgres":
                from bot.store.postgres import PostgresStore

                target = PostgresStore
            else:
                from bot.store.sqlite import SqliteStore

                target = SqliteStore
        return super().__new__(target)

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        self.url = url
        self._clock = clock
        # Whether the last write worked (None until one was tried): a database that cannot
        # be written refuses every change until it can again, and the log says so once per
        # such episode, not once per refused change.
        self._writable: bool | None = None

    def _refused(self, where: str, exc: BaseException) -> StoreReadOnly:
        """The error for a write the database refused; the first refusal after a write that
        worked is logged (one line, no traceback: the cause is outside the bot)."""
        if self._writable:
            log.warning(
                "the database %s cannot be written (%s): every change is refused until it can",
                where,
                exc,
            )
        self._writable = False
        return StoreReadOnly(f"the database {where} cannot be written: {exc}")

    def _wrote(self, where: str) -> None:
        """A write worked: the end of an episode of refusals, if there was one, is logged."""
        if self._writable is False:
            log.info("the database %s can be written again", where)
        self._writable = True

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Connect, apply pending migrations, and make sure the database can be written
        (StoreReadOnly otherwise)."""
        raise _unsupported(self, "open")

    async def close(self) -> None:
        """Close the connections."""
        raise _unsupported(self, "close")

    async def check_writable(self) -> None:
        """Start-up: make sure the database can be written (StoreReadOnly otherwise)."""
        raise _unsupported(self, "check_writable")

    async def migrate(self) -> int:
        """Apply every migration newer than the database; refuse a database newer than us.
        Returns the schema version."""
        raise _unsupported(self, "migrate")

    async def schema_version(self) -> int:
        """The schema version stored in the database (0 when empty)."""
        raise _unsupported(self, "schema_version")

    # ------------------------------------------------------------------ other processes

    async def announce(self, game_id: int, guild_id: int) -> None:
        """Tell every process on this database that a game changed (the process that owns
        its server then posts what it queued and lets its AI seats move)."""
        raise _unsupported(self, "announce")

    async def listen(
        self, on_change: Callable[[int, int], None], on_gap: Callable[[], None]
    ) -> None:
        """From now until close(), call `on_change(game_id, guild_id)` for every announce()
        of any process; `on_gap()` after announcements may have been missed (the listening
        connection was lost and came back), so the caller looks at everything again."""
        raise _unsupported(self, "listen")

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
        raise _unsupported(self, "create_game")

    async def get_game(self, game_id: int) -> GameRow:
        """A game with its players; GameNotFound if there is none."""
        raise _unsupported(self, "get_game")

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel, if any."""
        raise _unsupported(self, "open_game_in")

    async def latest_game_in(self, channel_id: int) -> GameRow | None:
        """The open game of a channel, or else the one that ended last."""
        raise _unsupported(self, "latest_game_in")

    async def games_in_guild(self, guild_id: int, statuses: Iterable[str]) -> list[GameRow]:
        """Games of a server with one of these statuses, newest first."""
        raise _unsupported(self, "games_in_guild")

    async def active_game_ids(self, shards: Shards | None = None) -> list[int]:
        """Ids of every lobby and active game (of servers on `shards` only, when given)."""
        raise _unsupported(self, "active_game_ids")

    async def set_status(
        self,
        game_id: int,
        status: str,
        post: Post | None = None,
        *,
        expect: Iterable[str] | None = None,
    ) -> bool:
        """Change a game's status (ended_at is set when it ends) and queue `post`; with
        `expect`, only if the status is one of those (False, and nothing changed, if not: two
        processes ending one game at once end it once)."""
        raise _unsupported(self, "set_status")

    async def set_message(self, game_id: int, kind: str, message_id: int | None) -> None:
        """Remember the lobby or turn message of a game."""
        raise _unsupported(self, "set_message")

    async def set_creator(self, game_id: int, user_id: int) -> None:
        """Hand a lobby to another of its players (its creator left)."""
        raise _unsupported(self, "set_creator")

    async def update_settings(self, game_id: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Store these settings of a game: the keys given replace the stored ones, in the
        database (keys not given stay as they are), so two changes at once both land.
        Returns the game's settings after the change (GameNotFound if there is no game)."""
        raise _unsupported(self, "update_settings")

    # ------------------------------------------------------------------ players

    async def players(self, game_id: int) -> list[PlayerRow]:
        """Every player of a game, in join order."""
        raise _unsupported(self, "players")

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
        raise _unsupported(self, "add_player")

    async def remove_player(self, game_id: int, position: int) -> None:
        """Remove a lobby member."""
        raise _unsupported(self, "remove_player")

    async def mark_left(self, game_id: int, position: int, left: bool = True) -> bool:
        """Mark a seated player as gone (or back); False when they already were."""
        raise _unsupported(self, "mark_left")

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        """Remember whether a player's DMs are closed."""
        raise _unsupported(self, "set_dm_closed")

    async def set_player_flag(self, game_id: int, position: int, flag: str, value: bool) -> None:
        """Set muted, remind_dm or stand_in for one player."""
        raise _unsupported(self, "set_player_flag")

    async def set_player_prefs(
        self, game_id: int, position: int, changes: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Merge `changes` into one player's preferences atomically (None removes a key);
        returns the preferences after."""
        raise _unsupported(self, "set_player_prefs")

    async def replace_player(
        self, game_id: int, position: int, *, user_id: int, name: str, locale: str | None
    ) -> None:
        """A newcomer takes a seat: the player row gets their identity, present and playing."""
        raise _unsupported(self, "replace_player")

    async def start_game(
        self,
        game_id: int,
        seats: Mapping[int, int],
        state: Mapping[str, Any],
        post: Post | None = None,
    ) -> None:
        """Seat the players (position -> seat), store the set-up state, mark the game active,
        and queue `post` in the same transaction; StaleGame unless the game is a lobby."""
        raise _unsupported(self, "start_game")

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
        (or, with `expected_version`, if the game's version changed: an undo and a new
        action since the state was read). The version goes up by one.

        The new state is snapshotted every SNAPSHOT_EVERY actions and at the end of the game;
        `post` is queued in the outbox in the same transaction. Returns the new sequence
        number; the action (and its post) are durable when this returns.
        """
        raise _unsupported(self, "append")

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
        (or the version is not `expected_version`). The version goes up by one."""
        raise _unsupported(self, "truncate")

    async def latest_snapshot(
        self, game_id: int, at_most: int | None = None
    ) -> tuple[int, dict[str, Any]]:
        """(seq, state) of the newest snapshot, or the newest at or before `at_most`."""
        raise _unsupported(self, "latest_snapshot")

    async def actions(
        self, game_id: int, *, after: int = 0, upto: int | None = None
    ) -> list[ActionRow]:
        """The stored actions with after < seq <= upto, in order."""
        raise _unsupported(self, "actions")

    async def actions_since(self, game_id: int, seat: int) -> list[ActionRow]:
        """The stored actions after `seat`'s own last one (all of them if it has none), in
        order: what happened since that seat last played, read without the rest."""
        raise _unsupported(self, "actions_since")

    async def count_actions(self, game_id: int) -> int:
        """How many actions a game has stored."""
        raise _unsupported(self, "count_actions")

    # ------------------------------------------------------------------ the outbox

    async def queue(self, game_id: int, post: Post, *, seq: int | None = None) -> None:
        """Queue a post that no action causes (a notice, the end of a game); without `seq`
        it carries the game's current sequence number."""
        raise _unsupported(self, "queue")

    async def posts(self, game_id: int, limit: int = 200) -> list[PostRow]:
        """The posts of a game still waiting, oldest first."""
        raise _unsupported(self, "posts")

    async def pending(self, game_id: int, limit: int = 200) -> Pending:
        """The posts of a game still waiting, its row, and for the posts shown next their
        actions and the game's turn clock: one consistent read (in one round trip where the
        backend can)."""
        raise _unsupported(self, "pending")

    async def games_with_posts(self, shards: Shards | None = None) -> list[int]:
        """Ids of the games that have posts waiting (of servers on `shards` only, when
        given)."""
        raise _unsupported(self, "games_with_posts")

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
        raise _unsupported(self, "posted")


class Schedule:
    """The jobs table: reminders, turn clocks and reaction timeouts that survive restarts.

    `Schedule(store)` is the jobs of that store's backend."""

    def __new__(cls, store: Store) -> Schedule:
        """The schedule of `store`'s backend."""
        return super().__new__(store.schedule_type if cls is Schedule else cls)

    def __init__(self, store: Store) -> None:
        self.store = store

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
        raise _unsupported(self, "put")

    async def all(self, game_id: int) -> dict[str, JobRow]:
        """Every planned job of a game, by kind."""
        raise _unsupported(self, "all")

    async def replace(
        self, game_id: int, jobs: list[JobRow], *, version: int | None = None
    ) -> bool:
        """Make `jobs` the game's whole plan, in one transaction; with `version`, only while
        the game is at that version (False otherwise: the plan of a newer action, maybe made
        by another process, stays)."""
        raise _unsupported(self, "replace")

    async def rewrite(
        self,
        game_id: int,
        plan: Callable[[dict[str, JobRow]], list[JobRow]],
        *,
        version: int | None = None,
    ) -> list[JobRow] | None:
        """Make `plan(current jobs by kind)` the game's whole plan, reading and writing in one
        transaction (in one round trip where the backend can: `plan` may run on the
        database's thread, so it only computes); with `version`, only while the game is at
        that version. The jobs written, or None when the version had moved on."""
        raise _unsupported(self, "rewrite")

    async def get(self, game_id: int, kind: str) -> JobRow | None:
        """One job of a game, if planned."""
        raise _unsupported(self, "get")

    async def drop(self, game_id: int, *kinds: str) -> None:
        """Forget jobs of a game (all of them when no kind is named)."""
        raise _unsupported(self, "drop")

    async def claim(self, job: JobRow, *, next_due: float | None) -> bool:
        """Take a due job before acting on it: re-plan it at `next_due` or delete it.

        Returns False when the job changed meanwhile (someone acted, or another process
        claimed it first): then it is not ours. Claiming first means a restart never repeats a
        reminder that was already sent; a later `next_due` also serves as a lease (see
        bot.scheduler).
        """
        raise _unsupported(self, "claim")

    async def postpone(self, job: JobRow, due_at: float) -> bool:
        """Move a job to `due_at` if it is still as read (False when it changed meanwhile)."""
        raise _unsupported(self, "postpone")

    async def due(self, now: float, limit: int = 100, shards: Shards | None = None) -> list[JobRow]:
        """Jobs due at `now`, oldest first (of games of servers on `shards` only, when
        given)."""
        raise _unsupported(self, "due")

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the next job is due, if any (of games of servers on `shards` only, when
        given)."""
        raise _unsupported(self, "next_due")


class Requests:
    """The requests table: undo and takeover requests waiting for consent.

    `Requests(store)` is the requests of that store's backend."""

    def __new__(cls, store: Store) -> Requests:
        """The requests of `store`'s backend."""
        return super().__new__(store.requests_type if cls is Requests else cls)

    def __init__(self, store: Store) -> None:
        self.store = store

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
        raise _unsupported(self, "create")

    async def get(self, request_id: int) -> RequestRow | None:
        """A request by id."""
        raise _unsupported(self, "get")

    async def vote(self, request_id: int, user_id: int, agree: bool) -> tuple[str, RequestRow]:
        """Count one vote atomically: ("waiting" | "done" | "refused", the request after it).

        The read and the write are one transaction holding the request's lock, so two people
        voting at once (even through two processes) both count. Raises
        LookupError("request_closed") when the request is not open, PermissionError when this
        user is not asked.
        """
        raise _unsupported(self, "vote")

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
        raise _unsupported(self, "update")
