"""A bot running behind drops the clicks it can no longer answer in time (bot.backlog).

Discord: "Interaction tokens are valid for 15 minutes, but you must send an initial response
within 3 seconds of receiving the event. If the 3 second deadline is exceeded, the token
will be invalidated." Work on a click past that is work nobody sees.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import discord
import pytest

from bot.backlog import BUDGET, WINDOW, Backlog
from tests.bot.harness import running_bot, turn_control, use_control, world
from tests.bot.test_e2e import first_turn

T0 = 1_800_000_000.0  # a wall-clock time, in seconds


def click_at(seconds: float) -> int:
    """The snowflake of a click made at `seconds` (Discord's clock)."""
    return discord.utils.time_snowflake(datetime.fromtimestamp(seconds, tz=UTC))


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_an_old_click_is_dropped_only_while_the_loop_runs_late() -> None:
    clock = Clock(T0)
    backlog = Backlog(clock=clock)
    assert not backlog.stale(click_at(T0 - 0.05), loop_now=0.0)  # the fastest delivery seen
    old = click_at(T0 - 0.05 - BUDGET - 0.5)
    assert not backlog.stale(old, loop_now=0.0), "not behind: a slow network is not a backlog"
    backlog.late(1.0, now=10.0)
    assert backlog.stale(old, loop_now=10.5)
    assert not backlog.stale(click_at(T0 - 1.0), loop_now=10.5), "still answerable in time"
    assert backlog.dropped == 1
    # Once the loop is on time again for a while, nothing is dropped.
    assert not backlog.stale(old, loop_now=30.0)


def test_clocks_that_disagree_are_measured_from_the_fastest_delivery() -> None:
    # This machine's clock is 40 s ahead of Discord's: every click looks 40 s old.
    clock = Clock(T0 + 40.0)
    backlog = Backlog(clock=clock)
    backlog.late(1.0, now=0.0)
    assert not backlog.stale(click_at(T0 - 0.1), loop_now=0.1)
    assert not backlog.stale(click_at(T0 - 1.0), loop_now=0.1)
    assert backlog.stale(click_at(T0 - 3.0), loop_now=0.1)


def test_a_clock_that_jumps_forward_is_learned_within_two_windows_of_keeping_up() -> None:
    clock = Clock(T0)
    backlog = Backlog(clock=clock)
    assert not backlog.stale(click_at(T0), loop_now=0.0)
    clock.now += 10.0  # the machine's clock jumps; clicks now look 10 s old
    for minute in range(3):  # the bot keeps up: what it reads now is the clocks' offset
        clock.now += WINDOW + 1
        assert not backlog.stale(click_at(clock.now - 10.0), loop_now=100.0 * (minute + 1))
    backlog.late(1.0, now=1000.0)
    assert not backlog.stale(click_at(clock.now - 10.0), loop_now=1000.1)
    assert backlog.stale(click_at(clock.now - 13.0), loop_now=1000.1)


def test_clicks_read_while_behind_do_not_teach_the_clocks_offset() -> None:
    # Overloaded for minutes, every click is read 20 s late: they are still too late.
    clock = Clock(T0)
    backlog = Backlog(clock=clock)
    assert not backlog.stale(click_at(T0), loop_now=0.0)
    for second in range(0, 600, 5):
        clock.now = T0 + second
        backlog.late(1.0, now=float(second))
        assert backlog.stale(click_at(clock.now - 20.0), loop_now=second + 0.1)


def test_a_long_wait_for_a_slot_counts_as_behind() -> None:
    clock = Clock(T0)
    backlog = Backlog(clock=clock)
    assert not backlog.stale(click_at(T0), loop_now=0.0)
    old = click_at(T0 - BUDGET - 1.0)
    assert not backlog.stale(old, loop_now=0.0, waited=0.0)
    assert backlog.stale(old, loop_now=0.0, waited=2.0)


def test_slots_are_taken_in_turn_first_come_first_served() -> None:
    async def scenario() -> list[int]:
        backlog = Backlog(slots=2)
        order: list[int] = []
        gate = asyncio.Event()

        async def work(n: int) -> None:
            async with backlog.slot():
                order.append(n)
                await gate.wait()

        tasks = [asyncio.create_task(work(n)) for n in range(5)]
        for _ in range(3):
            await asyncio.sleep(0)
        assert order == [0, 1], "two at once"
        gate.set()
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(scenario()) == [0, 1, 2, 3, 4]


@pytest.mark.slow
async def test_the_bot_drops_a_click_it_reads_too_late_and_changes_nothing(
    tmp_path: Path,
) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        game, message, user = await first_turn(w, bot)
        control = turn_control(message)
        # The bot falls 5 s behind: the next click is read 5 s after it was made.
        real = bot.backlog._clock
        bot.backlog._clock = lambda: real() + 5.0
        bot.backlog.late(1.0, asyncio.get_running_loop().time())
        r = await use_control(w, user, message, control)
        await d.wait_for(lambda: bot.backlog.dropped == 1 or None, timeout=10)
        await bot.interactions.drain()
        assert not r.acknowledged and not r.followups
        assert (await bot.service.store.get_game(game.id)).seq == game.seq
        # Caught up: the same click, made again, is answered.
        bot.backlog._clock = real
        r = await use_control(w, user, message, control)
        await r.wait_done()
        assert r.acknowledged


def test_a_click_that_waited_is_deferred_sooner() -> None:
    clock = Clock(T0)
    backlog = Backlog(clock=clock)
    assert backlog.time_left(click_at(T0 - 1.0)) == BUDGET, "no offset known yet"
    assert not backlog.stale(click_at(T0 - 0.2), loop_now=0.0)
    assert backlog.time_left(click_at(T0 - 0.2)) == BUDGET
    assert abs(backlog.time_left(click_at(T0 - 2.2)) - (BUDGET - 2.0)) < 0.01
    assert backlog.time_left(click_at(T0 - 9.0)) == 0.0


class _Response:
    """What aiohttp gives discord.py for a 404 (only what NotFound reads)."""

    status = 404
    reason = "Not Found"


def unknown_interaction() -> discord.NotFound:
    return discord.NotFound(_Response(), {"code": 10062, "message": "Unknown interaction"})  # type: ignore[arg-type]


class _LateInteraction:
    """An interaction Discord no longer knows: its deferral fails with 10062."""

    id = click_at(T0)
    channel_id = 1
    type = discord.InteractionType.component
    locale = discord.Locale.american_english

    class response:
        @staticmethod
        def is_done() -> bool:
            return False

        @staticmethod
        async def defer(**kwargs: object) -> None:
            raise unknown_interaction()


async def test_a_click_answered_too_late_still_finishes_its_work_and_logs_no_error(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot falls behind and cannot even defer a click in time: the work it started still
    ends (its exception retrieved, nothing left running), and the answer that cannot reach
    Discord is a line of the log, not an error with a traceback."""
    from bot.errors import reply_error
    from bot.interactions.base import Deps, Room
    from bot.service import StaleAction

    class Bot:
        backlog = Backlog()

    class Service:
        store = None

    deps = Deps(None, None, Service(), None, None, Bot.backlog, None)  # type: ignore[arg-type]
    handlers = Room(deps)
    finished: list[str] = []

    async def work() -> None:
        await asyncio.sleep(0.05)
        finished.append("work")
        raise StaleAction(7)

    Bot.backlog.time_left = lambda _id: 0.0  # type: ignore[method-assign]
    interaction = _LateInteraction()

    async def acknowledge(late: object) -> None:  # the click's deferral, refused as late
        raise unknown_interaction()

    monkeypatch.setattr("bot.respond.acknowledge", acknowledge)
    with pytest.raises(discord.NotFound) as raised:
        await handlers.quick(interaction, work(), ephemeral=True, update=True)  # type: ignore[arg-type]
    assert finished == ["work"], "the work ran to its end before the error came back"
    with caplog.at_level("INFO"):
        await reply_error(interaction, raised.value)  # type: ignore[arg-type]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "WARNING")]
    assert any("too late" in r.getMessage() for r in caplog.records)
