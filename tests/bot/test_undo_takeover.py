"""Undo (only before anything hidden is revealed, with consent) and stand-in AI seats."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import BotError, GameService, UserRef
from bot.store import Store
from engine.rattus import GAME
from tests.bot.test_service import recording

ANA = UserRef(1, "Ana")
BEN = UserRef(2, "Ben")
CAT = UserRef(3, "Cat")
CHANNEL = 70
USERS = {1: ANA, 2: BEN, 3: CAT}


@pytest.fixture
async def service(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path}/u.db")
    await store.open()
    svc, _ = recording(store, seed_source=lambda: 31)
    yield svc
    await svc.close()
    await store.close()


async def started(service: GameService, *users: UserRef, ai: int = 0):
    await service.new_lobby(game="rattus", guild_id=1, channel_id=CHANNEL, creator=users[0])
    for user in users[1:]:
        await service.join(CHANNEL, user)
    for _ in range(ai):
        await service.add_ai(CHANNEL, users[0])
    await service.start(CHANNEL, users[0])
    await service.idle()
    return await service.game_in(CHANNEL)


async def mover(service: GameService, game_id: int) -> tuple[UserRef, object]:
    await service.idle()  # AI seats play first
    game = await service.store.get_game(game_id)
    state = await service.state_of(game)
    seat = min(GAME.to_move(state))
    return USERS[game.player_at(seat).user_id or 0], state


async def play_until(service: GameService, game_id: int, verb: str) -> UserRef:
    """Open the game and get to a moment where the person to move can do `verb`."""
    for _ in range(50):
        user, state = await mover(service, game_id)
        seat = min(GAME.to_move(state))
        if any(str(a).startswith(verb) for a in GAME.legal_actions(state, seat)):
            return user
        await service.act(game_id, user.id, str(GAME.legal_actions(state, seat)[0]))
    raise AssertionError(f"never reached {verb}")


async def test_undo_alone_against_ai_is_immediate(service: GameService) -> None:
    """An undo needs nobody's consent when the others are AI seats."""
    game = await started(service, ANA, ai=1)
    user = await play_until(service, game.id, "place")
    before = await service.state_of(await service.store.get_game(game.id))
    seq = (await service.store.get_game(game.id)).seq
    _, state = await mover(service, game.id)
    place = next(
        a for a in GAME.legal_actions(state, min(GAME.to_move(state))) if str(a).startswith("place")
    )
    await service.act(game.id, user.id, str(place))
    request, outcome = await service.request_undo(CHANNEL, user)
    assert request is None and outcome is not None and outcome.undone
    game = await service.store.get_game(game.id)
    assert game.seq == seq
    assert await service.state_of(game) == before


async def test_undo_needs_the_others_and_is_refused_after_a_reveal(service: GameService) -> None:
    game = await started(service, ANA, BEN)
    user = await play_until(service, game.id, "take")
    await service.act(game.id, user.id, "take witch")
    other = BEN if user is ANA else ANA
    with pytest.raises(BotError) as err:
        await service.request_undo(CHANNEL, other)
    assert err.value.code == "undo_not_yours"
    request, outcome = await service.request_undo(CHANNEL, user)
    assert outcome is None and request is not None and request.needed == [other.id]
    with pytest.raises(BotError) as err:
        await service.answer(request.id, user, True)
    assert err.value.code == "not_asked"
    status, _, outcome = await service.answer(request.id, other, True)
    assert status == "done" and outcome is not None
    assert (await service.store.get_game(game.id)).seq == request.seq - 1

    # A look with the Witch shows a face: that action cannot be taken back.
    await service.act(game.id, user.id, "take witch")
    _, state = await mover(service, game.id)
    peek = next(
        a for a in GAME.legal_actions(state, min(GAME.to_move(state))) if str(a).startswith("peek")
    )
    await service.act(game.id, user.id, str(peek))
    with pytest.raises(BotError) as err:
        await service.request_undo(CHANNEL, user)
    assert err.value.code == "undo_revealed"


async def test_a_refused_or_outdated_undo_changes_nothing(service: GameService) -> None:
    game = await started(service, ANA, BEN)
    user = await play_until(service, game.id, "take")
    other = BEN if user is ANA else ANA
    await service.act(game.id, user.id, "take king")
    request, _ = await service.request_undo(CHANNEL, user)
    assert request is not None
    status, _, _ = await service.answer(request.id, other, False)
    assert status == "refused"
    with pytest.raises(BotError) as err:
        await service.answer(request.id, other, True)
    assert err.value.code == "request_closed"
    seq = (await service.store.get_game(game.id)).seq
    request, _ = await service.request_undo(CHANNEL, user)
    assert request is not None
    _, state = await mover(service, game.id)
    await service.act(game.id, user.id, str(GAME.legal_actions(state, min(GAME.to_move(state)))[0]))
    with pytest.raises(BotError) as err:
        await service.answer(request.id, other, True)
    assert err.value.code == "request_stale"
    assert (await service.store.get_game(game.id)).seq == seq + 1


async def test_takeover_and_takeback(service: GameService) -> None:
    game = await started(service, ANA, BEN, CAT)
    # A player may hand their own seat to the AI at once; the AI then plays it.
    request = await service.takeover(CHANNEL, BEN, BEN.id)
    assert request is None
    await service.idle()
    game = await service.store.get_game(game.id)
    ben = game.player_of(BEN.id)
    assert ben is not None and ben.stand_in
    state = await service.state_of(game)
    assert ben.seat not in GAME.to_move(state)  # the stand-in never leaves the seat waiting
    await service.takeback(CHANNEL, BEN)
    assert not (await service.store.get_game(game.id)).player_of(BEN.id).stand_in  # type: ignore[union-attr]

    # Taking over someone else's seat needs the other people's agreement.
    request = await service.takeover(CHANNEL, ANA, CAT.id)
    assert request is not None and request.needed == [BEN.id]
    status, _, _ = await service.answer(request.id, BEN, True)
    assert status == "done"
    assert (await service.store.get_game(game.id)).player_of(CAT.id).stand_in  # type: ignore[union-attr]

    # A player who left can be replaced at once.
    await service.takeback(CHANNEL, CAT)
    await service.leave(CHANNEL, CAT)
    assert await service.takeover(CHANNEL, ANA, CAT.id) is None
