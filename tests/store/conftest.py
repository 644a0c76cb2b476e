"""Fixtures of the store tests: every store test runs on SQLite and on PostgreSQL.

The PostgreSQL server is started once per session (tests/store/pg.py) and each test gets a
fresh database on it. The PostgreSQL runs are skipped, with the reason, only when this machine
has no PostgreSQL server binary; CI (.ci/run) installs one and fails if they were skipped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from bot.store import Store
from tests.store.pg import PostgresServer, find_bindir

NO_SERVER = (
    "no PostgreSQL server binary (initdb) on PATH or in /usr/lib/postgresql/*/bin:"
    " install the postgresql package to run the PostgreSQL store tests"
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs the server `postgres`, and say so in the JUnit report
    (.ci/run reads it to make sure these tests ran)."""
    for item in items:
        if "postgres_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)
        if item.get_closest_marker("postgres") is not None:
            item.user_properties.append(("backend", "postgres"))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole session (skips when there is none here)."""
    bindir = find_bindir()
    if bindir is None:
        pytest.skip(NO_SERVER)
    server = PostgresServer(bindir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """A fresh, empty PostgreSQL database for one test."""
    async with postgres_server.database() as url:
        yield url


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
