"""A lobby abandoned before its game started: closed quietly, nothing left in the outbox."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.bot.harness import abandon, running_bot, world


@pytest.mark.slow
async def test_a_lobby_abandoned_before_it_started_leaves_no_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        ).wait_done()
        r = await abandon(w, w.alice)
        assert "over" in r.text
        await d.wait_for_message(w.channel, lambda m: "abandoned" in m.text)
        with caplog.at_level(logging.ERROR):
            await bot.service.idle()
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "abandoned"
        assert await bot.service.store.outbox.posts(game.id) == []
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
