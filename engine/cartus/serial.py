"""dump/load of a Rattus Cartus state: JSON-ready, versioned, exact round trip."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cartus.state import (
    Cards,
    Config,
    Marks,
    Pending,
    Phase,
    Resolution,
    Stage,
    State,
    Table,
    Visit,
)
from engine.core.rng import Rng

SCHEMA_VERSION = 1


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def dump(s: State) -> dict[str, Any]:
    """The full state as plain JSON data (hidden parts included: store it, never show it)."""
    cfg = s.config
    res = s.res
    pending = res.pending if res is not None else None
    return {
        "v": SCHEMA_VERSION,
        "cfg": {
            "n": cfg.players,
            "rounds": cfg.rounds,
            "drawn": cfg.drawn,
            "supply": cfg.supply,
            "dead": cfg.everyone_dead,
            "bmode": cfg.buildings,
            "in_play": list(cfg.in_play),
            "specials": list(cfg.specials),
        },
        "rng": [s.rng.seed, s.rng.counter],
        "ph": s.phase.value,
        "round": s.round,
        "first": s.first,
        "deck": list(s.table.deck),
        "spare": list(s.table.spare),
        "spare_bottom": list(s.table.spare_bottom),
        "row": list(s.table.row),
        "replaced": [list(r) for r in s.table.replaced],
        "draw": list(s.cards.draw),
        "discard": list(s.cards.discard),
        "piles": list(s.piles),
        "hands": [list(h) for h in s.hands],
        "nuns": list(s.nuns),
        "looks": list(s.looks),
        "rats": list(s.rats),
        "vp": list(s.vp),
        "vp_supply": s.marks.vp_supply,
        "inf": [list(r) for r in s.influence],
        "arr": [list(r) for r in s.arrival],
        "clock": s.marks.clock,
        "order": list(s.order),
        "chosen": [list(c) for c in s.chosen],
        "visits": [[v.seat, v.building, v.slot, v.order, list(v.cards), v.done] for v in s.visits],
        "res": None
        if res is None
        else {
            "b": res.building,
            "stage": res.stage.value,
            "premium": res.premium,
            "queue": list(res.queue),
            "w2": res.winner2,
            "pending": None
            if pending is None
            else {
                "seat": pending.seat,
                "premium": pending.premium,
                "cand": list(pending.candidates),
                "owed": list(pending.owed),
                "left": pending.left,
            },
        },
    }


def load(d: Mapping[str, Any]) -> State:
    """Rebuild a State from `dump` output."""
    if d.get("v") != SCHEMA_VERSION:
        raise ValueError(f"unsupported Rattus Cartus state version {d.get('v')!r}")
    c = d["cfg"]
    r = d["res"]
    res = None
    if r is not None:
        p = r["pending"]
        res = Resolution(
            building=r["b"],
            stage=Stage(r["stage"]),
            premium=r["premium"],
            queue=_ints(r["queue"]),
            winner2=r["w2"],
            pending=None
            if p is None
            else Pending(
                seat=p["seat"],
                premium=p["premium"],
                candidates=_ints(p["cand"]),
                owed=_ints(p["owed"]),
                left=p["left"],
            ),
        )
    return State(
        config=Config(
            players=c["n"],
            rounds=c["rounds"],
            drawn=c["drawn"],
            supply=c["supply"],
            everyone_dead=c["dead"],
            buildings=c["bmode"],
            in_play=_ints(c["in_play"]),
            specials=_ints(c["specials"]),
        ),
        rng=Rng(d["rng"][0], d["rng"][1]),
        phase=Phase(d["ph"]),
        round=d["round"],
        first=d["first"],
        table=Table(
            deck=_ints(d["deck"]),
            spare=_ints(d["spare"]),
            spare_bottom=_ints(d["spare_bottom"]),
            row=_ints(d["row"]),
            replaced=tuple((a, b) for a, b in d["replaced"]),
        ),
        cards=Cards(
            draw=_ints(d["draw"]),
            discard=_ints(d["discard"]),
            piles=_ints(d["piles"]),
            hands=tuple(_ints(h) for h in d["hands"]),
            nuns=_ints(d["nuns"]),
        ),
        marks=Marks(
            influence=tuple(_ints(r) for r in d["inf"]),
            arrival=tuple(_ints(r) for r in d["arr"]),
            clock=d["clock"],
            rats=_ints(d["rats"]),
            vp=_ints(d["vp"]),
            vp_supply=d["vp_supply"],
            looks=_ints(d["looks"]),
        ),
        order=_ints(d["order"]),
        chosen=tuple((a, b) for a, b in d["chosen"]),
        visits=tuple(
            Visit(seat=a, building=b, slot=sl, order=o, cards=_ints(cards), done=done)
            for a, b, sl, o, cards, done in d["visits"]
        ),
        res=res,
    )
