"""The state of a Rattus game: the whole truth, hidden parts included; only views leave."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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
class State:
    """A Rattus game. Regions are indexes into data.REGIONS; tokens are indexes into the faces."""

    expansion: str
    players: int
    removal: str
    rng: Rng
    cards: tuple[ClassCard, ...]  # class cards in play, fixed order
    holders: tuple[int, ...]  # per card: holding seat, or -1 beside the board
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
    took_card: bool = False
    placed: bool = False
    used: frozenset[ClassCard] = frozenset()
    witch: tuple[tuple[int, int], ...] = ()  # this spell's looks: (region, position)
    spread_left: int = 0
    final_order: tuple[int, ...] = ()  # final round: seats still to play, current first
    final_neutral: bool = False  # the Knight moved the plague in the final round
    last_regular: int = -1
    end_reason: str = ""
    recent: Recent | None = None

    @property
    def board(self) -> Board:
        """The static board of this game."""
        return board(self.expansion, self.players, self.removal)
