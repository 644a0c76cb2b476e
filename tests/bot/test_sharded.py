"""Two bot processes, two shards each, one PostgreSQL and the Discord double, for real.

Process A connects shards 0-1 and process B shards 2-3 (SHARD_COUNT=4); there is a server on
every shard. Two games are played by their AI seats (their person is away), two by scripted
clicks. On the way: the same button clicked twice at once, once over the server's own shard
and once over a shard of the other process, applies once; a click that reaches the process
not owning the game is shown by the owner; process A is killed with SIGKILL mid-game (just
after a click was answered, while its AI game is playing) and started again, and every game
still ends with each board shown exactly once, in order, the answered click's included.
"""

from __future__ import annotations

import asyncio
import random
import re
import signal
import subprocess
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.publisher import board_tag
from bot.store import GameRow, Store
from discord_double import DiscordDouble, DoubleMessage
from discord_double.player import Table, turn_choices, turn_seq
from tests.bot.test_crash import start_bot

pytestmark = pytest.mark.postgres

SHARD_COUNT = 4
PROCESSES = {"A": "0,1", "B": "2,3"}  # process -> SHARD_IDS
BOARD = re.compile(r"^board-(\d+)-([0-9a-f]+)(?:-(\w+))?\.png$")


class Boards:
    """Every position the channels showed, in the order the double first saw it: a board
    posted (its images named board-<game>-<tag>[-<part>].png, the tag a keyed digest of the
    seq: `board_tag`) or a turn message edited with the controls of a later seq (it keeps the
    board it was posted with). Tags are read back into seqs once the games' seeds are known
    (`seeds`, filled as the test opens the games)."""

    def __init__(self) -> None:
        self.seen: dict[int, list[tuple[int, list[tuple[int, str]]]]] = defaultdict(list)
        self.seeds: dict[int, GameRow] = {}  # game id -> its row (its seed names its boards)
        self.where: dict[str, int] = {}  # board file name -> the message showing it
        self.twice: list[str] = []  # a board shown by two messages
        self._seqs: dict[tuple[int, str], int] = {}

    def __call__(self, message: DoubleMessage, created: bool) -> None:
        if message.ephemeral:
            return  # a stale click is answered with the current board, to its clicker only
        boards: list[tuple[int, str]] = []
        for attachment in message.attachments:
            found = BOARD.match(attachment.filename)
            if found is None:
                continue
            first = self.where.get(attachment.filename)
            if first is None:
                self.where[attachment.filename] = message.id
                boards.append((int(found.group(1)), found.group(2)))
            elif first != message.id:
                self.twice.append(attachment.filename)
        self.seen[message.channel_id].append((turn_seq(message), boards))

    def _seq(self, game_id: int, tag: str) -> int:
        found = self._seqs.get((game_id, tag))
        if found is not None:
            return found
        game = self.seeds.get(game_id)
        if game is None:
            return -1
        seq = next((s for s in range(5000) if board_tag(game, s) == tag), -1)
        if seq >= 0:
            self._seqs[game_id, tag] = seq
        return seq

    @property
    def order(self) -> dict[int, list[int]]:
        """Channel -> the seqs it showed, in order."""
        out: dict[int, list[int]] = defaultdict(list)
        for channel, messages in self.seen.items():
            seqs = out[channel]
            for controls, boards in messages:
                seq = max([controls, *(self._seq(g, tag) for g, tag in boards)])
                if seq >= 0 and (not seqs or seq != seqs[-1]):
                    seqs.append(seq)
        return out

    def last(self, channel_id: int) -> int:
        seqs = self.order[channel_id]
        return seqs[-1] if seqs else -1


def start(d: DiscordDouble, database: str, cwd: Path, name: str) -> subprocess.Popen[bytes]:
    return start_bot(d, database, cwd, SHARD_COUNT=str(SHARD_COUNT), SHARD_IDS=PROCESSES[name])


def act_button(message: DoubleMessage, rnd: random.Random) -> Callable[..., Any] | None:
    """A turn control that acts by itself (a button that is one action, or an option of
    the turn message's select; no picker), if the message has one: call it with the double,
    the user and the message (and `via_shard`) to use it."""
    direct = [c for c in turn_choices(message) if ":a:" in c["custom_id"] or c["type"] == 3]
    if not direct:
        return None
    control = rnd.choice(direct)
    if control["type"] == 3:
        value = rnd.choice(control["options"])["value"]
        return lambda d, user, turn, **kw: d.select(user, turn, control["custom_id"], [value], **kw)
    return lambda d, user, turn, **kw: d.click(user, turn, control["custom_id"], **kw)


