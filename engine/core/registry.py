"""The registry of games by name: every package under `engine` (but `core`) that registers one."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import engine
from engine.core.contract import Game

_GAMES: dict[str, Game[Any, Any]] = {}
_discovered = False


def register_game(game: Game[Any, Any]) -> Game[Any, Any]:
    """Register a game under its name; registering the same name twice is a bug."""
    if game.name in _GAMES and _GAMES[game.name] is not game:
        raise RuntimeError(f"game {game.name!r} registered twice")
    _GAMES[game.name] = game
    return game


def get_game(name: str) -> Game[Any, Any]:
    """The game registered under `name` (discovering the game packages first)."""
    discover()
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_GAMES))}") from None


def registered_games() -> list[str]:
    """Names of every registered game, sorted."""
    discover()
    return sorted(_GAMES)


def discover() -> None:
    """Import every game package under `engine` once; each registers its game on import."""
    global _discovered
    if _discovered:
        return
    for info in pkgutil.iter_modules(engine.__path__):
        if info.ispkg and info.name != "core":
            importlib.import_module(f"engine.{info.name}")
    _discovered = True
