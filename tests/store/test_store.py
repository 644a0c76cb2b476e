"""The store on each backend: migrations, the append-only log, stale appends, snapshots, the
outbox, JSON and Discord-sized ids."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.store import (
    SNAPSHOT_EVERY,
    ChannelBusy,
    JobRow,
    Post,
    Requests,
    Schedule,
    StaleGame,
    Store,
    StoreError,
    UnsupportedDatabase,
    backend_name,
    migrations,
    sqlite_path,
)
from bot.store.sqlite import SqliteBackend

SNOWFLAKE = 1_234_567_890_123_456_789  # a Discord id: more than 32 bits


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


ACTION: dict[str, Any] = dict(
    seat=0, actor_id=5, origin="player", events=[], state={"v": 1}, over=False
)


async def make_newer(url: str) -> None:
    """Mark a migrated database as written by a newer bot (schema version 999)."""
    if backend_name(url) == "sqlite":
        with sqlite3.connect(sqlite_path(url)) as raw:
            raw.execute("PRAGMA user_version = 999")
        return
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("INSERT INTO schema_version VALUES (999, 'future', 0)")
    finally:
        await conn.close()


def test_sqlite_urls() -> None:
    assert sqlite_path("sqlite:///rattus.sqlite3") == "rattus.sqlite3"
    assert sqlite_path("sqlite:////var/lib/rattus.db") == "/var/lib/rattus.db"
    assert sqlite_path("sqlite://") == ":memory:"
    assert sqlite_path("games.db") == "games.db"
    with pytest.raises(UnsupportedDatabase):
        sqlite_path("postgresql://localhost/rattus")


async def test_migrates_from_empty(store: Store) -> None:
    backend = backend_name(store.url)
    assert await store.backend.schema_version() == len(migrations(backend)) == len(migrations())


async def test_sqlite_uses_wal_and_foreign_keys(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path}/wal.db")
    await store.open()
    try:
        backend = store.backend
        assert isinstance(backend, SqliteBackend)
        async with backend.db.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"  # type: ignore[index]
        async with backend.db.execute("PRAGMA foreign_keys") as cur:
            assert (await cur.fetchone())[0] == 1  # type: ignore[index]
        assert await backend.user_version() == len(migrations("sqlite"))
    finally:
        await store.close()


async def test_migrating_twice_is_harmless_and_newer_databases_are_refused(
    database_url: str,
) -> None:
    first = Store(database_url)
    await first.open()
    await first.close()
    again = Store(database_url)
    await again.open()  # nothing pending: no error
    assert await again.backend.schema_version() == len(migrations())
    await again.close()
    await make_newer(database_url)
    newer = Store(database_url)
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


async def test_a_finished_game_frees_its_channel(store: Store) -> None:
    game_id = await new_game(store)
    await store.set_status(game_id, "abandoned", Post("end"))
    again = await new_game(store)
    assert again != game_id
    assert (await store.open_game_in(10)).id == again  # type: ignore[union-attr]
    assert (await store.latest_game_in(10)).id == again  # type: ignore[union-attr]
    await store.set_status(again, "over")
    assert await store.open_game_in(10) is None
    assert (await store.latest_game_in(10)).id == again  # type: ignore[union-attr]
    ended = await store.get_game(game_id)
    assert ended.status == "abandoned" and ended.ended_at is not None


async def test_append_and_stale(store: Store) -> None:
    game_id = await new_game(store)
    assert await store.append(game_id, expected_seq=0, action="take king", **ACTION) == 1
    with pytest.raises(StaleGame) as err:
        await store.append(game_id, expected_seq=0, action="take monk", **ACTION)
    assert err.value.current == 1
    rows = await store.actions(game_id)
    assert [(r.seq, r.action) for r in rows] == [(1, "take king")]


async def test_concurrent_appends_exactly_one_wins(store: Store) -> None:
    game_id = await new_game(store)
    results = await asyncio.gather(
        *(store.append(game_id, expected_seq=0, action=f"a{i}", **ACTION) for i in range(20)),
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
    assert [r.seq for r in await store.actions(game_id, after=3, upto=5)] == [4, 5]
    assert await store.count_actions(game_id) == 2 * SNAPSHOT_EVERY + 2
    seq, state = await store.latest_snapshot(game_id)
    assert seq == 2 * SNAPSHOT_EVERY and state == {"seq": seq}
    seq, _ = await store.latest_snapshot(game_id, at_most=SNAPSHOT_EVERY + 1)
    assert seq == SNAPSHOT_EVERY
    await store.truncate(game_id, expected_seq=2 * SNAPSHOT_EVERY + 2, keep=3)
    assert [r.seq for r in await store.actions(game_id)] == [1, 2, 3]
    assert (await store.latest_snapshot(game_id))[0] == 0
    assert (await store.get_game(game_id)).seq == 3
    with pytest.raises(StaleGame):  # an undo of a moment that has passed
        await store.truncate(game_id, expected_seq=2 * SNAPSHOT_EVERY + 2, keep=2)


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


async def test_a_game_starts_once(store: Store) -> None:
    game_id = await store.create_game(
        guild_id=1, channel_id=10, game="rattus", options={}, settings={}, creator_id=5, seed=1
    )
    await store.add_player(game_id, user_id=5, name="ana")
    await store.add_player(game_id, user_id=None, name="AI 1", is_ai=True)
    await store.start_game(game_id, {0: 1, 1: 0}, {"v": 1}, Post("start"))
    with pytest.raises(StaleGame):
        await store.start_game(game_id, {0: 0, 1: 1}, {"v": 2}, Post("start"))
    game = await store.get_game(game_id)
    assert [(p.name, p.seat) for p in game.seated()] == [("AI 1", 0), ("ana", 1)]
    assert [p.kind for p in await store.outbox.posts(game_id)] == ["start"]
    assert await store.latest_snapshot(game_id) == (0, {"v": 1})


async def test_players_flags_and_messages(store: Store) -> None:
    game_id = await store.create_game(
        guild_id=1, channel_id=10, game="rattus", options={}, settings={}, creator_id=5, seed=1
    )
    ana = await store.add_player(game_id, user_id=5, name="ana", locale="fr")
    ben = await store.add_player(game_id, user_id=6, name="ben")
    ai = await store.add_player(game_id, user_id=None, name="AI 1", is_ai=True)
    assert (ana.position, ben.position, ai.position) == (0, 1, 2)
    await store.remove_player(game_id, ben.position)
    await store.set_player_flag(game_id, ana.position, "muted", True)
    await store.set_player_flag(game_id, ana.position, "stand_in", True)
    await store.set_dm_closed(game_id, 5, True)
    await store.mark_left(game_id, ana.position)
    with pytest.raises(ValueError):
        await store.set_player_flag(game_id, ana.position, "is_ai", True)
    await store.set_message(game_id, "lobby", 77)
    await store.set_message(game_id, "turn", 88)
    game = await store.get_game(game_id)
    assert [p.name for p in game.players] == ["ana", "AI 1"]
    first = game.players[0]
    assert (first.muted, first.stand_in, first.dm_closed, first.remind_dm) == (
        True,
        True,
        True,
        False,
    )
    assert first.left_at is not None and first.locale == "fr" and first.automated
    assert game.players[1].is_ai and game.players[1].user_id is None
    assert (game.lobby_message_id, game.turn_message_id) == (77, 88)
    await store.mark_left(game_id, ana.position, left=False)
    assert (await store.players(game_id))[0].left_at is None


async def test_settings_keep_the_keys_not_given(store: Store) -> None:
    game_id = await store.create_game(
        guild_id=1,
        channel_id=10,
        game="rattus",
        options={},
        settings={"lang": "fr", "clock_hours": 2.5},
        creator_id=5,
        seed=1,
    )
    await store.update_settings(game_id, {"clock_hours": None, "max_reminders": 2})
    game = await store.get_game(game_id)
    assert game.settings == {"lang": "fr", "clock_hours": None, "max_reminders": 2}


async def test_games_in_a_guild(store: Store) -> None:
    first = await new_game(store, channel=10)
    second = await new_game(store, channel=11)
    await store.set_status(first, "over")
    other = await store.create_game(
        guild_id=2, channel_id=12, game="rattus", options={}, settings={}, creator_id=5, seed=1
    )
    assert [g.id for g in await store.games_in_guild(1, ("lobby", "active"))] == [second]
    both = await store.games_in_guild(1, ("active", "over"))
    assert [g.id for g in both] == [second, first]
    assert all(g.players and g.players[0].name == "ana" for g in both)
    assert await store.games_in_guild(1, ()) == []
    assert await store.active_game_ids() == [second, other]


async def test_the_outbox_keeps_order_and_forgets_what_was_posted(store: Store) -> None:
    game_id = await new_game(store)
    await store.append(game_id, expected_seq=0, action="a", post=Post("action", {"n": 1}), **ACTION)
    await store.outbox.queue(game_id, Post("notice", {"key": "clock.wait"}))
    await store.outbox.queue(game_id, Post("dm", {"to": 5}), seq=0)
    posts = await store.outbox.posts(game_id)
    assert [(p.kind, p.seq, p.payload) for p in posts] == [
        ("action", 1, {"n": 1}),
        ("notice", 1, {"key": "clock.wait"}),
        ("dm", 0, {"to": 5}),
    ]
    assert await store.outbox.games_with_posts() == [game_id]
    await store.outbox.posted(
        game_id, [posts[0].id], turn_message_id=SNOWFLAKE, then=[Post("dm", {"seq": 1, "x": 2})]
    )
    left = await store.outbox.posts(game_id)
    assert [(p.kind, p.seq) for p in left] == [("notice", 1), ("dm", 0), ("dm", 1)]
    assert (await store.get_game(game_id)).turn_message_id == SNOWFLAKE
    await store.outbox.posted(game_id, [p.id for p in left], clear_turn_message=True)
    assert await store.outbox.posts(game_id) == []
    assert await store.outbox.games_with_posts() == []
    assert (await store.get_game(game_id)).turn_message_id is None


async def test_pending_reads_the_posts_with_what_showing_them_needs(store: Store) -> None:
    """One read for the publisher: the waiting posts, the game, the actions of the posts the
    next message shows, and the turn clock; a DM waiting comes first, on its own."""
    game_id = await new_game(store)
    assert (await store.outbox.pending(game_id)).game is None  # nothing waits: nothing else is read
    for seq, action in enumerate(["a", "b"]):
        await store.append(game_id, expected_seq=seq, action=action, post=Post("action"), **ACTION)
    await store.outbox.queue(game_id, Post("notice", {"key": "clock.wait"}))
    await Schedule(store).put(game_id, "clock", seq=2, due_at=99.0, seats=[0])
    pending = await store.outbox.pending(game_id)
    assert pending.game is not None and pending.game.seq == 2
    assert [(p.kind, p.seq) for p in pending.posts] == [("action", 1), ("action", 2), ("notice", 2)]
    assert {seq: a.action for seq, a in pending.actions.items()} == {1: "a", 2: "b"}
    assert pending.clock is not None and pending.clock.due_at == 99.0
    # A DM waiting: it goes first and alone, so nothing is read for the channel's message.
    await store.outbox.queue(game_id, Post("dm", {"to": 5}), seq=2)
    first_dm = await store.outbox.pending(game_id)
    assert first_dm.posts[-1].kind == "dm" and first_dm.actions == {} and first_dm.clock is None


async def test_an_undo_drops_the_posts_of_actions_never_shown(store: Store) -> None:
    """An undo that comes before its action was posted: that post is dropped (the game no
    longer has its seq, and it would wait for it forever); a notice waiting behind it is kept,
    at the position the game returns to, before the undo's own post."""
    game_id = await new_game(store)
    await store.append(game_id, expected_seq=0, action="a", post=Post("action"), **ACTION)
    await store.outbox.queue(game_id, Post("notice", {"key": "game.left"}))
    await store.truncate(game_id, expected_seq=1, keep=0, post=Post("undo", {"count": 1}))
    assert [(p.kind, p.seq) for p in await store.outbox.posts(game_id)] == [
        ("notice", 0),
        ("undo", 0),
    ]


