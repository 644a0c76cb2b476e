"""Builders for Pied Piper tests: a position written the way the rulebook describes it."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.rng import Rng
from engine.piper import GAME
from engine.piper.actions import Action
from engine.piper.components import (
    CARD_INDEX,
    CARDS,
    Card,
    character_figures,
    characters_in_play,
    deck_counts,
    figures,
)
from engine.piper.state import Phase, Placed, State, Turn

FIGURE_INDEX = {name: i for i, name in enumerate(figures())}

UnderSpec = Sequence[tuple[str, int] | tuple[str, int, bool]]


def position(
    players: int = 4,
    *,
    gaps: Mapping[int, Sequence[str]],
    levels: Mapping[int, int] | None = None,
    display: Sequence[str] = ("yellow", "red", "blue", "piper"),
    under: Mapping[int, UnderSpec] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    active: int = 0,
    turn: int = 5,
    out: Sequence[int] = (),
    collected: Mapping[int, Sequence[int]] | None = None,
    variant: str = "",
    seed: int = 1,
    char_deck: Sequence[str] | None = None,
) -> State:
    """A position with exactly these figures and counters.

    `gaps` maps a house id to the figures in the gap after it (every figure in play must be
    listed once; houses of the seats in `out` have left the ring). `levels` maps a house id to
    its counter. `display` names the figure of each Character card in places 1-4, `under` maps
    a place (1-4) to its cards as (card, seat[, hidden]). `hands` maps a seat to its cards
    (other seats get 4 cards from what is left, in card order); the discard pile holds
    `discard` and the draw pile the rest (or exactly `deck`, the rest then going to the
    discard pile). The active player is at the start of an ordinary two-card turn.
    """
    options = {"variant": variant} if variant else None
    s = GAME.new_game(players, seed, options)
    houses = len(s.config.owners)
    ring = tuple(h for h in range(houses) if s.config.owners[h] not in out)
    assert set(gaps) <= set(ring), "a gap after a house that is not in the ring"
    listed = sorted(FIGURE_INDEX[f] for g in gaps.values() for f in g)
    in_play = [0, *range(1, houses + 2)]
    assert listed == in_play, f"list every figure in play once: {listed} != {in_play}"
    gap_rows = tuple(tuple(sorted(FIGURE_INDEX[f] for f in gaps.get(h, ()))) for h in ring)
    level_row = [0] * houses
    for seat in out:
        level_row[s.config.owners.index(seat)] = 7  # a player flees when the roof is reached
    for house, level in (levels or {}).items():
        level_row[house] = level

    chars = list(characters_in_play(players))
    shown: list[int] = []
    for name in display:
        card = next(c for c in chars if character_figures()[c] == FIGURE_INDEX[name])
        chars.remove(card)
        shown.append(card)
    if char_deck is not None:
        pile = []
        for name in char_deck:
            card = next(c for c in chars if character_figures()[c] == FIGURE_INDEX[name])
            chars.remove(card)
            pile.append(card)
        char_discard = tuple(sorted(chars))
        chars = sorted(pile)
    else:
        char_discard = ()

    pool = list(deck_counts(s.variant))

    def take(name: str) -> Card:
        card = Card(name)
        assert pool[CARD_INDEX[card]] > 0, f"no {name} left for this position"
        pool[CARD_INDEX[card]] -= 1
        return card

    under_rows: list[tuple[Placed, ...]] = [() for _ in range(4)]
    for slot, cards in (under or {}).items():
        under_rows[slot - 1] = tuple(
            Placed(take(spec[0]), spec[1], bool(spec[2]) if len(spec) > 2 else False)
            for spec in cards
        )
    hand_rows: list[tuple[Card, ...]] = [() for _ in range(players)]
    for seat, cards in (hands or {}).items():
        hand_rows[seat] = tuple(sorted((take(c) for c in cards), key=CARD_INDEX.__getitem__))
    discard_row = [0] * len(CARDS)
    for name in discard:
        discard_row[CARD_INDEX[take(name)]] += 1
    for seat in range(players):
        if seat in (hands or {}) or seat in out:
            continue
        dealt = []
        for t, card in enumerate(CARDS):
            while pool[t] and len(dealt) < 4:
                pool[t] -= 1
                dealt.append(card)
        hand_rows[seat] = tuple(dealt)
    if deck is not None:
        deck_row = [0] * len(CARDS)
        for name in deck:
            deck_row[CARD_INDEX[take(name)]] += 1
        discard_row = [a + b for a, b in zip(discard_row, pool, strict=True)]
    else:
        deck_row = pool
    coll = [tuple((collected or {}).get(p, ())) for p in range(players)]
    return replace(
        s,
        ring=ring,
        gaps=gap_rows,
        levels=tuple(level_row),
        display=tuple(shown),
        under=tuple(under_rows),
        char_deck=tuple(sorted(chars)),
        char_discard=char_discard,
        deck=tuple(deck_row),
        discard=tuple(discard_row),
        hands=tuple(hand_rows),
        collected=tuple(coll),
        out=tuple(out),
        active=active,
        phase=Phase.PLAY,
        turn=turn,
        flow=Turn(left=2),
        rng=Rng(seed),
    )


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply (seat, "action text") moves in order; return the state and all events."""
    events: list[Event] = []
    for seat, text in moves:
        step = GAME.apply(state, seat, GAME.parse_action(text))
        state = step.state
        events.extend(step.events)
    return state, events


def kinds(events: Sequence[Event]) -> list[str]:
    """The kinds of events, in order."""
    return [e.kind for e in events]


def of(events: Sequence[Event], kind: type[Event]) -> list[Any]:
    """The events of one class."""
    return [e for e in events if isinstance(e, kind)]


def gap_of(state: State, figure: str) -> int:
    """The house a figure stands after (its gap)."""
    f = FIGURE_INDEX[figure]
    for house, gap in zip(state.ring, state.gaps, strict=True):
        if f in gap:
            return house
    raise KeyError(figure)


def random_playout(
    players: int, seed: int, options: Mapping[str, object] | None = None, policy_seed: int = 0
) -> Iterator[tuple[State, int, Action]]:
    """Yield (state, seat, action) for a whole game of random legal actions."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(policy_seed)
    while not GAME.is_over(s):
        seat = s.active
        action = rnd.choice(GAME.legal_actions(s, seat))
        yield s, seat, action
        s = GAME.apply(s, seat, action).state


def finished(players: int, seed: int, options: Mapping[str, object] | None = None) -> State:
    """A random game played to its end."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        s = GAME.apply(s, s.active, rnd.choice(GAME.legal_actions(s, s.active))).state
    return s
