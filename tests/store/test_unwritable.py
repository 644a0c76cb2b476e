"""A database that stops taking writes while the bot runs (read-only, a full disk): on both
backends every change raises StoreReadOnly and changes nothing, reads go on, and the log has
one warning when such an episode starts and one line when writes work again."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import asyncpg
import pytest

from bot.store import Store, StoreReadOnly, backend_name
from bot.store.backend import Conn
from bot.store.postgres import PostgresBackend
from bot.store.sqlite import SqliteBackend
from tests.store.test_store import ACTION, new_game


async def stop_writes(store: Store, url: str) -> Callable[[], Awaitable[None]]:
    """Make the database refuse writes from the store's own connections; return the undo."""
    backend = store.backend
    if backend_name(url) == "sqlite":
        assert isinstance(backend, SqliteBackend)
        await backend.db.execute("PRAGMA query_only = ON")

        async def undo_sqlite() -> None:
            await backend.db.execute("PRAGMA query_only = OFF")

        return undo_sqlite
    assert isinstance(backend, PostgresBackend)
    name = url.rsplit("/", 1)[1]
    admin = await asyncpg.connect(url)
    # As on a server turned into a hot standby: every session from now on is read-only.
    await admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    await backend.pool.expire_connections()

    async def undo_postgres() -> None:
        try:
            await admin.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
        finally:
            await admin.close()
        await backend.pool.expire_connections()

    return undo_postgres


async def test_writes_refused_mid_run_log_one_line_per_episode(
    store: Store, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.store")
    game_id = await new_game(store)
    assert await store.append(game_id, expected_seq=0, action="a", **ACTION) == 1
    caplog.clear()
    resume = await stop_writes(store, database_url)
    for _ in range(3):
        with pytest.raises(StoreReadOnly, match="cannot be written"):
            await store.append(game_id, expected_seq=1, action="b", **ACTION)
    # Reads go on, and a transaction that writes nothing does not end the episode.
    assert (await store.get_game(game_id)).seq == 1
    assert [a.action for a in await store.actions(game_id)] == ["a"]

    def count(c: Conn) -> Coroutine[Any, Any, Any]:
        return c.fetchval("SELECT count(*) FROM actions")

    if isinstance(store.backend, PostgresBackend):
        assert await store.backend.write(count) == 1
    else:
        assert isinstance(store.backend, SqliteBackend)
        with pytest.raises(StoreReadOnly):  # BEGIN IMMEDIATE already asks to write
            await store.backend.write(count)
    lines = [(r.levelno, r.getMessage()) for r in caplog.records]
    assert len(lines) == 1 and lines[0][0] == logging.WARNING, lines
    assert "cannot be written" in lines[0][1]
    assert not any(r.exc_info for r in caplog.records)

    caplog.clear()
    await resume()
    assert await store.append(game_id, expected_seq=1, action="b", **ACTION) == 2
    assert await store.append(game_id, expected_seq=2, action="c", **ACTION) == 3
    lines = [(r.levelno, r.getMessage()) for r in caplog.records]
    assert len(lines) == 1 and lines[0][0] == logging.INFO, lines
    assert "can be written again" in lines[0][1]
