"""End to end: the real discord.py client against the project's local Discord double.

Players only do what a person can do on Discord (slash commands, buttons, selects) and the
tests assert on what each of them sees: channel messages, images, DMs, ephemeral answers.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.store import GameRow
from discord_double import DoubleMessage, DoubleUser
from engine.rattus import GAME
from tests.bot.harness import (
    World,
    abandon,
    buttons,
    current_turn,
    game_over,
    mover,
    running_bot,
    table,
    turn_control,
    turn_seq,
    wait_for_turn_after,
    world,
)

PNG = b"\x89PNG\r\n\x1a\n"
FACE = re.compile(r"limit (\d) · ([A-Za-z, ]+?)(?: with|\.|$)")


def is_stale_answer(text: str) -> bool:
    """The answer to a stale click, in English or French."""
    return "earlier moment" in text or "moment antérieur" in text


async def open_lobby(w: World, *joiners) -> None:
    d = w.double
    r = await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
    await r.wait_done()
    lobby = await r.wait_public()  # the asker is answered privately, the channel in public
    assert not lobby.ephemeral and "game #" in lobby.text
    for user in joiners:
        join = next(c for c in buttons(lobby) if c["custom_id"].endswith(":join"))
        answer = await d.click(user, d.message(lobby.id), join["custom_id"])
        await answer.wait_done()
        assert answer.ephemeral


async def start(w: World) -> None:
    r = await w.double.slash(w.alice, w.channel, "game start")
    await r.wait_done()
    assert r.ephemeral and "started" in r.text


async def first_turn(w: World, bot: Any) -> tuple[GameRow, DoubleMessage, DoubleUser]:
    """Alice and Bob start a game: it, its first turn message, and who is asked to move."""
    await open_lobby(w, w.bob)
    await start(w)
    game = await bot.service.store.open_game_in(w.channel.id)
    assert game is not None
    message = current_turn(w)
    assert message is not None
    return game, message, mover(w, message)


async def play_one(w: World, rnd: random.Random, use_slash: bool) -> None:
    """The player to move makes one random legal move, the way a person would."""
    record = await table(w).play_one(rnd, use_slash=use_slash)
    if use_slash or record.name.startswith("rp:"):  # a command or a picker answers "✅ ..."
        assert record.text.startswith("✅"), record.text


@pytest.mark.slow
async def test_a_whole_two_player_game(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await open_lobby(w, w.bob)
        await start(w)
        rnd = random.Random(7)
        moves = 0
        while not game_over(w):
            await play_one(w, rnd, use_slash=moves % 4 == 3)
            moves += 1
            assert moves < 600
        public = d.channel_messages(w.channel)
        final = public[-1]
        assert "🏁" in final.text and "🥇" in final.text
        assert final.attachments and final.attachments[0].data.startswith(PNG)
        # Every board the channel got is a PNG, and the channel keeps one: the newest (each
        # turn message shrinks to one line when its turn is over).
        boards = [
            a
            for m in public
            for a in [*m.attachments, *(x for r in m.edits for x in r.attachments)]
        ]
        assert len(boards) >= 10 and all(a.data.startswith(PNG) for a in boards)
        assert [a for m in public for a in m.attachments] == final.attachments

        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "over"
        rows = await bot.service.store.actions(game.id)
        # No channel message shows a token face that was not revealed in the game.
        revealed = {
            (e["limit"], tuple(e["symbols"]))
            for row in rows
            for e in row.events
            if e["type"] == "rat_token_revealed"
        }
        for m in public:
            assert "🔮" not in m.text
            for texts in [m.text, *(a.description or "" for a in m.attachments)]:
                for limit, names in FACE.findall(texts):
                    assert any(int(limit) == lim for lim, _ in revealed), (limit, names)
        # Private events reached only their seat, by DM.
        seat_user = {p.seat: p.user_id for p in game.players}
        for row in rows:
            for e in row.events:
                if e["type"] == "rat_token_seen":
                    owner = seat_user[e["visible_to"][0]]
                    assert owner == row.actor_id
        witch_dms = {u.id: [m for m in d.dms(u) if "🔮" in m.text] for u in (w.alice, w.bob)}
        seen_by = {
            seat_user[e["visible_to"][0]]
            for row in rows
            for e in row.events
            if e["type"] == "rat_token_seen"
        }
        for u in (w.alice, w.bob):
            assert bool(witch_dms[u.id]) == (u.id in seen_by)
        # The engine agrees with the stored game.
        state = await bot.service.state_of(game)
        assert GAME.is_over(state)
        # After the end: commands are refused politely, the board and the log still answer.
        r = await d.slash(w.alice, w.channel, "rattus done")
        await r.wait_done()
        assert r.ephemeral and "no game" in r.text.lower()
        r = await d.slash(w.carol, w.channel, "game log")
        await r.wait_done()
        assert r.ephemeral and "page" in r.text
        assert not d.unknown_requests


@pytest.mark.slow
async def test_bad_input_gets_an_ephemeral_answer_and_changes_nothing(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        other = d.add_channel(w.guild, "elsewhere")
        r = await d.slash(w.alice, other, "game board")
        await r.wait_done()
        assert r.ephemeral and "no game" in r.text.lower()

        await open_lobby(w, w.bob)
        r = await d.slash(w.bob, w.channel, "game start")
        await r.wait_done()
        assert r.ephemeral and "Seul le joueur" in r.text  # bob's Discord is in French
        r = await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        await r.wait_done()
        assert r.ephemeral and "already has a game" in r.text
        await start(w)
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None
        message = current_turn(w)
        assert message is not None
        first = mover(w, message)
        second = w.bob if first is w.alice else w.alice

        async def expect(user, text, *needles, channel=None, **options) -> None:
            before = (await bot.service.store.get_game(game.id)).seq
            r = await d.slash(user, channel or w.channel, text, **options)
            await r.wait_done()
            assert r.ephemeral, r.text
            assert any(n in r.text for n in needles), r.text
            assert (await bot.service.store.get_game(game.id)).seq == before

        await expect(second, "rattus open", "turn", "tour", region="gallia")
        await expect(w.carol, "rattus open", "not playing", region="gallia")
        await expect(first, "rattus open", "no region called", "pas de région", region="atlantis")
        await expect(first, "rattus take", "cannot do that now", "pas faire cela", card="king")
        await expect(first, "rattus do", "understand", "compris", action="open gallia italia x")
        await expect(first, "rattus open", "not in play", "pas en jeu", region="russia")
        await expect(
            first,
            "rattus open",
            "Use this command",
            "Utilisez",
            region="gallia",
            channel=d.dm_channel(first),
        )

        # A stale choice: act another way, then choose in the old turn message's select
        # (a phone that had not yet shown the new turn).
        seq = turn_seq(message)
        control = turn_control(message)
        assert control["custom_id"].startswith("rc:"), "the regions to open are one select"
        r = await d.slash(first, w.channel, "rattus open", region="gallia")
        await r.wait_done()
        assert r.text.startswith("✅")
        await wait_for_turn_after(w, seq)
        stale = await d.forge_click(
            first,
            message,
            control["custom_id"],
            component_type=3,
            values=[control["options"][0]["value"]],
        )
        await stale.wait_done()
        assert is_stale_answer(stale.text)
        assert any(f.data.startswith(PNG) for f in stale.files)
        assert (await bot.service.store.get_game(game.id)).seq == seq + 1

        # A player who left cannot act any more.
        r = await d.slash(second, w.channel, "game leave")
        await r.wait_done()
        await bot.service.idle()  # the AI now plays the seat that was left
        turn = current_turn(w)
        assert turn is not None
        await expect(second, "rattus open", "You left", "quitté", region="gallia")
        # The game is abandoned by its creator; further commands are refused.
        r = await abandon(w, w.alice)
        assert "over" in r.text
        await d.wait_for_message(w.channel, lambda m: "abandoned" in m.text)
        r = await d.slash(w.alice, w.channel, "rattus open", region="gallia")
        await r.wait_done()
        assert r.ephemeral and "no game" in r.text.lower()
        assert not d.unknown_requests


@pytest.mark.slow
async def test_closed_dms_are_announced_once_and_hand_is_the_fallback(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w):
        d = w.double
        await open_lobby(w, w.carol)
        notices = [m for m in d.channel_messages(w.channel) if "direct messages" in m.text]
        assert len(notices) == 1 and f"<@{w.carol.id}>" in notices[0].text
        await start(w)
        r = await d.slash(w.carol, w.channel, "game hand")
        await r.wait_done()
        assert (r.ephemeral and "Class cards" in r.text) or "no class card" in r.text
        assert not d.dms(w.carol)
        notices = [m for m in d.channel_messages(w.channel) if "direct messages" in m.text]
        assert len(notices) == 1


@pytest.mark.slow
async def test_old_buttons_work_after_a_restart(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        async with running_bot(w):
            await open_lobby(w, w.bob)
            await start(w)
            await play_one(w, random.Random(2), use_slash=False)
            message = current_turn(w)
            assert message is not None
        # The bot is gone; a new process starts on the same database.
        async with running_bot(w) as bot:
            seq = turn_seq(message)
            user = mover(w, message)
            await table(w).act_on(message, user, random.Random(3))
            await wait_for_turn_after(w, seq)
            game = await bot.service.store.open_game_in(w.channel.id)
            assert game is not None and game.seq == seq + 1


@pytest.mark.slow
async def test_many_simultaneous_clicks_apply_once(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await open_lobby(w, w.bob)
        await start(w)
        message = current_turn(w)
        assert message is not None
        user = mover(w, message)
        select = turn_control(message)
        assert select["custom_id"] == "rc:1:0:open"
        value = select["options"][0]["value"]
        records = await asyncio.gather(
            *(d.select(user, message, select["custom_id"], [value]) for _ in range(12))
        )

        def stale_answers() -> list[object]:
            return [x for x in records if any(is_stale_answer(f.text) for f in x.followups)]

        await d.wait_for(lambda: len(stale_answers()) == 11, timeout=10)
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None and game.seq == 1
        applied = [x for x in records if x not in stale_answers()]
        assert len(applied) == 1 and applied[0].acknowledged
        assert not d.message(message.id).interactive


@pytest.mark.slow
async def test_a_game_against_an_ai_seat(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await open_lobby(w)
        r = await d.slash(w.alice, w.channel, "game add-ai")
        await r.wait_done()
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
        assert not d.unknown_requests
