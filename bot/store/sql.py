"""The store's SQL that both backends run as written, and the rows made of what it returns.

Placeholders are `?` (PostgreSQL's `Conn` numbers them). JSON columns (TEXT on SQLite, jsonb on
PostgreSQL) are written and read as JSON text, encoded and decoded here with orjson: the same
JSON as json.dumps(separators=(",", ":"), sort_keys=True), several times faster on every state,
event and post stored or read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sized
from typing import Any

import orjson

from bot.shards import Shards
from bot.store.backend import Row
from bot.store.base import ActionRow, GameRow, JobRow, PlayerRow, Post, PostRow, RequestRow

loads = orjson.loads


def dumps(value: Any) -> str:
    """A value as JSON text (keys sorted; int keys as strings, as json.dumps does)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def marks(values: Sized) -> str:
    """`(?, ?, ...)`, an IN list for these values; `(NULL)`, which nothing is in, for none."""
    return "(" + ", ".join("?" * len(values)) + ")" if len(values) else "(NULL)"


def owned(shards: Shards | None) -> tuple[str, list[Any]]:
    """A condition on the table `games` keeping the games of servers on `shards` (TRUE without
    shards), and its arguments."""
    if shards is None or shards.everything:
        return "TRUE", []
    ids = list(shards.ids)
    return f"((games.guild_id >> 22) % ?) IN {marks(ids)}", [shards.count, *ids]


def same_version(expected: int | None) -> tuple[str, tuple[int, ...]]:
    """A condition on a game's row that it is at version `expected` (none without one), and
    its arguments."""
    return ("", ()) if expected is None else (" AND version = ?", (expected,))


# The columns of a player, in the JSON objects of `Dialect.games`.
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
    "private_dm",
    "ai_level",
    "web_key",
)

GAME_SEQ_SQL = "SELECT seq FROM games WHERE id = ?"
PLAYERS_SQL = "SELECT * FROM players WHERE game_id = ? ORDER BY position"
ACTIONS_SQL = "SELECT * FROM actions WHERE game_id = ? AND seq > ?"
ACTIONS_SINCE_SQL = (
    "SELECT * FROM actions WHERE game_id = ? AND seq > (SELECT COALESCE(MAX(seq), 0)"
    " FROM actions WHERE game_id = ? AND seat = ?) ORDER BY seq"
)
POSTS_SQL = "SELECT * FROM outbox WHERE game_id = ? ORDER BY id LIMIT ?"
QUEUE_SQL = "INSERT INTO outbox (game_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)"
JOBS_SQL = "SELECT * FROM jobs WHERE game_id = ?"
JOB_SQL = "SELECT * FROM jobs WHERE game_id = ? AND kind = ?"
INSERT_JOB_SQL = (
    "INSERT INTO jobs (game_id, kind, seq, due_at, count, seats) VALUES (?, ?, ?, ?, ?, ?)"
)
REQUEST_SQL = "SELECT * FROM requests WHERE id = ?"
META_SQL = (
    "INSERT INTO bot_meta (key, value) VALUES ('opened_at', ?)"
    " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)


def post_values(game_id: int, seq: int, post: Post, now: float) -> tuple[Any, ...]:
    """The arguments of QUEUE_SQL for `post`."""
    return (game_id, seq, post.kind, dumps(post.payload), now)


def game_row(r: Row) -> GameRow:
    """A game from a row of `Dialect.games`, with its players."""
    return GameRow(
        id=int(r["id"]),
        guild_id=int(r["guild_id"]),
        channel_id=int(r["channel_id"]),
        game=r["game"],
        options=loads(r["options"]),
        settings=loads(r["settings"]),
        status=r["status"],
        creator_id=int(r["creator_id"]),
        seed=int(r["seed"]),
        seq=int(r["seq"]),
        lobby_message_id=r["lobby_message_id"],
        turn_message_id=r["turn_message_id"],
        created_at=r["created_at"],
        updated_at=r["updated_at"],
        ended_at=r["ended_at"],
        players=[player_row(p) for p in loads(r["players_json"])],
        version=int(r["version"]),
        hidden=int(r["hidden"]),
    )


def player_row(r: Row | Mapping[str, Any]) -> PlayerRow:
    """A player from a row of `players` or an object of a game's `players_json`."""
    prefs = r["prefs"]
    left_at = r["left_at"]
    return PlayerRow(
        game_id=int(r["game_id"]),
        position=int(r["position"]),
        user_id=r["user_id"],
        name=r["name"],
        seat=r["seat"],
        is_ai=bool(r["is_ai"]),
        # JSON may give a whole number of seconds as an int.
        joined_at=float(r["joined_at"]),
        left_at=None if left_at is None else float(left_at),
        dm_closed=bool(r["dm_closed"]),
        locale=r["locale"],
        muted=bool(r["muted"]),
        remind_dm=bool(r["remind_dm"]),
        stand_in=bool(r["stand_in"]),
        private_dm=None if r["private_dm"] is None else int(r["private_dm"]),
        ai_level=r["ai_level"],
        web_key=r["web_key"],
        # JSON text from a column (or from SQLite's players_json); an object from PostgreSQL's.
        prefs=prefs if isinstance(prefs, dict) else dict(loads(prefs or "{}")),
    )


def action_row(r: Row) -> ActionRow:
    """A stored action from a row of `actions`."""
    return ActionRow(
        game_id=int(r["game_id"]),
        seq=int(r["seq"]),
        seat=int(r["seat"]),
        actor_id=r["actor_id"],
        origin=r["origin"],
        action=r["action"],
        events=loads(r["events"]),
        at=r["at"],
        hidden=bool(r["hidden"]),
    )


def post_row(r: Row) -> PostRow:
    """A waiting post from a row of `outbox`."""
    return PostRow(
        id=int(r["id"]),
        game_id=int(r["game_id"]),
        seq=int(r["seq"]),
        kind=r["kind"],
        payload=loads(r["payload"]),
        created_at=float(r["created_at"]),
    )


def job_row(r: Row) -> JobRow:
    """A planned job from a row of `jobs`."""
    return JobRow(
        game_id=int(r["game_id"]),
        kind=r["kind"],
        seq=int(r["seq"]),
        due_at=float(r["due_at"]),
        count=int(r["count"]),
        seats=loads(r["seats"]),
    )


def request_row(r: Row) -> RequestRow:
    """A request from a row of `requests`."""
    return RequestRow(
        id=int(r["id"]),
        game_id=int(r["game_id"]),
        kind=r["kind"],
        seq=int(r["seq"]),
        requester_id=int(r["requester_id"]),
        target_seat=r["target_seat"],
        needed=loads(r["needed"]),
        agreed=loads(r["agreed"]),
        status=r["status"],
        message_id=r["message_id"],
        created_at=float(r["created_at"]),
        note=loads(r["note"] or "{}"),
    )
