"""The Cartus AI: legal, deterministic, pure, answers every decision (windows included), and
beats random players."""

from __future__ import annotations

import copy
import json
import random

import pytest

from bot.games.cartus.ai import decide
from engine.cartus import GAME


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"supply": "simultaneous"}), (4, {"buildings": "random"}), (5, {})],
)
def test_the_ai_plays_whole_games_with_legal_actions_from_its_view(
    players: int, options: dict[str, str]
) -> None:
    s = GAME.new_game(players, 17, options)
    phases: set[str] = set()
    step = 0
    while not GAME.is_over(s):
        seat = min(GAME.to_move(s))
        legal = GAME.legal_actions(s, seat)
        view = GAME.view(s, seat)
        frozen = json.dumps(view, sort_keys=True)
        action = decide(copy.deepcopy(view), legal, random.Random(step))
        assert action in legal
        assert json.dumps(view, sort_keys=True) == frozen
        # The same view and the same random stream give the same choice.
        assert decide(view, legal, random.Random(step)) == action
        phases.add(GAME.decision(s).phase)
        s = GAME.apply(s, seat, action).state
        step += 1
    assert {"supply", "visit", "place", "gain"} <= phases


def test_the_ai_decides_from_what_it_may_see() -> None:
    """Redealing what the AI's seat cannot know changes nothing it decides."""
    rnd = random.Random(2)
    s = GAME.new_game(4, 23)
    for step in range(120):
        seat = min(GAME.to_move(s))
        legal = GAME.legal_actions(s, seat)
        action = decide(GAME.view(s, seat), legal, random.Random(step))
        other = GAME.redeal(s, seat, rnd.getrandbits(60))
        assert (
            decide(GAME.view(other, seat), GAME.legal_actions(other, seat), random.Random(step))
            == action
        )
        s = GAME.apply(s, seat, action).state


def ai_game(seed: int, ai_seat: int, players: int = 3) -> bool:
    """One seeded game, the AI at `ai_seat` and random players elsewhere: did the AI win?"""
    s = GAME.new_game(players, seed)
    step = 0
    while not GAME.is_over(s):
        seat = min(GAME.to_move(s))
        legal = GAME.legal_actions(s, seat)
        rnd = random.Random(f"{seed}:{step}:{seat}")
        action = decide(GAME.view(s, seat), legal, rnd) if seat == ai_seat else rnd.choice(legal)
        s = GAME.apply(s, seat, action).state
        step += 1
    return ai_seat in GAME.result(s)["winners"]


def test_the_ai_beats_two_random_players() -> None:
    """The goal is 80 % of seeded 3-player games (bench/cartus.py measures it on 100 or
    more); twenty games here, the AI turning round the table."""
    wins = sum(ai_game(500 + k, k % 3) for k in range(20))
    assert wins >= 16
