"""/game status links every open game and says whom it waits for since when; /game mine lists
the games waiting for the asker."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.harness import current_turn, mover, running_bot, world

T0 = 1_750_000_000.0


@pytest.mark.slow
async def test_status_and_mine_link_each_game_and_say_since_when(tmp_path: Path) -> None:
    now = [T0]
    async with world(tmp_path) as w, running_bot(w, clock=lambda: now[0]) as bot:
        d = w.double
        other = d.add_channel(w.guild, "second")
        none = await (await d.slash(w.erin, w.channel, "game status")).wait_done()
        assert none.ephemeral and "Aucune partie" in none.text

        await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        ).wait_done()
        await (await d.slash(w.bob, w.channel, "game join")).wait_done()
        now[0] += 600
        await (await d.slash(w.alice, w.channel, "game start")).wait_done()
        await (await d.slash(w.dave, other, "game new", thread=False, game="rattus")).wait_done()
        await bot.interactions.drain()  # the lobby's public message follows the private answer
        await bot.service.idle()
        await bot.publisher.idle()
        game = await bot.service.store.open_game_in(w.channel.id)
        lobby = await bot.service.store.open_game_in(other.id)
        assert game is not None and lobby is not None and game.turn_message_id
        turn = current_turn(w)
        assert turn is not None
        first = mover(w, turn)
        waiting = w.bob if first is w.alice else w.alice

        status = await (await d.slash(w.erin, other, "game status")).wait_done()
        assert status.ephemeral
        text = status.text
        base = f"https://discord.com/channels/{w.guild.id}"
        assert f"({base}/{w.channel.id}/{game.turn_message_id})" in text
        assert f"({base}/{other.id}/{lobby.lobby_message_id})" in text
        assert f"<t:{int(T0 + 600)}:R>" in text and "en attente de" in text  # erin reads French
        assert "salon d'attente" in text

        mine = await (await d.slash(first, other, "game status", mine=True)).wait_done()
        assert mine.ephemeral and f"/{game.turn_message_id})" in mine.text
        assert f"#{game.id}" in mine.text or f"n°{game.id}" in mine.text
        assert f"<#{other.id}>" not in mine.text  # a lobby waits for nobody
        nothing = await (await d.slash(waiting, other, "game status", mine=True)).wait_done()
        assert nothing.ephemeral and (
            "No game waits" in nothing.text or "Aucune partie" in nothing.text
        )
        assert not d.unknown_requests
