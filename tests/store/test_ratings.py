"""The ratings tables on both backends: a game rated once, ties and six players as OpenSkill
rates them, a replay equal to the incremental ratings, a game rated late, two at once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from openskill.models import PlackettLuce

from bot.service.ratings import RATER
from bot.store import Placing, RatedGame, Ratings, Store

GUILD = 7
LADDER = "rattus"


async def a_game(store: Store, channel: int, guild: int = GUILD) -> int:
    """A game row for a result to point at (ended: the channel is free again)."""
    game_id = await store.create_game(
        guild_id=guild,
        channel_id=channel,
        game="rattus",
        options={},
        settings={},
        creator_id=1,
        seed=1,
    )
    await store.set_status(game_id, "over")
    return game_id


def result(game_id: int, at: float, *placed: tuple[str, int]) -> RatedGame:
    """A rated game: (identity, rank) by seat."""
    return RatedGame(
        game_id,
        GUILD,
        LADDER,
        at,
        tuple(Placing(identity, rank, seat) for seat, (identity, rank) in enumerate(placed)),
    )


def by_hand(games: Sequence[RatedGame]) -> dict[str, tuple[float, float]]:
    """The same games rated with OpenSkill's own API, one after the other."""
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    for game in games:
        teams = [[ratings.get(p.identity) or model.rating()] for p in game.placings]
        new = model.rate(teams, ranks=[p.rank for p in game.placings])  # type: ignore[arg-type]
        for p, team in zip(game.placings, new, strict=True):
            ratings[p.identity] = team[0]
    return {i: (r.mu, r.sigma) for i, r in ratings.items()}  # type: ignore[attr-defined]


async def stored(store: Store) -> dict[str, tuple[float, float, int, int]]:
    count, rows = await Ratings(store).board(GUILD, LADDER, limit=100)
    assert count == len(rows)
    return {r.identity: (r.mu, r.sigma, r.games, r.wins) for r in rows}


async def test_ties_and_six_players_rate_as_openskill_does(store: Store) -> None:
    table = Ratings(store)
    ids = [await a_game(store, channel) for channel in range(1, 4)]
    games = [
        result(ids[0], 10.0, ("u:1", 1), ("u:2", 2), ("u:3", 2), ("u:4", 4)),
        result(
            ids[1], 20.0, ("u:1", 3), ("u:2", 1), ("u:3", 2), ("u:4", 6), ("u:5", 5), ("u:6", 4)
        ),
        result(ids[2], 30.0, ("u:5", 1), ("u:6", 1)),
    ]
    for game in games:
        changes = await table.record(game, RATER)
        assert {c.identity for c in changes} == {p.identity for p in game.placings}
    want = by_hand(games)
    got = await stored(store)
    assert {i: v[:2] for i, v in got.items()} == want  # exactly: the same arithmetic
    assert got["u:1"][2:] == (2, 1) and got["u:5"][2:] == (2, 1) and got["u:6"][2:] == (2, 1)
    # A tie for first: both win.
    tie = await table.changes(ids[2])
    assert [c.rank for c in tie] == [1, 1]
    # Rating a game again changes nothing and gives its changes.
    assert [c.identity for c in await table.record(games[0], RATER)] == [
        c.identity for c in await table.changes(ids[0])
    ]
    assert await stored(store) == got


async def test_a_replay_equals_the_incremental_ratings(store: Store) -> None:
    table = Ratings(store)
    ids = [await a_game(store, channel) for channel in range(1, 6)]
    games = [
        result(ids[0], 1.0, ("u:1", 1), ("u:2", 2)),
        result(ids[1], 2.0, ("u:2", 1), ("u:3", 2), ("ai:strong", 3)),
        # Two AI seats: the people meet two opponents, the AI moves by their average.
        result(ids[2], 3.0, ("ai:strong", 1), ("u:1", 2), ("ai:strong", 3), ("u:3", 3)),
        result(ids[3], 4.0, ("u:3", 1), ("u:1", 2)),
        result(ids[4], 5.0, ("u:2", 1), ("u:1", 1), ("u:3", 3)),
    ]
    for game in games:
        await table.record(game, RATER)
    incremental = await stored(store)
    history = {
        c.game_id: c.delta for g in ids for c in await table.changes(g) if c.identity == "u:1"
    }
    assert await table.replay(GUILD, RATER) == 5
    assert await stored(store) == incremental
    assert {
        c.game_id: c.delta for g in ids for c in await table.changes(g) if c.identity == "u:1"
    } == history
    assert (await table.ladders(GUILD)) == [(LADDER, 5)]


