"""Scale benchmark: the bot as 1, 2 and 4 processes on PostgreSQL, and 1 on SQLite.

    python -m bench.scale [--games 1000] [--seconds 40] [--think 15 30] [--quick]
                          [--configs pg1 pg2 pg4 sqlite1] [--core-share 0.35 --active 24]

Like bench.bot (whose players, boards and /proc readings it reuses), this process runs the
Discord double and the players; the bot runs as it would in production, here through
`python -m bot --processes N --shard-count 4` (one process: `SHARD_COUNT=4` alone, every shard
in it; SQLite: unsharded). The games are spread over four servers, one on each shard. PostgreSQL
is a real server started in a temporary folder (as tests/store/pg.py does for the tests).

Players act after a think time short enough that the bot saturates (the default: each of the
1 000 games every 15 to 30 s, ~45 actions/s asked, about twice what the bots take here; asked
far more, every configuration mostly drops clicks it is too late for, and the double with its
players takes the machine). Each configuration runs in a fresh process. Discord's rate
limits are off in the double: they cap calls per bot token, not CPU, and this measures how the
work spreads over processes. Measured for each configuration:

- actions per second (player actions whose new board was seen) and click -> board p50/p95;
- the scaling ratio: actions/s of 2 (and 4) processes over 1, on PostgreSQL (goal on a
  2-core machine: 2 processes >= 1.7 x 1);
- memory per game: the bot processes' resident memory (with their render workers) after the
  games were set up and played, less what they used when they had just connected, per game.

This machine has 2 cores, and the double with its players takes a good share of one: read the
ratio with that in mind (the figures include `cpu_count`, and `load_before`). Whole, one bot
process with its render worker already uses more than a core, so a second process has no core
of its own to scale into. `--core-share F` measures the ratio the goal asks about: each bot
process (with its render worker) gets F of a core, enforced by the kernel in a CPU cgroup of
its own, so 2 processes have twice the CPU of 1 and the harness runs on what is left
(`bot_cores_used` and `throttled_seconds` show the budgets were the limit). Saturating both
configurations with open-ended demand pushes the smaller one far past Discord's 3 s, where it
measures overload rather than capacity; `--active N` plays only N of the games set up (short
think time), so that each configuration is busy all the time with a bounded number of clicks
in flight:

    python -m bench.scale --configs pg1 pg2 --core-share 0.35 --active 24 --think 0.2 0.6
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.bot import ROOT, Boards, cpu_seconds, family, player_loop, proc_status, setup_game
from bench.common import percentile, write_results
from discord_double import DiscordDouble
from discord_double.player import Table

THINK = (15.0, 30.0)  # seconds a player thinks, by default

SHARDS = 4
CONFIGS = {
    # name: (processes, backend)
    "pg1": (1, "postgres"),
    "pg2": (2, "postgres"),
    "pg4": (4, "postgres"),
    "sqlite1": (1, "sqlite"),
}


class CoreShares:
    """Each bot process, with its render workers, in a CPU cgroup of its own, limited to
    `share` of one core: N processes then have N "cores" of that size, whatever else the
    machine runs (here the double and its players, and PostgreSQL, which stay unlimited).

    This is how the scaling ratio is measured on a machine that has no spare cores for the
    harness: what is asked is whether a second process with a core of its own doubles the
    throughput, and a budget per process answers it without the harness competing for the
    same two cores. cgroup v1 (`cpu.cfs_quota_us`) or v2 (`cpu.max`); the kernel enforces it."""

    PERIOD_US = 100_000

    def __init__(self, share: float) -> None:
        self.share = share
        self.made: list[Path] = []
        v1 = Path("/sys/fs/cgroup/cpu")
        v2 = Path("/sys/fs/cgroup")
        if (v1 / "cpu.cfs_quota_us").exists():
            self.root, self.v2 = v1, False
        elif "cpu" in (v2 / "cgroup.subtree_control").read_text(errors="ignore").split():
            self.root, self.v2 = v2, True
        else:
            raise RuntimeError("no writable cgroup CPU controller (cpu) on this machine")

    def place(self, index: int, pid: int) -> None:
        """Put `pid` and its descendants (its render worker) under budget `index`."""
        group = self.root / f"rattus-bench-{os.getpid()}-{index}"
        if group not in self.made:
            group.mkdir()
            self.made.append(group)
            quota = int(self.share * self.PERIOD_US)
            if self.v2:
                (group / "cpu.max").write_text(f"{quota} {self.PERIOD_US}")
            else:
                (group / "cpu.cfs_period_us").write_text(str(self.PERIOD_US))
                (group / "cpu.cfs_quota_us").write_text(str(quota))
        for member in family(pid):  # later children (a restarted worker) inherit the group
            with contextlib.suppress(OSError):
                (group / "cgroup.procs").write_text(str(member))

    def throttled_seconds(self) -> float:
        """Time the budgets held their processes back (0 when a budget was never reached)."""
        total = 0.0
        for group in self.made:
            with contextlib.suppress(OSError):
                for line in (group / "cpu.stat").read_text().splitlines():
                    key, _, value = line.partition(" ")
                    if key == "throttled_time":  # v1, ns
                        total += int(value) / 1e9
                    elif key == "throttled_usec":  # v2
                        total += int(value) / 1e6
        return total

    def close(self) -> None:
        """Remove the groups, once their processes (render workers too) have exited."""
        deadline = time.monotonic() + 15
        for group in self.made:
            while time.monotonic() < deadline:
                with contextlib.suppress(OSError):
                    if not (group / "cgroup.procs").read_text().strip():
                        break
                time.sleep(0.1)
            with contextlib.suppress(OSError):
                group.rmdir()


def rss_mb(pid: int) -> float:
    """Resident memory now of a process and its descendants, in MB."""
    return sum(int(proc_status(p).get("VmRSS", "0 kB").split()[0]) for p in family(pid)) / 1024


def bot_pids(root: int) -> list[int]:
    """The bot processes under the supervisor (or the bot itself), render workers excluded
    from the list (they are counted in each bot's family)."""
    children = family(root)
    direct = [
        p for p in children if p != root and proc_status(p).get("PPid") == str(root) and _is_bot(p)
    ]
    return direct or [root]


def _is_bot(pid: int) -> bool:
    with contextlib.suppress(OSError), open(f"/proc/{pid}/cmdline", "rb") as f:
        return b"-m\x00bot" in f.read()
    return False


async def run_config(
    name: str,
    database: str,
    games: int,
    seconds: float,
    think: tuple[float, float],
    tmp: Path,
    share: float | None = None,
    active: int | None = None,
) -> dict[str, Any]:
    """One configuration: start the bot, set the games up, play for `seconds`, measure.
    `share`: each bot process gets that share of one core (see CoreShares); `active`: only
    that many of the games are played during the window (the others wait, set up)."""
    processes, _ = CONFIGS[name]
    shares = CoreShares(share) if share else None
    async with DiscordDouble(default_timeout=300, shards=SHARDS, max_concurrency=SHARDS) as d:
        d.configure_rate_limits(False)
        guilds = [d.add_guild(f"Bench {i}", shard=(i, SHARDS)) for i in range(SHARDS)]
        tables = []
        for i in range(games):
            channel = d.add_channel(guilds[i % SHARDS], f"game-{i}")
            a, b = d.add_user(f"a{i}"), d.add_user(f"b{i}")
            tables.append((Table(d, channel, [a, b]), a, b))
        boards = Boards()
        d.observers.append(boards)
        env = {
            **{k: v for k, v in os.environ.items() if k not in ("SHARD_COUNT", "SHARD_IDS")},
            "DISCORD_TOKEN": "bench-token",
            "DATABASE_URL": database,
            "DISCORD_API_BASE": d.api_base,
            "DISCORD_GATEWAY_URL": d.gateway_url,
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
        }
        command = [sys.executable, "-m", "bot"]
        if name.startswith("pg"):
            command += ["--processes", str(processes), "--shard-count", str(SHARDS)]
            command += ["--stagger", "0"]
            if processes == 1:
                env["SHARD_COUNT"] = str(SHARDS)
        bot = subprocess.Popen(command, cwd=tmp, env=env)
        try:
            if name.startswith("pg"):
                await d.wait_for_ready(shards=range(SHARDS), shard_count=SHARDS)
            else:
                await d.wait_for_ready()
            pids = await _settled_pids(bot.pid, processes)
            rss_ready = sum(rss_mb(p) for p in pids)
            started = time.monotonic()
            sem = asyncio.Semaphore(20)

            async def setup(entry: tuple[Table, Any, Any]) -> None:
                async with sem:
                    await setup_game(d, *entry)

            await asyncio.gather(*(setup(e) for e in tables))
            setup_seconds = time.monotonic() - started
            if shares is not None:  # from here on: the set-up is not what is measured
                for i, pid in enumerate(pids):
                    shares.place(i, pid)
            cpu_before = sum(cpu_seconds(p) for p in pids)
            throttled_before = shares.throttled_seconds() if shares else 0.0
            defers: list[float] = []
            posted: list[float] = []
            failures: list[str] = []
            deadline = time.monotonic() + seconds
            t0 = time.monotonic()
            counts = await asyncio.gather(
                *(
                    player_loop(
                        d,
                        table,
                        boards,
                        random.Random(i),
                        think,
                        deadline,
                        defers,
                        posted,
                        failures,
                    )
                    for i, (table, _, _) in enumerate(tables[:active])
                )
            )
            elapsed = time.monotonic() - t0
            cpu = sum(cpu_seconds(p) for p in pids) - cpu_before
            throttled = (shares.throttled_seconds() if shares else 0.0) - throttled_before
            rss_end = sum(rss_mb(p) for p in pids)
        finally:
            bot.send_signal(2)  # SIGINT: the supervisor passes it on
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(bot.wait, 40)
            if bot.poll() is None:
                bot.kill()
            if shares is not None:
                shares.close()
    actions = sum(counts)
    board_ms = [x * 1000 for x in posted]
    defer_ms = [x * 1000 for x in defers]
    return {
        "processes": processes,
        "backend": CONFIGS[name][1],
        "games": games,
        "active_games": active or games,
        "seconds": round(elapsed, 1),
        "setup_seconds": round(setup_seconds, 1),
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "board_ms_p50": round(percentile(board_ms, 50), 1),
        "board_ms_p95": round(percentile(board_ms, 95), 1),
        "defer_ms_p95": round(percentile(defer_ms, 95), 1),
        "bot_cpu_per_action_ms": round(cpu / max(1, actions) * 1000, 1),
        "bot_cores_used": round(cpu / elapsed, 2),
        "core_share": share,
        "throttled_seconds": round(throttled, 1),
        "bot_rss_ready_mb": round(rss_ready, 1),
        "bot_rss_end_mb": round(rss_end, 1),
        "memory_per_game_kb": round((rss_end - rss_ready) * 1024 / games, 1),
        "failures": len(failures),
        "failure_samples": failures[:3],
    }


async def _settled_pids(root: int, processes: int) -> list[int]:
    """The bot processes once all of them run (the supervisor starts them at once here)."""
    while True:
        pids = bot_pids(root)
        if len(pids) >= processes:
            return pids
        await asyncio.sleep(0.1)


async def run(
    configs: list[str],
    games: int,
    seconds: float,
    think: tuple[float, float],
    share: float | None = None,
    active: int | None = None,
) -> dict[str, Any]:
    """Every configuration asked for, one after the other, each on a fresh database."""
    from tests.store.pg import PostgresServer, find_bindir

    results: dict[str, Any] = {}
    server: PostgresServer | None = None
    tmp = Path(tempfile.mkdtemp(prefix="rattus-scale-"))
    try:
        for name in configs:
            if CONFIGS[name][1] == "postgres":
                if server is None:
                    bindir = find_bindir()
                    if bindir is None:
                        print(f"{name}: skipped, no PostgreSQL server binaries (initdb)")
                        continue
                    server = PostgresServer(bindir)
                    server.start()
                async with server.database() as url:
                    results[name] = await run_config(
                        name, url, games, seconds, think, tmp, share, active
                    )
            else:
                url = f"sqlite:///{tmp}/{name}.db"
                results[name] = await run_config(
                    name, url, games, seconds, think, tmp, share, active
                )
            print(f"{name}: {results[name]}", flush=True)
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return results


def main() -> None:
    """Run, print and store the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--think", type=float, nargs=2, default=THINK, metavar=("MIN", "MAX"))
    parser.add_argument("--quick", action="store_true", help="100 games for 15 s each")
    parser.add_argument("--configs", nargs="+", choices=list(CONFIGS), default=list(CONFIGS))
    parser.add_argument(
        "--core-share",
        type=float,
        default=None,
        metavar="FRACTION",
        help="give each bot process (with its render worker) this share of one core, in a "
        "CPU cgroup of its own: N processes then have N equal 'cores', and the double and "
        "its players, which share this machine, do not decide the ratio (root, cgroups)",
    )
    parser.add_argument(
        "--active",
        type=int,
        default=None,
        metavar="N",
        help="play only N of the games during the window (all are set up): a bounded number "
        "of clicks in flight, so every configuration is saturated without being pushed past "
        "Discord's 3 s (use with --core-share and a short --think)",
    )
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    games = args.games or (100 if args.quick else 1000)
    seconds = args.seconds or (15.0 if args.quick else 40.0)
    think = tuple(args.think)
    if args.quick and tuple(args.think) == THINK:
        think = (0.2, 0.6)  # 100 games saturate only with quicker players
    if args.child:
        # One configuration, for the parent below: its figures as JSON in a file.
        results = asyncio.run(
            run(args.configs, games, seconds, think, args.core_share, args.active)  # type: ignore[arg-type]
        )
        Path(args.child).write_text(json.dumps(results))
        return
    load_before = os.getloadavg()[0]
    results = {}
    for name in args.configs:
        # Each configuration in a fresh process of its own: run after another one in the same
        # process, a configuration inherited its heap (a thousand games' worth of the double's
        # records) and measured up to 40 % slower.
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            command = [sys.executable, "-m", "bench.scale", "--configs", name, "--child", out.name]
            command += ["--games", str(games), "--seconds", str(seconds)]
            command += ["--think", *(str(x) for x in think)]
            if args.core_share:
                command += ["--core-share", str(args.core_share)]
            if args.active:
                command += ["--active", str(args.active)]
            subprocess.run(command, check=True, cwd=ROOT)
            results.update(json.loads(Path(out.name).read_text() or "{}"))
    figures: dict[str, Any] = {
        "games": games,
        "seconds_each": seconds,
        "think_seconds": list(think),
        "cpu_count": os.cpu_count(),
        "load_before": round(load_before, 2),
        "core_share": args.core_share,
        "active_games": args.active or games,
        "configs": results,
    }
    one = results.get("pg1", {}).get("actions_per_second")
    for n in (2, 4):
        more = results.get(f"pg{n}", {}).get("actions_per_second")
        if one and more:
            figures[f"scaling_{n}_over_1"] = round(more / one, 2)
    figures["goal_scaling_2_over_1"] = 1.7
    print()
    print(f"{'config':>8} {'actions/s':>10} {'board p95 ms':>13} {'kB/game':>8} {'failures':>8}")
    for name, r in results.items():
        print(
            f"{name:>8} {r['actions_per_second']:>10} {r['board_ms_p95']:>13}"
            f" {r['memory_per_game_kb']:>8} {r['failures']:>8}"
        )
    for n in (2, 4):
        if f"scaling_{n}_over_1" in figures:
            print(f"scaling {n} processes / 1: {figures[f'scaling_{n}_over_1']}")
    name = "scale-quick" if args.quick else "scale"
    if args.core_share:
        name += "-shares"
    print(f"written to {write_results(name, figures)}")


if __name__ == "__main__":
    main()
