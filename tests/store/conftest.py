"""Fixtures of the store tests: every store test runs on SQLite and on PostgreSQL.

The PostgreSQL server (tests/conftest.py: `postgres_server`, started once per session by
tests/store/pg.py) gives each test a fresh database. The PostgreSQL runs are skipped, with the
reason, only when this machine has no PostgreSQL server binary; CI (.ci/run) installs one and
fails if they were skipped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.store import Store
from tests.store.pg import PostgresServer


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty database of each backend in turn."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/test.db"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    async with server.database() as url:
        yield url


@pytest.fixture
async def open_stores(database_url: str) -> AsyncIterator[Callable[[], Awaitable[Store]]]:
    """Open more stores on the test's database: each has its own connections, as another
    process would. All are closed after the test."""
    opened: list[Store] = []

    async def open_one() -> Store:
        store = Store(database_url)
        await store.open()
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        await store.close()


@pytest.fixture
async def store(open_stores: Callable[[], Awaitable[Store]]) -> Store:
    """An open store on an empty database of each backend."""
    return await open_stores()
