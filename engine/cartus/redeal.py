"""Redealing what a seat cannot know: the leak tests' check, and an AI's sample of the unseen.

What a seat (or the public, seat None) cannot know: the other hands, the cards the others placed
face down in buildings not yet resolved, the Population draw pile, the nun cards it has not
looked at, the building deck and the unseen part of the replacement pile. They are dealt again
from the same pieces, keeping every size the view shows and what each place may hold: a Gold or
a Pass is only ever in a hand, a Joker, Sword or Flute in a hand or face down, and the draw pile
and the Nun row hold Population cards only. The discard pile is public (every card in it was
shown). Rat totals are kept: each change of one is a public event and every seat starts with 10,
so the public already knows them in principle (they are only kept out of the views).
"""

from __future__ import annotations

from engine.cartus.data import FLUTE, GOLD, JOKER, PASS, POPULATION_KINDS, SWORD
from engine.cartus.state import Phase, State
from engine.cartus.views import revealed
from engine.core.evolve import evolve
from engine.core.rng import Rng

_HAND_ONLY = (GOLD, PASS)
_FACE_DOWN = (JOKER, SWORD, FLUTE)


def redeal(s: State, seat: int | None, seed: int) -> State:
    """The same position, with everything `seat` cannot know dealt again, and a new seed."""
    rng = Rng(seed)
    if s.phase is not Phase.OVER:
        s, rng = _redeal_cards(s, seat, rng)
        s, rng = _redeal_buildings(s, rng)
    next_seed, rng = rng.below(1 << 62)
    return evolve(s, rng=Rng(next_seed))


def _redeal_cards(s: State, seat: int | None, rng: Rng) -> tuple[State, Rng]:
    others = [p for p in range(s.players) if p != seat]
    hidden_visits = [
        i for i, v in enumerate(s.visits) if v.seat != seat and not revealed(s, v) and v.cards
    ]
    mask = s.looks[seat] if seat is not None else 0
    unseen_nuns = [i for i in range(len(s.nuns)) if not mask >> i & 1]
    pool = [c for p in others for c in s.hands[p]]
    pool += [c for i in hidden_visits for c in s.visits[i].cards]
    pool += list(s.cards.draw) + [s.nuns[i] for i in unseen_nuns]
    # Places: ("h", seat) a card of a hand, ("v", visit) a face-down card; the draw pile and
    # the unseen nun cards take what is left (Population cards only).
    hand_places = [p for p in others for _ in s.hands[p]]
    visit_places = [i for i in hidden_visits for _ in s.visits[i].cards]
    hand_only = sorted(c for c in pool if c in _HAND_ONLY)
    face_down = sorted(c for c in pool if c in _FACE_DOWN)
    population = sorted(c for c in pool if c < POPULATION_KINDS)
    places: list[tuple[str, int]] = [("h", p) for p in hand_places]
    places += [("v", i) for i in visit_places]
    filled: dict[int, int] = {}  # index in places -> card
    free_hand = list(range(len(hand_places)))
    for card in hand_only:
        k, rng = rng.below(len(free_hand))
        filled[free_hand.pop(k)] = card
    free = free_hand + list(range(len(hand_places), len(places)))
    for card in face_down:
        k, rng = rng.below(len(free))
        filled[free.pop(k)] = card
    shuffled, rng = rng.shuffled(population)
    it = iter(shuffled)
    for k in free:
        filled[k] = next(it)
    hands = [list(h) if p == seat else [] for p, h in enumerate(s.hands)]
    cards: dict[int, list[int]] = {i: [] for i in hidden_visits}
    for k, (where, who) in enumerate(places):
        (hands[who] if where == "h" else cards[who]).append(filled[k])
    draw = sorted(next(it) for _ in s.cards.draw)
    nuns = list(s.nuns)
    for i in unseen_nuns:
        nuns[i] = next(it)
    visits = tuple(
        evolve(v, cards=tuple(sorted(cards[i]))) if i in cards else v
        for i, v in enumerate(s.visits)
    )
    cards_now = evolve(
        s.cards,
        hands=tuple(tuple(sorted(h)) for h in hands),
        draw=tuple(draw),
        nuns=tuple(nuns),
    )
    new = evolve(s, cards=cards_now, visits=visits)
    return new, rng


def _redeal_buildings(s: State, rng: Rng) -> tuple[State, Rng]:
    """Nobody knows which buildings are in the deck and which in the unseen replacement pile."""
    table = s.table
    pool = list(table.deck) + list(table.spare)
    shuffled, rng = rng.shuffled(sorted(pool))
    deck = tuple(sorted(shuffled[: len(table.deck)]))
    spare = tuple(sorted(shuffled[len(table.deck) :]))
    return evolve(s, table=evolve(table, deck=deck, spare=spare)), rng
