"""The Pied Piper board as an image and as text, from a view only (never from a full state).

The image is made for a phone first: Discord shows a picture about 500 pixels wide there, so
the board is one column 720 pixels wide (shrunk about 1.4 times), and every number and word a
player needs is drawn at 24 pixels or more: digits 18 pixels high, 12.5 once shrunk (the tests
measure it). On top, the title, the turn and who is to play; under it, the ring: the
houses on an ellipse, in the order of play (forward is anticlockwise, as the rulebook's green
arrows), each with its owner's colour on the roof and shape beside the name, its rat counter as
a gauge of 7 levels (7 is the roof) and a number, the hand size and the counters the player has
taken; a house whose player fled is a grey outline. The figures stand on the inner track
between the houses: a rat is a disc of its tail colour with its letter, the piper a dark
hexagon with a note, each with a small arrowhead showing the way it faces (forward). Below,
the four characters of the display with the action cards under them (face-down ones as backs,
with who placed them), two by two, the piles, and once the game is over the ranking.

The static layer (background, track, arrows) is drawn once per number of houses and kept in
palette form; each call copies it and pastes the pieces on a `render.common.Canvas`, then
writes a palette PNG. Generic helpers this module needed and `render.common` lacks are local:
`_tangent` (the forward direction on the ellipse) and `_Pen` (text that records its box, so
the tests can prove nothing overlaps or leaves the image).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.piper.view_types import PiperSeatView, PiperView, RankingView
from render.common import (
    FAINT,
    GOLD,
    HIGHLIGHT,
    INK,
    MUTED,
    PALETTES,
    PANEL,
    PAPER,
    RED,
    RGB,
    RULE,
    WHITE,
    Box,
    Canvas,
    OnceCache,
    Point,
    Sprite,
    arrow_head,
    chip_sprite,
    exact_colours,
    fit_text,
    make_palette,
    put_text,
    seat_colour,
    sprite_maker,
    stored_palette,
    supersampled,
    text_width,
    warm_words,
    words,
)

GAME = "piper"  # whose catalogue holds the words (bot/games/piper/locales)
WIDTH = 720  # one column: shown about 500 pixels wide on a phone
HEADER = 96  # the title and the turn; who is to play (or who won)
CX = WIDTH // 2
RX, RY = 252, 282  # the houses' ellipse (taller than wide: a phone's screen is)
GX, GY = 98, 160  # the figures' track
HOUSE_W, HOUSE_H = 128, 150
TOKEN_R = 22
PITCH = 50
PITCH_Y = 46  # the rows of a crowded gap: closer, so three of them clear the houses
MIN_TEXT = 24  # every word and number a player needs: digits 18 px high, 12.5 on a phone
CARD_GAP = 16
CARD_W, CARD_H = (WIDTH - 3 * CARD_GAP) // 2, 236  # the characters, two by two
PANEL_HEAD = 96  # the panel's heading and the line saying what "+1" means
HAND_GAP = 16
HAND_W, HAND_H = (WIDTH - 48 - HAND_GAP) // 2, 96  # the private image: the hand, two by two
PRIVATE_HIDDEN = 116 + 2 * HAND_H + HAND_GAP + 16  # where its face-down cards are listed

FIGURE_COLOURS: dict[str, RGB] = {
    "yellow": (242, 200, 36),
    "red": (208, 44, 40),
    "blue": (38, 96, 200),
    "green": (38, 146, 72),
    "purple": (128, 68, 170),
    "orange": (240, 128, 26),
    "piper": (52, 40, 66),
}
DARK_LETTER = {"yellow", "orange"}
TRACK: RGB = (120, 168, 110)
GAUGE: RGB = (226, 216, 196)
DANGER: RGB = (196, 58, 40)
WARN: RGB = (226, 146, 40)
SAFE: RGB = (96, 150, 88)
BACK: RGB = (40, 96, 106)
GHOST: RGB = (214, 208, 198)
CARD: RGB = (255, 252, 244)

# ------------------------------------------------------------------ words

PIPER_MARK = "♪"  # on the piper's disc, where a rat's shows its letter


def language(lang: str) -> str:
    """A supported language code (English when unknown)."""
    return words(GAME, lang).lang


def tr(lang: str, key: str, **params: object) -> str:
    """An image or summary word in a language: the catalogue's `board-<key>` message."""
    return words(GAME, lang).text(key, params)


def figure_name(figure: str, lang: str) -> str:
    """A figure's name ("Yellow rat", "Joueur de flûte")."""
    return words(GAME, lang).get(f"figure-{figure}", figure)


def figure_letter(figure: str, lang: str) -> str:
    """The letter on a rat's disc (its colour is never the only cue); none for the piper."""
    return words(GAME, lang).get(f"letter-{figure}", "")


def card_name(card: str, lang: str) -> str:
    """An action card's name ("Forward 2", "Mélodie")."""
    return words(GAME, lang).get(f"card-{card}", card)


def _name(names: Sequence[str], seat: int, lang: str) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return tr(lang, "seat", n=seat + 1)


# ------------------------------------------------------------------ geometry


def house_angle(house: int, houses: int) -> float:
    """Where a house stands on the ellipse (radians, anticlockwise from the top)."""
    return math.pi / 2 + 2 * math.pi * house / houses


def house_centre(house: int, houses: int) -> Point:
    """The centre of a house's drawing."""
    a = house_angle(house, houses)
    return CX + RX * math.cos(a), ring_cy(houses) - RY * math.sin(a)


def ring_cy(houses: int) -> int:
    """The ellipse's centre: as high as the top house allows."""
    return HEADER + RY + HOUSE_H // 2 + 8


