"""dump/load of a Rattus state: JSON-ready, versioned, exact round trip."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.rng import Rng
from engine.rattus.data import ClassCard
from engine.rattus.state import Config, Ending, Flags, Phase, Recent, Reveal, State

SCHEMA_VERSION = 1


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
    }


def load(d: Mapping[str, Any]) -> State:
    """Rebuild a State from `dump` output."""
    if d.get("v") != SCHEMA_VERSION:
        raise ValueError(f"unsupported Rattus state version {d.get('v')!r}")
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
    )
