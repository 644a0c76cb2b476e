"""Rules errors: a stable code, parameters, and a sentence a player understands."""

from __future__ import annotations

from collections.abc import Callable, Mapping

# code -> English template; each game registers its own codes at import time.
_TEMPLATES: dict[str, str] = {
    "malformed": "I could not understand that action: {text}.",
    "not_your_turn": "It is not your turn.",
    "game_finished": "This game is over.",
}
# Turns a parameter value (a region or card id) into English for the message.
_Namer = Callable[[str, object], str]
_namers: list[_Namer] = []


def register_messages(templates: Mapping[str, str], namer: _Namer | None = None) -> None:
    """Add a game's error codes and their English templates."""
    for code, text in templates.items():
        if code in _TEMPLATES and _TEMPLATES[code] != text:
            raise RuntimeError(f"error code {code!r} registered twice with different texts")
        _TEMPLATES[code] = text
    if namer is not None:
        _namers.append(namer)


def error_templates() -> Mapping[str, str]:
    """Every known error code with its English template (for translations and tests)."""
    return dict(_TEMPLATES)


def _english(key: str, value: object) -> str:
    for namer in _namers:
        named = namer(key, value)
        if named:
            return named
    return str(value)


class RulesError(ValueError):
    """An action the rules do not allow; the state it was tried on is unchanged."""

    default_code = "illegal"

    def __init__(self, code: str | None = None, **params: object) -> None:
        self.code = code or self.default_code
        self.params = params
        template = _TEMPLATES.get(self.code)
        if template is None:
            raise RuntimeError(f"unregistered rules error code {self.code!r}")
        self.message = template.format(**{k: _english(k, v) for k, v in params.items()})
        super().__init__(self.message)


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
