"""Views: what one seat (or the public) may know. The only thing that leaves the engine."""

from __future__ import annotations

from typing import Any

from engine.rattus.data import REGIONS, card_symbol, region_cards, region_names
from engine.rattus.protection import card_region
from engine.rattus.rules import diplomats_in_game, diplomats_left, result, scores, to_move
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


# The newest state's public part: a position is viewed by the public and by every seat in
# turn, and all but the known token faces (and the Africanus keys) is the same for each.
_last: tuple[State, dict[str, Any]] | None = None


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The public view (seat None) or one seat's view, JSON-ready.

    No face-down token face, supply content or order, removed token or seed appears here,
    except the faces this seat has looked at with the Witch.
    """
    global _last
    last = _last
    if last is not None and last[0] is s:
        base = last[1]
    else:
        base = _public(s)
        _last = (s, base)
    out = dict(base)
    if seat is not None:
        out["seat"] = seat
        if s.phase is Phase.REACTION and seat in to_move(s):
            out["to_move"] = [seat]
        known = s.known[seat]
        faces = s.board.faces
        out["regions"] = [
            {**entry, "known": [faces[t].to_dict() if t in known else None for t in tokens]}
            for entry, tokens in zip(
                base["regions"], (s.board_tokens[r] for r in _in_play(s)), strict=True
            )
        ]
    if s.africa is not None:
        out.update(_africa(s, seat))
    return out


def _in_play(s: State) -> list[int]:
    return [r for r in range(len(REGIONS)) if s.board.in_play[r]]


def _public(s: State) -> dict[str, Any]:
    """What every view holds alike (read-only: views share it)."""
    b = s.board
    names = region_names()
    regions = []
    for r in _in_play(s):
        region = REGIONS[r]
        regions.append(
            {
                "id": region.value,
                "name": names[region],
                "tokens": len(s.board_tokens[r]),
                "cubes": list(s.cubes[r]),
                "neighbours": [REGIONS[n].value for n in b.neighbours[r]],
            }
        )
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
        "seat": None,
        "phase": s.phase.value,
        "turn": s.turn,
        "active": s.active if s.phase is not Phase.OVER else None,
        # A reaction window's seats are secret: each seat's view says whether it is asked.
        "to_move": [] if s.phase is Phase.REACTION else sorted(to_move(s)),
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
        # Each seat's points as result() counts them, at any moment: cubes on the board and in
        # the palace; with Africanus the diplomats, and the region cards once the game is over
        # (until then the hands are secret and count 0). All public: a board shows the score.
        "scores": scores(s),
    }
    return out


def _cards(cards: tuple[int, ...]) -> list[dict[str, Any]]:
    faces = region_cards()
    return [faces[c].to_dict() for c in cards]


def _africa(s: State, seat: int | None) -> dict[str, Any]:
    """The Africanus keys (Africanus games only).

    A seat sees its own hand and standing order; everyone sees hand sizes, pile sizes, the
    caravan, the diplomats and their supply (None without the Sultan: no diplomats then), the
    region cards shown in the ravage under way, the reaction window (its region and its
    token, which is revealed), the Explorer's revealed cards and the final hands. Who is asked
    in a window, and the cards played on its token until it closes, are seen by their own
    seat only (`reaction.asked`, `reaction.played`): those cards still count in the public
    hand sizes. The Astronomer's cards are shown to their owner only; the draw pile's content
    never.
    """
    afr = s.africa
    assert afr is not None
    phase = s.phase
    rv = afr.ravage
    diplomats: dict[str, list[int]] = {}
    for r in s.board.used:
        mask = afr.diplomats[r]
        if mask:
            diplomats[REGIONS[r].value] = [p for p in range(s.players) if mask >> p & 1]
    faces = region_cards()
    protections = []
    reaction: dict[str, Any] | None = None
    if rv is not None:
        protections = [
            {
                "seat": p,
                "card": faces[c].to_dict(),
                "class_card": k.value,
                "region": REGIONS[rv.region].value,
            }
            for p, c, k in rv.protections
        ]
        reaction = {
            "region": REGIONS[rv.region].value,
            "token": s.board.faces[rv.token].to_dict(),
        }
        if seat is not None:
            reaction["asked"] = seat in rv.asked
            reaction["played"] = [
                {"card": faces[c].to_dict(), "class_card": k.value}
                for p, c, k in rv.pending
                if p == seat
            ]
    astronomer = None
    if phase is Phase.ASTRONOMER:
        astronomer = {
            "seat": s.active,
            "count": len(afr.drawn),
            "cards": _cards(afr.drawn) if seat == s.active else None,
        }
    explorer = None
    if phase is Phase.EXPLORER:
        explorer = {
            "seat": s.active,
            "cards": _cards(afr.drawn),
            "regions": [REGIONS[r].value for r in sorted({card_region(c) for c in afr.drawn})],
        }
    over = phase is Phase.OVER
    return {
        "hand": _cards(afr.hands[seat]) if seat is not None else None,
        "standing": afr.standing[seat].value if seat is not None else None,
        "hand_counts": [
            len(h) + sum(1 for p, _, _ in (rv.pending if rv else ()) if p == q)
            for q, h in enumerate(afr.hands)
        ],
        "deck": len(afr.deck),
        "discard": len(afr.discard),
        "caravan": REGIONS[afr.caravan].value if afr.caravan >= 0 else None,
        "diplomats": diplomats,
        # None: the game has no diplomats (the Sultan is not in play).
        "diplomat_supply": diplomats_left(s) if diplomats_in_game(s) else None,
        "protections": protections,
        "reaction": reaction,
        "astronomer": astronomer,
        "explorer": explorer,
        "ravage_left": [REGIONS[r].value for r in afr.left],
        "hands_revealed": [_cards(h) for h in afr.hands] if over else None,
    }
