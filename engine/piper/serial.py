"""dump/load of a Pied Piper state: JSON-ready, versioned, exact round trip."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.rng import Rng
from engine.piper.components import Card, Variant
from engine.piper.state import Config, Crossing, Moved, Phase, Placed, Recent, State, Turn

SCHEMA_VERSION = 1


def _crossing(c: Crossing) -> list[Any]:
    return [c.house, c.owner, c.change, c.level, c.under, c.roof]


def dump(s: State) -> dict[str, Any]:
    """The full state as plain JSON data (hidden parts included: store it, never show it)."""
    rec = s.recent
    return {
        "v": SCHEMA_VERSION,
        "n": s.config.players,
        "var": s.config.variant.value,
        "own": list(s.config.owners),
        "rng": [s.rng.seed, s.rng.counter],
        "ring": list(s.ring),
        "gaps": [list(g) for g in s.gaps],
        "lv": list(s.levels),
        "disp": list(s.display),
        "under": [[[p.card.value, p.seat, p.hidden] for p in u] for u in s.under],
        "cdeck": list(s.char_deck),
        "cdisc": list(s.char_discard),
        "deck": list(s.deck),
        "disc": list(s.discard),
        "hands": [[c.value for c in h] for h in s.hands],
        "coll": [list(c) for c in s.collected],
        "out": list(s.out),
        "act": s.active,
        "ph": s.phase.value,
        "turn": s.turn,
        "flow": {
            "left": s.flow.left,
            "placed": list(s.flow.placed),
            "hidden": s.flow.hidden,
            "pending": list(s.flow.pending),
        },
        "rec": None
        if rec is None
        else {
            "seat": rec.seat,
            "turn": rec.turn,
            "moves": [
                [list(m.figures), m.direction, [_crossing(c) for c in m.crossings], m.end]
                for m in rec.moves
            ],
            "out": list(rec.eliminated),
        },
        "aside": s.set_aside,
        "why": s.reason,
    }


def load(d: Mapping[str, Any]) -> State:
    """Rebuild a State from `dump` output."""
    if d.get("v") != SCHEMA_VERSION:
        raise ValueError(f"unsupported Pied Piper state version {d.get('v')!r}")
    rec = d["rec"]
    recent = None
    if rec is not None:
        recent = Recent(
            seat=rec["seat"],
            turn=rec["turn"],
            moves=tuple(
                Moved(tuple(f), direction, tuple(Crossing(*c) for c in crossings), end)
                for f, direction, crossings, end in rec["moves"]
            ),
            eliminated=tuple(rec["out"]),
        )
    flow = d["flow"]
    return State(
        config=Config(d["n"], Variant(d["var"]), tuple(d["own"])),
        rng=Rng(d["rng"][0], d["rng"][1]),
        ring=tuple(d["ring"]),
        gaps=tuple(tuple(g) for g in d["gaps"]),
        levels=tuple(d["lv"]),
        display=tuple(d["disp"]),
        under=tuple(tuple(Placed(Card(c), p, h) for c, p, h in u) for u in d["under"]),
        char_deck=tuple(d["cdeck"]),
        char_discard=tuple(d["cdisc"]),
        deck=tuple(d["deck"]),
        discard=tuple(d["disc"]),
        hands=tuple(tuple(Card(c) for c in h) for h in d["hands"]),
        collected=tuple(tuple(c) for c in d["coll"]),
        out=tuple(d["out"]),
        active=d["act"],
        phase=Phase(d["ph"]),
        turn=d["turn"],
        flow=Turn(
            left=flow["left"],
            placed=tuple(flow["placed"]),
            hidden=flow["hidden"],
            pending=tuple(flow["pending"]),
        ),
        recent=recent,
        set_aside=d["aside"],
        reason=d["why"],
    )
