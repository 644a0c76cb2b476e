"""The state of a Rattus game: the whole truth, hidden parts included; only views leave."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter

from engine.core.evolve import quick_init_all
from engine.core.rng import Rng
from engine.rattus.board import Board, board
from engine.rattus.data import ClassCard


class Phase(StrEnum):
    """Which decision is open."""

    OPENING = "opening"  # set-up: the 2 + 2 opening cubes
    MAIN = "main"  # phases A and B and the class abilities, ended by moving the plague
    WITCH = "witch"  # the Witch is between her looks
    SPREAD = "spread"  # the active player places the new rat tokens
    FINAL = "final"  # the final round: class abilities only
    OVER = "over"
    # Africanus only.
    CARAVAN = "caravan"  # set-up: the last player places the caravan
    ASTRONOMER = "astronomer"  # the Astronomer keeps one of the cards drawn
    EXPLORER = "explorer"  # the Explorer may place a cube in a revealed region
    REACTION = "reaction"  # a ravage waits for seats to protect class cards, or not
    RAVAGE_ORDER = "ravage_order"  # final ravage: the last player picks the next region


class Standing(StrEnum):
    """A seat's standing order for protecting class cards with region cards (Africanus)."""

    ALWAYS = "always"  # protect automatically whenever a card saves a cube (the default)
    NEVER = "never"  # never protect
    ASK = "ask"  # open a reaction window for this seat


@dataclass(frozen=True, slots=True)
class Config:
    """What never changes during a game."""

    expansion: str
    players: int
    removal: str
    cards: tuple[ClassCard, ...]  # class cards in play, in ClassCard order
    # Derived from the fields above; kept here because the rules read it on every step.
    board: Board = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "board", board(self.expansion, self.players, self.removal))


@dataclass(frozen=True, slots=True)
class Flags:
    """What the player to move has done so far in this turn."""

    took_card: bool = False
    placed: bool = False
    used: frozenset[ClassCard] = frozenset()
    witch: tuple[tuple[int, int], ...] = ()  # this spell's looks: (region, position)
    spread_left: int = 0


NO_FLAGS = Flags()


@dataclass(frozen=True, slots=True)
class Ending:
    """The end was triggered: why, after whose turn, and the final round still to play."""

    reason: str
    last_regular: int
    order: tuple[int, ...]  # final round: seats still to play, current first
    neutral: bool = False  # the Knight moved the plague in the final round


@dataclass(frozen=True, slots=True)
class Reveal:
    """One revealed rat token of the latest ravage (public)."""

    region: int
    token: int
    cubes: int
    outbreak: bool
    losses: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Recent:
    """What the latest plague move did, for the public view and the board image."""

    seat: int
    source: int
    target: int
    neutral: bool
    spread: tuple[int, ...] = ()
    reveals: tuple[Reveal, ...] = ()
    final: bool = False


@dataclass(frozen=True, slots=True)
class Ravage:
    """Africanus: a region's ravage paused after a reveal, waiting for the seats asked.

    The token is already revealed (its face is public and it is out of the game); its effects
    apply once every asked seat has answered. Who is asked, who answered and how stay secret:
    the cards played on this token (by an asked seat or by a standing order) wait in `pending`,
    seen by their owner only, and are shown together when the window closes.
    """

    region: int
    neutral: bool
    token: int
    asked: tuple[int, ...]  # seats still to answer, in seat order (secret)
    # (seat, region card, class card) shown in this region's ravage so far
    protections: tuple[tuple[int, int, ClassCard], ...] = ()
    pending: tuple[tuple[int, int, ClassCard], ...] = ()  # played on this token, not yet shown


@dataclass(frozen=True, slots=True)
class Africa:
    """What the Africanus expansion adds to a game (None in base games).

    Region cards are indexes into data.region_cards(). The draw pile is kept sorted and drawn
    from at random, so it has no order to leak.
    """

    hands: tuple[tuple[int, ...], ...]  # per seat, sorted (hidden from the others)
    deck: tuple[int, ...]  # sorted (hidden)
    discard: tuple[int, ...]  # sorted (only its size is shown)
    standing: tuple[Standing, ...]  # per seat (private to the seat)
    diplomats: tuple[int, ...]  # per region: bit p set when seat p has a diplomat there
    caravan: int = -1  # region of the caravan, -1 when the Caravaneer is not in play
    drawn: tuple[int, ...] = ()  # the Astronomer's (private) or Explorer's (public) cards
    ravage: Ravage | None = None  # a ravage paused on a reaction window
    left: tuple[int, ...] = ()  # final ravage: regions still to ravage


