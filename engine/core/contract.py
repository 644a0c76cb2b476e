"""The contract every game implements, so the bot, store, renderer and AI treat games alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.core.events import Event

Seat = int
S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one action: the new state and what happened, in order."""

    state: S
    events: tuple[Event, ...]


class Game(Protocol[S, A]):
    """A game of the family: pure functions over immutable states."""

    name: str
    min_players: int
    max_players: int

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        """Set up a new game; all chance comes from `seed`."""
        ...

    def setup_events(self, state: S) -> tuple[Event, ...]:
        """The events of the set-up (public facts such as where the plague starts)."""
        ...

    def to_move(self, state: S) -> frozenset[Seat]:
        """Seats that must decide now (empty when the game is over)."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> list[A]:
        """Every legal action of `seat`, sorted; empty for a seat not to move."""
        ...

    def apply(self, state: S, seat: Seat, action: A) -> Step[S]:
        """Apply an action or raise RulesError; never mutates `state`."""
        ...

    def view(self, state: S, seat: Seat | None) -> dict[str, Any]:
        """What `seat` (None = the public) may know, JSON-ready."""
        ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended."""
        ...

    def result(self, state: S) -> dict[str, Any]:
        """Final ranking with each player's score breakdown and the tie-break."""
        ...

    def dump(self, state: S) -> dict[str, Any]:
        """JSON-ready form of the full state, with a schema version."""
        ...

    def load(self, data: Mapping[str, Any]) -> S:
        """Inverse of dump."""
        ...

    def parse_action(self, text: str) -> A:
        """Parse the text form of an action; `str(action)` gives it back."""
        ...

    def seats_order(self, state: S) -> Sequence[Seat]:
        """Seats in turn order (clockwise from the starting player)."""
        ...
