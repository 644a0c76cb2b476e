"""/game new opens the lobby in a new public thread by default where the bot may create one;
in a thread already, with thread:false, or without the permission, it opens where it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.harness import running_bot, world

CREATE_PUBLIC_THREADS = 1 << 35


@pytest.mark.slow
async def test_a_lobby_opens_in_its_own_thread_and_the_game_is_played_there(
    tmp_path: Path,
) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        r = await (await d.slash(w.alice, w.channel, "game new", game="rattus")).wait_done()
        threads = [c for c in d.channels.values() if c.parent_id == w.channel.id]
        assert len(threads) == 1
        thread = threads[0]
        assert thread.type == 11 and "Rattus" in (thread.name or "")
        told = await r.wait_public()
        assert not told.ephemeral and f"<#{thread.id}>" in told.text  # the channel is told where
        lobby = d.channel_messages(thread)[0]
        assert "Rattus" in lobby.text and lobby.components
        game = await bot.service.store.open_game_in(thread.id)
        assert game is not None and game.lobby_message_id == lobby.id
        assert await bot.service.store.open_game_in(w.channel.id) is None

        # The lobby and the game live in the thread.
        await (await d.click(w.bob, lobby, f"rl:{game.id}:join")).wait_done()
        await (await d.slash(w.alice, thread, "game start")).wait_done()
        await bot.service.idle()
        await bot.publisher.idle()
        assert any(m.attachments for m in d.channel_messages(thread))

        # In a thread already, a new lobby opens right there (after this game ends).
        nested = d.add_thread(w.channel, "elsewhere")
        r = await (await d.slash(w.bob, nested, "game new", game="piper")).wait_done()
        assert (await bot.service.store.open_game_in(nested.id)) is not None
        assert [c for c in d.channels.values() if c.parent_id == w.channel.id] == [
            thread,
            nested,
        ]
        assert not d.unknown_requests


@pytest.mark.slow
async def test_without_thread_or_permission_the_lobby_opens_in_the_channel(
    tmp_path: Path,
) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        r = await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        ).wait_done()
        lobby = await r.wait_public()
        assert lobby.components and await bot.service.store.open_game_in(w.channel.id) is not None

        other = d.add_channel(w.guild, "no-threads")
        for role in w.guild.roles.values():
            role.permissions &= ~CREATE_PUBLIC_THREADS
        r = await (await d.slash(w.bob, other, "game new", game="rattus")).wait_done()
        lobby = await r.wait_public()
        assert lobby.components and "Rattus" in lobby.text
        assert await bot.service.store.open_game_in(other.id) is not None
        assert not [c for c in d.channels.values() if c.parent_id is not None]
