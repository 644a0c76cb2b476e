"""Shared pytest options and fixtures (the PostgreSQL server of the store and shard tests)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import pytest
from hypothesis import settings

from tests.store.pg import PostgresServer, find_bindir

# Hypothesis: "ci" (what .ci/run sets with HYPOTHESIS_PROFILE=ci) draws the same examples on
# every run and keeps no example database, so a CI result can be reproduced; "dev", the
# default, explores new examples each run and remembers the failing ones.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite the golden images of tests/render/golden/ from the current renderer",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """True when the run was asked to regenerate golden images."""
    return bool(request.config.getoption("--update-golden"))


NO_SERVER = (
    "no PostgreSQL server binary (initdb) on PATH or in /usr/lib/postgresql/*/bin:"
    " install the postgresql package to run the PostgreSQL tests"
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs the server `postgres` (and slow), and say so in the JUnit
    report (.ci/run reads it to make sure these tests ran)."""
    for item in items:
        if "postgres_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)
        if item.get_closest_marker("postgres") is not None:
            item.user_properties.append(("backend", "postgres"))
            # Starting a server is slow: the quick loop (-m "not slow") stays on SQLite.
            item.add_marker(pytest.mark.slow)


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
