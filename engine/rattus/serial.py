"""dump/load of a Rattus state: JSON-ready, versioned, exact round trip."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.rng import Rng
from engine.rattus.data import ClassCard
from engine.rattus.state import (
    Africa,
    Config,
    Ending,
    Flags,
    Phase,
    Ravage,
    Recent,
    Reveal,
    Standing,
    State,
)

# 2 added "afr" (the Africanus part, null in base games); version 1 dumps still load.
SCHEMA_VERSION = 2
LOADABLE = (1, 2)


def _dump_africa(a: Africa | None) -> dict[str, Any] | None:
    if a is None:
        return None
    rv = a.ravage
    return {
        "hands": [list(h) for h in a.hands],
        "deck": list(a.deck),
        "disc": list(a.discard),
        "st": [x.value for x in a.standing],
        "dip": list(a.diplomats),
        "car": a.caravan,
        "drawn": list(a.drawn),
        "rv": None
        if rv is None
        else {
            "r": rv.region,
            "neu": rv.neutral,
            "tok": rv.token,
            "ask": list(rv.asked),
            "prot": [[p, c, k.value] for p, c, k in rv.protections],
            "pend": [[p, c, k.value] for p, c, k in rv.pending],
        },
        "left": list(a.left),
    }


def _load_africa(d: Mapping[str, Any] | None) -> Africa | None:
    if d is None:
        return None
    rv = d["rv"]
    return Africa(
        hands=tuple(tuple(h) for h in d["hands"]),
        deck=tuple(d["deck"]),
        discard=tuple(d["disc"]),
        standing=tuple(Standing(x) for x in d["st"]),
        diplomats=tuple(d["dip"]),
        caravan=d["car"],
        drawn=tuple(d["drawn"]),
        ravage=None
        if rv is None
        else Ravage(
            region=rv["r"],
            neutral=rv["neu"],
            token=rv["tok"],
            asked=tuple(rv["ask"]),
            protections=tuple((p, c, ClassCard(k)) for p, c, k in rv["prot"]),
            # Dumps made before cards waited unseen during a window have no "pend".
            pending=tuple((p, c, ClassCard(k)) for p, c, k in rv.get("pend", ())),
        ),
        left=tuple(d["left"]),
    )


def dump(s: State) -> dict[str, Any]:
    """The full state as plain JSON data (hidden parts included: store it, never show it)."""
    rec = s.recent
    return {
        "v": SCHEMA_VERSION,
        "x": s.config.expansion,
        "n": s.config.players,
        "rm": s.config.removal,
        "rng": [s.rng.seed, s.rng.counter],
        "cards": [c.value for c in s.config.cards],
        "hold": list(s.holders),
        "tok": [list(t) for t in s.board_tokens],
        "cub": [list(c) for c in s.cubes],
        "pal": list(s.palace),
        "res": list(s.reserve),
        "sup": list(s.supply),
        "rem": list(s.removed),
        "rev": list(s.revealed),
        "kn": [sorted(k) for k in s.known],
        "pl": s.plague,
        "ph": s.phase.value,
        "act": s.active,
        "turn": s.turn,
        "open": list(s.opening),
        "took": s.took_card,
        "placed": s.placed,
        "used": sorted(c.value for c in s.used),
        "witch": [list(w) for w in s.witch],
        "spl": s.spread_left,
        "end": None
        if s.ending is None
        else {
            "why": s.ending.reason,
            "last": s.ending.last_regular,
            "order": list(s.ending.order),
            "neu": s.ending.neutral,
        },
        "rec": None
        if rec is None
        else {
            "seat": rec.seat,
            "src": rec.source,
            "dst": rec.target,
            "neu": rec.neutral,
            "spr": list(rec.spread),
            "final": rec.final,
            "rev": [[x.region, x.token, x.cubes, x.outbreak, list(x.losses)] for x in rec.reveals],
        },
        "afr": _dump_africa(s.africa),
    }


def load(d: Mapping[str, Any]) -> State:
    """Rebuild a State from `dump` output."""
    if d.get("v") not in LOADABLE:
        raise ValueError(f"unsupported Rattus state version {d.get('v')!r}")
    if d["v"] == 1 and d["x"]:
        # Version 1 had no region cards, diplomats or caravan: only its base games load.
        raise ValueError("a version 1 Africanus state cannot be loaded")
    rec = d["rec"]
    recent = None
    if rec is not None:
        recent = Recent(
            seat=rec["seat"],
            source=rec["src"],
            target=rec["dst"],
            neutral=rec["neu"],
            spread=tuple(rec["spr"]),
            final=rec["final"],
            reveals=tuple(Reveal(r, t, c, o, tuple(losses)) for r, t, c, o, losses in rec["rev"]),
        )
    end = d["end"]
    return State(
        config=Config(d["x"], d["n"], d["rm"], tuple(ClassCard(c) for c in d["cards"])),
        rng=Rng(d["rng"][0], d["rng"][1]),
        holders=tuple(d["hold"]),
        board_tokens=tuple(tuple(t) for t in d["tok"]),
        cubes=tuple(tuple(c) for c in d["cub"]),
        palace=tuple(d["pal"]),
        reserve=tuple(d["res"]),
        supply=tuple(d["sup"]),
        removed=tuple(d["rem"]),
        revealed=tuple(d["rev"]),
        known=tuple(frozenset(k) for k in d["kn"]),
        plague=d["pl"],
        phase=Phase(d["ph"]),
        active=d["act"],
        turn=d["turn"],
        opening=tuple(d["open"]),
        flags=Flags(
            took_card=d["took"],
            placed=d["placed"],
            used=frozenset(ClassCard(c) for c in d["used"]),
            witch=tuple((r, p) for r, p in d["witch"]),
            spread_left=d["spl"],
        ),
        ending=None
        if end is None
        else Ending(end["why"], end["last"], tuple(end["order"]), end["neu"]),
        recent=recent,
        africa=_load_africa(d.get("afr")),
    )
