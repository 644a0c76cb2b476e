"""Issue 25: a database that cannot be written (read-only, full disk) refuses every move with a
sentence that says so (the game was not saved, nothing changed, try again later), logs one
warning line per episode and one line when writes work again, never a traceback per move;
the stored game is unchanged and the next move after the episode is played."""

from __future__ import annotations

import contextlib
import logging
import random
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import language, t
from bot.store.sqlite import SqliteBackend
from discord_double import InteractionRecord
from engine.rattus import GAME
from tests.bot.harness import (
    World,
    running_bot,
    table,
    turn_control,
    two_player_game,
    use_control,
    world,
)

MAX_PAGES = 1073741823  # SQLite's default max_page_count


async def pragma(store: SqliteBackend, sql: str) -> None:
    """Change the store's own connection between two transactions (as the database's state
    would change under a running bot)."""
    async with store._lock:
        await store.db.execute(sql)


async def read_only(store: SqliteBackend) -> Callable[[], Awaitable[None]]:
    """The database refuses every write from now on (SQLITE_READONLY); the undo."""
    await pragma(store, "PRAGMA query_only = ON")
    return lambda: pragma(store, "PRAGMA query_only = OFF")


async def disk_full(store: SqliteBackend) -> Callable[[], Awaitable[None]]:
    """The disk fills up: something else takes every free page, and the database may not grow
    by one more (SQLITE_FULL, "database or disk is full"); the undo frees the space."""
    async with store._lock:
        await store.db.execute("CREATE TABLE IF NOT EXISTS elsewhere (data BLOB)")
        row = await (await store.db.execute("PRAGMA page_count")).fetchone()
        assert row is not None
        await store.db.execute(f"PRAGMA max_page_count = {int(row[0])}")
        with contextlib.suppress(sqlite3.OperationalError):
            while True:  # the pages freed by sent posts, and so on: taken
                await store.db.execute("INSERT INTO elsewhere VALUES (randomblob(3000))")

    async def undo() -> None:
        await pragma(store, f"PRAGMA max_page_count = {MAX_PAGES}")
        await pragma(store, "DELETE FROM elsewhere")

    return undo


async def move(w: World, bot: Any, n: int) -> InteractionRecord:
    """The player to move acts once the previous move is posted: a click on the turn message
    (every other move, when it is one action), else `/rattus do` with a legal action."""
    d = w.double
    await bot.service.idle()
    await bot.publisher.idle()
    game = await bot.service.store.open_game_in(w.channel.id)
    message = table(w).current_turn()
    assert game is not None and message is not None
    control = turn_control(message)
    user = table(w).mover(message)
    one_action = ":a:" in control["custom_id"] or control["custom_id"].startswith("rc:")
    if n % 2 == 0 and one_action and user is not None:
        return await (await use_control(w, user, message, control)).wait_done()
    state = await bot.service.state_of(game)
    seat = min(GAME.to_move(state))
    player = next(u for u in (w.alice, w.bob) if u.id == game.player_at(seat).user_id)
    action = str(random.Random(n).choice(GAME.legal_actions(state, seat)))
    return await (await d.slash(player, w.channel, "rattus do", action=action)).wait_done()


def refused(r: InteractionRecord) -> bool:
    """Whether a move was answered with the not-saved sentence, privately, in the player's
    language."""
    sentence = "⚠️ " + t("error.not_saved", language(r.user.locale))
    return r.ephemeral and r.text == sentence


@pytest.mark.slow
@pytest.mark.parametrize("fault", [read_only, disk_full], ids=["read-only", "disk-full"])
async def test_moves_are_refused_while_the_database_cannot_be_written(
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    fault: Callable[[SqliteBackend], Awaitable[Callable[[], Awaitable[None]]]],
) -> None:
    caplog.set_level(logging.INFO)
    async with world(tmp_path) as w, running_bot(w) as bot:
        store = bot.service.store
        assert isinstance(store.backend, SqliteBackend)
        await two_player_game(w)
        game = await store.open_game_in(w.channel.id)
        assert game is not None
        n = 0
        for _ in range(2):
            caplog.clear()
            restore = await fault(store.backend)
            # A read-only database refuses the next move; a full disk the first one that
            # needs room the database no longer has (what fits in its pages still fits).
            r = await move(w, bot, n)
            while not r.text.startswith("⚠️") and n < 60:
                n += 1
                r = await move(w, bot, n)
            assert refused(r), r.text
            before = await store.get_game(game.id)
            actions = await store.actions(game.id)
            for _ in range(4):  # each move after it: refused the same way
                n += 1
                r = await move(w, bot, n)
                assert refused(r), r.describe()
            after = await store.get_game(game.id)
            assert after.seq == before.seq and after.updated_at == before.updated_at
            assert await store.actions(game.id) == actions
            warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
            assert [r.levelno for r in warnings] == [logging.WARNING], warnings
            assert "cannot be written" in warnings[0].getMessage()
            assert not any(r.exc_info for r in caplog.records)

            # Writes work again: the next move is played, and the log says so once.
            await restore()
            caplog.clear()
            n += 1
            r = await move(w, bot, n)
            assert not r.text.startswith("⚠️"), r.text
            await table(w).wait_after(before.seq)
            assert (await store.get_game(game.id)).seq == before.seq + 1
            back = [r for r in caplog.records if "can be written again" in r.getMessage()]
            assert [r.levelno for r in back] == [logging.INFO]
            assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
            assert not any(r.exc_info for r in caplog.records)
            n += 1


@pytest.mark.slow
async def test_background_work_waits_quietly_while_the_database_cannot_be_written(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """What the bot does by itself (a reminder claimed, an AI seat's move) meets the same
    database: no traceback either, and it is done once writes work again."""
    from tests.bot.test_cartus_bot import Clock

    caplog.set_level(logging.INFO)
    clock = Clock()
    async with world(tmp_path) as w, running_bot(w, clock=clock) as bot:
        d = w.double
        store = bot.service.store.backend
        assert isinstance(store, SqliteBackend)
        await two_player_game(w)
        await bot.service.idle()
        before = len(d.channel_messages(w.channel))
        restore = await read_only(store)
        clock.now += 13 * 3600  # the first reminder (after 12 hours) is due
        assert await bot.scheduler.run_due() == 0
        assert len(d.channel_messages(w.channel)) == before
        warnings = [
            r for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("bot")
        ]
        assert [r.getMessage()[:40] for r in warnings] == ["the database " + store.path[:27]]
        assert not any(r.exc_info for r in caplog.records)
        await restore()
        assert await bot.scheduler.run_due() == 1  # the reminder goes out now
        assert not any(r.exc_info for r in caplog.records)
