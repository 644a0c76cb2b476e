"""Sharded processes on one database: each asks the store only for the work of its own servers'
games (jobs, outbox, games to resume), filtered in SQL, on both backends."""

from __future__ import annotations

import pytest

from bot.shards import Shards, parse_ids, shard_of, split
from bot.store import JobRow, Post, Schedule, Store

COUNT = 4
# Discord-sized server ids, one per shard of 4: (id >> 22) % 4 == shard.
GUILDS = [((1_100_000_000_000 + n) << 22) | 12_345 for n in range(COUNT)]


def test_guild_ids_fall_on_the_shard_discord_uses() -> None:
    assert [shard_of(g, COUNT) for g in GUILDS] == [0, 1, 2, 3]
    assert shard_of(None, COUNT) == 0  # direct messages reach shard 0
    assert shard_of(GUILDS[3], 1) == 0
    assert Shards.of(COUNT, [2, 1]).ids == (1, 2)
    assert Shards.of(COUNT).everything and not Shards.of(COUNT, [0]).everything
    assert [Shards.of(COUNT, [1, 3]).owns(g) for g in GUILDS] == [False, True, False, True]


def test_shards_are_split_evenly_in_runs() -> None:
    assert split(range(4), 2) == [(0, 1), (2, 3)]
    assert split(range(10), 3) == [(0, 1, 2, 3), (4, 5, 6), (7, 8, 9)]
    assert split([8, 1, 5], 3) == [(1,), (5,), (8,)]
    with pytest.raises(ValueError):
        split(range(2), 3)
    assert parse_ids("0-3,8") == [0, 1, 2, 3, 8]
    for bad in ("", "a", "3-1", "1-", "-2"):
        with pytest.raises(ValueError):
            parse_ids(bad)
    with pytest.raises(ValueError):
        Shards(4, (4,))
    with pytest.raises(ValueError):
        Shards(4, (1, 1))


async def games_on_every_shard(store: Store) -> list[int]:
    """One started game per shard, each with a waiting post and a job due at 10 + shard."""
    ids = []
    for n, guild in enumerate(GUILDS):
        game_id = await store.create_game(
            guild_id=guild,
            channel_id=100 + n,
            game="rattus",
            options={},
            settings={},
            creator_id=5,
            seed=1,
        )
        await store.add_player(game_id, user_id=5, name="ana")
        await store.start_game(game_id, {0: 0}, {"v": 1}, Post("start"))
        await Schedule(store).put(game_id, "remind", seq=0, due_at=10.0 + n, seats=[0])
        ids.append(game_id)
    return ids


async def test_each_process_sees_only_its_shards_work(store: Store) -> None:
    games = await games_on_every_shard(store)
    schedule = Schedule(store)
    first, second = Shards.of(COUNT, [0, 1]), Shards.of(COUNT, [2, 3])

    assert await store.active_game_ids(first) == games[:2]
    assert await store.active_game_ids(second) == games[2:]
    assert await store.active_game_ids() == games
    assert await store.active_game_ids(Shards.of(COUNT)) == games

    assert await store.outbox.games_with_posts(first) == games[:2]
    assert await store.outbox.games_with_posts(Shards.of(COUNT, [3])) == [games[3]]
    assert await store.outbox.games_with_posts() == games

    assert [j.game_id for j in await schedule.due(100.0, shards=first)] == games[:2]
    assert [j.game_id for j in await schedule.due(100.0, shards=second)] == games[2:]
    assert [j.game_id for j in await schedule.due(12.0, shards=second)] == [games[2]]
    assert [j.game_id for j in await schedule.due(100.0, limit=1, shards=second)] == [games[2]]
    assert len(await schedule.due(100.0)) == COUNT
    assert await schedule.next_due(first) == 10.0
    assert await schedule.next_due(second) == 12.0
    assert await schedule.next_due(Shards.of(COUNT, [3])) == 13.0
    assert await schedule.next_due() == 10.0

    # Nothing left for a shard once its game's work is done.
    await store.outbox.posted(games[3], [p.id for p in await store.outbox.posts(games[3])])
    await schedule.drop(games[3])
    assert await store.outbox.games_with_posts(Shards.of(COUNT, [3])) == []
    assert await schedule.next_due(Shards.of(COUNT, [3])) is None
    assert await schedule.due(100.0, shards=Shards.of(COUNT, [3])) == []


async def test_a_job_is_claimed_once_whichever_process_reads_it(store: Store) -> None:
    """Ownership decides who reads a job; the claim still decides who runs it."""
    (game, *_) = await games_on_every_shard(store)
    (job,) = await Schedule(store).due(10.0, shards=Shards.of(COUNT, [0]))
    assert job == JobRow(game, "remind", 0, 10.0, 0, [0])
    assert await Schedule(store).claim(job, next_due=None)
    assert not await Schedule(store).claim(job, next_due=None)
