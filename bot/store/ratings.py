"""The ratings tables: each rated game's placings, the ratings they give, each game's changes.

A ladder is one game on one server (an expansion is a ladder of its own: bot.service.ratings
names them). Its ratings are always the replay, in the order the games ended (then by id), of
the placings stored in `rating_results`: a game rated as it ends extends that replay by one
step (an incremental update); a game rated late (it ended before the ladder's last rated game,
e.g. after a crash between its end and its rating) makes the ladder be replayed from its first
game, in the same transaction. So the ratings never depend on when a game was rated, and
`Ratings.replay` (the admins' recomputation) gives them again exactly.

The arithmetic is not here: the service passes a `Rater` (OpenSkill), which the steps call
(pure computation, as bot.store.backend allows). Every rating of a ladder first takes the
ladder's row in `rating_ladders` (an upsert: PostgreSQL's row lock, SQLite's write lock), so
two games of one ladder ending at once, even in two processes, are rated one after the other.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.store.backend import Conn, Row
from bot.store.base import GameRow
from bot.store.sql import dumps, game_row, loads, marks

if TYPE_CHECKING:
    from bot.store.store import Store

Z = 3.0  # the conservative rating is mu - Z * sigma


@dataclass(frozen=True, slots=True)
class Placing:
    """One rated seat of a game: who (an identity), its rank (1 is first; ties share one)."""

    identity: str
    rank: int
    seat: int


@dataclass(frozen=True, slots=True)
class RatedGame:
    """What a game counts for its ladder."""

    game_id: int
    guild_id: int
    ladder: str
    ended_at: float
    placings: tuple[Placing, ...]


@dataclass(slots=True)
class RatingRow:
    """An identity's rating on a ladder."""

    guild_id: int
    ladder: str
    identity: str
    mu: float
    sigma: float
    games: int
    wins: int
    last_at: float

    @property
    def ordinal(self) -> float:
        """The conservative rating, mu - 3 sigma (what the leaderboard sorts by)."""
        return self.mu - Z * self.sigma


@dataclass(slots=True)
class ChangeRow:
    """What one rated game changed for one identity."""

    game_id: int
    identity: str
    guild_id: int
    ladder: str
    rank: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: float

    @property
    def before(self) -> float:
        """The conservative rating before the game."""
        return self.mu_before - Z * self.sigma_before

    @property
    def after(self) -> float:
        """The conservative rating after the game."""
        return self.mu_after - Z * self.sigma_after

    @property
    def delta(self) -> float:
        """How much the game moved the conservative rating."""
        return self.after - self.before


class Rater(Protocol):
    """The arithmetic of ratings (the service's OpenSkill model)."""

    prior: tuple[float, float]  # (mu, sigma) of an identity before its first game

    def __call__(
        self, placings: Sequence[Placing], before: Mapping[str, tuple[float, float]]
    ) -> dict[str, tuple[float, float]]:
        """New (mu, sigma) of every identity of a game's placings, from their ratings before
        it (an identity missing from `before` has none yet: it starts from `prior`)."""
        ...


