"""Everything committed reaches the channel, in order, exactly once: Discord errors, lost
answers, a crash between the commit and the post, and restarts."""

from __future__ import annotations

import asyncio
import random
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from bot.publisher import board_tag
from bot.store import GameRow, Store
from discord_double import DiscordDouble, DoubleMessage, faults
from discord_double.player import Table, turn_choices, turn_seq
from tests.bot.harness import World, current_turn, mover, running_bot, table, world
from tests.bot.test_crash import start_bot

PNG = b"\x89PNG\r\n\x1a\n"


def shown_in(messages: list[DoubleMessage], seq: int, game: GameRow) -> list[DoubleMessage]:
    """Channel messages that show the position after action `seq`: posted with its board
    (named board-<game>-<tag of seq>…), or a turn message edited with the controls of that seq
    (a turn message keeps the board it was posted with)."""
    tag = board_tag(game, seq)
    return [
        m
        for m in messages
        if turn_seq(m) == seq
        or any(
            re.fullmatch(rf"board-{game.id}-{tag}(-\w+)?\.png", a.filename) for a in m.attachments
        )
    ]


def boards_of(w: World, game: GameRow) -> list[DoubleMessage]:
    """The messages of the game's channel that show the position after its last action."""
    return shown_in(table(w).messages(), game.seq, game)


async def act_while_failing(w: World, rnd: random.Random, inject) -> None:  # type: ignore[no-untyped-def]
    """The mover makes a random move; Discord starts failing as the choice is made (the
    faults hit the bot's answer and its post, not the opening of a picker)."""
    d = w.double
    message = current_turn(w)
    assert message is not None
    user = mover(w, message)
    seq = turn_seq(message)
    button = rnd.choice(turn_choices(message))
    if button["custom_id"].startswith("rc:"):  # the turn message's select: one tap acts
        inject()  # the answer and the post fail, not the choice itself
        value = rnd.choice(button["options"])["value"]
        await (await d.select(user, message, button["custom_id"], [value])).wait_acked()
        await table(w).wait_after(seq)
        return
    record = await d.click(user, message, button["custom_id"])
    if ":k:" not in button["custom_id"]:
        await record.wait_acked()
        inject()
        await table(w).wait_after(seq)
        return
    await record.wait_done()
    picker = record.message
    assert picker is not None
    while True:
        select = next(c for row in picker.components for c in row["components"])
        value = rnd.choice(select["options"])["value"]
        if value.startswith("a:"):
            inject()  # the confirmation and the post fail, not the choice itself
            await (await d.select(user, picker, select["custom_id"], [value])).wait_acked()
            break
        await (await d.select(user, picker, select["custom_id"], [value])).wait_done()
        picker = d.message(picker.id)
    await table(w).wait_after(seq)


