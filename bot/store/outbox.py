"""The outbox: what to show on Discord, written with the change that causes it.

A change and its post commit together (`Store.append`, `start_game`, `set_status`,
`truncate` queue theirs in their own transaction); the publisher reads a game's waiting posts
with what showing them needs (`pending`), shows them, then deletes them (`posted`). A crash
in between shows a post twice at worst, never loses one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.shards import Shards
from bot.store.backend import Conn
from bot.store.base import GameNotFound, Pending, Post, PostRow, action_range, showable
from bot.store.sql import (
    ACTIONS_SQL,
    JOB_SQL,
    POSTS_SQL,
    QUEUE_SQL,
    action_row,
    dumps,
    game_row,
    job_row,
    marks,
    owned,
    post_row,
    post_values,
)

if TYPE_CHECKING:
    from bot.store.store import Store


class Outbox:
    """The posts of a store waiting to be shown (`store.outbox`)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def queue(self, game_id: int, post: Post, *, seq: int | None = None) -> None:
        """Queue a post that no action causes (a notice, the end of a game); without `seq`
        it carries the game's current sequence number (read in the same statement)."""
        backend, now = self.store.backend, self.store.clock()
        if seq is not None:
            values = post_values(game_id, seq, post, now)
            await backend.write(lambda c: c.execute(QUEUE_SQL, *values), single=True)
            return
        sql = (
            "INSERT INTO outbox (game_id, seq, kind, payload, created_at)"
            " SELECT id, seq, ?, ?, ? FROM games WHERE id = ? RETURNING id"
        )
        args = (post.kind, dumps(post.payload), now, game_id)
        if await backend.write(lambda c: c.fetchval(sql, *args), single=True) is None:
            raise GameNotFound(f"no game {game_id}")

    async def posts(self, game_id: int, limit: int = 200) -> list[PostRow]:
        """The posts of a game still waiting, oldest first."""
        rows = await self.store.backend.read(
            lambda c: c.fetch(POSTS_SQL, game_id, limit), single=True
        )
        return [post_row(r) for r in rows]

    async def pending(self, game_id: int, limit: int = 200) -> Pending:
        """The posts of a game still waiting, its row, and for the posts shown next their
        actions and the game's turn clock: one consistent read (in one round trip on
        SQLite, one snapshot on PostgreSQL)."""
        game_sql = f"{self.store.backend.dialect.games} WHERE g.id = ?"

        async def steps(c: Conn) -> Pending:
            posts = [post_row(r) for r in await c.fetch(POSTS_SQL, game_id, limit)]
            if not posts:
                return Pending(posts, None)
            row = await c.fetchrow(game_sql, game_id)
            if row is None:
                raise GameNotFound(f"no game {game_id}")
            game = game_row(row)
            out = Pending(posts, game)
            shown = showable(posts, game)
            if not shown:
                return out
            span = action_range(shown)
            if span is not None:
                rows = await c.fetch(f"{ACTIONS_SQL} AND seq <= ? ORDER BY seq", game_id, *span)
                out.actions = {a.seq: a for a in map(action_row, rows)}
            if game.status == "active":
                job = await c.fetchrow(JOB_SQL, game_id, "clock")
                out.clock = job_row(job) if job else None
            return out

        return await self.store.backend.read(steps, quick=True)

    async def games_with_posts(self, shards: Shards | None = None) -> list[int]:
        """Ids of the games that have posts waiting (of servers on `shards` only, when
        given)."""
        if shards is None or shards.everything:
            sql, args = "SELECT DISTINCT game_id FROM outbox ORDER BY game_id", list[Any]()
        else:
            mine, args = owned(shards)
            sql = (
                "SELECT DISTINCT outbox.game_id FROM outbox JOIN games ON games.id ="
                f" outbox.game_id WHERE {mine} ORDER BY outbox.game_id"
            )
        rows = await self.store.backend.read(lambda c: c.fetch(sql, *args), single=True)
        return [int(r["game_id"]) for r in rows]

    async def posted(
        self,
        game_id: int,
        ids: list[int],
        *,
        turn_message_id: int | None = None,
        clear_turn_message: bool = False,
        then: list[Post] | None = None,
    ) -> None:
        """Posts shown: delete them, remember the new turn message, and queue what comes next
        (the DMs of those posts), all in one transaction."""
        now = self.store.clock()
        rows = [post_values(game_id, int(p.payload.get("seq", 0)), p, now) for p in then or []]
        delete_sql = f"DELETE FROM outbox WHERE game_id = ? AND id IN {marks(ids)}"

        async def steps(c: Conn) -> None:
            if ids:
                await c.execute(delete_sql, game_id, *ids)
            if turn_message_id is not None or clear_turn_message:
                await c.execute(
                    "UPDATE games SET turn_message_id = ? WHERE id = ?", turn_message_id, game_id
                )
            if rows:
                await c.executemany(QUEUE_SQL, rows)

        await self.store.backend.write(steps, quick=True)
