"""/game board answers privately, in the asker's language, unless asked to post it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.harness import running_bot, two_player_game, world

PNG = b"\x89PNG"


@pytest.mark.slow
async def test_board_is_private_by_default_and_public_on_request(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_game(w)
        await bot.service.idle()
        await bot.publisher.idle()
        before = len(d.channel_messages(w.channel))

        mine = await (await d.slash(w.bob, w.channel, "game board")).wait_done()
        assert mine.ephemeral and mine.files and mine.files[0].data.startswith(PNG)
        assert "mise en place" in mine.text  # bob reads French
        assert len(d.channel_messages(w.channel)) == before

        asked = await (await d.slash(w.bob, w.channel, "game board", public=True)).wait_done()
        posted = await asked.wait_public()
        assert not posted.ephemeral and posted.attachments
        assert len(d.channel_messages(w.channel)) == before + 1
        assert not d.unknown_requests
