"""Shared drawing helpers: shipped fonts, colour-blind-safe seat pieces, cached sprites, and a
palette canvas that makes a board cost little more than writing its PNG.

How a board stays fast: its static layer is drawn once (antialiased, in RGB), mapped onto one
fixed 256-colour palette and cached; each call copies it and pastes the pieces, each an
antialiased sprite blended once over the colour under it and mapped onto the same palette
(cached too); the result is written as a palette PNG with light compression. No step depends
on anything but the input, so the same input always gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import math
import os
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

import PIL
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

RGB = tuple[int, int, int]
Point = tuple[float, float]

# Okabe-Ito colours (safe for the common colour-vision deficiencies); the plague's red is
# not among them, so a seat is never mistaken for the plague. Every seat's piece also has its
# own shape, so colour is never the only cue: six outlines that stay apart when a board is
# shrunk to a phone's width (no two of them round, none a thin sliver).
SEAT_COLOURS: tuple[RGB, ...] = (
    (230, 159, 0),  # orange
    (0, 114, 178),  # blue
    (0, 158, 115),  # bluish green
    (240, 228, 66),  # yellow
    (204, 121, 167),  # reddish purple
    (40, 40, 40),  # black
)
SEAT_SHAPES = ("circle", "square", "diamond", "triangle", "star", "plus")

INK: RGB = (33, 29, 27)
MUTED: RGB = (112, 102, 92)
FAINT: RGB = (170, 160, 146)
PAPER: RGB = (250, 245, 233)
PANEL: RGB = (244, 237, 222)
RULE: RGB = (205, 192, 170)
SEA: RGB = (190, 214, 228)
SEA_DEEP: RGB = (160, 192, 212)
COAST: RGB = (92, 78, 62)
BORDER: RGB = (128, 106, 82)
UNUSED: RGB = (206, 204, 200)
UNUSED_INK: RGB = (150, 146, 140)
WHITE: RGB = (255, 255, 255)
RED: RGB = (200, 30, 36)  # an accent (warnings, the plague, the dead); never a seat's colour
GOLD: RGB = (214, 164, 40)
HIGHLIGHT: RGB = (255, 236, 170)
ARROW: RGB = (38, 84, 136)


FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}

# The six classes of the family's games, one colour each (Peasantry, Bourgeoisie, Church,
# Chivalry, Magic, Royalty), so a class looks the same on every board.
CLASS_COLOURS: dict[str, RGB] = {
    "P": (134, 100, 52),
    "B": (52, 104, 150),
    "C": (120, 88, 156),
    "K": (86, 92, 100),
    "W": (46, 122, 80),
    "R": (176, 130, 20),
}

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def seat_colour(seat: int) -> RGB:
    """The colour of a seat."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@cache
def _font_bytes(style: str) -> bytes:
    return resources.files("render").joinpath("assets", FONT_FILES[style]).read_bytes()


