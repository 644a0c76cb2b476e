"""The game service with fake users and a temporary database (no Discord)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import BotError, GameService, Outcome, StaleAction, UserRef
from bot.store import Store
from engine.core.errors import NotYourTurn, RulesError
from engine.rattus import GAME

ANA = UserRef(1, "Ana")
BEN = UserRef(2, "Ben")
CAT = UserRef(3, "Cat")
ADMIN = UserRef(9, "Admin", manage_server=True)
CHANNEL = 100


class Recorder:
    """A publisher that keeps every committed outcome (and every wake-up)."""

    def __init__(self) -> None:
        self.outcomes: list[Outcome] = []
        self.woken: list[int] = []

    async def publish(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)

    def notify(self, game_id: int, *, hold: int | None = None) -> None:
        self.woken.append(game_id)

    async def idle(self, timeout: float = 30.0) -> None:
        return None


def recording(store: Store, **kwargs: Any) -> tuple[GameService, Recorder]:
    """A service whose outcomes the recorder sees once they are committed."""
    recorder = Recorder()
    service = GameService(store, recorder, **kwargs)
    service.planners.append(recorder.publish)
    return service, recorder


@pytest.fixture
async def env(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path}/bot.db")
    await store.open()
    service, recorder = recording(store, seed_source=lambda: 12345)
    yield service, recorder
    await service.close()
    await store.close()


async def lobby(service: GameService, *users: UserRef, expansion: str | None = None) -> int:
    options = {"expansion": expansion} if expansion else {}
    game = await service.lobby.new_lobby(
        game="rattus", guild_id=1, channel_id=CHANNEL, creator=users[0], options=options
    )
    for user in users[1:]:
        await service.lobby.join(CHANNEL, user)
    return game.id


async def test_lobby_life(env) -> None:
    service, recorder = env
    game_id = await lobby(service, ANA)
    with pytest.raises(BotError) as err:
        await service.lobby.new_lobby(game="rattus", guild_id=1, channel_id=CHANNEL, creator=BEN)
    assert err.value.code == "channel_busy"
    await service.lobby.join(CHANNEL, BEN)
    with pytest.raises(BotError) as err:
        await service.lobby.join(CHANNEL, BEN)
    assert err.value.code == "already_joined"
    await service.lobby.leave(CHANNEL, BEN)
    with pytest.raises(BotError) as err:
        await service.lobby.start(CHANNEL, ANA)
    assert err.value.code == "player_count"
    await service.lobby.add_ai(CHANNEL, ANA)
    await service.lobby.join(CHANNEL, CAT)
    with pytest.raises(BotError) as err:
        await service.lobby.start(CHANNEL, CAT)
    assert err.value.code == "creator_only"
    outcome = await service.lobby.start(CHANNEL, ANA)
    assert outcome.started and recorder.outcomes[0] is outcome
    game = await service.store.get_game(game_id)
    assert game.status == "active"
    assert sorted(p.seat for p in game.players) == [0, 1, 2]
    with pytest.raises(BotError) as err:
        await service.lobby.join(CHANNEL, BEN)
    assert err.value.code == "already_started"


async def test_lobby_is_full_at_four_but_six_with_africanus(env) -> None:
    service, _ = env
    await lobby(service, ANA, BEN, CAT)
    await service.lobby.add_ai(CHANNEL, ANA)
    with pytest.raises(BotError) as err:
        await service.lobby.add_ai(CHANNEL, ANA)
    assert err.value.code == "lobby_full"


async def test_seat_order_is_drawn_from_the_seed(tmp_path: Path) -> None:
    orders = []
    for run in range(2):
        store = Store(f"sqlite:///{tmp_path}/seat{run}.db")
        await store.open()
        service = GameService(store, seed_source=lambda: 777)
        await lobby(service, ANA, BEN, CAT)
        await service.lobby.start(CHANNEL, ANA)
        game = await service.game_in(CHANNEL)
        orders.append([p.name for p in game.seated()])
        await service.close()
        await store.close()
    assert orders[0] == orders[1]


async def two_player_game(service: GameService) -> int:
    game_id = await lobby(service, ANA, BEN)
    await service.lobby.start(CHANNEL, ANA)
    return game_id


def user_for(game, seat: int) -> UserRef:
    user_id = game.player_at(seat).user_id
    return {1: ANA, 2: BEN, 3: CAT}[user_id]


async def test_actions_are_checked_stored_and_published(env) -> None:
    service, recorder = env
    game_id = await two_player_game(service)
    game = await service.store.get_game(game_id)
    first, second = user_for(game, 0), user_for(game, 1)
    with pytest.raises(NotYourTurn):
        await service.act(game_id, second.id, "open gallia")
    with pytest.raises(BotError) as err:
        await service.act(game_id, CAT.id, "open gallia")
    assert err.value.code == "not_in_game"
    with pytest.raises(RulesError):
        await service.act(game_id, first.id, "open atlantis")
    assert (await service.store.get_game(game_id)).seq == 0  # nothing changed
    outcome = await service.act(game_id, first.id, "open gallia", expected_seq=0)
    assert outcome.seq == 1 and recorder.outcomes[-1] is outcome
    assert outcome.turn_changed and outcome.to_move == frozenset({1})
    with pytest.raises(StaleAction):
        await service.act(game_id, second.id, "open gallia", expected_seq=0)
    rows = await service.store.actions(game_id)
    assert [(r.seq, r.seat, r.action, r.actor_id) for r in rows] == [
        (1, 0, "open gallia", first.id)
    ]


async def test_simultaneous_clicks_apply_exactly_once(env) -> None:
    service, _ = env
    game_id = await two_player_game(service)
    game = await service.store.get_game(game_id)
    first = user_for(game, 0)
    results = await asyncio.gather(
        *(service.act(game_id, first.id, "open gallia", expected_seq=0) for _ in range(25)),
        return_exceptions=True,
    )
    assert sum(1 for r in results if isinstance(r, Outcome)) == 1
    assert all(isinstance(r, StaleAction) for r in results if not isinstance(r, Outcome))
    assert await service.store.count_actions(game_id) == 1


async def test_a_player_who_left_cannot_act(env) -> None:
    service, _ = env
    game_id = await two_player_game(service)
    game = await service.store.get_game(game_id)
    first = user_for(game, 0)
    await service.lobby.leave(CHANNEL, first)
    with pytest.raises(BotError) as err:
        await service.act(game_id, first.id, "open gallia")
    assert err.value.code == "you_left"
    with pytest.raises(BotError) as err:
        await service.lobby.leave(CHANNEL, first)
    assert err.value.code == "already_left"


async def test_the_creator_removes_players_and_ai_seats_before_the_start(env) -> None:
    service, _ = env
    game_id = await lobby(service, ANA, BEN, CAT)
    await service.lobby.add_ai(CHANNEL, ANA)
    game = await service.store.get_game(game_id)
    first_ai = next(p for p in game.players if p.name == "AI 1")
    for who, kwargs, code in [
        (BEN, {"user_id": CAT.id}, "remove_not_allowed"),
        (ANA, {"user_id": ANA.id}, "remove_creator"),
        (ANA, {"user_id": 77}, "remove_unknown"),
        (ANA, {"position": 0}, "remove_unknown"),  # a person's position is not an AI seat
    ]:
        with pytest.raises(BotError) as err:
            await service.lobby.remove_from_lobby(CHANNEL, who, **kwargs)
        assert err.value.code == code
    assert len((await service.store.get_game(game_id)).players) == 4
    game, removed = await service.lobby.remove_from_lobby(CHANNEL, ANA, user_id=CAT.id)
    assert removed.user_id == CAT.id and game.player_of(CAT.id) is None
    await service.lobby.add_ai(CHANNEL, BEN)
    game, removed = await service.lobby.remove_from_lobby(
        CHANNEL, ADMIN, position=first_ai.position
    )
    assert removed.name == "AI 1" and [p.name for p in game.players] == ["Ana", "Ben", "AI 2"]
    game = await service.lobby.add_ai(CHANNEL, ANA)  # the free name is taken again
    assert [p.name for p in game.players] == ["Ana", "Ben", "AI 2", "AI 1"]
    await service.lobby.start(CHANNEL, ANA)
    with pytest.raises(BotError) as err:
        await service.lobby.remove_from_lobby(CHANNEL, ANA, user_id=BEN.id)
    assert err.value.code == "already_started"


async def test_a_lobby_passes_to_the_next_person_when_its_creator_leaves(env) -> None:
    service, _ = env
    game_id = await lobby(service, ANA)
    await service.lobby.add_ai(CHANNEL, ANA)
    await service.lobby.join(CHANNEL, BEN)
    await service.lobby.join(CHANNEL, CAT)
    game = await service.lobby.leave(CHANNEL, ANA)
    assert game.creator_id == BEN.id and game.status == "lobby"
    game = await service.lobby.leave(CHANNEL, BEN)
    assert game.creator_id == CAT.id
    game = await service.lobby.leave(CHANNEL, CAT)  # only the AI is left: the lobby closes
    assert game.status == "abandoned" and game.id == game_id
    assert await service.store.open_game_in(CHANNEL) is None


async def test_abandon_needs_creator_or_manage_server(env) -> None:
    service, _ = env
    game_id = await two_player_game(service)
    with pytest.raises(BotError) as err:
        await service.lobby.abandon(
            CHANNEL, BEN if (await service.store.get_game(game_id)).creator_id == ANA.id else ANA
        )
    assert err.value.code == "abandon_not_allowed"
    await service.lobby.abandon(CHANNEL, ADMIN)
    assert (await service.store.get_game(game_id)).status == "abandoned"
    with pytest.raises(BotError) as err:
        await service.act(game_id, ANA.id, "open gallia")
    assert err.value.code == "game_abandoned"
    # The channel is free again.
    await service.lobby.new_lobby(game="rattus", guild_id=1, channel_id=CHANNEL, creator=BEN)


async def test_whole_game_against_an_ai_seat_and_a_restart(env, tmp_path: Path) -> None:
    service, recorder = env
    game_id = await lobby(service, ANA)
    await service.lobby.add_ai(CHANNEL, ANA)
    await service.lobby.start(CHANNEL, ANA)
    rnd = random.Random(3)
    restarted = False
    while True:
        await service.idle()
        game = await service.store.get_game(game_id)
        if game.status == "over":
            break
        state = await service.state_of(game)
        (seat,) = GAME.to_move(state)
        assert not game.player_at(seat).is_ai, "the AI seat should have played"
        action = rnd.choice(GAME.legal_actions(state, seat))
        await service.act(game_id, ANA.id, str(action), expected_seq=game.seq)
        if not restarted and game.seq > 30:
            # A new service on the same database sees exactly the same game.
            # Settle the AI's reply first, and compare both services on one stored row.
            await service.idle()
            fresh = GameService(service.store)
            row = await service.store.get_game(game_id)
            assert await fresh.state_of(row) == await service.state_of(row)
            restarted = True
    assert restarted
    final = await service.state_of(game)
    assert GAME.is_over(final) and recorder.outcomes[-1].over
    assert any(o.origin == "ai" for o in recorder.outcomes)
    # Replaying the stored log from the seed gives the same final state.
    replay = GAME.new_game(2, game.seed, game.options)
    for row in await service.store.actions(game_id):
        replay = GAME.apply(replay, row.seat, GAME.parse_action(row.action)).state
    assert replay == final


async def test_an_action_landing_while_the_ai_reads_still_wakes_it(env, monkeypatch) -> None:
    """The AI task reads the game, a person's action lands before it decides, and the AI's
    turn that action opened is still played (the wake-up is not lost)."""
    service, recorder = env
    game_id = await lobby(service, ANA)
    await service.lobby.add_ai(CHANNEL, ANA)
    await service.lobby.start(CHANNEL, ANA)
    await service.idle()
    gate, reading = asyncio.Event(), asyncio.Event()
    real = service.store.get_game

    async def held(gid: int):
        game = await real(gid)
        if asyncio.current_task() is service.ai._ai_tasks.get(gid) and not gate.is_set():
            reading.set()
            await gate.wait()  # the AI task holds the game as it was before Ana's action
        return game

    monkeypatch.setattr(service.store, "get_game", held)
    service.ai.kick(game_id)
    await reading.wait()
    rnd = random.Random(4)
    while True:
        game = await real(game_id)
        state = await service.state_of(game)
        (seat,) = GAME.to_move(state)
        if game.player_at(seat).is_ai:
            break
        action = rnd.choice(GAME.legal_actions(state, seat))
        await service.act(game_id, ANA.id, str(action), expected_seq=game.seq)
    ai_turn = game.seq
    gate.set()
    await service.idle()
    game = await real(game_id)
    assert game.seq > ai_turn
    assert any(o.origin == "ai" and o.seq > ai_turn for o in recorder.outcomes)
