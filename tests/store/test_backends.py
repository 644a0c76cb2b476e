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
from bot.store.backend import Backend, Dialect
from bot.store.postgres import PostgresBackend, PostgresDialect, redacted
from bot.store.sqlite import SqliteBackend, SqliteDialect


@pytest.mark.parametrize(
    ("url", "backend"),
    [
        ("sqlite:///rattus.sqlite3", SqliteBackend),
        ("sqlite:////var/lib/rattus.db", SqliteBackend),
        ("games.db", SqliteBackend),
        ("postgresql://bot:pw@db.example/rattus", PostgresBackend),
        ("postgres://db.example:5433/rattus", PostgresBackend),
        ("PostgreSQL://localhost/rattus", PostgresBackend),
    ],
)
def test_the_url_chooses_the_backend(url: str, backend: type[Backend]) -> None:
    store = Store(url)  # nothing is opened yet
    assert type(store.backend) is backend and isinstance(store.backend, Backend)
    assert (
        type(store.backend.dialect)
        is {
            SqliteBackend: SqliteDialect,
            PostgresBackend: PostgresDialect,
        }[backend]
    )
    assert Schedule(store).store is store and Requests(store).store is store
    assert store.outbox.store is store


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
        (Backend, (SqliteBackend, PostgresBackend)),
        (Dialect, (SqliteDialect, PostgresDialect)),
    ],
)
def test_both_backends_implement_the_whole_interface(
    interface: type, backends: tuple[type, ...]
) -> None:
    # What a backend supplies (the store's logic is written once, on top of it).
    methods = set(getattr(interface, "__abstractmethods__", ()))
    assert methods
    for backend in backends:
        for name in methods:
            assert name in vars(backend), f"{backend.__name__} lacks {name}"
            ours = inspect.signature(getattr(backend, name))
            theirs = inspect.signature(getattr(interface, name))
            assert list(ours.parameters) == list(theirs.parameters), (backend.__name__, name)
        for name in interface.__annotations__:  # what it declares without a value
            assert name in vars(backend), f"{backend.__name__} lacks {name}"


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
