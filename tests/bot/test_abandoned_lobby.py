"""A lobby abandoned before it started: its message says so, and the publisher has nothing to
show (it has no board), so nothing fails in the background."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.bot.harness import abandon, running_bot, world


@pytest.mark.slow
async def test_abandoning_a_lobby_leaves_nothing_to_post(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        ).wait_done()
        r = await abandon(w, w.alice)
        assert "over" in r.text
        await d.wait_for_message(w.channel, lambda m: "abandoned" in m.text)
        await bot.interactions.drain()  # the lobby message is rewritten after that line
        await bot.service.idle()
        await bot.publisher.idle()
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "abandoned"
        assert await bot.service.store.outbox.games_with_posts() == []
        lobby = d.channel_messages(w.channel)[0]
        assert not lobby.components
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
