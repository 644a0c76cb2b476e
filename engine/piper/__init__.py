"""Le Joueur de Flûte (The Pied Piper), as a pure engine; variants "ptits_rats" and "hidden".

See `engine.piper.actions` for the action text grammar, `engine.piper.views` for the view's
keys and `engine.piper.events` for the events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, overload

from engine.core.contract import TURN, Decision
from engine.core.events import Event
from engine.core.registry import register_game
from engine.piper import rules
from engine.piper.actions import Action, ChooseFirst, PlayCard, parse_action
from engine.piper.components import Card, Variant
from engine.piper.errors import MESSAGES, NotYourTurn
from engine.piper.redeal import redeal
from engine.piper.serial import dump, load
from engine.piper.state import Phase, State
from engine.piper.view_types import PiperSeatView, PiperView
from engine.piper.views import view


class Piper:
    """The game contract for the Pied Piper."""

    name = "piper"
    messages = MESSAGES

    def players(self, options: Mapping[str, Any] | None = None) -> range:
        """2 to 5 players, in every variant."""
        return range(rules.LOW, rules.HIGH + 1)

    def variants(self) -> Sequence[Mapping[str, Any]]:
        """The plain game, "p'tits rats" and hidden cards (they cannot be combined)."""
        return ({}, {"variant": Variant.PTITS_RATS.value}, {"variant": Variant.HIDDEN.value})

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """Set up a new game."""
        return rules.new_game(players, seed, options)

    def setup_events(self, state: State) -> tuple[Event, ...]:
        """The events of the set-up."""
        return rules.setup_events(state)

    def decision(self, state: State) -> Decision:
        """Only ordinary turns: the active player places a card or orders the activations."""
        if state.phase is Phase.OVER:
            return Decision(frozenset(), TURN, Phase.OVER.value)
        return Decision(rules.to_move(state), TURN, state.phase.value)

    # The calls made on every action of a game (to_move, legal_actions, apply, is_over) are the
    # rules' own functions, documented there, not methods that call them: one call less each.
    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)

    def default_action(self, state: State, seat: int) -> Action:
        """The Pied Piper opens no reaction window: there is never a default to play."""
        raise NotYourTurn()

    apply = staticmethod(rules.apply)

    def advance(self, state: State, seat: int, action: Action) -> State:
        """`apply(state, seat, action).state` without its events or the record of the latest
        turn (`recent`, which only the views show), for AIs trying moves: a fifth cheaper.
        The same rules, refusals and chance; the search plays with it (ai.search)."""
        return rules.apply(state, seat, action, trial=True).state

    @overload
    def view(self, state: State, seat: None) -> PiperView: ...
    @overload
    def view(self, state: State, seat: int) -> PiperSeatView: ...
    @overload
    def view(self, state: State, seat: int | None) -> PiperView: ...
    def view(self, state: State, seat: int | None) -> PiperView:
        """Public view (None) or a seat's view (keys: engine.piper.view_types)."""
        return view(state, seat)

    def redeal(self, state: State, seat: int | None, seed: int) -> State:
        """The same position with every card `seat` cannot see dealt again."""
        return redeal(state, seat, seed)

    is_over = staticmethod(rules.is_over)

    def result(self, state: State) -> dict[str, Any]:
        """Ranking (score = rat counter, lower is better) with breakdowns."""
        return rules.result(state)

    def dump(self, state: State) -> dict[str, Any]:
        """Versioned JSON-ready state."""
        return dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        """Inverse of dump."""
        return load(data)

    def parse_action(self, text: str) -> Action:
        """Parse an action's text form."""
        return parse_action(text)

    def seats_order(self, state: State) -> Sequence[int]:
        """Seats in turn order (forward round the ring, from the first player)."""
        return tuple(range(state.players))


GAME = Piper()
register_game(GAME)

__all__ = ["GAME", "Action", "Card", "ChooseFirst", "Phase", "Piper", "PlayCard", "State"]
