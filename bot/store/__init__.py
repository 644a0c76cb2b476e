"""The store: one logic (`Store`, `Outbox`, `Schedule`, `Requests`, `Ratings`), two backends.

`Store(DATABASE_URL)` keeps its games in a SQLite file for `sqlite:///path.db` or a bare path
(the default) and in a PostgreSQL database for `postgresql://` or `postgres://`; any other URL
raises UnsupportedDatabase. The rest of the bot imports only from here.

| module | what it holds |
|---|---|
| `base` | the rows, the errors, which backend a URL names, the migrations |
| `backend` | what a backend supplies (`Backend`, `Conn`, `Dialect`), and why steps are coroutines |
| `sql` | the SQL both backends run as written; rows made of what it returns; JSON |
| `store` | `Store`: games, players and the action log |
| `outbox`, `jobs`, `requests` | `store.outbox`, `Schedule(store)`, `Requests(store)` |
| `ratings` | `Ratings(store)`: rated games' placings, the ratings, each game's changes |
| `factory` | `backend_for(url)`: the only module that imports both backends |
| `sqlite`, `postgres` | the backends: connections, transactions, dialect, life cycle |
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.store.base import (
    BACKENDS,
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
    StaleGame,
    StoreBusy,
    StoreError,
    StoreReadOnly,
    UnsupportedDatabase,
    backend_name,
    migrations,
    showable,
)
from bot.store.jobs import Replan, Schedule
from bot.store.outbox import Outbox
from bot.store.ratings import ChangeRow, Placing, RatedGame, Rater, RatingRow, Ratings
from bot.store.requests import Requests
from bot.store.sqlite import sqlite_path
from bot.store.store import Store

__all__ = [
    "BACKENDS",
    "SNAPSHOT_EVERY",
    "ActionRow",
    "ChangeRow",
    "ChannelBusy",
    "GameNotFound",
    "GameRow",
    "JobRow",
    "Outbox",
    "Pending",
    "Placing",
    "PlayerRow",
    "Post",
    "PostRow",
    "RatedGame",
    "Rater",
    "RatingRow",
    "Ratings",
    "Replan",
    "RequestRow",
    "Requests",
    "Schedule",
    "StaleGame",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoreReadOnly",
    "UnsupportedDatabase",
    "backend_name",
    "migrations",
    "open_store",
    "showable",
    "sqlite_path",
]


async def open_store(url: str, *, clock: Callable[[], float] = time.time) -> Store:
    """The store that `url` names, opened (migrated and checked writable)."""
    store = Store(url, clock=clock)
    await store.open()
    return store
