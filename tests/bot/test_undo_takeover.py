"""Undo (only before anything hidden is revealed; a vote once someone else has acted) and
stand-in AI seats."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import error_text
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
    await service.lobby.new_lobby(game="rattus", guild_id=1, channel_id=CHANNEL, creator=users[0])
    for user in users[1:]:
        await service.lobby.join(CHANNEL, user)
    for _ in range(ai):
        await service.lobby.add_ai(CHANNEL, users[0])
    await service.lobby.start(CHANNEL, users[0])
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
    request, outcome = await service.votes.request_undo(CHANNEL, user)
    assert request is None and outcome is not None and outcome.undone
    game = await service.store.get_game(game.id)
    assert game.seq == seq
    assert await service.state_of(game) == before


async def test_own_action_is_taken_back_at_once_until_something_hidden_shows(
    service: GameService,
) -> None:
    """Issue 17: "A player may take back their own last action without a vote as long as
    nothing hidden was revealed and nobody else has acted since"."""
    game = await started(service, ANA, BEN)
    user = await play_until(service, game.id, "take")
    seq = (await service.store.get_game(game.id)).seq
    other = BEN if user is ANA else ANA
    await service.act(game.id, user.id, "take witch")
    request, outcome = await service.votes.request_undo(CHANNEL, user)
    assert request is None and outcome is not None and outcome.undone
    assert (await service.store.get_game(game.id)).seq == seq

    # A look with the Witch shows a face: that action cannot be taken back.
    await service.act(game.id, user.id, "take witch")
    _, state = await mover(service, game.id)
    peek = next(
        a for a in GAME.legal_actions(state, min(GAME.to_move(state))) if str(a).startswith("peek")
    )
    await service.act(game.id, user.id, str(peek))
    with pytest.raises(BotError) as err:
        await service.votes.request_undo(CHANNEL, user)
    assert err.value.code == "undo_revealed"
    # The other player's own last action came before the Witch's look: refused for that.
    with pytest.raises(BotError) as err:
        await service.votes.request_undo(CHANNEL, other)
    assert err.value.code in ("undo_revealed_since", "undo_revealed")


async def opening_by(service: GameService, game_id: int) -> UserRef:
    """The person to move places their opening cubes; who they were."""
    user, state = await mover(service, game_id)
    seat = min(GAME.to_move(state))
    opening = GAME.legal_actions(state, seat)[0]
    assert str(opening).startswith("open")
    await service.act(game_id, user.id, str(opening))
    return user


async def test_after_someone_else_acted_the_others_vote(service: GameService) -> None:
    """Another player acted since: taking back both actions needs the others' agreement."""
    game = await started(service, ANA, BEN, CAT)
    first = await opening_by(service, game.id)
    await opening_by(service, game.id)
    request, outcome = await service.votes.request_undo(CHANNEL, first)
    assert outcome is None and request is not None
    assert sorted(request.needed) == sorted(u.id for u in (ANA, BEN, CAT) if u is not first)
    with pytest.raises(BotError) as err:
        await service.votes.answer(request.id, first, True)
    assert err.value.code == "not_asked"
    # In words that fit a request (the same key once also named a window's refusal).
    assert error_text(err.value, "en") == "Your agreement is not needed for this request."
    assert error_text(err.value, "fr") == "Votre accord n'est pas nécessaire pour cette demande."
    statuses = [(await service.votes.answer(request.id, USERS[i], True))[0] for i in request.needed]
    assert statuses == ["waiting", "done"]
    assert (await service.store.get_game(game.id)).seq == 0, "both openings taken back"


async def test_a_refusal_gives_the_true_reason(service: GameService) -> None:
    game = await started(service, ANA, ai=1)
    await service.idle()
    with_ai = await service.store.get_game(game.id)
    if with_ai.seq == 0:  # Ana opens first: then the AI opens twice
        await opening_by(service, game.id)
        await service.idle()
        with pytest.raises(BotError) as err:
            await service.votes.request_undo(CHANNEL, ANA)
        assert err.value.code == "undo_ai_played"
    else:  # the AI opened first: Ana has not acted yet
        with pytest.raises(BotError) as err:
            await service.votes.request_undo(CHANNEL, ANA)
        assert err.value.code == "undo_nothing"
        await opening_by(service, game.id)
        await opening_by(service, game.id)
        await service.idle()
        with pytest.raises(BotError) as err:
            await service.votes.request_undo(CHANNEL, ANA)
        assert err.value.code == "undo_ai_played"
    with pytest.raises(BotError) as err:
        await service.votes.request_undo(CHANNEL, BEN)
    assert err.value.code == "not_playing" or err.value.code == "undo_nothing"


