"""Board images drawn with Pillow from engine views (never from a full state).

Each game has one module with the same three functions; `renderer_for(game)` finds it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

# Game name (as the engine registers it) -> the module that draws it.
RENDERERS: dict[str, str] = {"rattus": "render.rattus"}


class GameRenderer(Protocol):
    """What every game's render module provides."""

    def render_board(
        self, view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en"
    ) -> bytes:
        """PNG of the public view."""
        ...

    def render_private(
        self, view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en"
    ) -> bytes | None:
        """PNG of what one seat privately knows, or None."""
        ...

    def summary(self, view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en") -> str:
        """The same position as a short plain text."""
        ...


def renderer_for(game: str) -> GameRenderer:
    """The render module of a game; KeyError for a game nobody draws yet."""
    try:
        name = RENDERERS[game]
    except KeyError:
        raise KeyError(f"no renderer for the game {game!r}") from None
    return cast(GameRenderer, importlib.import_module(name))
