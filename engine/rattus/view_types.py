"""The shape of Rattus views: what `engine.rattus.views.view` returns, key by key.

`RattusView` is the public view (seat None); `RattusSeatView` is one seat's. A key that only
an Africanus game has is `NotRequired` (absent from a base game's views); a key a seat's view
adds inside a record (`RegionView.known`, `ReactionView.asked`/`played`) is `NotRequired` too,
absent from the public view. A key the engine writes as None is `X | None`.

No `from __future__ import annotations` here: the classes keep their evaluated annotations, so
tests can check real views against them key by key (`tests/engine/test_view_types.py`).
"""

from typing import Literal, NotRequired, TypedDict


class TokenView(TypedDict):
    """A rat token's face, as shown to whoever may see it."""

    id: str
    limit: int  # cubes a region may hold before the token strikes
    symbols: list[str]  # class symbols ("M" majority, "k" knight...)


class RegionView(TypedDict):
    """A region in play."""

    id: str  # the Region value ("gallia")
    name: str  # its display name
    tokens: int  # face-down rat tokens on it
    cubes: list[int]  # per seat
    neighbours: list[str]  # region ids
    # A seat's view only: per face-down token (placement order), its face when this seat
    # looked at it with the Witch, else None.
    known: NotRequired[list[TokenView | None]]


class WitchLookView(TypedDict):
    """One token the Witch looked at this spell."""

    region: str
    position: int  # its index among the region's face-down tokens


class TurnStateView(TypedDict):
    """What the active player has done this turn."""

    took_card: bool
    placed: bool
    used: list[str]  # class cards whose ability was used, sorted
    witch: list[WitchLookView]
    spread_left: int  # new rats still to place


class ClassCardView(TypedDict):
    """A class card in play."""

    card: str  # the ClassCard value ("witch")
    symbol: str  # the symbol it matches on rat tokens
    holder: int | None  # its seat, None beside the board


class FinalView(TypedDict):
    """The end was triggered: the final round."""

    last_regular: int  # the seat whose turn was the last regular one
    order: list[int]  # seats still to play, current first
    neutral: bool  # the Knight moved the plague in the final round


class RevealView(TypedDict):
    """A rat token revealed by the latest plague move, and what it did."""

    region: str
    id: str
    limit: int
    symbols: list[str]
    cubes: int  # cubes in the region when it was revealed
    outbreak: bool
    losses: list[int]  # cubes each seat lost


class RecentView(TypedDict):
    """The latest plague move and its ravage."""

    seat: int
    final: bool  # in the final round
    plague_from: str
    plague_to: str
    neutral: bool  # the Knight moved it (no new rats)
    spread: dict[str, int]  # new rats per region
    revealed: list[RevealView]


class ScoreView(TypedDict):
    """One seat's points (rules.scores): `total` is the sum of the others."""

    board: int
    palace: int
    region_cards: NotRequired[int]  # Africanus (0 until the game is over)
    diplomats: NotRequired[int]  # Africanus
    total: int


class RankingView(TypedDict):
    """One seat's place in the ranking (rules.result)."""

    seat: int
    rank: int
    score: int
    breakdown: dict[str, int]  # ScoreView's keys but total
    tiebreak: int  # its position in the tie-break (lower is better)


class ResultView(TypedDict):
    """The ranking once the game is over (rules.result)."""

    over: bool
    reason: str | None
    winner: int | None
    ranking: list[RankingView]


class RegionCardView(TypedDict):
    """An Africanus region card."""

    id: str
    region: str
    symbols: list[str]  # its two class symbols (none for the wildcard)
    wild: bool  # the '?' wildcard


class ProtectionView(TypedDict):
    """A region card shown in the ravage under way, protecting a class."""

    seat: int
    card: RegionCardView
    class_card: str
    region: str


class PlayedView(TypedDict):
    """A region card this seat played on the token of the open window (not yet shown)."""

    card: RegionCardView
    class_card: str


class ReactionView(TypedDict):
    """The open region-card window: the ravaged region and its revealed token."""

    region: str
    token: TokenView
    asked: NotRequired[bool]  # a seat's view only: this seat is asked
    played: NotRequired[list[PlayedView]]  # a seat's view only: its cards on this token


class AstronomerView(TypedDict):
    """The Astronomer's draw: its cards are shown to its owner only."""

    seat: int
    count: int
    cards: list[RegionCardView] | None  # None but in the owner's view


class ExplorerView(TypedDict):
    """The Explorer's revealed cards and the regions they name."""

    seat: int
    cards: list[RegionCardView]
    regions: list[str]


class RattusView(TypedDict):
    """The public view of a Rattus game (and the part every seat's view shares)."""

    game: Literal["rattus"]
    v: int  # the view version
    expansion: str | None  # "africanus", None for the base game
    players: int
    seat: int | None  # None: the public view
    phase: str  # a Phase value
    turn: int
    active: int | None  # None once over
    # Seats to move; a reaction window's are secret: [] in the public view, [seat] in the view
    # of a seat asked.
    to_move: list[int]
    regions: list[RegionView]  # the regions in play, in Region order
    arrows: list[list[str]]  # sea routes, [from, to] region ids, sorted
    plague: str
    palace: list[int]  # cubes per seat
    reserve: list[int]  # cubes per seat in its supply
    on_board: list[int]  # cubes per seat on the board
    cards: list[ClassCardView]
    rat_supply: int
    removed_unseen: int
    revealed_count: int
    turn_state: TurnStateView
    opening_left: list[int]  # seats still to place opening cubes
    final: FinalView | None
    end_reason: str | None
    recent: RecentView | None
    knight_steps: int
    result: ResultView | None  # once over
    scores: list[ScoreView]  # per seat, at any moment
    # Africanus only. A seat sees its own hand and standing order (None in the public view).
    hand: NotRequired[list[RegionCardView] | None]
    standing: NotRequired[str | None]  # a Standing value
    hand_counts: NotRequired[list[int]]
    deck: NotRequired[int]
    discard: NotRequired[int]
    caravan: NotRequired[str | None]  # None without the Caravaneer
    diplomats: NotRequired[dict[str, list[int]]]  # region: seats with a diplomat there
    diplomat_supply: NotRequired[int | None]  # None without the Sultan
    protections: NotRequired[list[ProtectionView]]
    reaction: NotRequired[ReactionView | None]
    astronomer: NotRequired[AstronomerView | None]
    explorer: NotRequired[ExplorerView | None]
    ravage_left: NotRequired[list[str]]  # final ravage: regions still to ravage
    hands_revealed: NotRequired[list[list[RegionCardView]] | None]  # once over


class RattusSeatView(RattusView):
    """One seat's view: the public keys, with `seat` set, `regions[].known` and (Africanus)
    `hand`, `standing`, `reaction.asked` and `reaction.played` filled for this seat."""
