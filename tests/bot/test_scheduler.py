"""Reminders and turn clocks with a controllable clock (no sleeping), across a restart."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.scheduler import HOUR, LEASE_SECONDS, Scheduler
from bot.service import GameService, UserRef
from bot.store import GameRow, Schedule, Store
from engine.rattus import GAME

ANA = UserRef(1, "Ana")
BEN = UserRef(2, "Ben")
CHANNEL = 50


class Clock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * HOUR


class Notes:
    """A notifier that records what it was asked to say."""

    def __init__(self) -> None:
        self.reminders: list[tuple[int, tuple[int, ...], int]] = []
        self.clocks: list[tuple[int, tuple[int, ...], str]] = []
        self.reactions: list[tuple[int, tuple[int, ...]]] = []
        self.stalls: list[tuple[int, tuple[int, ...]]] = []

    async def remind(self, game: GameRow, seats: Sequence[int], count: int, total: int) -> None:
        self.reminders.append((game.id, tuple(seats), count))

    async def clock_ran_out(self, game: GameRow, seats: Sequence[int], policy: str) -> None:
        self.clocks.append((game.id, tuple(seats), policy))

    async def reaction_timed_out(self, game: GameRow, seats: Sequence[int]) -> None:
        self.reactions.append((game.id, tuple(seats)))

    async def stalled(self, game: GameRow, seats: Sequence[int]) -> None:
        self.stalls.append((game.id, tuple(seats)))


class Bench:
    """A service, a scheduler and a clock on one database; `restart` makes new ones."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.clock = Clock()
        self.notes = Notes()

    async def boot(self) -> None:
        self.store = Store(f"sqlite:///{self.path}")
        await self.store.open()
        self.service = GameService(self.store, clock=self.clock, seed_source=lambda: 99)
        self.scheduler = Scheduler(self.service, self.notes, clock=self.clock)

    async def shutdown(self) -> None:
        await self.service.close()
        await self.store.close()

    async def restart(self) -> None:
        await self.shutdown()
        await self.boot()

    async def game(self, **settings: object) -> GameRow:
        await self.service.lobby.new_lobby(
            game="rattus",
            guild_id=1,
            channel_id=CHANNEL,
            creator=ANA,
            settings={"lang": "en", **settings},
        )
        await self.service.lobby.join(CHANNEL, BEN)
        await self.service.lobby.start(CHANNEL, ANA)
        return await self.service.game_in(CHANNEL)

    def user(self, game: GameRow, seat: int) -> UserRef:
        return {1: ANA, 2: BEN}[game.player_at(seat).user_id or 0]


@pytest.fixture
async def bench(tmp_path: Path):
    b = Bench(tmp_path / "s.db")
    await b.boot()
    yield b
    await b.shutdown()


async def test_reminders_follow_the_interval_and_stop_at_the_maximum(bench: Bench) -> None:
    game = await bench.game(reminder_hours=12, max_reminders=2)
    assert await bench.scheduler.run_due() == 0
    bench.clock.advance(11.9)
    assert await bench.scheduler.run_due() == 0
    bench.clock.advance(0.2)
    assert await bench.scheduler.run_due() == 1
    assert bench.notes.reminders == [(game.id, (0,), 1)]
    bench.clock.advance(12)
    await bench.scheduler.run_due()
    bench.clock.advance(48)
    await bench.scheduler.run_due()
    assert [r[2] for r in bench.notes.reminders] == [1, 2]  # never a third


async def test_acting_restarts_the_reminders_for_the_next_player(bench: Bench) -> None:
    game = await bench.game(reminder_hours=6)
    bench.clock.advance(7)
    await bench.scheduler.run_due()
    await bench.service.act(game.id, bench.user(game, 0).id, "open gallia")
    bench.clock.advance(5)
    assert await bench.scheduler.run_due() == 0
    bench.clock.advance(1.1)
    await bench.scheduler.run_due()
    assert [(seats, n) for _, seats, n in bench.notes.reminders] == [((0,), 1), ((1,), 1)]


