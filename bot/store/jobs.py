"""The jobs table: reminders, turn clocks and reaction timeouts that survive restarts.

A job is claimed before it is acted on (`Schedule.claim`: one conditional statement, so of two
processes claiming one job exactly one gets it), and a game's whole plan is rewritten in one
transaction that holds the game's row, so two plans of one game at once never collide: the
action's own transaction for the plan that follows an action (`replan_in`, from
`Store.append`), else one of its own (`Schedule.rewrite`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.shards import Shards
from bot.store.backend import Conn
from bot.store.base import JobRow
from bot.store.sql import INSERT_JOB_SQL, JOB_SQL, JOBS_SQL, dumps, job_row, marks, owned

if TYPE_CHECKING:
    from bot.store.store import Store

log = logging.getLogger(__name__)

# A job as it was read: a claim or a postponement changes it only if it is still so.
AS_READ = "WHERE game_id = ? AND kind = ? AND seq = ? AND due_at = ? RETURNING seq"


@dataclass(slots=True)
class Replan:
    """A game's next plan, written in the transaction of the action it follows (see
    `Store.append`): `plan(current jobs by kind)` gives the new jobs; `written` holds them
    once they are written (None if `plan` failed: the game's jobs were left as they were)."""

    plan: Callable[[dict[str, JobRow]], list[JobRow]]
    written: list[JobRow] | None = None


async def _current(c: Conn, game_id: int) -> dict[str, JobRow]:
    return {job.kind: job for job in map(job_row, await c.fetch(JOBS_SQL, game_id))}


async def _write(c: Conn, game_id: int, jobs: list[JobRow]) -> None:
    await c.execute("DELETE FROM jobs WHERE game_id = ?", game_id)
    if jobs:
        await c.executemany(
            INSERT_JOB_SQL,
            [(j.game_id, j.kind, j.seq, j.due_at, j.count, dumps(j.seats)) for j in jobs],
        )


async def replan_in(c: Conn, game_id: int, replan: Replan) -> None:
    """Inside an action's transaction (which holds the game's row): make `replan.plan(current
    jobs by kind)` the game's whole plan. A plan that fails (a bug) is logged and changes
    nothing, rather than undoing the action: its jobs are planned again after it."""
    current = await _current(c, game_id)
    try:
        jobs = replan.plan(current)
    except Exception:
        log.exception("game %s: planning its jobs with an action failed", game_id)
        return
    await _write(c, game_id, jobs)
    replan.written = jobs


class Schedule:
    """The planned jobs of a store: `Schedule(store)`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def put(
        self,
        game_id: int,
        kind: str,
        *,
        seq: int,
        due_at: float,
        count: int = 0,
        seats: list[int] | None = None,
    ) -> None:
        """Plan (or re-plan) the job `kind` of a game (one upsert)."""
        sql = (
            f"{INSERT_JOB_SQL} ON CONFLICT (game_id, kind) DO UPDATE SET seq = excluded.seq,"
            " due_at = excluded.due_at, count = excluded.count, seats = excluded.seats"
        )
        args = (game_id, kind, seq, due_at, count, dumps(seats or []))
        await self.store.backend.write(lambda c: c.execute(sql, *args), single=True)

    async def all(self, game_id: int) -> dict[str, JobRow]:
        """Every planned job of a game, by kind."""
        rows = await self.store.backend.read(lambda c: c.fetch(JOBS_SQL, game_id), single=True)
        return {job.kind: job for job in map(job_row, rows)}

    async def replace(
        self, game_id: int, jobs: list[JobRow], *, version: int | None = None
    ) -> bool:
        """Make `jobs` the game's whole plan, in one transaction; with `version`, only while
        the game is at that version (False otherwise: the plan of a newer action, maybe made
        by another process, stays)."""
        return await self.rewrite(game_id, lambda _: jobs, version=version) is not None

    async def rewrite(
        self,
        game_id: int,
        plan: Callable[[dict[str, JobRow]], list[JobRow]],
        *,
        version: int | None = None,
    ) -> list[JobRow] | None:
        """Make `plan(current jobs by kind)` the game's whole plan, reading and writing in one
        transaction (in one round trip on SQLite: `plan` may run on the database's thread, so
        it only computes); with `version`, only while the game is at that version. The jobs
        written, or None when the version had moved on."""
        lock = f"SELECT version FROM games WHERE id = ?{self.store.backend.dialect.lock_game}"

        async def steps(c: Conn) -> list[JobRow] | None:
            # Two plans of one game at once: the second waits for the game's row, then
            # deletes the first's jobs instead of colliding with them. An action commits its
            # new version before its plan asks for this lock, so a plan of an older version
            # that comes second sees the newer version and steps aside.
            current = await c.fetchval(lock, game_id)
            if version is not None and (current is None or int(current) != version):
                return None
            jobs = plan(await _current(c, game_id))
            await _write(c, game_id, jobs)
            return jobs

        return await self.store.backend.write(steps)

    async def get(self, game_id: int, kind: str) -> JobRow | None:
        """One job of a game, if planned."""
        row = await self.store.backend.read(
            lambda c: c.fetchrow(JOB_SQL, game_id, kind), single=True
        )
        return job_row(row) if row else None

    async def drop(self, game_id: int, *kinds: str) -> None:
        """Forget jobs of a game (all of them when no kind is named)."""
        which = f" AND kind IN {marks(kinds)}" if kinds else ""
        sql = f"DELETE FROM jobs WHERE game_id = ?{which}"
        await self.store.backend.write(lambda c: c.execute(sql, game_id, *kinds), single=True)

    async def claim(self, job: JobRow, *, next_due: float | None) -> bool:
        """Take a due job before acting on it: re-plan it at `next_due` or delete it.

        Returns False when the job changed meanwhile (someone acted, or another process
        claimed it first): then it is not ours. One conditional statement: of two processes
        claiming the same job, the second waits for the first, then finds the row changed
        (or gone). Claiming first means a restart never repeats a reminder that was already
        sent; a later `next_due` also serves as a lease (see bot.scheduler).
        """
        read: tuple[Any, ...] = (job.game_id, job.kind, job.seq, job.due_at)
        if next_due is None:
            sql, args = f"DELETE FROM jobs {AS_READ}", read
        else:
            sql, args = (
                f"UPDATE jobs SET due_at = ?, count = count + 1 {AS_READ}",
                (next_due, *read),
            )
        return (
            await self.store.backend.write(lambda c: c.fetchval(sql, *args), single=True)
            is not None
        )

    async def postpone(self, job: JobRow, due_at: float) -> bool:
        """Move a job to `due_at` if it is still as read (one conditional statement)."""
        sql = f"UPDATE jobs SET due_at = ? {AS_READ}"
        args = (due_at, job.game_id, job.kind, job.seq, job.due_at)
        return (
            await self.store.backend.write(lambda c: c.fetchval(sql, *args), single=True)
            is not None
        )

    async def due(self, now: float, limit: int = 100, shards: Shards | None = None) -> list[JobRow]:
        """Jobs due at `now`, oldest first (of games of servers on `shards` only, when
        given)."""
        if shards is None or shards.everything:
            sql, args = "SELECT * FROM jobs WHERE due_at <= ? ORDER BY due_at LIMIT ?", [now, limit]
        else:
            mine, owners = owned(shards)
            sql = (
                "SELECT jobs.* FROM jobs JOIN games ON games.id = jobs.game_id"
                f" WHERE jobs.due_at <= ? AND {mine} ORDER BY jobs.due_at LIMIT ?"
            )
            args = [now, *owners, limit]
        rows = await self.store.backend.read(lambda c: c.fetch(sql, *args), single=True)
        return [job_row(r) for r in rows]

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the next job is due, if any (of games of servers on `shards` only, when
        given)."""
        args: list[Any] = []
        if shards is None or shards.everything:
            sql = "SELECT MIN(due_at) FROM jobs"
        else:
            mine, args = owned(shards)
            sql = (
                "SELECT MIN(jobs.due_at) FROM jobs JOIN games ON games.id = jobs.game_id"
                f" WHERE {mine}"
            )
        due = await self.store.backend.read(lambda c: c.fetchval(sql, *args), single=True)
        return None if due is None else float(due)
