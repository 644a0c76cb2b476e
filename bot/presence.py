"""When a player is there: away for some days, quiet hours in their own time zone.

Every rule here takes `now` from the caller (the service's one clock), so a test moves time
for all of them at once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.settings import GameSettings
from bot.store import GameRow, PlayerRow


def away(player: PlayerRow, now: float) -> bool:
    """True while the player said they are away."""
    until = player.prefs.get("away_until")
    return isinstance(until, int | float) and until > now


def automated(game: GameRow, player: PlayerRow, now: float) -> bool:
    """True when the bot plays this seat now: an AI seat, a stand-in, or a player away whose
    game lets the AI play for the absent."""
    if player.automated:
        return True
    return away(player, now) and GameSettings.of(game.settings).away_policy == "ai"


def paused(game: GameRow, player: PlayerRow, now: float) -> bool:
    """True when the player's turn clock is paused (away in a game that pauses clocks)."""
    return away(player, now) and GameSettings.of(game.settings).away_policy == "pause"


def valid_zone(name: str) -> bool:
    """True for an IANA time zone name (Europe/Paris, America/Montreal, UTC…)."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def zones(typed: str) -> list[str]:
    """Time zone names containing `typed` (for autocomplete), at most 25."""
    typed = typed.casefold()
    return sorted(z for z in available_timezones() if typed in z.casefold())[:25]


def quiet_until(prefs: dict[str, Any], now: float) -> float | None:
    """When the player's quiet hours end, if they are in them now (else None)."""
    quiet = prefs.get("quiet")
    if not isinstance(quiet, dict):
        return None
    try:
        zone = ZoneInfo(str(quiet["tz"]))
        start, end = int(quiet["start"]), int(quiet["end"])
    except (KeyError, TypeError, ValueError, ZoneInfoNotFoundError):
        return None
    if start == end:
        return None
    local = datetime.fromtimestamp(now, zone)
    hour = local.hour
    inside = start <= hour < end if start < end else hour >= start or hour < end
    if not inside:
        return None
    ends = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if ends <= local:
        ends += timedelta(days=1)
    return ends.timestamp()
