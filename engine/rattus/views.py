"""Views: what one seat (or the public) may know. The only thing that leaves the engine."""

from __future__ import annotations

from typing import Any

from engine.rattus.data import REGIONS, card_symbol, region_names
from engine.rattus.rules import result, to_move
from engine.rattus.state import Phase, Recent, State

VIEW_VERSION = 1


def _recent(s: State) -> dict[str, Any] | None:
    rec: Recent | None = s.recent
    if rec is None:
        return None
    faces = s.board.faces
    spread: dict[str, int] = {}
    for r in rec.spread:
        spread[REGIONS[r].value] = spread.get(REGIONS[r].value, 0) + 1
    return {
        "seat": rec.seat,
        "final": rec.final,
        "plague_from": REGIONS[rec.source].value,
        "plague_to": REGIONS[rec.target].value,
        "neutral": rec.neutral,
        "spread": spread,
        "revealed": [
            {
                "region": REGIONS[x.region].value,
                **faces[x.token].to_dict(),
                "cubes": x.cubes,
                "outbreak": x.outbreak,
                "losses": list(x.losses),
            }
            for x in rec.reveals
        ],
    }


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The public view (seat None) or one seat's view, JSON-ready.

    No face-down token face, supply content or order, removed token or seed appears here,
    except the faces this seat has looked at with the Witch.
    """
    b = s.board
    names = region_names()
    known = s.known[seat] if seat is not None else frozenset()
    faces = b.faces
    regions = []
    for r, region in enumerate(REGIONS):
        if not b.in_play[r]:
            continue
        tokens = s.board_tokens[r]
        entry: dict[str, Any] = {
            "id": region.value,
            "name": names[region],
            "tokens": len(tokens),
            "cubes": list(s.cubes[r]),
            "neighbours": [REGIONS[n].value for n in b.neighbours[r]],
        }
        if seat is not None:
            entry["known"] = [faces[t].to_dict() if t in known else None for t in tokens]
        regions.append(entry)
    turn: dict[str, Any] = {
        "took_card": s.took_card,
        "placed": s.placed,
        "used": sorted(c.value for c in s.used),
        "witch": [{"region": REGIONS[r].value, "position": p} for r, p in s.witch],
        "spread_left": s.spread_left,
    }
    out: dict[str, Any] = {
        "game": "rattus",
        "v": VIEW_VERSION,
        "expansion": s.expansion or None,
        "players": s.players,
        "seat": seat,
        "phase": s.phase.value,
        "turn": s.turn,
        "active": s.active if s.phase is not Phase.OVER else None,
        "to_move": sorted(to_move(s)),
        "regions": regions,
        "arrows": sorted([REGIONS[a].value, REGIONS[c].value] for a, c in b.arrows),
        "plague": REGIONS[s.plague].value,
        "palace": list(s.palace),
        "reserve": list(s.reserve),
        "on_board": [sum(s.cubes[r][p] for r in b.used) for p in range(s.players)],
        "cards": [
            {"card": c.value, "symbol": card_symbol(c), "holder": h if h >= 0 else None}
            for c, h in zip(s.cards, s.holders, strict=True)
        ],
        "rat_supply": len(s.supply),
        "removed_unseen": len(s.removed),
        "revealed_count": len(s.revealed),
        "turn_state": turn,
        "opening_left": list(s.opening),
        "final": {
            "last_regular": s.last_regular,
            "order": list(s.final_order),
            "neutral": s.final_neutral,
        }
        if s.last_regular >= 0
        else None,
        "end_reason": s.end_reason or None,
        "recent": _recent(s),
        "knight_steps": b.knight_steps,
        "result": result(s) if s.phase is Phase.OVER else None,
    }
    return out