async def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            await asyncio.to_thread(process.wait, 20)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.mark.slow
async def test_two_processes_share_four_shards(tmp_path: Path, postgres_url: str) -> None:
    async with DiscordDouble(
        shards=SHARD_COUNT, max_concurrency=SHARD_COUNT, default_timeout=90
    ) as d:
        guilds = [d.add_guild(f"server {i}", shard=(i, SHARD_COUNT)) for i in range(SHARD_COUNT)]
        channels = [d.add_channel(g, "rattus") for g in guilds]
        alice, bob = d.add_user("alice"), d.add_user("bob")
        tables = [Table(d, c, [alice, bob]) for c in channels]
        boards = Boards()
        d.observers.append(boards)
        store = Store(postgres_url)
        procs = {name: start(d, postgres_url, tmp_path, name) for name in PROCESSES}
        try:
            await d.wait_for_ready(shards=range(SHARD_COUNT), shard_count=SHARD_COUNT)
            await store.open()

            games: dict[int, int] = {}

            async def opened(i: int) -> None:
                game = await store.open_game_in(channels[i].id)
                assert game is not None and game.status == "active"
                games[i] = game.id
                boards.seeds[game.id] = game

            # Servers 0 and 2 (one per process): alice against an AI seat, alice away, so
            # the owning process's AI plays every seat to the end.
            for i in (0, 2):
                c = channels[i]
                await (await d.slash(alice, c, "game new", game="rattus", thread=False)).wait_done()
                await (await d.slash(alice, c, "game add-ai")).wait_done()
                await (await d.slash(alice, c, "game start")).wait_done()
                await opened(i)
                await (await d.slash(alice, c, "game away", days=2)).wait_done()
            # Servers 1 and 3: alice and bob click.
            for i in (1, 3):
                c = channels[i]
                await (await d.slash(alice, c, "game new", game="rattus", thread=False)).wait_done()
                await (await d.slash(bob, c, "game join")).wait_done()
                await (await d.slash(alice, c, "game start")).wait_done()
                await opened(i)
            rnd = random.Random(19)
            for _ in range(3):
                await tables[1].play_one(rnd)
                await tables[3].play_one(rnd)

            # The same button of server 3 (process B's) clicked twice at once: over its own
            # shard (B) and over shard 0 (A). One click applies, the other finds it stale.
            while True:
                turn = tables[3].current_turn()
                assert turn is not None
                button = act_button(turn, rnd)
                if button is not None:
                    break
                await tables[3].play_one(rnd)
            user = tables[3].mover(turn)
            assert user is not None
            seq = turn_seq(turn)
            both = await asyncio.gather(button(d, user, turn), button(d, user, turn, via_shard=0))
            await asyncio.gather(*(r.wait_done() for r in both))
            await tables[3].wait_after(seq)
            applied = [a for a in await store.actions(games[3], after=seq) if a.origin == "player"]
            assert len(applied) == 1 and applied[0].seq == seq + 1, applied

            # A click on server 1 (process A's) answered; then A is killed, while its AI game
            # on server 0 is (most likely) still playing.
            turn = tables[1].current_turn()
            assert turn is not None
            user = tables[1].mover(turn)
            assert user is not None
            told = turn_seq(turn)
            button = act_button(turn, rnd)
            if button is None:
                record = await tables[1].play_one(rnd)  # through a picker: answered when done
            else:
                record = await (await button(d, user, turn)).wait_done()
            assert record.done
            # Its turn message shown (a one-tap choice strips the old one at once), so that
            # B has a turn message to take a click on below.
            await tables[1].wait_after(told)
            procs["A"].send_signal(signal.SIGKILL)
            await asyncio.to_thread(procs["A"].wait)
            killed_at = (await store.get_game(games[0])).seq
            answered = [
                a for a in await store.actions(games[1], after=told) if a.origin == "player"
            ]
            assert answered, "the answered click was not stored"

            # While A is down, B takes a click on server 1 (sent over B's shard 2): stored
            # now, shown by A once it is back. B's own game goes on meanwhile.
            await d.wait_for(
                lambda: not any(s.connected for s in d.sessions if s.shard_id in (0, 1))
            )
            latest = await store.get_game(games[1])
            turn = tables[1].current_turn()
            assert turn is not None
            user = tables[1].mover(turn)
            button = act_button(turn, rnd)
            if user is not None and button is not None and turn_seq(turn) == latest.seq:
                r = await (await button(d, user, turn, via_shard=2)).wait_done()
                assert r.done
            await tables[3].play_one(rnd)

            procs["A"] = start(d, postgres_url, tmp_path, "A")
            await d.wait_for_ready(shards=[0, 1], shard_count=SHARD_COUNT)
            # Everything committed on server 1 is shown by the restarted A.
            after_kill = (await store.get_game(games[1])).seq
            await d.wait_for(lambda: boards.last(channels[1].id) >= after_kill)
            assert (await store.get_game(games[0])).seq >= killed_at

            # The people of servers 1 and 3 go away: the AI finishes their games too.
            for i in (1, 3):
                for person in (alice, bob):
                    await (await d.slash(person, channels[i], "game away", days=2)).wait_done()
            for table in tables:
                await d.wait_for(table.over, what=f"the end of the game in {table.channel.name}")

            # Every game ended; each board was shown once, in order, up to the last action.
            for i, c in enumerate(channels):
                game = await store.get_game(games[i])
                assert game.status == "over", (i, game.status)
                await d.wait_for(lambda c=c, game=game: boards.last(c.id) == game.seq)
                seqs = boards.order[c.id]
                assert seqs == sorted(set(seqs)), (i, seqs)
                everyone = [a.seq for a in await store.actions(game.id)]
                assert everyone == list(range(1, game.seq + 1))
            assert boards.twice == []
            assert answered[0].seq <= boards.last(channels[1].id)
        finally:
            await asyncio.gather(*(stop(p) for p in procs.values()))
            await store.close()
