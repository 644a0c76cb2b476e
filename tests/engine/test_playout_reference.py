"""Random playouts of every game, variant and player count give, step by step, what the engine
gave before its speed work (issue 28): the same decisions, legal actions, events, dumps, views
and results; and dumps written then still load and play on to the same end.

The reference (playout_reference.json, made with the engine of commit 4fb9a6b) holds a SHA-256
per seeded playout of everything listed in `_trajectory`, and three mid-game dumps with the
actions that followed them and the final dump's SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.core.contract import Game
from engine.core.registry import get_game

REFERENCE = json.loads((Path(__file__).parent / "playout_reference.json").read_text("utf-8"))


def _json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def _trajectory(game: Game[Any, Any], players: int, seed: int, options: dict[str, Any]) -> str:
    # Exactly what made the reference: change nothing here without making it again.
    rnd = random.Random(seed)
    s = game.new_game(players, seed, options or None)
    h = hashlib.sha256(_json([e.to_dict() for e in game.setup_events(s)]))
    i = 0
    while not game.is_over(s):
        d = game.decision(s)
        seats = sorted(game.to_move(s))
        seat = rnd.choice(seats)
        legal = game.legal_actions(s, seat)
        a = rnd.choice(legal)
        h.update(_json([repr(d), seat, [str(x) for x in legal], str(a)]))
        step = game.apply(s, seat, a)
        h.update(_json([e.to_dict() for e in step.events]))
        if i % 10 == 0:
            h.update(_json(game.dump(step.state)))
            for v in (None, seat):
                h.update(_json(game.view(step.state, v)))
        s = step.state
        i += 1
    h.update(_json(game.dump(s)))
    h.update(_json(game.result(s)))
    for v in (None, *range(players)):
        h.update(_json(game.view(s, v)))
    return h.hexdigest()


@pytest.mark.parametrize("key", sorted(REFERENCE["trajectories"]))
def test_playout_matches_the_reference(key: str) -> None:
    """Decisions, legal actions, events, dumps, views and the result, step by step."""
    name, rest = key.split(" ", 1)
    options_text, players, seed = rest.rsplit(" ", 2)
    expected = REFERENCE["trajectories"][key]["sha256"]
    game = get_game(name)
    assert _trajectory(game, int(players), int(seed), json.loads(options_text)) == expected


@pytest.mark.parametrize("case", REFERENCE["old_dumps"], ids=lambda c: c["game"])
def test_an_old_dump_loads_and_plays_on(case: dict[str, Any]) -> None:
    """A dump made by the old engine loads, dumps back the same, and the same actions lead to
    the same final dump."""
    game = get_game(case["game"])
    s = game.load(case["dump"])
    assert game.dump(s) == case["dump"]
    for seat, text in case["actions"]:
        s = game.apply(s, seat, game.parse_action(text)).state
    assert game.is_over(s)
    assert hashlib.sha256(_json(game.dump(s))).hexdigest() == case["final_sha256"]