@cache
def font(size: int, style: str = "bold") -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans (regular, bold or condensed bold) at a size; never a system font."""
    return ImageFont.truetype(io.BytesIO(_font_bytes(style)), size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, style: str = "bold") -> int:
    """Width in pixels of a text."""
    return math.ceil(font(size, style).getlength(text))


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, width: int, style: str = "bold") -> str:
    """The text, shortened with an ellipsis to fit a width."""
    if text_width(text, size, style) <= width:
        return text
    while text and text_width(text + "…", size, style) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@lru_cache(maxsize=8192)
def _text_mask(text: str, size: int, style: str, anchor: str) -> tuple[Image.Image, int, int]:
    """A text drawn once as an antialiased mask, with its offset from the anchor point."""
    f = font(size, style)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def put_text(
    image: Image.Image,
    xy: Point,
    text: str,
    size: int,
    fill: RGB,
    *,
    style: str = "bold",
    anchor: str = "la",
    halo: RGB | None = None,
) -> int:
    """Draw text by pasting a cached mask (the same pixels as ImageDraw.text, much faster when
    a board repeats its numbers and names); returns the text's right edge."""
    if not text:
        return round(xy[0])
    mask, left, top = _text_mask(text, size, style, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    if halo is not None:
        image.paste(halo, (x - HALO_PAD, y - HALO_PAD), _halo(text, size, style, anchor))
    image.paste(fill, (x, y), mask)
    return x + mask.width


HALO_PAD = 3


@lru_cache(maxsize=1024)
def _halo(text: str, size: int, style: str, anchor: str) -> Image.Image:
    """A soft outline around a text's mask (HALO_PAD pixels larger on every side): it keeps a
    label readable over lines and other pieces."""
    mask = _text_mask(text, size, style, anchor)[0]
    padded = Image.new("L", (mask.width + 2 * HALO_PAD, mask.height + 2 * HALO_PAD), 0)
    padded.paste(mask, (HALO_PAD, HALO_PAD))
    return padded.filter(ImageFilter.MaxFilter(5)).filter(ImageFilter.GaussianBlur(1))


def supersampled(
    size: tuple[int, int], draw: Callable[[ImageDraw.ImageDraw, float], None], scale: int = 4
) -> Image.Image:
    """An RGBA sprite drawn at `scale` times its size and reduced: smooth edges for shapes
    that ImageDraw cannot antialias. `draw` gets the drawing and the scale."""
    big = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    draw(ImageDraw.Draw(big), scale)
    return big.resize(size, Image.Resampling.LANCZOS)


def paste_centred(image: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Paste an RGBA sprite with its centre at a point."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


@lru_cache(maxsize=64)
def chip_sprite(seat: int, size: int) -> Image.Image:
    """A seat's piece: its colour in its own shape (circle, square, diamond, triangle, star,
    plus), each filling its box so that the shape tells seats apart where colours do not; a
    light colour (the yellow) gets a heavier outline, so it stands out on pale land too."""
    colour = seat_colour(seat)
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 170

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = round((size / 10 if light else size / 14) * s)
        full = size * s
        m = 0.6 * s  # the outline's antialiased edge stays inside the sprite
        c = full / 2
        if shape == "circle":
            d.ellipse([m, m, full - m, full - m], fill=colour, outline=INK, width=w)
        elif shape == "square":
            inset = m + size * s / 14
            box = [inset, inset, full - inset, full - inset]
            d.rounded_rectangle(box, radius=full / 8, fill=colour, outline=INK, width=w)
        else:
            d.polygon(shape_points(shape, c, c, c - m), fill=colour, outline=INK, width=w)

    return supersampled((size, size), draw)


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[Point]:
    """The outline of a seat shape filling the box of half-side r around (cx, cy)."""
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r, cy + r * 0.9), (cx - r, cy + r * 0.9)]
    if shape == "star":
        pts = []
        for k in range(10):
            radius = r * 1.08 if k % 2 == 0 else r * 0.56
            angle = math.pi / 5 * k
            pts.append((cx + math.sin(angle) * radius, cy + 0.1 * r - math.cos(angle) * radius))
        return pts
    if shape == "plus":
        a, t = r, r * 0.36  # arm length and half the arm's width
        return [
            (cx - t, cy - a), (cx + t, cy - a), (cx + t, cy - t), (cx + a, cy - t),
            (cx + a, cy + t), (cx + t, cy + t), (cx + t, cy + a), (cx - t, cy + a),
            (cx - t, cy + t), (cx - a, cy + t), (cx - a, cy - t), (cx - t, cy - t),
        ]  # fmt: skip
    raise ValueError(f"no seat shape {shape!r}")


def dashed_curve(points: Sequence[Point], dash: float, gap: float) -> list[tuple[Point, Point]]:
    """The dashes along a polyline, as (start, end) pairs."""
    out: list[tuple[Point, Point]] = []
    on, left = True, dash
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            a = (x1 + (x2 - x1) * pos / seg, y1 + (y2 - y1) * pos / seg)
            b = (x1 + (x2 - x1) * (pos + step) / seg, y1 + (y2 - y1) * (pos + step) / seg)
            if on:
                out.append((a, b))
            pos += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap
    return out


def bezier(a: Point, control: Point, b: Point, steps: int = 24) -> list[Point]:
    """Points along a quadratic Bézier curve."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u * u * a[0] + 2 * u * t * control[0] + t * t * b[0],
                u * u * a[1] + 2 * u * t * control[1] + t * t * b[1],
            )
        )
    return out


def arrow_head(tip: Point, behind: Point, length: float, width: float) -> list[Point]:
    """A triangle pointing at `tip`, coming from the direction of `behind`."""
    dx, dy = tip[0] - behind[0], tip[1] - behind[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    return [
        tip,
        (bx - uy * width / 2, by + ux * width / 2),
        (bx + uy * width / 2, by - ux * width / 2),
    ]


Box = tuple[int, int, int, int]
Sprite = tuple[Image.Image, tuple[int, int]]  # RGBA pixels, offset of the corner from the point

# Sprite makers by name: a canvas draws the sprite ("name", *args) made by SPRITES[name](*args).
SPRITES: dict[str, Callable[..., Sprite]] = {}
# Fixed palettes by name, registered by each game's renderer.
PALETTES: dict[str, Callable[[], Image.Image]] = {}


def sprite_maker(name: str) -> Callable[[Callable[..., Sprite]], Callable[..., Sprite]]:
    """Register a function that makes the sprite ("name", *args). A game's sprites are named
    "<game>.<sprite>", so two games never draw each other's; a name is registered once."""

    def register(make: Callable[..., Sprite]) -> Callable[..., Sprite]:
        if SPRITES.get(name, make) is not make:
            raise RuntimeError(f"sprite {name!r} registered twice")
        SPRITES[name] = make
        return make

    return register


@lru_cache(maxsize=16384)
def _made(key: tuple[Any, ...]) -> Sprite:
    return SPRITES[key[0]](*key[1:])


@lru_cache(maxsize=16384)
def _probe(key: tuple[Any, ...]) -> tuple[int, int]:
    """A sprite's centre, from its drawing point."""
    sprite, (dx, dy) = _made(key)
    return dx + sprite.width // 2, dy + sprite.height // 2


