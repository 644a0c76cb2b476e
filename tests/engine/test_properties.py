"""Random playouts over many seeds and player counts: the invariants of the rules hold."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import RulesError
from engine.rattus import GAME, default_reaction
from engine.rattus.actions import (
    Action,
    ChooseRavage,
    Decline,
    EndTurn,
    Explore,
    KeepCard,
    KingMove,
    MerchantMove,
    MonkMove,
    MoveCaravan,
    MovePlague,
    PlaceCaravan,
    PlaceCubes,
    PlaceDiplomat,
    PlaceOpening,
    PlaceRats,
    Protect,
    SetStanding,
    TakeCard,
    UseAstronomer,
    UseExplorer,
    WitchPeek,
    WitchSwap,
)
from engine.rattus.data import REGIONS, ClassCard, region_cards
from engine.rattus.state import Phase, Standing, State

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
    if s.africa is not None:
        check_africa(s)
    data = GAME.dump(s)
    assert GAME.load(data) == s
    assert GAME.load(json.loads(json.dumps(data))) == s
    for seat in [None, *range(s.players)]:
        json.dumps(GAME.view(s, seat))


def check_africa(s: State) -> None:
    afr = s.africa
    assert afr is not None
    b = s.board
    rv = afr.ravage
    played = [c for _, c, _ in (*rv.protections, *rv.pending)] if rv else []
    cards = [c for h in afr.hands for c in h] + [*afr.deck, *afr.discard, *afr.drawn, *played]
    assert sorted(cards) == list(b.region_cards)
    for pile in (*afr.hands, afr.deck, afr.discard):
        assert list(pile) == sorted(pile)
    for r, mask in enumerate(afr.diplomats):
        for p in range(s.players):
            if mask >> p & 1:
                assert b.in_play[r] and s.cubes[r][p] >= 1
    assert sum(bin(m).count("1") for m in afr.diplomats) <= b.diplomats
    caravaneer = ClassCard.CARAVANEER in s.cards
    assert (afr.caravan >= 0) == (caravaneer and s.phase not in (Phase.OPENING, Phase.CARAVAN))
    assert (s.phase is Phase.REACTION) == (rv is not None)
    if rv is not None:
        assert rv.asked and list(rv.asked) == sorted(set(rv.asked))
        assert rv.token in s.revealed and rv.token not in s.supply
    assert bool(afr.drawn) == (s.phase in (Phase.ASTRONOMER, Phase.EXPLORER))
    assert not afr.left or s.ending is not None


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
        lambda: MerchantMove(region(), region(), rnd.randint(1, 3), True),
        lambda: PlaceCaravan(region()),
        lambda: MoveCaravan(region(), region()),
        lambda: UseAstronomer(),
        lambda: KeepCard(rnd.randint(0, 3)),
        lambda: UseExplorer(),
        lambda: Explore(rnd.choice([None, region()])),
        lambda: PlaceDiplomat(region()),
        lambda: Protect(rnd.choice(region_cards()).id, rnd.choice(list(ClassCard))),
        lambda: Decline(),
        lambda: ChooseRavage(region()),
    ]
    action: Action = rnd.choice(kinds)()
    return action


def playout(players: int, seed: int, policy: int, exhaustive: bool, expansion: str = "") -> None:
    rnd = random.Random(policy)
    options = {"expansion": expansion} if expansion else None
    s = GAME.new_game(players, seed, options)
    check_invariants(s)
    states = [s]
    moves: list[tuple[int, str]] = []
    events: list[tuple[Any, ...]] = []
    if expansion:
        # Standing orders, set off-turn: a random mix, so reaction windows open.
        for p in range(players):
            step = GAME.apply(s, p, SetStanding(rnd.choice(list(Standing))))
            s = step.state
            states.append(s)
            moves.append((p, str(SetStanding(s.africa.standing[p]))))  # type: ignore[union-attr]
            events.append(step.events)
    while not GAME.is_over(s):
        movers = GAME.to_move(s)
        assert movers
        if s.phase is not Phase.REACTION:
            assert len(movers) == 1
        seat = rnd.choice(sorted(movers))
        legal = GAME.legal_actions(s, seat)
        assert legal, f"no legal action in phase {s.phase}"
        assert legal == sorted(legal, key=lambda a: a.sort_key())
        assert len(set(legal)) == len(legal)
        for other in range(players):
            if other not in movers:
                assert GAME.legal_actions(s, other) == []
            else:
                assert GAME.legal_actions(s, other)
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
        if s.phase is Phase.REACTION:
            default = default_reaction(s, seat)
            assert default in legal_set
            if rnd.random() < 0.5:
                action = default
        if expansion and rnd.random() < 0.02:
            # Now and then someone (anyone) changes their standing order.
            seat = rnd.randrange(players)
            action = SetStanding(rnd.choice(list(Standing)))
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
    r = GAME.new_game(players, seed, options)
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
@pytest.mark.slow
def test_random_playouts(players: int, seed: int, policy: int) -> None:
    playout(players, seed, policy, exhaustive=False)


@PLAYOUT
@given(
    players=st.sampled_from([2, 3, 4, 5, 6]),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    policy=st.integers(min_value=0, max_value=2**32),
)
@pytest.mark.slow
def test_random_africanus_playouts(players: int, seed: int, policy: int) -> None:
    playout(players, seed, policy, exhaustive=False, expansion="africanus")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    policy=st.integers(min_value=0, max_value=2**32),
)
@pytest.mark.slow
def test_every_legal_action_applies(players: int, seed: int, policy: int) -> None:
    playout(players, seed, policy, exhaustive=True)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4, 5, 6]),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    policy=st.integers(min_value=0, max_value=2**32),
)
@pytest.mark.slow
def test_every_legal_africanus_action_applies(players: int, seed: int, policy: int) -> None:
    playout(players, seed, policy, exhaustive=True, expansion="africanus")
