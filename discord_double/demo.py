"""Watch the bot play without a Discord token: `python -m discord_double.demo [--out demo-output]`.

Starts the project's local Discord double on 127.0.0.1, runs the real bot against it, opens
a lobby where a guest joins, fills it with AI seats and plays a complete game: the host's and
the guest's seats are played by scripted people who click the buttons and pick options like
anyone would, and after a few turns the guest leaves (`/game leave`) so the AI takes the seat
over, as it does for anyone who leaves a long game. Every message
the bot posts (each edit included) and every image is written to the output folder, with an
index.md to read them in order.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import re
import shutil
import socket
import sys
import tempfile
from collections import Counter
from pathlib import Path

from bot.adapter import adapter_for, adapters
from bot.app import GameBot
from bot.config import Config
from bot.service import ServiceConfig
from bot.web import WebConfig
from discord_double import DiscordDouble, DoubleMessage
from discord_double.player import Table, components


class Recorder:
    """Writes every posted or edited message and its images to a folder, in order."""

    def __init__(self, out: Path, double: DiscordDouble) -> None:
        self.out = out
        self.double = double
        self.count = 0
        self.index: list[str] = []
        # What the table met: new and edited public messages, ephemeral answers, DMs (new and
        # edited), images uploaded (an attachment kept by an edit counts once) and their MB.
        self.counts: Counter[str] = Counter()
        self.bytes = 0
        self._uploads: set[int] = set()
        self.decisions = 0  # decisions the people made (the demo counts them)
        # What is shown once the game is over (the leaderboard) is kept, not counted.
        self.counting = True
        self.leaderboard = ""

    def __call__(self, message: DoubleMessage, created: bool) -> None:
        if message.author.id != self.double.bot_user.id or message.loading:
            return
        self.count += 1
        channel = self.double.channel(message.channel_id)
        if not self.counting:
            pass
        elif message.ephemeral_for is not None:
            self.counts["ephemeral"] += 1
        elif channel.type == 1:
            self.counts["dm new" if created else "dm edits"] += 1
        else:
            self.counts["public new" if created else "public edits"] += 1
        for attachment in message.attachments:
            if self.counting and attachment.id not in self._uploads:
                self._uploads.add(attachment.id)
                self.counts["images"] += 1
                self.counts["private images" if channel.type == 1 else "public images"] += 1
                self.bytes += attachment.size
        if channel.type == 1:
            where = "dm-" + _slug(channel.recipient.username if channel.recipient else None)
        else:
            where = _slug(channel.name)
        if message.ephemeral_for is not None:
            where += "-only-" + _slug(message.ephemeral_for.username)
        stem = f"{self.count:04d}-{where}-{'new' if created else 'edit'}"
        buttons = [c.get("label") or c.get("placeholder") or "" for c in components(message)]
        text = message.text + (
            "\n\n[buttons: " + " | ".join(b for b in buttons if b) + "]" if buttons else ""
        )
        (self.out / f"{stem}.txt").write_text(text + "\n", "utf-8")
        line = f"## {stem}\n\n{text}\n"
        for k, attachment in enumerate(message.attachments):
            name = f"{stem}-{k}-{attachment.filename}"
            (self.out / name).write_bytes(attachment.data)
            line += f"\n![{attachment.filename}]({name})\n"
        self.index.append(line)

    def report(self) -> str:
        """The counts, one line: what the table met, and how many decisions people made
        (a game should post at most one new public message per decision, plus its start and
        its end)."""
        keys = ("public new", "public edits", "ephemeral", "dm new", "dm edits", "images")
        parts = [f"human decisions: {self.decisions}"]
        parts += [f"{key}: {self.counts[key]}" for key in keys]
        parts[-1] += (
            f" ({self.counts['public images']} public, {self.counts['private images']} in DMs)"
        )
        return " · ".join([*parts, f"image MB: {self.bytes / 1e6:.1f}"])

    def finish(self) -> None:
        """Write index.md."""
        (self.out / "index.md").write_text("# Rattus demo\n\n" + "\n".join(self.index), "utf-8")


def _slug(text: str | None) -> str:
    return re.sub(r"[^a-z0-9]+", "-", (text or "x").lower()).strip("-") or "x"


async def run_demo(
    out: Path,
    players: int,
    seed: int,
    lang: str,
    variant: str | None,
    game: str = "rattus",
    *,
    web_port: int | None = None,
    pace: float = 0.0,
) -> Recorder:
    """Play one whole game; return its recorder (what was posted, counted; the folder is
    emptied first, so it holds this game only). `web_port`: serve the web view on
    127.0.0.1 there and print the game's link; `pace`: seconds between the people's
    decisions, to watch it."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    command = adapter_for(game).command
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        async with DiscordDouble() as double:
            double.configure_discord_py()
            guild = double.add_guild("Demo")
            channel = double.add_channel(guild, game)
            locale = "fr" if lang == "fr" else "en-US"
            host = double.add_user("host", locale=locale)
            guest = double.add_user("guest", locale=locale)
            recorder = Recorder(out, double)
            double.observers.append(recorder)
            web = None
            if web_port is not None:
                port = free_port(web_port)
                web = WebConfig(base_url=f"http://127.0.0.1:{port}", port=port)
            config = Config(token="demo-token", database_url=f"sqlite:///{tmp}/demo.db", web=web)
            bot = GameBot(config, service_config=ServiceConfig(), guild_ready_timeout=0.01)
            bot.service.seed_source = lambda: seed
            runner = asyncio.create_task(bot.start(config.token))
            try:
                await double.wait_for_ready(timeout=30)
                await asyncio.wait_for(bot.wait_until_ready(), 30)
                options = {"game": game, "language": lang}
                if variant:
                    options["variant"] = variant
                r = await double.slash(host, channel, "game new", thread=False, **options)
                await r.wait_done()
                await (await double.slash(guest, channel, "game join")).wait_done()
                for _ in range(players - 2):
                    await (await double.slash(host, channel, "game add-ai")).wait_done()
                await (await double.slash(host, channel, "game start")).wait_done()
                if bot.web is not None:
                    game_row = await bot.service.store.latest_game_in(channel.id)
                    assert game_row is not None
                    print(f"Watch the game live: {bot.web.public_link(game_row.id)}", flush=True)
                table = Table(double, channel, [host, guest], command=command)
                moves = 0
                guest_moves = 0
                while not table.over():
                    if guest_moves >= GUEST_MOVES and guest.id in table.users:
                        # The guest has had enough: the AI plays their seat from now on.
                        await (await double.slash(guest, channel, "game leave")).wait_done()
                        del table.users[guest.id]
                    await bot.service.idle(timeout=120)
                    if table.over():
                        break
                    turn = table.current_turn()
                    if turn is None or table.mover(turn) is None:
                        await double.wait_for(
                            lambda: table.over() or _host_to_move(table), timeout=60
                        )
                        continue
                    if table.mover(turn) is guest:
                        guest_moves += 1
                    if pace:
                        await asyncio.sleep(pace)
                    await table.play_one(rnd, use_slash=moves % 5 == 4)
                    moves += 1
                    recorder.decisions = moves
                await bot.service.idle(timeout=60)
                # The end of the game rated its players: the server's leaderboard, posted.
                recorder.counting = False
                board = await double.slash(host, channel, "standing leaderboard", public=True)
                await board.wait_done()
                recorder.leaderboard = re.sub(
                    r"<@(\d+)>|</([^:>]+):\d+>",
                    lambda m: f"@{double.users[int(m[1])].username}" if m[1] else f"/{m[2]}",
                    board.text,
                )
            finally:
                await bot.close()
                with contextlib.suppress(asyncio.CancelledError):
                    await runner
            recorder.finish()
            return recorder


