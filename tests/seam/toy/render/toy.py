"""Rat Race's board: the pile and each player's rats, in the words of the game's catalogue."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from PIL import Image

from render.common import INK, PAPER, chip_sprite, paste_centred, put_text, seat_colour

# The game's words: its catalogue in the bot package, found from here (render imports no bot).
LOCALES = Path(__file__).resolve().parents[1] / "bot" / "games" / "toy" / "locales"
WIDTH = 480


@cache
def _bundle(lang: str) -> FluentBundle:
    path = LOCALES / f"{lang}.ftl"
    if not path.is_file():
        path = LOCALES / "en.ftl"
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(FluentResource(path.read_text("utf-8")))
    return bundle


def word(key: str, lang: str, **params: Any) -> str:
    bundle = _bundle(lang)
    text, _errors = bundle.format_pattern(bundle.get_message(key).value, params)
    return str(text)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def render_board(view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en") -> bytes:
    rows = len(view["taken"])
    image = Image.new("RGB", (WIDTH, 80 + 48 * rows), PAPER)
    put_text(image, (20, 20), word("board-pile", lang, n=view["pile"]), 28, INK)
    for seat, n in enumerate(view["taken"]):
        y = 80 + 48 * seat
        paste_centred(image, chip_sprite(seat, 28), (36, y + 16))
        name = players[seat] if seat < len(players) else str(seat + 1)
        put_text(image, (64, y), word("board-taken", lang, player=name, n=n), 24, seat_colour(seat))
    return _png(image)


def render_private(
    view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en"
) -> bytes | None:
    return None


def summary(view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en") -> str:
    parts = [word("board-pile", lang, n=view["pile"])]
    parts += [
        word("board-taken", lang, player=players[s] if s < len(players) else str(s + 1), n=n)
        for s, n in enumerate(view["taken"])
    ]
    return " · ".join(parts)
