"""Web view benchmark: live games through the local Discord double, watched on the web.

    python -m bench.web [--games 20] [--viewers 100] [--seconds 60] [--think 2 6] [--loads 10]
                        [--no-images] [--quick] [--profile OUT] [--no-write]

(--quick: 4 games, 20 viewers, 15 s phases, printed only; --profile OUT: a cProfile of the
bot's main thread over the phase with viewers, as bench.bot's, printed only. The default run
takes about 2.5 minutes.)

The bot runs as its own process (`python -m bot`, with WEB_BASE_URL and WEB_LISTEN set, so it
serves its web view from that process, as in production), pointed at the double on a fresh
SQLite file, like bench.bot. Two people play each of `--games` two-player Rattus games by
clicking its turn controls after a random think time. The run has two phases of `--seconds`
each, with the same games and pace:

1. no viewer: the bot's interaction latency as bench.bot measures it (the double sending
   INTERACTION_CREATE -> the bot's first answer), and action -> board posted;
2. `--viewers` viewers spread over the games, in a process of their own (its own CPU, so
   that its parsing does not delay the double's clock): each opens the game's public page
   (the link of the turn message's "watch" button, `?lang=en`), then keeps an SSE connection
   to the page's events URL (its body's data-events) and, as a browser does, fetches the
   board pictures each new page shows (--no-images: not). Meanwhile `--loads` page loads a
   second (half the HTML page, half state.json) go to random games. The same figures as in
   phase 1 are taken again, so "no worse with viewers" can be judged.

Measured:

- page load: a GET of the HTML page, and of state.json, with the viewers connected (the
  viewers' first opening of their page is reported apart); goal p95 <= 50 ms;
- update delivered: for every move that changed the public page, from the board posted in
  the channel (bench.bot's definition: the double shows a new message with its board, or
  the turn message edited with the next controls) to each viewer of that game receiving
  the SSE `page` event with the page of that move (matched by digest: after each move the
  players' side reads state.json's digest); goal p95 <= 1 s. Negative: the web was first;
- action -> page event (from the deciding interaction), and the board pictures' GETs;
- interaction first answer p50/p95/p99 and action -> board posted, without and with viewers,
  and the bot's CPU per action in each phase.

Written to bench/results/web.json.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import multiprocessing
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any
from urllib.parse import urljoin

import aiohttp

from bench.bot import ROOT, Boards, cpu_seconds, peak_rss_mb, setup_game
from bench.common import percentile, write_results
from discord_double import DiscordDouble, DoubleMessage, DoubleUser
from discord_double.player import Table, components, turn_choices, turn_seq

EVENTS = re.compile(r'data-events="([^"]+)"')
IMAGE = re.compile(r'<img src="([^"]+)"')
GRACE = 2.0  # seconds the viewers keep listening after the last move


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def public_url(message: DoubleMessage) -> str | None:
    """The address of the "watch" link button of a turn message (the game's public page)."""
    for button in message.buttons:
        if button.get("url"):
            return str(button["url"])
    return None


def ms(values: Sequence[float]) -> dict[str, float]:
    """p50, p95 and p99 of seconds, in milliseconds."""
    out = [v * 1000 for v in values]
    return {f"p{q}": round(percentile(out, q), 1) for q in (50, 95, 99)}


# ---------------------------------------------------------------------- the viewers' process


@dataclass
class Viewer:
    """One open page: the game it shows and when each page (digest) reached it."""

    channel_id: int
    url: str
    seen: dict[str, float] = field(default_factory=dict)
    images: set[str] = field(default_factory=set)
    events: int = 0
    bytes: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@dataclass
class Loads:
    """The page loads the viewers' process timed, in seconds."""

    first_page: list[float] = field(default_factory=list)
    page: list[float] = field(default_factory=list)
    state: list[float] = field(default_factory=list)
    image: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def timed_get(session: aiohttp.ClientSession, url: str, into: list[float]) -> bytes:
    """GET `url` whole; its time goes to `into`."""
    t0 = time.monotonic()
    async with session.get(url) as response:
        body = await response.read()
        if response.status != 200:
            raise RuntimeError(f"GET {url} -> {response.status}")
    into.append(time.monotonic() - t0)
    return body


async def fetch_images(
    session: aiohttp.ClientSession, viewer: Viewer, page: str, loads: Loads
) -> None:
    """Fetch the pictures a page shows that this viewer has not fetched yet (a browser)."""
    wanted = [urljoin(viewer.url, html.unescape(src)) for src in IMAGE.findall(page)]
    wanted = [src for src in wanted if src not in viewer.images]
    viewer.images.update(wanted)
    try:
        await asyncio.gather(*(timed_get(session, src, loads.image) for src in wanted))
    except Exception as exc:
        loads.errors.append(f"image: {type(exc).__name__}: {str(exc)[:200]}")


async def watch(
    session: aiohttp.ClientSession,
    viewer: Viewer,
    loads: Loads,
    images: bool,
    connected: asyncio.Event,
) -> None:
    """Open the page, then listen to its events until cancelled."""
    try:
        page = (await timed_get(session, viewer.url, loads.first_page)).decode()
        found = EVENTS.search(page)
        if found is None:
            raise RuntimeError("the page has no data-events")
        events = urljoin(viewer.url, html.unescape(found[1]))
        tasks: set[asyncio.Task[None]] = set()
        if images:
            tasks.add(asyncio.create_task(fetch_images(session, viewer, page, loads)))
        timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
        async with session.get(events, timeout=timeout) as response:
            if response.status != 200:
                raise RuntimeError(f"events -> {response.status}")
            connected.set()
            buffer = b""
            async for chunk in response.content.iter_any():
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    at = time.monotonic()
                    lines = block.decode().split("\n")
                    kind = next((x[6:].strip() for x in lines if x.startswith("event:")), "")
                    data = "\n".join(x[5:].lstrip() for x in lines if x.startswith("data:"))
                    if kind == "page":
                        update = json.loads(data)
                        viewer.events += 1
                        viewer.bytes.append(len(data))
                        viewer.seen.setdefault(update["digest"], at)
                        if images:
                            task = asyncio.create_task(
                                fetch_images(session, viewer, update["html"], loads)
                            )
                            tasks.add(task)
                            task.add_done_callback(tasks.discard)
                    elif kind == "gone":
                        viewer.errors.append("gone")
                        return
            viewer.errors.append("the event stream ended")
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        viewer.errors.append(f"{type(exc).__name__}: {str(exc)[:200]}")
    finally:
        connected.set()


async def load_pages(
    session: aiohttp.ClientSession, urls: list[str], rate: float, loads: Loads, rnd: random.Random
) -> None:
    """`rate` page loads a second (every other one state.json), until cancelled."""
    tasks: set[asyncio.Task[Any]] = set()

    async def one(n: int) -> None:
        url = rnd.choice(urls)
        try:
            if n % 2:
                await timed_get(session, f"{url}/state.json?lang=en", loads.state)
            else:
                await timed_get(session, f"{url}?lang=en", loads.page)
        except Exception as exc:
            loads.errors.append(f"load: {type(exc).__name__}: {str(exc)[:200]}")

    n = 0
    while True:
        await asyncio.sleep(rnd.expovariate(rate))
        task = asyncio.create_task(one(n))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
        n += 1


async def viewers_main(
    conn: Connection, targets: list[tuple[int, str]], count: int, rate: float, images: bool
) -> None:
    """Connect `count` viewers over `targets` (channel id, public page), tell the parent,
    load pages until it says stop, then send back what was seen."""
    loads = Loads()
    viewers = [
        Viewer(targets[i % len(targets)][0], f"{targets[i % len(targets)][1]}?lang=en")
        for i in range(count)
    ]
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        t0 = time.monotonic()
        flags = [asyncio.Event() for _ in viewers]
        tasks = [
            asyncio.create_task(watch(session, v, loads, images, flag))
            for v, flag in zip(viewers, flags, strict=True)
        ]
        await asyncio.wait_for(asyncio.gather(*(f.wait() for f in flags)), 60)
        conn.send(("ready", time.monotonic() - t0))
        urls = [u for _, u in targets]
        tasks.append(asyncio.create_task(load_pages(session, urls, rate, loads, random.Random(7))))
        while not conn.poll():
            await asyncio.sleep(0.1)
        conn.recv()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    conn.send(
        (
            "done",
            {
                "viewers": [(v.channel_id, v.seen, v.events, v.bytes, v.errors) for v in viewers],
                "first_page": loads.first_page,
                "page": loads.page,
                "state": loads.state,
                "image": loads.image,
                "errors": loads.errors,
            },
        )
    )


def viewers_process(
    conn: Connection, targets: list[tuple[int, str]], count: int, rate: float, images: bool
) -> None:
    """The viewers' process: its own event loop, its own CPU."""
    asyncio.run(viewers_main(conn, targets, count, rate, images))


# ---------------------------------------------------------------------- the players


@dataclass
class Move:
    """One action of a game: when it was decided, when the channel showed it, and the public
    page's digest after it (None: not read, in the phase without viewers)."""

    channel_id: int
    t0: float
    shown: float | None
    digest: str | None


@dataclass
class Phase:
    """What one phase's players measured."""

    defers: list[float] = field(default_factory=list)
    posted: list[float] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    state: list[float] = field(default_factory=list)  # the players' own state.json reads
    failures: list[str] = field(default_factory=list)


async def act(
    double: DiscordDouble, user: DoubleUser, message: DoubleMessage, rnd: random.Random, p: Phase
) -> float:
    """Use one of a turn message's controls as bench.bot's players do (a select's option, a
    button, or a button whose private picker is followed to an action); return when the
    deciding interaction was sent."""
    control = rnd.choice(turn_choices(message))
    if control["custom_id"].startswith("rc:"):  # a public select: one choice acts
        option = rnd.choice(control["options"])
        record = await double.select(user, message, control["custom_id"], [option["value"]])
        t0 = time.monotonic()
    elif ":k:" in control["custom_id"]:  # a button that opens a private picker
        record = await double.click(user, message, control["custom_id"])
        await record.wait_done()
        if record.ack_latency is not None:
            p.defers.append(record.ack_latency)
        picker = record.message
        assert picker is not None, "the picker was not shown"
        while True:
            found = components(picker)
            taps = [c for c in found if c.get("custom_id", "").startswith("rb:")]
            if taps:  # a picker of buttons: one tap acts
                record = await double.click(user, picker, rnd.choice(taps)["custom_id"])
                t0 = time.monotonic()
                break
            select = next(c for c in found if c.get("custom_id", "").startswith("rp:"))
            option = rnd.choice(select["options"])
            record = await double.select(user, picker, select["custom_id"], [option["value"]])
            t0 = time.monotonic()
            if option["value"].startswith("a:"):
                break
            await record.wait_done()
            if record.ack_latency is not None:
                p.defers.append(record.ack_latency)
            picker = double.message(picker.id)
    else:  # a button that is one action
        record = await double.click(user, message, control["custom_id"])
        t0 = time.monotonic()
    await record.wait_acked()
    if record.ack_latency is not None:
        p.defers.append(record.ack_latency)
    return t0


async def player_loop(
    double: DiscordDouble,
    table: Table,
    boards: Boards,
    rnd: random.Random,
    think: tuple[float, float],
    deadline: float,
    p: Phase,
    session: aiohttp.ClientSession | None,
    url: str | None,
) -> int:
    """Play one game until the deadline; return the number of actions. With a session, read
    the public page's digest (state.json) after each move."""
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
        try:
            t0 = await act(double, user, message, rnd, p)
            await table.wait_after(seq, timeout=60)
            shown = boards.first_after(table.channel.id, t0)
            if shown is not None:
                p.posted.append(shown - t0)
            digest = None
            if session is not None and url is not None:
                started = time.monotonic()
                async with session.get(f"{url}/state.json?lang=en") as response:
                    digest = str((await response.json())["digest"])
                p.state.append(time.monotonic() - started)
            p.moves.append(Move(table.channel.id, t0, shown, digest))
            actions += 1
        except Exception as exc:  # a benchmark keeps going; failures are reported
            p.failures.append(f"{type(exc).__name__}: {str(exc)[:200]}")
    return actions


async def play(
    double: DiscordDouble,
    tables: list[Table],
    boards: Boards,
    think: tuple[float, float],
    seconds: float,
    bot_pid: int,
    seed: int,
    urls: dict[int, str] | None = None,
) -> tuple[Phase, dict[str, Any]]:
    """One phase of play; its figures (the players' side)."""
    p = Phase()
    cpu_before = cpu_seconds(bot_pid)
    own_before = cpu_seconds(bot_pid, children=False)
    deadline = time.monotonic() + seconds
    t0 = time.monotonic()
    async with contextlib.AsyncExitStack() as stack:
        session = None
        if urls is not None:
            connector = aiohttp.TCPConnector(limit=0)
            session = await stack.enter_async_context(aiohttp.ClientSession(connector=connector))
        counts = await asyncio.gather(
            *(
                player_loop(
                    double,
                    table,
                    boards,
                    random.Random(seed + i),
                    think,
                    deadline,
                    p,
                    session,
                    None if urls is None else urls.get(table.channel.id),
                )
                for i, table in enumerate(tables)
            )
        )
    elapsed = time.monotonic() - t0
    cpu = cpu_seconds(bot_pid) - cpu_before
    own = cpu_seconds(bot_pid, children=False) - own_before
    actions = sum(counts)
    figures = {
        "seconds": round(elapsed, 1),
        "games_playing": sum(1 for t in tables if not t.over()),
        "actions": actions,
        "interactions": len(p.defers),
        **{f"first_answer_ms_{k}": v for k, v in ms(p.defers).items()},
        **{f"board_posted_ms_{k}": v for k, v in ms(p.posted).items()},
        "bot_cpu_per_action_ms": round(cpu / max(1, actions) * 1000, 1),
        "bot_own_cpu_per_action_ms": round(own / max(1, actions) * 1000, 1),
        "bot_cpu_share": round(cpu / elapsed, 2),
        "failures": len(p.failures),
        "failure_samples": p.failures[:3],
    }
    return p, figures


def deliveries(
    moves: list[Move], before: dict[int, str], seen: list[tuple[int, dict[str, float]]]
) -> dict[str, Any]:
    """Match each move that changed the public page to the page event of that digest at each
    viewer of its game."""
    by_channel: dict[int, list[Move]] = defaultdict(list)
    for move in sorted(moves, key=lambda m: m.t0):
        by_channel[move.channel_id].append(move)
    watchers: dict[int, list[dict[str, float]]] = defaultdict(list)
    for channel_id, pages in seen:
        watchers[channel_id].append(pages)
    delivered: list[float] = []  # board posted -> page event
    from_action: list[float] = []  # deciding interaction -> page event
    unseen = missed = shown = 0
    for channel_id, game_moves in by_channel.items():
        previous = before.get(channel_id)
        for move in game_moves:
            if move.digest is None or move.digest == previous:
                unseen += 1  # nothing the public page shows changed
                continue
            previous = move.digest
            shown += 1
            for pages in watchers[channel_id]:
                at = pages.get(move.digest)
                if at is None:
                    missed += 1
                    continue
                from_action.append(at - move.t0)
                if move.shown is not None:
                    delivered.append(at - move.shown)
    return {
        "moves_shown_on_the_page": shown,
        "moves_not_changing_the_public_page": unseen,
        "deliveries": len(delivered),
        "deliveries_missed": missed,
        **{f"update_delivered_ms_{k}": v for k, v in ms(delivered).items()},
        "update_before_the_board_share": round(
            sum(1 for d in delivered if d < 0) / max(1, len(delivered)), 3
        ),
        **{f"action_to_page_event_ms_{k}": v for k, v in ms(from_action).items()},
    }


# ---------------------------------------------------------------------- the run


async def run(
    games: int,
    viewers: int,
    seconds: float,
    think: tuple[float, float],
    rate: float,
    images: bool,
    profile: str | None = None,
) -> dict[str, Any]:
    """Run both phases and return the figures (`profile`: a cProfile of the bot's main
    thread over the phase with viewers is written there)."""
    tmp = tempfile.mkdtemp(prefix="rattus-bench-web-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
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
            "WEB_BASE_URL": base,
            "WEB_LISTEN": f"127.0.0.1:{port}",
            "WEB_RATE": "10000000",  # every viewer comes from 127.0.0.1 here
        }
        command = [sys.executable, "-m", "bot"]
        if profile:
            command = [sys.executable, "-m", "bench.profiled_bot", profile]
        bot = subprocess.Popen(command, cwd=tmp, env=env)
        double.configure_rate_limits(False)  # setting up is not what is measured
        child = None
        try:
            await double.wait_for_ready(timeout=60)
            started = time.monotonic()
            sem = asyncio.Semaphore(10)

            async def setup(entry: tuple[Table, Any, Any]) -> None:
                async with sem:
                    await setup_game(double, *entry)

            await asyncio.gather(*(setup(e) for e in tables))
            setup_seconds = time.monotonic() - started
            double.configure_rate_limits(True, scale=1.0)  # Discord's own pace from here
            playing = [t for t, _, _ in tables]
            urls: dict[int, str] = {}
            for table in playing:
                turn = table.current_turn()
                url = public_url(turn) if turn is not None else None
                if url is None:
                    raise RuntimeError("the turn message has no link to the web page")
                urls[table.channel.id] = url

            _, quiet = await play(double, playing, boards, think, seconds, bot.pid, 0)

            # The viewers connect (in their own process), then the same play goes on.
            live = [t for t in playing if not t.over()]
            targets = [(t.channel.id, urls[t.channel.id]) for t in live]
            async with aiohttp.ClientSession() as session:
                before = {}
                for channel_id, url in targets:
                    async with session.get(f"{url}/state.json?lang=en") as response:
                        before[channel_id] = str((await response.json())["digest"])
            context = multiprocessing.get_context("spawn")
            conn, theirs = context.Pipe()
            child = context.Process(
                target=viewers_process, args=(theirs, targets, viewers, rate, images)
            )
            child.start()
            kind, connect_seconds = await asyncio.to_thread(conn.recv)
            assert kind == "ready"
            rss_before = peak_rss_mb(bot.pid)
            if profile:
                bot.send_signal(signal.SIGUSR1)
            moves, watched = await play(double, live, boards, think, seconds, bot.pid, 1000, urls)
            await asyncio.sleep(GRACE)  # the last moves' pages are on their way
            conn.send("stop")
            kind, seen = await asyncio.to_thread(conn.recv)
            assert kind == "done"
            rss = peak_rss_mb(bot.pid)
            if profile:
                bot.send_signal(signal.SIGUSR2)
                await asyncio.sleep(2)  # the profile is written
        finally:
            if child is not None:
                child.join(timeout=10)
                if child.is_alive():
                    child.kill()
            bot.send_signal(2)
            with contextlib.suppress(subprocess.TimeoutExpired):
                bot.wait(timeout=20)
            if bot.poll() is None:
                bot.kill()
    viewer_rows: list[tuple[int, dict[str, float], int, list[int], list[str]]] = seen["viewers"]
    sizes = [n for row in viewer_rows for n in row[3]]
    errors = [e for row in viewer_rows for e in row[4]] + list(seen["errors"])
    matched = deliveries(moves.moves, before, [(row[0], row[1]) for row in viewer_rows])
    page = ms(seen["page"])
    state = ms(seen["state"])
    first = ms(seen["first_page"])
    image = ms(seen["image"])
    watched_defer = float(watched["first_answer_ms_p99"])
    quiet_defer = float(quiet["first_answer_ms_p99"])
    return {
        "games": games,
        "viewers": viewers,
        "viewers_per_game": round(viewers / max(1, len(targets)), 1),
        "seconds_per_phase": seconds,
        "think_seconds": list(think),
        "page_loads_per_second": rate,
        "viewers_fetch_images": images,
        "setup_seconds": round(setup_seconds, 1),
        "viewers_connect_seconds": round(connect_seconds, 2),
        "viewers_still_connected": sum(1 for row in viewer_rows if not row[4]),
        "page_loads": len(seen["page"]),
        **{f"page_ms_{k}": v for k, v in page.items()},
        "state_json_loads": len(seen["state"]),
        **{f"state_json_ms_{k}": v for k, v in state.items()},
        **{f"state_json_after_a_move_ms_{k}": v for k, v in ms(moves.state).items()},
        **{f"first_page_ms_{k}": v for k, v in first.items()},
        "board_images_fetched": len(seen["image"]),
        **{f"board_image_ms_{k}": v for k, v in image.items()},
        **matched,
        "page_events": sum(row[2] for row in viewer_rows),
        "page_event_kb_mean": round(sum(sizes) / max(1, len(sizes)) / 1024, 1),
        "page_event_kb_max": round(max(sizes, default=0) / 1024, 1),
        "viewer_errors": len(errors),
        "viewer_error_samples": errors[:5],
        "without_viewers": quiet,
        "with_viewers": watched,
        "first_answer_p99_with_over_without": round(watched_defer / max(0.1, quiet_defer), 2),
        "bot_peak_rss_mb_before_viewers": round(rss_before, 1),
        "bot_peak_rss_mb": round(rss, 1),
        "goal_page_ms_p95": 50,
        "goal_update_delivered_ms_p95": 1000,
        "goal_first_answer": "no worse with viewers than without",
    }


def main() -> None:
    """Run, print and store the figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--viewers", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0, help="of each phase")
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(2.0, 6.0),
        metavar=("MIN", "MAX"),
        help="seconds a player thinks before acting",
    )
    parser.add_argument(
        "--loads", type=float, default=10.0, help="page loads a second besides the viewers"
    )
    parser.add_argument(
        "--no-images",
        action="store_true",
        help="viewers do not fetch the board pictures of the pages they are sent",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a short run: 4 games, 20 viewers, 15 s phases"
    )
    parser.add_argument(
        "--profile",
        default=None,
        metavar="OUT",
        help="write a cProfile of the bot's main thread over the phase with viewers to OUT",
    )
    parser.add_argument(
        "--no-write", action="store_true", help="print only (bench/results/web.json untouched)"
    )
    args = parser.parse_args()
    if args.quick:
        args.games, args.viewers, args.seconds = 4, 20, 15.0
    coro = run(
        args.games,
        args.viewers,
        args.seconds,
        tuple(args.think),
        args.loads,
        not args.no_images,
        args.profile,
    )
    try:
        import uvloop
    except ImportError:
        figures = asyncio.run(coro)
    else:
        figures = uvloop.run(coro)
    for key, value in figures.items():
        print(f"{key:>42}: {value}")
    if args.profile:
        print(f"profiled, so not written to bench/results; the profile is in {args.profile}")
    elif not args.no_write and not args.quick:
        print(f"written to {write_results('web', figures)}")


if __name__ == "__main__":
    main()
