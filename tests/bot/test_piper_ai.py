"""The Pied Piper AI: legal, deterministic, blind to what its seat cannot see, and strong."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator

import pytest

from bot.games.piper.ai import decide, from_view
from engine.piper import GAME
from engine.piper.actions import ChooseFirst, PlayCard
from engine.piper.state import State
from tests.engine.piper.builders import play, position, random_playout

# A sample of the benchmark (`python -m bench.piper` plays 300 games): fixed seeds, so the
# test is deterministic; random play wins about a third of 3-player games.
SAMPLE_GAMES = 30
SAMPLE_WINS = 25


def ai_game(seed: int, ai: int, players: int = 3, options: object = None) -> Iterator[State]:
    """Each state of a game where `ai` plays the AI and the others play at random; the last
    state yielded is the finished game."""
    s = GAME.new_game(players, seed, options)  # type: ignore[arg-type]
    step = 0
    while not GAME.is_over(s):
        yield s
        seat = s.active
        legal = GAME.legal_actions(s, seat)
        rnd = random.Random(f"{seed}:{step}:{seat}")
        if seat == ai:
            action = decide(GAME.view(s, seat), legal, rnd)
            assert action in legal
        else:
            action = rnd.choice(legal)
        s = GAME.apply(s, seat, action).state
        step += 1
    yield s


@pytest.mark.slow
def test_the_ai_beats_two_random_players() -> None:
    wins = 0
    for seed in range(SAMPLE_GAMES):
        *_, last = ai_game(seed, seed % 3)
        wins += GAME.result(last)["winner"] == seed % 3
    assert wins >= SAMPLE_WINS


@pytest.mark.slow
@pytest.mark.parametrize("variant", [None, {"variant": "ptits_rats"}, {"variant": "hidden"}])
@pytest.mark.parametrize("players", [2, 5])
def test_every_decision_is_legal(players: int, variant: dict[str, str] | None) -> None:
    """Whole games where every seat is the AI: every phase answered with a legal action."""
    s = GAME.new_game(players, 17, variant)
    phases = set()
    step = 0
    while not GAME.is_over(s):
        seat = s.active
        legal = GAME.legal_actions(s, seat)
        action = decide(GAME.view(s, seat), legal, random.Random(step))
        assert action in legal
        phases.add(s.phase.value)
        s = GAME.apply(s, seat, action).state
        step += 1
    assert "play" in phases


def test_same_view_same_choice_and_blind_to_the_unseen() -> None:
    """Deterministic, the view left as it was, and dealing again what the seat cannot see
    (the other hands, the pile, the others' face-down cards) changes nothing."""
    shuffler = random.Random(5)
    checked = 0
    for k, (s, seat, _) in enumerate(random_playout(4, 23, {"variant": "hidden"}, 23)):
        if k % 3:
            continue
        view = GAME.view(s, seat)
        text = json.dumps(view, sort_keys=True)
        legal = GAME.legal_actions(s, seat)
        first = decide(view, legal, random.Random(k))
        assert decide(json.loads(text), list(legal), random.Random(k)) == first
        assert decide(copy.deepcopy(view), legal, random.Random(k)) == first
        assert json.dumps(view, sort_keys=True) == text
        other = GAME.redeal(s, seat, shuffler.getrandbits(62))
        assert GAME.legal_actions(other, seat) == legal
        assert decide(GAME.view(other, seat), legal, random.Random(k)) == first
        checked += 1
    assert checked > 5


def test_the_rebuilt_state_matches_the_view() -> None:
    for s, seat, _ in list(random_playout(5, 3, {"variant": "hidden"}, 3))[::5]:
        view = GAME.view(s, seat)
        rebuilt = from_view(view, random.Random(1))
        # All but the record of the last turn's moves, which the AI does not need.
        assert {**GAME.view(rebuilt, seat), "recent": None} == {**view, "recent": None}
        assert GAME.legal_actions(rebuilt, seat) == GAME.legal_actions(s, seat)


def _endgame(levels: dict[int, int]) -> State:
    """Three players, the AI (seat 0) to play: the yellow rat, loaded with a Forward 1, faces
    seat 1's house at 6."""
    return position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 2)]},
        hands={0: ["forward1", "sewer", "sewer", "sewer"]},
        levels=levels,
    )


def test_the_ai_ends_the_game_when_it_wins() -> None:
    """Lowest of the three, it completes the yellow rat and wins at once."""
    s = _endgame({0: 1, 1: 6, 2: 4})
    action = decide(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(0))
    s, _ = play(s, (0, str(action)))
    if not GAME.is_over(s):
        action = decide(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(0))
        s, _ = play(s, (0, str(action)))
    assert GAME.is_over(s) and GAME.result(s)["winner"] == 0


def test_the_ai_does_not_end_the_game_when_it_would_lose() -> None:
    """Above seat 2, completing the yellow rat would end the game in seat 2's favour."""
    s = _endgame({0: 4, 1: 6, 2: 1})
    for _ in range(2):
        action = decide(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(0))
        assert not (isinstance(action, PlayCard) and action.slot == 1), str(action)
        s, _ = play(s, (0, str(action)))
    assert not GAME.is_over(s)


def test_the_ai_orders_two_activations_to_its_advantage() -> None:
    """The piper and the yellow rat both cross the AI's own house: the rat first, then the
    piper, leaves it where it was; the other order raises it."""
    s = position(
        3,
        gaps={0: ["red"], 1: ["blue"], 2: ["piper", "yellow", "green"]},
        display=("piper", "yellow", "blue", "green"),
        under={1: [("forward1", 1)], 2: [("forward1", 2)]},
        hands={0: ["forward1", "forward1", "sewer", "sewer"]},
        levels={0: 0, 1: 2, 2: 2},
    )
    s, _ = play(s, (0, "play forward1 1"), (0, "play forward1 2"))
    legal = GAME.legal_actions(s, 0)
    assert legal == [ChooseFirst(1), ChooseFirst(2)]
    assert decide(GAME.view(s, 0), legal, random.Random(0)) == ChooseFirst(2)
