"""Rules errors: a stable code, parameters, and a sentence a player understands.

Error codes belong to a game: each game keeps its own `Messages` (codes, English templates and
how to name a parameter value) and makes its four error kinds from them with `error_kinds`:
subclasses of the core kinds, so `except IllegalAction` still catches every game's errors. Two
games may reuse a code name; only the common codes below are shared.

A broken invariant of the engine (its state or data files contradicting themselves) is a bug,
not a player's mistake: it raises `InvariantError`, never a `RulesError`, and never through
`assert`, which `python -O` removes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar, NamedTuple, TypeVar, cast

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


class ErrorKinds(NamedTuple):
    """One game's four error kinds: subclasses of the core kinds that speak with its messages."""

    malformed: type[MalformedAction]
    illegal: type[IllegalAction]
    not_your_turn: type[NotYourTurn]
    finished: type[GameFinished]


_Kind = TypeVar("_Kind", bound=RulesError)


def _kind(base: type[_Kind], messages: Messages, module: str) -> type[_Kind]:
    """A subclass of `base` named like it, in `module`, whose codes come from `messages`."""
    name = base.__name__
    namespace = {
        "messages": messages,
        "__module__": module,
        "__qualname__": name,
        "__doc__": f"{messages.game}: {base.__doc__}",
    }
    # type() is typed as returning a plain `type`; the class it makes is a subclass of `base`.
    return cast(type[_Kind], type(name, (base,), namespace))


def error_kinds(messages: Messages, module: str) -> ErrorKinds:
    """A game's four error kinds, made once in its errors module: `error_kinds(MESSAGES, __name__)`.

    Each is a subclass of the core kind of the same name (`except IllegalAction` catches every
    game's), with `messages` set so that its codes, templates and `game` are the game's own.
    """
    return ErrorKinds(
        _kind(MalformedAction, messages, module),
        _kind(IllegalAction, messages, module),
        _kind(NotYourTurn, messages, module),
        _kind(GameFinished, messages, module),
    )


class InvariantError(RuntimeError):
    """An engine invariant broke (a bug in the engine or its data files, never a player's
    mistake); the message names the game and what broke."""