async def test_the_tables_number_skips_hidden_answers_and_an_undo_recounts_them(
    store: Store,
) -> None:
    """GameRow.shown (what buttons carry) is seq without a secret window's answers that
    showed nothing; an undo brings it back to what it was at the position kept."""
    game_id = await new_game(store)
    await store.append(game_id, expected_seq=0, action="a", **ACTION)
    await store.append(game_id, expected_seq=1, action="b", hidden=True, **ACTION)
    await store.append(game_id, expected_seq=2, action="c", hidden=True, **ACTION)
    await store.append(game_id, expected_seq=3, action="d", **ACTION)
    game = await store.get_game(game_id)
    assert (game.seq, game.hidden, game.shown) == (4, 2, 2)
    assert [r.hidden for r in await store.actions(game_id)] == [False, True, True, False]
    await store.truncate(game_id, expected_seq=4, keep=2)
    game = await store.get_game(game_id)
    assert (game.seq, game.hidden, game.shown) == (2, 1, 1)
    await store.truncate(game_id, expected_seq=2, keep=0)
    assert (await store.get_game(game_id)).hidden == 0


async def test_the_post_of_a_refused_append_is_not_written(store: Store) -> None:
    game_id = await new_game(store)
    await store.append(game_id, expected_seq=0, action="a", post=Post("action"), **ACTION)
    with pytest.raises(StaleGame):
        await store.append(game_id, expected_seq=0, action="b", post=Post("action"), **ACTION)
    assert [p.seq for p in await store.outbox.posts(game_id)] == [1]


