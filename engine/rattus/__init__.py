"""Rattus (base game) and its Africanus expansion, as a pure engine."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, overload

from engine.core.contract import TURN, WINDOW, Decision
from engine.core.events import Event
from engine.core.registry import register_game
from engine.rattus import rules
from engine.rattus.actions import Action, parse_action
from engine.rattus.errors import MESSAGES
from engine.rattus.redeal import redeal
from engine.rattus.serial import dump, load
from engine.rattus.state import Phase, State
from engine.rattus.view_types import RattusSeatView, RattusView
from engine.rattus.views import view
from engine.rattus.views import views as views_of


class Rattus:
    """The game contract for Rattus; the Africanus expansion is the option expansion=africanus."""

    name = "rattus"
    messages = MESSAGES

    def players(self, options: Mapping[str, Any] | None = None) -> range:
        """2-4 players; 2-6 with the Africanus expansion."""
        return range(2, 7) if (options or {}).get("expansion") == "africanus" else range(2, 5)

    def variants(self) -> Sequence[Mapping[str, Any]]:
        """The base game and the Africanus expansion."""
        return ({}, {"expansion": "africanus"})

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """Set up a new game."""
        return rules.new_game(players, seed, options)

    def setup_events(self, state: State) -> tuple[Event, ...]:
        """Public events of the set-up."""
        return rules.setup_events(state)

    def decision(self, state: State) -> Decision:
        """The active player's turn, or a region-card reaction window (Africanus): a secret
        one, since who is asked depends on the hands of region cards."""
        if state.phase is Phase.REACTION:
            return Decision(rules.to_move(state), WINDOW, state.phase.value, secret=True)
        return Decision(rules.to_move(state), TURN, state.phase.value)

    # The calls made on every action of a game (to_move, legal_actions, apply, is_over) are the
    # rules' own functions, documented there, not methods that call them: one call less each.
    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    @overload
    def view(self, state: State, seat: None) -> RattusView: ...
    @overload
    def view(self, state: State, seat: int) -> RattusSeatView: ...
    @overload
    def view(self, state: State, seat: int | None) -> RattusView: ...
    def view(self, state: State, seat: int | None) -> RattusView:
        """Public view (None) or a seat's view (keys: engine.rattus.view_types)."""
        return view(state, seat)

    def views(self, state: State, seats: Iterable[int]) -> tuple[RattusView, list[RattusSeatView]]:
        """The public view and the views of `seats` of one position, equal to `view`'s,
        with the public part computed once and shared (read them, do not change them)."""
        return views_of(state, seats)

    is_over = staticmethod(rules.is_over)

    def result(self, state: State) -> dict[str, Any]:
        """Ranking with breakdowns and the tie-break."""
        return rules.result(state)

    def dump(self, state: State) -> dict[str, Any]:
        """Versioned JSON-ready state."""
        return dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        """Inverse of dump."""
        return load(data)

    def default_action(self, state: State, seat: int) -> Action:
        """Africanus: what `seat` answers in the open reaction window when it does not answer
        in time (the standing order `always`); raises NotYourTurn when the seat is not asked."""
        return rules.default_reaction(state, seat)

    def redeal(self, state: State, seat: int | None, seed: int) -> State:
        """The same position with every token and card `seat` cannot know dealt again."""
        return redeal(state, seat, seed)

    def parse_action(self, text: str) -> Action:
        """Parse an action's text form."""
        return parse_action(text)

    def seats_order(self, state: State) -> Sequence[int]:
        """Seats clockwise from the starting player."""
        return tuple(range(state.players))


GAME = Rattus()
register_game(GAME)

default_reaction = rules.default_reaction

__all__ = ["GAME", "Action", "Phase", "Rattus", "State", "default_reaction", "parse_action"]
