"""Ratings benchmark: the cost of rating a finished game, and of a leaderboard, on one server
with 10,000 rated games.

    python -m bench.ratings [--games 10000] [--people 300] [--queries 300] [--database URL]
                            [--sqlite-only]

Fills a fresh database (SQLite in a temporary folder, then PostgreSQL on a throwaway server
when its binaries are installed; or only the empty --database given) with finished games of 2
to 6 seats drawn from `--people` people and the AI, rates each as the bot does when a game ends
(`Ratings.record`: one transaction that reads the seats' ratings, runs OpenSkill and writes the
ratings and the game's changes), then asks for leaderboards as `/standing leaderboard` does (a
page of 20, the count, the asker's place when off the page, the text). Prints and writes
bench/results/ratings.json: the rating update's p50/p95/p99 over the last 1,000 games (the
ladder already holding 9,000 and more), the leaderboard's at 10,000 rated games, the admins'
recomputation of all of them, and a game rated after 5 games that ended after it.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import percentile, write_results
from bot.interactions.standing import leaderboard_text
from bot.service.ratings import RATER
from bot.store import Placing, RatedGame, Ratings, Store

GUILD = 42
LADDER = "rattus"
TAIL = 1000  # rating updates measured: the last ones, on a full ladder


def figures_of(values: list[float]) -> dict[str, float]:
    """p50/p95/p99 and the mean, in milliseconds."""
    ms = [v * 1000 for v in values]
    return {
        "p50_ms": round(percentile(ms, 50), 3),
        "p95_ms": round(percentile(ms, 95), 3),
        "p99_ms": round(percentile(ms, 99), 3),
        "mean_ms": round(sum(ms) / max(1, len(ms)), 3),
        "samples": len(ms),
    }


async def make_games(store: Store, count: int) -> list[int]:
    """Ids of `count` finished games of the benchmark's server (one statement each batch)."""
    rows = [
        (GUILD, 1_000_000 + n, LADDER, "{}", "{}", "over", 1, n, 0, float(n), float(n), float(n))
        for n in range(count)
    ]
    sql = (
        "INSERT INTO games (guild_id, channel_id, game, options, settings, status, creator_id,"
        " seed, seq, created_at, updated_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    for start in range(0, count, 1000):
        chunk = rows[start : start + 1000]
        await store.backend.write(lambda c, chunk=chunk: c.executemany(sql, chunk))  # type: ignore[misc]
    found = await store.backend.read(
        lambda c: c.fetch("SELECT id FROM games WHERE guild_id = ? ORDER BY id", GUILD)
    )
    return [int(r["id"]) for r in found]


def a_result(game_id: int, at: float, rnd: random.Random, people: int) -> RatedGame:
    """A finished game of 2 to 6 seats: people (sometimes the AI) and a ranking with ties."""
    seats = rnd.randint(2, 6)
    who = [f"u:{n}" for n in rnd.sample(range(1, people + 1), seats)]
    if rnd.random() < 0.2:
        who[-1] = "ai:strong"
    ranks = sorted(rnd.randint(1, seats) for _ in range(seats))
    rnd.shuffle(who)
    return RatedGame(
        game_id,
        GUILD,
        LADDER,
        at,
        tuple(Placing(i, r, s) for s, (i, r) in enumerate(zip(who, ranks, strict=True))),
    )


async def run(games: int, people: int, queries: int, url: str) -> dict[str, Any]:
    """Fill, rate, query; the figures."""
    store = Store(url)
    await store.open()
    try:
        table = Ratings(store)
        rnd = random.Random(30)
        ids = await make_games(store, games + 1)
        late_id = ids.pop()
        updates: list[float] = []
        began = time.perf_counter()
        for n, game_id in enumerate(ids):
            game = a_result(game_id, 1000.0 + n, rnd, people)
            t0 = time.perf_counter()
            await table.record(game, RATER)
            updates.append(time.perf_counter() - t0)
        filled = time.perf_counter() - began
        for lang in ("en", "fr"):  # the catalogues load once (the bot loads them at start)
            await leaderboard_text(table, GUILD, LADDER, 1, lang)
        boards: list[float] = []
        for q in range(queries):
            asker = rnd.randint(1, people)
            t0 = time.perf_counter()
            text = await leaderboard_text(
                table, GUILD, LADDER, 1 + q % 3, "en" if q % 2 else "fr", asker=asker
            )
            boards.append(time.perf_counter() - t0)
            assert "🏆" in text
        t0 = time.perf_counter()
        rated = await table.replay(GUILD, RATER)
        replay = time.perf_counter() - t0
        t0 = time.perf_counter()
        # A game rated after 5 games that ended after it (a crash between its end and its
        # rating): those 5 are rated again after it.
        await table.record(a_result(late_id, 1000.0 + len(ids) - 5.5, rnd, people), RATER)
        late = time.perf_counter() - t0
        count, _ = await table.board(GUILD, LADDER, limit=1)
        return {
            "backend": "sqlite" if "sqlite" in url else "postgres",
            "games_rated": rated,
            "people_rated": count,
            "rating_update": figures_of(updates[-TAIL:]),
            "rating_update_all": figures_of(updates),
            "fill_seconds": round(filled, 2),
            "leaderboard_at_full": figures_of(boards),
            "recompute_seconds": round(replay, 3),
            "late_game_seconds": round(late, 3),
        }
    finally:
        await store.close()


async def run_all(args: argparse.Namespace) -> dict[str, Any]:
    """SQLite, then PostgreSQL (a throwaway server, as tests/store/pg.py starts for the tests)
    unless --sqlite-only or no server binaries; or only the --database given."""
    out: dict[str, Any] = {}
    if args.database:
        out["given"] = await run(args.games, args.people, args.queries, args.database)
        return out
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'ratings.db'}"
        out["sqlite"] = await run(args.games, args.people, args.queries, url)
    if args.sqlite_only:
        return out
    from tests.store.pg import PostgresServer, find_bindir

    bindir = find_bindir()
    if bindir is None:
        print("postgres: skipped, no PostgreSQL server binaries (initdb)")
        return out
    server = PostgresServer(bindir)
    server.start()
    try:
        async with server.database() as url:
            out["postgres"] = await run(args.games, args.people, args.queries, url)
    finally:
        server.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.ratings", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--database", default=None, help="an empty database of your own")
    parser.add_argument("--sqlite-only", action="store_true", help="no PostgreSQL run")
    args = parser.parse_args(argv)
    runs = asyncio.run(run_all(args))
    for name, figures in runs.items():
        up, board = figures["rating_update"], figures["leaderboard_at_full"]
        print(
            f"{name}: {figures['games_rated']} games rated on one server"
            f" ({figures['people_rated']} rated)\n"
            f"  rating update (last {up['samples']}): p50 {up['p50_ms']} ms,"
            f" p95 {up['p95_ms']} ms, p99 {up['p99_ms']} ms\n"
            f"  leaderboard at {figures['games_rated']} games: p50 {board['p50_ms']} ms,"
            f" p95 {board['p95_ms']} ms, p99 {board['p99_ms']} ms\n"
            f"  recompute of every game: {figures['recompute_seconds']} s;"
            f" a game rated after 5 later ones: {figures['late_game_seconds']} s"
        )
    goal = "reported (issue 30): rating update p95, leaderboard p95 at 10,000 games"
    print(f"written to {write_results('ratings', {'goal': goal, **runs})}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