async def test_a_game_rated_late_takes_its_place_in_the_order(store: Store) -> None:
    """A game rated after others that ended later (a crash between its end and its rating)
    gives the ratings of the order the games ended: as by hand, and as a full replay."""
    table = Ratings(store)
    ids = [await a_game(store, channel) for channel in range(1, 6)]
    games = [
        result(ids[0], 1.0, ("u:1", 1), ("u:2", 2)),
        result(ids[1], 2.0, ("u:2", 1), ("u:3", 2)),  # rated last
        result(ids[2], 3.0, ("u:3", 1), ("u:1", 2), ("u:4", 2)),  # u:4's first game
        result(ids[3], 4.0, ("u:4", 1), ("u:1", 3), ("u:5", 2)),
        result(ids[4], 5.0, ("u:5", 1), ("u:2", 2)),
    ]
    for n in (0, 2, 3, 4, 1):
        await table.record(games[n], RATER)
    got = await stored(store)
    assert {i: v[:2] for i, v in got.items()} == by_hand(games)
    assert got["u:3"][2:] == (2, 1) and got["u:2"][2:] == (3, 1)
    changes = {g: await table.changes(g) for g in ids}
    assert await table.replay(GUILD, RATER) == 5
    assert await stored(store) == got
    assert {g: await table.changes(g) for g in ids} == changes
    # The same with AI seats twice in a game: the late order equals the replay.
    more = [await a_game(store, channel) for channel in range(6, 9)]
    extra = [
        result(more[0], 6.0, ("ai:strong", 1), ("u:1", 2), ("ai:strong", 3)),
        result(more[1], 7.0, ("u:6", 1), ("ai:strong", 2)),
        result(more[2], 8.0, ("ai:strong", 1), ("u:6", 2), ("u:1", 2)),
    ]
    for n in (1, 2, 0):
        await table.record(extra[n], RATER)
    late = await stored(store)
    await table.replay(GUILD, RATER)
    assert await stored(store) == late


async def test_two_games_of_one_ladder_ending_at_once_are_both_rated(
    open_stores: Callable[[], Awaitable[Store]],
) -> None:
    one, two = await open_stores(), await open_stores()
    ids = [await a_game(one, channel) for channel in range(1, 3)]
    games = [
        result(ids[0], 1.0, ("u:1", 1), ("u:2", 2)),
        result(ids[1], 2.0, ("u:1", 2), ("u:3", 1)),
    ]
    await asyncio.gather(Ratings(one).record(games[0], RATER), Ratings(two).record(games[1], RATER))
    got = await stored(one)
    assert {i: v[:2] for i, v in got.items()} == by_hand(games)
    assert got["u:1"][2] == 2


async def test_boards_positions_histories_and_a_result_that_rates_nothing(store: Store) -> None:
    table = Ratings(store)
    ids = [await a_game(store, channel) for channel in range(1, 5)]
    for n, game_id in enumerate(ids[:3]):
        await table.record(result(game_id, float(n), ("u:1", 1), ("u:2", 2), ("u:3", 3)), RATER)
    # A finished game that counts for nothing is remembered, and rates nobody.
    assert await table.record(result(ids[3], 9.0, ("u:1", 1)), RATER) == []
    assert await table.unrated(GUILD) == []
    count, page = await table.board(GUILD, LADDER, limit=2)
    assert count == 3 and [r.identity for r in page] == ["u:1", "u:2"]
    assert page[0].ordinal > page[1].ordinal
    assert [await table.position(GUILD, LADDER, f"u:{n}") for n in (1, 2, 3)] == [1, 2, 3]
    assert await table.position(GUILD, LADDER, "u:99") is None
    last = await table.history("u:1", GUILD, LADDER, limit=2)
    assert [c.game_id for c in last] == [ids[2], ids[1]] and all(c.delta > 0 for c in last)
    assert [r.ladder for r in await table.of("u:1")] == [LADDER]
    assert await table.of("u:1", guild_id=GUILD + 1) == []
