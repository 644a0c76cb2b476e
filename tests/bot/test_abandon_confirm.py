"""/game abandon asks its asker to confirm, privately; only that person's Confirm ends the game,
and a stale or forged button changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.harness import button_id, running_bot, two_player_game, world


@pytest.mark.slow
async def test_abandon_is_confirmed_by_its_asker_only(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_game(w)
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None and game.status == "active"

        async def status() -> str:
            assert game is not None
            return (await bot.service.store.get_game(game.id)).status

        # Somebody who may not end it is told so in their language, without buttons.
        refused = await (await d.slash(w.bob, w.channel, "game abandon")).wait_done()
        assert refused.ephemeral and "créateur" in refused.text and not refused.components

        # The creator is asked; nothing has changed yet.
        first = await (await d.slash(w.alice, w.channel, "game abandon")).wait_done()
        assert first.ephemeral and "End game" in first.text
        assert first.message is not None and len(first.components[0]["components"]) == 2
        assert await status() == "active"

        # Another member's click on it (forged: they cannot see it) is refused.
        yes = button_id(first.message, "ra:", ":yes")
        forged = await (await d.forge_click(w.bob, first.message, yes)).wait_done()
        assert "bouton" in forged.text and forged.messages[-1].ephemeral
        assert await status() == "active"
        # An id no button carries, or another game's, is refused too.
        other = await (
            await d.forge_click(w.alice, first.message, f"ra:{game.id + 7}:{w.alice.id}:yes")
        ).wait_done()
        assert "no longer open" in other.text or "no game" in other.text.lower()
        assert await status() == "active"

        # Cancel: the question goes away, the game goes on.
        no = button_id(first.message, "ra:", ":no")
        cancel = await (await d.click(w.alice, first.message, no)).wait_done()
        assert "Nothing changed" in cancel.text and not cancel.components
        assert await status() == "active"

        # Two questions; confirming the second ends the game, the first is then stale.
        second = await (await d.slash(w.alice, w.channel, "game abandon")).wait_done()
        third = await (await d.slash(w.alice, w.channel, "game abandon")).wait_done()
        assert second.message is not None and third.message is not None
        done = await (
            await d.click(w.alice, third.message, button_id(third.message, "ra:", ":yes"))
        ).wait_done()
        assert "is over" in done.text and not done.components
        assert await status() == "abandoned"
        await d.wait_for_message(w.channel, lambda m: "abandoned by" in m.text)
        stale = await (
            await d.click(w.alice, second.message, button_id(second.message, "ra:", ":yes"))
        ).wait_done()
        assert "out of date" in stale.text
        assert await status() == "abandoned"
        announced = [m for m in d.channel_messages(w.channel) if "abandoned by" in m.text]
        assert len(announced) == 1
        assert not d.unknown_requests


@pytest.mark.slow
async def test_a_lobby_is_closed_after_confirmation_in_french(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await (await d.slash(w.bob, w.channel, "game new", thread=False, game="rattus")).wait_done()
        ask = await (await d.slash(w.bob, w.channel, "game abandon")).wait_done()
        assert ask.ephemeral and "Fermer le salon d'attente" in ask.text
        assert ask.message is not None
        labels = [c["label"] for row in ask.components for c in row["components"]]
        assert labels == ["Terminer la partie", "Garder la partie"]
        done = await (
            await d.click(w.bob, ask.message, button_id(ask.message, "ra:", ":yes"))
        ).wait_done()
        assert "terminée" in done.text
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "abandoned"
        lobby = d.channel_messages(w.channel)[0]
        await d.wait_for(lambda: not lobby.components)
