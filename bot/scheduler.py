"""Reminders, turn clocks and window timeouts, planned in the database.

After every stored action the planner rewrites a game's jobs: a reminder for the people who
must act (after the game's reminder interval, at most max_reminders times per decision), the
turn clock of the seats whose turn it is (kept while the same seats go on deciding), and the
timeout of a window (a decision of seats off their turn, for every game: the engine's
`decision()` says which), after which the engine's `default_action` answers for them. The
runner takes due jobs from the database and claims each one before acting. A reminder is
deleted or re-planned by its claim, so a restart never sends it twice (a crash between the
claim and the message loses that one reminder). A clock or a reaction
timeout is only leased by its claim and deleted once applied: after a crash it comes back when
the lease ends, and applying it again is safe, as it acts only for seats still to move. The
runner never blocks the event loop: everything it does is a database query, a Discord call or an
action through the service.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from bot import presence
from bot.background import Background
from bot.service import GameService, Outcome
from bot.settings import GameSettings
from bot.store import GameRow, JobRow, Replan, Schedule, StoreReadOnly
from engine.core.contract import Decision

# A game's plan: its new jobs, from its current jobs by kind.
Plan = Callable[[dict[str, JobRow]], list[JobRow]]

log = logging.getLogger(__name__)

HOUR = 3600.0
DAY = 24 * HOUR
LEASE_SECONDS = 300.0  # a clock or reaction job left unfinished by a crash runs again after this


class Notifier(Protocol):
    """Where the scheduler's messages go (the bot's announcer, or a test recorder)."""

    async def remind(self, game: GameRow, seats: Sequence[int], count: int, total: int) -> None:
        """Remind people that they must act."""
        ...

    async def clock_ran_out(self, game: GameRow, seats: Sequence[int], policy: str) -> None:
        """Say that a turn clock ran out and what happens now."""
        ...

    async def reaction_timed_out(self, game: GameRow, seats: Sequence[int]) -> None:
        """Say that a window closed and the defaults apply."""
        ...

    async def stalled(self, game: GameRow, seats: Sequence[int]) -> None:
        """Say that the game stalled (nobody answered the reminders), with what can be done."""
        ...


class Reminder(Protocol):
    """Who sends reminders (the publisher)."""

    async def remind(self, game: GameRow, seats: Sequence[int], count: int, total: int) -> None:
        """Remind people that they must act."""
        ...

    async def stalled(self, game: GameRow, seats: Sequence[int]) -> None:
        """Post the stalled-game notice and its buttons."""
        ...


class Announcer:
    """The bot's notifier: reminders go out at once; what a clock or a timeout does is a line
    in the game's outbox, posted in order with the actions that follow it."""

    def __init__(self, service: GameService, reminder: Reminder) -> None:
        self.service = service
        self.reminder = reminder

    async def remind(self, game: GameRow, seats: Sequence[int], count: int, total: int) -> None:
        """Remind people that they must act."""
        await self.reminder.remind(game, seats, count, total)

    async def clock_ran_out(self, game: GameRow, seats: Sequence[int], policy: str) -> None:
        """Queue the line saying that a turn clock ran out."""
        await self.service.notice(game.id, f"clock.{policy}", seats=list(seats))

    async def reaction_timed_out(self, game: GameRow, seats: Sequence[int]) -> None:
        """Queue the line saying that a window closed."""
        await self.service.notice(game.id, "window.timeout", seats=list(seats))

    async def stalled(self, game: GameRow, seats: Sequence[int]) -> None:
        """Post the stalled-game notice and its buttons."""
        await self.reminder.stalled(game, seats)