async def test_an_action_and_its_plan_are_stored_in_one_transaction(
    bench: Bench, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await bench.game(reminder_hours=6)
    backend = bench.store.backend
    writes = []
    write = backend.write

    async def counted(steps: Any, *, single: bool = False, quick: bool = False) -> Any:
        writes.append(steps)
        return await write(steps, single=single, quick=quick)

    monkeypatch.setattr(backend, "write", counted)
    await bench.service.act(game.id, bench.user(game, 0).id, "open gallia")
    assert len(writes) == 1
    jobs = await Schedule(bench.store).all(game.id)
    assert jobs["remind"].seats == [1] and jobs["remind"].seq == game.seq + 1
    assert jobs["remind"].due_at == bench.clock.now + 6 * HOUR


async def test_a_plan_that_fails_with_its_action_is_made_after_it(
    bench: Bench, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = await bench.game(reminder_hours=6)
    planner = bench.scheduler._planner
    calls = []

    def failing_once(*args: Any) -> Any:
        plan = planner(*args)
        calls.append(plan)
        if len(calls) > 1:
            return plan

        def broken(current: Any) -> Any:
            raise RuntimeError("a bug in the plan")

        return broken

    monkeypatch.setattr(bench.scheduler, "_planner", failing_once)
    with caplog.at_level(logging.ERROR):
        await bench.service.act(game.id, bench.user(game, 0).id, "open gallia")
    assert "planning its jobs with an action failed" in caplog.text
    assert (await bench.store.get_game(game.id)).seq == game.seq + 1  # the action stands
    assert len(calls) == 2  # and its jobs were planned after it
    assert (await Schedule(bench.store).all(game.id))["remind"].seats == [1]


async def test_a_muted_player_gets_no_reminder(bench: Bench) -> None:
    game = await bench.game(reminder_hours=1)
    await bench.service.prefs.set_preference(CHANNEL, bench.user(game, 0), "muted", True)
    bench.clock.advance(2)
    await bench.scheduler.run_due()
    assert bench.notes.reminders == []


async def test_reminders_survive_a_restart_without_repeats_or_losses(bench: Bench) -> None:
    game = await bench.game(reminder_hours=10, max_reminders=3)
    bench.clock.advance(10.5)
    await bench.scheduler.run_due()
    await bench.restart()  # the bot stops and starts again: the schedule is in the database
    await bench.scheduler.run_due()  # nothing is due: the first reminder is not sent again
    assert len(bench.notes.reminders) == 1
    bench.clock.advance(10)
    await bench.scheduler.run_due()
    await bench.restart()
    bench.clock.advance(30)
    await bench.scheduler.run_due()
    assert [n for _, _, n in bench.notes.reminders] == [1, 2, 3]
    assert game.id == bench.notes.reminders[-1][0]


async def test_clock_policy_ai_plays_the_turn(bench: Bench) -> None:
    game = await bench.game(clock_hours=24, clock_policy="ai")
    bench.clock.advance(23)
    await bench.scheduler.run_due()
    assert bench.notes.clocks == []
    bench.clock.advance(2)
    await bench.scheduler.run_due()
    assert bench.notes.clocks == [(game.id, (0,), "ai")]
    rows = await bench.store.actions(game.id)
    assert [(r.seat, r.origin) for r in rows] == [(0, "clock-ai")]
    state = await bench.service.state_of(await bench.store.get_game(game.id))
    assert GAME.to_move(state) == frozenset({1})


async def test_clock_policy_skip_leaves_what_can_be_skipped(bench: Bench) -> None:
    game = await bench.game(clock_hours=1, clock_policy="skip")
    # Both players place their opening cubes; then seat 0's first regular turn begins.
    for _ in range(4):
        g = await bench.store.get_game(game.id)
        seat = min(GAME.to_move(await bench.service.state_of(g)))
        await bench.service.act(game.id, bench.user(g, seat).id, "open gallia")
    bench.clock.advance(2)
    await bench.scheduler.run_due()
    rows = await bench.store.actions(game.id, after=4)
    verbs = [r.action.split()[0] for r in rows]
    assert verbs and verbs[0] == "plague"  # no card taken, no cube placed
    assert set(verbs) <= {"plague", "rats"}
    assert all(r.origin == "clock-skip" for r in rows)


async def test_clock_policy_wait_only_says_so_and_the_clock_spans_the_turn(bench: Bench) -> None:
    game = await bench.game(clock_hours=10, clock_policy="wait")
    bench.clock.advance(6)
    first = bench.user(game, 0)
    await bench.service.act(game.id, first.id, "open gallia")  # seat 1 now: a new clock
    bench.clock.advance(6)
    await bench.scheduler.run_due()
    assert bench.notes.clocks == []
    bench.clock.advance(5)
    await bench.scheduler.run_due()
    assert bench.notes.clocks == [(game.id, (1,), "wait")]
    assert (await bench.store.get_game(game.id)).seq == 1  # nothing was played


async def test_settings_are_checked(bench: Bench) -> None:
    await bench.game()
    from bot.service import BotError

    with pytest.raises(BotError) as err:
        await bench.service.prefs.change_settings(CHANNEL, BEN, reminder_hours=6)
    assert err.value.code == "settings_not_allowed"
    with pytest.raises(BotError) as err:
        await bench.service.prefs.change_settings(CHANNEL, ANA, clock_policy="panic")
    assert err.value.code == "setting_clock_policy"
    settings = await bench.service.prefs.change_settings(
        CHANNEL, ANA, reminder_hours=6, clock_hours=48, clock_policy="ai"
    )
    assert (settings.reminder_hours, settings.clock_hours, settings.clock_policy) == (6, 48, "ai")


async def test_a_clock_cut_short_by_a_crash_is_applied_after_the_restart(bench: Bench) -> None:
    """The runner leased a due clock and the bot died before playing the turn: once the
    lease ends, the clock's policy is applied (the game does not stall), exactly once."""
    game = await bench.game(clock_hours=1, clock_policy="ai")
    bench.clock.advance(2)

    async def dies(*args: object) -> None:
        raise SystemExit("the bot is killed here")

    alive = bench.notes.clock_ran_out
    bench.notes.clock_ran_out = dies  # type: ignore[method-assign]
    with pytest.raises(SystemExit):
        await bench.scheduler.run_due()
    bench.notes.clock_ran_out = alive  # type: ignore[method-assign]
    await bench.restart()
    await bench.scheduler.run_due()
    assert bench.notes.clocks == []  # leased: not yet
    bench.clock.advance(LEASE_SECONDS / 3600 + 0.01)
    await bench.scheduler.run_due()
    assert bench.notes.clocks == [(game.id, (0,), "ai")]
    rows = await bench.store.actions(game.id)
    assert [(r.seat, r.origin) for r in rows] == [(0, "clock-ai")]
    bench.clock.advance(0.5)  # well before seat 1's own clock
    await bench.scheduler.run_due()
    assert len(bench.notes.clocks) == 1
    assert await bench.scheduler.schedule.get(game.id, "clock") is not None  # seat 1's


async def test_a_clock_with_nothing_to_play_is_not_left_leased(bench: Bench) -> None:
    game = await bench.game(clock_hours=1, clock_policy="wait")
    bench.clock.advance(2)
    await bench.scheduler.run_due()
    assert bench.notes.clocks == [(game.id, (0,), "wait")]
    assert await bench.scheduler.schedule.get(game.id, "clock") is None
    bench.clock.advance(LEASE_SECONDS / 3600 + 1)
    await bench.scheduler.run_due()
    assert len(bench.notes.clocks) == 1  # said once


async def test_new_settings_move_the_waiting_reminder_and_clock_at_once(bench: Bench) -> None:
    """A reminder interval or a turn clock changed while a decision waits applies to that
    decision, not only after the next action."""
    game = await bench.game(reminder_hours=12, clock_hours=48, clock_policy="wait")
    bench.clock.advance(1)
    await bench.service.prefs.change_settings(CHANNEL, ANA, reminder_hours=2, clock_hours=3)
    bench.clock.advance(1.1)  # 2.1 h after the decision opened
    await bench.scheduler.run_due()
    assert bench.notes.reminders == [(game.id, (0,), 1)]
    assert bench.notes.clocks == []
    bench.clock.advance(1)  # 3.1 h
    await bench.scheduler.run_due()
    assert bench.notes.clocks == [(game.id, (0,), "wait")]


async def test_a_clock_set_while_a_decision_waits_starts_now(bench: Bench) -> None:
    game = await bench.game(reminder_hours=100)
    bench.clock.advance(5)
    await bench.service.prefs.change_settings(CHANNEL, ANA, clock_hours=2, clock_policy="wait")
    bench.clock.advance(1.9)
    await bench.scheduler.run_due()
    assert bench.notes.clocks == []
    bench.clock.advance(0.2)
    await bench.scheduler.run_due()
    assert bench.notes.clocks == [(game.id, (0,), "wait")]
