"""Africanus region cards against the plague: which cards fit, and the default policy.

A region card fits a class card when it shows the card's class symbol or the "?" wildcard.
Played on a class card during a ravage, it makes that class card count as not held for the
rest of the region's ravage (never against M or A).

The default policy, used for the standing order `always` and for a reaction that timed out:

- play cards only when they save at least one cube on the rat token just revealed. A token
  costing a seat `hits` cubes when it has `cubes` there takes min(hits, cubes); protecting j
  of the class cards it hits takes min(hits - j, cubes), so j cards save a cube only from
  j >= hits - cubes + 1 on, and every card past that saves one more;
- then protect as many of the class cards hit as the hand allows (a largest matching of hand
  cards to class cards), since each of those cards saves a cube;
- among the matchings of that size, spend the cards worth least at the end: first the cards
  whose region the seat cannot score (no majority there now, or a second card of a region,
  which scores once), keeping "?" wildcards for last; the cost of a card is
  2 * (it would score) + 1 * (it is a wildcard), summed over the cards played;
- ties go to the matching whose (card, class card) pairs come first in data order.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.rattus.data import REGION_INDEX, ClassCard, RegionCardFace, card_symbol, region_cards

Pair = tuple[int, ClassCard]  # (region card, class card it protects)


@cache
def _faces() -> tuple[RegionCardFace, ...]:
    return region_cards()


@cache
def card_region(card: int) -> int:
    """Region index of a region card."""
    return REGION_INDEX[_faces()[card].region]


@cache
def fits(card: int, class_card: ClassCard) -> bool:
    """True when region card `card` may protect `class_card`."""
    face = _faces()[card]
    return face.wild or card_symbol(class_card) in face.symbols


def card_costs(hand: Sequence[int], seat: int, cubes: Sequence[Sequence[int]]) -> dict[int, int]:
    """What each card of the hand is worth keeping, for the default policy (lower: spend first)."""
    faces = _faces()
    regions = [card_region(c) for c in hand]
    costs: dict[int, int] = {}
    for c, r in zip(hand, regions, strict=True):
        row = cubes[r]
        mine = row[seat]
        scores = mine > 0 and mine == max(row) and regions.count(r) == 1
        costs[c] = 2 * scores + faces[c].wild
    return costs


_CARD_ORDER = {c: i for i, c in enumerate(ClassCard)}


def matching(
    hand: Sequence[int], targets: Sequence[ClassCard], costs: dict[int, int] | None = None
) -> tuple[Pair, ...]:
    """A largest set of (hand card, class card) pairs, each card and class card used once,
    every card fitting its class card; the cheapest such set, then the first in data order."""
    options = [[c for c in hand if fits(c, t)] for t in targets]
    if not any(options):
        return ()
    best: tuple[Pair, ...] = ()
    best_key: tuple[int, int, tuple[Pair, ...]] | None = None
    order = _CARD_ORDER

    def go(i: int, used: frozenset[int], chosen: tuple[Pair, ...]) -> None:
        nonlocal best, best_key
        if i == len(targets):
            pairs = tuple(sorted(chosen, key=lambda p: (p[0], order[p[1]])))
            cost = sum(costs[c] for c, _ in chosen) if costs else 0
            key = (-len(chosen), cost, pairs)
            if best_key is None or _less(key, best_key, order):
                best, best_key = pairs, key
            return
        for c in options[i]:
            if c not in used:
                go(i + 1, used | {c}, (*chosen, (c, targets[i])))
        go(i + 1, used, chosen)

    go(0, frozenset(), ())
    return best


def _less(
    a: tuple[int, int, tuple[Pair, ...]],
    b: tuple[int, int, tuple[Pair, ...]],
    order: dict[ClassCard, int],
) -> bool:
    if a[:2] != b[:2]:
        return a[:2] < b[:2]
    return [(c, order[k]) for c, k in a[2]] < [(c, order[k]) for c, k in b[2]]


def plan(
    hand: Sequence[int],
    targets: Sequence[ClassCard],
    hits: int,
    cubes: int,
    costs: dict[int, int] | None = None,
) -> tuple[Pair, ...]:
    """The protections the default policy plays on this reveal; empty unless they save a cube.

    `targets` are the seat's unprotected class cards the token hits, `hits` every cube the
    token would cost the seat (M and A included) and `cubes` the seat's cubes in the region.
    """
    if not targets or not hand or cubes <= 0 or hits <= 0:
        return ()
    pairs = matching(hand, targets, costs)
    needed = max(1, hits - cubes + 1)
    return pairs if len(pairs) >= needed else ()
