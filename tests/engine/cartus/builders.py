"""Builders for Cartus engine tests: a position written the way the rulebook describes it."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.cartus import GAME
from engine.cartus.data import (
    CLASSES,
    JOKER,
    building_index,
    card_index,
    population_cards,
)
from engine.cartus.events import Event
from engine.cartus.state import Phase, State

# Every building type in play, so that every special pile exists (the chosen option takes one
# type per class: these two lists together cover the twelve).
FIRST_GAME = ["farm", "marketplace", "monastery", "castle", "fortune_teller", "palace"]
OTHERS = ["brewery", "office", "hospital", "guard_tower", "piper_hut", "treasury"]
EVERY_SPECIAL = ["farm", "office", "monastery", "castle", "piper_hut", "treasury"]


def cards(*ids: str) -> tuple[int, ...]:
    """Card kinds from ids, sorted (a hand)."""
    return tuple(sorted(card_index()[c] for c in ids))


def position(
    players: int = 4,
    *,
    row: Sequence[str],
    hands: Mapping[int, Sequence[str]] | None = None,
    nuns: Sequence[str] = ("peasant0", "merchant1", "monk2", "knight3", "witch4"),
    rats: Sequence[int] | None = None,
    influence: Mapping[str, Sequence[int]] | None = None,
    vp: Sequence[int] | None = None,
    first: int = 0,
    round: int = 1,
    phase: str = "supply",
    buildings: Sequence[str] = EVERY_SPECIAL,
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
) -> State:
    """A position at the start of phase B (phase="supply") or C (phase="visit") of a round.

    Seats not named in `hands` hold nothing; every Population card not in a hand or in the Nun
    row is in the draw pile, every special card not in a hand in its pile; the row holds these
    building ids (left to right); other tracks are at 0 unless `influence` says otherwise.
    """
    opts = {"buildings": list(buildings), **(options or {})}
    s = GAME.new_game(players, seed, opts)
    hand_rows = [cards(*(hands or {}).get(p, ())) for p in range(players)]
    nun_row = tuple(card_index()[c] for c in nuns)
    pool = list(population_cards())
    for c in [c for h in hand_rows for c in h if c < JOKER] + list(nun_row):
        pool.remove(c)
    piles = list(s.piles)
    for h in hand_rows:
        for c in h:
            if c >= JOKER:
                piles[c - JOKER] -= 1
                assert piles[c - JOKER] >= 0, "more special cards than the pile holds"
    row_cards = tuple(building_index()[b] for b in row)
    deck = list(s.table.deck) + list(s.table.spare) + list(s.table.row)
    for b in row_cards:
        if b in deck:
            deck.remove(b)
    per_round = s.config.drawn
    left = (s.config.rounds - round) * per_round
    track = [tuple(0 for _ in range(players)) for _ in CLASSES]
    for klass, values in (influence or {}).items():
        track[[k.value for k in CLASSES].index(klass)] = tuple(values)
    table = replace(
        s.table,
        deck=tuple(sorted(deck[:left])),
        spare=tuple(sorted(deck[left:])),
        spare_bottom=(),
        row=row_cards,
        replaced=(),
    )
    marks = replace(
        s.marks,
        influence=tuple(track),
        arrival=tuple(tuple(1 if v else 0 for v in t) for t in track),
        rats=tuple(rats) if rats is not None else (10,) * players,
        vp=tuple(vp) if vp is not None else (0,) * players,
    )
    card_state = replace(
        s.cards,
        draw=tuple(sorted(pool)),
        discard=(),
        piles=tuple(piles),
        hands=tuple(hand_rows),
        nuns=nun_row,
    )
    order = tuple((first + i) % players for i in range(players))
    state = replace(
        s, round=round, first=first, table=table, cards=card_state, marks=marks, visits=(), res=None
    )
    if phase == "visit":
        return replace(state, phase=Phase.VISIT, order=order, chosen=())
    if state.config.supply == "simultaneous":
        return replace(state, phase=Phase.SUPPLY, order=(), chosen=((-1, -1),) * players)
    return replace(state, phase=Phase.SUPPLY, order=order, chosen=())


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply (seat, "action text") moves in order; return the state and all events."""
    events: list[Event] = []
    for seat, text in moves:
        step = GAME.apply(state, seat, GAME.parse_action(text))
        state = step.state
        events.extend(step.events)
    return state, events


def visit(seat: int, building: int, *card_ids: str) -> list[tuple[int, str]]:
    """The moves of one visit: enter building (1-based), place the cards, done."""
    return [(seat, f"enter {building}"), *((seat, f"play {c}") for c in card_ids), (seat, "done")]


def of(events: Sequence[Event], kind: str) -> list[Any]:
    """The events of one kind, in order."""
    return [e for e in events if e.kind == kind]


def random_playout(
    players: int, seed: int, options: Mapping[str, Any] | None = None, policy_seed: int = 0
) -> Iterator[tuple[State, int, Any]]:
    """(state, seat, action) for a whole game of random legal actions."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(policy_seed)
    while not GAME.is_over(s):
        seat = rnd.choice(sorted(GAME.to_move(s)))
        action = rnd.choice(GAME.legal_actions(s, seat))
        yield s, seat, action
        s = GAME.apply(s, seat, action).state