@lru_cache(maxsize=16384)
def _corners(key: tuple[Any, ...]) -> tuple[tuple[int, int], ...]:
    """Where to look for the colour a sprite is drawn on, from its drawing point: its centre
    and its four corners (where the antialiased edges are)."""
    sprite, (dx, dy) = _made(key)
    w, h = sprite.width - 1, sprite.height - 1
    return ((dx + w // 2, dy + h // 2), (dx, dy), (dx + w, dy), (dx, dy + h), (dx + w, dy + h))


@lru_cache(maxsize=16384)
def _blended(key: tuple[Any, ...], bg: RGB, palette: str) -> tuple[Any, Any, int, int, int, int]:
    """A sprite blended over a flat colour and mapped onto a palette: the palette indices, the
    mask of its opaque pixels (both as Pillow cores, ready to paste), offset and size."""
    sprite, (dx, dy) = _made(key)
    tile = Image.new("RGB", sprite.size, bg)
    tile.paste(sprite, (0, 0), sprite)
    pixels = tile.quantize(palette=PALETTES[palette](), dither=Image.Dither.NONE)
    mask = sprite.getchannel("A").point(lambda a: 255 if a else 0)
    pixels.load()
    mask.load()
    return pixels.im, mask.im, dx, dy, sprite.width, sprite.height


class Canvas:
    """A palette image drawn on directly: each piece is an antialiased RGBA sprite blended
    once over the colour under it, mapped onto the fixed palette and cached; drawing it again
    is one masked paste of palette indices. There is no RGB canvas to convert at the end, so a
    board costs little more than writing its PNG.

    Drawing is deferred: each piece is noted, with what it is drawn over, in the bands of
    PNG_BAND rows it covers. With `static` (a name for the pixels of `base`, a copy of a
    static layer), each band gets a signature of everything drawn in it (and of what that was
    drawn over); a band whose signature was written before is not drawn or compressed again,
    so a board that changes in one region costs that region.
    """

    def __init__(
        self,
        base: Image.Image,
        palette: str,
        origin: tuple[int, int] = (0, 0),
        static: Hashable | None = None,
        shared: bool = False,
    ) -> None:
        base.load()
        # A shared base (a static layer itself) is copied when something is first drawn on
        # it: a board whose every band was written before copies nothing.
        self._shared = shared
        self._image = base
        self.palette = palette
        # A part of a board: the board's point `origin` is this image's corner, so drawing
        # code written for the whole board draws one part of it unchanged (what falls
        # outside the part is clipped).
        self.origin = origin
        self.static = static
        self._core = base.im
        self._colours = palette_colours(palette)
        self._w, self._h = base.size
        self._ops: list[_Op] = []
        self._done = 0  # the pieces drawn so far, in order
        bands = (self._h + PNG_BAND - 1) // PNG_BAND
        self._signs: list[int] | None = None
        self._static_id = 0
        if static is not None:
            # A small number for the layer, given once (hashing the layout for every band of
            # every board would cost more than the look-ups it serves).
            name = (static, palette, self._w, self._h)
            with _bands_lock:
                self._static_id = _static_ids.setdefault(name, len(_static_ids))
            self._signs = [hash((self._static_id, b)) for b in range(bands)]

    @property
    def image(self) -> Image.Image:
        """The image with every piece drawn."""
        self._draw(range(self._done, len(self._ops)))
        return self._image

    def colour_at(self, x: float, y: float) -> RGB:
        """The colour shown at a point of the image drawn so far (what a piece drawn there is
        blended over)."""
        xi, yi = round(x), round(y)
        if not (0 <= xi < self._w and 0 <= yi < self._h):
            xi, yi = min(max(xi, 0), self._w - 1), min(max(yi, 0), self._h - 1)
        return self._colours[cast(int, self._core.getpixel((xi, yi)))]

    def sprite(self, key: tuple[Any, ...], xy: Point, *, under: RGB | None = None) -> Box:
        """Draw the sprite `key` names (see SPRITES) at `xy`, blended over the colour it is drawn
        on (or `under`); returns the box drawn."""
        dx, dy, w, h = _extent(key)
        px, py = round(xy[0]) - self.origin[0], round(xy[1]) - self.origin[1]
        x, y = px + dx, py + dy
        if x < self._w and y < self._h and x + w > 0 and y + h > 0:
            self._note(("s", key, px, py, under), y, y + h, None)
        return x, y, x + w, y + h

    def _note(self, op: tuple[Any, ...], top: int, bottom: int, pixels: Any) -> None:
        first = max(0, top) // PNG_BAND
        last = (min(self._h, bottom) - 1) // PNG_BAND
        self._ops.append((op, first, last, pixels))
        signs = self._signs
        if signs is not None:
            # What the piece looks like depends on the bands it is drawn over.
            made = hash((op, tuple(signs[first : last + 1])))
            for b in range(first, last + 1):
                signs[b] = hash((signs[b], made))

    def _draw(self, indices: Sequence[int]) -> None:
        """Draw the noted pieces `indices` (in order, each once)."""
        if self._shared and len(indices):
            self._image = self._image.copy()
            self._core = self._image.im
            self._shared = False
        for i in indices:
            op, _, _, pixels = self._ops[i]
            if op[0] == "s":
                self._paste_sprite(op[1], op[2], op[3], op[4])
            else:
                xy, indexed, mask = pixels
                self._image.paste(indexed, xy, mask)
        if isinstance(indices, range) and indices.stop == len(self._ops):
            self._done = len(self._ops)

    def _paste_sprite(self, key: tuple[Any, ...], px: int, py: int, under: RGB | None) -> None:
        _paste(self._core, self._w, self._h, self.palette, key, px, py, under)

    def centred(self, key: tuple[Any, ...], centre: Point) -> Box:
        """Draw a sprite whose maker places it at (0, 0) with its centre at a point."""
        px, py = _probe(key)
        return self.sprite(key, (centre[0] - px, centre[1] - py))

    def text(
        self,
        xy: Point,
        text: str,
        size: int,
        fill: RGB,
        *,
        style: str = "bold",
        anchor: str = "la",
        halo: RGB | None = None,
    ) -> int:
        """Draw a text; returns its right edge."""
        if not text:
            return round(xy[0])
        return self.sprite(("text", text, size, fill, style, anchor, halo), xy)[2]

    def chip(self, x: float, y: float, seat: int, size: int = 26) -> None:
        """A seat's piece with its top-left corner at (x, y)."""
        self.sprite(("chip", seat, size), (x, y))

    def flat(self, box: Box, colour: RGB, radius: int = 0) -> None:
        """A flat (rounded) rectangle."""
        x0, y0, x1, y1 = box
        self.sprite(("flat", x1 - x0, y1 - y0, colour, radius), (x0, y0))

    def patch(self, box: Box, compose: Callable[[Image.Image], None]) -> None:
        """Composite in RGB where pieces overlap much (a wash over a region, a long arrow):
        `compose` draws on an RGB copy of the box (origin at its corner), which then replaces
        the box (over what is drawn so far: its bands are compressed anew each time)."""
        found = self.composite(box, compose)
        if found is not None:
            self.put(*found, name=("patch", next(_UNIQUE)))

    def composite(
        self, box: Box, compose: Callable[[Image.Image], None]
    ) -> tuple[tuple[int, int], Image.Image, Image.Image] | None:
        """What `patch` would paste, without pasting it: where, the palette pixels and the mask
        of the pixels `compose` changed (to keep and `put` on copies of the same layer)."""
        ox, oy = self.origin
        x0, y0 = max(0, box[0] - ox), max(0, box[1] - oy)
        x1, y1 = min(self._w, box[2] - ox), min(self._h, box[3] - oy)
        if x1 <= x0 or y1 <= y0:
            return None
        before = self.image.crop((x0, y0, x1, y1)).convert("RGB")
        area = before.copy()
        compose(area)
        indexed = area.quantize(palette=PALETTES[self.palette](), dither=Image.Dither.NONE)
        # Only the pixels `compose` changed: mapping a palette colour onto the palette again
        # may pick a near twin, which would show the box's edge.
        changed = ImageChops.difference(before, area).convert("L").point(lambda v: 255 if v else 0)
        return (x0, y0), indexed, changed

    def put(
        self, xy: tuple[int, int], indexed: Image.Image, mask: Image.Image, *, name: Hashable
    ) -> None:
        """Paste palette pixels through a mask (what `composite` made); `name` stands for
        those pixels (the same name, the same pixels)."""
        x, y = xy
        self._note(("p", name, x, y), y, y + indexed.height, (xy, indexed, mask))

    def png(self) -> bytes:
        """The image as PNG bytes (palette, light compression: fast and small)."""
        signs = self._signs
        if signs is None:
            return png_bytes(self.image, self.palette)
        width, height = self._w, self._h
        layer = self._static_id
        keys = [(layer, b, sign) for b, sign in enumerate(signs)]
        found: list[Band | None] = []
        with _bands_lock:
            for k in keys:
                band = _signed.get(k)
                if band is not None:
                    _signed.move_to_end(k)  # the least recently used go first
                else:
                    band = _bare.get(k)
                found.append(band)
        missing = {b for b, band in enumerate(found) if band is None}
        if missing:
            drawn_on: set[int] = set()
            for _, first, last, _ in self._ops:
                drawn_on.update(range(first, last + 1))
            for b, rows in sorted(self._band_rows(missing).items()):
                level = PNG_LEVEL if b in drawn_on else PNG_STATIC_LEVEL
                band = _band(_rows(rows, width), level)
                found[b] = band
                with _bands_lock:
                    if b not in drawn_on:
                        _bare[keys[b]] = band
                        continue
                    _signed[keys[b]] = band
                    if len(_signed) > PNG_SIGNED_KEPT:
                        _signed.popitem(last=False)
        return _png(width, height, self.palette, cast(list[Band], found))

    def _needed(self, bands: Iterable[int]) -> list[int]:
        """The pieces not drawn yet that the pixels of `bands` depend on: those drawn over
        them, and, since a piece is blended over what it covers, every piece drawn over the
        bands those cover too (in drawing order)."""
        return self._closure(bands)[0]

    def _closure(self, bands: Iterable[int]) -> tuple[list[int], set[int]]:
        """The pieces `_needed` for `bands`, and every band they cover (with `bands`)."""
        on: dict[int, list[int]] = {}
        ops = self._ops
        for i in range(self._done, len(ops)):
            for b in range(ops[i][1], ops[i][2] + 1):
                on.setdefault(b, []).append(i)
        chosen: set[int] = set()
        todo = list(bands)
        seen = set(bands)
        while todo:
            for i in on.get(todo.pop(), ()):
                if i not in chosen:
                    chosen.add(i)
                    for b in range(ops[i][1], ops[i][2] + 1):
                        if b not in seen:
                            seen.add(b)
                            todo.append(b)
        return sorted(chosen), seen

    def _band_rows(self, bands: set[int]) -> dict[int, bytes]:
        """The palette indices of `bands`, with every piece they depend on drawn: on copies of
        the runs of bands concerned only (the whole image is never copied for a few bands)."""
        chosen, covered = self._closure(bands)
        width, height, ops = self._w, self._h, self._ops
        out: dict[int, bytes] = {}
        order = sorted(covered)
        runs: list[list[int]] = []
        for b in order:
            if runs and runs[-1][-1] == b - 1:
                runs[-1].append(b)
            else:
                runs.append([b])
        start = {run[0]: run for run in runs}
        run_of = {b: run[0] for run in runs for b in run}
        work: dict[int, list[int]] = {}
        for i in chosen:  # a piece's bands are all in one run
            work.setdefault(run_of[ops[i][1]], []).append(i)
        for first, run in start.items():
            top, bottom = first * PNG_BAND, min(height, (run[-1] + 1) * PNG_BAND)
            area = self._image.crop((0, top, width, bottom))
            area.load()
            core = area.im
            for i in work.get(first, ()):
                op, _, _, pixels = ops[i]
                if op[0] == "s":
                    _paste(core, width, bottom - top, self.palette, op[1], op[2], op[3] - top,
                           op[4])  # fmt: skip
                else:
                    (x, y), indexed, mask = pixels
                    area.paste(indexed, (x, y - top), mask)
            raw = area.tobytes()
            for b in run:
                if b in bands:
                    lo, hi = b * PNG_BAND - top, min(height, (b + 1) * PNG_BAND) - top
                    out[b] = raw[lo * width : hi * width]
        return out


_Op = tuple[tuple[Any, ...], int, int, Any]  # what is drawn, its first and last band, pixels


def _paste(
    core: Any,
    width: int,
    height: int,
    palette: str,
    key: tuple[Any, ...],
    px: int,
    py: int,
    under: RGB | None,
) -> None:
    """Paste the sprite `key` drawn at (px, py) onto a palette image's core, blended over the
    colour it is drawn on there (or `under`), clipped to the image."""
    if under is None:
        # The colour most of the sprite's corners and centre stand on: a piece lying across
        # a thin line (an arrow, a border) is blended over the land around it.
        colours = palette_colours(palette)
        seen = []
        for cx, cy in _corners(key):
            xi = min(max(px + cx, 0), width - 1)
            yi = min(max(py + cy, 0), height - 1)
            seen.append(colours[core.getpixel((xi, yi))])
        under = seen[0] if seen.count(seen[0]) > 2 else max(seen, key=seen.count)
    pixels, mask, dx, dy, w, h = _blended(key, under, palette)
    x, y = px + dx, py + dy
    if x >= 0 and y >= 0 and x + w <= width and y + h <= height:
        core.paste(pixels, (x, y, x + w, y + h), mask)
    else:
        left, top = max(0, -x), max(0, -y)
        right, bottom = min(w, width - x), min(h, height - y)
        box = (left, top, right, bottom)
        target = (x + left, y + top, x + right, y + bottom)
        core.paste(pixels.crop(box), target, mask.crop(box))


_UNIQUE = itertools.count()


@lru_cache(maxsize=16384)
def _extent(key: tuple[Any, ...]) -> tuple[int, int, int, int]:
    """A sprite's offset from its drawing point, and its size."""
    sprite, (dx, dy) = _made(key)
    return dx, dy, sprite.width, sprite.height


# PNG writing: a board is mostly its static layer, and two boards in a row mostly the same
# pixels. The rows are compressed in bands of PNG_BAND rows, each band its own run of
# deflate blocks ended by a sync flush (so bands join into one valid stream); a band's
# compressed bytes are kept, by the signature of what was drawn in it (see Canvas) and by
# its pixels, and a band seen before costs a look-up.
PNG_BAND = 16
PNG_LEVEL = 1
PNG_STATIC_LEVEL = 9  # a band of a static layer alone: compressed once, as small as can be
# Bands kept by signature (enough for the unchanged bands of a few hundred boards drawn in
# turn, about 16 MB) and by pixels.
PNG_SIGNED_KEPT = 32768
PNG_BANDS_KEPT = 8192
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window
_LAST_BLOCK = b"\x03\x00"  # an empty final block (fixed Huffman codes)
Band = tuple[bytes, int, int]  # a band's compressed bytes, the Adler-32 of its rows, their length
_bands: OrderedDict[tuple[int, int, int, int], bytes] = OrderedDict()
_signed: OrderedDict[tuple[Any, ...], Band] = OrderedDict()
_bare: dict[tuple[Any, ...], Band] = {}  # the bands of the static layers, with nothing on them
_static_ids: dict[Hashable, int] = {}
_bands_lock = threading.Lock()
ADLER = 65521


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack("!I", len(data)) + kind + data + struct.pack("!I", zlib.crc32(kind + data))


@lru_cache(maxsize=16)
def _plte(palette: str) -> bytes:
    return _chunk(b"PLTE", bytes(v for colour in palette_colours(palette) for v in colour))


def _adler_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two byte strings joined, from theirs and the second's length (zlib's
    adler32_combine, which Python's zlib does not offer)."""
    rem = length % ADLER
    low = first & 0xFFFF
    high = (rem * low) % ADLER
    low = (low + (second & 0xFFFF) + ADLER - 1) % ADLER
    high = (high + (first >> 16) + (second >> 16) + ADLER - rem) % ADLER
    return low | (high << 16)


def _rows(raw: bytes, width: int) -> bytes:
    """Rows of palette indices as PNG scanlines: each starts with its filter type (none)."""
    pieces: list[bytes | memoryview] = []
    view = memoryview(raw)
    for start in range(0, len(raw), width):
        pieces += (b"\0", view[start : start + width])
    return b"".join(pieces)


def _band(rows: bytes, level: int = PNG_LEVEL) -> Band:
    """A band's compressed bytes (kept by content: two boards in a row share most bands)."""
    adler = zlib.adler32(rows)
    key = (len(rows), zlib.crc32(rows), adler, level)  # 64 bits of checksums, the length
    with _bands_lock:
        packed = _bands.get(key)
        if packed is not None:
            _bands.move_to_end(key)
    if packed is None:
        packer = zlib.compressobj(level, zlib.DEFLATED, -15)
        packed = packer.compress(rows) + packer.flush(zlib.Z_SYNC_FLUSH)
        with _bands_lock:
            _bands[key] = packed
            if len(_bands) > PNG_BANDS_KEPT:
                _bands.popitem(last=False)
    return packed, adler, len(rows)


def _png(width: int, height: int, palette: str, bands: Sequence[Band]) -> bytes:
    """A palette PNG from its compressed bands of rows."""
    adler = 1
    for _, band_adler, length in bands:
        adler = _adler_combine(adler, band_adler, length)
    data = b"".join(
        [_ZLIB_HEADER, *(packed for packed, _, _ in bands), _LAST_BLOCK, struct.pack("!I", adler)]
    )
    header = struct.pack("!IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (_SIGNATURE, _chunk(b"IHDR", header), _plte(palette), _chunk(b"IDAT", data),
         _chunk(b"IEND", b""))
    )  # fmt: skip


def forget_bands(static: bool = True) -> None:
    """Forget the compressed bands kept (for benchmarks: a board drawn as if never before),
    and with `static` those of the static layers too."""
    with _bands_lock:
        _bands.clear()
        _signed.clear()
        if static:
            _bare.clear()


def forget_drawings() -> None:
    """Forget the bands and every sprite drawn (for benchmarks: a new process, but for the
    static layers and palettes)."""
    forget_bands()
    for cached in (_made, _blended, _probe, _corners, _extent, _text_mask, _halo):
        cached.cache_clear()


def png_bytes(image: Image.Image, palette: str) -> bytes:
    """A palette image drawn on `palette` as PNG bytes: the same pixels give the same bytes,
    whatever was written before."""
    if image.mode != "P":
        raise ValueError(f"a palette image, not {image.mode}")
    width, height = image.size
    raw = image.tobytes()
    step = width * PNG_BAND
    bands = [_band(_rows(raw[top : top + step], width)) for top in range(0, len(raw), step)]
    return _png(width, height, palette, bands)


def stacked(palette: str, images: Sequence[Image.Image], fill: RGB) -> bytes:
    """Palette images drawn on `palette`, one under the other (left-aligned, `fill` beside
    a narrower one), as one PNG."""
    width, height = max(im.width for im in images), sum(im.height for im in images)
    out = Image.new("P", (width, height), palette_colours(palette).index(fill))
    y = 0
    for im in images:
        out.paste(im, (0, y))
        y += im.height
    return png_bytes(out, palette)


@lru_cache(maxsize=8)
def palette_colours(name: str) -> tuple[RGB, ...]:
    """The 256 colours of a registered palette, by index."""
    flat = (PALETTES[name]().getpalette() or []) + [0] * 768
    return tuple((flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]) for i in range(256))


