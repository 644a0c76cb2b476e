"""A game's settings and each player's preferences (reminders, away, quiet hours, turn notices)."""

from __future__ import annotations

import logging
from typing import Any

from bot import presence
from bot.service.core import BotError, GameService, UserRef
from bot.settings import GameSettings, SettingError

log = logging.getLogger(__name__)


class Preferences:
    """Settings of a game (creator or Manage Server) and a player's own preferences."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    async def change_settings(self, channel_id: int, user: UserRef, **changes: Any) -> GameSettings:
        """Change a game's settings (its creator, or a member with Manage Server)."""
        game = await self.service.game_in(channel_id)
        if user.id != game.creator_id and not user.manage_server:
            raise BotError("settings_not_allowed")
        old = self.service.settings_of(game)
        try:
            checked = old.changed(**changes)
        except SettingError as exc:
            raise BotError(f"setting_{exc.key}", **exc.params) from None
        # Only the keys changed, merged in the database: someone changing another setting at
        # the same moment (maybe through another process) keeps their change too.
        wanted = checked.to_dict()
        stored = await self.store.update_settings(game.id, {k: wanted[k] for k in changes})
        settings = GameSettings.of(stored)
        for replan in self.service.replanners:
            # Reminders and clocks already waiting follow the new settings at once.
            try:
                await replan(game, old, settings)
            except Exception:
                log.exception("game %s: re-planning after new settings failed", game.id)
        return settings

    async def set_preference(self, channel_id: int, user: UserRef, flag: str, value: bool) -> None:
        """A player's own preference for this game: muted reminders, reminders by DM."""
        game = await self.service.game_in(channel_id)
        player = game.player_of(user.id)
        if player is None:
            raise BotError("not_in_game")
        await self.store.set_player_flag(game.id, player.position, flag, value)

    async def set_away(self, channel_id: int, user: UserRef, days: float) -> float | None:
        """A player is away for `days` (0: back now): the AI plays their turns, or their
        turn clock pauses, as the game's settings say. Returns when they are back."""
        game = await self.service.game_in(channel_id)
        player = game.player_of(user.id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        if not 0 <= days <= 60:
            raise BotError("away_days", low=0, high=60)
        until = self.service.clock() + days * 86400 if days else None
        await self.store.set_player_prefs(game.id, player.position, {"away_until": until})
        await self._refresh(game.id)
        self.service.changed(await self.store.get_game(game.id), posts=False)
        return until

    async def set_quiet(
        self, channel_id: int, user: UserRef, zone: str | None, start: int, end: int
    ) -> None:
        """A player's quiet hours (in their time zone), or none (zone None)."""
        game = await self.service.game_in(channel_id)
        player = game.player_of(user.id)
        if player is None:
            raise BotError("not_in_game")
        if zone is not None:
            if not presence.valid_zone(zone):
                raise BotError("bad_zone", zone=zone[:60])
            if not (0 <= start <= 23 and 0 <= end <= 23) or start == end:
                raise BotError("bad_hours")
        quiet = {"tz": zone, "start": start, "end": end} if zone is not None else None
        await self.store.set_player_prefs(game.id, player.position, {"quiet": quiet})

    async def set_notify(self, channel_id: int, user: UserRef, on: bool) -> None:
        """A DM on every turn of this player (or not)."""
        game = await self.service.game_in(channel_id)
        player = game.player_of(user.id)
        if player is None:
            raise BotError("not_in_game")
        await self.store.set_player_prefs(
            game.id, player.position, {"notify": True if on else None}
        )

    async def keep_waiting(self, game_id: int) -> None:
        """A stalled game's players chose to wait: the reminders start again."""
        await self._refresh(game_id)

    async def _refresh(self, game_id: int) -> None:
        """Re-plan a game's jobs now (a player went away or came back)."""
        for refresh in self.service.refreshers:
            try:
                await refresh(game_id)
            except Exception:
                log.exception("game %s: re-planning failed", game_id)

    async def set_reminders(self, channel_id: int, user: UserRef, how: str) -> None:
        """How a player is reminded in this game: "channel", "dm" or "off"."""
        await self.set_preference(channel_id, user, "muted", how == "off")
        await self.set_preference(channel_id, user, "remind_dm", how == "dm")