async def test_an_append_whose_post_fails_stores_nothing(store: Store) -> None:
    """The action, the snapshot and the post are one transaction: the post is written last,
    and when it cannot be, the action is not stored either."""
    game_id = await new_game(store)
    broken = Post("action", {"cannot": object()})  # not JSON
    with pytest.raises((TypeError, StoreError)):
        await store.append(game_id, expected_seq=0, action="x", post=broken, **ACTION)
    game = await store.get_game(game_id)
    assert game.seq == 0 and game.status == "active"
    assert await store.actions(game_id) == []
    assert await store.outbox.posts(game_id) == []
    assert await store.append(game_id, expected_seq=0, action="y", **ACTION) == 1


async def test_json_round_trips(store: Store) -> None:
    value: dict[str, Any] = {
        "text": "Gallia — « peste » 🐀",
        "float": 0.1,
        "whole": 3.0,
        "int": SNOWFLAKE,
        "negative": -7,
        "none": None,
        "flags": [True, False],
        "nested": {"list": [1, [2, {"three": 3}]], "empty": {}},
    }
    game_id = await store.create_game(
        guild_id=1,
        channel_id=10,
        game="rattus",
        options=value,
        settings={"k": value},
        creator_id=5,
        seed=1,
    )
    await store.add_player(game_id, user_id=5, name="ana")
    await store.start_game(game_id, {0: 0}, value, Post("start", value))
    events = [
        {"type": "cubes_placed", "visible_to": None, **value},
        {"type": "x", "visible_to": [0]},
    ]
    await store.append(
        game_id,
        expected_seq=0,
        seat=0,
        actor_id=5,
        origin="player",
        action="a",
        events=events,
        state=value,
        over=True,
    )
    game = await store.get_game(game_id)
    assert game.options == value and game.settings == {"k": value}
    assert (await store.actions(game_id))[0].events == events
    assert await store.latest_snapshot(game_id, at_most=0) == (0, value)
    assert await store.latest_snapshot(game_id) == (1, value)
    assert (await store.outbox.posts(game_id))[0].payload == value
    schedule = Schedule(store)
    await schedule.put(game_id, "remind", seq=1, due_at=12.5, seats=[0, 2])
    assert (await schedule.get(game_id, "remind")).seats == [0, 2]  # type: ignore[union-attr]


