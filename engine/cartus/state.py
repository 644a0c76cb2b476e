"""The state of a Rattus Cartus game: the whole truth, hidden parts included; only views leave.

Piles whose order nobody knows (the Population draw pile, the building deck, the unseen part of
the replacement pile) are kept sorted and drawn from at random: the same as shuffling, with no
order to leak and nothing to hide when the state is redealt.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.evolve import quick_init
from engine.core.rng import Rng


class Phase(StrEnum):
    """Which decision is open (also `Decision.phase`)."""

    SUPPLY = "supply"  # phase B: take a supply action (a window when simultaneous)
    VISIT = "visit"  # phase C: enter a building or play a Pass
    PLACE = "place"  # phase C: place cards face down in the building entered, then done
    SWORD_TARGET = "sword_target"  # the most Swords picks who gives, among the tied fewest
    SWORD_GIVE = "sword_give"  # window: the fewest Swords gives half its hand
    FLUTE_TARGET = "flute_target"  # the most Flutes picks who gets the rat, among the tied
    GAIN = "gain"  # a building action that gives something: take it or decline it
    LOOK = "look"  # Fortune-teller's tent: which nun card(s) to look at
    HOSPITAL = "hospital"  # discard hand cards, one rat each, then done
    GUARD_GIVE = "guard_give"  # window: every seat asked gives cards to the Guard Tower
    OVER = "over"


class Stage(StrEnum):
    """Where the resolution of the current building stands (phase D)."""

    CARDS = "cards"  # a. reveal and resolve the cards: influence and off-class rats
    SWORD = "sword"  # a. the Sword comparison
    FLUTE = "flute"  # a. the Flute comparison
    ACTIONS = "actions"  # b. the building actions, premium holder first
    DISCARD = "discard"  # c. discard the cards played there


@quick_init
@dataclass(frozen=True, slots=True)
class Config:
    """What never changes during a game."""

    players: int
    rounds: int
    drawn: int  # buildings drawn per round
    supply: str  # "clockwise" or "simultaneous"
    everyone_dead: str  # "no_winner" or "fewest_rats"
    buildings: str  # "one_type", "random" or "chosen"
    in_play: tuple[int, ...]  # the 30 building cards of this game, sorted
    specials: tuple[int, ...]  # the special card kinds in play (Joker included), sorted


@quick_init
@dataclass(frozen=True, slots=True)
class Visit:
    """A player's visit disc on a building of the row, and the cards placed face down."""

    seat: int
    building: int  # position in the row
    slot: int  # 1 for the first to enter this building, 2 for the next...
    order: int  # 0 for the first visit of the round, 1 for the next...
    cards: tuple[int, ...]  # sorted; hidden until the building is resolved
    done: bool = False  # the player has finished placing cards


@quick_init
@dataclass(frozen=True, slots=True)
class Pending:
    """A decision inside the resolution of a building.

    `seat` decides (a target, an action) or receives (a give window); `owed[p]` is what seat p
    still has to give; `candidates` are the seats one may pick; `left` is what is left to do
    (Hospital cards that may still be discarded, the amount of a gain).
    """

    seat: int
    premium: bool = False
    candidates: tuple[int, ...] = ()
    owed: tuple[int, ...] = ()
    left: int = 0


@quick_init
@dataclass(frozen=True, slots=True)
class Resolution:
    """Phase D: which building is resolved, where it stands and what it waits for."""

    building: int
    stage: Stage
    premium: int  # the seat holding this building's premium action (-1: nobody entered)
    queue: tuple[int, ...] = ()  # seats still to take this building's action, in order
    pending: Pending | None = None
    winner2: int = -1  # 2 players: the only seat that may take a premium action this round


@quick_init
@dataclass(frozen=True, slots=True)
class Table:
    """The buildings: the deck, the replacement pile and this round's row.

    The deck and the unseen part of the replacement pile are sorted and drawn from at random;
    the cards sent to the bottom of the replacement pile in phase A were seen by everyone and
    keep their order.
    """

    deck: tuple[int, ...]
    spare: tuple[int, ...]
    spare_bottom: tuple[int, ...]
    row: tuple[int, ...]  # this round's buildings, left to right
    replaced: tuple[tuple[int, int], ...]  # phase A: (building sent back, replacement)


@quick_init
@dataclass(frozen=True, slots=True)
class Cards:
    """Where the cards are."""

    draw: tuple[int, ...]  # Population draw pile (sorted, hidden)
    discard: tuple[int, ...]  # Population discard pile (sorted; every card in it was shown)
    piles: tuple[int, ...]  # Joker and special piles, by Special order (face up)
    hands: tuple[tuple[int, ...], ...]  # sorted
    nuns: tuple[int, ...]  # the Nun row, left to right (face down)


@quick_init
@dataclass(frozen=True, slots=True)
class Marks:
    """Each seat's markers and tokens.

    `influence[c][p]` is seat p's marker on the track of class c and `arrival[c][p]` when it
    got there (lower arrived first and lies lower in the stack: it wins ties); `clock` counts
    marker moves.
    """

    influence: tuple[tuple[int, ...], ...]
    arrival: tuple[tuple[int, ...], ...]
    clock: int
    rats: tuple[int, ...]  # total rat value (private)
    vp: tuple[int, ...]  # VP tokens (public)
    vp_supply: int
    looks: tuple[int, ...]  # bit i set when the seat has looked at nun card i


@quick_init
@dataclass(frozen=True, slots=True)
class State:
    """A Rattus Cartus game.

    Cards and buildings are the integers of `engine.cartus.data`; per-seat tuples are indexed
    by seat. Few top-level fields on purpose: every action builds a new State, and a frozen
    dataclass pays for each field it sets; the parts that change rarely sit in sub-records.
    """

    config: Config
    rng: Rng
    phase: Phase
    round: int
    first: int  # the seat holding the first-player card
    table: Table
    cards: Cards
    marks: Marks
    order: tuple[int, ...] = ()  # supply (clockwise) or visits: seats still to act, next first
    # Simultaneous supply: each seat's hidden answer, (building, nun card) with -1 for none
    # (building -1: not answered yet).
    chosen: tuple[tuple[int, int], ...] = ()
    visits: tuple[Visit, ...] = ()  # in entry order
    res: Resolution | None = None

    @property
    def players(self) -> int:
        """Number of players."""
        return self.config.players

    @property
    def last_round(self) -> bool:
        """True in the last round (the building deck is empty)."""
        return self.round >= self.config.rounds

    @property
    def row(self) -> tuple[int, ...]:
        """This round's buildings."""
        return self.table.row

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's hand."""
        return self.cards.hands

    @property
    def piles(self) -> tuple[int, ...]:
        """Cards left in the Joker and special piles."""
        return self.cards.piles

    @property
    def nuns(self) -> tuple[int, ...]:
        """The Nun row."""
        return self.cards.nuns

    @property
    def rats(self) -> tuple[int, ...]:
        """Every seat's rat total."""
        return self.marks.rats

    @property
    def looks(self) -> tuple[int, ...]:
        """Every seat's looks at the Nun row (bit masks)."""
        return self.marks.looks

    @property
    def vp(self) -> tuple[int, ...]:
        """Every seat's VP tokens."""
        return self.marks.vp

    @property
    def influence(self) -> tuple[tuple[int, ...], ...]:
        """Influence by class, then seat."""
        return self.marks.influence

    @property
    def arrival(self) -> tuple[tuple[int, ...], ...]:
        """When each marker arrived, by class, then seat."""
        return self.marks.arrival
