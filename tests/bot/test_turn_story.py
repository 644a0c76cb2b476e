"""One message per turn that tells the story: a Components V2 layout (whom it asks, then
everything since the pinged player's last decision, then the board and the controls), earlier
turn messages shrunk to one line, and a player's private DM edited in place."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.compose import paragraphs, told_in_full, turn_summary
from bot.feed import Told
from bot.games.rattus import ADAPTER
from discord_double.models import FLAG_COMPONENTS_V2
from tests.bot.harness import current_turn, game_over, running_bot, table, two_player_game, world

NAMES = ["Alice", "Bob"]


def moved(seat: int, region: str) -> dict[str, object]:
    return {"type": "plague_moved", "seat": seat, "region": region, "to": region}


def test_actions_are_grouped_per_player_and_a_private_choice_names_nobody() -> None:
    told = [
        Told(0, [{"type": "cubes_placed", "seat": 0, "region": "gallia", "count": 2}]),
        Told(0, [{"type": "cubes_placed", "seat": 0, "region": "iberia", "count": 1}]),
        Told(None, [{"type": "cubes_placed", "seat": 1, "region": "italia", "count": 1}]),
        Told(1, [{"type": "cubes_placed", "seat": 1, "region": "anglia", "count": 3}]),
        Told(1, []),  # nothing public: no line, no group
    ]
    groups = paragraphs(told, ADAPTER, NAMES, "en")
    assert [len(g) for g in groups] == [2, 1, 1]
    text = told_in_full(groups, "en", "/game log")
    assert text.count("\n") == 2 and " · " in text.splitlines()[0]


def test_a_long_story_keeps_its_newest_groups_and_counts_the_rest() -> None:
    groups = [[f"line {g}.{k} " + "x" * 80 for k in range(3)] for g in range(30)]
    text = told_in_full(groups, "en", "/game log", limit=1200)
    assert len(text) <= 1200 + 100
    assert "line 29.2" in text and "line 0.0" not in text
    head = text.splitlines()[0]
    assert "more lines in /game log" in head
    kept = text.count("line ")
    assert str(90 - kept) in head  # every line left out is counted, none silently


def test_an_earlier_turn_shrinks_to_one_line() -> None:
    assert turn_summary(["a", "b"], "en") == "a · b"
    long = turn_summary(["x" * 400], "fr")
    assert len(long) == 300 and long.endswith("…")
    assert turn_summary([], "fr").startswith("⏮️")


@pytest.mark.slow
async def test_the_table_reads_one_message_per_turn(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w):
        d = w.double
        await two_player_game(w)
        players = table(w)
        rnd = random.Random(5)
        for _ in range(12):
            if game_over(w):
                break
            await players.play_one(rnd)
        turn = current_turn(w)
        assert turn is not None
        # The current turn: one V2 layout, the ping first, its board shown in the layout.
        assert turn.flags & FLAG_COMPONENTS_V2 and not turn.content
        first = turn.text.splitlines()[0]
        assert first.startswith("➡️") and "<@" in first
        assert [a.filename for a in turn.media] == [a.filename for a in turn.attachments]
        # The board in two pictures near 4:3, each a gallery of its own (the whole width).
        assert [a.filename.rsplit("-", 1)[1] for a in turn.attachments] == [
            "map.png",
            "players.png",
        ]
        galleries = [
            c for top in turn.components for c in top.get("components", []) if c["type"] == 12
        ]
        assert [len(g["items"]) for g in galleries] == [1, 1]
        # The story since the pinged player's last decision: the other player's moves.
        mover = players.mover(turn)
        assert mover is not None
        other = "Bob" if mover is w.alice else "Alice"
        assert other.lower() in turn.text.lower()
        # Every earlier turn message is one line now: no board, no controls.
        public = [m for m in d.channel_messages(w.channel) if m.flags & FLAG_COMPONENTS_V2]
        earlier = [m for m in public if m.id != turn.id]
        assert len(earlier) >= 3
        for m in earlier:
            assert "\n" not in m.text.strip() and not m.attachments and not m.interactive
        # One board in the whole channel: the newest.
        assert sum(bool(m.attachments) for m in d.channel_messages(w.channel)) == 1
        # A turn message uploads its board once: its edits (the story growing, the controls
        # changing) keep that attachment, until the turn ends and it shrinks without one.
        edited = 0
        for m in d.channel_messages(w.channel):
            versions = [*(r.attachments for r in m.edits), m.attachments]
            uploads = {tuple(a.id for a in found) for found in versions if found}
            assert len(uploads) <= 1, (m.id, uploads)
            edited += sum(1 for found in versions if found) > 1
        assert edited  # some board was kept by an edit
