"""Events of Rattus Cartus: past-tense records, public unless `visible_to` says otherwise.

Conventions: `seat` is who did it; `building` is a position in the row (0-based) and
`building_id` the card's id (``monastery-3``); cards are card ids (``monk3``, ``sword``);
classes are class ids (``church``). A rat total is never in a public event: public events
carry the change (`RatsChanged.delta`, already floored at 0) and only the owner's view shows the
total. Private events (hands, face-down cards, nun cards seen, cards handed over) name the
seats that may see them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.events import Event
from engine.core.evolve import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class SeatCount:
    """A seat and a number (cards played, cards owed...)."""

    seat: int
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class RevealedVisit:
    """One visit of a building, with the cards it revealed."""

    seat: int
    slot: int
    cards: tuple[str, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Points:
    """One line of a seat's final score: a class majority, hand, sword, flute, pass, gold,
    vp_tokens."""

    line: str
    points: int


@quick_init
@dataclass(frozen=True, slots=True)
class Replacement:
    """Phase A: a building sent to the bottom of the replacement pile and the one that came."""

    returned: str
    drawn: str


@quick_init
@dataclass(frozen=True, slots=True)
class GameSetUp(Event):
    """The game is set up: the buildings in play, the piles, who starts."""

    players: int
    rounds: int
    buildings_per_round: int
    first_player: int
    supply: str
    everyone_dead: str
    buildings: tuple[str, ...]  # the 30 building cards in play
    replacement_pile: int
    building_deck: int
    specials: tuple[str, ...]  # Joker and special piles in play
    hand_size: int
    starting_rats: int
    nun_row: int
    kind: ClassVar[str] = "game_set_up"


@quick_init
@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Set-up, private: the cards a seat was dealt."""

    seat: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "hand_dealt"
    reveals: ClassVar[bool] = True

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the seat dealt."""
        return frozenset((self.seat,))


@quick_init
@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    """A round began (`last`: the last round, without building actions)."""

    round: int
    rounds: int
    first_player: int
    last: bool
    kind: ClassVar[str] = "round_began"


@quick_init
@dataclass(frozen=True, slots=True)
class BuildingsDrawn(Event):
    """Phase A: the row of buildings for this round, after any replacement of identical types."""

    round: int
    row: tuple[str, ...]
    replaced: tuple[Replacement, ...]
    kind: ClassVar[str] = "buildings_drawn"
    reveals: ClassVar[bool] = True


@quick_init
@dataclass(frozen=True, slots=True)
class SupplyAnswered(Event):
    """Simultaneous phase B: a seat chose its supply action (which one stays secret)."""

    seat: int
    waiting: tuple[int, ...]  # seats still to answer
    kind: ClassVar[str] = "supply_answered"


@quick_init
@dataclass(frozen=True, slots=True)
class SupplyTaken(Event):
    """Phase B: a seat took a supply action: `drawn` cards it got, `rats_delta` the change of
    its rats (floored at 0), `look` the nun card it looked at (None: no look)."""

    seat: int
    building: int
    building_id: str
    drawn: int
    rats_delta: int
    look: int | None
    kind: ClassVar[str] = "supply_taken"


@quick_init
@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Private: the Population cards a seat drew (`reason`: supply or the building type)."""

    seat: int
    cards: tuple[str, ...]
    reason: str
    kind: ClassVar[str] = "cards_drawn"
    reveals: ClassVar[bool] = True

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the seat that drew."""
        return frozenset((self.seat,))


@quick_init
@dataclass(frozen=True, slots=True)
class PopulationReshuffled(Event):
    """The Population draw pile ran out: the discard pile became the new draw pile."""

    cards: int
    kind: ClassVar[str] = "population_reshuffled"


@quick_init
@dataclass(frozen=True, slots=True)
class NunLooked(Event):
    """A seat looked at nun cards of the Nun row (which ones is public, not what they show)."""

    seat: int
    positions: tuple[int, ...]
    reason: str  # supply or fortune_teller
    kind: ClassVar[str] = "nun_looked"


@quick_init
@dataclass(frozen=True, slots=True)
class NunSeen(Event):
    """Private: what a nun card shows, for the seat that looked at it."""

    seat: int
    position: int
    card: str
    nuns: int
    kind: ClassVar[str] = "nun_seen"
    reveals: ClassVar[bool] = True

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the seat that looked."""
        return frozenset((self.seat,))


