"""Every read-modify-write is atomic in the database: two store objects on one database (each
with its own connections, as two bot processes have) never lose or double a change."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.store import ChannelBusy, JobRow, Post, Requests, Schedule, StaleGame, Store

Opener = Callable[[], Awaitable[Store]]
ROUNDS = 10  # races are run several times: one lucky ordering proves little


async def two(open_stores: Opener) -> tuple[Store, Store]:
    return await open_stores(), await open_stores()


async def new_game(store: Store, channel: int = 10, people: int = 1) -> int:
    game_id = await store.create_game(
        guild_id=1, channel_id=channel, game="rattus", options={}, settings={}, creator_id=5, seed=1
    )
    for n in range(people):
        await store.add_player(game_id, user_id=5 + n, name=f"p{n}")
    await store.start_game(game_id, {n: n for n in range(people)}, {"v": 1})
    return game_id


async def test_two_processes_appending_at_the_same_seq_exactly_one_wins(
    open_stores: Opener,
) -> None:
    a, b = await two(open_stores)
    for round_ in range(ROUNDS):
        game_id = await new_game(a, channel=100 + round_)
        results = await asyncio.gather(
            *(
                store.append(
                    game_id,
                    expected_seq=0,
                    seat=0,
                    actor_id=5,
                    origin="player",
                    action=f"{name}{i}",
                    events=[],
                    state={"v": 2},
                    over=False,
                    post=Post("action"),
                )
                for i in range(4)
                for name, store in (("a", a), ("b", b))
            ),
            return_exceptions=True,
        )
        assert sorted(r for r in results if isinstance(r, int)) == [1], results
        assert all(isinstance(r, StaleGame) for r in results if not isinstance(r, int)), results
        assert len(await b.actions(game_id)) == 1
        assert [p.seq for p in await a.outbox.posts(game_id)] == [1]  # one post: the winner's


async def test_two_votes_at_once_through_two_stores_both_count(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a, people=3)
    for _ in range(ROUNDS):
        request = await Requests(a).create(
            game_id, "undo", seq=0, requester_id=5, needed=[6, 7], now=1.0
        )
        (first, _), (second, _) = await asyncio.gather(
            Requests(a).vote(request.id, 6, True), Requests(b).vote(request.id, 7, True)
        )
        assert sorted([first, second]) == ["done", "waiting"]  # exactly one completes it
        after = await Requests(b).get(request.id)
        assert after is not None and after.status == "done" and after.agreed == [6, 7]


async def test_two_schedulers_claim_one_job_one_wins(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a)
    for round_ in range(ROUNDS):
        await Schedule(a).put(game_id, "clock", seq=0, due_at=float(round_), seats=[0])
        job = await Schedule(b).get(game_id, "clock")
        assert job is not None
        lease = 1000.0 + round_
        # A lease (re-plan) against a lease, then a delete against a delete.
        won = await asyncio.gather(
            Schedule(a).claim(job, next_due=lease), Schedule(b).claim(job, next_due=lease)
        )
        assert sorted(won) == [False, True]
        leased = await Schedule(a).get(game_id, "clock")
        assert leased is not None and (leased.due_at, leased.count) == (lease, 1)
        won = await asyncio.gather(
            Schedule(a).claim(leased, next_due=None), Schedule(b).claim(leased, next_due=None)
        )
        assert sorted(won) == [False, True]
        assert await Schedule(b).get(game_id, "clock") is None


async def test_plans_written_at_once_do_not_collide(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a)
    mine = [JobRow(game_id, "remind", 0, 10.0, 0, [0]), JobRow(game_id, "clock", 0, 20.0, 0, [0])]
    theirs = [JobRow(game_id, "remind", 0, 30.0, 0, [0])]
    for _ in range(ROUNDS):
        await asyncio.gather(
            Schedule(a).replace(game_id, mine), Schedule(b).replace(game_id, theirs)
        )
        plan = sorted((j.kind, j.due_at) for j in (await Schedule(a).all(game_id)).values())
        assert plan in ([("clock", 20.0), ("remind", 10.0)], [("remind", 30.0)])  # one whole plan


async def test_players_joining_at_once_get_distinct_positions(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await a.create_game(
        guild_id=1, channel_id=10, game="rattus", options={}, settings={}, creator_id=5, seed=1
    )
    added = await asyncio.gather(
        *(
            store.add_player(game_id, user_id=100 + i, name=f"p{i}")
            for i in range(6)
            for store in (a, b)
            if (i % 2 == 0) == (store is a)
        ),
        *(a.add_player(game_id, user_id=None, name=f"AI {i}", is_ai=True) for i in range(3)),
    )
    positions = sorted(p.position for p in added)
    assert positions == list(range(9))
    assert [p.position for p in await b.players(game_id)] == positions


async def test_settings_changed_at_once_both_land(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a)
    for round_ in range(ROUNDS):
        await asyncio.gather(
            a.update_settings(game_id, {"reminder_hours": float(round_)}),
            b.update_settings(game_id, {"max_reminders": round_}),
        )
        settings = (await a.get_game(game_id)).settings
        assert settings == {"reminder_hours": float(round_), "max_reminders": round_}


async def test_requests_opened_at_once_leave_one_open(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a, people=3)
    for _ in range(ROUNDS):
        await asyncio.gather(
            Requests(a).create(game_id, "undo", seq=0, requester_id=5, needed=[6], now=1.0),
            Requests(b).create(game_id, "undo", seq=0, requester_id=6, needed=[5], now=1.0),
        )
    statuses = []
    for request_id in range(1, 2 * ROUNDS + 1):
        request = await Requests(a).get(request_id)
        assert request is not None
        statuses.append(request.status)
    assert statuses.count("open") == 1


async def test_a_channel_gets_one_lobby_when_two_open_it_at_once(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    for channel in range(ROUNDS):
        results = await asyncio.gather(
            *(
                store.create_game(
                    guild_id=1,
                    channel_id=channel,
                    game="rattus",
                    options={},
                    settings={},
                    creator_id=5,
                    seed=1,
                )
                for store in (a, b, a, b)
            ),
            return_exceptions=True,
        )
        assert sum(isinstance(r, int) for r in results) == 1, results
        assert sum(isinstance(r, ChannelBusy) for r in results) == 3, results


async def test_a_game_is_started_once_by_two_processes(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await a.create_game(
        guild_id=1, channel_id=10, game="rattus", options={}, settings={}, creator_id=5, seed=1
    )
    await a.add_player(game_id, user_id=5, name="ana")
    await a.add_player(game_id, user_id=6, name="ben")
    results = await asyncio.gather(
        a.start_game(game_id, {0: 0, 1: 1}, {"by": "a"}, Post("start")),
        b.start_game(game_id, {0: 1, 1: 0}, {"by": "b"}, Post("start")),
        return_exceptions=True,
    )
    assert sum(r is None for r in results) == 1
    assert sum(isinstance(r, StaleGame) for r in results) == 1
    assert len(await a.outbox.posts(game_id)) == 1
    by = (await b.latest_snapshot(game_id))[1]["by"]
    seats = {p.name: p.seat for p in (await b.get_game(game_id)).players}
    assert seats == ({"ana": 0, "ben": 1} if by == "a" else {"ana": 1, "ben": 0})


@pytest.mark.parametrize("claims", [2, 5])
async def test_many_claimers_of_due_jobs_act_once_each(open_stores: Opener, claims: int) -> None:
    """Schedulers of several processes sweeping the same due jobs: each job is taken once."""
    stores = [await open_stores() for _ in range(claims)]
    games = [await new_game(stores[0], channel=200 + n) for n in range(4)]
    for game_id in games:
        await Schedule(stores[0]).put(game_id, "remind", seq=0, due_at=1.0, seats=[0])

    async def sweep(store: Store) -> list[int]:
        taken = []
        for job in await Schedule(store).due(10.0):
            if await Schedule(store).claim(job, next_due=None):
                taken.append(job.game_id)
        return taken

    swept = await asyncio.gather(*(sweep(s) for s in stores))
    assert sorted(g for taken in swept for g in taken) == sorted(games)


def append_args(action: str) -> dict[str, object]:
    return dict(seat=0, actor_id=5, origin="player", action=action, events=[], over=False)


async def test_an_action_computed_before_an_undo_and_a_new_move_is_refused(
    open_stores: Opener,
) -> None:
    """The seq comes back after an undo and a new action; the version does not. A process
    that read the game before (and computed its action on that state) loses."""
    a, b = await two(open_stores)
    game_id = await new_game(a)
    await a.append(game_id, expected_seq=0, state={}, **append_args("x"))  # type: ignore[arg-type]
    read = await a.get_game(game_id)  # process a reads seq 1 ...
    await b.truncate(game_id, expected_seq=1, keep=0, expected_version=read.version)
    await b.append(game_id, expected_seq=0, state={}, **append_args("y"))  # type: ignore[arg-type]
    assert (await b.get_game(game_id)).seq == read.seq  # ... seq is 1 again ...
    with pytest.raises(StaleGame):  # ... but its action was made for the old line of play
        await a.append(
            game_id,
            expected_seq=read.seq,
            expected_version=read.version,
            state={},
            **append_args("z"),  # type: ignore[arg-type]
        )
    with pytest.raises(StaleGame):
        await a.truncate(game_id, expected_seq=read.seq, keep=0, expected_version=read.version)
    assert [r.action for r in await a.actions(game_id)] == ["y"]
    after = await a.get_game(game_id)
    assert after.version == read.version + 2


async def test_a_game_ended_by_two_processes_at_once_ends_once(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    for round_ in range(ROUNDS):
        game_id = await new_game(a, channel=300 + round_)
        ended = await asyncio.gather(
            *(
                store.set_status(game_id, "abandoned", Post("end"), expect=("active",))
                for store in (a, b, a, b)
            )
        )
        assert sorted(ended) == [False, False, False, True]
        assert [p.kind for p in await b.outbox.posts(game_id)] == ["end"]
        assert not await a.set_status(game_id, "over", expect=("active",))
        assert (await a.get_game(game_id)).status == "abandoned"


async def test_a_plan_for_an_older_version_does_not_replace_a_newer_one(
    open_stores: Opener,
) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a)
    old = (await a.get_game(game_id)).version
    await b.append(game_id, expected_seq=0, state={}, **append_args("x"))  # type: ignore[arg-type]
    new = old + 1
    assert await Schedule(b).replace(
        game_id, [JobRow(game_id, "remind", 1, 50.0, 0, [0])], version=new
    )
    late = [JobRow(game_id, "remind", 0, 10.0, 0, [0])]
    assert not await Schedule(a).replace(game_id, late, version=old)
    assert [(j.seq, j.due_at) for j in (await Schedule(a).all(game_id)).values()] == [(1, 50.0)]
    assert await Schedule(a).replace(game_id, [], version=None)  # no version: always


async def test_a_postponed_job_moves_only_if_nobody_changed_it(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a)
    await Schedule(a).put(game_id, "remind", seq=0, due_at=10.0, seats=[0])
    job = await Schedule(a).get(game_id, "remind")
    assert job is not None
    await Schedule(b).put(game_id, "remind", seq=1, due_at=99.0, seats=[0])  # a newer plan
    assert not await Schedule(a).postpone(job, 40.0)
    assert (await Schedule(a).get(game_id, "remind")) == JobRow(game_id, "remind", 1, 99.0, 0, [0])
    newer = await Schedule(a).get(game_id, "remind")
    assert newer is not None and await Schedule(b).postpone(newer, 120.0)
    assert (await Schedule(a).get(game_id, "remind")) == JobRow(game_id, "remind", 1, 120.0, 0, [0])


async def test_a_player_leaving_through_two_processes_leaves_once(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a, people=2)
    left = await asyncio.gather(a.mark_left(game_id, 1), b.mark_left(game_id, 1))
    assert sorted(left) == [False, True]
    assert await a.mark_left(game_id, 1, left=False)
    assert not await b.mark_left(game_id, 1, left=False)


async def test_settings_are_merged_in_the_database_and_returned(open_stores: Opener) -> None:
    a, b = await two(open_stores)
    game_id = await new_game(a)
    await b.update_settings(game_id, {"lang": "fr", "clock_hours": 3.0})
    merged = await a.update_settings(game_id, {"clock_hours": None, "more": [1]})
    assert merged == {"lang": "fr", "clock_hours": None, "more": [1]}
    assert (await b.get_game(game_id)).settings == merged
    assert await a.update_settings(game_id, {}) == merged
    with pytest.raises(ValueError):
        await a.update_settings(game_id, {'odd"key': 1})