@sprite_maker("text")
def text_sprite(
    text: str,
    size: int,
    fill: RGB,
    style: str = "bold",
    anchor: str = "la",
    halo: RGB | None = None,
) -> Sprite:
    """A text as an RGBA sprite (with a soft outline in `halo`), and its offset from the
    anchor point."""
    mask, left, top = _text_mask(text, size, style, anchor)
    if halo is None:
        sprite = Image.new("RGBA", mask.size, (*fill, 0))
        sprite.putalpha(mask)
        return sprite, (left, top)
    ring = _halo(text, size, style, anchor)
    sprite = Image.new("RGBA", ring.size, (*halo, 0))
    sprite.paste((*halo, 255), (0, 0), ring)
    sprite.paste((*fill, 255), (HALO_PAD, HALO_PAD), mask)
    return sprite, (left - HALO_PAD, top - HALO_PAD)


@sprite_maker("chip")
def _chip(seat: int, size: int) -> Sprite:
    return chip_sprite(seat, size), (0, 0)


@sprite_maker("flat")
def _flat(w: int, h: int, colour: RGB, radius: int) -> Sprite:
    if radius <= 0:
        return Image.new("RGBA", (w, h), (*colour, 255)), (0, 0)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle([0, 0, w * s - 1, h * s - 1], radius=radius * s, fill=colour)

    return supersampled((w, h), draw), (0, 0)


