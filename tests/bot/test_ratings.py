"""Ratings through the game service (no Discord): seeded games played to the end are rated as
OpenSkill's own API rates their rankings; what counts follows the rules of
bot.service.ratings (abandoned games, seats that left or were taken over, AI seats, one
person); the admins' recomputation equals the incremental ratings."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.service import GameService, StaleAction, UserRef
from bot.service.ratings import ladder_of, placings
from bot.store import GameRow, PlayerRow, Ratings, StaleGame, Store

ANA = UserRef(1, "Ana")
BEN = UserRef(2, "Ben")
CAT = UserRef(3, "Cat")
GUILD = 1


@pytest.fixture
async def service(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path}/bot.db")
    await store.open()
    seeds = iter(range(1000, 2000))
    service = GameService(store, seed_source=lambda: next(seeds))
    yield service
    await service.close()
    await store.close()


async def start(
    service: GameService, channel: int, *users: UserRef, ais: int = 0, game: str = "rattus"
) -> int:
    lobby = await service.lobby.new_lobby(
        game=game, guild_id=GUILD, channel_id=channel, creator=users[0], options={}
    )
    for user in users[1:]:
        await service.lobby.join(channel, user)
    for _ in range(ais):
        await service.lobby.add_ai(channel, users[0])
    await service.lobby.start(channel, users[0])
    return lobby.id


async def play_out(service: GameService, game_id: int, seed: int) -> GameRow:
    """People play random legal actions (AI seats play themselves) until the game ends."""
    rnd = random.Random(seed)
    for _ in range(5000):
        game = await service.store.get_game(game_id)
        if game.status != "active":
            return game
        state = await service.state_of(game)
        engine = service.engine(game)
        people = [
            s
            for s in sorted(engine.to_move(state))
            if not game.player_at(s).automated and game.player_at(s).left_at is None
        ]
        if not people:
            await service.idle()
            await asyncio.sleep(0.001)
            continue
        seat = people[0]
        user = game.player_at(seat).user_id
        assert user is not None
        action = rnd.choice(engine.legal_actions(state, seat))
        try:
            await service.act(game_id, user, action, expected_seq=game.seq)
        except (StaleAction, StaleGame):
            continue
    raise AssertionError("the game did not end")


async def fail(outcome: Any) -> Any:
    raise RuntimeError("the process stopped before rating the game")


def by_hand(rankings: list[list[tuple[str, int]]]) -> dict[str, tuple[float, float]]:
    """OpenSkill's own API over (identity, rank) lists, one game after the other."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for ranking in rankings:
        teams = [[ratings.get(i) or model.rating()] for i, _ in ranking]
        for (identity, _), team in zip(
            ranking, model.rate(teams, ranks=[r for _, r in ranking]), strict=True
        ):
            ratings[identity] = team[0]
    return {i: (r.mu, r.sigma) for i, r in ratings.items()}


async def ratings_of(
    service: GameService, ladder: str = "rattus"
) -> dict[str, tuple[float, float]]:
    _, rows = await Ratings(service.store).board(GUILD, ladder, limit=100)
    return {r.identity: (r.mu, r.sigma) for r in rows}


@pytest.mark.slow
async def test_seeded_games_are_rated_as_openskill_rates_their_rankings(
    service: GameService,
) -> None:
    rankings = []
    games = []
    rate = service.ratings.game_ended
    for n, users in enumerate([(ANA, BEN), (BEN, CAT, ANA), (CAT, ANA)]):
        if n == 1:
            # The process "crashes" between this game's end and its rating.
            service.ratings.game_ended = fail  # type: ignore[method-assign]
        game_id = await start(service, 100 + n, *users)
        game = await play_out(service, game_id, seed=n)
        service.ratings.game_ended = rate  # type: ignore[method-assign]
        assert game.status == "over"
        games.append(game)
        result = service.engine(game).result(await service.state_of(game))
        seats = {p.seat: p.user_id for p in game.seated()}
        rankings.append([(f"u:{seats[r['seat']]}", int(r["rank"])) for r in result["ranking"]])
    assert await Ratings(service.store).result(games[1].id) is None
    # Its game-over message rates it then, in its place among the games that ended.
    assert len(await service.ratings.changes_for(games[1])) == 3
    assert await ratings_of(service) == by_hand(rankings)
    # The admins' recomputation gives them again, exactly.
    before = await ratings_of(service)
    assert await service.ratings.recompute(GUILD) == 3
    assert await ratings_of(service) == before


@pytest.mark.slow
async def test_a_game_against_the_ai_rates_the_person_and_the_ai_level(
    service: GameService,
) -> None:
    game_id = await start(service, 200, ANA, ais=1)
    game = await play_out(service, game_id, seed=5)
    changes = await service.ratings.changes_for(game)
    assert sorted(c.identity for c in changes) == ["ai:strong", "u:1"]
    assert set(await ratings_of(service)) == {"ai:strong", "u:1"}


