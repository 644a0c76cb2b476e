"""The game service: lobbies, seats, actions and AI seats, with no Discord in sight.

`GameService` (bot.service.core) holds the games, their states and actions; its concerns hang
from it: `service.lobby` (bot.service.lobby), `service.votes` (bot.service.votes),
`service.prefs` (bot.service.prefs), `service.ai` (bot.service.ai_seats) and
`service.ratings` (bot.service.ratings).
"""

from bot.service.core import (
    BotError,
    GameService,
    NullPublisher,
    Outcome,
    Publisher,
    ServiceConfig,
    StaleAction,
    UserRef,
    people_playing,
    people_to_ask,
)

__all__ = [
    "BotError",
    "GameService",
    "NullPublisher",
    "Outcome",
    "Publisher",
    "ServiceConfig",
    "StaleAction",
    "UserRef",
    "people_playing",
    "people_to_ask",
]
