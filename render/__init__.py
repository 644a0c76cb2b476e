"""Board images drawn with Pillow from engine views (never from a full state)."""

from __future__ import annotations

import importlib
from types import ModuleType


def renderer_for(game: str) -> ModuleType:
    """The render module of a game (render_board, render_private, summary)."""
    return importlib.import_module(f"render.{game}")
