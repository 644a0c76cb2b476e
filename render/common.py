"""Shared drawing helpers: shipped fonts, colour-blind-safe seat colours, fast PNG output.

Images are drawn antialiased in RGB, then mapped onto one fixed palette (no dithering) and
written as a palette PNG with light compression: that keeps a full board to a few
milliseconds and well under 300 KB, and the same input always gives the same bytes.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]

# Okabe-Ito colours, in the order of the bot's seat marks (orange, blue, green, yellow,
# purple, black); every seat also has a letter, so colour is never the only cue.
SEAT_COLOURS: tuple[RGB, ...] = (
    (230, 159, 0),
    (0, 114, 178),
    (0, 158, 115),
    (240, 228, 66),
    (204, 121, 167),
    (51, 51, 51),
)
SEAT_LETTERS = "ABCDEF"

INK: RGB = (34, 30, 28)
MUTED: RGB = (110, 100, 90)
PAPER: RGB = (251, 246, 234)
PANEL: RGB = (244, 236, 220)
SEA: RGB = (204, 223, 233)
LAND: RGB = (233, 222, 196)
UNUSED: RGB = (206, 206, 206)
BORDER: RGB = (96, 74, 52)
PLAGUE: RGB = (192, 40, 38)
RAT: RGB = (62, 48, 44)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (196, 150, 40)


def seat_colour(seat: int) -> RGB:
    """The colour of a seat."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_letter(seat: int) -> str:
    """The letter of a seat (shown on every chip of that colour)."""
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)]


def on_colour(colour: RGB) -> RGB:
    """Ink that reads on a background colour."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans at a size (never a system font)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    data = resources.files("render").joinpath("assets", name).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width in pixels of a text."""
    return int(font(size, bold).getlength(text))


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, shortened with an ellipsis to fit a width."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A text drawn once as an antialiased mask, with its offset from the anchor point."""
    f = font(size, bold)
    box = f.getbbox(text, anchor=anchor)
    left, top, right, bottom = (int(v) for v in box)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def put_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Draw text by pasting a cached mask: the same pixels as ImageDraw.text, much faster
    when a board repeats the same numbers and names on every call."""
    if not text:
        return
    mask, left, top = _text_mask(text, size, bold, anchor)
    image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)


@lru_cache(maxsize=256)
def _chip_sprite(seat: int, size: int, label: str) -> Image.Image:
    sprite = Image.new("RGBA", (size + 1, size + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    colour = seat_colour(seat)
    draw.rounded_rectangle([0, 0, size, size], radius=4, fill=colour, outline=INK)
    draw.text(
        (size / 2, size / 2 + 1),
        label,
        font=font(max(10, size - 8), True),
        fill=on_colour(colour),
        anchor="mm",
    )
    return sprite


def chip(
    image: Image.Image, x: float, y: float, seat: int, size: int = 22, label: str | None = None
) -> None:
    """A seat's coloured square with its letter (or a label), pasted from a cached sprite."""
    sprite = _chip_sprite(seat, size, seat_letter(seat) if label is None else label)
    image.paste(sprite, (round(x), round(y)), sprite)


def rat_disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: int, filled: bool) -> None:
    """One face-down rat token (or an empty slot)."""
    if filled:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=RAT, outline=INK, width=1)
        # A small rat silhouette hint: two ears and an eye, readable when tiny.
        draw.ellipse([cx - r * 0.55, cy - r * 0.75, cx - r * 0.15, cy - r * 0.35], fill=MUTED)
        draw.ellipse([cx + r * 0.15, cy - r * 0.75, cx + r * 0.55, cy - r * 0.35], fill=MUTED)
        draw.ellipse([cx - 2, cy - 1, cx + 2, cy + 3], fill=WHITE)
    else:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(180, 168, 150), width=1)


def plague_badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: int) -> None:
    """The plague piece."""
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=PLAGUE, outline=INK, width=2)
    draw.text((cx, cy + 1), "☠", font=font(int(r * 1.3), True), fill=WHITE, anchor="mm")


def token_face(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    limit: int,
    symbols: Sequence[str],
    size: int = 24,
) -> int:
    """A revealed token: its limit in a disc and its symbols; returns the width drawn."""
    draw.ellipse([x, y, x + size, y + size], fill=RAT, outline=INK)
    put_text(
        image, (x + size / 2, y + size / 2 + 1), str(limit), size - 8, WHITE, bold=True, anchor="mm"
    )
    cx = x + size + 4
    for sym in symbols:
        colour = SYMBOL_COLOURS.get(sym, MUTED)
        w = text_width(sym, size - 8, True) + 8
        draw.rounded_rectangle([cx, y + 2, cx + w, y + size - 2], radius=4, fill=colour)
        put_text(
            image,
            (cx + w / 2, y + size / 2 + 1),
            sym,
            size - 8,
            on_colour(colour),
            bold=True,
            anchor="mm",
        )
        cx += w + 3
    return cx - x


SYMBOL_COLOURS: dict[str, RGB] = {
    "M": (120, 20, 20),
    "A": (20, 20, 20),
    "P": (142, 110, 60),
    "B": (60, 110, 150),
    "C": (130, 100, 160),
    "K": (90, 90, 90),
    "W": (60, 130, 90),
    "R": (180, 140, 30),
    "O": (190, 100, 40),
}


class PaletteCache:
    """One fixed palette per layout, built once from a reference drawing (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._palettes: dict[object, Image.Image] = {}

    def get(self, key: object, reference: Callable[[], Image.Image]) -> Image.Image:
        """The palette image for `key`, building it from `reference()` the first time."""
        found = self._palettes.get(key)
        if found is None:
            with self._lock:
                found = self._palettes.get(key)
                if found is None:
                    found = reference().quantize(colors=255, method=Image.Quantize.MEDIANCUT)
                    self._palettes[key] = found
        return found


def encode(image: Image.Image, palette: Image.Image) -> bytes:
    """Map an RGB image onto the fixed palette and write it as a PNG."""
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=1)
    return out.getvalue()
