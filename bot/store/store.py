"""The store: every game, player and action of the bot, one logic on either backend.

`Store(url)` opens nothing yet: it takes the backend that the URL names (bot.store.factory)
and runs its operations there, each written once as steps on a `Conn` (bot.store.backend).
The posts waiting to be shown are `store.outbox` (bot.store.outbox); the planned jobs and the
requests for consent are `Schedule(store)` and `Requests(store)` (bot.store.jobs, .requests).

Every method is one transaction of its own (or a single statement): no lock is held once it
returns, so none is held across rendering or Discord calls. Every read-modify-write is atomic
in the database itself, so several processes may share one database: a conditional
`UPDATE ... WHERE seq = expected ... RETURNING` is the optimistic check of an append, an undo
and a start (of two at once, one matches nothing and raises StaleGame), and where a change
spans several rows of one game its steps first lock the game's row (`Dialect.lock_game`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.shards import Shards
from bot.store.backend import Conn, Duplicate
from bot.store.base import (
    SNAPSHOT_EVERY,
    ActionRow,
    ChannelBusy,
    GameNotFound,
    GameRow,
    PlayerRow,
    Post,
    StaleGame,
    check_setting_keys,
)
from bot.store.factory import backend_for
from bot.store.jobs import Replan, replan_in
from bot.store.outbox import Outbox
from bot.store.sql import (
    ACTIONS_SINCE_SQL,
    ACTIONS_SQL,
    GAME_SEQ_SQL,
    PLAYERS_SQL,
    QUEUE_SQL,
    action_row,
    dumps,
    game_row,
    loads,
    marks,
    owned,
    player_row,
    post_values,
    same_version,
)

# Ending a game with one of these statuses sets its ended_at.
ENDED = ("over", "abandoned")


class Store:
    """All database access of the bot: `Store(url)` is the database that `url` names."""

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        self.url = url
        self.clock = clock
        self.backend = backend_for(url, clock=clock)
        self.outbox = Outbox(self)

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Connect, apply pending migrations, and make sure the database can be written
        (StoreReadOnly otherwise)."""
        await self.backend.open()

    async def close(self) -> None:
        """Close the connections."""
        await self.backend.close()

    async def announce(self, game_id: int, guild_id: int) -> None:
        """Tell every process on this database that a game changed (the process that owns
        its server then posts what it queued and lets its AI seats move)."""
        await self.backend.announce(game_id, guild_id)

    async def listen(
        self, on_change: Callable[[int, int], None], on_gap: Callable[[], None]
    ) -> None:
        """From now until close(), call `on_change(game_id, guild_id)` for every announce()
        of any process; `on_gap()` after announcements may have been missed (the listening
        connection was lost and came back), so the caller looks at everything again."""
        await self.backend.listen(on_change, on_gap)

    # ------------------------------------------------------------------ games

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        settings: Mapping[str, Any],
        creator_id: int,
        seed: int,
    ) -> int:
        """Create a lobby; ChannelBusy when the channel already has an open game."""
        now = self.clock()
        args = (guild_id, channel_id, game, dumps(options), dumps(settings), creator_id, seed)
        sql = (
            "INSERT INTO games (guild_id, channel_id, game, options, settings, status,"
            " creator_id, seed, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id"
        )
        try:
            # The only key a new game can meet is the one open game per channel.
            game_id = await self.backend.write(
                lambda c: c.fetchval(sql, *args, now, now), single=True
            )
        except Duplicate as exc:
            raise ChannelBusy(f"channel {channel_id} already has an open game") from exc
        return int(game_id)

    async def get_game(self, game_id: int) -> GameRow:
        """A game with its players (one statement); GameNotFound if there is none."""
        games = await _games(self, "WHERE g.id = ?", game_id, quick=True)
        if not games:
            raise GameNotFound(f"no game {game_id}")
        return games[0]

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel, if any."""
        where = "WHERE g.channel_id = ? AND g.status IN ('lobby', 'active')"
        return next(iter(await _games(self, where, channel_id)), None)

    async def latest_game_in(self, channel_id: int) -> GameRow | None:
        """The open game of a channel, or else the one that ended last."""
        where = (
            "WHERE g.channel_id = ?"
            " ORDER BY g.status IN ('lobby', 'active') DESC, g.id DESC LIMIT 1"
        )
        return next(iter(await _games(self, where, channel_id)), None)

    async def games_in_guild(self, guild_id: int, statuses: Iterable[str]) -> list[GameRow]:
        """Games of a server with one of these statuses, newest first."""
        wanted = list(statuses)
        where = f"WHERE g.guild_id = ? AND g.status IN {marks(wanted)} ORDER BY g.id DESC"
        return await _games(self, where, guild_id, *wanted)

    async def active_game_ids(self, shards: Shards | None = None) -> list[int]:
        """Ids of every lobby and active game (of servers on `shards` only, when given)."""
        mine, args = owned(shards)
        sql = f"SELECT id FROM games WHERE status IN ('lobby', 'active') AND {mine} ORDER BY id"
        rows = await self.backend.read(lambda c: c.fetch(sql, *args), single=True)
        return [int(r["id"]) for r in rows]

    async def set_status(
        self,
        game_id: int,
        status: str,
        post: Post | None = None,
        *,
        expect: Iterable[str] | None = None,
    ) -> bool:
        """Change a game's status (ended_at is set when it ends) and queue `post`; with
        `expect`, only if the status is one of those (False, and nothing changed, if not: two
        processes ending one game at once end it once)."""
        now = self.clock()
        wanted = [] if expect is None else list(expect)
        condition = "" if expect is None else f" AND status IN {marks(wanted)}"
        sql = (
            "UPDATE games SET status = ?, updated_at = ?, ended_at = COALESCE(?, ended_at)"
            f" WHERE id = ?{condition} RETURNING seq"
        )
        args = (status, now, now if status in ENDED else None, game_id, *wanted)

        async def steps(c: Conn) -> bool:
            seq = await c.fetchval(sql, *args)
            if seq is None:
                return False
            if post is not None:
                await c.execute(QUEUE_SQL, *post_values(game_id, int(seq), post, now))
            return True

        return await self.backend.write(steps)

    async def set_message(self, game_id: int, kind: str, message_id: int | None) -> None:
        """Remember the lobby or turn message of a game."""
        column = {"lobby": "lobby_message_id", "turn": "turn_message_id"}[kind]
        sql = f"UPDATE games SET {column} = ? WHERE id = ?"
        await self.backend.write(lambda c: c.execute(sql, message_id, game_id), single=True)

    async def set_creator(self, game_id: int, user_id: int) -> None:
        """Hand a lobby to another of its players (its creator left)."""
        sql = "UPDATE games SET creator_id = ?, updated_at = ? WHERE id = ?"
        args = (user_id, self.clock(), game_id)
        await self.backend.write(lambda c: c.execute(sql, *args), single=True)

    async def update_settings(self, game_id: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Store these settings of a game: the keys given replace the stored ones, in the
        database by one statement (keys not given stay as they are), so two changes at once
        both land. Returns the game's settings after the change (GameNotFound if there is no
        game)."""
        check_setting_keys(settings)
        merged, args = self.backend.dialect.merge("settings", settings)
        sql = (
            f"UPDATE games SET settings = {merged}, updated_at = ? WHERE id = ? RETURNING settings"
        )
        now = self.clock()
        value = await self.backend.write(
            lambda c: c.fetchval(sql, *args, now, game_id), single=True
        )
        if value is None:
            raise GameNotFound(f"no game {game_id}")
        return dict(loads(value))

    # ------------------------------------------------------------------ players

    async def players(self, game_id: int) -> list[PlayerRow]:
        """Every player of a game, in join order."""
        rows = await self.backend.read(lambda c: c.fetch(PLAYERS_SQL, game_id), single=True)
        return [player_row(r) for r in rows]

    async def add_player(
        self,
        game_id: int,
        *,
        user_id: int | None,
        name: str,
        is_ai: bool = False,
        locale: str | None = None,
        ai_level: str | None = None,
    ) -> PlayerRow:
        """Add a lobby member (a person, or an AI seat when user_id is None, at `ai_level`)."""
        now = self.clock()
        lock = f"SELECT id FROM games WHERE id = ?{self.backend.dialect.lock_game}"

        async def steps(c: Conn) -> int:
            # The game's row lock makes "the next position" one at a time across processes.
            if await c.fetchval(lock, game_id) is None:
                raise GameNotFound(f"no game {game_id}")
            position = int(
                await c.fetchval(
                    "SELECT COALESCE(MAX(position), -1) + 1 FROM players WHERE game_id = ?",
                    game_id,
                )
            )
            await c.execute(
                "INSERT INTO players"
                " (game_id, position, user_id, name, is_ai, joined_at, locale, ai_level)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                game_id,
                position,
                user_id,
                name,
                is_ai,
                now,
                locale,
                ai_level,
            )
            return position

        position = await self.backend.write(steps)
        return PlayerRow(
            game_id,
            position,
            user_id,
            name,
            None,
            is_ai,
            now,
            None,
            False,
            locale,
            ai_level=ai_level,
        )

    async def remove_player(self, game_id: int, position: int) -> None:
        """Remove a lobby member."""
        sql = "DELETE FROM players WHERE game_id = ? AND position = ?"
        await self.backend.write(lambda c: c.execute(sql, game_id, position), single=True)

    async def mark_left(self, game_id: int, position: int, left: bool = True) -> bool:
        """Mark a seated player as gone (or back); False when they already were."""
        already = "left_at IS NULL" if left else "left_at IS NOT NULL"
        sql = (
            "UPDATE players SET left_at = ?, web_key = NULL WHERE game_id = ? AND position = ?"
            f" AND {already} RETURNING position"
        )
        args = (self.clock() if left else None, game_id, position)
        marked = await self.backend.write(lambda c: c.fetchval(sql, *args), single=True)
        return marked is not None

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        """Remember whether a player's DMs are closed."""
        sql = "UPDATE players SET dm_closed = ? WHERE game_id = ? AND user_id = ?"
        await self.backend.write(lambda c: c.execute(sql, closed, game_id, user_id), single=True)

    async def set_private_dm(self, game_id: int, user_id: int, message_id: int | None) -> None:
        """Remember a player's private DM of a game (None: there is none to edit)."""
        sql = "UPDATE players SET private_dm = ? WHERE game_id = ? AND user_id = ?"
        args = (message_id, game_id, user_id)
        await self.backend.write(lambda c: c.execute(sql, *args), single=True)

    async def web_key(self, game_id: int, position: int, fresh: str) -> str:
        """The seat's web key (its private page's links name it): the one it has, or `fresh`
        when it has none (never given, or the seat changed hands since)."""
        sql = (
            "UPDATE players SET web_key = COALESCE(web_key, ?) WHERE game_id = ? AND position = ?"
            " RETURNING web_key"
        )
        key = await self.backend.write(
            lambda c: c.fetchval(sql, fresh, game_id, position), single=True
        )
        if key is None:
            raise GameNotFound(f"game {game_id} has no player {position}")
        return str(key)

    async def web_secret(self, fresh: str) -> str:
        """The secret that signs web links, made once (`fresh`) and kept in the database, so
        that every process and every restart signs alike."""
        insert = (
            "INSERT INTO bot_meta (key, value) VALUES ('web_secret', ?)"
            " ON CONFLICT (key) DO NOTHING"
        )
        select = "SELECT value FROM bot_meta WHERE key = 'web_secret'"

        async def steps(c: Conn) -> str:
            await c.execute(insert, fresh)
            return str(await c.fetchval(select))

        return await self.backend.write(steps)

    async def marks(self, game_ids: Sequence[int]) -> dict[int, tuple[Any, ...]]:
        """For each game, a mark that changes whenever anything a page of it shows may have
        changed (its log, status, settings or who holds its seats); games that are gone are
        left out."""
        if not game_ids:
            return {}
        places = ", ".join("?" for _ in game_ids)
        sql = (
            "SELECT g.id, g.version, g.status, g.updated_at, COUNT(p.position) AS n,"
            " COUNT(p.left_at) AS gone, SUM(CASE WHEN p.stand_in THEN 1 ELSE 0 END) AS stand,"
            " SUM(CASE WHEN p.is_ai THEN 1 ELSE 0 END) AS ai,"
            " SUM(COALESCE(p.user_id, 0) % 1000003) AS who, MAX(p.left_at) AS last_left"
            " FROM games AS g LEFT JOIN players AS p ON p.game_id = g.id"
            f" WHERE g.id IN ({places}) GROUP BY g.id, g.version, g.status, g.updated_at"
        )
        rows = await self.backend.read(lambda c: c.fetch(sql, *game_ids), single=True)
        return {
            int(r["id"]): (
                int(r["version"]),
                str(r["status"]),
                float(r["updated_at"]),
                int(r["n"]),
                int(r["gone"]),
                int(r["stand"] or 0),
                int(r["ai"] or 0),
                int(r["who"] or 0),
                r["last_left"],
            )
            for r in rows
        }

    async def set_player_flag(self, game_id: int, position: int, flag: str, value: bool) -> None:
        """Set muted, remind_dm or stand_in for one player."""
        if flag not in ("muted", "remind_dm", "stand_in"):
            raise ValueError(flag)
        # A stand-in taking over or giving back a seat changes its hands: its web links end.
        key = ", web_key = NULL" if flag == "stand_in" else ""
        sql = f"UPDATE players SET {flag} = ?{key} WHERE game_id = ? AND position = ?"
        await self.backend.write(lambda c: c.execute(sql, value, game_id, position), single=True)

    async def set_player_prefs(
        self, game_id: int, position: int, changes: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Merge `changes` into one player's preferences in one statement (None removes a
        key; keys are named like identifiers); returns the preferences after."""
        check_setting_keys(changes)
        put = {k: v for k, v in changes.items() if v is not None}
        drop = [k for k, v in changes.items() if v is None]
        merged, args = self.backend.dialect.merge("prefs", put, drop)
        sql = (
            f"UPDATE players SET prefs = {merged} WHERE game_id = ? AND position = ?"
            " RETURNING prefs"
        )
        value = await self.backend.write(
            lambda c: c.fetchval(sql, *args, game_id, position), single=True
        )
        return dict(loads(value)) if value else {}

    async def replace_player(
        self, game_id: int, position: int, *, user_id: int, name: str, locale: str | None
    ) -> None:
        """A newcomer takes a seat: the player row gets their identity, present and playing."""
        sql = (
            "UPDATE players SET user_id = ?, name = ?, locale = ?, left_at = NULL,"
            " stand_in = FALSE, dm_closed = FALSE, muted = FALSE, remind_dm = FALSE,"
            " private_dm = NULL, web_key = NULL, prefs = '{}' WHERE game_id = ? AND position = ?"
        )
        args = (user_id, name, locale, game_id, position)
        await self.backend.write(lambda c: c.execute(sql, *args), single=True)

    async def start_game(
        self,
        game_id: int,
        seats: Mapping[int, int],
        state: Mapping[str, Any],
        post: Post | None = None,
    ) -> None:
        """Seat the players (position -> seat), store the set-up state, mark the game active,
        and queue `post` in the same transaction; StaleGame unless the game is a lobby."""
        now = self.clock()
        state_json = dumps(state)
        seated = [(seat, game_id, position) for position, seat in seats.items()]

        async def steps(c: Conn) -> None:
            started = await c.fetchval(
                "UPDATE games SET status = 'active', seq = 0, version = version + 1,"
                " updated_at = ? WHERE id = ? AND status = 'lobby' RETURNING id",
                now,
                game_id,
            )
            if started is None:
                raise StaleGame(game_id, 0, -1)
            if seated:
                await c.executemany(
                    "UPDATE players SET seat = ? WHERE game_id = ? AND position = ?", seated
                )
            await c.execute(
                "INSERT INTO snapshots (game_id, seq, state) VALUES (?, 0, ?)", game_id, state_json
            )
            if post is not None:
                await c.execute(QUEUE_SQL, *post_values(game_id, 0, post, now))

        await self.backend.write(steps)

    # ------------------------------------------------------------------ the log

    async def append(
        self,
        game_id: int,
        *,
        expected_seq: int,
        seat: int,
        actor_id: int | None,
        origin: str,
        action: str,
        events: list[dict[str, Any]],
        state: Mapping[str, Any] | Callable[[], Mapping[str, Any]],
        over: bool,
        post: Post | None = None,
        expected_version: int | None = None,
        replan: Replan | None = None,
        hidden: bool = False,
    ) -> int:
        """Store one applied action as seq expected_seq + 1; StaleGame if someone was first
        (or, with `expected_version`, if the game's version changed: an undo and a new
        action since the state was read). The version goes up by one.

        The new state (`state`, or what it gives when called: a dump is made only when one is
        stored) is snapshotted every SNAPSHOT_EVERY actions and at the end of the game;
        `post` is queued in the outbox in the same transaction, and the game's jobs are
        rewritten there as `replan` plans them. `hidden`: an answer in a secret window that
        showed the table nothing, which the table's number of the game skips (GameRow.shown).
        Returns the new sequence number; the action (and its post and plan) are durable when
        this returns.
        """
        seq = expected_seq + 1
        now = self.clock()
        # JSON is written here, before the steps (off SQLite's thread).
        events_json = dumps(events)
        state_json = (
            dumps(state() if callable(state) else state)
            if over or seq % SNAPSHOT_EVERY == 0
            else None
        )
        queued = post_values(game_id, seq, post, now) if post is not None else None
        version, versions = same_version(expected_version)
        moved_sql = (
            "UPDATE games SET seq = ?, updated_at = ?, status = ?, version = version + 1,"
            " hidden = hidden + ?, ended_at = COALESCE(?, ended_at)"
            f" WHERE id = ? AND seq = ? AND status = 'active'{version} RETURNING seq"
        )
        moved_args = (
            seq,
            now,
            "over" if over else "active",
            int(hidden),
            now if over else None,
            game_id,
        )

        async def steps(c: Conn) -> None:
            # The compare-and-set: a concurrent append (which waits for this row's lock on
            # PostgreSQL, for the database's on SQLite) then finds seq changed.
            if await c.fetchval(moved_sql, *moved_args, expected_seq, *versions) is None:
                current = await c.fetchval(GAME_SEQ_SQL, game_id)
                if current is None:
                    raise GameNotFound(f"no game {game_id}")
                raise StaleGame(game_id, expected_seq, int(current))
            await c.execute(
                "INSERT INTO actions"
                " (game_id, seq, seat, actor_id, origin, action, events, at, hidden)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                game_id,
                seq,
                seat,
                actor_id,
                origin,
                action,
                events_json,
                now,
                int(hidden),
            )
            if state_json is not None:
                await c.execute(
                    "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                    game_id,
                    seq,
                    state_json,
                )
            if queued is not None:
                await c.execute(QUEUE_SQL, *queued)
            if replan is not None:
                await replan_in(c, game_id, replan)

        await self.backend.write(steps, quick=True)
        return seq

    async def truncate(
        self,
        game_id: int,
        *,
        expected_seq: int,
        keep: int,
        post: Post | None = None,
        expected_version: int | None = None,
    ) -> None:
        """Drop the actions after `keep` (undo) and the posts of those not shown yet (other
        waiting posts move to `keep`), and queue `post`; StaleGame if someone acted meanwhile
        (or the version is not `expected_version`). The version goes up by one."""
        now = self.clock()
        version, versions = same_version(expected_version)
        moved_sql = (
            "UPDATE games SET seq = ?, updated_at = ?, version = version + 1"
            f" WHERE id = ? AND seq = ?{version} RETURNING seq"
        )

        async def steps(c: Conn) -> None:
            if await c.fetchval(moved_sql, keep, now, game_id, expected_seq, *versions) is None:
                raise StaleGame(game_id, expected_seq, -1)
            await c.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", game_id, keep)
            await c.execute(
                "UPDATE games SET hidden = (SELECT COUNT(*) FROM actions"
                " WHERE game_id = ? AND hidden = 1) WHERE id = ?",
                game_id,
                game_id,
            )
            await c.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", game_id, keep)
            # Actions taken back before they were shown are never shown, and what else waits
            # (a notice, a DM) is told at the position the game returns to: no post may wait
            # for a seq the game no longer has.
            await c.execute(
                "DELETE FROM outbox WHERE game_id = ? AND seq > ? AND kind = 'action'",
                game_id,
                keep,
            )
            await c.execute(
                "UPDATE outbox SET seq = ? WHERE game_id = ? AND seq > ?", keep, game_id, keep
            )
            if post is not None:
                await c.execute(QUEUE_SQL, *post_values(game_id, keep, post, now))

        await self.backend.write(steps)

    async def latest_snapshot(
        self, game_id: int, at_most: int | None = None
    ) -> tuple[int, dict[str, Any]]:
        """(seq, state) of the newest snapshot, or the newest at or before `at_most`."""
        upto, args = ("", ()) if at_most is None else (" AND seq <= ?", (at_most,))
        sql = f"SELECT seq, state FROM snapshots WHERE game_id = ?{upto} ORDER BY seq DESC LIMIT 1"
        row = await self.backend.read(lambda c: c.fetchrow(sql, game_id, *args), single=True)
        if row is None:
            raise GameNotFound(f"game {game_id} has no state yet")
        return int(row["seq"]), loads(row["state"])

    async def actions(
        self, game_id: int, *, after: int = 0, upto: int | None = None
    ) -> list[ActionRow]:
        """The stored actions with after < seq <= upto, in order."""
        until, args = ("", ()) if upto is None else (" AND seq <= ?", (upto,))
        sql = f"{ACTIONS_SQL}{until} ORDER BY seq"
        rows = await self.backend.read(lambda c: c.fetch(sql, game_id, after, *args), single=True)
        return [action_row(r) for r in rows]

    async def actions_since(self, game_id: int, seat: int) -> list[ActionRow]:
        """The stored actions after `seat`'s own last one (all of them if it has none), in
        order: what happened since that seat last played, read without the rest (about a
        round: quick, on an action's path)."""
        rows = await self.backend.read(
            lambda c: c.fetch(ACTIONS_SINCE_SQL, game_id, game_id, seat), single=True, quick=True
        )
        return [action_row(r) for r in rows]

    async def count_actions(self, game_id: int) -> int:
        """How many actions a game has stored."""
        sql = "SELECT COUNT(*) FROM actions WHERE game_id = ?"
        return int(await self.backend.read(lambda c: c.fetchval(sql, game_id), single=True))


async def _games(store: Store, where: str, *args: Any, quick: bool = False) -> list[GameRow]:
    """The games (with their players) that `where` (WHERE, ORDER BY ... of `g`) keeps, read
    in one statement (`quick`: one game by its id)."""
    sql = f"{store.backend.dialect.games} {where}"
    rows = await store.backend.read(lambda c: c.fetch(sql, *args), single=True, quick=quick)
    return [game_row(r) for r in rows]
