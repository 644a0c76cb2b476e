"""The state of a Pied Piper game: the whole truth, hidden parts included; only views leave.

The ring: `ring` lists the houses still in play in ring order (house ids are their places at
set-up, 0..houses-1; forward goes to the next one). `gaps[i]` is the gap after `ring[i]`, i.e.
between `ring[i]` and the house after it, and holds the figures standing there (figure indexes,
sorted: the piper 0 first, then the rats by colour). A figure faces forward: a forward move from
`gaps[i]` crosses `ring[i + 1]`, a backward move crosses `ring[i]`.

Action cards are held as types; the draw pile and the discard pile are counts per type (the
pile is drawn from at random, which is the same as shuffling it, and leaves no order to leak).
The Character draw pile is kept sorted and drawn from at random for the same reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter

from engine.core.evolve import quick_init_all
from engine.core.rng import Rng
from engine.piper.components import Card, Variant


class Phase(StrEnum):
    """Which decision is open."""

    PLAY = "play"  # the active player places an action card
    ORDER = "order"  # two characters activate and their order matters: the active player picks
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Placed:
    """An action card under a character: its type, who placed it, face down or not."""

    card: Card
    seat: int
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Config:
    """What never changes during a game."""

    players: int
    variant: Variant
    owners: tuple[int, ...]  # per house id: the owner seat, -1 for a neutral house


@dataclass(frozen=True, slots=True)
class Turn:
    """What the active player has done so far this turn."""

    left: int  # action cards still to place this turn (1 on the very first turn, else 2)
    placed: tuple[int, ...] = ()  # Character cards (ids) that got a card this turn
    hidden: bool = False  # a card was placed face down this turn
    pending: tuple[int, ...] = ()  # places (1-4) waiting for the activation order


@dataclass(frozen=True, slots=True)
class Crossing:
    """One house crossed by a move (for events, views and the board image)."""

    house: int
    owner: int | None  # None: a neutral house
    change: int  # the change applied to its counter
    level: int | None  # the counter after the crossing (None: a neutral house)
    under: bool  # through the sewer
    roof: bool  # this crossing put the counter on the roof


@dataclass(frozen=True, slots=True)
class Moved:
    """One move of the latest turn: the figures, the houses crossed, where it ended."""

    figures: tuple[int, ...]
    direction: int
    crossings: tuple[Crossing, ...]
    end: int  # the house the figures stand after at the end (their gap's house behind)


@dataclass(frozen=True, slots=True)
class Recent:
    """What the latest turn that moved figures did."""

    seat: int
    turn: int
    moves: tuple[Moved, ...]
    eliminated: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    """A Pied Piper game."""

    config: Config
    rng: Rng
    ring: tuple[int, ...]  # houses in play, ring order
    gaps: tuple[tuple[int, ...], ...]  # figures in the gap after each house of `ring`
    levels: tuple[int, ...]  # per house id: its counter (0 for a neutral house)
    display: tuple[int, ...]  # the Character card (id) in each place
    under: tuple[tuple[Placed, ...], ...]  # per place: the action cards, in placement order
    char_deck: tuple[int, ...]  # sorted (hidden order)
    char_discard: tuple[int, ...]  # sorted (face up)
    deck: tuple[int, ...]  # action cards per type, Card order (hidden)
    discard: tuple[int, ...]  # action cards per type, Card order (face up)
    hands: tuple[tuple[Card, ...], ...]  # per seat, sorted (hidden from the others)
    collected: tuple[tuple[int, ...], ...]  # per seat: the seats whose counters it took
    out: tuple[int, ...]  # eliminated seats, in order
    active: int
    phase: Phase
    turn: int  # the number of the current turn, from 1
    flow: Turn
    recent: Recent | None = None
    set_aside: int = 0  # Piper cards set aside while the display was dealt (set-up)
    reason: str = ""  # why the game ended: "two_left", or "roof" at 2 players

    @property
    def players(self) -> int:
        """Number of players."""
        return self.config.players

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self.config.variant

    def owner(self, house: int) -> int:
        """The owner seat of a house, -1 for a neutral house."""
        return self.config.owners[house]


# Built on every action: the faster constructor (same signature, same instances).
quick_init_all(globals())

# The plain properties above, read on every action, as C getters (same values, same
# docstrings; each is otherwise a Python call). Type checkers read the definitions above.
for _name, _path in (("players", "config.players"), ("variant", "config.variant")):
    setattr(State, _name, property(attrgetter(_path), doc=getattr(State, _name).__doc__))
