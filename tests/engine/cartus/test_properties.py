"""Random playouts: cards and markers are conserved, rats never go below 0, legal actions are
sorted and are exactly the actions `apply` accepts."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cartus import GAME
from engine.cartus.data import JOKER, SPECIALS, card_ids, population_cards, special_info
from engine.cartus.errors import MalformedAction
from engine.cartus.state import State
from engine.cartus.views import revealed
from engine.core.errors import RulesError
from tests.engine.cartus.builders import random_playout

CANDIDATES = (
    [f"supply {b}" for b in range(1, 5)]
    + [f"supply {b} look {n}" for b in range(1, 4) for n in range(1, 7)]
    + ["pass", "done", "take", "decline"]
    + [f"enter {b}" for b in range(1, 5)]
    + [f"target {p}" for p in range(1, 7)]
    + [f"look {a}" for a in range(1, 7)]
    + [f"look {a} {b}" for a in range(1, 6) for b in range(a + 1, 7)]
    + [f"{verb} {card}" for verb in ("play", "withdraw", "give", "discard") for card in card_ids()]
)


def _live_cards(s: State) -> list[int]:
    """Cards face down in buildings not yet discarded."""
    res = s.res
    return [
        c
        for v in s.visits
        if res is None or v.building > res.building or (v.building == res.building)
        for c in v.cards
    ]


def check_invariants(s: State) -> None:
    everything = list(s.cards.draw) + list(s.cards.discard) + list(s.nuns) + _live_cards(s)
    everything += [c for h in s.hands for c in h]
    population = sorted(c for c in everything if c < JOKER)
    assert population == sorted(population_cards())
    for i in range(len(SPECIALS)):
        card = JOKER + i
        total = int(special_info()[i]["count"]) if card in s.config.specials else 0
        assert everything.count(card) + s.piles[i] == total
    assert all(r >= 0 for r in s.rats) and all(v >= 0 for v in s.vp)
    assert sum(s.vp) + s.marks.vp_supply == 20
    if s.res is not None:
        # Phase D: every visit is over, and the buildings before the current one are revealed.
        assert all(v.done for v in s.visits)
        assert all(revealed(s, v) for v in s.visits if v.building < s.res.building)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    options=st.sampled_from([{}, {"supply": "simultaneous"}, {"buildings": "random"}]),
)
def test_random_games_keep_the_invariants(players: int, seed: int, options: dict[str, str]) -> None:
    last_influence = None
    for k, (s, seat, _action) in enumerate(random_playout(players, seed, options, seed)):
        check_invariants(s)
        if last_influence is not None and s.round == last_influence[0]:
            for before, now in zip(last_influence[1], s.influence, strict=True):
                assert all(a <= b for a, b in zip(before, now, strict=True))
        last_influence = (s.round, s.influence)
        legal = GAME.legal_actions(s, seat)
        assert legal == sorted(legal, key=lambda a: a.sort_key())
        if k % 9 == 0:
            texts = {str(a) for a in legal}
            for text in CANDIDATES:
                try:
                    candidate = GAME.parse_action(text)
                except MalformedAction:
                    continue
                if str(candidate) in texts:
                    GAME.apply(s, seat, candidate)
                    continue
                try:
                    GAME.apply(s, seat, candidate)
                except RulesError:
                    pass
                else:
                    raise AssertionError(f"{text!r} applied but is not legal in {s.phase}")
