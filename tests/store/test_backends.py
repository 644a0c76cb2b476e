"""Which backend a DATABASE_URL chooses, and that both implement the whole interface."""

from __future__ import annotations

import inspect

import pytest

from bot.store import (
    Requests,
    Schedule,
    Store,
    UnsupportedDatabase,
    backend_name,
    migrations,
)
from bot.store.postgres import PostgresRequests, PostgresSchedule, PostgresStore, redacted
from bot.store.sqlite import SqliteRequests, SqliteSchedule, SqliteStore


@pytest.mark.parametrize(
    ("url", "backend"),
    [
        ("sqlite:///rattus.sqlite3", SqliteStore),
        ("sqlite:////var/lib/rattus.db", SqliteStore),
        ("games.db", SqliteStore),
        ("postgresql://bot:pw@db.example/rattus", PostgresStore),
        ("postgres://db.example:5433/rattus", PostgresStore),
        ("PostgreSQL://localhost/rattus", PostgresStore),
    ],
)
def test_the_url_chooses_the_backend(url: str, backend: type[Store]) -> None:
    store = Store(url)  # nothing is opened yet
    assert type(store) is backend and isinstance(store, Store)
    assert type(Schedule(store)) is backend.schedule_type
    assert type(Requests(store)) is backend.requests_type
    assert Schedule(store).store is store and Requests(store).store is store


def test_other_databases_are_refused_in_one_sentence() -> None:
    with pytest.raises(UnsupportedDatabase) as err:
        Store("mysql://localhost/rattus")
    message = str(err.value)
    assert "'mysql'" in message and "postgresql://" in message and "sqlite:///" in message
    assert message.count(". ") == 0 and message.endswith(".")
    assert backend_name("sqlite3:///x.db") == "sqlite"


@pytest.mark.parametrize(
    ("interface", "backends"),
    [
        (Store, (SqliteStore, PostgresStore)),
        (Schedule, (SqliteSchedule, PostgresSchedule)),
        (Requests, (SqliteRequests, PostgresRequests)),
    ],
)
def test_both_backends_implement_the_whole_interface(
    interface: type, backends: tuple[type, ...]
) -> None:
    methods = {
        name
        for name, member in vars(interface).items()
        if inspect.iscoroutinefunction(member) and not name.startswith("_")
    }
    assert methods
    for backend in backends:
        for name in methods:
            assert name in vars(backend), f"{backend.__name__} lacks {name}"
            ours = inspect.signature(getattr(backend, name))
            theirs = inspect.signature(getattr(interface, name))
            assert list(ours.parameters) == list(theirs.parameters), (backend.__name__, name)


def test_the_backends_have_the_same_migrations() -> None:
    sqlite = [(n, name) for n, name, _ in migrations("sqlite")]
    postgres = [(n, name) for n, name, _ in migrations("postgres")]
    assert sqlite == postgres and sqlite
    for _, _, sql in migrations("postgres"):
        assert "PRAGMA" not in sql and "AUTOINCREMENT" not in sql
    with pytest.raises(ValueError):
        migrations("oracle")


def test_urls_in_messages_hide_the_password() -> None:
    assert redacted("postgresql://bot:pw@db:5432/rattus?sslmode=require") == (
        "postgresql://bot:***@db:5432/rattus"
    )
    assert redacted("postgresql://bot@db/rattus") == "postgresql://bot@db/rattus"
    assert redacted("postgresql://db/rattus") == "postgresql://db/rattus"