@quick_init
@dataclass(frozen=True, slots=True)
class VisitsBegan(Event):
    """Phase C began: the seats in visiting order."""

    order: tuple[int, ...]
    kind: ClassVar[str] = "visits_began"


@quick_init
@dataclass(frozen=True, slots=True)
class PassPlayed(Event):
    """Phase C: a seat played a Pass card; it will visit after the others."""

    seat: int
    order: tuple[int, ...]  # the seats still to visit, next first
    kind: ClassVar[str] = "pass_played"


@quick_init
@dataclass(frozen=True, slots=True)
class BuildingEntered(Event):
    """Phase C: a seat put its visit disc on a building (slot 1 = first in)."""

    seat: int
    building: int
    building_id: str
    slot: int
    kind: ClassVar[str] = "building_entered"


@quick_init
@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    """Private: a card the seat placed face down (or took back: `withdrawn`)."""

    seat: int
    building: int
    card: str
    withdrawn: bool
    placed: int  # cards placed so far
    kind: ClassVar[str] = "card_placed"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the seat placing."""
        return frozenset((self.seat,))


@quick_init
@dataclass(frozen=True, slots=True)
class CardsPlaced(Event):
    """Phase C: a seat finished its visit with this many cards face down (public count)."""

    seat: int
    building: int
    building_id: str
    count: int
    kind: ClassVar[str] = "cards_placed"


@quick_init
@dataclass(frozen=True, slots=True)
class CardsRevealed(Event):
    """Phase D: the cards placed in a building, turned face up in entry order."""

    building: int
    building_id: str
    klass: str
    visits: tuple[RevealedVisit, ...]
    kind: ClassVar[str] = "cards_revealed"
    reveals: ClassVar[bool] = True


@quick_init
@dataclass(frozen=True, slots=True)
class InfluenceGained(Event):
    """A marker moved up an influence track (`reason`: cards, or last_round for the premium)."""

    seat: int
    klass: str
    amount: int
    total: int
    building: int
    reason: str
    kind: ClassVar[str] = "influence_gained"


@quick_init
@dataclass(frozen=True, slots=True)
class RatsChanged(Event):
    """A seat's rats changed by `delta` (never below 0); the total stays private.

    `reason`: off_class (Population cards of another class), flute_given, flute_received,
    supply, monastery, hospital.
    """

    seat: int
    delta: int
    reason: str
    building: int | None
    kind: ClassVar[str] = "rats_changed"


@quick_init
@dataclass(frozen=True, slots=True)
class SpecialCompared(Event):
    """Phase D: the Sword or Flute comparison of a building (only when someone played one).

    `played`: each entrant's count, in entry order. Nothing happens when all played as many
    (`winner` None). Otherwise `winner` (most, first in on a tie) acts on `target`; when several
    are tied for fewest, `target` is None and the winner chooses among `candidates`.
    `cards`: the Sword's half hand (0 when the target holds fewer than 2 cards).
    """

    card: str  # sword or flute
    building: int
    played: tuple[SeatCount, ...]
    winner: int | None
    candidates: tuple[int, ...]
    target: int | None
    cards: int
    kind: ClassVar[str] = "special_compared"


@quick_init
@dataclass(frozen=True, slots=True)
class TargetChosen(Event):
    """The Sword or Flute winner chose among the tied seats (`cards`: for a Sword)."""

    seat: int
    target: int
    card: str
    building: int
    cards: int
    kind: ClassVar[str] = "target_chosen"


@quick_init
@dataclass(frozen=True, slots=True)
class CardGiven(Event):
    """A card changed hands (Sword or Guard Tower); public without the card."""

    giver: int
    receiver: int
    reason: str  # sword or guard_tower
    left: int  # cards the giver still owes
    kind: ClassVar[str] = "card_given"


@quick_init
@dataclass(frozen=True, slots=True)
class CardGivenShown(Event):
    """Private to giver and receiver: which card changed hands."""

    giver: int
    receiver: int
    card: str
    reason: str
    kind: ClassVar[str] = "card_given_shown"
    reveals: ClassVar[bool] = True

    @property
    def visible_to(self) -> frozenset[int] | None:
        """The giver and the receiver."""
        return frozenset((self.giver, self.receiver))


@quick_init
@dataclass(frozen=True, slots=True)
class PremiumAwarded(Event):
    """Phase D b: who takes the premium action and who the standard action of a building.

    In the last round no action is taken: the premium holder gains 1 influence instead.
    """

    building: int
    building_id: str
    premium: int | None
    standard: tuple[int, ...]
    last_round: bool
    kind: ClassVar[str] = "premium_awarded"


@quick_init
@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A building action: `effect` (draw, take, discard_rats, vp, look, hospital,
    guard_tower, none) and what it gave (`amount`; `card` for take). `amount` 0 with
    `empty` True: the pile was empty (COMPONENTS 4.5 #11)."""

    seat: int
    building: int
    building_id: str
    premium: bool
    effect: str
    amount: int
    card: str | None
    empty: bool
    kind: ClassVar[str] = "action_taken"


