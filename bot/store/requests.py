"""The requests table: undo and takeover requests waiting for the other players' consent.

A vote reads and writes its request in one transaction holding the request (PostgreSQL's
`FOR UPDATE`, SQLite's write lock), so two people voting at once, even through two processes,
both count; a new request holds its game's row, so of two at once the second stales the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.store.backend import Conn
from bot.store.base import GameNotFound, RequestRow
from bot.store.sql import REQUEST_SQL, dumps, request_row

if TYPE_CHECKING:
    from bot.store.store import Store


class Requests:
    """The requests of a store: `Requests(store)`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create(
        self,
        game_id: int,
        kind: str,
        *,
        seq: int,
        requester_id: int,
        needed: list[int],
        target_seat: int | None = None,
        now: float,
        note: Mapping[str, Any] | None = None,
    ) -> RequestRow:
        """Open a request (`note`: what completing it needs, e.g. a newcomer's name); earlier
        open requests of the same kind become stale."""
        lock = f"SELECT id FROM games WHERE id = ?{self.store.backend.dialect.lock_game}"
        values = (game_id, kind, seq, requester_id, target_seat, dumps(needed), now)

        async def steps(c: Conn) -> RequestRow:
            # One request at a time per game: the second sees (and stales) the first.
            if await c.fetchval(lock, game_id) is None:
                raise GameNotFound(f"no game {game_id}")
            await c.execute(
                "UPDATE requests SET status = 'stale'"
                " WHERE game_id = ? AND kind = ? AND status = 'open'",
                game_id,
                kind,
            )
            row = await c.fetchrow(
                "INSERT INTO requests (game_id, kind, seq, requester_id, target_seat, needed,"
                " created_at, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                *values,
                dumps(note or {}),
            )
            assert row is not None
            return request_row(row)

        return await self.store.backend.write(steps)

    async def get(self, request_id: int) -> RequestRow | None:
        """A request by id."""
        row = await self.store.backend.read(
            lambda c: c.fetchrow(REQUEST_SQL, request_id), single=True
        )
        return request_row(row) if row else None

    async def vote(self, request_id: int, user_id: int, agree: bool) -> tuple[str, RequestRow]:
        """Count one vote atomically: ("waiting" | "done" | "refused", the request after it).

        The read and the write are one transaction holding the request, so two people voting
        at once (even through two processes) both count: the second waits for the first to
        commit, then reads the request with the first vote in it. Raises
        LookupError("request_closed") when the request is not open, PermissionError when this
        user is not asked.
        """
        read_sql = REQUEST_SQL + self.store.backend.dialect.lock_request

        async def steps(c: Conn) -> RequestRow:
            row = await c.fetchrow(read_sql, request_id)
            if row is None or row["status"] != "open":
                raise LookupError("request_closed")
            request = request_row(row)
            if user_id not in request.needed:
                raise PermissionError("not_asked")
            if not agree:
                request.status = "refused"
            else:
                request.agreed = sorted(set(request.agreed) | {user_id})
                if set(request.needed) <= set(request.agreed):
                    request.status = "done"
            await c.execute(
                "UPDATE requests SET agreed = ?, status = ? WHERE id = ?",
                dumps(request.agreed),
                request.status,
                request_id,
            )
            return request

        request = await self.store.backend.write(steps)
        status = "waiting" if request.status == "open" else request.status
        return status, request

    async def update(
        self,
        request_id: int,
        *,
        agreed: list[int] | None = None,
        status: str | None = None,
        message_id: int | None = None,
        expect_status: str = "open",
    ) -> bool:
        """Change a request that still has `expect_status`; False if it had changed."""
        changes: dict[str, Any] = {
            "agreed": None if agreed is None else dumps(agreed),
            "status": status,
            "message_id": message_id,
        }
        sets = [f"{column} = ?" for column, value in changes.items() if value is not None]
        args = [value for value in changes.values() if value is not None]
        sql = (
            f"UPDATE requests SET {', '.join(sets) or 'status = status'}"
            " WHERE id = ? AND status = ? RETURNING id"
        )
        changed = await self.store.backend.write(
            lambda c: c.fetchval(sql, *args, request_id, expect_status), single=True
        )
        return changed is not None
