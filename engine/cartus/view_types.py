"""The shape of Rattus Cartus views: what `engine.cartus.views.view` returns, key by key.

`CartusView` is the public view (seat None); `CartusSeatView` is one seat's: the public keys
plus the seat's own (`hand`, `rats`, `nuns_known`, `my_supply`), and the cards of its own
visits (`VisitView.cards`) before they are revealed. A key the engine writes as None is
`X | None`.

Records with a "class" key (a Python keyword) take it from a base declared in the functional
syntax. No `from __future__ import annotations` here: the classes keep their evaluated
annotations, so tests can check real views against them (`tests/engine/test_view_types.py`).
"""

from typing import Literal, TypedDict

_CardClass = TypedDict("_CardClass", {"class": str | None})
_BuildingClass = TypedDict("_BuildingClass", {"class": str})
_InfluenceClass = TypedDict("_InfluenceClass", {"class": str})

# One influence stack: [value, [seats, bottom to top]] (a JSON array, hence not a tuple).
StackView = list[int | list[int]]


class CardView(_CardClass):
    """A card (data.card_dict): `class` is a population card's class, None for a special."""

    card: str  # its id
    kind: str  # "population" or the special card's kind ("joker", "sword"...)
    nuns: int


class SupplyView(TypedDict):
    """What a building's supply action gives."""

    draw: int
    rats: int
    look: int


class VisitView(TypedDict):
    """A visit disc on a building of the row and the cards placed face down with it."""

    seat: int
    slot: int  # 1 for the first to enter this building...
    count: int  # cards placed
    cards: list[str] | None  # card ids once revealed (or in their own seat's view), else None
    revealed: bool
    done: bool  # the seat has finished placing cards


class RowBuildingView(_BuildingClass):
    """A building of this round's row (data.building_dict, with its place and visits)."""

    position: int
    id: str
    type: str
    supply: SupplyView
    visits: list[VisitView]
    status: Literal["waiting", "resolving", "resolved"]


class InfluenceView(_InfluenceClass):
    """One class's influence track (`class`: the class id)."""

    values: list[int]  # per seat
    ranking: list[int]  # seats with influence, best first
    stacks: list[StackView]  # by value, ascending


class DecisionView(TypedDict):
    """The decision open now (engine.core.contract.Decision)."""

    kind: Literal["turn", "window"]
    phase: str
    seats: list[int]


class OptionsView(TypedDict):
    """The game's options."""

    buildings: str  # "one_type", "random" or "chosen"
    supply: str  # "clockwise" or "simultaneous"
    everyone_dead: str  # "no_winner" or "fewest_rats"


class ReplacedView(TypedDict):
    """A building replaced in phase A."""

    building: str
    replacement: str


class NunView(TypedDict):
    """A face-down card of the nun row."""

    position: int
    looked_by: list[int]  # seats that looked at it


class ResolutionView(TypedDict):
    """Phase D: the building being resolved."""

    building: int  # its position in the row
    stage: str  # a Stage value
    premium: int | None  # the seat holding its premium action, in the actions stage
    queue: list[int]  # seats still to take its action, in order


class PendingView(TypedDict):
    """The decision inside the building being resolved."""

    kind: str  # the Phase value
    seat: int  # who decides (or receives, in a give window)
    building: int
    building_id: str
    premium: bool
    effect: str | None  # "draw", "sword", "flute", "guard_tower"... (None: none named)
    card: str | None  # the card an effect gives
    amount: int
    candidates: list[int]
    owed: dict[str, int]  # str(seat): cards it owes
    receiver: int | None  # the seat given to (give windows)


class RankingView(TypedDict):
    """One seat's place in the ranking (scoring.result)."""

    seat: int
    rank: int
    score: int
    breakdown: dict[str, int]  # points by rulebook line
    rats: int | None  # once over
    dead: bool
    winner: bool


class ResultView(TypedDict):
    """The ranking (scoring.result)."""

    over: bool
    nuns: int | None  # once over
    nun_row: list[CardView] | None  # once over
    everyone_dead: bool
    winners: list[int]
    winner: int | None
    ranking: list[RankingView]


class MySupplyView(TypedDict):
    """A seat's secret simultaneous supply answer."""

    building: int
    look: int | None


class CartusView(TypedDict):
    """The public view of a Rattus Cartus game (and the part every seat's view shares)."""

    game: Literal["cartus"]
    v: int  # the view version
    players: int
    seat: int | None  # None: the public view
    phase: str  # a Phase value
    decision: DecisionView
    active: int | None  # the seat of a turn decision, None in a window
    to_move: list[int]
    window: bool
    turn: int  # the round number, as `round`
    round: int
    rounds: int
    last_round: bool
    first_player: int
    seats_order: list[int]  # clockwise from the first player
    options: OptionsView
    buildings_in_play: dict[str, int]  # building type: copies
    specials_in_play: list[str]  # Joker and special cards in play
    row: list[RowBuildingView]  # this round's buildings, left to right
    replaced: list[ReplacedView]
    influence: list[InfluenceView]  # per class
    nun_row: list[NunView]
    hand_counts: list[int]
    vp_tokens: list[int]
    vp_supply: int
    piles: dict[str, int]  # special card kind: cards left
    draw_pile: int
    discard_pile: int
    building_deck: int
    replacement_pile: int
    supply_order: list[int]  # clockwise supply: seats still to choose
    supply_answered: list[int]  # simultaneous supply: seats that answered
    visit_order: list[int]  # phase C: seats still to visit
    immune: list[int]  # seats in a Guard Tower this round
    resolution: ResolutionView | None  # phase D
    pending: PendingView | None
    result: ResultView | None  # once over
    nun_row_revealed: list[CardView] | None  # once over
    rats_revealed: list[int] | None  # once over
    hands_revealed: list[list[str]] | None  # once over: card ids


class CartusSeatView(CartusView):
    """One seat's view: the public keys, and what only this seat knows."""

    hand: list[CardView]  # in card order
    rats: int  # its rat total
    nuns_known: list[CardView | None]  # per nun row position: the card it looked at
    my_supply: MySupplyView | None  # its secret simultaneous answer
