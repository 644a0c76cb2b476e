"""Rat Race, a throwaway game that tests the seam: added as its three packages only.

Nine rats in a pile; in turn, each player takes one or two. Each player also holds one secret
bonus card (0, 1 or 2 points), dealt from a deck of six at set-up and shown at the end. Score:
rats taken plus the bonus; the highest wins, ties share the rank. It has everything the contract
asks of a game (private events, a seat view that differs from the public one, a redeal) and
nothing more.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from engine.core.contract import NO_DECISION, TURN, Decision, Step
from engine.core.errors import Messages, error_kinds
from engine.core.events import Event
from engine.core.registry import register_game

PILE = 9
DECK = (0, 0, 1, 1, 2, 2)
VERSION = 1

MESSAGES = Messages(
    "toy",
    {
        "bad_players": "Rat Race takes 2 or 3 players, not {players}.",
        "bad_option": "Rat Race has no option {option}.",
        "too_many": "Only {pile} rats are left in the pile.",
    },
)
MalformedAction, IllegalAction, NotYourTurn, GameFinished = error_kinds(MESSAGES, __name__)


@dataclass(frozen=True, slots=True)
class State:
    """A position: the pile, what each seat took, the bonus cards and whose turn it is."""

    players: int
    seed: int
    pile: int
    taken: tuple[int, ...]
    bonus: tuple[int, ...]  # one card per seat, secret until the end
    deck: tuple[int, ...]  # the cards nobody holds
    turn: int


@dataclass(frozen=True, slots=True)
class Take:
    """Take `n` rats from the pile."""

    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True, slots=True)
class RatsTaken(Event):
    kind = "rats_taken"
    seat: int
    n: int
    pile: int


@dataclass(frozen=True, slots=True)
class BonusDealt(Event):
    kind = "bonus_dealt"
    seat: int
    value: int

    @property
    def visible_to(self) -> frozenset[int]:
        return frozenset({self.seat})


@dataclass(frozen=True, slots=True)
class BonusesShown(Event):
    kind = "bonuses_shown"
    reveals = True
    values: tuple[int, ...]


class ToyView(TypedDict):
    """The public view."""

    pile: int
    taken: list[int]
    to_move: list[int]
    bonuses: list[int] | None  # shown once the game is over


class ToySeatView(ToyView):
    """A seat's view: the public one and its own bonus card."""

    seat: int
    bonus: int


class RatRace:
    """The game contract for Rat Race."""

    name = "toy"
    messages = MESSAGES

    def players(self, options: Mapping[str, Any] | None = None) -> range:
        return range(2, 4)

    def variants(self) -> Sequence[Mapping[str, Any]]:
        return ({},)

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        for option in options or {}:
            raise IllegalAction("bad_option", option=option)
        if players not in self.players():
            raise IllegalAction("bad_players", players=players)
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        return State(
            players,
            seed,
            PILE,
            (0,) * players,
            tuple(deck[:players]),
            tuple(sorted(deck[players:])),
            0,
        )

    def setup_events(self, state: State) -> tuple[Event, ...]:
        return tuple(BonusDealt(seat, value) for seat, value in enumerate(state.bonus))

    def decision(self, state: State) -> Decision:
        if self.is_over(state):
            return NO_DECISION
        return Decision(frozenset({state.turn}), TURN, "main")

    def to_move(self, state: State) -> frozenset[int]:
        return self.decision(state).seats

    def legal_actions(self, state: State, seat: int) -> list[Take]:
        if seat not in self.to_move(state):
            return []
        return [Take(n) for n in (1, 2) if n <= state.pile]

    def default_action(self, state: State, seat: int) -> Take:
        raise NotYourTurn()  # no windows in this game

    def apply(self, state: State, seat: int, action: Take) -> Step[State]:
        if self.is_over(state):
            raise GameFinished()
        if seat != state.turn:
            raise NotYourTurn()
        if not isinstance(action, Take) or action.n not in (1, 2):
            raise MalformedAction(text=str(action))
        if action.n > state.pile:
            raise IllegalAction("too_many", pile=state.pile)
        taken = list(state.taken)
        taken[seat] += action.n
        after = replace(
            state,
            pile=state.pile - action.n,
            taken=tuple(taken),
            turn=(state.turn + 1) % state.players,
        )
        events: list[Event] = [RatsTaken(seat, action.n, after.pile)]
        if after.pile == 0:
            events.append(BonusesShown(after.bonus))
        return Step(after, tuple(events))

    def view(self, state: State, seat: int | None) -> ToyView:
        public: ToyView = {
            "pile": state.pile,
            "taken": list(state.taken),
            "to_move": sorted(self.to_move(state)),
            "bonuses": list(state.bonus) if self.is_over(state) else None,
        }
        if seat is None:
            return public
        mine: ToySeatView = {**public, "seat": seat, "bonus": state.bonus[seat]}
        return mine

    def redeal(self, state: State, seat: int | None, seed: int) -> State:
        if self.is_over(state):
            return state  # every card is shown
        unseen = [v for s, v in enumerate(state.bonus) if s != seat] + list(state.deck)
        random.Random(seed).shuffle(unseen)
        bonus = [state.bonus[s] if s == seat else unseen.pop() for s in range(state.players)]
        return replace(state, bonus=tuple(bonus), deck=tuple(sorted(unseen)))

    def is_over(self, state: State) -> bool:
        return state.pile == 0

    def result(self, state: State) -> dict[str, Any]:
        scores = [t + b for t, b in zip(state.taken, state.bonus, strict=True)]
        order = sorted(range(state.players), key=lambda s: (-scores[s], s))
        return {
            "ranking": [
                {
                    "seat": s,
                    "rank": 1 + sum(1 for o in scores if o > scores[s]),
                    "score": scores[s],
                    "breakdown": {"rats": state.taken[s], "bonus": state.bonus[s]},
                }
                for s in order
            ]
        }

    def dump(self, state: State) -> dict[str, Any]:
        return {
            "version": VERSION,
            "players": state.players,
            "seed": state.seed,
            "pile": state.pile,
            "taken": list(state.taken),
            "bonus": list(state.bonus),
            "deck": list(state.deck),
            "turn": state.turn,
        }

    def load(self, data: Mapping[str, Any]) -> State:
        return State(
            data["players"],
            data["seed"],
            data["pile"],
            tuple(data["taken"]),
            tuple(data["bonus"]),
            tuple(data["deck"]),
            data["turn"],
        )

    def parse_action(self, text: str) -> Take:
        words = text.split()
        if len(words) != 2 or words[0] != "take" or words[1] not in ("1", "2"):
            raise MalformedAction(text=text)
        return Take(int(words[1]))

    def seats_order(self, state: State) -> Sequence[int]:
        return tuple(range(state.players))


GAME = RatRace()
register_game(GAME)
