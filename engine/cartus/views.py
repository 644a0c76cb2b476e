"""Views: what one seat (or the public) may know. The only thing that leaves the engine.

`view(state, seat)` returns a `CartusView` (public, seat None) or a `CartusSeatView`, typed in
`engine.cartus.view_types`. Public keys (every view):

- ``game`` "cartus", ``v`` the view version, ``players``, ``seat`` (None: public);
- ``phase``, ``decision`` {kind, phase, seats}, ``active`` (the seat of a turn decision, None
  in a window), ``to_move``, ``window``; ``turn`` and ``round`` (the round number), ``rounds``,
  ``last_round``, ``first_player``, ``seats_order`` (clockwise from the first player);
- ``options`` {buildings, supply, everyone_dead}; ``buildings_in_play`` {type: copies};
  ``specials_in_play`` (Joker and special cards in play);
- ``row``: this round's buildings, left to right: {position, id, type, class, supply {draw,
  rats, look}, visits [{seat, slot, count, cards (when revealed, or the seat's own), revealed,
  done}], status (waiting / resolving / resolved)}; ``replaced`` (phase A replacements);
- ``influence``: per class {class, values (per seat), ranking (seats with influence, best
  first), stacks [[value, [seats bottom to top]]...]};
- ``nun_row``: 5 face-down cards [{position, looked_by}];
- ``hand_counts``, ``vp_tokens``, ``vp_supply``, ``piles`` {joker, sword...: cards left},
  ``draw_pile``, ``discard_pile``, ``building_deck``, ``replacement_pile``;
- ``supply_order`` (clockwise supply: seats still to choose), ``supply_answered``
  (simultaneous: seats that answered), ``visit_order`` (phase C: seats still to visit),
  ``immune`` (seats in a Guard Tower this round);
- ``resolution`` (phase D) {building, stage, premium, queue} and ``pending`` (the decision
  inside it: {kind, seat, building, building_id, premium, effect, card, amount, candidates,
  owed {seat: cards}, receiver});
- ``result`` once over (see scoring.result), with ``nun_row_revealed``, ``rats_revealed`` and
  ``hands_revealed``.

A seat's own view adds ``hand`` (card dicts, card order), ``rats`` (its total), ``nuns_known``
(per position: the card it looked at, or None) and ``my_supply`` (its secret simultaneous
answer). Never another seat's hand, face-down cards, nun looks or rat total, nor the rng.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, cast, overload

from engine.cartus.data import (
    CLASS_IDS,
    COPIES,
    JOKER,
    SPECIALS,
    TYPES,
    building_dict,
    building_id,
    building_info,
    card_dict,
    card_id,
)
from engine.cartus.rules import decision, guard_owed, immune_seats
from engine.cartus.scoring import class_ranking, result
from engine.cartus.state import Phase, Stage, State, Visit
from engine.cartus.view_types import (
    CardView,
    CartusSeatView,
    CartusView,
    InfluenceView,
    PendingView,
    ResultView,
    RowBuildingView,
    VisitView,
)

# Enum members as module constants: looking one up on its class costs a call (3.11).
_FLUTE_TARGET = Phase.FLUTE_TARGET
_GAIN = Phase.GAIN
_GUARD_GIVE = Phase.GUARD_GIVE
_HOSPITAL = Phase.HOSPITAL
_LOOK = Phase.LOOK
_OVER = Phase.OVER
_PLACE = Phase.PLACE
_SUPPLY = Phase.SUPPLY
_SWORD_GIVE = Phase.SWORD_GIVE
_SWORD_TARGET = Phase.SWORD_TARGET
_VISIT = Phase.VISIT
_S_ACTIONS = Stage.ACTIONS
_S_CARDS = Stage.CARDS


VIEW_VERSION = 1


def revealed(s: State, v: Visit) -> bool:
    """True once the cards of this visit have been turned face up (phase D)."""
    res = s.res
    if res is None:
        return False
    return v.building < res.building or (v.building == res.building and res.stage is not _S_CARDS)


def _card(card: int) -> CardView:
    # data.card_dict builds the dict CardView describes (tests/engine/test_view_types.py).
    return cast(CardView, card_dict(card))


def _row(s: State, seat: int | None) -> list[RowBuildingView]:
    res = s.res
    out: list[RowBuildingView] = []
    for b, card in enumerate(s.row):
        visits: list[VisitView] = []
        for v in s.visits:
            if v.building != b:
                continue
            shown = revealed(s, v)
            visits.append(
                {
                    "seat": v.seat,
                    "slot": v.slot,
                    "count": len(v.cards),
                    "cards": [card_id(c) for c in v.cards] if shown or v.seat == seat else None,
                    "revealed": shown,
                    "done": v.done,
                }
            )
        status: Literal["waiting", "resolving", "resolved"] = "waiting"
        if res is not None:
            status = (
                "resolved" if b < res.building else "resolving" if b == res.building else status
            )
        # data.building_dict gives {id, type, class, supply} (test_view_types checks the rest).
        entry = cast(RowBuildingView, {"position": b, **building_dict(card)})
        entry["visits"] = visits
        entry["status"] = status
        out.append(entry)
    return out


def _influence(s: State) -> list[InfluenceView]:
    return [
        {
            "class": klass,
            "values": list(values),
            "ranking": list(ranking),
            "stacks": [[v, list(seats)] for v, seats in stacks],
        }
        for klass, (values, ranking, stacks) in zip(
            CLASS_IDS, map(_track, s.influence, s.arrival), strict=True
        )
    ]


Stacks = tuple[tuple[int, tuple[int, ...]], ...]


@lru_cache(maxsize=4096)
def _track(
    values: tuple[int, ...], arrival: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], Stacks]:
    """One track: its values, its ranking, and its stacks (value, seats bottom to top). Kept:
    a track changes a few times a round, and views are drawn at every step."""
    stacks: dict[int, list[int]] = {}
    for p in sorted(range(len(values)), key=arrival.__getitem__):
        stacks.setdefault(values[p], []).append(p)
    ranking = tuple(class_ranking(values, arrival))
    return values, ranking, tuple((v, tuple(stacks[v])) for v in sorted(stacks))


def _pending(s: State) -> PendingView | None:
    res = s.res
    if res is None or res.pending is None:
        return None
    pending = res.pending
    b = res.building
    info = building_info(s.row[b])
    eff = info.premium if pending.premium else info.standard
    phase = s.phase
    out: PendingView = {
        "kind": phase.value,
        "seat": pending.seat,
        "building": b,
        "building_id": building_id(s.row[b]),
        "premium": pending.premium,
        "effect": None,
        "card": None,
        "amount": pending.left,
        "candidates": list(pending.candidates),
        "owed": {str(p): k for p, k in enumerate(pending.owed) if k},
        "receiver": None,
    }
    if phase in (_GAIN, _LOOK, _HOSPITAL):
        out["effect"] = "draw" if eff.effect == "draw_per_influence" else eff.effect
        out["card"] = card_id(eff.card) if eff.card >= 0 else None
        if eff.effect == "guard_tower":
            # What taking it would ask of each seat (hand sizes are public).
            owed = guard_owed(s, pending.seat)
            out["owed"] = {str(p): k for p, k in enumerate(owed) if k}
            out["amount"] = sum(owed)
    if phase in (_SWORD_TARGET, _SWORD_GIVE):
        out["effect"] = "sword"
    elif phase is _FLUTE_TARGET:
        out["effect"] = "flute"
    elif phase is _GUARD_GIVE:
        out["effect"] = "guard_tower"
    if phase in (_SWORD_GIVE, _GUARD_GIVE):
        out["receiver"] = pending.seat
    return out


SPECIAL_IDS: tuple[str, ...] = tuple(k.value for k in SPECIALS)
TYPE_IDS: tuple[str, ...] = tuple(t.value for t in TYPES)


@lru_cache(maxsize=64)
def _types_in_play(in_play: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    types: dict[str, int] = {}
    for b in in_play:
        name = TYPE_IDS[b // COPIES]
        types[name] = types.get(name, 0) + 1
    return tuple(types.items())


@overload
def view(s: State, seat: None) -> CartusView: ...
@overload
def view(s: State, seat: int) -> CartusSeatView: ...
@overload
def view(s: State, seat: int | None) -> CartusView: ...
def view(s: State, seat: int | None) -> CartusView:
    """The public view (seat None) or one seat's view, JSON-ready."""
    cfg = s.config
    d = decision(s)
    over = s.phase is _OVER
    n = s.players
    res = s.res
    types = dict(_types_in_play(cfg.in_play))
    out: CartusView = {
        "game": "cartus",
        "v": VIEW_VERSION,
        "players": n,
        "seat": seat,
        "phase": s.phase.value,
        "decision": {"kind": d.kind, "phase": d.phase, "seats": sorted(d.seats)},
        "active": next(iter(d.seats)) if d.kind == "turn" and d.seats else None,
        "to_move": sorted(d.seats),
        "window": d.window,
        "turn": s.round,
        "round": s.round,
        "rounds": cfg.rounds,
        "last_round": s.last_round,
        "first_player": s.first,
        "seats_order": [(s.first + i) % n for i in range(n)],
        "options": {
            "buildings": cfg.buildings,
            "supply": cfg.supply,
            "everyone_dead": cfg.everyone_dead,
        },
        "buildings_in_play": types,
        "specials_in_play": [card_id(c) for c in cfg.specials],
        "row": _row(s, seat),
        "replaced": [
            {"building": building_id(a), "replacement": building_id(b)} for a, b in s.table.replaced
        ],
        "influence": _influence(s),
        "nun_row": [
            {"position": i, "looked_by": [p for p in range(n) if s.looks[p] >> i & 1]}
            for i in range(len(s.nuns))
        ],
        "hand_counts": [len(h) for h in s.hands],
        "vp_tokens": list(s.vp),
        "vp_supply": s.marks.vp_supply,
        "piles": {
            SPECIAL_IDS[i]: s.piles[i] for i in range(len(SPECIALS)) if JOKER + i in cfg.specials
        },
        "draw_pile": len(s.cards.draw),
        "discard_pile": len(s.cards.discard),
        "building_deck": len(s.table.deck),
        "replacement_pile": len(s.table.spare) + len(s.table.spare_bottom),
        "supply_order": list(s.order) if s.phase is _SUPPLY and not s.chosen else [],
        "supply_answered": [p for p, (b, _) in enumerate(s.chosen) if b >= 0],
        "visit_order": list(s.order) if s.phase in (_VISIT, _PLACE) else [],
        "immune": list(immune_seats(s)),
        "resolution": None
        if res is None
        else {
            "building": res.building,
            "stage": res.stage.value,
            "premium": res.premium if res.premium >= 0 and res.stage is _S_ACTIONS else None,
            "queue": list(res.queue),
        },
        "pending": _pending(s),
        # scoring.result builds the dict ResultView describes (test_view_types checks it).
        "result": cast(ResultView, result(s)) if over else None,
        "nun_row_revealed": [_card(c) for c in s.nuns] if over else None,
        "rats_revealed": list(s.rats) if over else None,
        "hands_revealed": [[card_id(c) for c in h] for h in s.hands] if over else None,
    }
    if seat is None:
        return out
    chosen = s.chosen[seat] if s.chosen else (-1, -1)
    mine: CartusSeatView = {
        **out,
        "hand": [_card(c) for c in s.hands[seat]],
        "rats": s.rats[seat],
        "nuns_known": [_card(c) if s.looks[seat] >> i & 1 else None for i, c in enumerate(s.nuns)],
        "my_supply": (
            {"building": chosen[0], "look": chosen[1] if chosen[1] >= 0 else None}
            if chosen[0] >= 0
            else None
        ),
    }
    return mine
