"""End to end on PostgreSQL: the real bot, with DATABASE_URL naming the test server, plays a
two-player game against the local Discord double, stops, and goes on after a restart."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.postgres import PostgresBackend
from tests.bot.harness import current_turn, running_bot, table, turn_seq, wait_for_turn_after, world
from tests.bot.test_e2e import PNG, open_lobby, play_one, start


@pytest.mark.slow
async def test_the_bot_plays_a_game_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    async with world(tmp_path) as w:
        w.database = postgres_url
        rnd = random.Random(11)
        async with running_bot(w) as bot:
            assert isinstance(bot.store.backend, PostgresBackend)
            await open_lobby(w, w.bob)
            await start(w)
            for move in range(5):
                await play_one(w, rnd, use_slash=move == 3)
            await bot.service.idle()
            message = current_turn(w)
            assert message is not None
            seq = turn_seq(message)
            assert seq >= 5  # a move may take more than one action
        # Another process (a new pool) sees the same game; then the bot starts again on it.
        other = Store(postgres_url)
        await other.open()
        try:
            game = await other.open_game_in(w.channel.id)
            assert game is not None and game.status == "active" and game.seq == seq
            assert {p.user_id for p in game.seated()} == {w.alice.id, w.bob.id}
            assert [r.seq for r in await other.actions(game.id)] == list(range(1, seq + 1))
            assert await other.outbox.posts(game.id) == []  # every post was shown
        finally:
            await other.close()
        async with running_bot(w) as bot:
            await play_one(w, rnd, use_slash=False)
            await wait_for_turn_after(w, seq)
            await bot.service.idle()
            game = await bot.store.open_game_in(w.channel.id)
            assert game is not None and game.seq > seq
        boards = [a for m in table(w).messages() for a in m.attachments]
        assert boards and all(a.data.startswith(PNG) for a in boards)  # one board a turn
        assert not w.double.unknown_requests
