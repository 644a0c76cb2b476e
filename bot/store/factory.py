"""Which backend a DATABASE_URL opens: the one place that knows both.

Each backend is imported only when a URL names it, so a bot on SQLite never loads asyncpg.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.store.backend import Backend
from bot.store.base import backend_name


def backend_for(url: str, *, clock: Callable[[], float] = time.time) -> Backend:
    """The backend that `url` names, not opened yet: SQLite for sqlite:// or a bare path,
    PostgreSQL for postgresql:// or postgres://; UnsupportedDatabase for anything else."""
    if backend_name(url) == "postgres":
        from bot.store.postgres import PostgresBackend

        return PostgresBackend(url, clock=clock)
    from bot.store.sqlite import SqliteBackend

    return SqliteBackend(url, clock=clock)