async def test_an_abandoned_game_rates_nobody(service: GameService) -> None:
    game_id = await start(service, 300, ANA, BEN)
    await service.lobby.abandon(300, ANA)
    game = await service.store.get_game(game_id)
    assert game.status == "abandoned"
    assert await service.ratings.changes_for(game) == []
    assert await Ratings(service.store).result(game_id) is None
    assert await service.ratings.recompute(GUILD) == 0
    assert await ratings_of(service) == {}


def seated(*players: tuple[int | None, bool, bool, bool]) -> GameRow:
    """A finished game whose seat n is (user id, AI seat, left, taken over)."""
    game = GameRow(1, GUILD, 5, "rattus", {}, {}, "over", 1, 1, 9, None, None, 0.0, 0.0, 1.0)
    for seat, (user, ai, left, stand_in) in enumerate(players):
        game.players.append(
            PlayerRow(
                1,
                seat,
                user,
                f"p{seat}",
                seat,
                ai,
                0.0,
                1.0 if left else None,
                False,
                None,
                stand_in=stand_in,
            )
        )
    return game


def ranking(*ranks: int) -> dict[str, Any]:
    return {"ranking": [{"seat": s, "rank": r, "score": 0} for s, r in enumerate(ranks)]}


def test_what_a_finished_game_counts_for() -> None:
    both = seated((1, False, False, False), (2, False, False, False))
    assert [(p.identity, p.rank) for p in placings(both, ranking(2, 1))] == [("u:1", 2), ("u:2", 1)]
    # A person who left, or whose seat the AI still played at the end, is ranked last, even
    # when the seat finished first; a tie stays a tie; the best seat still held wins.
    gone = seated(
        (1, False, True, False),
        (2, False, False, False),
        (3, False, False, True),
        (4, False, False, False),
    )
    assert [(p.identity, p.rank) for p in placings(gone, ranking(1, 2, 1, 2))] == [
        ("u:1", 2),
        ("u:2", 1),
        ("u:3", 2),
        ("u:4", 1),
    ]
    # One person against AI seats: rated, the AI seats as the AI level's identity.
    alone = seated((1, False, False, False), (None, True, False, False), (None, True, False, False))
    assert [p.identity for p in placings(alone, ranking(3, 1, 2))] == [
        "u:1",
        "ai:strong",
        "ai:strong",
    ]
    # Nobody finished in their own seat: not rated. Abandoned: not rated.
    nobody = seated((1, False, True, False), (None, True, False, False))
    assert placings(nobody, ranking(2, 1)) == ()
    both.status = "abandoned"
    assert placings(both, ranking(1, 2)) == ()


def test_an_expansion_is_a_ladder_of_its_own() -> None:
    assert ladder_of("rattus", {}) == "rattus"
    assert ladder_of("rattus", {"expansion": "africanus", "classes": ["x"]}) == "rattus+africanus"
    assert ladder_of("cartus", {"supply": "simultaneous"}) == "cartus"


@pytest.mark.slow
async def test_a_person_who_left_is_ranked_last_and_the_ai_seat_is_not_rated(
    service: GameService,
) -> None:
    game_id = await start(service, 400, ANA, BEN, CAT)
    await service.lobby.leave(400, CAT)  # the AI plays Cat's seat from now on
    game = await play_out(service, game_id, seed=9)
    changes = await service.ratings.changes_for(game)
    ranks = {c.identity: c.rank for c in changes}
    assert set(ranks) == {"u:1", "u:2", "u:3"}  # the stand-in is not an AI identity here
    assert ranks["u:3"] == max(ranks.values()) and ranks["u:3"] > max(ranks["u:1"], ranks["u:2"])
    assert min(ranks.values()) == 1


async def test_a_leaderboard_page_adds_the_askers_place_and_notes_few_games(
    service: GameService,
) -> None:
    from bot.interactions.standing import leaderboard_text
    from bot.service.ratings import RATER
    from bot.store import Placing, RatedGame

    table = Ratings(service.store)
    for n in range(2, 27):  # Ana (user 1) beats 25 people, once each
        game_id = await service.store.create_game(
            guild_id=GUILD,
            channel_id=1000 + n,
            game="rattus",
            options={},
            settings={},
            creator_id=1,
            seed=n,
        )
        await service.store.set_status(game_id, "over")
        placed = (Placing("u:1", 1, 0), Placing(f"u:{n}", 2, 1))
        await table.record(RatedGame(game_id, GUILD, "rattus", float(n), placed), RATER)
    places = {n: await table.position(GUILD, "rattus", f"u:{n}") for n in range(1, 27)}
    assert places[1] == 1
    last = max(places, key=lambda n: places[n] or 0)
    text = await leaderboard_text(table, GUILD, "rattus", 1, "en", asker=last)
    assert text.startswith("🏆 **Rattus: leaderboard** (26 rated")
    assert "\n1. <@1> · **" in text and "25 games, 25 wins" in text
    assert f"You: #{places[last]}," in text and "* Fewer than 5 games" in text
    page2 = await leaderboard_text(table, GUILD, "rattus", 2, "fr", asker=last)
    assert "26 joueurs classés" in page2 and f"{places[last]}. <@{last}>" in page2
    assert "Vous :" not in page2  # on the page already
    assert "past the end (2 pages)" in await leaderboard_text(table, GUILD, "rattus", 5, "en")