class OnceCache(Generic[K, V]):
    """Values built once per key, shared by threads (a lock around the building only)."""

    def __init__(self, build: Callable[[K], V]) -> None:
        self._build = build
        self._lock = threading.Lock()
        self._values: dict[K, V] = {}

    def get(self, key: K) -> V:
        """The value for `key`, built the first time it is asked for."""
        found = self._values.get(key)
        if found is None:
            with self._lock:
                found = self._values.get(key)
                if found is None:
                    found = self._build(key)
                    self._values[key] = found
        return found


def make_palette(reference: Image.Image, exact: Sequence[RGB] = ()) -> Image.Image:
    """A fixed 256-colour palette image: the `exact` colours as they are (pieces and symbols
    must keep their true colour), the rest chosen from a drawing that holds every colour used."""
    wanted = list(dict.fromkeys(exact))
    room = 256 - len(wanted)
    found = reference.convert("RGB").quantize(colors=room, method=Image.Quantize.MEDIANCUT)
    flat = (found.getpalette() or [])[: 3 * room]
    flat += [0] * (3 * room - len(flat))
    for colour in wanted:
        flat.extend(colour)
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


def stored_palette(name: str, build: Callable[[], Image.Image]) -> Image.Image:
    """A game's fixed palette, built once per version of the drawing code (about a second
    each) and kept on disk, so that a restarted bot draws its first board at once.

    The file is named after a digest of every file of `render/`, the games' catalogues (their
    words are drawn) and Pillow's version: changed drawing code or words build it again.
    Without a writable cache folder it is simply built."""
    path = _cache_dir() / f"palette-{name}-{_code_digest()}.bin"
    try:
        flat = path.read_bytes()
    except OSError:
        flat = b""
    if len(flat) == 768:
        palette = Image.new("P", (1, 1))
        palette.putpalette(list(flat))
        return palette
    palette = build()
    data = bytes(((palette.getpalette() or []) + [0] * 768)[:768])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_suffix(f".{os.getpid()}.tmp")
        spare.write_bytes(data)
        spare.replace(path)  # whole or not at all, even with two processes at once
    except OSError:
        pass
    return palette