async def test_snowflake_sized_ids(store: Store) -> None:
    guild, channel, user, message = SNOWFLAKE, SNOWFLAKE + 1, SNOWFLAKE + 2, 2**63 - 1
    seed = 2**63 - 1  # the service draws 63-bit seeds
    game_id = await store.create_game(
        guild_id=guild,
        channel_id=channel,
        game="rattus",
        options={},
        settings={},
        creator_id=user,
        seed=seed,
    )
    await store.add_player(game_id, user_id=user, name="ana")
    await store.add_player(game_id, user_id=user + 1, name="ben")
    await store.set_message(game_id, "lobby", message)
    await store.start_game(game_id, {0: 0, 1: 1}, {})
    await store.append(
        game_id,
        expected_seq=0,
        seat=0,
        actor_id=user,
        origin="player",
        action="a",
        events=[],
        state={},
        over=False,
    )
    await store.set_dm_closed(game_id, user + 1, True)
    game = await store.open_game_in(channel)
    assert game is not None and game.id == game_id
    assert (game.guild_id, game.channel_id, game.creator_id, game.seed) == (
        guild,
        channel,
        user,
        seed,
    )
    assert game.lobby_message_id == message
    assert game.player_of(user) is not None and game.player_of(user + 1).dm_closed  # type: ignore[union-attr]
    assert (await store.actions(game_id))[0].actor_id == user
    assert [g.id for g in await store.games_in_guild(guild, ("active",))] == [game_id]
    requests = Requests(store)
    request = await requests.create(
        game_id, "undo", seq=1, requester_id=user, needed=[user + 1], now=1.0
    )
    assert await requests.update(request.id, message_id=message)
    status, after = await requests.vote(request.id, user + 1, True)
    assert status == "done" and after.agreed == [user + 1] and after.requester_id == user
    assert (await requests.get(request.id)).message_id == message  # type: ignore[union-attr]


