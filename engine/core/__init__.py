"""The game contract shared by every game: Rng, errors, events, steps and the registry."""

from engine.core.contract import NO_DECISION, TURN, WINDOW, Decision, Game, Seat, Step
from engine.core.errors import (
    GameFinished,
    IllegalAction,
    MalformedAction,
    Messages,
    NotYourTurn,
    RulesError,
)
from engine.core.events import Event
from engine.core.registry import get_game, register_game, registered_games
from engine.core.rng import Rng

__all__ = [
    "NO_DECISION",
    "TURN",
    "WINDOW",
    "Decision",
    "Event",
    "Game",
    "GameFinished",
    "IllegalAction",
    "MalformedAction",
    "Messages",
    "NotYourTurn",
    "Rng",
    "RulesError",
    "Seat",
    "Step",
    "get_game",
    "register_game",
    "registered_games",
]
