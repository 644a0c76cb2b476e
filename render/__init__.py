"""Board images drawn with Pillow from engine views (never from a full state).

Each game has one module, `render/<game>.py` (named as the engine registers the game), with the
same three functions (and optionally the public board in two parts, see PartsRenderer);
`renderer_for(game)` finds it. `render/common.py` holds what every game's drawing shares
(fonts, text, seat colours and marks, the canvas) and names no game.

Words: every word a renderer draws or writes (titles, labels, legends, the names of cards,
buildings, classes, figures and regions, the summary's sentences) is a `board-` message of its
game's Fluent catalogue, `bot/games/<game>/locales/<lang>.ftl`, kept in that file's section
"Board images and summaries", so a game's words live in one place. `render.common.words(game,
lang)` reads the files by path (`render` imports nothing from `bot`: a render worker needs
only Pillow, fluent.runtime and this package), parses each once per process, takes a message a
language lacks from English, and keeps every text it formats; a renderer's `tr(lang, key,
**params)` is the message `board-<key>`. Plurals are Fluent selectors (`{ $n -> [1] … *[other]
… }`). Static layers are still drawn once per layout and language, and the fixed palettes are
built again when a catalogue changes (their digest covers the .ftl files).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

_NAME = re.compile(r"[a-z][a-z0-9_]*")


class GameRenderer(Protocol):
    """What every game's render module provides; optionally also the board in two parts
    (`render_parts`, `part_inputs`, `render_part`: see PartsRenderer and `parts_renderer`)."""

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


class PartsRenderer(GameRenderer, Protocol):
    """A game whose public board is two pictures near 4:3 (optional: `render.worker.parts`
    falls back on `render_board` for a game without them).

    `render_parts` gives [("map", png), ("players", png)]: the map or table, then the players'
    panel, shown one under the other. `part_inputs` says what each part is drawn from (plain
    data, digested to know when a part needs drawing again) and `render_part` draws one."""

    def render_parts(
        self, view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en"
    ) -> list[tuple[str, bytes]]:
        """The public view as [("map", png), ("players", png)]."""
        ...

    def part_inputs(
        self, view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en"
    ) -> dict[str, object]:
        """Each part's name and the view data it is drawn from."""
        ...

    def render_part(
        self, part: str, view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en"
    ) -> bytes:
        """PNG of one part."""
        ...


PARTS = ("map", "players")  # the names of a board's two pictures, in the order shown


def parts_renderer(renderer: GameRenderer) -> PartsRenderer | None:
    """The renderer as one that draws its board in parts, or None when it draws one board."""
    if callable(getattr(renderer, "render_parts", None)):
        return cast(PartsRenderer, renderer)
    return None


def renderer_for(game: str) -> GameRenderer:
    """The render module of a game; KeyError for a game nobody draws yet."""
    if not _NAME.fullmatch(game) or game in ("common", "worker"):
        raise KeyError(f"no renderer for the game {game!r}")
    try:
        module = importlib.import_module(f"render.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"render.{game}":
            raise
        raise KeyError(f"no renderer for the game {game!r}") from None
    return cast(GameRenderer, module)
