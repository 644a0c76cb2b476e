"""Views: what one seat (or the public) may know. The only thing that leaves the engine.

`view(state, seat)` returns a `PiperView` (public, seat None) or a `PiperSeatView`, typed in
`engine.piper.view_types`. Public view (seat None), JSON-ready:

- game "piper", v, variant (None, "ptits_rats" or "hidden"), players, seat, phase ("play",
  "order", "over"), turn (from 1), active (None once over), to_move, roof (7).
- houses: every house in set-up ring order: {house, owner (seat or None = neutral), neutral,
  level (None for a neutral house), eliminated}.
- ring: the houses still in play, in ring order (forward goes left to right, then round).
- gaps: one per house of `ring`, the gap after it: {after, before, figures: [{figure, kind
  ("rat"/"piper"), facing ("forward")}]}.
- characters: the display, places 1-4: {slot, figure, kind, card (Character card id), cards:
  [{card (type), seat, hidden: false} | {hidden: true, seat}]} (cards in placement order).
- character_deck, character_discard, deck, discard (sizes), character_discard_cards (the
  face-up Character discard pile: card ids, sorted), discard_cards (the face-up Action discard
  pile by type). Both discard piles are face up ("défaussées face visible").
- hands (hand size per seat), collected (per seat: the seats whose counters it took),
  eliminated (seats in elimination order), in_game (seats still playing, turn order).
- this_turn: {cards_left, placed: [slots], hidden_used, may_hide, pending: [slots to order]}.
- recent: the latest turn that moved figures: {seat, turn, moves: [{figures, direction,
  crossings: [{house, owner, change, level, under, roof}], end}], eliminated: [seats]}.
- result: the ranking once over (else None).

A seat's view adds `hand` (its cards, sorted by type) and shows its own face-down cards under
the characters with their `card`. No other hand, no face-down card of another seat, no pile
order, no seed.
"""

from __future__ import annotations

from typing import cast, overload

from engine.piper.components import CARDS, character_ids
from engine.piper.rules import (
    CHAR_FIGURE,
    FIGURES,
    ROOF,
    may_hide,
    result,
    to_move,
)
from engine.piper.state import Phase, State
from engine.piper.view_types import (
    CharacterView,
    FigureView,
    GapView,
    HouseView,
    PiperSeatView,
    PiperView,
    RecentView,
    ResultView,
    UnderCardView,
)

VIEW_VERSION = 1


def _figure(f: int) -> FigureView:
    return {"figure": FIGURES[f], "kind": "piper" if f == 0 else "rat", "facing": "forward"}


@overload
def view(s: State, seat: None) -> PiperView: ...
@overload
def view(s: State, seat: int) -> PiperSeatView: ...
@overload
def view(s: State, seat: int | None) -> PiperView: ...
def view(s: State, seat: int | None) -> PiperView:
    """The public view (seat None) or one seat's view, JSON-ready."""
    owners = s.config.owners
    ring = s.ring
    n = len(ring)
    in_ring = set(ring)
    houses: list[HouseView] = [
        {
            "house": h,
            "owner": None if o < 0 else o,
            "neutral": o < 0,
            "level": None if o < 0 else s.levels[h],
            "eliminated": h not in in_ring,
        }
        for h, o in enumerate(owners)
    ]
    gaps: list[GapView] = [
        {"after": ring[i], "before": ring[(i + 1) % n], "figures": [_figure(f) for f in g]}
        for i, g in enumerate(s.gaps)
    ]
    ids = character_ids()
    characters: list[CharacterView] = []
    for k, char in enumerate(s.display):
        cards: list[UnderCardView] = []
        for p in s.under[k]:
            entry: UnderCardView
            if p.hidden:
                entry = {"hidden": True, "seat": p.seat}
                if seat == p.seat:
                    entry["card"] = p.card.value
            else:
                entry = {"card": p.card.value, "seat": p.seat, "hidden": False}
            cards.append(entry)
        figure = CHAR_FIGURE[char]
        characters.append(
            {
                "slot": k + 1,
                "figure": FIGURES[figure],
                "kind": "piper" if figure == 0 else "rat",
                "card": ids[char],
                "cards": cards,
            }
        )
    over = s.phase is Phase.OVER
    flow = s.flow
    placed = [k + 1 for k in range(len(s.display)) if s.display[k] in flow.placed]
    out: PiperView = {
        "game": "piper",
        "v": VIEW_VERSION,
        "variant": s.variant.value or None,
        "players": s.players,
        "seat": seat,
        "phase": s.phase.value,
        "turn": s.turn,
        "active": None if over else s.active,
        "to_move": sorted(to_move(s)),
        "roof": ROOF,
        "houses": houses,
        "ring": list(ring),
        "gaps": gaps,
        "characters": characters,
        "character_deck": len(s.char_deck),
        "character_discard": len(s.char_discard),
        "character_discard_cards": [ids[c] for c in s.char_discard],
        "deck": sum(s.deck),
        "discard": sum(s.discard),
        "discard_cards": {c.value: n for c, n in zip(CARDS, s.discard, strict=True) if n},
        "hands": [len(h) for h in s.hands],
        "collected": [list(c) for c in s.collected],
        "eliminated": list(s.out),
        "in_game": [p for p in range(s.players) if p not in s.out],
        "this_turn": {
            "cards_left": 0 if over else flow.left,
            "placed": placed,
            "hidden_used": flow.hidden,
            "may_hide": not over and may_hide(s),
            "pending": list(flow.pending),
        },
        "recent": _recent(s),
        # rules.result builds the dict ResultView describes (tests/engine/test_view_types.py).
        "result": cast(ResultView, result(s)) if over else None,
    }
    if seat is None:
        return out
    mine: PiperSeatView = {**out, "hand": [c.value for c in s.hands[seat]]}
    return mine


def _recent(s: State) -> RecentView | None:
    rec = s.recent
    if rec is None:
        return None
    return {
        "seat": rec.seat,
        "turn": rec.turn,
        "moves": [
            {
                "figures": [FIGURES[f] for f in m.figures],
                "direction": "forward" if m.direction > 0 else "back",
                "crossings": [
                    {
                        "house": c.house,
                        "owner": c.owner,
                        "change": c.change,
                        "level": c.level,
                        "under": c.under,
                        "roof": c.roof,
                    }
                    for c in m.crossings
                ],
                "end": m.end,
            }
            for m in rec.moves
        ],
        "eliminated": list(rec.eliminated),
    }
