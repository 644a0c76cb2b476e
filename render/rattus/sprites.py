"""Rattus's pieces as sprites: face-down rat tokens, revealed faces, symbol badges, the plague."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    CLASS_COLOURS,
    FAINT,
    INK,
    MUTED,
    RED,
    RGB,
    WHITE,
    Point,
    Sprite,
    put_text,
    sprite_maker,
    supersampled,
)

PLAGUE: RGB = RED
PLAGUE_TINT: RGB = (246, 196, 190)
RAT: RGB = (58, 44, 38)
RAT_RIM: RGB = (196, 176, 150)
NEW: RGB = (255, 150, 0)

# Token and card symbols: one colour each, and a pictogram drawn on it (see PICTOGRAMS).
SYMBOL_COLOURS: dict[str, RGB] = {
    **CLASS_COLOURS,
    "M": (150, 24, 24),
    "A": (24, 24, 24),
    "O": (184, 92, 36),
    "?": (112, 102, 92),
}


def colours() -> list[RGB]:
    """The colours Rattus keeps exactly in its palette: its symbols, the plague and the rats."""
    return [*SYMBOL_COLOURS.values(), PLAGUE, PLAGUE_TINT, RAT, RAT_RIM, NEW]


@lru_cache(maxsize=32)
def rat_sprite(radius: int, ring: RGB | None = None) -> Image.Image:
    """A face-down rat token: a dark disc with a rat's silhouette (ringed when just placed)."""
    pad = 3 if ring else 1
    side = 2 * (radius + pad)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        r = radius * s
        if ring:
            d.ellipse([c - r - 3 * s, c - r - 3 * s, c + r + 3 * s, c + r + 3 * s], fill=ring)
        d.ellipse([c - r, c - r, c + r, c + r], fill=RAT, outline=RAT_RIM, width=round(1.5 * s))
        u = r / 10

        def p(x: float, y: float) -> Point:
            return (c + x * u, c + y * u)

        # A rat facing left: tail, body, head with a pointed snout, an ear and an eye.
        d.line([p(4, 2), p(7, 4.5), p(8.5, 2), p(7.8, -1.5)], fill=RAT_RIM, width=round(1.3 * u))
        d.ellipse([*p(-3.5, -3), *p(5.5, 3.8)], fill=RAT_RIM)
        d.polygon([p(-8.5, 1.6), p(-4, -3), p(-1, -2.6), p(-0.5, 3.2), p(-5, 3.2)], fill=RAT_RIM)
        d.ellipse([*p(-5, -6), *p(-1.6, -2.6)], fill=RAT_RIM)
        d.ellipse([*p(-4.2, -5.2), *p(-2.4, -3.4)], fill=RAT)
        d.ellipse([*p(-5.6, -1), *p(-4.2, 0.4)], fill=RAT)
        d.line([p(-3, 3.4), p(-3.5, 5)], fill=RAT_RIM, width=round(1.2 * u))
        d.line([p(3, 3.4), p(3.5, 5)], fill=RAT_RIM, width=round(1.2 * u))

    return supersampled((side, side), draw)


@lru_cache(maxsize=8)
def empty_slot_sprite(radius: int) -> Image.Image:
    """An empty rat-token slot: a faint ring."""
    side = 2 * radius + 2

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        c, r = side * s / 2, radius * s
        d.ellipse([c - r, c - r, c + r, c + r], outline=(*FAINT, 200), width=round(1.5 * s))

    return supersampled((side, side), draw)


@lru_cache(maxsize=8)
def plague_sprite(radius: int) -> Image.Image:
    """The plague piece: a red disc ringed in white and black, with a white skull."""
    side = 2 * radius + 4

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        c, r = side * s / 2, radius * s
        d.ellipse([c - r - 2 * s, c - r - 2 * s, c + r + 2 * s, c + r + 2 * s], fill=INK)
        d.ellipse([c - r, c - r, c + r, c + r], fill=WHITE)
        d.ellipse([c - r + 3 * s, c - r + 3 * s, c + r - 3 * s, c + r - 3 * s], fill=PLAGUE)
        u = r / 10

        def p(x: float, y: float) -> Point:
            return (c + x * u, c + y * u)

        d.ellipse([*p(-5.2, -6.2), *p(5.2, 3.2)], fill=WHITE)
        d.rounded_rectangle([*p(-3.2, 1), *p(3.2, 5.6)], radius=1.2 * u, fill=WHITE)
        d.ellipse([*p(-3.8, -2.6), *p(-0.9, 0.6)], fill=INK)
        d.ellipse([*p(0.9, -2.6), *p(3.8, 0.6)], fill=INK)
        d.polygon([p(0, 1), p(-0.9, 2.6), p(0.9, 2.6)], fill=INK)
        for x in (-1.6, 0, 1.6):
            d.line([p(x, 3.6), p(x, 5.6)], fill=PLAGUE, width=round(0.7 * u))

    return supersampled((side, side), draw)


