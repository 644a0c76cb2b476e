"""AI levels through the Discord double (issue 28): `/game add-ai level:` and the lobby that
shows each seat's level, levels that survive a restart, the `ai_level` setting, and a hard AI
seat that plays a whole game, thinking in the bot's worker process; `/rattus hint` where the
game's settings allow it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import ai.levels
from ai import Budget
from engine.rattus import GAME
from tests.bot.harness import World, game_over, running_bot, world
from tests.bot.test_e2e import first_turn, open_lobby, play_one, start

TINY = Budget(iterations=30)


async def test_add_ai_with_a_level_is_shown_and_survives_a_restart(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        d = w.double
        async with running_bot(w, render_processes=0) as bot:
            await open_lobby(w)
            hard = await (
                await d.slash(w.alice, w.channel, "game add-ai", level="hard")
            ).wait_done()
            assert hard.ephemeral and "hard level" in hard.text
            await (await d.slash(w.alice, w.channel, "game add-ai")).wait_done()
            await d.wait_for(lambda: "AI 2 (normal)" in lobby_now(w))
            assert "AI 1 (hard)" in lobby_now(w)
            game = await bot.service.store.open_game_in(w.channel.id)
            assert game is not None
            assert [p.ai_level for p in game.players if p.is_ai] == ["hard", "normal"]
        async with running_bot(w, render_processes=0) as bot:
            game = await bot.service.store.open_game_in(w.channel.id)
            assert game is not None
            assert [p.ai_level for p in game.players if p.is_ai] == ["hard", "normal"]
            # The lobby rewritten by the restarted bot still says so.
            await (await d.slash(w.alice, w.channel, "game add-ai", level="easy")).wait_done()
            await d.wait_for(lambda: "AI 3 (easy)" in lobby_now(w))
            text = lobby_now(w)
            assert "AI 1 (hard)" in text and "AI 2 (normal)" in text


def lobby_now(w: World) -> str:
    """The text of the channel's lobby message."""
    found = [m for m in w.double.channel_messages(w.channel) if "game #" in m.text]
    return found[0].text if found else ""


async def test_the_ai_level_setting(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w, render_processes=0) as bot:
        d = w.double
        await open_lobby(w)
        shown = await (await d.slash(w.alice, w.channel, "game settings")).wait_done()
        assert "at the hard level" in shown.text
        changed = await (
            await d.slash(w.alice, w.channel, "game settings", ai_level="easy")
        ).wait_done()
        assert "at the easy level" in changed.text
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None and game.settings["ai_level"] == "easy"


@pytest.mark.slow
async def test_a_hard_ai_seat_plays_a_whole_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # A tiny budget (the bot reads it and hands it to its thinking worker process).
    monkeypatch.setitem(ai.levels.BUDGETS, "rattus", TINY)
    async with world(tmp_path) as w, running_bot(w, render_processes=0) as bot:
        assert bot.service.ai.thinker.processes == 1
        d = w.double
        await open_lobby(w)
        await (await d.slash(w.alice, w.channel, "game add-ai", level="hard")).wait_done()
        await start(w)
        rnd = random.Random(11)
        moves = 0
        while not game_over(w):
            await bot.service.idle()
            if game_over(w):
                break
            await play_one(w, rnd, use_slash=False)
            moves += 1
            assert moves < 400
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "over"
        rows = await bot.service.store.actions(game.id)
        assert any(row.origin == "ai" for row in rows)
        # It thought in a worker process, not in the bot's, and never fell back to normal.
        assert bot.service.ai.thinker._pool is not None
        assert "the hard AI" not in caplog.text
        assert not d.unknown_requests


async def test_a_hint_only_where_the_settings_allow_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ai.levels.BUDGETS, "rattus", TINY)
    async with world(tmp_path) as w, running_bot(w, render_processes=0) as bot:
        d = w.double
        game, _, user = await first_turn(w, bot)
        other = w.bob if user is w.alice else w.alice
        refused = await (await d.slash(user, w.channel, "rattus hint")).wait_done()
        assert refused.ephemeral and "hints:true" in refused.text  # in the asker's language
        shown = await (await d.slash(w.alice, w.channel, "game settings", hints=True)).wait_done()
        assert "Hints are on" in shown.text and "/rattus hint" in shown.text
        # Only the seat that must decide is advised, privately, in words.
        idle = await (await d.slash(other, w.channel, "rattus hint")).wait_done()
        assert idle.ephemeral and ("nothing to decide" in idle.text or "rien à" in idle.text)
        hint = await (await d.slash(user, w.channel, "rattus hint")).wait_done()
        assert hint.ephemeral and hint.text.startswith("💡"), hint.text
        lines = hint.text.splitlines()
        rated = [line for line in lines if line[:2] in {f"{n}." for n in range(1, 6)}]
        assert 1 <= len(rated) <= 5 and all("/100" in line for line in rated)
        # The advice is the hard AI's choice, described with the game's own labels.
        state = await bot.service.state_of(await bot.service.store.get_game(game.id))
        seat = game.player_of(user.id).seat  # type: ignore[union-attr]
        legal = {str(a) for a in GAME.legal_actions(state, seat)}
        assert "rattus:" not in hint.text and len(legal) > 1
