"""The shape of Pied Piper views: what `engine.piper.views.view` returns, key by key.

`PiperView` is the public view (seat None); `PiperSeatView` is one seat's: the public keys plus
its `hand`, and the `card` of its own face-down cards under the characters
(`UnderCardView.card`, `NotRequired`: absent from a face-down card another seat placed). A key
the engine writes as None is `X | None`.

No `from __future__ import annotations` here: the classes keep their evaluated annotations, so
tests can check real views against them key by key (`tests/engine/test_view_types.py`).
"""

from typing import Literal, NotRequired, TypedDict


class HouseView(TypedDict):
    """A house, in set-up ring order."""

    house: int
    owner: int | None  # None: a neutral house
    neutral: bool
    level: int | None  # its rat counter (None for a neutral house)
    eliminated: bool  # out of the ring


class FigureView(TypedDict):
    """A figure standing in a gap."""

    figure: str  # "piper" or a rat colour
    kind: Literal["rat", "piper"]
    facing: Literal["forward"]


class GapView(TypedDict):
    """The gap after a house of the ring and the figures in it."""

    after: int
    before: int
    figures: list[FigureView]


class UnderCardView(TypedDict):
    """A card under a character, in placement order."""

    hidden: bool  # placed face down
    seat: int
    card: NotRequired[str]  # its type; a face-down card's only in its own seat's view


class CharacterView(TypedDict):
    """A character of the display (places 1-4)."""

    slot: int
    figure: str
    kind: Literal["rat", "piper"]
    card: str  # the Character card id ("piper-1", "yellow-3"...)
    cards: list[UnderCardView]


class ThisTurnView(TypedDict):
    """What the active player has done this turn."""

    cards_left: int  # action cards still to place
    placed: list[int]  # places (1-4) that got a card
    hidden_used: bool  # a card was placed face down
    may_hide: bool
    pending: list[int]  # places waiting for the activation order


class CrossingView(TypedDict):
    """A house crossed by a move."""

    house: int
    owner: int | None  # None: a neutral house
    change: int  # the change applied to its counter
    level: int | None  # the counter after the crossing (None: a neutral house)
    under: bool  # through the sewer
    roof: bool  # this crossing put the counter on the roof


class MoveView(TypedDict):
    """One move of the latest turn."""

    figures: list[str]
    direction: Literal["forward", "back"]
    crossings: list[CrossingView]
    end: int  # the house the figures stand after


class RecentView(TypedDict):
    """The latest turn that moved figures."""

    seat: int
    turn: int
    moves: list[MoveView]
    eliminated: list[int]


class BreakdownView(TypedDict):
    """How a seat's score was counted."""

    level: int
    counters_collected: int
    eliminated: int | None  # its place in the elimination order (1: first out)


class RankingView(TypedDict):
    """One seat's place in the ranking (rules.result)."""

    seat: int
    rank: int
    score: int  # its rat counter (lower is better)
    breakdown: BreakdownView


class ResultView(TypedDict):
    """The ranking once over (rules.result)."""

    over: bool
    reason: str | None
    winner: int | None
    draw: bool
    ranking: list[RankingView]


class PiperView(TypedDict):
    """The public view of a Pied Piper game (and the part every seat's view shares)."""

    game: Literal["piper"]
    v: int  # the view version
    variant: str | None  # None, "ptits_rats" or "hidden"
    players: int
    seat: int | None  # None: the public view
    phase: str  # "play", "order" or "over"
    turn: int  # from 1
    active: int | None  # None once over
    to_move: list[int]
    roof: int  # the top of the rat counters
    houses: list[HouseView]  # every house, set-up ring order
    ring: list[int]  # the houses still in play, in ring order
    gaps: list[GapView]  # one per house of `ring`, the gap after it
    characters: list[CharacterView]
    character_deck: int
    character_discard: int
    character_discard_cards: list[str]  # the face-up Character discard pile (ids)
    deck: int
    discard: int
    discard_cards: dict[str, int]  # the face-up Action discard pile, by type
    hands: list[int]  # hand size per seat
    collected: list[list[int]]  # per seat: the seats whose counters it took
    eliminated: list[int]  # seats in elimination order
    in_game: list[int]  # seats still playing, turn order
    this_turn: ThisTurnView
    recent: RecentView | None
    result: ResultView | None  # once over


class PiperSeatView(PiperView):
    """One seat's view: the public keys, its hand, and its own face-down cards' types."""

    hand: list[str]  # card types, sorted