def ring_bottom(houses: int) -> int:
    """The lowest pixel the ring uses (labels under the lowest house included)."""
    lowest = max(house_centre(h, houses)[1] for h in range(houses))
    return round(lowest + HOUSE_H / 2 + 64)


def gap_angle(after: int, before: int, houses: int) -> float:
    """The middle of the way forward from house `after` to house `before`."""
    a, b = house_angle(after, houses), house_angle(before, houses)
    while b <= a:
        b += 2 * math.pi
    return (a + b) / 2


def _tangent(angle: float) -> tuple[float, float]:
    """The forward (anticlockwise) direction on the figures' track, on screen, normalised."""
    dx, dy = -GX * math.sin(angle), -GY * math.cos(angle)
    n = math.hypot(dx, dy)
    return dx / n, dy / n


def cluster(n: int, centre: Point) -> list[Point]:
    """Places of n figures around a gap's point: rows of up to three."""
    cols = min(n, 3) if n != 4 else 2
    rows = math.ceil(n / cols)
    out: list[Point] = []
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        x = centre[0] + (col - (in_row - 1) / 2) * PITCH
        y = centre[1] + (row - (rows - 1) / 2) * PITCH_Y
        out.append((x, y))
    return out


# ------------------------------------------------------------------ the pen


@dataclass
class _Pen:
    """The canvas, the language, and the box of every text drawn (for the layout tests)."""

    canvas: Canvas
    lang: str
    boxes: list[tuple[str, Box]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    pieces: list[tuple[str, Box]] = field(default_factory=list)

    def piece(self, key: tuple[Any, ...], xy: Point) -> Box:
        """Draw a sprite and remember its box (houses, figures) for the layout tests."""
        box = self.canvas.sprite(key, xy)
        self.pieces.append((str(key[0]), box))
        return box

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
        room: int | None = None,
    ) -> int:
        """Draw a text of at least MIN_TEXT pixels (shortened to `room` pixels when given, for
        player names only); returns its right edge."""
        assert size >= MIN_TEXT, f"{text!r} at {size} px is too small to read on a phone"
        if room is not None:
            text = fit_text(text, size, room, style)
        if not text:
            return round(xy[0])
        box = self.canvas.sprite(("text", text, size, fill, style, anchor, halo), xy)
        self.boxes.append((text, box))
        self.sizes.append(size)
        return box[2]


# ------------------------------------------------------------------ sprites


@lru_cache(maxsize=64)
def _figure_image(figure: str, letter: str, dx: float, dy: float) -> Image.Image:
    """A figure: a rat's disc in its tail colour with its letter, or the piper's dark hexagon
    with a note; a small arrowhead on the rim shows the way it faces."""
    side = 2 * TOKEN_R + 18
    c = side / 2
    colour = FIGURE_COLOURS.get(figure, MUTED)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        r = TOKEN_R * s
        cc = c * s
        tip = (cc + dx * (r + 7 * s), cc + dy * (r + 7 * s))
        behind = (cc + dx * r * 0.5, cc + dy * r * 0.5)
        d.polygon(arrow_head(tip, behind, 11 * s, 14 * s), fill=INK)
        if figure == "piper":
            pts = [
                (cc + math.cos(math.pi / 3 * k + math.pi / 6) * (r + 2 * s),
                 cc + math.sin(math.pi / 3 * k + math.pi / 6) * (r + 2 * s))
                for k in range(6)
            ]  # fmt: skip
            d.polygon(pts, fill=colour, outline=GOLD, width=round(3 * s))
        else:
            d.ellipse(
                [cc - r, cc - r, cc + r, cc + r], fill=colour, outline=INK, width=round(2 * s)
            )

    sprite = supersampled((round(side), round(side)), draw)
    ink = INK if figure in DARK_LETTER else WHITE
    if figure == "piper":
        put_text(sprite, (c, c + 1), PIPER_MARK, 28, GOLD, anchor="mm")
    else:
        put_text(sprite, (c, c + 1), letter, 24 if len(letter) > 1 else 26, ink, anchor="mm")
    return sprite


