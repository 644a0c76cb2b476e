"""Views: what one seat (or the public) may know. The only thing that leaves the engine.

`view(state, seat)` returns a `RattusView` (public, seat None) or a `RattusSeatView`: their
keys are documented in `engine.rattus.view_types`. `views(state, seats)` gives the public
view and several seats' views of one position at once, computing their shared public part
once (the bot draws the public board and tells every seat what it knows after each action).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast, overload

from engine.rattus.data import (
    REGIONS,
    ClassCard,
    RegionCardFace,
    TokenFace,
    card_symbol,
    region_cards,
    region_names,
)
from engine.rattus.protection import card_region
from engine.rattus.rules import diplomats_in_game, diplomats_left, result, scores, to_move
from engine.rattus.state import Africa, Phase, Recent, State
from engine.rattus.view_types import (
    AstronomerView,
    ClassCardView,
    ExplorerView,
    ProtectionView,
    RattusSeatView,
    RattusView,
    ReactionView,
    RecentView,
    RegionCardView,
    RegionView,
    ResultView,
    RevealView,
    ScoreView,
    TokenView,
    TurnStateView,
)

VIEW_VERSION = 1

# Region ids and names by index, once: an enum member's value is a property, and a view
# names every region in play several times.
_IDS: tuple[str, ...] = tuple(r.value for r in REGIONS)
_NAMES: tuple[str, ...] = tuple(region_names()[r] for r in REGIONS)
# Each class card's id and symbol (card_symbol reads the data file's table).
_CARDS: dict[ClassCard, tuple[str, str]] = {c: (c.value, card_symbol(c)) for c in ClassCard}
_REACTION = Phase.REACTION
_OVER = Phase.OVER


def _token(face: TokenFace) -> TokenView:
    return {"id": face.id, "limit": face.limit, "symbols": list(face.symbols)}


def _card(face: RegionCardFace) -> RegionCardView:
    return {
        "id": face.id,
        "region": face.region.value,
        "symbols": list(face.symbols),
        "wild": face.wild,
    }


def _recent(s: State) -> RecentView | None:
    rec: Recent | None = s.recent
    if rec is None:
        return None
    faces = s.board.faces
    spread: dict[str, int] = {}
    for r in rec.spread:
        spread[_IDS[r]] = spread.get(_IDS[r], 0) + 1
    revealed: list[RevealView] = []
    for x in rec.reveals:
        face = faces[x.token]
        revealed.append(
            {
                "region": _IDS[x.region],
                "id": face.id,
                "limit": face.limit,
                "symbols": list(face.symbols),
                "cubes": x.cubes,
                "outbreak": x.outbreak,
                "losses": list(x.losses),
            }
        )
    return {
        "seat": rec.seat,
        "final": rec.final,
        "plague_from": _IDS[rec.source],
        "plague_to": _IDS[rec.target],
        "neutral": rec.neutral,
        "spread": spread,
        "revealed": revealed,
    }


@overload
def view(s: State, seat: None) -> RattusView: ...
@overload
def view(s: State, seat: int) -> RattusSeatView: ...
@overload
def view(s: State, seat: int | None) -> RattusView: ...
def view(s: State, seat: int | None) -> RattusView:
    """The public view (seat None) or one seat's view, JSON-ready.

    No face-down token face, supply content or order, removed token or seed appears here,
    except the faces this seat has looked at with the Witch.
    """
    out = _public(s)
    if seat is not None:
        # A fresh public part: the seat's keys go in place, with no copy.
        _for_seat(s, seat, out, out["regions"])
    if s.africa is not None:
        _add_africa(s, s.africa, seat, out)
    return out


def views(s: State, seats: Iterable[int]) -> tuple[RattusView, list[RattusSeatView]]:
    """The public view and the views of `seats` (in that order) of one position, equal to
    `view(s, None)` and `view(s, seat)` for each; the public part is computed once and its
    records are shared between the views (read them, do not change them)."""
    public = _public(s)
    mine: list[RattusSeatView] = []
    for seat in seats:
        out: RattusSeatView = public.copy()
        _for_seat(s, seat, out, [entry.copy() for entry in public["regions"]])
        if s.africa is not None:
            _add_africa(s, s.africa, seat, out)
        mine.append(out)
    if s.africa is not None:
        _add_africa(s, s.africa, None, public)
    return public, mine


def _for_seat(s: State, seat: int, out: RattusView, regions: list[RegionView]) -> None:
    """Make a public part (without the Africanus keys) `seat`'s: its seat, whether a window
    asks it, and what it knows of each region's tokens, added to `regions` (out's own)."""
    out["seat"] = seat
    if s.phase is _REACTION and seat in to_move(s):
        out["to_move"] = [seat]
    known = s.known[seat]
    faces = s.board.faces
    tokens = s.board_tokens
    for entry, r in zip(regions, s.board.used, strict=True):
        entry["known"] = [_token(faces[t]) if t in known else None for t in tokens[r]]
    out["regions"] = regions


def _public(s: State) -> RattusView:
    """What every view holds alike (views made from it share its records)."""
    b = s.board
    ids = _IDS
    regions: list[RegionView] = [
        {
            "id": ids[r],
            "name": _NAMES[r],
            "tokens": len(s.board_tokens[r]),
            "cubes": list(s.cubes[r]),
            "neighbours": [ids[n] for n in b.neighbours[r]],
        }
        for r in b.used
    ]
    turn: TurnStateView = {
        "took_card": s.took_card,
        "placed": s.placed,
        "used": sorted(c.value for c in s.used),
        "witch": [{"region": ids[r], "position": p} for r, p in s.witch],
        "spread_left": s.spread_left,
    }
    phase = s.phase
    known = _CARDS
    cards: list[ClassCardView] = [
        {"card": known[c][0], "symbol": known[c][1], "holder": h if h >= 0 else None}
        for c, h in zip(s.cards, s.holders, strict=True)
    ]
    # rules.scores builds plain dicts; the view types name their keys (and
    # tests/engine/test_view_types.py checks real views against them). Its "board" is each
    # seat's cubes on the board, the view's "on_board".
    points = cast(list[ScoreView], scores(s))
    return {
        "game": "rattus",
        "v": VIEW_VERSION,
        "expansion": s.expansion or None,
        "players": s.players,
        "seat": None,
        "phase": phase.value,
        "turn": s.turn,
        "active": s.active if phase is not _OVER else None,
        # A reaction window's seats are secret: each seat's view says whether it is asked.
        "to_move": [] if phase is _REACTION else sorted(to_move(s)),
        "regions": regions,
        "arrows": sorted([ids[a], ids[c]] for a, c in b.arrows),
        "plague": ids[s.plague],
        "palace": list(s.palace),
        "reserve": list(s.reserve),
        "on_board": [row["board"] for row in points],
        "cards": cards,
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
        "result": cast(ResultView, result(s)) if phase is _OVER else None,
        # Each seat's points as result() counts them, at any moment: cubes on the board and in
        # the palace; with Africanus the diplomats, and the region cards once the game is over
        # (until then the hands are secret and count 0). All public: a board shows the score.
        "scores": points,
    }


def _cards(cards: tuple[int, ...]) -> list[RegionCardView]:
    faces = region_cards()
    return [_card(faces[c]) for c in cards]


def _add_africa(s: State, afr: Africa, seat: int | None, out: RattusView) -> None:
    """Add the Africanus keys to `out` (Africanus games only).

    A seat sees its own hand and standing order; everyone sees hand sizes, pile sizes, the
    caravan, the diplomats and their supply (None without the Sultan: no diplomats then), the
    region cards shown in the ravage under way, the reaction window (its region and its
    token, which is revealed), the Explorer's revealed cards and the final hands. Who is asked
    in a window, and the cards played on its token until it closes, are seen by their own
    seat only (`reaction.asked`, `reaction.played`): those cards still count in the public
    hand sizes. The Astronomer's cards are shown to their owner only; the draw pile's content
    never.
    """
    phase = s.phase
    rv = afr.ravage
    diplomats: dict[str, list[int]] = {}
    for r in s.board.used:
        mask = afr.diplomats[r]
        if mask:
            diplomats[_IDS[r]] = [p for p in range(s.players) if mask >> p & 1]
    faces = region_cards()
    protections: list[ProtectionView] = []
    reaction: ReactionView | None = None
    if rv is not None:
        protections = [
            {
                "seat": p,
                "card": _card(faces[c]),
                "class_card": k.value,
                "region": _IDS[rv.region],
            }
            for p, c, k in rv.protections
        ]
        reaction = {
            "region": _IDS[rv.region],
            "token": _token(s.board.faces[rv.token]),
        }
        if seat is not None:
            reaction["asked"] = seat in rv.asked
            reaction["played"] = [
                {"card": _card(faces[c]), "class_card": k.value}
                for p, c, k in rv.pending
                if p == seat
            ]
    astronomer: AstronomerView | None = None
    if phase is Phase.ASTRONOMER:
        astronomer = {
            "seat": s.active,
            "count": len(afr.drawn),
            "cards": _cards(afr.drawn) if seat == s.active else None,
        }
    explorer: ExplorerView | None = None
    if phase is Phase.EXPLORER:
        explorer = {
            "seat": s.active,
            "cards": _cards(afr.drawn),
            "regions": [_IDS[r] for r in sorted({card_region(c) for c in afr.drawn})],
        }
    over = phase is _OVER
    out["hand"] = _cards(afr.hands[seat]) if seat is not None else None
    out["standing"] = afr.standing[seat].value if seat is not None else None
    out["hand_counts"] = [
        len(h) + sum(1 for p, _, _ in (rv.pending if rv else ()) if p == q)
        for q, h in enumerate(afr.hands)
    ]
    out["deck"] = len(afr.deck)
    out["discard"] = len(afr.discard)
    out["caravan"] = _IDS[afr.caravan] if afr.caravan >= 0 else None
    out["diplomats"] = diplomats
    # None: the game has no diplomats (the Sultan is not in play).
    out["diplomat_supply"] = diplomats_left(s) if diplomats_in_game(s) else None
    out["protections"] = protections
    out["reaction"] = reaction
    out["astronomer"] = astronomer
    out["explorer"] = explorer
    out["ravage_left"] = [_IDS[r] for r in afr.left]
    out["hands_revealed"] = [_cards(h) for h in afr.hands] if over else None
