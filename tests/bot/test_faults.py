"""Faults and races around a commit: votes at the same moment, a database another process
holds locked, a confirmation that cannot be shown."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from bot.service import GameService, UserRef
from bot.store import Store
from engine.rattus import GAME
from tests.bot.harness import (
    current_turn,
    mover,
    running_bot,
    table,
    turn_control,
    two_player_game,
    use_control,
    world,
)
from tests.bot.test_service import recording
from tests.bot.test_undo_takeover import opening_by, started

ANA = UserRef(1, "Ana")
BEN = UserRef(2, "Ben")
CAT = UserRef(3, "Cat")
CHANNEL = 70
TRIALS = 25


async def fresh(tmp_path: Path, n: int) -> tuple[Store, GameService]:
    store = Store(f"sqlite:///{tmp_path}/votes-{n}.db")
    await store.open()
    service, _ = recording(store, seed_source=lambda: 31 + n)
    return store, service


@pytest.mark.slow
async def test_two_people_agreeing_to_an_undo_at_once_both_count(tmp_path: Path) -> None:
    """25 of 25 undo requests used to keep one vote of two given at the same moment."""
    completed = 0
    for n in range(TRIALS):
        store, service = await fresh(tmp_path, n)
        try:
            game = await started(service, ANA, BEN, CAT)
            user = await opening_by(service, game.id)
            await opening_by(service, game.id)
            seq = (await service.store.get_game(game.id)).seq
            request, _ = await service.votes.request_undo(CHANNEL, user)
            assert request is not None and len(request.needed) == 2
            others = [u for u in (ANA, BEN, CAT) if u.id in request.needed]
            answers = await asyncio.gather(
                *(service.votes.answer(request.id, u, True) for u in others)
            )
            statuses = sorted(status for status, _, _ in answers)
            assert statuses == ["done", "waiting"]
            outcomes = [o for _, _, o in answers if o is not None]
            assert len(outcomes) == 1 and outcomes[0].undone
            assert (await service.store.get_game(game.id)).seq == seq - 2
            stored = await service.requests.get(request.id)
            assert stored is not None and stored.status == "done"
            assert sorted(stored.agreed) == sorted(u.id for u in others)
            completed += 1
        finally:
            await service.close()
            await store.close()
    assert completed == TRIALS


@pytest.mark.slow
async def test_two_people_agreeing_to_a_takeover_at_once_both_count(tmp_path: Path) -> None:
    """23 of 25 takeover requests used to lose a vote given at the same moment."""
    dave = UserRef(4, "Dave")
    for n in range(TRIALS):
        store, service = await fresh(tmp_path, 100 + n)
        try:
            game = await started(service, ANA, BEN, CAT, dave)
            request = await service.votes.takeover(CHANNEL, ANA, dave.id)
            assert request is not None and sorted(request.needed) == [BEN.id, CAT.id]
            answers = await asyncio.gather(
                service.votes.answer(request.id, BEN, True),
                service.votes.answer(request.id, CAT, True),
            )
            assert sorted(status for status, _, _ in answers) == ["done", "waiting"]
            game = await service.store.get_game(game.id)
            assert game.player_of(dave.id).stand_in  # type: ignore[union-attr]
        finally:
            await service.close()
            await store.close()


@pytest.mark.slow
async def test_a_locked_database_neither_misses_discords_window_nor_stalls_other_games(
    tmp_path: Path,
) -> None:
    """While another process holds the write lock, every interaction is still acknowledged at
    once, other games can still be read, and the waiting move is applied when the lock goes."""
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        other = d.add_channel(w.guild, "second")
        for channel in (w.channel, other):
            await (
                await d.slash(w.alice, channel, "game new", thread=False, game="rattus")
            ).wait_done()
            await (await d.slash(w.bob, channel, "game join")).wait_done()
            await (await d.slash(w.alice, channel, "game start")).wait_done()
        await bot.service.idle()
        message = current_turn(w)
        assert message is not None
        user = mover(w, message)
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None
        seq = game.seq

        path = w.database.removeprefix("sqlite:///")
        holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN IMMEDIATE")  # another process takes the write lock
        try:
            button = turn_control(message)
            click = await use_control(w, user, message, button)
            await click.wait_acked()  # answered within Discord's 3 s, lock or not
            board = await d.slash(w.carol, other, "game board", public=True)
            # Another game is read while the write waits.
            posted = await (await board.wait_done()).wait_public()
            assert posted.attachments and not posted.ephemeral
            assert (await bot.service.store.get_game(game.id)).seq == seq
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        if ":k:" in button["custom_id"]:
            await click.wait_done()
            await table(w).pick_through(user, click, random.Random(1))
        await d.wait_for(lambda: (t := current_turn(w)) is not None and t.id != message.id)
        assert (await bot.service.store.get_game(game.id)).seq == seq + 1
        assert GAME.name == "rattus"


@pytest.mark.slow
async def test_a_seat_the_ai_stands_in_for_is_not_pinged(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_game(w)
        r = await d.slash(w.bob, w.channel, "game takeover", player=w.bob)
        told = await (await r.wait_done()).wait_public()
        rnd = random.Random(4)
        for _ in range(12):
            await bot.service.idle()
            if table(w).over():
                break
            await table(w).play_one(rnd)
        await bot.service.idle()
        after = [m for m in table(w).messages() if m.order > told.order]
        assert after, "the game went on"
        assert not any(f"<@{w.bob.id}>" in m.text for m in after)
        assert any("🤖" in m.text for m in after)


@pytest.mark.slow
async def test_a_button_of_another_servers_game_shows_nothing_of_it(tmp_path: Path) -> None:
    """A custom_id copied (or forged) from another server's game: the answer names no player
    and shows no board of that game."""
    async with world(tmp_path) as w, running_bot(w):
        d = w.double
        await two_player_game(w)
        message = current_turn(w)
        assert message is not None
        theirs = d.add_guild("Elsewhere")
        channel = d.add_channel(theirs, "other")
        mallory = d.add_user("mallory")
        opened = await d.slash(mallory, channel, "game new", thread=False, game="rattus")
        here = await (await opened.wait_done()).wait_public()
        ids = [c["custom_id"] for c in message.interactive if c.get("custom_id")]
        for custom_id in ids:
            for stale in (custom_id, custom_id.replace(":0:", ":999:", 1)):
                r = await d.forge_click(mallory, here, stale)
                await r.wait_done()
                assert r.ephemeral
                shown = r.text + "".join(a.filename for a in r.files)
                assert "Alice" not in shown and "Bob" not in shown and not r.files


@pytest.mark.slow
async def test_a_confirmation_that_cannot_be_shown_does_not_say_the_game_is_unchanged(
    tmp_path: Path,
) -> None:
    """The move is stored; when its "✅" cannot be shown the player is told it was done."""
    from discord_double import faults

    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_game(w)
        message = current_turn(w)
        assert message is not None
        user = mover(w, message)
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None
        choices = await d.autocomplete(user, w.channel, "rattus do", "action", typed="")
        d.inject_fault(faults.FOLLOWUP, 429, via=False, times=1)  # the "✅" follow-up fails
        r = await d.slash(user, w.channel, "rattus do", action=choices[0]["value"])
        await d.wait_for(lambda: len(r.followups) >= 1 or (r.done and bool(r.text)))
        await r.wait_done()
        assert "✅" in r.text and "unchanged" not in r.text and "n'a pas changé" not in r.text
        assert (await bot.service.store.get_game(game.id)).seq == game.seq + 1
