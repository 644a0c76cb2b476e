"""Redealing what a seat cannot know: the leak tests' check, and an AI's sample of the unseen."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.core.rng import Rng
from engine.piper.components import CARD_INDEX
from engine.piper.rules import draw_cards, sorted_hand
from engine.piper.state import Placed, State


def redeal(s: State, seat: int | None, seed: int) -> State:
    """Deal again, from the same cards, every action card `seat` (None = the public) cannot
    see: the other hands, the draw pile and the other seats' face-down cards. The Character
    pile has no order to redeal (it is drawn from at random). Then a new seed for what comes
    next."""
    rng = Rng(seed)
    pool = list(s.deck)
    others = [p for p in range(s.players) if p != seat]
    for p in others:
        for c in s.hands[p]:
            pool[CARD_INDEX[c]] += 1
    for row in s.under:
        for placed in row:
            if placed.hidden and placed.seat != seat:
                pool[CARD_INDEX[placed.card]] += 1
    hands = list(s.hands)
    for p in others:
        cards, rng = draw_cards(pool, len(s.hands[p]), rng)
        hands[p] = sorted_hand(cards)
    under = []
    for row in s.under:
        new_row = []
        for placed in row:
            if placed.hidden and placed.seat != seat:
                (card,), rng = draw_cards(pool, 1, rng)
                placed = Placed(card, placed.seat, True)
            new_row.append(placed)
        under.append(tuple(new_row))
    next_seed, rng = rng.below(1 << 62)
    return evolve(
        s,
        hands=tuple(hands),
        under=tuple(under),
        deck=tuple(pool),
        rng=Rng(next_seed),
    )