@dataclass(frozen=True, slots=True)
class State:
    """A Rattus game. Regions are indexes into data.REGIONS; tokens are indexes into the faces.

    Few top-level fields on purpose: every action builds a new State, and a frozen dataclass
    pays for each field it sets.
    """

    config: Config
    rng: Rng
    holders: tuple[int, ...]  # per card in config.cards: holding seat, or -1 beside the board
    board_tokens: tuple[tuple[int, ...], ...]  # per region: face-down tokens, placement order
    cubes: tuple[tuple[int, ...], ...]  # per region: cubes of each seat
    palace: tuple[int, ...]
    reserve: tuple[int, ...]  # cubes in each player's supply
    supply: tuple[int, ...]  # rat tokens in the supply, sorted (hidden; drawn at random)
    removed: tuple[int, ...]  # rat tokens removed unseen at set-up (hidden)
    revealed: tuple[int, ...]  # rat tokens revealed and out of the game, in order (public)
    known: tuple[frozenset[int], ...]  # per seat: face-down tokens that seat has looked at
    plague: int
    phase: Phase
    active: int
    turn: int = 0
    opening: tuple[int, ...] = ()  # seats still to place opening cubes, in order
    flags: Flags = NO_FLAGS
    ending: Ending | None = None
    recent: Recent | None = None
    africa: Africa | None = None

    @property
    def board(self) -> Board:
        """The static board of this game."""
        return self.config.board

    @property
    def players(self) -> int:
        """Number of players."""
        return self.config.players

    @property
    def expansion(self) -> str:
        """ "" for the base game, "africanus" with the expansion."""
        return self.config.expansion

    @property
    def cards(self) -> tuple[ClassCard, ...]:
        """Class cards in play."""
        return self.config.cards

    @property
    def took_card(self) -> bool:
        """The player to move took a class card this turn."""
        return self.flags.took_card

    @property
    def placed(self) -> bool:
        """The player to move placed cubes this turn."""
        return self.flags.placed

    @property
    def used(self) -> frozenset[ClassCard]:
        """Class abilities used this turn."""
        return self.flags.used

    @property
    def witch(self) -> tuple[tuple[int, int], ...]:
        """The Witch's looks of the spell under way."""
        return self.flags.witch

    @property
    def spread_left(self) -> int:
        """New rat tokens still to place."""
        return self.flags.spread_left

    @property
    def final_order(self) -> tuple[int, ...]:
        """Final round: seats still to play, current first."""
        return self.ending.order if self.ending else ()

    @property
    def final_neutral(self) -> bool:
        """The Knight moved the plague in the final round: it counts as two cubes."""
        return bool(self.ending and self.ending.neutral)

    @property
    def last_regular(self) -> int:
        """Seat of the last regular turn, or -1 before the end is triggered."""
        return self.ending.last_regular if self.ending else -1

    @property
    def end_reason(self) -> str:
        """Why the game ended, or ""."""
        return self.ending.reason if self.ending else ""


# Built on every action: the faster constructor (same signature, same instances).
quick_init_all(globals())

# The plain properties above, read on every action, as C getters (same values, same
# docstrings; each is otherwise a Python call). Type checkers read the definitions above.
for _name, _path in (
    ("board", "config.board"),
    ("players", "config.players"),
    ("expansion", "config.expansion"),
    ("cards", "config.cards"),
    ("took_card", "flags.took_card"),
    ("placed", "flags.placed"),
    ("used", "flags.used"),
    ("witch", "flags.witch"),
    ("spread_left", "flags.spread_left"),
):
    setattr(State, _name, property(attrgetter(_path), doc=getattr(State, _name).__doc__))
