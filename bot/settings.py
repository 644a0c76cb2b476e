"""Per-game settings, with their defaults and limits (stored as JSON in games.settings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

POLICIES = ("wait", "skip", "ai")
AWAY_POLICIES = ("ai", "pause")
AI_LEVELS = ("easy", "normal", "hard")  # ai.LEVELS, the levels a game setting may name


class SettingError(ValueError):
    """A setting value out of its range; `key` names the message error.setting_<key>."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class GameSettings:
    """How a game runs over days."""

    lang: str = "en"
    reminder_hours: float = 12.0  # remind whoever must act after this long without acting
    max_reminders: int = 3  # per decision
    clock_hours: float | None = None  # the turn clock; None: no clock
    clock_policy: str = "wait"  # when the clock runs out: wait, skip (what can be), ai
    reaction_minutes: float = 60.0  # how long a window (a decision off one's turn) stays open
    idle_days: float = 30.0  # a game nobody moved in for this long ends
    away_policy: str = "ai"  # while a player is away: the AI plays their turns, or "pause"
    # The level the AI plays at for a person: takeovers, the clock's "ai" policy, the away,
    # the seats of those who left (an AI seat plays at its own level).
    ai_level: str = "hard"
    hints: bool = False  # players may ask `/<game> hint` (what the hard AI would play)

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> GameSettings:
        """Settings from stored JSON (unknown keys are ignored, missing ones default)."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def changed(self, **changes: Any) -> GameSettings:
        """A copy with changes, checked; SettingError names the first bad value."""
        new = replace(self, **changes)
        if new.lang not in ("en", "fr"):
            raise SettingError("lang")
        if not 0.25 <= new.reminder_hours <= 24 * 14:
            raise SettingError("reminder_hours", low=0.25, high=336)
        if not 0 <= new.max_reminders <= 20:
            raise SettingError("max_reminders", low=0, high=20)
        if new.clock_hours is not None and not 0.25 <= new.clock_hours <= 24 * 30:
            raise SettingError("clock_hours", low=0.25, high=720)
        if new.clock_policy not in POLICIES:
            raise SettingError("clock_policy")
        if not 1 <= new.reaction_minutes <= 24 * 60 * 3:
            raise SettingError("reaction_minutes", low=1, high=4320)
        if not 1 <= new.idle_days <= 365:
            raise SettingError("idle_days", low=1, high=365)
        if new.away_policy not in AWAY_POLICIES:
            raise SettingError("away_policy")
        if new.ai_level not in AI_LEVELS:
            raise SettingError("ai_level")
        return new

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return asdict(self)