def _cache_dir() -> Path:
    """RATTUS_CACHE_DIR, else the user's cache folder (XDG_CACHE_HOME or ~/.cache)."""
    chosen = os.environ.get("RATTUS_CACHE_DIR", "").strip()
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or str(Path.home() / ".cache")
    return Path(base) / "rattus-bot"


@cache
def _code_digest() -> str:
    """A digest of what a drawing depends on: every file of `render/` and the games' words."""
    digest = hashlib.sha256(PIL.__version__.encode())
    root = Path(__file__).parent
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    for path in sorted(GAMES.glob("*/locales/*.ftl")):
        digest.update(str(path.relative_to(GAMES)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def exact_colours() -> list[RGB]:
    """The colours every board keeps exactly: the seats' and the ink's (a game adds its own)."""
    return [
        *SEAT_COLOURS,
        *CLASS_COLOURS.values(),
        INK, MUTED, FAINT, PAPER, PANEL, SEA, WHITE, RED, GOLD, HIGHLIGHT, ARROW, UNUSED,
        UNUSED_INK,
    ]  # fmt: skip


# ------------------------------------------------------------------ words

# Each game's catalogues, read by path: `render` imports nothing from `bot`.
GAMES = Path(__file__).resolve().parents[1] / "bot" / "games"
DEFAULT_LANGUAGE = "en"
WORD_PREFIX = "board-"  # the catalogue messages a renderer reads
MEMO_WORDS = 4096  # formatted words kept per game and language (then it starts afresh)


def board_entries(source: str) -> str:
    """The `board-` messages of a catalogue's text, so that only they are parsed (a catalogue
    is mostly the bot's texts, and Fluent parses slowly). An entry starts at the beginning of
    a line with an id, a term's dash or a comment's #, and runs to the next one; a `board-`
    message refers to no other message."""
    kept: list[str] = []
    keep = False
    for line in source.splitlines():
        if line[:1].isalpha() or line[:1] in ("-", "#"):
            keep = line.startswith(WORD_PREFIX)
        if keep:
            kept.append(line)
    return "\n".join(kept) + "\n"


# French elision, shared with the bot's catalogues (bot/i18n.py imports these): `{ DE($x) }`
# writes "d'Alice", "d'IA 2" or "de Bruno", `{ QUE($x) }` "qu'Alice" or "que Bruno".
_VOWELS = frozenset("aeiouyàâäéèêëîïôöûüùœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜÙŒÆ")
# French articles that contract with "de": "de Le Chat botté" -> "du Chat botté".
_DE_ARTICLES = (("Le ", "du "), ("Les ", "des "), ("La ", "de la "), ("L'", "de l'"))


def elides(text: str, h: bool = False) -> bool:
    """True when a French word before `text` loses its vowel ("d'Italia", "qu'Alice").

    Only a name that starts with a letter elides: a seat mark or a mention ("🟧 Alice",
    "<@1>") keeps "de". `h` counts an initial h as mute (the rulebooks write "d'Hispania");
    a person's name elides only before a vowel."""
    first = text[:1]
    return first in _VOWELS or (h and first in "hH")


def elision(word: str) -> Callable[..., str]:
    """The Fluent function that writes `word` ("de", "que") before a value, elided or
    contracted as French wants."""

    def apply(value: Any, h: str = "") -> str:
        text = value if isinstance(value, str) else str(getattr(value, "value", value))
        if word == "de":
            for article, contracted in _DE_ARTICLES:
                if text.startswith(article):
                    return contracted + text[len(article) :]
        if elides(text, h == "yes"):
            return f"{word[:-1]}'{text}"
        return f"{word} {text}"

    return apply


# The custom Fluent functions of every catalogue (the bot's and the renderers').
FLUENT_FUNCTIONS: dict[str, Any] = {"DE": elision("de"), "QUE": elision("que")}


@cache
def _bundle(game: str, lang: str) -> FluentBundle:
    """A game's words in one language, parsed once per process (none when it has no file)."""
    path = GAMES / game / "locales" / f"{lang}.ftl"
    bundle = FluentBundle([lang], functions=FLUENT_FUNCTIONS, use_isolating=False)
    if path.is_file():
        bundle.add_resource(FluentResource(board_entries(path.read_text("utf-8"))))
    return bundle


@cache
def languages(game: str) -> frozenset[str]:
    """The languages a game's catalogue has (at least the default one)."""
    found = {p.stem for p in (GAMES / game / "locales").glob("*.ftl")}
    return frozenset(found | {DEFAULT_LANGUAGE})


def _argument(value: object) -> Any:
    # A number selects a plural form and is written as digits (no grouping, as str.format
    # writes a whole number); equal numbers (1, 1.0, True) give the same text.
    if isinstance(value, int | float):
        return fluent_number(value, useGrouping=False)
    return str(value)


class Words:
    """A game's words in one language: the `board-<key>` messages of its catalogue, and the
    English one where the language lacks a message. Parameters are texts and numbers; each
    text is formatted once and kept (a board asks for the same words every time)."""

    def __init__(self, game: str, lang: str) -> None:
        self.game = game
        self.lang = lang
        self._bundles = tuple(
            _bundle(game, code) for code in dict.fromkeys((lang, DEFAULT_LANGUAGE))
        )
        self._memo: dict[Hashable, str | None] = {}

    def __call__(self, key: str, /, **params: object) -> str:
        """The text of `key` with its parameters filled in; the key itself when no catalogue
        has it."""
        return self.text(key, params)

    def text(self, key: str, params: Mapping[str, object]) -> str:
        """The same as a call, with the parameters as a mapping."""
        found = self._text(key, params)
        return key if found is None else found

    def get(self, key: str, default: str, /) -> str:
        """The text of `key` (without parameters), or `default` when no catalogue has it."""
        try:
            found = self._memo[key]
        except KeyError:
            found = self._text(key, {})
        return default if found is None else found

    def _text(self, key: str, params: Mapping[str, object]) -> str | None:
        memo: Hashable = (key, tuple(params.items())) if params else key
        try:
            return self._memo[memo]
        except KeyError:
            pass
        except TypeError:  # a parameter that cannot be a key: formatted each time
            return self._format(key, params)
        found = self._format(key, params)
        if len(self._memo) >= MEMO_WORDS:
            self._memo.clear()
        self._memo[memo] = found
        return found

    def _format(self, key: str, params: Mapping[str, object]) -> str | None:
        ident = WORD_PREFIX + key
        for bundle in self._bundles:
            if not bundle.has_message(ident):
                continue
            pattern = bundle.get_message(ident).value
            if pattern is None:
                continue
            args = {k: _argument(v) for k, v in params.items()}
            text, errors = bundle.format_pattern(pattern, args)
            if errors:
                raise KeyError(f"{self.game} {self.lang} {ident}: {errors}")
            return str(text)
        return None


@lru_cache(maxsize=64)
def words(game: str, lang: str) -> Words:
    """A game's words in `lang`, or in the default language when the game has no catalogue in
    `lang` (`words(game, lang).lang` says which)."""
    return Words(game, lang if lang in languages(game) else DEFAULT_LANGUAGE)


def warm_words(game: str) -> None:
    """Read a game's words in every language now (before a worker's first board)."""
    for lang in sorted(languages(game)):
        words(game, lang)