@sprite_maker("piper_figure")
def _figure_sprite(figure: str, letter: str, dx: float, dy: float) -> Sprite:
    img = _figure_image(figure, letter, dx, dy)
    return img, (-(img.width // 2), -(img.height // 2))


def _level_colour(level: int) -> RGB:
    return SAFE if level <= 3 else WARN if level <= 5 else DANGER


@lru_cache(maxsize=256)
def _house_image(seat: int, level: int, roof: int, kind: str, active: bool) -> Image.Image:
    """A house: the roof in its owner's colour (grey: neutral or fled), a gauge of `roof`
    levels filled up to its counter, and the counter as a number ("3/7")."""
    w, h = HOUSE_W, HOUSE_H
    roof_h = 46
    body = (8, roof_h, w - 8, h - 4)
    colour = GHOST if kind != "player" else seat_colour(seat)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        def sc(box: tuple[float, float, float, float]) -> list[float]:
            return [v * s for v in box]

        if active:
            d.rounded_rectangle(sc((0, 0, w, h)), radius=14 * s, fill=HIGHLIGHT)
        fill = CARD if kind != "fled" else PAPER
        outline = INK if kind != "fled" else FAINT
        d.rectangle(sc(body), fill=fill, outline=outline, width=round(3 * s))
        d.polygon(
            [(4 * s, (roof_h + 2) * s), (w / 2 * s, 6 * s), ((w - 4) * s, (roof_h + 2) * s)],
            fill=colour,
            outline=outline,
            width=round(3 * s),
        )
        if kind != "player":
            return
        # The gauge: `roof` cells from the bottom; the roof itself is the last level.
        gx0, gx1 = 18, 40
        top, bottom = roof_h + 10, h - 14
        cell = (bottom - top) / roof
        for k in range(roof):
            y1 = bottom - k * cell
            y0 = y1 - cell + 2
            filled = k < level
            d.rectangle(
                sc((gx0, y0, gx1, y1)),
                fill=_level_colour(level) if filled else GAUGE,
                outline=MUTED,
                width=round(1 * s),
            )

    sprite = supersampled((w, h), draw)
    if kind == "player":
        put_text(sprite, (89, 100), str(level), 44, INK, anchor="mm")
        put_text(sprite, (89, 133), f"/{roof}", 24, MUTED, anchor="mm")
    elif kind == "neutral":
        put_text(sprite, (w / 2, 98), "—", 40, MUTED, anchor="mm")
    return sprite


@sprite_maker("piper_house")
def _house_sprite(seat: int, level: int, roof: int, kind: str, active: bool) -> Sprite:
    img = _house_image(seat, level, roof, kind, active)
    return img, (-(img.width // 2), -(img.height // 2))


@lru_cache(maxsize=8)
def _back_image(w: int, h: int) -> Image.Image:
    """The back of a face-down action card."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle([0, 0, w * s - 1, h * s - 1], radius=8 * s, fill=BACK)
        d.rounded_rectangle(
            [5 * s, 5 * s, (w - 5) * s, (h - 5) * s], radius=6 * s, outline=GOLD, width=round(2 * s)
        )

    return supersampled((w, h), draw)


@sprite_maker("piper_back")
def _back_sprite(w: int, h: int) -> Sprite:
    return _back_image(w, h), (0, 0)


@lru_cache(maxsize=8)
def _slot_image(w: int, h: int) -> Image.Image:
    """An empty place for an action card: a dashed outline."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        x = 0.0
        while x < w:
            d.line([(x * s, s), (min(x + 8, w) * s, s)], fill=FAINT, width=round(2 * s))
            d.line(
                [(x * s, (h - 1) * s), (min(x + 8, w) * s, (h - 1) * s)],
                fill=FAINT,
                width=round(2 * s),
            )
            x += 14
        y = 0.0
        while y < h:
            d.line([(s, y * s), (s, min(y + 8, h) * s)], fill=FAINT, width=round(2 * s))
            d.line(
                [((w - 1) * s, y * s), ((w - 1) * s, min(y + 8, h) * s)],
                fill=FAINT,
                width=round(2 * s),
            )
            y += 14

    return supersampled((w, h), draw)


@sprite_maker("piper_slot")
def _slot_sprite(w: int, h: int) -> Sprite:
    return _slot_image(w, h), (0, 0)


# ------------------------------------------------------------------ the static layer

FINAL_H = 460  # the players part at the end (the ranking): 720 x 460, under 1.6:1


@dataclass(frozen=True, slots=True)
class Layout:
    """What the static layer depends on: the number of houses, and the image's kind."""

    houses: int
    kind: str = "board"  # "board", "final" (the ranking under the ring) or "private"
    rows: int = 0  # private: face-down cards listed

    @property
    def panel_top(self) -> int:
        """Where the characters' panel starts."""
        return ring_bottom(self.houses) + 8

    @property
    def height(self) -> int:
        """Canvas height."""
        if self.kind == "private":
            return PRIVATE_HIDDEN + (44 + 58 * self.rows if self.rows else 0)
        if self.kind == "final":  # at least FINAL_H: the players part stays near 4:3
            return self.panel_top + max(FINAL_H, 62 + self.houses * 56 + 64)
        return self.panel_top + PANEL_HEAD + 2 * CARD_H + CARD_GAP + 64


def _static(layout: Layout) -> Image.Image:
    """Background, the figures' track with its forward arrows, the panel's ground."""
    img = Image.new("RGB", (WIDTH, layout.height), PAPER)
    if layout.kind == "private":
        return img
    d = ImageDraw.Draw(img)
    d.rectangle([0, layout.panel_top, WIDTH, layout.height], fill=PANEL)
    d.line([(0, layout.panel_top), (WIDTH, layout.panel_top)], fill=RULE, width=2)
    _track(img, layout.houses)
    return img


def _track(img: Image.Image, houses: int) -> None:
    """The figures' track, an ellipse with arrowheads showing the way forward (drawn at twice
    the size on a layer just large enough, then reduced: smooth edges)."""
    cy = ring_cy(houses)
    scale, pad = 2, 40
    ox, oy = CX - GX - pad, cy - GY - pad
    size = (2 * (GX + pad), 2 * (GY + pad))
    layer = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)

    def at(x: float, y: float) -> Point:
        return (x - ox) * scale, (y - oy) * scale

    d.ellipse([*at(CX - GX, cy - GY), *at(CX + GX, cy + GY)], outline=TRACK, width=6 * scale)
    for h in range(houses):
        a = house_angle(h, houses)
        x, y = CX + GX * math.cos(a), cy - GY * math.sin(a)
        tx, ty = _tangent(a)
        tip = at(x + tx * 14, y + ty * 14)
        d.polygon(arrow_head(tip, at(x, y), 26 * scale, 24 * scale), fill=TRACK)
    small = layer.resize(size, Image.Resampling.LANCZOS)
    img.paste(small, (ox, oy), small)


def _reference() -> Image.Image:
    """A drawing with every colour a board can show, to build the one fixed palette from."""
    statics = [_static(Layout(5))]
    img = Image.new("RGB", (WIDTH, sum(s.height for s in statics) + 400), PANEL)
    y = 0
    for static in statics:
        img.paste(static, (0, y))
        y += static.height
    x = 10
    sprites: list[Image.Image] = []
    for figure in FIGURE_COLOURS:
        sprites.append(_figure_image(figure, "Vi", 0.7, -0.7))
    for seat in range(6):
        sprites.append(_house_image(seat, 4, 7, "player", seat == 0))
        sprites.append(chip_sprite(seat, 28))
    sprites += [_house_image(0, 0, 7, "neutral", False), _house_image(0, 7, 7, "fled", False)]
    sprites += [_house_image(0, 6, 7, "player", False), _house_image(0, 2, 7, "player", False)]
    sprites += [_back_image(200, 48), _slot_image(200, 48)]
    for sprite in sprites:
        if x + sprite.width > WIDTH:
            x, y = 10, y + 160
        img.paste(sprite, (x, y + 6), sprite)
        x += sprite.width + 6
    d = ImageDraw.Draw(img)
    y += 170
    x = 10
    for colour in (HIGHLIGHT, GOLD, DANGER, WARN, SAFE, BACK, GHOST, CARD, TRACK, FAINT):
        d.rectangle([x, y, x + 20, y + 20], fill=colour)
        x += 24
    put_text(img, (x, y), "Aa éà ♪ → 0123456789 −+", 26, RED)
    put_text(img, (x, y + 40), "Aa éà 0123456789", 26, INK, halo=WHITE)
    put_text(img, (10, y + 40), "Aa éà", 26, MUTED, halo=HIGHLIGHT)
    return img


_PALETTE: OnceCache[str, Image.Image] = OnceCache(
    lambda name: stored_palette(
        name,
        lambda: make_palette(
            _reference(),
            [
                *exact_colours(),
                *FIGURE_COLOURS.values(),
                TRACK,
                GAUGE,
                DANGER,
                WARN,
                SAFE,
                BACK,
                GHOST,
                CARD,
            ],
        ),
    )
)


def _palette() -> Image.Image:
    return _PALETTE.get("piper")


PALETTES["piper"] = _palette

_STATIC: OnceCache[Layout, Image.Image] = OnceCache(
    lambda key: _static(key).quantize(palette=_palette(), dither=Image.Dither.NONE)
)


def _canvas(layout: Layout) -> Canvas:
    return Canvas(_STATIC.get(layout).copy(), "piper")


def _part_layer(key: tuple[Layout, str]) -> Image.Image:
    layout, part = key
    top = layout.panel_top
    box = (0, 0, WIDTH, top) if part == "map" else (0, top, WIDTH, layout.height)
    return _STATIC.get(layout).crop(box)


# The static layer cut in the board's two parts: the town (header and ring), the panel.
_PART_LAYERS: OnceCache[tuple[Layout, str], Image.Image] = OnceCache(_part_layer)


# ------------------------------------------------------------------ drawing the board


def _houses(view: PiperView) -> int:
    return len(view["houses"])


def _draw_header(pen: _Pen, view: PiperView, names: Sequence[str]) -> None:
    """The title and the turn on the first line; who is to play (or who won) on the second."""
    lang = pen.lang
    c = pen.canvas
    pen.text((24, 36), tr(lang, "title"), 30, INK, anchor="lm")
    result = view.get("result")
    right = WIDTH - 24
    line_y = 82
    if result and view.get("phase") == "over":
        pen.text((right, 36), tr(lang, "over"), 26, MUTED, style="regular", anchor="rm")
        winner = result.get("winner")
        if winner is None:
            pen.text((24, line_y), tr(lang, "draw"), 30, RED, anchor="lm")
            return
        template = tr(lang, "wins", who="\x00")
        room = right - 64 - text_width(template.replace("\x00", ""), 30)
        line = template.replace("\x00", fit_text(_name(names, int(winner), lang), 30, room))
        c.chip(24, line_y - 15, int(winner), 30)
        pen.text((64, line_y), line, 30, RED, anchor="lm")
        return
    turn = tr(lang, "turn", n=view.get("turn", 1))
    pen.text((right, 36), turn, 26, MUTED, style="regular", anchor="rm")
    active = view.get("active")
    if active is None:
        return
    seat = int(active)
    key = "to_order" if view.get("phase") == "order" else "to_play"
    template = tr(lang, key, who="\x00")
    room = right - 64 - text_width(template.replace("\x00", ""), 28)
    who = fit_text(_name(names, seat, lang), 28, max(60, room))
    c.chip(24, line_y - 15, seat, 30)
    pen.text((64, line_y), tr(lang, key, who=who), 28, RED, anchor="lm")


def _draw_ring(pen: _Pen, view: PiperView, names: Sequence[str]) -> None:
    c = pen.canvas
    lang = pen.lang
    houses = _houses(view)
    roof = int(view.get("roof", 7))
    active = view.get("active")
    hands: Sequence[int] = view.get("hands") or []
    collected: Sequence[Sequence[int]] = view.get("collected") or []
    taken_by = {int(p): seat for seat, held in enumerate(collected) for p in held}
    changes = _recent_changes(view)
    for house in view["houses"]:
        h = int(house["house"])
        x, y = house_centre(h, houses)
        owner = house.get("owner")
        kind = "neutral" if owner is None else "fled" if house.get("eliminated") else "player"
        seat = -1 if owner is None else int(owner)
        level = int(house.get("level") or 0)
        pen.piece(
            ("piper_house", seat, level, roof, kind, kind == "player" and seat == active),
            (x, y),
        )
        lx, ly, align, room = _label_spot(h, houses)
        if owner is None:
            pen.text(
                (lx, ly + 14), tr(lang, "neutral"), 24, MUTED, style="regular", anchor=align + "m"
            )
            continue
        name = _name(names, seat, lang)
        name = fit_text(name, 26, room - 34, "condensed")
        block = 34 + text_width(name, 26, "condensed")
        x0 = {"l": lx, "r": lx - block, "m": lx - block / 2}[align]
        c.chip(x0, ly, seat, 28)
        pen.text(
            (x0 + 34, ly + 14),
            name,
            26,
            INK if kind == "player" else MUTED,
            style="condensed",
            anchor="lm",
        )
        if kind == "fled":
            by = taken_by.get(seat)
            lines = [tr(lang, "fled")]
            if by is not None:
                template = tr(lang, "fled_to", who="\x00")
                taker = _name(names, by, lang)
                lines = [template.replace("\x00", taker)]
                if text_width(lines[0], 24, "condensed") > room:  # the taker on a line of its own
                    lines = [template.replace("\x00", "").strip(), taker]
                lines[-1] = fit_text(lines[-1], 24, room, "condensed")
            for k, line in enumerate(lines):
                pen.text(
                    (lx, ly + 44 + 28 * k), line, 24, MUTED, style="condensed", anchor=align + "m"
                )
            continue
        parts = [tr(lang, "hand", n=hands[seat] if seat < len(hands) else 0)]
        held = len(collected[seat]) if seat < len(collected) else 0
        if held:
            parts.append(tr(lang, "took", n=held))
        lines = [" · ".join(parts)]
        if text_width(lines[0], 24, "condensed") > room:
            lines = parts  # one under the other where the house's side leaves little room
        for k, line in enumerate(lines):
            pen.text((lx, ly + 44 + 28 * k), line, 24, MUTED, style="condensed", anchor=align + "m")
        change = changes.get(h)
        if change:
            sign = f"+{change}" if change > 0 else f"−{-change}"
            colour = DANGER if change > 0 else SAFE
            pen.text(
                (x + HOUSE_W / 2 + 4, y - HOUSE_H / 2 + 8),
                sign,
                30,
                colour,
                anchor="lm",
                halo=PAPER,
            )
    cy = ring_cy(houses)
    for gap in view["gaps"]:
        figures = [f["figure"] for f in gap["figures"]]
        if not figures:
            continue
        angle = gap_angle(int(gap["after"]), int(gap["before"]), houses)
        centre = (CX + GX * math.cos(angle), cy - GY * math.sin(angle))
        dx, dy = _tangent(angle)
        key = (round(dx, 2), round(dy, 2))
        for figure, spot in zip(figures, cluster(len(figures), centre), strict=True):
            letter = figure_letter(figure, lang)
            pen.piece(("piper_figure", figure, letter, *key), spot)


LABEL_W = 300


def _label_spot(house: int, houses: int) -> tuple[float, float, str, int]:
    """Where a house's labels go: at the right of a house at the top (under it they would fall
    on the figures' track); under a house at a side, from its inner edge outwards (never
    nearer the track than the house); centred under the others. Returns the anchor point, the
    alignment ("l": starting at x, "r": ending at x, "m": centred on x) and the width the
    labels may take."""
    x, y = house_centre(house, houses)
    below = y + HOUSE_H / 2 + 6
    if y < ring_cy(houses) - 0.75 * RY:
        left = x + HOUSE_W / 2 + 12
        return left, y + 4, "l", round(min(LABEL_W, WIDTH - 8 - left))
    if x - CX > RX / 2:
        left = x - HOUSE_W / 2
        return left, below, "l", round(min(LABEL_W, WIDTH - 8 - left))
    if CX - x > RX / 2:
        right = x + HOUSE_W / 2
        return right, below, "r", round(min(LABEL_W, right - 8))
    return x, below, "m", round(min(LABEL_W, 2 * min(x - 8, WIDTH - 8 - x)))


def _recent_changes(view: PiperView) -> dict[int, int]:
    """The change each house's counter took in the latest turn that moved figures, when that
    turn is the one just played (or the current one)."""
    recent = view.get("recent")
    if not recent or int(recent.get("turn", 0)) < int(view.get("turn", 0)) - 1:
        return {}
    out: dict[int, int] = {}
    for move in recent.get("moves") or []:
        for crossing in move.get("crossings") or []:
            if crossing.get("owner") is not None:
                h = int(crossing["house"])
                out[h] = out.get(h, 0) + int(crossing["change"])
    return {h: n for h, n in out.items() if n}


def _draw_characters(pen: _Pen, view: PiperView, names: Sequence[str], top: int) -> None:
    c = pen.canvas
    lang = pen.lang
    pending = set(view["this_turn"]["pending"])
    pen.text((24, top + 30), tr(lang, "characters"), 26, MUTED, anchor="lm")
    _draw_changes_legend(pen, view, names, top)
    for k, char in enumerate(view["characters"]):
        x0 = CARD_GAP + (k % 2) * (CARD_W + CARD_GAP)
        y0 = top + PANEL_HEAD + (k // 2) * (CARD_H + CARD_GAP)
        slot = int(char["slot"])
        frame = HIGHLIGHT if slot in pending else CARD
        c.flat((x0, y0, x0 + CARD_W, y0 + CARD_H), RULE, radius=14)
        c.flat((x0 + 3, y0 + 3, x0 + CARD_W - 3, y0 + CARD_H - 3), frame, radius=12)
        pen.text((x0 + 18, y0 + 30), str(slot), 34, INK, anchor="lm")
        figure = str(char["figure"])
        c.sprite(
            ("piper_figure", figure, figure_letter(figure, lang), 1.0, 0.0),
            (x0 + 76, y0 + 30),
        )
        if slot in pending:
            pen.text(
                (x0 + CARD_W - 14, y0 + 30),
                tr(lang, "first"),
                24,
                RED,
                style="condensed",
                anchor="rm",
            )
        pen.text(
            (x0 + CARD_W / 2, y0 + 78),
            figure_name(figure, lang),
            26,
            INK,
            style="condensed",
            anchor="mm",
        )
        cards = char["cards"]
        for j in range(2):
            cy = y0 + 104 + j * 62
            box = (x0 + 12, cy, x0 + CARD_W - 12, cy + 52)
            if j >= len(cards):
                c.sprite(("piper_slot", box[2] - box[0], box[3] - box[1]), (box[0], box[1]))
                continue
            entry = cards[j]
            seat = int(entry.get("seat", 0))
            if entry.get("hidden"):
                c.sprite(("piper_back", box[2] - box[0], box[3] - box[1]), (box[0], box[1]))
                label = (
                    card_name(str(entry["card"]), lang)
                    if entry.get("card")
                    else tr(lang, "face_down")
                )
                pen.text((box[0] + 12, cy + 26), label, 24, WHITE, style="condensed", anchor="lm")
            else:
                c.flat(box, WHITE, radius=8)
                label = card_name(str(entry.get("card")), lang)
                pen.text((box[0] + 12, cy + 26), label, 28, INK, anchor="lm")
            c.chip(box[2] - 36, cy + 11, seat, 30)


def _draw_changes_legend(pen: _Pen, view: PiperView, names: Sequence[str], top: int) -> None:
    """What the "+1" beside a house means: the change of the latest turn, and whose it was."""
    recent = view.get("recent")
    if not _recent_changes(view) or not recent:
        return
    lang = pen.lang
    template = tr(lang, "last_turn", who="\x00")
    room = WIDTH - 48 - text_width(template.replace("\x00", ""), 24, "condensed")
    who = fit_text(_name(names, int(recent["seat"]), lang), 24, room, "condensed")
    line = template.replace("\x00", who)
    pen.text((24, top + 68), line, 24, MUTED, style="condensed", anchor="lm")


def _draw_footer(pen: _Pen, view: PiperView, layout: Layout) -> None:
    lang = pen.lang
    y = layout.height - 34
    line = tr(lang, "piles", deck=view.get("deck", 0), discard=view.get("discard", 0))
    pen.text((24, y), line, 24, MUTED, style="regular", anchor="lm")
    pen.text(
        (WIDTH - 24, y),
        tr(lang, "char_pile", n=view.get("character_deck", 0)),
        24,
        MUTED,
        style="regular",
        anchor="rm",
    )


def _draw_ranking(
    pen: _Pen, view: PiperView, names: Sequence[str], top: int, layout: Layout
) -> None:
    c = pen.canvas
    lang = pen.lang
    result = view["result"]
    if result is None:  # the final layout is drawn once there is a result
        return
    rows = list(result["ranking"])
    pen.text((24, top + 30), tr(lang, "ranking"), 26, MUTED, anchor="lm")
    roof = int(view.get("roof", 7))
    pitch = min(56, (layout.height - 60 - (top + 62)) // max(1, len(rows)))
    y = top + 62
    for row in rows:
        seat = int(row["seat"])
        pen.text((24, y + 20), f"{row['rank']}.", 30, INK, anchor="lm")
        c.chip(66, y + 5, seat, 30)
        right = _ranking_right(row, roof, lang)
        room = WIDTH - 24 - text_width(right, 28, "condensed") - 24 - 106
        pen.text(
            (106, y + 20),
            _name(names, seat, lang),
            28,
            INK,
            style="condensed",
            anchor="lm",
            room=room,
        )
        pen.text((WIDTH - 24, y + 20), right, 28, INK, style="condensed", anchor="rm")
        y += pitch


def _ranking_right(row: RankingView, roof: int, lang: str) -> str:
    """What a ranking row says at its right: fled, counters taken, the level."""
    breakdown = row["breakdown"]
    right = f"{breakdown['level']}/{roof}"
    held = breakdown["counters_collected"]
    if held:
        right = f"{tr(lang, 'took', n=held)} · {right}"
    if breakdown["eliminated"]:
        right = f"{tr(lang, 'fled')} · {right}"
    return right


def _draw_board(view: PiperView, names: Sequence[str], lang: str) -> _Pen:
    over = view.get("phase") == "over" and bool(view.get("result"))
    layout = Layout(_houses(view), "final" if over else "board")
    pen = _Pen(_canvas(layout), language(lang))
    _draw_header(pen, view, names)
    _draw_ring(pen, view, names)
    if over:
        _draw_ranking(pen, view, names, layout.panel_top, layout)
    else:
        _draw_characters(pen, view, names, layout.panel_top)
    _draw_footer(pen, view, layout)
    return pen


# ------------------------------------------------------------------ entry points


def warm() -> None:
    """Build the fixed palette and the static layers, and read the words, before the first
    board needs them."""
    warm_words(GAME)
    for n in (3, 4, 5):
        _STATIC.get(Layout(n))


def render_board(view: PiperView, players: Sequence[str], *, lang: str = "en") -> bytes:
    """PNG of the public position in one picture (the two parts one under the other): the
    same view, names and language give the same bytes."""
    return _draw_board(view, players, lang).canvas.png()


PARTS = ("map", "players")


def _draw_part(part: str, view: PiperView, names: Sequence[str], lang: str) -> _Pen:
    """One part of the board: "map", the town (who is to play, the houses and the figures on
    their track), or "players", the characters with the cards on them and the piles (at the
    end, the ranking), drawn where they lie on the whole board."""
    over = view.get("phase") == "over" and bool(view.get("result"))
    layout = Layout(_houses(view), "final" if over else "board")
    base = _PART_LAYERS.get((layout, part))
    static = ("piper", layout, part)
    if part == "map":
        pen = _Pen(Canvas(base, "piper", static=static, shared=True), language(lang))
        _draw_header(pen, view, names)
        _draw_ring(pen, view, names)
        return pen
    if part != "players":
        raise KeyError(f"no part {part!r}")
    top = layout.panel_top
    canvas = Canvas(base, "piper", origin=(0, top), static=static, shared=True)
    pen = _Pen(canvas, language(lang))
    if over:
        _draw_ranking(pen, view, names, top, layout)
    else:
        _draw_characters(pen, view, names, top)
    _draw_footer(pen, view, layout)
    return pen


# View entries only the players part reads, and only the town reads.
PLAYERS_ONLY = frozenset({"characters", "this_turn", "deck", "discard", "character_deck"})
TOWN_ONLY = frozenset({"gaps", "hands", "collected", "active"})


def part_inputs(view: PiperView, players: Sequence[str], *, lang: str = "en") -> dict[str, object]:
    """What each part is drawn from (plain data; a digest of it names the image)."""
    return {
        "map": {k: v for k, v in view.items() if k not in PLAYERS_ONLY},
        "players": {
            **{k: v for k, v in view.items() if k not in TOWN_ONLY and k != "houses"},
            "houses": len(view["houses"]),
        },
    }


def render_part(part: str, view: PiperView, players: Sequence[str], *, lang: str = "en") -> bytes:
    """PNG of one part of the public position ("map" or "players")."""
    return _draw_part(part, view, players, lang).canvas.png()


def render_parts(
    view: PiperView, players: Sequence[str], *, lang: str = "en"
) -> list[tuple[str, bytes]]:
    """The public position as two pictures near 4:3, shown one under the other: the town,
    then the characters' panel (or the ranking)."""
    return [(part, render_part(part, view, players, lang=lang)) for part in PARTS]


def _private_content(view: PiperSeatView) -> tuple[list[str], list[tuple[int, str, str]]]:
    """The seat's hand and its face-down cards under the characters: (place, figure, card)."""
    seat = view.get("seat")
    if seat is None:
        return [], []
    hand = [str(c) for c in view.get("hand") or []]
    hidden: list[tuple[int, str, str]] = []
    for char in view["characters"]:
        for entry in char["cards"]:
            card = entry.get("card")
            if entry["hidden"] and entry["seat"] == seat and card:
                hidden.append((char["slot"], char["figure"], card))
    return hand, hidden


def _draw_private(view: PiperSeatView, names: Sequence[str], lang: str) -> _Pen | None:
    hand, hidden = _private_content(view)
    if not hand and not hidden:
        return None
    layout = Layout(0, "private", len(hidden))
    pen = _Pen(_canvas(layout), language(lang))
    lang = pen.lang
    c = pen.canvas
    seat = view["seat"]
    if seat is None:  # _private_content found nothing for the public view
        return None
    c.chip(24, 20, seat, 32)
    secret = tr(lang, "secret")
    room = WIDTH - 24 - text_width(secret, 26) - 16 - 66
    pen.text((66, 36), _name(names, seat, lang), 28, INK, style="condensed", anchor="lm", room=room)
    pen.text((WIDTH - 24, 36), secret, 26, RED, anchor="rm")
    pen.text((24, 92), tr(lang, "your_hand"), 26, MUTED, anchor="lm")
    for i, card in enumerate(hand[:4]):
        x0 = 24 + (i % 2) * (HAND_W + HAND_GAP)
        y0 = 116 + (i // 2) * (HAND_H + HAND_GAP)
        c.flat((x0, y0, x0 + HAND_W, y0 + HAND_H), RULE, radius=14)
        c.flat((x0 + 3, y0 + 3, x0 + HAND_W - 3, y0 + HAND_H - 3), WHITE, radius=12)
        pen.text((x0 + HAND_W / 2, y0 + HAND_H / 2), card_name(card, lang), 32, INK, anchor="mm")
    if hidden:
        pen.text((24, PRIVATE_HIDDEN + 16), tr(lang, "your_hidden"), 26, MUTED, anchor="lm")
        y = PRIVATE_HIDDEN + 42
        x = 24
        for slot, figure, card in hidden:
            c.sprite(("piper_back", 200, 48), (x, y))
            pen.text(
                (x + 12, y + 24),
                card_name(card, lang),
                26,
                WHITE,
                style="condensed",
                anchor="lm",
            )
            where = tr(lang, "under", slot=slot, figure=figure_name(figure, lang))
            pen.text((x + 216, y + 24), where, 26, INK, style="condensed", anchor="lm")
            y += 58
    return pen


def render_private(
    view: PiperSeatView, players: Sequence[str], *, lang: str = "en"
) -> bytes | None:
    """PNG for one seat's DM: its hand and its face-down cards; None when it has neither."""
    pen = _draw_private(view, players, lang)
    return None if pen is None else pen.canvas.png()


# ------------------------------------------------------------------ the summary

SUMMARY_LIMIT = 1900  # one Discord message (2000 characters), with room for a mention


def summary(view: PiperView, players: Sequence[str], *, lang: str = "en") -> str:
    """The same position as a few lines of plain text, for accessibility and text-only clients."""
    lang = language(lang)
    for longest in (20, 12, 6, 3):
        text = _summary(view, players, lang, longest)
        if len(text) <= SUMMARY_LIMIT:
            return text
    return text[: SUMMARY_LIMIT - 1] + "…"


def _in_text(figure: str, lang: str) -> str:
    """A figure's name inside a sentence: "yellow rat", "rat jaune", but "Pied Piper"."""
    name = figure_name(figure, lang)
    return name if figure == "piper" and lang == "en" else name[0].lower() + name[1:]


def _summary(view: PiperView, names: Sequence[str], lang: str, longest: int) -> str:
    def who(seat: int) -> str:
        name = _name(names, seat, lang)
        return name if len(name) <= longest else name[: longest - 1] + "…"

    roof = int(view.get("roof", 7))
    houses = {int(h["house"]): h for h in view["houses"]}

    def house_label(h: int) -> str:
        owner = houses[h].get("owner")
        return tr(lang, "s_neutral") if owner is None else who(int(owner))

    lines = [tr(lang, "s_title", n=view.get("turn", 1))]
    result = view.get("result")
    if view.get("phase") == "over" and result:
        winner = result.get("winner")
        lines[0] += " " + (
            tr(lang, "s_draw") if winner is None else tr(lang, "s_win", who=who(int(winner)))
        )
        rows = []
        for row in result["ranking"]:
            text = tr(
                lang,
                "s_rank",
                rank=row["rank"],
                who=who(int(row["seat"])),
                level=row["score"],
                roof=roof,
            )
            held = int((row.get("breakdown") or {}).get("counters_collected") or 0)
            if held:
                text += f" ({tr(lang, 's_held', n=held)})"
            rows.append(text)
        lines.append(tr(lang, "s_ranking", rows=", ".join(rows)))
    elif view["active"] is not None:
        what = tr(lang, "s_order" if view.get("phase") == "order" else "s_place")
        lines.append(tr(lang, "s_move", who=who(view["active"]), what=what))
    ring = [int(h) for h in view["ring"]]
    rows = []
    for h in ring:
        owner = houses[h].get("owner")
        if owner is None:
            rows.append(tr(lang, "s_neutral"))
        else:
            rows.append(
                tr(lang, "s_house", who=who(int(owner)), level=houses[h].get("level"), roof=roof)
            )
    lines.append(tr(lang, "s_houses", rows=", ".join(rows), roof=roof))
    collected: Sequence[Sequence[int]] = view.get("collected") or []
    taken_by = {int(p): seat for seat, held in enumerate(collected) for p in held}
    fled = []
    for seat in view.get("eliminated") or []:
        by = taken_by.get(int(seat))
        fled.append(
            who(int(seat)) if by is None else tr(lang, "s_taken", who=who(int(seat)), by=who(by))
        )
    if fled:
        lines.append(tr(lang, "s_fled", rows=", ".join(fled)))
    gaps = []
    for gap in view["gaps"]:
        figures = ", ".join(_in_text(f["figure"], lang) for f in gap["figures"])
        gaps.append(
            tr(
                lang,
                "s_gap",
                a=house_label(int(gap["after"])),
                b=house_label(int(gap["before"])),
                figures=figures or tr(lang, "s_empty"),
            )
        )
    lines.append(tr(lang, "s_gaps", rows=tr(lang, "sep").join(gaps)))
    if view.get("phase") != "over":
        chars = []
        for char in view["characters"]:
            cards = []
            for entry in char.get("cards") or []:
                if entry.get("hidden"):
                    cards.append(tr(lang, "s_hidden", who=who(int(entry["seat"]))))
                else:
                    cards.append(
                        tr(
                            lang,
                            "s_by",
                            card=card_name(str(entry["card"]), lang),
                            who=who(int(entry["seat"])),
                        )
                    )
            extra = f" — {', '.join(cards)}" if cards else ""
            chars.append(
                tr(
                    lang,
                    "s_char",
                    slot=char["slot"],
                    figure=_in_text(str(char["figure"]), lang),
                    cards=extra,
                )
            )
        lines.append(tr(lang, "s_chars", rows=tr(lang, "sep").join(chars)))
        gone: dict[str, int] = {}
        for card in view.get("character_discard_cards") or ():
            figure = str(card).rsplit("-", 1)[0]
            gone[figure] = gone.get(figure, 0) + 1
        if gone:
            rows_ = [
                f"{_in_text(f, lang)} ×{n}" if n > 1 else _in_text(f, lang) for f, n in gone.items()
            ]
            lines.append(tr(lang, "s_gone", rows=", ".join(rows_)))
        hands: Sequence[int] = view.get("hands") or []
        in_game = [int(p) for p in view.get("in_game") or range(len(hands))]
        rows = [f"{who(p)} {hands[p]}" for p in in_game if p < len(hands)]
        lines.append(
            tr(
                lang,
                "s_hands",
                rows=", ".join(rows),
                deck=view.get("deck", 0),
                discard=view.get("discard", 0),
            )
        )
    recent = view.get("recent")
    if recent and recent.get("moves"):
        moves = []
        for move in recent["moves"]:
            figures = ", ".join(_in_text(f, lang) for f in move["figures"])
            crossings = move.get("crossings") or []
            under = bool(crossings) and all(c.get("under") for c in crossings)
            way = (
                tr(lang, "s_sewer")
                if under
                else tr(lang, "s_forward" if move["direction"] == "forward" else "s_back")
            )
            crossed = []
            for crossing in crossings:
                label = house_label(int(crossing["house"]))
                change = int(crossing.get("change") or 0)
                if crossing.get("owner") is None:
                    crossed.append(label)
                else:
                    crossed.append(f"{label} {change:+d} → {crossing.get('level')}")
            moves.append(
                tr(lang, "s_move_line", figures=figures, way=way, houses=f"({', '.join(crossed)})")
            )
        lines.append(
            tr(
                lang,
                "s_last",
                turn=recent["turn"],
                who=who(int(recent["seat"])),
                moves=tr(lang, "sep").join(moves),
            )
        )
    return "\n".join(lines)