async def open_two_player_game(w: World) -> None:
    d = w.double
    await (await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")).wait_done()
    await (await d.slash(w.bob, w.channel, "game join")).wait_done()
    await (await d.slash(w.alice, w.channel, "game start")).wait_done()


@pytest.mark.slow
async def test_discord_errors_on_posts_are_retried_and_shown_once(tmp_path: Path) -> None:
    """503 on channel posts, 429 without Via (a Cloudflare refusal) on follow-ups and edits:
    the board still arrives, once, and the next player is pinged."""
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await open_two_player_game(w)
        rnd = random.Random(5)

        def inject() -> None:
            d.inject_fault(faults.MESSAGE_CREATE, 503, times=2)
            d.inject_fault(faults.FOLLOWUP, 429, via=False, times=2)
            d.inject_fault(faults.WEBHOOK_MESSAGE_EDIT, 429, via=False, times=1)
            d.inject_fault(faults.MESSAGE_EDIT, 429, via=False, times=1)

        for _ in range(3):
            before = turn_seq(current_turn(w))  # type: ignore[arg-type]
            await act_while_failing(w, rnd, inject)
            await bot.service.idle()
            d.clear_faults()
            game = await bot.service.store.open_game_in(w.channel.id)
            assert game is not None
            assert len(boards_of(w, game)) == 1, "the board after the move, exactly once"
            latest = current_turn(w)
            assert latest is not None and turn_seq(latest) > before
            assert f"<@{mover(w, latest).id}>" in latest.text
        assert d.injected_failures, "the faults were hit"
        assert await bot.service.store.outbox.games_with_posts() == []
        assert not d.rate_limited


@pytest.mark.slow
async def test_a_lost_answer_is_not_posted_twice(tmp_path: Path) -> None:
    """Discord made the message but its answer was lost: the bot finds it in the channel's
    history instead of posting it again."""
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await open_two_player_game(w)
        rnd = random.Random(8)

        def inject() -> None:
            d.inject_fault(faults.FOLLOWUP, 429, via=False, processed=True, times=1)
            d.inject_fault(faults.MESSAGE_CREATE, 503, processed=True, times=1)

        for _ in range(3):
            await act_while_failing(w, rnd, inject)
            await bot.service.idle()
            d.clear_faults()
            game = await bot.service.store.open_game_in(w.channel.id)
            assert game is not None
            assert len(boards_of(w, game)) == 1


@pytest.mark.slow
async def test_a_crash_between_commit_and_post_is_shown_after_the_restart(tmp_path: Path) -> None:
    """kill -9 after the move is stored but before Discord took its board: the restarted bot
    posts it (once) and pings the next player."""
    database = f"sqlite:///{tmp_path}/c.db"
    async with DiscordDouble(default_timeout=60) as d:
        guild = d.add_guild("Crash server")
        channel = d.add_channel(guild, "game")
        alice, bob = d.add_user("alice"), d.add_user("bob")
        players = Table(d, channel, [alice, bob])
        bot = start_bot(d, database, tmp_path)
        try:
            await d.wait_for_ready(min_sessions=1)
            await (
                await d.slash(alice, channel, "game new", thread=False, game="rattus")
            ).wait_done()
            await (await d.slash(bob, channel, "game join")).wait_done()
            await (await d.slash(alice, channel, "game start")).wait_done()
            await d.wait_for(lambda: players.current_turn() is not None)
            rnd = random.Random(3)
            await players.play_one(rnd)
            turn = players.current_turn()
            assert turn is not None
            seq = turn_seq(turn)
            # Discord stops taking the bot's posts; the next move is stored all the same.
            blocked = [
                d.inject_fault(route, 503, times=None)
                for route in (
                    faults.MESSAGE_CREATE,
                    faults.FOLLOWUP,
                    faults.MESSAGE_EDIT,
                    faults.WEBHOOK_MESSAGE_EDIT,
                )
            ]
            user = players.mover(turn)
            assert user is not None
            # A command: its confirmation and its board both fail to reach Discord.
            choices = await d.autocomplete(user, channel, "rattus do", "action", typed="")
            r = await d.slash(user, channel, "rattus do", action=choices[0]["value"])
            await r.wait_acked()
            store = Store(database)
            await store.open()
            try:
                for _ in range(500):
                    game = await store.open_game_in(channel.id)
                    if game is not None and game.seq == seq + 1:
                        break
                    await asyncio.sleep(0.01)
                assert game is not None and game.seq == seq + 1
                assert await store.outbox.games_with_posts() == [game.id]
            finally:
                await store.close()
            bot.send_signal(signal.SIGKILL)
            await asyncio.to_thread(bot.wait, 30)
            assert not any(turn_seq(m) == seq + 1 for m in players.messages())

            for rule in blocked:
                rule.clear()
            bot = start_bot(d, database, tmp_path)
            await d.wait_for_ready(min_sessions=len(d.sessions) + 1)
            restarted = time.monotonic()
            await d.wait_for(
                lambda: (t := players.current_turn()) is not None and turn_seq(t) == seq + 1
            )
            posted_after = time.monotonic() - restarted
            latest = players.current_turn()
            assert latest is not None
            pinged = players.mover(latest)
            assert pinged is not None and f"<@{pinged.id}>" in latest.text
            assert len(shown_in(players.messages(), seq + 1, game)) == 1
            print(f"board posted {posted_after:.2f} s after the restart")
        finally:
            if bot.poll() is None:
                bot.send_signal(signal.SIGTERM)
                try:
                    await asyncio.to_thread(bot.wait, 30)
                except subprocess.TimeoutExpired:
                    bot.kill()  # never leave a bot behind for the next tests
                    raise


@pytest.mark.slow
async def test_a_click_whose_answer_fails_still_gets_its_board_once(tmp_path: Path) -> None:
    """The answer that carries the board fails (Discord 500s on the callback, once after
    doing it, once without; the connection drops, once after Discord did it): the board
    reaches the channel anyway, exactly once, and the game goes on."""
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await open_two_player_game(w)
        rnd = random.Random(11)
        for fault in (
            {"status": 500},
            {"status": 500, "processed": True},
            {"drop": True, "processed": True},
            {"status": 500},
        ):
            message = current_turn(w)
            assert message is not None
            control = rnd.choice([c for c in turn_choices(message) if ":k:" not in c["custom_id"]])
            value = (control.get("options") or [{"value": ""}])[0]["value"]
            d.inject_fault(faults.INTERACTION_CALLBACK, times=1, **fault)  # type: ignore[arg-type]
            if control["custom_id"].startswith("rc:"):
                await d.select(mover(w, message), message, control["custom_id"], [value])
            else:
                await d.click(mover(w, message), message, control["custom_id"])
            await table(w).wait_after(turn_seq(message))
            await bot.service.idle()
            await bot.publisher.idle()
            d.clear_faults()
            game = await bot.service.store.open_game_in(w.channel.id)
            assert game is not None
            assert len(boards_of(w, game)) == 1, "the board after the move, exactly once"
        assert d.injected_failures
        assert await bot.service.store.outbox.games_with_posts() == []