@quick_init
@dataclass(frozen=True, slots=True)
class ActionDeclined(Event):
    """A seat declined a building action that would have given it something."""

    seat: int
    building: int
    building_id: str
    premium: bool
    effect: str
    kind: ClassVar[str] = "action_declined"


@quick_init
@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """Hospital: a seat discarded a card of its hand (shown) to discard a rat."""

    seat: int
    card: str
    building: int
    left: int  # cards it may still discard
    kind: ClassVar[str] = "card_discarded"


@quick_init
@dataclass(frozen=True, slots=True)
class GuardTowerDemanded(Event):
    """Guard Tower premium: hand sizes compared once; these seats give cards to `seat`.

    `immune`: seats that entered a Guard Tower this round.
    """

    seat: int
    building: int
    hand: int
    givers: tuple[SeatCount, ...]
    immune: tuple[int, ...]
    kind: ClassVar[str] = "guard_tower_demanded"


@quick_init
@dataclass(frozen=True, slots=True)
class PlayedCardsDiscarded(Event):
    """Phase D c: the cards played in a building went to the discard pile and their piles."""

    building: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "played_cards_discarded"


@quick_init
@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Phase E: discs back, buildings discarded, the first-player card passed left."""

    round: int
    next_first_player: int | None
    kind: ClassVar[str] = "round_ended"


@quick_init
@dataclass(frozen=True, slots=True)
class PlayerScore(Event):
    """The end: one seat's score line by line, its rats, hand and fate (public: everything
    is revealed)."""

    seat: int
    rank: int
    score: int
    breakdown: tuple[Points, ...]
    rats: int
    dead: bool
    winner: bool
    hand: tuple[str, ...]
    kind: ClassVar[str] = "player_score"
    reveals: ClassVar[bool] = True


@quick_init
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The end: the Nun row revealed, who died, who won (no winner: `winners` empty)."""

    nun_row: tuple[str, ...]
    nuns: int
    dead: tuple[int, ...]
    winners: tuple[int, ...]
    everyone_dead: bool
    ranking: tuple[int, ...]
    scores: tuple[int, ...]  # in ranking order
    kind: ClassVar[str] = "game_ended"
    reveals: ClassVar[bool] = True