async def test_the_actions_since_a_seat_last_played(store: Store) -> None:
    game_id = await new_game(store)
    for seq, seat in enumerate([0, 1, 0, 1, 1]):
        await store.append(
            game_id, expected_seq=seq, action=f"a{seq + 1}", post=None, **{**ACTION, "seat": seat}
        )
    assert [a.seq for a in await store.actions_since(game_id, 0)] == [4, 5]
    assert [a.seq for a in await store.actions_since(game_id, 1)] == []
    assert [a.seq for a in await store.actions_since(game_id, 2)] == [1, 2, 3, 4, 5]


async def test_a_plan_is_rewritten_from_the_jobs_it_replaces(store: Store) -> None:
    """The scheduler's read-modify-write: the current jobs and the new plan in one
    transaction, and nothing written when the game's version moved on."""
    game_id = await new_game(store)
    schedule = Schedule(store)
    await schedule.put(game_id, "clock", seq=0, due_at=50.0, seats=[0])
    version = (await store.get_game(game_id)).version
    seen: list[set[str]] = []

    def plan(current: dict[str, JobRow]) -> list[JobRow]:
        seen.append(set(current))
        kept = current["clock"]
        return [JobRow(game_id, "remind", 0, kept.due_at + 1, 0, [0]), kept]

    written = await schedule.rewrite(game_id, plan, version=version)
    assert written is not None and seen == [{"clock"}]
    jobs = await schedule.all(game_id)
    assert {k: j.due_at for k, j in jobs.items()} == {"remind": 51.0, "clock": 50.0}
    assert await schedule.rewrite(game_id, lambda _: [], version=version + 1) is None
    assert set(await schedule.all(game_id)) == {"remind", "clock"}  # an older plan stays
    assert await schedule.rewrite(game_id, lambda _: []) == []
    assert await schedule.all(game_id) == {}


