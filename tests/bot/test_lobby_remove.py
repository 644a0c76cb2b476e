"""Before the start the lobby's creator removes players and AI seats, and may leave: the lobby
passes to the next person who joined, or closes when nobody is left to start it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.harness import running_bot, two_player_game, world


@pytest.mark.slow
async def test_the_creator_removes_people_and_ai_then_leaves(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        opened = await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        ).wait_done()
        lobby = await opened.wait_public()
        await (await d.slash(w.bob, w.channel, "game join")).wait_done()
        await (await d.slash(w.dave, w.channel, "game join")).wait_done()
        await (await d.slash(w.alice, w.channel, "game add-ai")).wait_done()
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None and len(game.players) == 4

        async def players() -> list[str]:
            assert game is not None
            return [p.name for p in (await bot.service.store.get_game(game.id)).players]

        # Only the creator (or Manage Server) may remove; bob is told why, in French.
        refused = await (await d.slash(w.bob, w.channel, "game remove", player=w.dave)).wait_done()
        assert refused.ephemeral and "Seul le créateur" in refused.text
        neither = await (await d.slash(w.alice, w.channel, "game remove")).wait_done()
        assert neither.ephemeral and "either a player or an AI" in neither.text
        assert await players() == ["Alice", "Bob", "Dave", "AI 1"]

        # Removing dave: the channel says so (dave is pinged), the lobby message follows.
        removed = await (
            await (await d.slash(w.alice, w.channel, "game remove", player=w.dave)).wait_done()
        ).wait_public()
        assert not removed.ephemeral and w.dave.mention in removed.text
        assert "removed from the lobby" in removed.text
        assert await players() == ["Alice", "Bob", "AI 1"]
        await d.wait_for(lambda: "Dave" not in lobby.text)

        # The AI seat is offered by autocomplete and removed by it.
        r = await d.autocomplete(w.alice, w.channel, "game remove", "ai", typed="")
        choices = r
        assert [c["name"] for c in choices] == ["AI 1"]
        gone = await (
            await (
                await d.slash(w.alice, w.channel, "game remove", ai=choices[0]["value"])
            ).wait_done()
        ).wait_public()
        assert "AI 1" in gone.text and await players() == ["Alice", "Bob"]
        unknown = await (await d.slash(w.alice, w.channel, "game remove", ai="AI 9")).wait_done()
        assert unknown.ephemeral and "not in this lobby" in unknown.text

        # The creator leaves: bob runs the lobby now and may start or remove.
        await (await d.slash(w.alice, w.channel, "game leave")).wait_done()
        await d.wait_for_message(
            w.channel, lambda m: "runs it now" in m.text and w.bob.mention in m.text
        )
        row = await bot.service.store.get_game(game.id)
        assert row.creator_id == w.bob.id and row.status == "lobby"
        await d.wait_for(lambda: w.bob.mention in lobby.text and "Alice" not in lobby.text)

        # bob leaves too: nobody is left to start it, so it closes.
        last = await (await d.slash(w.bob, w.channel, "game leave")).wait_done()
        assert last.ephemeral and "fermé" in last.text
        assert (await bot.service.store.get_game(game.id)).status == "abandoned"
        await d.wait_for(lambda: not lobby.components)
        assert not d.unknown_requests


@pytest.mark.slow
async def test_removing_after_the_start_is_refused(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_game(w)
        r = await (await d.slash(w.alice, w.channel, "game remove", player=w.bob)).wait_done()
        assert r.ephemeral and r.text
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None and game.player_of(w.bob.id) is not None
