"""The contract every game implements, so the bot, store, renderer and AI treat games alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

from engine.core.errors import Messages
from engine.core.events import Event
from engine.core.evolve import quick_init

Seat = int
S = TypeVar("S")
A = TypeVar("A")
# A game's view type: a TypedDict in the game's package (engine/<game>/view_types.py), JSON-ready.
# Generic code writes Game[Any, Any] and gets Any views, which it only passes on to the game's
# adapter and renderer, typed there. A TypeVar default (PEP 696) is in typing from Python 3.13:
# mypy reads it from typing_extensions, which the engine does not import at run time.
if TYPE_CHECKING:
    from typing_extensions import TypeVar as DefaultTypeVar

    V_co = DefaultTypeVar("V_co", bound=Mapping[str, Any], covariant=True, default=Any)
else:
    V_co = TypeVar("V_co", bound=Mapping[str, Any], covariant=True)

TURN: Literal["turn"] = "turn"
WINDOW: Literal["window"] = "window"


@quick_init
@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one action: the new state and what happened, in order."""

    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision open now: who decides, and what kind of decision it is.

    A "turn" is an ordinary decision of the player(s) whose turn it is. A "window" asks seats
    that are not (only) the active player (a reaction, cards given away, a simultaneous
    choice): each asked seat answers privately, and when the game's decision time runs out the
    bot plays `default_action(state, seat)` for every seat still asked. `phase` names the
    decision for prompts (the game's own word: "main", "reaction", "supply"...).
    """

    seats: frozenset[Seat]
    kind: Literal["turn", "window"]
    phase: str
    # A secret window: who is asked depends on hidden information (an Africanus region card
    # that would protect), so each asked seat knows only that it is asked itself, and the
    # public only that the window is open. Only a window may be secret.
    secret: bool = False

    @property
    def window(self) -> bool:
        """True for a window (it times out to each seat's default)."""
        return self.kind == WINDOW

    def seen_by(self, seat: Seat | None) -> Decision:
        """The decision as `seat` (None: the public) may know it: a secret window names
        no seat but `seat` itself, when it is asked."""
        if not self.secret:
            return self
        mine = self.seats & {seat} if seat is not None else frozenset()
        return Decision(frozenset(mine), self.kind, self.phase, True)


NO_DECISION = Decision(frozenset(), TURN, "over")


class Game(Protocol[S, A, V_co]):
    """A game of the family: pure functions over immutable states (S), actions (A) and views
    (V_co: the game's view TypedDict; Any where the game is not known)."""

    name: str
    messages: Messages  # its rules error codes

    def players(self, options: Mapping[str, Any] | None = None) -> range:
        """The player counts these options allow."""
        ...

    def variants(self) -> Sequence[Mapping[str, Any]]:
        """One option set per variant or expansion the game offers ({} = the plain game), so
        the contract tests and benchmarks cover each of them."""
        ...

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        """Set up a new game; all chance comes from `seed`. RulesError for bad options."""
        ...

    def setup_events(self, state: S) -> tuple[Event, ...]:
        """The events of the set-up (public facts such as where the plague starts)."""
        ...

    def decision(self, state: S) -> Decision:
        """The decision open now (NO_DECISION once the game is over)."""
        ...

    def to_move(self, state: S) -> frozenset[Seat]:
        """Seats that must decide now (empty when the game is over): `decision(state).seats`."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> list[A]:
        """Every legal action of `seat`, sorted; empty for a seat not to move."""
        ...

    def default_action(self, state: S, seat: Seat) -> A:
        """What `seat` answers when a window times out (its documented default); raises
        NotYourTurn when `seat` is not asked in an open window."""
        ...

    def apply(self, state: S, seat: Seat, action: A) -> Step[S]:
        """Apply an action or raise RulesError; never mutates `state`."""
        ...

    def view(self, state: S, seat: Seat | None) -> V_co:
        """What `seat` (None = the public) may know, JSON-ready: a dict whose keys the
        game's view types (engine/<game>/view_types.py) list."""
        ...

    def redeal(self, state: S, seat: Seat | None, seed: int) -> S:
        """A state `seat` (None = the public) cannot tell from `state`: everything it may not
        know drawn again from the same pieces (its view, and every view it could have had so
        far, stays the same). Used by the leak tests and by AIs that sample what they cannot
        see."""
        ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended."""
        ...

    def result(self, state: S) -> dict[str, Any]:
        """Final ranking: {"ranking": [{"seat", "rank", "score", "breakdown"}...], ...}."""
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