async def test_jobs(store: Store) -> None:
    game_id = await new_game(store)
    schedule = Schedule(store)
    await schedule.put(game_id, "remind", seq=0, due_at=100.0, seats=[0])
    await schedule.put(game_id, "clock", seq=0, due_at=50.0, seats=[0])
    await schedule.put(game_id, "remind", seq=0, due_at=120.0, count=1, seats=[0])
    assert set(await schedule.all(game_id)) == {"remind", "clock"}
    assert await schedule.next_due() == 50.0
    assert [j.kind for j in await schedule.due(130.0)] == ["clock", "remind"]
    assert [j.kind for j in await schedule.due(60.0)] == ["clock"]
    clock = await schedule.get(game_id, "clock")
    assert clock is not None
    assert await schedule.claim(clock, next_due=400.0)  # leased
    assert not await schedule.claim(clock, next_due=400.0)  # it changed: not ours
    leased = await schedule.get(game_id, "clock")
    assert leased is not None and (leased.due_at, leased.count) == (400.0, 1)
    assert await schedule.claim(leased, next_due=None)
    assert await schedule.get(game_id, "clock") is None
    await schedule.drop(game_id, "remind")
    assert await schedule.all(game_id) == {}
    await schedule.replace(
        game_id,
        [
            JobRow(game_id, "remind", 0, 10.0, 0, [0, 1]),
            JobRow(game_id, "reaction", 0, 20.0, 0, [1]),
        ],
    )
    assert set(await schedule.all(game_id)) == {"remind", "reaction"}
    await schedule.drop(game_id)
    assert await schedule.next_due() is None


async def test_requests(store: Store) -> None:
    game_id = await new_game(store)
    requests = Requests(store)
    first = await requests.create(game_id, "undo", seq=1, requester_id=5, needed=[6, 7], now=1.0)
    second = await requests.create(game_id, "undo", seq=1, requester_id=5, needed=[6, 7], now=2.0)
    assert (await requests.get(first.id)).status == "stale"  # type: ignore[union-attr]
    with pytest.raises(LookupError):
        await requests.vote(first.id, 6, True)
    with pytest.raises(PermissionError):
        await requests.vote(second.id, 5, True)
    assert await requests.vote(second.id, 6, True) == ("waiting", await requests.get(second.id))
    status, request = await requests.vote(second.id, 7, True)
    assert status == "done" and request.agreed == [6, 7]
    third = await requests.create(
        game_id, "takeover", seq=1, requester_id=5, needed=[6], target_seat=0, now=3.0
    )
    assert third.target_seat == 0 and third.kind == "takeover"
    status, request = await requests.vote(third.id, 6, False)
    assert status == "refused"
    assert not await requests.update(third.id, status="stale")  # no longer open
    assert await requests.update(third.id, status="stale", expect_status="refused")
    assert await requests.get(999_999) is None


async def test_player_preferences_merge_and_a_newcomer_takes_a_seat(store: Store) -> None:
    game_id = await new_game(store)
    await store.add_player(game_id, user_id=SNOWFLAKE, name="Ana", locale="fr")
    after = await store.set_player_prefs(game_id, 0, {"notify": True, "away_until": 12.5})
    assert after == {"notify": True, "away_until": 12.5}
    quiet = {"tz": "Europe/Paris", "start": 22, "end": 8}
    after = await store.set_player_prefs(game_id, 0, {"away_until": None, "quiet": quiet})
    assert after == {"notify": True, "quiet": quiet}
    game = await store.get_game(game_id)
    assert game.players[0].prefs == {"notify": True, "quiet": quiet}
    await store.mark_left(game_id, 0)
    await store.replace_player(game_id, 0, user_id=SNOWFLAKE + 1, name="Bea", locale=None)
    player = (await store.get_game(game_id)).players[0]
    assert (player.user_id, player.name, player.left_at, player.prefs) == (
        SNOWFLAKE + 1,
        "Bea",
        None,
        {},
    )


async def test_two_preference_changes_at_once_both_stay(store: Store) -> None:
    game_id = await new_game(store)
    await store.add_player(game_id, user_id=7, name="Ana", locale=None)
    await asyncio.gather(
        store.set_player_prefs(game_id, 0, {"notify": True}),
        store.set_player_prefs(game_id, 0, {"away_until": 99.0}),
    )
    assert (await store.get_game(game_id)).players[0].prefs == {"notify": True, "away_until": 99.0}
