"""The store's rows and errors, which backend a DATABASE_URL names, and the migrations.

The rest of the bot sees only these types: no driver type, placeholder style or SQL dialect.
The store itself (`Store`, its `Outbox`, `Schedule` and `Requests`) is in bot.store.store,
.outbox, .jobs and .requests, written once for both backends (see bot.store.backend); this
module imports neither backend.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

SNAPSHOT_EVERY = 8  # actions between two state snapshots; loading replays at most this many


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
    # The id of the player's private DM of this game (edited in place), once sent.
    private_dm: int | None = None
    # An AI seat's level (easy, normal, hard; None: a seat stored before levels, normal).
    ai_level: str | None = None
    # The seat's web key, named by its private page's links (bot/web); None once the seat
    # changed hands, which revokes every link given before.
    web_key: str | None = None

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
    # The answers of a secret window on this line that showed the table nothing (`shown`).
    hidden: int = 0

    @property
    def shown(self) -> int:
        """The game's number as the table knows it, carried by its buttons' custom_ids: seq
        without the answers of a secret window that showed the table nothing. Who was asked
        and who answered is secret: seq counts those answers, so a custom_id that carried seq
        would tell anyone reading it how many seats answered. This number moves on with every
        action the table sees something of (the answer that closes a window shows what it
        brings), so it is a function of what the table saw."""
        return self.seq - self.hidden

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
    hidden: bool = False  # a secret window's answer that showed nothing (GameRow.shown)


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