LADDER_LOCK_SQL = (
    "INSERT INTO rating_ladders (guild_id, ladder) VALUES (?, ?)"
    " ON CONFLICT (guild_id, ladder) DO UPDATE SET rated = rating_ladders.rated"
    " RETURNING last_ended, last_game"
)
RESULT_SQL = (
    "INSERT INTO rating_results (game_id, guild_id, ladder, ended_at, placings)"
    " VALUES (?, ?, ?, ?, ?)"
)
CHANGE_SQL = (
    "INSERT INTO rating_changes (game_id, identity, guild_id, ladder, rank, mu_before,"
    " sigma_before, mu_after, sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
RATING_SQL = (
    "INSERT INTO ratings (guild_id, ladder, identity, mu, sigma, ordinal, games, wins, last_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, ladder, identity) DO UPDATE"
    " SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
    " games = excluded.games, wins = excluded.wins, last_at = excluded.last_at"
)
CHANGES_SQL = "SELECT * FROM rating_changes WHERE game_id = ? ORDER BY rank, identity"


def rating_row(r: Row) -> RatingRow:
    """A rating from a row of `ratings`."""
    return RatingRow(
        guild_id=int(r["guild_id"]),
        ladder=r["ladder"],
        identity=r["identity"],
        mu=float(r["mu"]),
        sigma=float(r["sigma"]),
        games=int(r["games"]),
        wins=int(r["wins"]),
        last_at=float(r["last_at"]),
    )


def change_row(r: Row) -> ChangeRow:
    """A change from a row of `rating_changes`."""
    return ChangeRow(
        game_id=int(r["game_id"]),
        identity=r["identity"],
        guild_id=int(r["guild_id"]),
        ladder=r["ladder"],
        rank=int(r["rank"]),
        mu_before=float(r["mu_before"]),
        sigma_before=float(r["sigma_before"]),
        mu_after=float(r["mu_after"]),
        sigma_after=float(r["sigma_after"]),
        at=float(r["at"]),
    )


def rated_game(r: Row) -> RatedGame:
    """A stored result from a row of `rating_results`."""
    return RatedGame(
        game_id=int(r["game_id"]),
        guild_id=int(r["guild_id"]),
        ladder=r["ladder"],
        ended_at=float(r["ended_at"]),
        placings=tuple(
            Placing(str(p["identity"]), int(p["rank"]), int(p["seat"]))
            for p in loads(r["placings"])
        ),
    )


class _Ladder:
    """One ladder's ratings in memory while a game (or a whole replay) is rated."""

    def __init__(self, guild_id: int, ladder: str, rows: Mapping[str, RatingRow]) -> None:
        self.guild_id = guild_id
        self.ladder = ladder
        self.rows = dict(rows)
        self.changes: list[ChangeRow] = []
        self.touched: set[str] = set()

    def rate(self, game: RatedGame, rater: Rater) -> list[ChangeRow]:
        """Apply one game: its changes, and every rating it touched updated."""
        before = {
            p.identity: (row.mu, row.sigma)
            for p in game.placings
            if (row := self.rows.get(p.identity)) is not None
        }
        after = rater(game.placings, before)
        best: dict[str, int] = {}
        for p in game.placings:
            best[p.identity] = min(best.get(p.identity, p.rank), p.rank)
        out = []
        for identity, rank in best.items():
            mu, sigma = after[identity]
            old = self.rows.get(identity)
            mu0, sigma0 = before.get(identity, rater.prior)
            self.rows[identity] = RatingRow(
                self.guild_id,
                self.ladder,
                identity,
                mu,
                sigma,
                (old.games if old else 0) + 1,
                (old.wins if old else 0) + (1 if rank == 1 else 0),
                game.ended_at,
            )
            out.append(
                ChangeRow(
                    game.game_id,
                    identity,
                    self.guild_id,
                    self.ladder,
                    rank,
                    mu0,
                    sigma0,
                    mu,
                    sigma,
                    game.ended_at,
                )
            )
            self.touched.add(identity)
        self.changes.extend(out)
        return out

    def rating_values(self) -> list[tuple[Any, ...]]:
        """Arguments of RATING_SQL for every rating touched."""
        return [
            (r.guild_id, r.ladder, r.identity, r.mu, r.sigma, r.ordinal, r.games, r.wins, r.last_at)
            for r in (self.rows[i] for i in sorted(self.touched))
        ]

    def change_values(self) -> list[tuple[Any, ...]]:
        """Arguments of CHANGE_SQL for every change made."""
        return [
            (
                c.game_id,
                c.identity,
                c.guild_id,
                c.ladder,
                c.rank,
                c.mu_before,
                c.sigma_before,
                c.mu_after,
                c.sigma_after,
                c.at,
            )
            for c in self.changes
        ]


async def _ratings_in(
    c: Conn, guild_id: int, ladder: str, identities: Sequence[str]
) -> dict[str, RatingRow]:
    sql = (
        "SELECT * FROM ratings WHERE guild_id = ? AND ladder = ?"
        f" AND identity IN {marks(identities)}"
    )
    return {
        r.identity: r for r in map(rating_row, await c.fetch(sql, guild_id, ladder, *identities))
    }


RESULTS_SQL = (
    "SELECT * FROM rating_results WHERE guild_id = ? AND ladder = ? ORDER BY ended_at, game_id"
)


def _rated(results: Sequence[RatedGame]) -> list[RatedGame]:
    """The results that rate someone (a game of one rated seat rates nobody)."""
    return [g for g in results if len(g.placings) > 1]


def _replayed(guild_id: int, ladder: str, results: Sequence[RatedGame], rater: Rater) -> _Ladder:
    """A ladder rated from nothing over its results, in order (pure: runs in a thread)."""
    board = _Ladder(guild_id, ladder, {})
    for game in _rated(results):
        board.rate(game, rater)
    return board


async def _write_ladder(
    c: Conn, guild_id: int, ladder: str, board: _Ladder, results: Sequence[RatedGame]
) -> None:
    """Replace a ladder's ratings and changes with a replay's (its ladder row held)."""
    await c.execute("DELETE FROM ratings WHERE guild_id = ? AND ladder = ?", guild_id, ladder)
    await c.execute(
        "DELETE FROM rating_changes WHERE guild_id = ? AND ladder = ?", guild_id, ladder
    )
    if board.touched:
        await c.executemany(RATING_SQL, board.rating_values())
    if board.changes:
        await c.executemany(CHANGE_SQL, board.change_values())
    last = results[-1] if results else None
    await c.execute(
        "UPDATE rating_ladders SET rated = ?, last_ended = ?, last_game = ?"
        " WHERE guild_id = ? AND ladder = ?",
        len(_rated(results)),
        last.ended_at if last else 0.0,
        last.game_id if last else 0,
        guild_id,
        ladder,
    )


async def _rate_late(c: Conn, game: RatedGame, rater: Rater) -> None:
    """Rate a game that ended before the ladder's last rated one (its result stored, its
    ladder row held): the ratings are taken back to where they stood before the first game
    that ended after it (each one's rating before its first such game, read from that game's
    changes), then this game and those after it are rated again, in order. Only the games
    after it are read and written again, usually few."""
    after = [
        g
        for g in map(
            rated_game,
            await c.fetch(
                "SELECT * FROM rating_results WHERE guild_id = ? AND ladder = ?"
                " AND (ended_at > ? OR (ended_at = ? AND game_id > ?))"
                " ORDER BY ended_at, game_id",
                game.guild_id,
                game.ladder,
                game.ended_at,
                game.ended_at,
                game.game_id,
            ),
        )
        if len(g.placings) > 1
    ]
    order = {g.game_id: n for n, g in enumerate(after)}
    undone = sorted(
        map(
            change_row,
            await c.fetch(f"SELECT * FROM rating_changes WHERE game_id IN {marks(order)}", *order),
        ),
        key=lambda ch: order[ch.game_id],
    )
    identities = sorted({ch.identity for ch in undone} | {p.identity for p in game.placings})
    rows = await _ratings_in(c, game.guild_id, game.ladder, identities)
    rewound: set[str] = set()
    for change in undone:
        row = rows[change.identity]
        if change.identity not in rewound:
            rewound.add(change.identity)
            row.mu, row.sigma = change.mu_before, change.sigma_before
        row.games -= 1
        row.wins -= 1 if change.rank == 1 else 0
    for identity in rewound:
        if rows[identity].games == 0:
            del rows[identity]  # rated only after this game: it was not rated yet
    await c.execute(f"DELETE FROM rating_changes WHERE game_id IN {marks(order)}", *order)
    board = _Ladder(game.guild_id, game.ladder, rows)
    board.rate(game, rater)
    for later in after:
        board.rate(later, rater)
    await c.executemany(RATING_SQL, board.rating_values())
    await c.executemany(CHANGE_SQL, board.change_values())
    await c.execute(
        "UPDATE rating_ladders SET rated = rated + 1 WHERE guild_id = ? AND ladder = ?",
        game.guild_id,
        game.ladder,
    )


def _placings_json(game: RatedGame) -> str:
    return dumps([{"identity": p.identity, "rank": p.rank, "seat": p.seat} for p in game.placings])


class Ratings:
    """The ratings of a store: `Ratings(store)`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ rating

    async def record(self, game: RatedGame, rater: Rater) -> list[ChangeRow]:
        """Store a game's result and rate it (once: a game already stored returns its
        changes); a game that ended before the ladder's last rated one replays the ladder.
        A result with fewer than two placings is stored (so it is not looked at again) and
        rates nothing."""
        placings = _placings_json(game)
        identities = sorted({p.identity for p in game.placings})

        async def steps(c: Conn) -> list[ChangeRow]:
            last = await c.fetchrow(LADDER_LOCK_SQL, game.guild_id, game.ladder)
            assert last is not None
            found = await c.fetchval(
                "SELECT game_id FROM rating_results WHERE game_id = ?", game.game_id
            )
            if found is None:
                await c.execute(
                    RESULT_SQL, game.game_id, game.guild_id, game.ladder, game.ended_at, placings
                )
                if len(game.placings) < 2:
                    return []
                if (game.ended_at, game.game_id) <= (
                    float(last["last_ended"]),
                    int(last["last_game"]),
                ):
                    await _rate_late(c, game, rater)
                else:
                    board = _Ladder(
                        game.guild_id,
                        game.ladder,
                        await _ratings_in(c, game.guild_id, game.ladder, identities),
                    )
                    board.rate(game, rater)
                    await c.executemany(RATING_SQL, board.rating_values())
                    await c.executemany(CHANGE_SQL, board.change_values())
                    await c.execute(
                        "UPDATE rating_ladders SET rated = rated + 1, last_ended = ?,"
                        " last_game = ? WHERE guild_id = ? AND ladder = ?",
                        game.ended_at,
                        game.game_id,
                        game.guild_id,
                        game.ladder,
                    )
                    return board.changes
            return [change_row(r) for r in await c.fetch(CHANGES_SQL, game.game_id)]

        return await self.store.backend.write(steps)

    async def replay(self, guild_id: int, rater: Rater) -> int:
        """Rate every ladder of a server again from its stored results, in the order the
        games ended; returns the number of rated games. Each ladder is read, computed off the
        event loop (in a thread), then written in one short transaction, which first checks
        that no game was rated meanwhile (else it starts that ladder again)."""
        sql = "SELECT DISTINCT ladder FROM rating_results WHERE guild_id = ? ORDER BY ladder"
        rows = await self.store.backend.read(lambda c: c.fetch(sql, guild_id), single=True)
        total = 0
        for ladder in (str(r["ladder"]) for r in rows):
            total += await self._replay_ladder(guild_id, ladder, rater)
        return total

    async def _replay_ladder(self, guild_id: int, ladder: str, rater: Rater) -> int:
        while True:
            results = [
                rated_game(r)
                for r in await self.store.backend.read(
                    lambda c: c.fetch(RESULTS_SQL, guild_id, ladder), single=True
                )
            ]
            board = await asyncio.to_thread(_replayed, guild_id, ladder, results, rater)

            async def steps(
                c: Conn, board: _Ladder = board, results: list[RatedGame] = results
            ) -> bool:
                await c.fetchrow(LADDER_LOCK_SQL, guild_id, ladder)
                count = await c.fetchval(
                    "SELECT COUNT(*) FROM rating_results WHERE guild_id = ? AND ladder = ?",
                    guild_id,
                    ladder,
                )
                if int(count) != len(results):
                    return False  # a game was rated meanwhile: read the ladder again
                await _write_ladder(c, guild_id, ladder, board, results)
                return True

            if await self.store.backend.write(steps):
                return len(_rated(results))

    async def store_result(self, game: RatedGame) -> None:
        """Store a game's result without rating it (a replay rates it), unless it has one."""
        sql = RESULT_SQL + " ON CONFLICT (game_id) DO NOTHING"
        args = (game.game_id, game.guild_id, game.ladder, game.ended_at, _placings_json(game))
        await self.store.backend.write(lambda c: c.execute(sql, *args), single=True)

    async def unrated(self, guild_id: int) -> list[int]:
        """Ids of the server's finished games that have no stored result (ended before
        ratings existed, or their rating failed), in the order they ended."""
        sql = (
            "SELECT id FROM games WHERE guild_id = ? AND status = 'over' AND id NOT IN"
            " (SELECT game_id FROM rating_results WHERE guild_id = ?) ORDER BY ended_at, id"
        )
        rows = await self.store.backend.read(
            lambda c: c.fetch(sql, guild_id, guild_id), single=True
        )
        return [int(r["id"]) for r in rows]

    async def result(self, game_id: int) -> RatedGame | None:
        """A game's stored result, if it has one."""
        sql = "SELECT * FROM rating_results WHERE game_id = ?"
        row = await self.store.backend.read(lambda c: c.fetchrow(sql, game_id), single=True)
        return rated_game(row) if row is not None else None

    # ------------------------------------------------------------------ reading

    async def changes(self, game_id: int) -> list[ChangeRow]:
        """A rated game's changes, best rank first."""
        rows = await self.store.backend.read(lambda c: c.fetch(CHANGES_SQL, game_id), single=True)
        return [change_row(r) for r in rows]

    async def ladders(self, guild_id: int) -> list[tuple[str, int]]:
        """(ladder, rated games) of a server, the most played first."""
        sql = (
            "SELECT ladder, rated FROM rating_ladders WHERE guild_id = ? AND rated > 0"
            " ORDER BY rated DESC, ladder"
        )
        rows = await self.store.backend.read(lambda c: c.fetch(sql, guild_id), single=True)
        return [(str(r["ladder"]), int(r["rated"])) for r in rows]

    async def board(
        self, guild_id: int, ladder: str, *, limit: int, offset: int = 0
    ) -> tuple[int, list[RatingRow]]:
        """(how many are rated, one page of them by conservative rating, best first)."""
        page_sql = (
            "SELECT * FROM ratings WHERE guild_id = ? AND ladder = ?"
            " ORDER BY ordinal DESC, games DESC, identity LIMIT ? OFFSET ?"
        )
        count_sql = "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND ladder = ?"

        async def steps(c: Conn) -> tuple[int, list[RatingRow]]:
            count = int(await c.fetchval(count_sql, guild_id, ladder))
            rows = await c.fetch(page_sql, guild_id, ladder, limit, offset)
            return count, [rating_row(r) for r in rows]

        return await self.store.backend.read(steps)

    async def position(self, guild_id: int, ladder: str, identity: str) -> int | None:
        """An identity's place on its ladder (1 is the best), None when it has no rating."""
        sql = (
            "SELECT 1 + (SELECT COUNT(*) FROM ratings AS o WHERE o.guild_id = r.guild_id"
            " AND o.ladder = r.ladder AND (o.ordinal > r.ordinal OR (o.ordinal = r.ordinal"
            " AND (o.games > r.games OR (o.games = r.games AND o.identity < r.identity)))))"
            " FROM ratings AS r WHERE r.guild_id = ? AND r.ladder = ? AND r.identity = ?"
        )
        value = await self.store.backend.read(
            lambda c: c.fetchval(sql, guild_id, ladder, identity), single=True
        )
        return None if value is None else int(value)

    async def of(self, identity: str, guild_id: int | None = None) -> list[RatingRow]:
        """An identity's ratings (on one server, or on every one), the most played first."""
        where, args = ("", ()) if guild_id is None else (" AND guild_id = ?", (guild_id,))
        sql = f"SELECT * FROM ratings WHERE identity = ?{where} ORDER BY games DESC, ladder"
        rows = await self.store.backend.read(lambda c: c.fetch(sql, identity, *args), single=True)
        return [rating_row(r) for r in rows]

    async def history(
        self, identity: str, guild_id: int, ladder: str, *, limit: int
    ) -> list[ChangeRow]:
        """An identity's last rated games on a ladder, newest first."""
        sql = (
            "SELECT * FROM rating_changes WHERE identity = ? AND guild_id = ? AND ladder = ?"
            " ORDER BY at DESC, game_id DESC LIMIT ?"
        )
        rows = await self.store.backend.read(
            lambda c: c.fetch(sql, identity, guild_id, ladder, limit), single=True
        )
        return [change_row(r) for r in rows]

    async def decide_times(
        self, user_id: int, guild_id: int | None = None, *, limit: int = 1000
    ) -> list[float]:
        """Seconds a person took to decide, in their last `limit` turns of ended games (on
        one server, or on every one): from the action of another seat that handed them the
        decision to their own first action after it."""
        where, args = ("", ()) if guild_id is None else (" AND g.guild_id = ?", (guild_id,))
        sql = (
            "SELECT a.at - b.at AS waited FROM actions AS a"
            " JOIN actions AS b ON b.game_id = a.game_id AND b.seq = a.seq - 1"
            " JOIN games AS g ON g.id = a.game_id"
            " WHERE a.game_id IN (SELECT game_id FROM players WHERE user_id = ?)"
            " AND a.actor_id = ? AND a.origin = 'player' AND b.seat <> a.seat"
            f" AND g.status IN ('over', 'abandoned'){where}"
            " ORDER BY a.at DESC LIMIT ?"
        )
        rows = await self.store.backend.read(
            lambda c: c.fetch(sql, user_id, user_id, *args, limit), single=True
        )
        return [max(0.0, float(r["waited"])) for r in rows]

    async def games_of(
        self, user_id: int, statuses: Sequence[str], guild_id: int | None = None
    ) -> list[GameRow]:
        """The games (with their players) a person is in, with one of these statuses (on
        one server, or on every one), newest first."""
        wanted = list(statuses)
        where, args = ("", ()) if guild_id is None else (" AND g.guild_id = ?", (guild_id,))
        sql = (
            f"{self.store.backend.dialect.games} WHERE g.status IN {marks(wanted)}{where}"
            " AND g.id IN (SELECT game_id FROM players WHERE user_id = ?) ORDER BY g.id DESC"
        )
        rows = await self.store.backend.read(
            lambda c: c.fetch(sql, *wanted, *args, user_id), single=True
        )
        return [game_row(r) for r in rows]
