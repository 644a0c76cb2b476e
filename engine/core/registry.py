"""The registry of games by name."""

from __future__ import annotations

from typing import Any

from engine.core.contract import Game

_GAMES: dict[str, Game[Any, Any]] = {}


def register_game(game: Game[Any, Any]) -> Game[Any, Any]:
    """Register a game under its name; registering the same name twice is a bug."""
    if game.name in _GAMES and _GAMES[game.name] is not game:
        raise RuntimeError(f"game {game.name!r} registered twice")
    _GAMES[game.name] = game
    return game


def get_game(name: str) -> Game[Any, Any]:
    """The game registered under `name` (importing the built-in games first)."""
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_GAMES))}") from None


def registered_games() -> list[str]:
    """Names of every registered game, sorted."""
    _load_builtin()
    return sorted(_GAMES)


def _load_builtin() -> None:
    # Imported lazily so engine.core never depends on a concrete game at import time.
    import engine.rattus  # noqa: F401