async def test_a_refused_or_outdated_undo_changes_nothing(service: GameService) -> None:
    game = await started(service, ANA, BEN)
    first = await opening_by(service, game.id)
    other = BEN if first is ANA else ANA
    await opening_by(service, game.id)
    request, _ = await service.votes.request_undo(CHANNEL, first)
    assert request is not None
    status, _, _ = await service.votes.answer(request.id, other, False)
    assert status == "refused"
    with pytest.raises(BotError) as err:
        await service.votes.answer(request.id, other, True)
    assert err.value.code == "request_closed"
    seq = (await service.store.get_game(game.id)).seq
    request, _ = await service.votes.request_undo(CHANNEL, first)
    assert request is not None
    await opening_by(service, game.id)
    with pytest.raises(BotError) as err:
        await service.votes.answer(request.id, other, True)
    assert err.value.code == "request_stale"
    assert (await service.store.get_game(game.id)).seq == seq + 1


async def test_takeover_and_takeback(service: GameService) -> None:
    game = await started(service, ANA, BEN, CAT)
    # A player may hand their own seat to the AI at once; the AI then plays it.
    request = await service.votes.takeover(CHANNEL, BEN, BEN.id)
    assert request is None
    await service.idle()
    game = await service.store.get_game(game.id)
    ben = game.player_of(BEN.id)
    assert ben is not None and ben.stand_in
    state = await service.state_of(game)
    assert ben.seat not in GAME.to_move(state)  # the stand-in never leaves the seat waiting
    await service.votes.takeback(CHANNEL, BEN)
    assert not (await service.store.get_game(game.id)).player_of(BEN.id).stand_in  # type: ignore[union-attr]

    # Taking over someone else's seat needs the other people's agreement.
    request = await service.votes.takeover(CHANNEL, ANA, CAT.id)
    assert request is not None and request.needed == [BEN.id]
    status, _, _ = await service.votes.answer(request.id, BEN, True)
    assert status == "done"
    assert (await service.store.get_game(game.id)).player_of(CAT.id).stand_in  # type: ignore[union-attr]

    # A player who left can be replaced at once.
    await service.votes.takeback(CHANNEL, CAT)
    await service.lobby.leave(CHANNEL, CAT)
    assert await service.votes.takeover(CHANNEL, ANA, CAT.id) is None


@pytest.mark.slow
async def test_undo_through_discord_asks_only_once_someone_else_has_acted(tmp_path: Path) -> None:
    """/game undo: at once while nobody has acted since (the channel says so); after the next
    player acted, a request with buttons for the others, naming how much it takes back."""
    from tests.bot.harness import running_bot, table, world

    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await (
            await d.slash(w.alice, w.channel, "game new", game="rattus", thread=False)
        ).wait_done()
        await (await d.slash(w.bob, w.channel, "game join")).wait_done()
        await (await d.slash(w.alice, w.channel, "game start")).wait_done()
        svc = bot.service
        game = await svc.game_in(w.channel.id)
        users = {w.alice.id: w.alice, w.bob.id: w.bob}

        async def open_once() -> int:
            current = await svc.store.get_game(game.id)
            state = await svc.state_of(current)
            seat = min(GAME.to_move(state))
            user_id = current.player_at(seat).user_id
            assert user_id is not None
            await svc.act(game.id, user_id, str(GAME.legal_actions(state, seat)[0]))
            return user_id

        first = await open_once()
        r = await d.slash(users[first], w.channel, "game undo")
        await r.wait_done()
        assert r.ephemeral and r.text.startswith("↩️")  # in the asker's language
        await d.wait_for(
            lambda: any("The last action was taken back." in m.text for m in table(w).messages()),
            what="the channel told of the undo",
        )
        assert (await svc.store.get_game(game.id)).seq == 0

        first = await open_once()
        await open_once()
        r = await d.slash(users[first], w.channel, "game undo")
        asked = await (await r.wait_done()).wait_public()
        assert "asks to take back their last action and the one made since" in asked.text
        assert (await svc.store.get_game(game.id)).seq == 2
