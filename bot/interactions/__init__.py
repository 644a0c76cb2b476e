"""What the bot does with each interaction, one room per concern.

`Interactions` builds every room from one `Deps` (bot.interactions.base): `lobby`, `play`,
`votes`, `history`, `long_games`, `guide` and `standing`. The cogs call the rooms; the bot's
buttons and selects hand their clicks to the routes below (`bot.ui.Routes`). Nothing here names
a game: what is game-specific comes from the game's adapter.
"""

from __future__ import annotations

import asyncio
import logging

from bot.interactions.base import Deps, Interaction
from bot.interactions.guide import Guide
from bot.interactions.history import History
from bot.interactions.lobby import Lobby
from bot.interactions.long_games import LongGames
from bot.interactions.play import Play
from bot.interactions.standing import Standing
from bot.interactions.votes import Votes

log = logging.getLogger(__name__)

__all__ = ["Deps", "Interactions"]


class Interactions:
    """Every room of the handlers, and the routes of the bot's buttons and selects."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.lobby = Lobby(deps)
        self.play = Play(deps)
        self.votes = Votes(deps)
        self.history = History(deps)
        self.long_games = LongGames(deps)
        self.guide = Guide(deps)
        self.standing = Standing(deps, self.long_games)
        deps.stale_board = self.play.stale_board

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait (up to `timeout`) for the interactions being handled to finish."""
        if not await self.deps.inflight.wait(timeout):
            log.warning(
                "shutting down with %d interaction(s) still running", self.deps.inflight.count
            )

    # ------------------------------------------------------------------ routes (bot.ui)

    def too_late(self, interaction: Interaction) -> bool:
        """A click the bot, running behind, reads too late to answer: dropped unanswered
        (see bot.backlog)."""
        return self.deps.backlog.stale(interaction.id, asyncio.get_running_loop().time())

    async def turn_button(
        self, interaction: Interaction, game_id: int, seq: int, mode: str, payload: str
    ) -> None:
        """A turn-message button."""
        await self.play.turn_button(interaction, game_id, seq, mode, payload)

    async def turn_select(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a turn message's select."""
        await self.play.turn_select(interaction, game_id, seq, verb, value)

    async def picked(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a private picker."""
        await self.play.picked(interaction, game_id, seq, verb, value)

    async def lobby_button(self, interaction: Interaction, game_id: int, op: str) -> None:
        """A lobby button."""
        await self.lobby.lobby_button(interaction, game_id, op)

    async def vote(self, interaction: Interaction, request_id: int, agree: bool) -> None:
        """An Agree / Refuse button of a request."""
        await self.votes.vote(interaction, request_id, agree)

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """The Rematch button of a game-over message."""
        await self.lobby.rematch(interaction, game_id)

    async def stall_choice(
        self, interaction: Interaction, game_id: int, seq: int, choice: str
    ) -> None:
        """A button of a stalled game's notice."""
        await self.votes.stall_choice(interaction, game_id, seq, choice)

    async def abandon_choice(
        self, interaction: Interaction, game_id: int, user_id: int, confirm: bool
    ) -> None:
        """Confirm or Cancel of /game abandon."""
        await self.lobby.abandon_choice(interaction, game_id, user_id, confirm)
