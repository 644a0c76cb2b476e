"""Issue 25: an Africanus region-card window tells the table nobody's name.

Whom a window asks depends on the hidden hands (and the private standing orders): the channel,
`/game status`, a mid-game record, the timeout and the answers themselves must not tell who
was asked, who answered, who declined or when, and an answer changes nothing public until the
window closes.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.records import game_record
from discord_double import DoubleMessage, DoubleUser
from discord_double.player import components, turn_choices, turn_seq
from tests.bot.harness import World, current_turn, game_over, running_bot, table, world
from tests.bot.test_cartus_bot import Clock

MINUTES = 60.0  # the default reaction_minutes


def snapshot(w: World) -> list[tuple[int, int, str, tuple[str, ...]]]:
    """Every public message of the channel as the table sees it, edits counted."""
    return [
        (m.id, len(m.revisions), m.text, tuple(a.filename for a in m.attachments))
        for m in w.double.channel_messages(w.channel)
        if not m.ephemeral and not m.deleted
    ]


async def secret_window(w: World, bot: GameBot, people: list[DoubleUser]) -> tuple[Any, Any]:
    """Play at random until a window asks at least two of these people; (game, decision)."""
    rnd = random.Random(11)
    store = bot.service.store
    for _ in range(2000):
        await bot.service.idle()
        assert not game_over(w), "no window asked two people: choose another seed"
        game = await store.latest_game_in(w.channel.id)
        assert game is not None
        decision = bot.service.engine(game).decision(await bot.service.state_of(game))
        asked = [p for p in people if game.player_of(p.id).seat in decision.seats]  # type: ignore[union-attr]
        if decision.secret and len(asked) >= 2:
            return game, decision
        await table(w).play_one(rnd)
    raise AssertionError("the game did not end")


@pytest.mark.slow
async def test_a_window_names_nobody_and_its_answers_change_nothing_public(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with world(tmp_path) as w, running_bot(w, seed=1, clock=clock) as bot:
        d = w.double
        people = [w.alice, w.bob, w.dave, w.erin]
        r = await d.slash(
            w.alice, w.channel, "game new", thread=False, game="rattus", variant="africanus"
        )
        await r.wait_done()
        for user in people[1:]:
            await (await d.slash(user, w.channel, "game join")).wait_done()
        await (await d.slash(w.alice, w.channel, "game start")).wait_done()
        for user in people:  # everyone wants to be asked
            await (await d.slash(user, w.channel, "rattus standing", order="ask")).wait_done()
        game, decision = await secret_window(w, bot, people)
        seat_of = {p.user_id: p.seat for p in game.seated()}
        asked = [u for u in people if seat_of[u.id] in decision.seats]
        others = [u for u in people if seat_of[u.id] not in decision.seats]

        # The turn message pings nobody and names nobody as asked; it says what may happen.
        message = current_turn(w)
        assert message is not None
        assert "<@" not in message.text, message.text
        assert "region card" in message.text.lower() or "carte" in message.text.lower()
        assert [c["custom_id"].endswith(":k:any") for c in turn_choices(message)] == [True]
        before = snapshot(w)
        window_number = turn_seq(message)
        assert window_number == game.seq  # no secret window before this one

        # Anyone may tap the button: whoever is not asked is told so, privately.
        assert others, "every seat was asked: choose another seed, to see one told no"
        strangers = [*others, w.carol]
        for user in strangers:
            click = await d.click(user, message, turn_choices(message)[0]["custom_id"])
            await click.wait_done()
            assert click.ephemeral and not _picker(click.message), click.text
            if user in others:
                # In the window's words (not a request's, which once shared its key).
                assert (
                    "nothing to decide in this window" in click.text
                    or "rien à décider dans cette fenêtre" in click.text
                ), click.text
        # /game status and a mid-game record name nobody.
        status = await d.slash(w.carol, w.channel, "game status")
        await status.wait_done()
        assert status.ephemeral and "private decision" in status.text, status.text
        assert all(f"<@{u.id}>" not in status.text for u in asked)

        # The first asked person answers from their DM: nothing public changes.
        first = asked[0]
        dm = next(m for m in reversed(d.dms(first)) if _picker(m))
        select = next(c for c in components(dm) if c["custom_id"].startswith("rp:"))
        option = select["options"][-1]["value"]  # the last option: playing no card
        answer = await d.select(first, dm, select["custom_id"], [option])
        await answer.wait_done()
        await bot.service.idle()
        assert snapshot(w) == before, "an answer in a secret window showed in the channel"
        # Taking the answer back would tell the table who was asked: refused, privately.
        undo = await d.slash(first, w.channel, "game undo")
        await undo.wait_done()
        assert undo.ephemeral and ("secret answer" in undo.text or "réponse secrète" in undo.text)
        await bot.service.idle()
        assert snapshot(w) == before, "an undo of a secret answer showed in the channel"
        for viewer in (seat_of[others[0].id] if others else None, None):
            record = json.dumps(await game_record(bot.service, game, viewer=viewer))
            assert '"seq"' not in record
        game = await bot.service.store.get_game(game.id)
        record = await game_record(bot.service, game, viewer=None)
        hidden = [a for a in record["actions"] if a.get("private")]
        assert hidden and all(set(a) == {"action", "private"} for a in hidden)

        # The deadline passes: the defaults answer for the others, and nobody is named.
        clock.now += MINUTES * 60 + 1
        await bot.scheduler.run_due()
        await bot.service.idle()
        after = [m for m in snapshot(w) if m not in before]
        assert after, "the window's close was not shown"
        # The buttons carry the game's number as the table counts it: every answer of the
        # window was stored, but the window moved it on by one, however many seats answered.
        closed = await bot.service.store.get_game(game.id)
        assert closed.seq >= game.seq + len(asked) - 1 >= game.seq + 1
        nxt = current_turn(w)
        assert nxt is not None
        assert turn_seq(nxt) == window_number + 1 == closed.shown, (
            turn_seq(nxt),
            window_number,
            closed.seq,
            closed.shown,
        )
        shown = "\n".join(text for _, _, text, _ in after)
        assert "did not answer" not in shown and "n'a pas répondu" not in shown, shown
        assert "standing order" not in shown and "consigne" not in shown, shown
        assert not d.unknown_requests


def _picker(message: DoubleMessage | None) -> bool:
    return message is not None and any(
        c.get("custom_id", "").startswith("rp:") for c in components(message)
    )
