"""Random playouts over seeds, player counts and variants: the invariants of the rules hold."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.events import Event
from engine.piper import GAME, rules
from engine.piper.components import characters_in_play, deck_counts
from engine.piper.events import FiguresMoved, GameEnded, TurnBegan
from engine.piper.rules import ROOF
from engine.piper.state import Phase, State
from tests.engine.piper.builders import random_playout

VARIANTS = [None, {"variant": "ptits_rats"}, {"variant": "hidden"}]


def check_invariants(s: State) -> None:
    # Every action card is somewhere: pile, discard pile, a hand or under a character.
    held = sum(len(h) for h in s.hands) + sum(len(u) for u in s.under)
    assert sum(s.deck) + sum(s.discard) + held == sum(deck_counts(s.variant))
    # Every Character card of the game is in the display, its pile or its discard pile.
    chars = sorted([*s.display, *s.char_deck, *s.char_discard])
    assert chars == list(characters_in_play(s.players)) and len(s.display) == 4
    assert list(s.char_deck) == sorted(s.char_deck)
    # Every figure stands in exactly one gap; one gap per house in the ring.
    figures = sorted(f for g in s.gaps for f in g)
    assert figures == list(range(len(s.config.owners) + 2))
    assert len(s.gaps) == len(s.ring) and all(list(g) == sorted(g) for g in s.gaps)
    ring = [h for h, o in enumerate(s.config.owners) if o not in s.out]
    assert list(s.ring) == ring
    # Counters: 0 to the roof; only eliminated houses on the roof; neutral houses at 0.
    for house, owner in enumerate(s.config.owners):
        level = s.levels[house]
        if owner < 0:
            assert level == 0
        elif owner in s.out:
            assert level == ROOF
        else:
            assert 0 <= level < ROOF
    # Hands: four cards, minus those placed this turn; none for the eliminated.
    for seat, hand in enumerate(s.hands):
        if seat in s.out:
            assert hand == ()
        elif seat == s.active and s.phase is not Phase.OVER:
            assert len(hand) == 4 - len(s.flow.placed)
        elif s.phase is not Phase.OVER:
            assert len(hand) == 4
    assert all(len(u) <= 2 for u in s.under)
    if s.phase is Phase.PLAY and not s.flow.placed:
        assert all(len(u) <= 1 for u in s.under)
    if s.variant.value != "hidden":
        assert not any(p.hidden for u in s.under for p in u)
    # A counter is held once at most, never by its own seat.
    taken = [p for c in s.collected for p in c]
    assert len(taken) == len(set(taken)) and set(taken) <= set(s.out)
    assert all(seat not in c for seat, c in enumerate(s.collected))
    if s.phase is not Phase.OVER:
        assert s.active not in s.out


def check_events(events: tuple[Event, ...], turn: int) -> int:
    for event in events:
        json.dumps(event.to_dict())
        if isinstance(event, FiguresMoved):
            assert len(event.crossings) == event.houses or event.interrupted
        if isinstance(event, TurnBegan):
            assert event.turn == turn + 1
            turn = event.turn
    return turn


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**62),
    variant=st.sampled_from(VARIANTS),
)
def test_random_games_keep_the_invariants(
    players: int, seed: int, variant: dict[str, str] | None
) -> None:
    turn = 1
    last: State | None = None
    for state, seat, action in random_playout(players, seed, variant, policy_seed=seed):
        check_invariants(state)
        step = GAME.apply(state, seat, action)
        turn = check_events(step.events, turn)
        last = step.state
        if GAME.is_over(last):
            assert isinstance(step.events[-1], GameEnded)
    assert last is not None and GAME.is_over(last)
    check_invariants(last)
    left = [p for p in range(players) if p not in last.out]
    assert len(left) == (1 if players == 2 else 2)
    assert last.reason == ("roof" if players == 2 else "two_left")
    result = GAME.result(last)
    assert [r["rank"] for r in result["ranking"]] == sorted(r["rank"] for r in result["ranking"])
    assert GAME.view(last, None)["result"] == result
    assert GAME.load(json.loads(json.dumps(GAME.dump(last)))) == last


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**62),
    variant=st.sampled_from(VARIANTS),
)
def test_a_trial_apply_ends_in_the_same_state_but_the_record(
    players: int, seed: int, variant: dict[str, str] | None
) -> None:
    """`rules.apply(..., trial=True)` (what the AI uses) skips events, not rules."""
    from dataclasses import replace

    from engine.piper import rules

    for state, seat, action in random_playout(players, seed, variant, policy_seed=seed):
        real = rules.apply(state, seat, action).state
        trial = rules.apply(state, seat, action, trial=True).state
        assert replace(trial, recent=None) == replace(real, recent=None)


def test_shared_records_stay_few_and_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The records and events the rules share (one instance per value) fill a table that
    starts afresh when full: a bot runs for weeks and a turn number has no end. With a tiny
    table the same games give the same states and events."""

    def played(options: dict[str, str] | None) -> list[str]:
        out = []
        s = GAME.new_game(4, 7, options)
        rnd = random.Random(3)
        while not GAME.is_over(s):
            seat = min(GAME.to_move(s))
            step = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))
            s = step.state
            out.append(json.dumps([GAME.dump(s), [e.to_dict() for e in step.events]]))
        return out

    for options in VARIANTS:
        wide = played(options)
        monkeypatch.setattr(rules, "SHARED_LIMIT", 8)
        rules._SHARED.clear()
        assert played(options) == wide
        assert len(rules._SHARED) <= 8
        monkeypatch.undo()
