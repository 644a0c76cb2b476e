"""SQLite's quick operations run on the event loop, the rest on SQLite's thread: one at a
time on the one connection, never waiting on the loop for another process's lock, and the WAL
checkpointed on the thread rather than inside a commit (bot/store/sqlite.py)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import Post, Store
from bot.store import sqlite as sqlite_backend
from bot.store.backend import Conn
from bot.store.sqlite import BUSY_TIMEOUT_MS, SqliteBackend
from tests.store.test_store import ACTION, new_game


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[Store]:
    store = Store(f"sqlite:///{tmp_path}/loop.db")
    await store.open()
    yield store
    await store.close()


def backend_of(store: Store) -> SqliteBackend:
    assert isinstance(store.backend, SqliteBackend)
    return store.backend


async def where_and_patience(c: Conn) -> tuple[int, int]:
    """The thread the steps run on, and how long SQLite would wait there for a lock."""
    return threading.get_ident(), int(await c.fetchval("PRAGMA busy_timeout"))


async def test_quick_operations_run_on_the_loop_without_waiting_others_on_the_thread(
    sqlite_store: Store,
) -> None:
    backend = backend_of(sqlite_store)
    loop_thread = threading.get_ident()
    for single in (True, False):
        assert await backend.read(where_and_patience, single=single, quick=True) == (
            loop_thread,
            0,
        )
        assert await backend.write(where_and_patience, single=single, quick=True) == (
            loop_thread,
            0,
        )
        thread, patience = await backend.read(where_and_patience, single=single)
        assert thread != loop_thread and patience == BUSY_TIMEOUT_MS
        thread, patience = await backend.write(where_and_patience, single=single)
        assert thread != loop_thread and patience == BUSY_TIMEOUT_MS


async def test_an_action_s_own_operations_are_the_quick_ones(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = backend_of(sqlite_store)
    game_id = await new_game(sqlite_store)
    quick: list[str] = []
    for name in ("read", "write"):
        method = getattr(backend, name)

        async def spy(steps: Any, *, method: Any = method, **how: bool) -> Any:
            if how.get("quick"):
                quick.append(getattr(steps, "__qualname__", ""))
            return await method(steps, **how)

        monkeypatch.setattr(backend, name, spy)
    await sqlite_store.get_game(game_id)
    await sqlite_store.append(game_id, expected_seq=0, action="a", post=Post("turn"), **ACTION)
    pending = await sqlite_store.outbox.pending(game_id)
    await sqlite_store.outbox.posted(game_id, [p.id for p in pending.posts])
    await sqlite_store.actions_since(game_id, 0)
    assert [q.split(".")[0] for q in quick] == ["_games", "Store", "Outbox", "Outbox", "Store"]
    assert ["append" in quick[1], "pending" in quick[2], "posted" in quick[3]] == [True] * 3
    assert "actions_since" in quick[4]


async def test_while_another_process_holds_the_lock_a_quick_write_waits_off_the_connection(
    sqlite_store: Store, tmp_path: Path
) -> None:
    """The append is retried from asyncio; between tries the connection serves the reads of
    other games (a whole read transaction, which needs the connection to itself)."""
    game_id = await new_game(sqlite_store)
    other = await new_game(sqlite_store, channel=11)
    holder = sqlite3.connect(tmp_path / "loop.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        append = asyncio.create_task(
            sqlite_store.append(game_id, expected_seq=0, action="a", post=Post("turn"), **ACTION)
        )
        await asyncio.sleep(0)  # its first try: refused at once, retried from asyncio
        assert not append.done()
        backend = backend_of(sqlite_store)
        read = await backend.read(  # a read transaction, on SQLite's thread
            lambda c: c.fetchval("SELECT seq FROM games WHERE id = ?", other)
        )
        assert read == 0
        assert (await sqlite_store.get_game(game_id)).seq == 0
        assert not append.done()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert await append == 1
    assert (await sqlite_store.get_game(game_id)).seq == 1


async def test_the_wal_is_checkpointed_on_sqlite_s_thread_every_so_many_writes(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = backend_of(sqlite_store)
    threads: list[int] = []
    checkpoint = sqlite_backend._checkpoint

    def spied(raw: sqlite3.Connection) -> None:
        threads.append(threading.get_ident())
        checkpoint(raw)

    monkeypatch.setattr(sqlite_backend, "_checkpoint", spied)
    monkeypatch.setattr(sqlite_backend, "CHECKPOINT_EVERY", 4)
    # Not inside a commit: SQLite's own checkpoint is off.
    assert await backend.read(lambda c: c.fetchval("PRAGMA wal_autocheckpoint"), single=True) == 0
    backend._writes = 0
    game_id = await new_game(sqlite_store)  # the lobby, its player, its start: 3 writes
    await sqlite_store.append(game_id, expected_seq=0, action="a", **ACTION)
    assert backend._checkpointing is not None
    await backend._checkpointing
    assert len(threads) == 1 and threads[0] != threading.get_ident()
    for seq in range(1, 4):
        await sqlite_store.append(game_id, expected_seq=seq, action="a", **ACTION)
    assert backend._checkpointing.done() and len(threads) == 1
    await sqlite_store.append(game_id, expected_seq=4, action="a", **ACTION)
    await backend._checkpointing
    assert len(threads) == 2
    wal = await backend.read(lambda c: c.fetch("PRAGMA wal_checkpoint(PASSIVE)"), single=True)
    assert tuple(wal[0]) == (0, wal[0][1], wal[0][1])  # nothing left behind


async def test_closing_waits_for_a_checkpoint_under_way(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = backend_of(sqlite_store)
    monkeypatch.setattr(sqlite_backend, "CHECKPOINT_EVERY", 1)
    await new_game(sqlite_store)
    task = backend._checkpointing
    assert task is not None
    await sqlite_store.close()
    assert task.done() and not task.cancelled() and task.exception() is None


async def test_a_checkpoint_due_after_closing_does_nothing(
    sqlite_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A write that finished while the store was closing may still start a checkpoint: it
    finds the connection gone and says nothing (closing checkpoints the WAL anyway)."""
    backend = backend_of(sqlite_store)
    await sqlite_store.close()
    with caplog.at_level("WARNING", logger="bot.store"):
        await backend._checkpoint()
    assert not caplog.records
