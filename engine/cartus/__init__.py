"""Rattus Cartus (White Goblin Games, 2012), the card game of the Rattus family, as a pure engine.

2 to 5 players travel through 10 / 9 / 8 / 8 towns (rounds). Each round a row of 2 or 3
buildings is drawn (phase A), every player takes one building's supply action (B: draw
Population cards, discard rats, look at a nun card), enters one building with cards face down
(C), and the buildings are resolved from the left (D: influence in the building's class, rats
for cards of another class, Swords and Flutes, the premium and standard actions). At the end
class majorities, hand and special-card majorities, Gold and VP tokens score, and whoever holds
more rats than the nuns of the five-card Nun row dies and loses.

Options of `new_game` (bad values raise MalformedAction or IllegalAction):

- ``buildings``: ``"one_type"`` (default: one type per class at random, all 5 copies),
  ``"random"`` (five of each class's 10 building cards at random) or a list of six building
  type ids, one per class (e.g. the rulebook's first game: farm, marketplace, monastery,
  castle, fortune_teller, palace);
- ``supply``: ``"clockwise"`` (default) or ``"simultaneous"`` (phase B as one window: each
  seat answers secretly, all answers are revealed together);
- ``everyone_dead``: ``"no_winner"`` (default) or ``"fewest_rats"`` (COMPONENTS 4.5 #18).

The action grammar is in `engine.cartus.actions`, the view's keys in `engine.cartus.views`,
the events in `engine.cartus.events`, the windows and their defaults in
`engine.cartus.rules.default_action`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, overload

from engine.cartus import rules, scoring
from engine.cartus.actions import Action, parse_action
from engine.cartus.errors import MESSAGES
from engine.cartus.redeal import redeal
from engine.cartus.serial import dump, load
from engine.cartus.state import Phase, State
from engine.cartus.view_types import CartusSeatView, CartusView
from engine.cartus.views import view
from engine.core.contract import Decision
from engine.core.events import Event
from engine.core.registry import register_game


class Cartus:
    """The game contract for Rattus Cartus."""

    name = "cartus"
    messages = MESSAGES

    def players(self, options: Mapping[str, Any] | None = None) -> range:
        """2-5 players, whatever the options."""
        return range(2, 6)

    def variants(self) -> Sequence[Mapping[str, Any]]:
        """The plain game (one building type per class at random, clockwise supply), and every
        other option at once: simultaneous supply, random buildings (often both types of a
        class) and fewest-rats survivors. Two sets cover every option value but the chosen
        list of buildings (tests build those positions)."""
        return (
            {},
            {"supply": "simultaneous", "buildings": "random", "everyone_dead": "fewest_rats"},
        )

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """Set up a new game (and draw the first round's buildings)."""
        return rules.new_game(players, seed, options)

    def setup_events(self, state: State) -> tuple[Event, ...]:
        """Events of the set-up and of the first round's phase A."""
        return rules.setup_events(state)

    def decision(self, state: State) -> Decision:
        """The decision open now: a turn, or a window (simultaneous supply, cards given)."""
        return rules.decision(state)

    # The calls made on every action of a game (to_move, legal_actions, apply, is_over) are the
    # rules' own functions, documented there, not methods that call them: one call less each.
    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)

    def default_action(self, state: State, seat: int) -> Action:
        """A window's default answer for `seat` (see rules.default_action)."""
        return rules.default_action(state, seat)

    apply = staticmethod(rules.apply)

    @overload
    def view(self, state: State, seat: None) -> CartusView: ...
    @overload
    def view(self, state: State, seat: int) -> CartusSeatView: ...
    @overload
    def view(self, state: State, seat: int | None) -> CartusView: ...
    def view(self, state: State, seat: int | None) -> CartusView:
        """Public view (None) or a seat's view (keys: engine.cartus.view_types)."""
        return view(state, seat)

    def redeal(self, state: State, seat: int | None, seed: int) -> State:
        """The same position with everything `seat` cannot know dealt again."""
        return redeal(state, seat, seed)

    is_over = staticmethod(rules.is_over)

    def result(self, state: State) -> dict[str, Any]:
        """Ranking with breakdowns, rats, deaths and winners."""
        return scoring.result(state)

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
        """Seats clockwise from this round's first player."""
        n = state.players
        return tuple((state.first + i) % n for i in range(n))


GAME = Cartus()
register_game(GAME)

__all__ = ["GAME", "Action", "Cartus", "Phase", "State", "parse_action"]
