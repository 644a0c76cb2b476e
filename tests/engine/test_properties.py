"""Random playouts over many seeds and player counts: the invariants of the rules hold."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import RulesError
from engine.rattus import GAME
from engine.rattus.actions import (
    Action,
    EndTurn,
    KingMove,
    MerchantMove,
    MonkMove,
    MovePlague,
    PlaceCubes,
    PlaceOpening,
    PlaceRats,
    TakeCard,
    WitchPeek,
    WitchSwap,
)
from engine.rattus.data import REGIONS, ClassCard
from engine.rattus.state import State

PLAYOUT = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
)


def check_invariants(s: State) -> None:
    b = s.board
    for p in range(s.players):
        on_board = sum(s.cubes[r][p] for r in range(len(REGIONS)))
        assert s.reserve[p] + s.palace[p] + on_board == b.cubes_per_player
        assert min(s.reserve[p], s.palace[p]) >= 0
    assert all(c >= 0 for row in s.cubes for c in row)
    tokens = [t for row in s.board_tokens for t in row]
    everything = tokens + list(s.supply) + list(s.removed) + list(s.revealed)
    assert sorted(everything) == list(range(len(b.faces)))
    assert all(len(row) <= b.max_tokens for row in s.board_tokens)
    for r in range(len(REGIONS)):
        if not b.in_play[r]:
            assert not s.board_tokens[r] and not any(s.cubes[r])
    data = GAME.dump(s)
    assert GAME.load(data) == s
    assert GAME.load(json.loads(json.dumps(data))) == s
    for seat in [None, *range(s.players)]:
        json.dumps(GAME.view(s, seat))


def random_action(rnd: random.Random) -> Action:
    region = lambda: rnd.choice(REGIONS)  # noqa: E731
    kinds: list[Any] = [
        lambda: PlaceOpening(region(), rnd.choice([None, region()])),
        lambda: TakeCard(rnd.choice(list(ClassCard))),
        lambda: PlaceCubes(region(), rnd.randint(0, 5)),
        lambda: KingMove(region()),
        lambda: MonkMove(region(), rnd.randint(0, 3), region()),
        lambda: MerchantMove(region(), region(), rnd.randint(0, 4)),
        lambda: WitchPeek(region(), rnd.randint(0, 3)),
        lambda: WitchSwap(rnd.random() < 0.5),
        lambda: MovePlague(region(), rnd.random() < 0.5),
        lambda: PlaceRats(tuple(region() for _ in range(rnd.randint(0, 3)))),
        lambda: EndTurn(),
    ]
    action: Action = rnd.choice(kinds)()
    return action


def playout(players: int, seed: int, policy: int, exhaustive: bool) -> None:
    rnd = random.Random(policy)
    s = GAME.new_game(players, seed)
    check_invariants(s)
    states = [s]
    moves: list[tuple[int, str]] = []
    events: list[tuple[Any, ...]] = []
    while not GAME.is_over(s):
        movers = GAME.to_move(s)
        assert len(movers) == 1
        (seat,) = movers
        legal = GAME.legal_actions(s, seat)
        assert legal, f"no legal action in phase {s.phase}"
        assert legal == sorted(legal, key=lambda a: a.sort_key())
        assert len(set(legal)) == len(legal)
        for other in range(players):
            if other != seat:
                assert GAME.legal_actions(s, other) == []
        if exhaustive:
            for action in legal:
                GAME.apply(s, seat, action)
        before = GAME.dump(s)
        legal_set = set(legal)
        for _ in range(5):
            bad = random_action(rnd)
            if bad in legal_set:
                continue
            try:
                GAME.apply(s, seat, bad)
            except RulesError:
                pass
            else:
                raise AssertionError(f"{bad} was accepted but is not in legal_actions")
            assert GAME.dump(s) == before
        action = rnd.choice(legal)
        step = GAME.apply(s, seat, action)
        s = step.state
        check_invariants(s)
        states.append(s)
        moves.append((seat, str(action)))
        events.append(step.events)
        assert len(moves) < 2000, "the game does not end"
    assert GAME.to_move(s) == frozenset()
    assert all(GAME.legal_actions(s, p) == [] for p in range(players))
    result = GAME.result(s)
    assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))
    scores = [r["score"] for r in result["ranking"]]
    assert scores == sorted(scores, reverse=True)

    # Replaying the seed and the action texts reproduces every state and every event.
    r = GAME.new_game(players, seed)
    assert r == states[0]
    for (seat, text), expected_events, expected in zip(moves, events, states[1:], strict=True):
        step = GAME.apply(r, seat, GAME.parse_action(text))
        assert step.events == expected_events
        assert step.state == expected
        r = step.state


@PLAYOUT
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    policy=st.integers(min_value=0, max_value=2**32),
)
def test_random_playouts(players: int, seed: int, policy: int) -> None:
    playout(players, seed, policy, exhaustive=False)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    policy=st.integers(min_value=0, max_value=2**32),
)
def test_every_legal_action_applies(players: int, seed: int, policy: int) -> None:
    playout(players, seed, policy, exhaustive=True)
