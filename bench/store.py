"""Store benchmark: the CPU an action's own store work costs on SQLite, quick operations on the
event loop against everything handed to SQLite's thread.

    python -m bench.store [--games 200] [--rounds 6] [--repeat 3]

Per action, what the bot does with the store (bot.service, bot.feed, bot.publisher): read the
game's row, append the action (its post, a snapshot every 8 actions), read the posts waiting
with what showing them needs, read the story since a seat's last action, mark the posts shown.
`--games` games do it at once (asyncio.gather), `--rounds` times each, on a fresh SQLite file;
the figure is the process's CPU time (both threads) per action. "quick" is the backend as it
runs (those operations on the loop, bot/store/sqlite.py); "thread" hands every operation to
SQLite's thread, as before. Each mode runs `--repeat` times, alternating; the median is kept.
The figures go to bench/results/store.json.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import write_results
from bot.store import Post, Store
from bot.store.backend import Steps
from bot.store.sqlite import SqliteBackend

ACTION: dict[str, Any] = dict(
    seat=0,
    actor_id=5,
    origin="player",
    events=[{"type": "cubes_placed", "seat": 0, "region": "paris", "count": 2}] * 6,
    state=lambda: {"regions": [{"cubes": [1, 2, 0, 1], "tokens": 2}] * 30},
    over=False,
)


class Threaded(SqliteBackend):
    """The SQLite backend with every operation on SQLite's thread (quick ignored)."""

    async def read(self, steps: Steps[Any], *, single: bool = False, quick: bool = False) -> Any:
        return await super().read(steps, single=single)

    async def write(self, steps: Steps[Any], *, single: bool = False, quick: bool = False) -> Any:
        return await super().write(steps, single=single)


async def one_run(mode: str, folder: Path, games: int, rounds: int) -> float:
    """CPU microseconds per action of `games` games acting `rounds` times at once."""
    url = f"sqlite:///{folder / mode}.db"
    store = Store(url)
    if mode == "thread":
        store.backend = Threaded(url)
    await store.open()
    try:
        ids = []
        for g in range(games):
            game_id = await store.create_game(
                guild_id=1,
                channel_id=1000 + g,
                game="rattus",
                options={},
                settings={},
                creator_id=5,
                seed=g,
            )
            await store.add_player(game_id, user_id=5, name="Ana")
            await store.add_player(game_id, user_id=6, name="Ben")
            await store.start_game(game_id, {0: 0, 1: 1}, {"v": 1})
            ids.append(game_id)

        async def act(game_id: int) -> None:
            game = await store.get_game(game_id)
            seq = game.seq + 1
            post = Post("turn", {"seq": seq})
            await store.append(game_id, expected_seq=game.seq, action="a", post=post, **ACTION)
            pending = await store.outbox.pending(game_id)
            await store.actions_since(game_id, 1)
            await store.outbox.posted(game_id, [p.id for p in pending.posts])

        started = time.process_time()
        for _ in range(rounds):
            await asyncio.gather(*(act(game_id) for game_id in ids))
        return (time.process_time() - started) / (games * rounds) * 1e6
    finally:
        await store.close()


async def measure(games: int, rounds: int, repeat: int) -> dict[str, Any]:
    runs: dict[str, list[float]] = {"quick": [], "thread": []}
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(repeat):
            for mode in ("thread", "quick"):
                folder = Path(tmp) / f"{n}"
                folder.mkdir(exist_ok=True)
                runs[mode].append(await one_run(mode, folder, games, rounds))
    quick, thread = statistics.median(runs["quick"]), statistics.median(runs["thread"])
    return {
        "games": games,
        "rounds": rounds,
        "store_cpu_us_per_action_quick": round(quick),
        "store_cpu_us_per_action_thread": round(thread),
        "saved_us_per_action": round(thread - quick),
        "runs": {mode: [round(x) for x in values] for mode, values in runs.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    figures = asyncio.run(measure(args.games, args.rounds, args.repeat))
    for key, value in figures.items():
        print(f"{key:>32}: {value}")
    path = write_results("store", figures)
    print(f"written to {path}")


if __name__ == "__main__":
    main()
