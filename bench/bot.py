"""Bot benchmark: N concurrent games through the local Discord double.

    python -m bench.bot [--games 200] [--seconds 60] [--think 5 15] [--hard-ai 50] [--runs 5]
                        [--cost OUT | --profile OUT]

(--hard-ai N: the first N games get a third seat played by the hard AI, which thinks in the
bot's worker process; the people's figures then show whether the bot stays responsive while
it thinks: issue 28's goal is a first answer p99 <= 100 ms. Written to bot_hard_ai.json.)

This process runs the Discord double and the players; the bot runs as its own process
(`python -m bot`, pointed at the double with DISCORD_API_BASE / DISCORD_GATEWAY_URL, on a
fresh SQLite file), as it would in production. Players click like people do (turn buttons,
pickers) after a random think time: by default every game acts every 5 to 15 seconds, far
faster than games played over days (--think 2 6 is a saturation test on 2 cores, where this
process, the double and its 200 players, takes a core of its own). Measured:

- interaction -> defer: from the double sending INTERACTION_CREATE to the bot's callback
  (its first answer: for a click whose post is ready within 35 ms, that answer is the
  post itself, the turn message edited or shrunk to its line, and
  `answers_carrying_the_post` says how often);
- action -> board posted: from the deciding interaction to the channel showing it (a new
  turn message with its board, or the turn message edited with the next controls: it keeps
  the board it was posted with);
- the bot process's peak memory (VmHWM) and CPU time per player action, the bot's own and
  its render worker's separately;
- calls per player action by class, from the double's own request log: interaction
  responses and webhooks (exempt from Discord's rate limits), rate-limited channel endpoints,
  DMs; and the 429s the double gave (it enforces Discord's limits at their real pace here).

Goals: 200 concurrent games with defer p99 <= 50 ms on this 2-core machine (issue 4); at most
1 rate-limited channel call per player action, DM channels opened at most once per player, no
429 (issue 18); action -> board posted p95 <= 100 ms, render CPU <= 4 ms and the bot's own CPU
<= 6 ms per action (issue 27).

One run's CPU figures move by about a tenth from run to run on this machine, and by more from
one day to the next (the same code measured 5.0-5.7 ms one day and 5.7-6.3 ms the day before):
`--runs 5` runs the whole benchmark five times, each with a new bot, and reports the median run
(by the bot's own CPU per action) with every run's main figures beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from bisect import bisect_left
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.common import percentile, write_results
from discord_double import DiscordDouble, DoubleMessage
from discord_double.player import Table, components, turn_choices, turn_seq

ROOT = Path(__file__).resolve().parent.parent


class Boards:
    """Times at which each channel showed an action: a message posted with its board (a new
    turn, the end), or the turn message edited with the next controls (a turn message keeps
    the board it was posted with: its edits tell the story in words). An edit that only
    removes controls (a click's answer, an earlier turn shrunk to one line) shows nothing."""

    def __init__(self) -> None:
        self.times: dict[int, list[float]] = defaultdict(list)
        self.seqs: dict[int, int] = {}  # message id -> the seq of its controls

    def __call__(self, message: DoubleMessage, created: bool) -> None:
        if message.ephemeral:
            return
        seq = turn_seq(message)
        if (created and message.attachments) or (seq >= 0 and seq != self.seqs.get(message.id)):
            self.times[message.channel_id].append(time.monotonic())
        self.seqs[message.id] = seq

    def first_after(self, channel_id: int, t0: float) -> float | None:
        times = self.times[channel_id]
        i = bisect_left(times, t0)
        return times[i] if i < len(times) else None


def proc_status(pid: int) -> dict[str, str]:
    """Fields of /proc/<pid>/status."""
    out = {}
    with contextlib.suppress(OSError), open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            key, _, value = line.partition(":")
            out[key] = value.strip()
    return out


def family(pid: int) -> list[int]:
    """A process and its children (the bot and its render workers)."""
    out = [pid]
    path = f"/proc/{pid}/task/{pid}/children"
    with contextlib.suppress(OSError), open(path, encoding="ascii") as f:
        for child in f.read().split():
            out.extend(family(int(child)))
    return out


def cpu_seconds(pid: int, *, children: bool = True) -> float:
    """User + system CPU time of a process (and its children)."""
    total = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for member in family(pid) if children else [pid]:
        with contextlib.suppress(OSError), open(f"/proc/{member}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def peak_rss_mb(pid: int) -> float:
    """Peak resident memory of a process and its children, in MB."""
    total = 0
    for member in family(pid):
        total += int(proc_status(member).get("VmHWM", "0 kB").split()[0])
    return total / 1024


async def setup_game(
    double: DiscordDouble, table: Table, a: Any, b: Any, ai_level: str | None = None
) -> None:
    """Open a lobby, let the second player join by button (and add an AI seat of `ai_level`),
    start."""
    r = await double.slash(a, table.channel, "game new", thread=False, game="rattus")
    lobby = await (await r.wait_done()).wait_public()
    join = next(c for c in components(lobby) if c["custom_id"].endswith(":join"))
    await (await double.click(b, double.message(lobby.id), join["custom_id"])).wait_done()
    if ai_level is not None:
        await (await double.slash(a, table.channel, "game add-ai", level=ai_level)).wait_done()
    await (await double.slash(a, table.channel, "game start")).wait_done()
    await double.wait_for(lambda: table.current_turn() is not None, timeout=60)


async def player_loop(
    double: DiscordDouble,
    table: Table,
    boards: Boards,
    rnd: random.Random,
    think: tuple[float, float],
    deadline: float,
    defers: list[float],
    posted: list[float],
    failures: list[str],
    carried: list[bool] | None = None,
) -> int:
    """Play one game until the deadline; return the number of actions."""
    actions = 0
    while time.monotonic() < deadline and not table.over():
        await asyncio.sleep(rnd.uniform(*think))
        message = table.current_turn()
        if message is None:
            continue
        user = table.mover(message)
        if user is None:
            continue
        seq = turn_seq(message)
        button = rnd.choice(turn_choices(message))
        try:
            if button["custom_id"].startswith("rc:"):  # a public select: one tap acts
                option = rnd.choice(button["options"])
                record = await double.select(user, message, button["custom_id"], [option["value"]])
                t0 = time.monotonic()
                await record.wait_acked()
                if record.ack_latency is not None:
                    defers.append(record.ack_latency)
            elif ":k:" in button["custom_id"]:  # a button that opens a private picker
                record = await double.click(user, message, button["custom_id"])
                await record.wait_done()
                if record.ack_latency is not None:
                    defers.append(record.ack_latency)
                picker = record.message
                assert picker is not None
                while True:
                    select = next(c for c in components(picker) if c["custom_id"].startswith("rp:"))
                    option = rnd.choice(select["options"])
                    record = await double.select(
                        user, picker, select["custom_id"], [option["value"]]
                    )
                    t0 = time.monotonic()
                    await record.wait_acked()
                    if record.ack_latency is not None:
                        defers.append(record.ack_latency)
                    if option["value"].startswith("a:"):
                        break
                    await record.wait_done()
                    picker = double.message(picker.id)
            else:  # a button that is one action
                record = await double.click(user, message, button["custom_id"])
                t0 = time.monotonic()
                await record.wait_acked()
                if record.ack_latency is not None:
                    defers.append(record.ack_latency)
            await table.wait_after(seq, timeout=60)
            if carried is not None:
                # The click's own answer showed the action (the turn message edited, or the
                # turn shrunk to its line before the new turn's message): no webhook edit of
                # that answer followed.
                kinds = [r.kind for r in record.responses]
                carried.append(bool(kinds) and kinds[0] == "callback" and "edit" not in kinds)
            shown = boards.first_after(table.channel.id, t0)
            if shown is not None:
                posted.append(shown - t0)
            actions += 1
        except Exception as exc:  # a benchmark keeps going; failures are reported
            failures.append(f"{type(exc).__name__}: {str(exc)[:200]}")
    return actions


async def run(
    games: int,
    seconds: float,
    think: tuple[float, float],
    profile: str | None = None,
    hard_ai: int = 0,
    cost: bool = False,
) -> dict[str, Any]:
    """Run the benchmark and return its figures."""
    tmp = tempfile.mkdtemp(prefix="rattus-bench-")
    async with DiscordDouble(default_timeout=120) as double:
        guild = double.add_guild("Bench")
        tables = []
        for i in range(games):
            channel = double.add_channel(guild, f"game-{i}")
            a = double.add_user(f"a{i}")
            b = double.add_user(f"b{i}")
            tables.append((Table(double, channel, [a, b]), a, b))
        boards = Boards()
        double.observers.append(boards)
        env = {
            **os.environ,
            "DISCORD_TOKEN": "bench-token",
            "DATABASE_URL": f"sqlite:///{tmp}/bench.db",
            "DISCORD_API_BASE": double.api_base,
            "DISCORD_GATEWAY_URL": double.gateway_url,
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
        }
        command = [sys.executable, "-m", "bot"]
        if profile:
            how = ["--cost", profile] if cost else [profile]
            command = [sys.executable, "-m", "bench.profiled_bot", *how]
        bot = subprocess.Popen(command, cwd=tmp, env=env)
        limits = hasattr(double, "configure_rate_limits")
        if limits:
            # Setting up 200 games at once (400 hello DMs in seconds) is not what is measured.
            double.configure_rate_limits(False)
        try:
            await double.wait_for_ready(timeout=60)
            started = time.monotonic()
            sem = asyncio.Semaphore(20)

            async def setup(i: int, entry: tuple[Table, Any, Any]) -> None:
                async with sem:
                    await setup_game(double, *entry, ai_level="hard" if i < hard_ai else None)

            await asyncio.gather(*(setup(i, e) for i, e in enumerate(tables)))
            setup_seconds = time.monotonic() - started
            if limits:
                double.configure_rate_limits(True, scale=1.0)  # Discord's own pace from here
            cpu_before = cpu_seconds(bot.pid)
            own_before = cpu_seconds(bot.pid, children=False)
            mark = double.request_mark() if hasattr(double, "request_mark") else None
            if profile:
                bot.send_signal(signal.SIGUSR1)
            limited_before = len(getattr(double, "rate_limited", []))
            defers: list[float] = []
            posted: list[float] = []
            carried: list[bool] = []
            failures: list[str] = []
            deadline = time.monotonic() + seconds
            t0 = time.monotonic()
            counts = await asyncio.gather(
                *(
                    player_loop(
                        double,
                        table,
                        boards,
                        random.Random(i),
                        think,
                        deadline,
                        defers,
                        posted,
                        failures,
                        carried,
                    )
                    for i, (table, _, _) in enumerate(tables)
                )
            )
            elapsed = time.monotonic() - t0
            cpu = cpu_seconds(bot.pid) - cpu_before
            own = cpu_seconds(bot.pid, children=False) - own_before
            calls = double.request_counts(mark) if mark is not None else {}
            limited = len(getattr(double, "rate_limited", [])) - limited_before
            dm_opens = sum(
                1
                for r in double.requests[mark or 0 :]
                if r.method == "POST" and r.path == "/users/@me/channels"
            )
            routes: dict[str, int] = defaultdict(int)
            for r in double.requests[mark or 0 :]:
                routes[f"{r.method} {r.route or '?'}"] += 1
            rss = peak_rss_mb(bot.pid)
            if profile:
                bot.send_signal(signal.SIGUSR2)
                await asyncio.sleep(2)  # the profile is written
        finally:
            bot.send_signal(2)  # SIGINT: a clean stop, so a profile gets written
            with contextlib.suppress(subprocess.TimeoutExpired):
                bot.wait(timeout=20)
            if bot.poll() is None:
                bot.kill()
    ms = [x * 1000 for x in defers]
    board_ms = [x * 1000 for x in posted]
    return {
        "games": games,
        "games_with_a_hard_ai": hard_ai,
        "seconds": round(elapsed, 1),
        "think_seconds": list(think),
        "setup_seconds": round(setup_seconds, 1),
        "actions": sum(counts),
        "actions_per_second": round(sum(counts) / elapsed, 1),
        "interactions": len(ms),
        "defer_ms_p50": round(percentile(ms, 50), 1),
        "defer_ms_p95": round(percentile(ms, 95), 1),
        "defer_ms_p99": round(percentile(ms, 99), 1),
        "answers_carrying_the_post": round(sum(carried) / max(1, len(carried)), 3),
        "board_posted_ms_p50": round(percentile(board_ms, 50), 1),
        "board_posted_ms_p95": round(percentile(board_ms, 95), 1),
        "board_posted_ms_p99": round(percentile(board_ms, 99), 1),
        "bot_peak_rss_mb": round(rss, 1),
        "bot_cpu_seconds": round(cpu, 1),
        "bot_cpu_per_action_ms": round(cpu / max(1, sum(counts)) * 1000, 1),
        "bot_own_cpu_per_action_ms": round(own / max(1, sum(counts)) * 1000, 2),
        "render_cpu_per_action_ms": round((cpu - own) / max(1, sum(counts)) * 1000, 2),
        "calls": calls,
        "calls_per_action": {
            k: round(v / max(1, sum(counts)), 3) for k, v in sorted(calls.items())
        },
        "calls_per_action_by_route": {
            k: round(v / max(1, sum(counts)), 3)
            for k, v in sorted(routes.items(), key=lambda kv: -kv[1])
        },
        "dm_channels_opened": dm_opens,
        "players": 2 * games,
        "rate_limited_429s": limited,
        "failures": len(failures),
        "failure_samples": failures[:5],
        "goal_defer_ms_p99": 50,
        "goal_board_posted_ms_p95": 100,
        "goal_channel_calls_per_action": 1.0,
        "goal_bot_cpu_per_action_ms": 8.0,
        "goal_bot_own_cpu_per_action_ms": 6.0,
        "goal_render_cpu_per_action_ms": 4.0,
    }


# A run's figures shown per run with --runs, and kept for every run in the results.
PER_RUN = (
    "actions",
    "bot_own_cpu_per_action_ms",
    "render_cpu_per_action_ms",
    "board_posted_ms_p95",
    "defer_ms_p99",
    "rate_limited_429s",
    "failures",
)


def run_line(figures: dict[str, Any]) -> str:
    """One run's main figures on a line."""
    return ", ".join(f"{key} {figures[key]}" for key in PER_RUN)


def median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of the median run by the bot's own CPU per action (this machine moves
    that figure by a tenth from one run to the next, and more from one day to the next), with
    every run's main figures, and the 429s and failures of all runs, beside them."""
    if len(runs) == 1:
        return runs[0]
    ordered = sorted(runs, key=lambda r: float(r["bot_own_cpu_per_action_ms"]))
    # With an even number of runs, the upper of the two middle ones: never the kinder.
    figures = dict(ordered[len(ordered) // 2])
    own = [float(r["bot_own_cpu_per_action_ms"]) for r in runs]
    figures["runs"] = [{key: r[key] for key in PER_RUN} for r in runs]
    figures["bot_own_cpu_per_action_ms_range"] = [min(own), max(own)]
    figures["rate_limited_429s"] = sum(int(r["rate_limited_429s"]) for r in runs)
    figures["failures"] = sum(int(r["failures"]) for r in runs)
    return figures


def print_costs(path: str, actions: int) -> None:
    """The figures of `--cost` per player action, dearest first; rewritten so (ms per action,
    calls per action)."""
    raw = json.loads(Path(path).read_text("utf-8"))
    per_action = {
        name: [round(seconds * 1000 / max(1, actions), 3), round(calls / max(1, actions), 2)]
        for name, (seconds, calls) in sorted(raw.items(), key=lambda kv: -kv[1][0])
    }
    Path(path).write_text(json.dumps(per_action, indent=1) + "\n", "utf-8")
    print("bot's main thread, CPU ms per action (steps include what they call):")
    for name, (ms, calls) in per_action.items():
        print(f"{ms:9.3f} ms {calls:7.2f} calls  {name}")


def main() -> None:
    """Run, print and store the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(5.0, 15.0),
        metavar=("MIN", "MAX"),
        help="seconds a player thinks before acting",
    )
    parser.add_argument(
        "--hard-ai",
        type=int,
        default=0,
        metavar="N",
        help="give the first N games a third seat, a hard AI (it thinks in a worker process)",
    )
    parser.add_argument(
        "--cost",
        default=None,
        metavar="OUT",
        help="write the bot's CPU per action by kind of task and by function (JSON), far closer"
        " to the unprofiled figures than --profile's (bench/profiled_bot.py)",
    )
    parser.add_argument(
        "--profile",
        default=None,
        help="write a cProfile of the bot's main thread (its CPU time) over the measured window",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=1,
        metavar="N",
        help="run the whole benchmark N times (a new bot each time) and report the median run"
        " by the bot's own CPU per action, with every run's figures beside it",
    )
    args = parser.parse_args()
    profile = args.cost or args.profile
    if profile and args.runs > 1:
        parser.error("--runs measures unprofiled bots: not with --cost or --profile")
    try:
        import uvloop
    except ImportError:
        runner: Any = asyncio.run
    else:
        # The double and the players share this process: a faster loop keeps their own
        # delays out of the bot's figures.
        runner = uvloop.run
    runs = []
    for number in range(max(1, args.runs)):
        coro = run(
            args.games,
            args.seconds,
            tuple(args.think),
            profile,
            args.hard_ai,
            cost=bool(args.cost),
        )
        runs.append(runner(coro))
        if args.runs > 1:
            print(f"run {number + 1}: {run_line(runs[-1])}", flush=True)
    figures = median_run(runs)
    for key, value in figures.items():
        print(f"{key:>28}: {value}")
    if args.cost:
        print_costs(args.cost, figures["actions"])
    if profile:
        print(f"profiled, so not written to bench/results; the profile is in {profile}")
    else:
        name = "bot" if not args.hard_ai else "bot_hard_ai"
        print(f"written to {write_results(name, figures)}")


if __name__ == "__main__":
    main()
