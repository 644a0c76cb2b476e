"""The store: one interface (`Store`, `Schedule`, `Requests`), two backends.

`Store(DATABASE_URL)` is a SQLite store for `sqlite:///path.db` or a bare path (the default)
and a PostgreSQL store for `postgresql://` or `postgres://`; any other URL raises
UnsupportedDatabase. The rest of the bot imports only from here.
"""

from __future__ import annotations

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
    Requests,
    Schedule,
    StaleGame,
    Store,
    StoreBusy,
    StoreError,
    StoreReadOnly,
    UnsupportedDatabase,
    backend_name,
    migrations,
    showable,
)
from bot.store.sqlite import sqlite_path

__all__ = [
    "BACKENDS",
    "SNAPSHOT_EVERY",
    "ActionRow",
    "ChannelBusy",
    "GameNotFound",
    "GameRow",
    "JobRow",
    "Pending",
    "PlayerRow",
    "Post",
    "PostRow",
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


async def open_store(url: str, *, clock: Callable[[], float] | None = None) -> Store:
    """The store that `url` names, opened (migrated and checked writable)."""
    store = Store(url) if clock is None else Store(url, clock=clock)
    await store.open()
    return store