GUEST_MOVES = 3  # decisions the guest makes before leaving the game


def free_port(wanted: int) -> int:
    """`wanted` when nothing listens there on 127.0.0.1, else a free port."""
    for port in (wanted, 0):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(probe.getsockname()[1])
    raise OSError("no free port on 127.0.0.1")


def _host_to_move(table: Table) -> bool:
    turn = table.current_turn()
    return turn is not None and table.mover(turn) is not None


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and play the demo game."""
    parser = argparse.ArgumentParser(prog="python -m discord_double.demo", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("demo-output"), help="output folder")
    parser.add_argument(
        "--players",
        type=int,
        default=3,
        help="players, the host and the guest included (at least 2)",
    )
    parser.add_argument("--seed", type=int, default=2026, help="the game's seed")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    parser.add_argument("--game", choices=sorted(adapters()), default="rattus")
    parser.add_argument("--variant", default=None, help="a variant or expansion of the game")
    parser.add_argument(
        "--web-port",
        type=int,
        default=8765,
        help="serve the game's live web page on 127.0.0.1 at this port (0: no web page)",
    )
    parser.add_argument(
        "--pace", type=float, default=0.0, help="seconds between the people's decisions"
    )
    args = parser.parse_args(argv)
    if args.players < 2:
        parser.error("--players must be at least 2 (the host and the guest)")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # The demo needs no voice support; discord.py's warning about it is noise here.
    logging.getLogger("discord.client").setLevel(logging.ERROR)
    recorder = asyncio.run(
        run_demo(
            args.out,
            args.players,
            args.seed,
            args.lang,
            args.variant,
            args.game,
            web_port=args.web_port or None,
            pace=args.pace,
        )
    )
    print(
        f"The game is over: {recorder.count} messages and their images are in {args.out}/ "
        f"(start with {args.out / 'index.md'}).\n{recorder.report()}"
    )
    if recorder.leaderboard:
        print(f"\n{recorder.leaderboard}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
