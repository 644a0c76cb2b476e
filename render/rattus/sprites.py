"""Rattus's pieces as sprites: face-down rat tokens, revealed faces, symbol badges, the plague."""

from __future__ import annotations

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

# Token and card symbols: one colour each, with the letter always printed on it.
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
    pad = 4 if ring else 1
    side = 2 * (radius + pad)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        r = radius * s
        if ring:
            d.ellipse([c - r - 4 * s, c - r - 4 * s, c + r + 4 * s, c + r + 4 * s], fill=ring)
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
    put_text(sprite, (size / 2, size / 2 + 1), str(limit), round(size * 0.6), WHITE, anchor="mm")
    x = size + 4
    for sym in symbols:
        b = symbol_badge(sym, badge)
        sprite.paste(b, (x, (size - badge) // 2), b)
        x += badge + gap
    return sprite


@lru_cache(maxsize=64)
def symbol_badge(symbol: str, size: int) -> Image.Image:
    """A class symbol (or M, A, ?) as a small coloured square with its letter."""
    colour = SYMBOL_COLOURS.get(symbol, MUTED)
    sprite = supersampled(
        (size, size),
        lambda d, s: d.rounded_rectangle(
            [0, 0, size * s - 1, size * s - 1], radius=size * s / 5, fill=colour
        ),
    )
    put_text(sprite, (size / 2, size / 2 + 1), symbol, round(size * 0.66), WHITE, anchor="mm")
    return sprite


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
