"""Rules errors: a stable code, parameters, and a sentence a player understands.

Error codes belong to a game: each game keeps its own `Messages` (codes, English templates and
how to name a parameter value) and subclasses the four error kinds with `messages` set to them,
so `except IllegalAction` still catches every game's errors. Two games may reuse a code name;
only the common codes below are shared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

# Turns a parameter value (a region or card id) into English for the message; "" if unknown.
Namer = Callable[[str, object], str]


class Messages:
    """One game's error codes with their English templates, and how it names values."""

    def __init__(self, game: str, templates: Mapping[str, str], namer: Namer | None = None) -> None:
        self.game = game
        self.templates: Mapping[str, str] = dict(templates)
        self._namer = namer

    def template(self, code: str) -> str | None:
        """The English template of a code (a common code when the game has none of its own)."""
        own = self.templates.get(code)
        return own if own is not None else COMMON.templates.get(code)

    def codes(self) -> Mapping[str, str]:
        """Every code this game can raise, with its template (common codes included)."""
        return {**COMMON.templates, **self.templates}

    def name(self, key: str, value: object) -> str:
        """A parameter value in English."""
        named = self._namer(key, value) if self._namer is not None else ""
        return named or str(value)


COMMON = Messages(
    "",
    {
        "malformed": "I could not understand that action: {text}.",
        "not_your_turn": "It is not your turn.",
        "game_finished": "This game is over.",
    },
)


class RulesError(ValueError):
    """An action the rules do not allow; the state it was tried on is unchanged."""

    default_code = "illegal"
    messages: ClassVar[Messages] = COMMON

    def __init__(self, code: str | None = None, **params: object) -> None:
        self.code = code or self.default_code
        self.params = params
        template = self.messages.template(self.code)
        if template is None:
            raise RuntimeError(f"unregistered rules error code {self.code!r}")
        named = {k: self.messages.name(k, v) for k, v in params.items()}
        self.message = template.format(**named)
        super().__init__(self.message)

    @property
    def game(self) -> str:
        """The game whose code this is ("" for a common code)."""
        return self.messages.game


class MalformedAction(RulesError):
    """The action text or fields do not describe an action of this game."""

    default_code = "malformed"


class IllegalAction(RulesError):
    """A well-formed action that the rules forbid right now."""


class NotYourTurn(RulesError):
    """The seat is not one of the seats to move."""

    default_code = "not_your_turn"


class GameFinished(RulesError):
    """The game is over; nothing more can be played."""

    default_code = "game_finished"