def limit_size(size: int) -> int:
    """The font size of a revealed token's limit, in a disc `size` pixels wide."""
    return round(size * 0.68)


@lru_cache(maxsize=64)
def token_face_sprite(limit: int, symbols: tuple[str, ...], size: int = 30) -> Image.Image:
    """A revealed rat token: its limit in a dark disc, then its symbols as coloured badges."""
    badge = size - 4
    gap = 3
    width = size + 4 + len(symbols) * (badge + gap)
    sprite = Image.new("RGBA", (width, size), (0, 0, 0, 0))
    disc = supersampled(
        (size, size),
        lambda d, s: d.ellipse(
            [s, s, (size - 1) * s, (size - 1) * s], fill=RAT, outline=RAT_RIM, width=round(2 * s)
        ),
    )
    sprite.paste(disc, (0, 0), disc)
    put_text(sprite, (size / 2, size / 2 + 1), str(limit), limit_size(size), WHITE, anchor="mm")
    x = size + 4
    for sym in symbols:
        b = symbol_badge(sym, badge)
        sprite.paste(b, (x, (size - badge) // 2), b)
        x += badge + gap
    return sprite


@lru_cache(maxsize=64)
def symbol_badge(symbol: str, size: int) -> Image.Image:
    """A class symbol (or M, A, ?) as a small coloured square with its pictogram in white: no
    letter, so that it reads the same in every language (the board's legend names each)."""
    colour = SYMBOL_COLOURS.get(symbol, MUTED)
    draw_symbol = PICTOGRAMS.get(symbol)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle([0, 0, size * s - 1, size * s - 1], radius=size * s / 5, fill=colour)
        if draw_symbol is not None:
            u = size * s / 24  # the pictogram's unit: it spans about -9..9 of them

            def p(x: float, y: float) -> Point:
                return (size * s / 2 + x * u, size * s / 2 + y * u)

            draw_symbol(d, p, u, colour)

    sprite = supersampled((size, size), draw)
    if draw_symbol is None:
        put_text(sprite, (size / 2, size / 2 + 1), symbol, round(size * 0.7), WHITE, anchor="mm")
    return sprite


Pen = Callable[[float, float], Point]


def _oval(p: Pen, cx: float, cy: float, a: float, b: float, angle: float) -> list[Point]:
    """An ellipse of half-axes a and b turned by `angle` degrees, as a polygon."""
    t = math.radians(angle)
    out = []
    for k in range(16):
        e = 2 * math.pi * k / 16
        x, y = a * math.cos(e), b * math.sin(e)
        out.append(
            p(cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t))
        )
    return out


def _wheat(d: ImageDraw.ImageDraw, p: Pen, u: float, bg: RGB) -> None:
    """Peasantry: an ear of wheat."""
    d.line([p(0, 10), p(0, -5)], fill=WHITE, width=round(1.8 * u))
    for y in (-3.2, 1.0, 5.2):
        d.polygon(_oval(p, -2.7, y - 1.6, 3.6, 1.7, 55), fill=WHITE)
        d.polygon(_oval(p, 2.7, y - 1.6, 3.6, 1.7, -55), fill=WHITE)
    d.polygon(_oval(p, 0, -7.2, 1.7, 3.4, 0), fill=WHITE)


def _bag(d: ImageDraw.ImageDraw, p: Pen, u: float, bg: RGB) -> None:
    """Bourgeoisie: a full purse, tied at the neck."""
    d.polygon(
        [p(-2.6, -3), p(2.6, -3), p(7.4, 2), p(8, 6.4), p(5.6, 9.6)]
        + [p(-5.6, 9.6), p(-8, 6.4), p(-7.4, 2)],
        fill=WHITE,
    )
    d.polygon([p(-6, -9.4), p(0, -6.6), p(6, -9.4), p(3, -3.4), p(-3, -3.4)], fill=WHITE)
    d.line([p(-3.4, -3.8), p(3.4, -3.8)], fill=bg, width=round(1.5 * u))


def _cross(d: ImageDraw.ImageDraw, p: Pen, u: float, bg: RGB) -> None:
    """Church: a Latin cross."""
    d.rectangle([*p(-1.9, -9.6), *p(1.9, 9.6)], fill=WHITE)
    d.rectangle([*p(-6.8, -5.4), *p(6.8, -1.6)], fill=WHITE)


def _shield(d: ImageDraw.ImageDraw, p: Pen, u: float, bg: RGB) -> None:
    """Chivalry: a knight's shield, crossed by a band."""
    outline = [
        p(-7.6, -8.6),
        p(7.6, -8.6),
        p(7.6, -1),
        p(5.6, 4),
        p(0, 9.8),
        p(-5.6, 4),
        p(-7.6, -1),
    ]
    d.polygon(outline, fill=WHITE)
    d.line([p(-7.2, -8.2), p(6.4, 4)], fill=bg, width=round(2.6 * u))


def _hat(d: ImageDraw.ImageDraw, p: Pen, u: float, bg: RGB) -> None:
    """Magic: a witch's pointed hat."""
    d.polygon(_oval(p, 0, 6.4, 9.6, 2.6, 0), fill=WHITE)
    d.polygon([p(-5.6, 6.4), p(5.6, 6.4), p(2.4, -3), p(6.8, -9.4), p(-1.2, -4.4)], fill=WHITE)
    d.line([p(-5, 3.4), p(5, 3.4)], fill=bg, width=round(1.6 * u))


def _crown(d: ImageDraw.ImageDraw, p: Pen, u: float, bg: RGB) -> None:
    """Royalty: a crown with three points."""
    d.polygon(
        [p(-8.6, 7), p(-8.6, -4.4), p(-4.2, 0.4), p(0, -6.6), p(4.2, 0.4), p(8.6, -4.4), p(8.6, 7)],
        fill=WHITE,
    )
    for x, y in ((-8.6, -5.4), (0, -7.6), (8.6, -5.4)):
        d.ellipse([*p(x - 1.8, y - 1.8), *p(x + 1.8, y + 1.8)], fill=WHITE)
    d.line([p(-8, 4.2), p(8, 4.2)], fill=bg, width=round(1.2 * u))


def _crescent(d: ImageDraw.ImageDraw, p: Pen, u: float, bg: RGB) -> None:
    """Orient: a crescent moon."""
    d.ellipse([*p(-9, -9), *p(9, 9)], fill=WHITE)
    d.ellipse([*p(-4.2, -8.2), *p(10.2, 6.2)], fill=bg)


def _bars(tall: bool) -> Callable[[ImageDraw.ImageDraw, Pen, float, RGB], None]:
    """M (the majority): three piles of cubes, only the tallest one bright; A (all): three
    equal piles, all bright."""

    def draw(d: ImageDraw.ImageDraw, p: Pen, u: float, bg: RGB) -> None:
        dim = tuple((255 + 2 * c) // 3 for c in bg)
        heights = (8, 18, 11) if tall else (15, 15, 15)
        for i, h in enumerate(heights):
            x = -9.4 + i * 6.7
            bright = not tall or h == max(heights)
            d.rectangle([*p(x, 9 - h), *p(x + 5.2, 9)], fill=WHITE if bright else dim)

    return draw


PICTOGRAMS: dict[str, Callable[[ImageDraw.ImageDraw, Pen, float, RGB], None]] = {
    "P": _wheat,
    "B": _bag,
    "C": _cross,
    "K": _shield,
    "W": _hat,
    "R": _crown,
    "O": _crescent,
    "M": _bars(True),
    "A": _bars(False),
}


@sprite_maker("rattus.rat")
def _rat(radius: int, ring: RGB | None = None) -> Sprite:
    return rat_sprite(radius, ring), (0, 0)


@sprite_maker("rattus.plague")
def _plague(radius: int) -> Sprite:
    return plague_sprite(radius), (0, 0)


@sprite_maker("rattus.face")
def _face(limit: int, symbols: tuple[str, ...], size: int) -> Sprite:
    return token_face_sprite(limit, symbols, size), (0, 0)


@sprite_maker("rattus.badge")
def _badge(symbol: str, size: int) -> Sprite:
    return symbol_badge(symbol, size), (0, 0)