class Scheduler:
    """Plans jobs after each outcome and runs them when due."""

    def __init__(
        self,
        service: GameService,
        notifier: Notifier,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.service = service
        self.notifier = notifier
        self.clock = clock
        self.schedule = Schedule(service.store)
        self._wake = asyncio.Event()
        self._sleeping_until = 0.0  # when the runner wakes up by itself next
        self._runner = Background(self.run_forever, "scheduler")
        service.planners.append(self.plan)
        service.planner = self
        service.replanners.append(self.replan)
        service.refreshers.append(self.refresh)

    # ------------------------------------------------------------------ planning

    async def plan(self, outcome: Outcome) -> None:
        """Rewrite the jobs of a game after a stored outcome (one read, one transaction),
        unless they were planned with it (`plan_with`)."""
        if outcome.planned:
            return
        game = outcome.game
        if outcome.over or game.status != "active":
            await self.schedule.replace(game.id, [])
            return
        # (Not over here: the same seats still deciding is the same turn, its clock going on.)
        await self._plan(game, outcome.decision, same_turn=not outcome.turn_changed)

    def plan_with(self, outcome: Outcome) -> Replan:
        """The plan that follows an action, for its own transaction to write (`outcome`'s
        game is as the action leaves it)."""
        game = outcome.game
        if outcome.over or game.status != "active":
            return Replan(lambda _: [])
        return Replan(self._planner(game, outcome.decision, not outcome.turn_changed))

    def planned(self, replan: Replan) -> None:
        """A plan written with its action: wake the runner if a job is due sooner."""
        if replan.written is not None:
            self._wake_for(replan.written)

    async def refresh(self, game_id: int) -> None:
        """Re-plan a game now, without an action (a player went away or came back)."""
        game = await self.service.store.get_game(game_id)
        if game.status != "active":
            return
        state = await self.service.state_of(game)
        await self._plan(game, self.service.engine(game).decision(state), same_turn=True)

    async def _plan(self, game: GameRow, decision: Decision, same_turn: bool) -> None:
        # Read and rewritten at once, and only for the version planned for: the plan of a
        # newer action (another process may have stored one meanwhile) is never overwritten
        # by an older one.
        plan = self._planner(game, decision, same_turn)
        written = await self.schedule.rewrite(game.id, plan, version=game.version)
        if written is not None:
            self._wake_for(written)

    def _planner(self, game: GameRow, decision: Decision, same_turn: bool) -> Plan:
        """The plan of `game`'s jobs for `decision`, a function of its current jobs (it runs
        where the store reads them, maybe on the database's thread: only sums there)."""
        settings = self.service.settings_of(game)
        now = self.clock()
        movers = sorted(decision.seats)
        # A secret window reminds nobody (a reminder would name who is asked): its asked
        # seats were asked by DM, and its own deadline answers for them.
        people = (
            []
            if decision.secret
            else [s for s in movers if not presence.automated(game, game.player_at(s), now)]
        )
        reacting = sorted(decision.seats) if decision.window else []
        # A player away in a game that pauses clocks has no clock running.
        deciding = [
            s
            for s in people
            if s not in reacting and not presence.paused(game, game.player_at(s), now)
        ]
        clock_hours, reaction_minutes = settings.clock_hours, settings.reaction_minutes
        # Nobody moved for idle_days: the game ends (moved on by every action).
        fixed: list[JobRow] = [
            JobRow(game.id, "idle", game.seq, now + settings.idle_days * DAY, 0, [])
        ]
        if people and settings.max_reminders > 0:
            due = now + settings.reminder_hours * HOUR
            fixed.append(JobRow(game.id, "remind", game.seq, due, 0, people))

        def plan(current: dict[str, JobRow]) -> list[JobRow]:
            # Runs where the store reads the current jobs (maybe its own thread): only sums.
            jobs = list(fixed)
            if clock_hours and deciding:
                job = current.get("clock")
                keep = same_turn and job is not None and job.seats == deciding
                due = job.due_at if keep and job else now + clock_hours * HOUR
                jobs.append(JobRow(game.id, "clock", game.seq, due, 0, deciding))
            if reacting:
                job = current.get("reaction")
                # The window stays the same while the seats asked answer one after the other.
                keep = job is not None and set(reacting) <= set(job.seats)
                due = job.due_at if keep and job else now + reaction_minutes * 60
                jobs.append(JobRow(game.id, "reaction", game.seq, due, 0, reacting))
            return jobs

        return plan

    async def replan(self, game: GameRow, old: GameSettings, new: GameSettings) -> None:
        """New settings while a decision waits: move its reminder and clock at once (counted
        from when they were planned), and end or start them as the settings now say."""
        if game.status != "active":
            return
        jobs = await self.schedule.all(game.id)
        changed: list[JobRow] = []
        remind = jobs.get("remind")
        if remind is not None:
            if new.max_reminders <= remind.count:
                remind = None
            else:
                shift = (new.reminder_hours - old.reminder_hours) * HOUR
                remind = replace(remind, due_at=remind.due_at + shift)
        clock = jobs.get("clock")
        if clock is not None:
            if not new.clock_hours:
                clock = None
            elif old.clock_hours:
                shift = (new.clock_hours - old.clock_hours) * HOUR
                clock = replace(clock, due_at=clock.due_at + shift)
        elif new.clock_hours:
            state = await self.service.state_of(game)
            decision = self.service.engine(game).decision(state)
            deciding = [
                s
                for s in sorted(decision.seats)
                if not decision.window and not game.player_at(s).automated
            ]
            if deciding:
                due = self.clock() + new.clock_hours * HOUR
                clock = JobRow(game.id, "clock", game.seq, due, 0, deciding)
        reaction = jobs.get("reaction")
        if reaction is not None:
            shift = (new.reaction_minutes - old.reaction_minutes) * 60
            reaction = replace(reaction, due_at=reaction.due_at + shift)
        changed = [j for j in (remind, clock, reaction) if j is not None]
        if await self.schedule.replace(game.id, changed, version=game.version):
            self._wake_for(changed)

    def _wake_for(self, jobs: Sequence[JobRow]) -> None:
        """Wake the runner only when a job is due before it would wake up anyway (most plans
        are hours away: no database round trip for them)."""
        if any(job.due_at < self._sleeping_until for job in jobs):
            self._wake.set()

    def poke(self) -> None:
        """Look at the database again now (another process planned a job of our games)."""
        self._wake.set()

    # ------------------------------------------------------------------ running

    async def run_due(self) -> int:
        """Run every job due now; return how many were acted on."""
        done = 0
        # Only the jobs of our shards' games; the claim still makes sure each runs once.
        for job in await self.schedule.due(self.clock(), shards=self.service.shards):
            try:
                if await self._run(job):
                    done += 1
            except StoreReadOnly:
                pass  # the store logs an unwritable database once per episode; due again later
            except Exception:
                log.exception("game %s: the %s job failed", job.game_id, job.kind)
        return done

    async def _run(self, job: JobRow) -> bool:
        store = self.service.store
        game = await store.get_game(job.game_id)
        if game.status != "active":
            await self.schedule.drop(game.id)
            return False
        settings = self.service.settings_of(game)
        now = self.clock()
        if job.kind in ("remind", "stall", "idle") and job.seq != game.seq:
            await self.schedule.claim(job, next_due=None)  # someone moved: moot
            return False
        if job.kind == "remind":
            return await self._remind(game, job, settings, now)
        if job.kind == "stall":
            if not await self.schedule.claim(job, next_due=None):
                return False
            await self.notifier.stalled(game, job.seats)
            return True
        if job.kind == "idle":
            if not await self.schedule.claim(job, next_due=None):
                return False
            await self.service.lobby.end(game.id, "idle")
            return True

        state = await self.service.state_of(game)
        decision = self.service.engine(game).decision(state)
        seats = [s for s in job.seats if s in decision.seats]
        if not seats:
            await self.schedule.claim(job, next_due=None)
            return False
        lease = self.clock() + LEASE_SECONDS
        if not await self.schedule.claim(job, next_due=lease):
            return False
        if job.kind == "clock":
            policy = settings.clock_policy
            await self.notifier.clock_ran_out(game, seats, policy)
            if policy in ("ai", "skip"):
                await self.service.ai.play_for(game.id, seats, policy)
        else:
            if not decision.secret:  # a secret window's close names nobody
                await self.notifier.reaction_timed_out(game, seats)
            await self.service.ai.play_for(game.id, seats, "default")
        # Applied: end the lease (the actions played have re-planned the game's jobs, and
        # then this row is already gone).
        await self.schedule.claim(replace(job, due_at=lease, count=job.count + 1), next_due=None)
        return True

    async def _remind(self, game: GameRow, job: JobRow, settings: GameSettings, now: float) -> bool:
        seats = [
            s
            for s in job.seats
            if not game.player_at(s).muted
            and not presence.automated(game, game.player_at(s), now)
            and not presence.away(game.player_at(s), now)
            and game.player_at(s).left_at is None
        ]
        quiet = {s: presence.quiet_until(game.player_at(s).prefs, now) for s in seats}
        awake = [s for s in seats if quiet[s] is None]
        if seats and not awake:
            # Everyone to remind is in their quiet hours: remind when the first wakes up.
            wake = min(q for q in quiet.values() if q is not None)
            # Moved only if still as read: a newer plan made meanwhile stays.
            await self.schedule.postpone(job, wake)
            return False
        sent = job.count + 1
        more = sent < settings.max_reminders
        # From now, not from the due time: after a long outage, reminders do not pile up.
        next_due = now + settings.reminder_hours * HOUR if more else None
        if not await self.schedule.claim(job, next_due=next_due):
            return False
        if not more and job.seats:
            # The last reminder: if nothing happens for one more interval, say the game stalled.
            stall = now + settings.reminder_hours * HOUR
            await self.schedule.put(game.id, "stall", seq=job.seq, due_at=stall, seats=job.seats)
            self._wake_for([JobRow(game.id, "stall", job.seq, stall, 0, job.seats)])
        if awake:
            await self.notifier.remind(game, awake, sent, settings.max_reminders)
        return bool(awake)

    async def run_forever(self) -> None:
        """Run due jobs as they come, sleeping until the next one (at most a minute)."""
        while True:
            try:
                await self.run_due()
            except StoreReadOnly:
                pass  # logged once per episode by the store
            except Exception:
                log.exception("the scheduler failed; retrying")
            next_due = await self.schedule.next_due(self.service.shards)
            delay = 60.0 if next_due is None else min(60.0, max(0.2, next_due - self.clock()))
            self._sleeping_until = self.clock() + delay
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), delay)

    def start(self) -> None:
        """Start the runner task."""
        self._runner.start()

    async def stop(self) -> None:
        """Stop the runner task."""
        await self._runner.stop()
