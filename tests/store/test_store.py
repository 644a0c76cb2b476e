"""The store: migrations, the append-only log, stale appends, snapshots."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.store import (
    SNAPSHOT_EVERY,
    ChannelBusy,
    StaleGame,
    Store,
    StoreError,
    UnsupportedDatabase,
    migrations,
    sqlite_path,
)


@pytest.fixture
async def store(tmp_path: Path):
    s = Store(f"sqlite:///{tmp_path}/test.db")
    await s.open()
    yield s
    await s.close()


async def new_game(store: Store, channel: int = 10) -> int:
    game_id = await store.create_game(
        guild_id=1,
        channel_id=channel,
        game="rattus",
        options={},
        settings={},
        creator_id=5,
        seed=42,
    )
    await store.add_player(game_id, user_id=5, name="ana")
    await store.start_game(game_id, {0: 0}, {"v": 1})
    return game_id


def test_sqlite_urls() -> None:
    assert sqlite_path("sqlite:///rattus.sqlite3") == "rattus.sqlite3"
    assert sqlite_path("sqlite:////var/lib/rattus.db") == "/var/lib/rattus.db"
    assert sqlite_path("sqlite://") == ":memory:"
    assert sqlite_path("games.db") == "games.db"
    with pytest.raises(UnsupportedDatabase):
        sqlite_path("postgresql://localhost/rattus")


async def test_migrates_from_empty_with_wal(store: Store) -> None:
    assert await store.user_version() == len(migrations())
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with store.db.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone())[0] == 1


async def test_migrating_twice_is_harmless_and_newer_databases_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    first = Store(str(path))
    await first.open()
    await first.close()
    again = Store(str(path))
    await again.open()  # nothing pending: no error
    await again.close()
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 999")
    newer = Store(str(path))
    with pytest.raises(StoreError, match="newer"):
        await newer.open()
    await newer.close()


async def test_one_open_game_per_channel(store: Store) -> None:
    await store.create_game(
        guild_id=1, channel_id=10, game="rattus", options={}, settings={}, creator_id=5, seed=1
    )
    with pytest.raises(ChannelBusy):
        await store.create_game(
            guild_id=1, channel_id=10, game="rattus", options={}, settings={}, creator_id=6, seed=2
        )
    other = await store.create_game(
        guild_id=1, channel_id=11, game="rattus", options={}, settings={}, creator_id=6, seed=2
    )
    assert other


async def test_append_and_stale(store: Store) -> None:
    game_id = await new_game(store)
    kwargs = dict(seat=0, actor_id=5, origin="player", events=[], state={"v": 1}, over=False)
    assert await store.append(game_id, expected_seq=0, action="take king", **kwargs) == 1
    with pytest.raises(StaleGame) as err:
        await store.append(game_id, expected_seq=0, action="take monk", **kwargs)
    assert err.value.current == 1
    rows = await store.actions(game_id)
    assert [(r.seq, r.action) for r in rows] == [(1, "take king")]


async def test_concurrent_appends_exactly_one_wins(store: Store) -> None:
    game_id = await new_game(store)
    kwargs = dict(seat=0, actor_id=5, origin="player", events=[], state={"v": 1}, over=False)
    results = await asyncio.gather(
        *(store.append(game_id, expected_seq=0, action=f"a{i}", **kwargs) for i in range(20)),
        return_exceptions=True,
    )
    assert sum(1 for r in results if r == 1) == 1
    assert sum(1 for r in results if isinstance(r, StaleGame)) == 19


async def test_sequence_is_contiguous_and_snapshots_follow_the_cadence(store: Store) -> None:
    game_id = await new_game(store)
    for seq in range(1, 2 * SNAPSHOT_EVERY + 3):
        await store.append(
            game_id,
            expected_seq=seq - 1,
            seat=0,
            actor_id=None,
            origin="ai",
            action=f"x{seq}",
            events=[],
            state={"seq": seq},
            over=False,
        )
    rows = await store.actions(game_id)
    assert [r.seq for r in rows] == list(range(1, 2 * SNAPSHOT_EVERY + 3))
    seq, state = await store.latest_snapshot(game_id)
    assert seq == 2 * SNAPSHOT_EVERY and state == {"seq": seq}
    seq, _ = await store.latest_snapshot(game_id, at_most=SNAPSHOT_EVERY + 1)
    assert seq == SNAPSHOT_EVERY
    await store.truncate(game_id, expected_seq=2 * SNAPSHOT_EVERY + 2, keep=3)
    assert [r.seq for r in await store.actions(game_id)] == [1, 2, 3]
    assert (await store.latest_snapshot(game_id))[0] == 0
    assert (await store.get_game(game_id)).seq == 3


async def test_game_over_snapshots_and_closes(store: Store) -> None:
    game_id = await new_game(store)
    await store.append(
        game_id,
        expected_seq=0,
        seat=0,
        actor_id=5,
        origin="player",
        action="done",
        events=[],
        state={"end": True},
        over=True,
    )
    game = await store.get_game(game_id)
    assert game.status == "over" and game.ended_at is not None
    assert await store.latest_snapshot(game_id) == (1, {"end": True})
    with pytest.raises(StaleGame):  # nothing is appended to a finished game
        await store.append(
            game_id,
            expected_seq=1,
            seat=0,
            actor_id=5,
            origin="player",
            action="x",
            events=[],
            state={},
            over=False,
        )
