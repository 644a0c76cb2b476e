"""Redealing what a seat cannot know: the leak tests' check, and an AI's sample of the unseen."""

from __future__ import annotations

import random

from engine.core.evolve import evolve
from engine.core.rng import Rng
from engine.rattus.rules import _by_symbol, _hits, window_plays
from engine.rattus.state import Africa, Phase, Ravage, Standing, State


def hidden_hands(s: State, seat: int | None) -> list[int]:
    """Seats whose hand of region cards `seat` cannot see (every other seat's, until the end)."""
    if s.phase is Phase.OVER:
        return []
    return [p for p in range(s.players) if p != seat]


def secret_drawn(s: State, seat: int | None) -> bool:
    """The Astronomer's drawn cards are secret to everyone but their owner."""
    return s.phase is Phase.ASTRONOMER and seat != s.active


def redeal(s: State, seat: int | None, seed: int) -> State:
    """Permute every token and region card `seat` cannot know among the places they occupy,
    give the other seats any standing orders, and draw a new seed for what comes next.

    Canonical: the result depends only on what `seat` knows (and `seed`), never on where the
    unseen pieces truly lie, so two states `seat` cannot tell apart redeal alike (an AI that
    samples with it decides the same in both). Hence the sorted pools before each shuffle.

    A redeal is a sample (for an AI's search, or a leak test), not a move of the game: it
    shuffles with Python's generator seeded by `seed`, several times cheaper than the game's
    hashed draws (a redeal starts every iteration of the search), and gives the redealt game
    a generator of its own.
    """
    rng = random.Random(seed)
    known = s.known[seat] if seat is not None else frozenset()
    slots: list[tuple[int, int]] = []
    hidden: list[int] = []
    for r, row in enumerate(s.board_tokens):
        for pos, token in enumerate(row):
            if token not in known:
                slots.append((r, pos))
                hidden.append(token)
    hidden += list(s.supply) + list(s.removed)
    shuffled = _shuffled(sorted(hidden), rng)
    rows = [list(row) for row in s.board_tokens]
    it = iter(shuffled)
    for r, pos in slots:
        rows[r][pos] = next(it)
    rest = list(it)
    supply = tuple(sorted(rest[: len(s.supply)]))
    removed = tuple(sorted(rest[len(s.supply) :]))
    # What the other seats looked at follows the places they looked at (public), not the
    # true tokens: they now know the token dealt there.
    where = {token: (r, pos) for r, pos in slots for token in (s.board_tokens[r][pos],)}
    known_now = tuple(
        k if p == seat or not k & where.keys() else _moved(k, where, rows)
        for p, k in enumerate(s.known)
    )
    africa = s.africa
    if africa is not None:
        africa = _redeal_cards(s, africa, seat, rng)
    next_seed = rng.getrandbits(62)
    return evolve(
        s,
        board_tokens=tuple(tuple(r) for r in rows),
        supply=supply,
        removed=removed,
        rng=Rng(next_seed),
        africa=africa,
        known=known_now,
    )


def _moved(
    k: frozenset[int], where: dict[int, tuple[int, int]], rows: list[list[int]]
) -> frozenset[int]:
    return frozenset(rows[where[t][0]][where[t][1]] if t in where else t for t in k)


_STANDINGS = tuple(Standing)


def _shuffled(items: list[int], rng: random.Random) -> list[int]:
    rng.shuffle(items)
    return items


def _redeal_cards(s: State, afr: Africa, seat: int | None, rng: random.Random) -> Africa:
    others = hidden_hands(s, seat)
    hands = list(afr.hands)
    ravage = afr.ravage
    if ravage is not None and ravage.pending:
        # The cards other seats played unseen in an open window are still, for `seat`, in
        # their hands (the public hand sizes count them): they go back there, to be dealt
        # again with the rest.
        for p, card, _ in ravage.pending:
            if p in others:
                hands[p] = (*hands[p], card)
        ravage = evolve(ravage, pending=tuple(x for x in ravage.pending if x[0] not in others))
    pool = [c for p in others for c in hands[p]] + list(afr.deck) + list(afr.discard)
    drawn_secret = secret_drawn(s, seat)
    if drawn_secret:
        pool += list(afr.drawn)
    shuffled = _shuffled(sorted(pool), rng)
    it = iter(shuffled)
    for p in others:
        hands[p] = tuple(sorted(next(it) for _ in hands[p]))
    deck = tuple(sorted(next(it) for _ in afr.deck))
    discard = tuple(sorted(next(it) for _ in afr.discard))
    drawn = tuple(next(it) for _ in afr.drawn) if drawn_secret else afr.drawn
    standing = list(afr.standing)
    for p in range(s.players):
        if p != seat:
            standing[p] = _STANDINGS[rng.randrange(len(_STANDINGS))]
    if ravage is not None and seat is not None and seat in ravage.asked and others:
        ravage = _window_again(s, ravage, seat, others, hands, standing)
    return evolve(
        afr,
        hands=tuple(hands),
        deck=deck,
        discard=discard,
        drawn=drawn,
        standing=tuple(standing),
        ravage=ravage,
    )


def _window_again(
    s: State,
    ravage: Ravage,
    seat: int,
    others: list[int],
    hands: list[tuple[int, ...]],
    standing: list[Standing],
) -> Ravage:
    """The open window as the other seats' dealt hands and standing orders would have made
    it: who else it asks and what their "always" orders play at once (their cards leave
    `hands`). Who is asked is as secret as the hands and orders behind it; the seat asked
    (whose AI searches with this) only knows it is. Those others start afresh: whoever of
    them had answered, and how, is unknown too."""
    face = s.config.board.faces[ravage.token]
    cubes = list(s.cubes[ravage.region])
    protected = {c for _, _, c in ravage.protections}
    protected.update(c for p, _, c in ravage.pending if p == seat)
    hits = _hits(face, cubes, _by_symbol(s), protected, s.players)
    asked, auto = window_plays(s, face, cubes, hits, protected, hands, standing, others)
    return evolve(
        ravage,
        asked=tuple(sorted({seat, *asked})),
        pending=(*ravage.pending, *auto),
    )
