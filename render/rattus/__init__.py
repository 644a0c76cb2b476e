"""The Rattus board as an image and as text, from a view only (never from a full state).

The image is made for a phone first: Discord shows a picture about 500 px wide there, so the
board is one column as wide as the map (860 px, shrunk about 1.7 times), with the map on top
and the tables under it, and every number a player needs (cubes and rats in a region, scores,
rats left, a token's limit) at least 12 px high at that width (`tests/render`: legibility).

The map (`render.rattus.map`) is the project's own drawing of 1347 Europe: regions that are
neighbours by land touch, sea neighbours are joined by arrows, and regions not in play are
greyed. On it: every player's cubes (a piece in the seat's colour and shape, and a count), the
face-down rat tokens, the plague piece with its region washed red and the arrow of its last
move, the palace. Under it: the turn and who is to move, the players with their cubes and
their score as the game counts it (or the final ranking), the class cards and their holders
(each with its pictogram, the legend of the rat tokens' symbols), what the last plague move
did, and the legend of the other symbols.

The static layers (the map with its names; the panel's headings, cards and legend) are drawn
once per layout and language and kept in palette form; each call copies them and pastes the
pieces on a `render.common.Canvas`, then writes a palette PNG.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.rattus.data import ClassCard
from engine.rattus.view_types import (
    RattusSeatView,
    RattusView,
    RecentView,
    RegionCardView,
    RegionView,
    ResultView,
    RevealView,
    TokenView,
)
from render import common
from render.common import (
    ARROW,
    BORDER,
    COAST,
    FAINT,
    GOLD,
    HIGHLIGHT,
    INK,
    MUTED,
    PALETTES,
    PANEL,
    PAPER,
    RGB,
    RULE,
    SEA,
    SEA_DEEP,
    UNUSED,
    UNUSED_INK,
    WHITE,
    Canvas,
    OnceCache,
    Point,
    Sprite,
    arrow_head,
    bezier,
    chip_sprite,
    dashed_curve,
    exact_colours,
    fit_text,
    languages,
    make_palette,
    paste_centred,
    put_text,
    sprite_maker,
    stored_palette,
    supersampled,
    text_width,
    warm_words,
    words,
)
from render.rattus import map as geo
from render.rattus import sprites
from render.rattus.sprites import (
    NEW,
    PLAGUE,
    PLAGUE_TINT,
    RAT,
    RAT_RIM,
    empty_slot_sprite,
    plague_sprite,
    rat_sprite,
    symbol_badge,
    token_face_sprite,
)

WIDTH = geo.MAP_W  # one column as wide as the map: shown about 500 px wide on a phone
PHONE_WIDTH = 500  # what Discord shows of the image's width on a phone
PX = 20  # left edge of the panel's content
PR = WIDTH - 20  # right edge of the panel's content
MID = WIDTH // 2  # the panel's two columns: class cards on the left, the last move right

NAME_SIZE = 26  # region names
COUNT_SIZE = 30  # a cube count (condensed: 22 px digits, 12.8 px on a phone)
NUMBER_SIZE = 28  # the numbers of the players' table (condensed)
SCORE_SIZE = 32  # a score, the rats left (bold: 23 px digits)
CHIP = 30
RAT_R = 14
RAT_PITCH = 32
SHOWN = 36  # a rat token face up on the map: a square covering its slot
SHOWN_PITCH = 36  # so that three of them cover the three slots' rings
PLAGUE_R = 22
FACE = 44  # a revealed rat token in the panel: its limit in a disc, then its symbols
SEEN_FACE = 56  # a token this seat has seen, in the private image's panel
SEEN_LIMIT = 30  # its limit on the map (bold: 22 px digits, 12.8 px on a phone)

# ------------------------------------------------------------------ words

GAME = "rattus"  # whose catalogue holds the words (bot/games/rattus/locales)


def language(lang: str) -> str:
    """A supported language code (English when unknown)."""
    return words(GAME, lang).lang


def tr(lang: str, key: str, **params: object) -> str:
    """An image or summary word in a language: the catalogue's `board-<key>` message."""
    return words(GAME, lang).text(key, params)


def card_name(card: str, lang: str) -> str:
    """A class card's name."""
    return words(GAME, lang).get(f"card-{card}", card.title())


def region_name(region: str, lang: str) -> str:
    """A region's name on the map."""
    return words(GAME, lang).get(f"region-{region}", region.title())


def _name(names: Sequence[str], seat: int, lang: str = "en") -> str:
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return tr(lang, "seat", n=seat + 1)


# ------------------------------------------------------------------ layout

# The six base classes' cards and symbols. Africanus plays 8 of its 10 class cards, so a base
# class may have no card in play while its symbol is still on rat tokens: the class cards'
# list names it all the same, "not in play", so that every pictogram is explained.
BASE_CLASSES: tuple[tuple[str, str], ...] = (
    ("peasant", "P"), ("merchant", "B"), ("monk", "C"),
    ("knight", "K"), ("witch", "W"), ("king", "R"),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Layout:
    """What the static layers depend on: the regions in play, links, seats, cards, columns,
    legend and language."""

    used: tuple[str, ...]
    arrows: tuple[tuple[str, str], ...]
    links: tuple[tuple[str, str], ...]  # land neighbours the map's shapes do not show
    players: int
    cards: tuple[tuple[str, str], ...]  # (card, symbol) in the view's order
    hands: bool  # Africanus: region cards (a column for the cards held)
    lang: str
    kind: str = "board"  # "board", "final" (the ranking replaces the turn order) or "private"
    diplomats: bool = False  # the Sultan is in play: a column for the diplomats' points
    legend: tuple[str, ...] = ()  # Africanus pieces to explain: "diplomat", "caravan"
    seen: int = 0  # the private image: rat tokens this seat knows
    hand: int = 0  # the private image: region cards this seat holds

    @property
    def africa(self) -> bool:
        """True when the North Africa strip is drawn."""
        return any(r.startswith("na") for r in self.used)

    @property
    def map_height(self) -> int:
        """Height of the map, at the top of the image."""
        return geo.AFRICA_TOP + geo.AFRICA_H if self.africa else geo.EUROPE_H

    @property
    def map_width(self) -> int:
        """Width of the map part: the map, and with the North Africa strip a margin at its
        right (the map alone would be too tall for a picture near 4:3)."""
        return geo.MAP_W + (SIDE if self.margin else 0)

    @property
    def margin(self) -> bool:
        """True when the map part has a margin at its right: a board with the strip."""
        return self.africa and self.kind != "private"

    @property
    def height(self) -> int:
        """Canvas height: the map, then the panel."""
        return self.map_height + _rows(self).height

    @property
    def map_key(self) -> Layout:
        """The same layout reduced to what the map layer depends on (with the strip, the
        margin explains the pieces: the legend)."""
        legend = self.legend if self.margin else ()
        kind = "board" if self.kind != "private" else "private"
        return Layout(
            self.used, self.arrows, self.links, 0, (), False, self.lang, kind, legend=legend
        )

    @property
    def panel_key(self) -> Layout:
        """The same layout reduced to what the panel layer depends on."""
        used = ("na1",) if self.africa else ()  # only the height matters
        return Layout(
            used, (), (), self.players, self.cards, self.hands, self.lang, self.kind,
            self.diplomats, self.legend, self.seen, self.hand,
        )  # fmt: skip

    @property
    def drawn(self) -> tuple[str, ...]:
        """Every region drawn (in play or greyed)."""
        return tuple(r for r in geo.SHAPES if self.africa or not r.startswith("na"))

    @property
    def missing(self) -> tuple[tuple[str, str], ...]:
        """Base classes whose symbol a rat token may show but whose card is not in play."""
        if not self.cards:
            return ()
        held = {symbol for _, symbol in self.cards}
        return tuple((card, symbol) for card, symbol in BASE_CLASSES if symbol not in held)


def _layout(view: RattusView, lang: str, kind: str = "board") -> Layout:
    if kind == "board" and view.get("phase") == "over" and view.get("result"):
        kind = "final"
    used = tuple(r["id"] for r in view["regions"] if r["id"] in geo.SHAPES)
    arrows = tuple(sorted((min(a, b), max(a, b)) for a, b in view.get("arrows") or []))
    arrow_set = set(arrows)
    links = tuple(
        sorted(
            {
                (a, b)
                for r in view["regions"]
                for n in r["neighbours"]
                for a, b in [tuple(sorted((r["id"], n)))]
                if (a, b) not in arrow_set and frozenset((a, b)) not in geo.LAND_BORDERS
            }
        )
    )
    private = kind == "private"
    return Layout(
        used=used,
        arrows=arrows,
        links=links,
        players=0 if private else int(view["players"]),
        cards=() if private else tuple((c["card"], c["symbol"]) for c in view["cards"]),
        hands=view.get("hand_counts") is not None,
        lang=lang,
        kind=kind,
        diplomats=view.get("diplomat_supply") is not None or bool(view.get("diplomats")),
        legend=_private_symbols(view) if private else _legend_items(view),
        seen=len(_known_faces(view)) if private else 0,
        hand=len(view.get("hand") or []) if private else 0,
    )


@dataclass(frozen=True, slots=True)
class PanelRows:
    """Vertical positions in the panel (image coordinates)."""

    top: int  # the panel's top edge, under the map
    table: int  # the players' table's (or the ranking's) heading
    first: int  # its first row
    cards: int  # the class cards' heading, on the left; the last move's, on the right
    legend: int  # the legend of the symbols
    bottom: int  # the panel's bottom edge

    @property
    def height(self) -> int:
        """The panel's height."""
        return self.bottom - self.top


HEADER = 136  # title, turn and rats left; who is to move; the steps of the turn
FINAL_HEADER = 100  # title, "game over" and rats left; the winner
PLAYER_ROW = 46
TIE_NOTE = 34  # under the ranking: "tie broken by turn order"
CARD_ROW = 42
RECENT_H = 350  # the last plague move: its room in the panel's right column
LEGEND_ROW = 44
SEEN_ROW = 108  # the private image: one rat token this seat knows
HAND_ROW = 44  # the private image: one region card in hand


def _rows(layout: Layout) -> PanelRows:
    """The panel's sections: the header, the players (or the ranking), the class cards beside
    the last plague move, the legend; or, for the private image, the tokens seen and the hand."""
    top = layout.map_height
    if layout.kind == "private":
        seen = top + 104
        hand = seen + 40 + math.ceil(layout.seen / 2) * SEEN_ROW
        legend = hand + (40 + math.ceil(layout.hand / 2) * HAND_ROW if layout.hand else 0) + 14
        bottom = legend + len(_legend_lines(layout)) * PRIVATE_LEGEND_ROW + 6
        return PanelRows(top, seen, seen + 40, hand, legend, bottom)
    final = layout.kind == "final"
    table = top + (FINAL_HEADER if final else HEADER) + 8
    first = table + 46
    cards = first + layout.players * PLAYER_ROW + (TIE_NOTE if final else 0) + 14
    entries = len(layout.cards) + len(layout.missing)
    legend = cards + max(44 + entries * CARD_ROW, RECENT_H) + 14
    bottom = legend + len(_legend_lines(layout)) * LEGEND_ROW + 6
    if layout.margin:  # the legend is in the map's margin
        bottom = legend - 8
    return PanelRows(top, table, first, cards, legend, bottom)


@dataclass(frozen=True, slots=True)
class Column:
    """A number column of the players' table."""

    key: str  # what it shows: reserve, hand, board, palace, region_cards, diplomats, score
    right: int  # the numbers' right edge
    part: bool  # a part of the score (a "+" before it, unless it is the first part)


NUMBER_ROOM = 40  # the widest number in a column (two digits)


def _columns(layout: Layout) -> list[Column]:
    """The players' table's number columns, right to left from the panel's edge: the score,
    the parts it adds up (board, palace, region cards, diplomats, as result() counts them),
    then, during the game, the cubes in reserve and the region cards held."""
    final = layout.kind == "final"
    parts = ["board", "palace"]
    if final and layout.hands:
        parts.append("region_cards")
    if layout.diplomats:
        parts.append("diplomats")
    info = [] if final else ["reserve"] + (["hand"] if layout.hands else [])
    width = 94 if layout.diplomats or layout.hands else 100
    out = [Column("score", PR, False)]
    right = PR - 104
    for key in reversed(parts):
        out.append(Column(key, right, True))
        right -= width
    right -= 12  # a gap between what counts and what does not
    for key in reversed(info):
        out.append(Column(key, right, False))
        right -= width
    return out[::-1]


COLUMN_LABELS = {
    "reserve": "col_reserve", "hand": "col_hand", "board": "col_board",
    "palace": "col_palace", "region_cards": "col_region_cards",
    "diplomats": "col_diplomats", "score": "col_score",
}  # fmt: skip
LABEL_SIZE = 18


def _name_x(layout: Layout) -> int:
    """Where the names of the players' table start."""
    return PX + (74 if layout.kind == "final" else 58)


def _name_room(layout: Layout) -> int:
    """The width the players' names may take."""
    first = _columns(layout)[0]
    left = min(first.right - NUMBER_ROOM, _label_box(layout, first)[2])
    return left - 14 - _name_x(layout)


# The legend: the two symbols that are no class (M, A), then the Africanus pieces.
LEGEND_SYMBOLS = ("M", "A")
LEGEND_BADGE = 32


def _legend_lines(layout: Layout) -> list[list[tuple[str, int]]]:
    """The legend's items, (item, x), in lines that fit the panel's width: on the board M, A
    and the Africanus pieces (the class cards' list explains the classes); on the private
    image every symbol its tokens and cards show."""
    private = layout.kind == "private"
    items = layout.legend if private else (*LEGEND_SYMBOLS, *layout.legend)
    lines: list[list[tuple[str, int]]] = [[]]
    x = PX
    for item in items:
        label = _legend_label(layout.lang, item, private)
        size, style, badge = _legend_style(layout)
        width = badge + 10 + text_width(label, size, style)
        if lines[-1] and x + width > PR:
            lines.append([])
            x = PX
        lines[-1].append((item, x))
        x += width + 26
    return lines


def _legend_style(layout: Layout) -> tuple[int, str, int]:
    """The legend's text size and style, and its badges' size: the private image's legend
    (the words of the symbols a seat must read on its tokens) is read on a phone, so its
    words are 12 px high there."""
    if layout.kind == "private":
        return PRIVATE_LEGEND_SIZE, "condensed", PRIVATE_BADGE
    return 20, "regular", LEGEND_BADGE


PRIVATE_LEGEND_SIZE = 26  # condensed: 21 px capitals, 12.2 px on a phone
PRIVATE_BADGE = 40
PRIVATE_LEGEND_ROW = 52


def _legend_label(lang: str, item: str, private: bool = False) -> str:
    """What a legend item is called: on the board, a class by its card's name (the class
    cards' list beside it), the rest by its own; on the private image, a symbol by the word
    the bot's messages use for it (Church, Magic: the catalogue's `symbol-` words)."""
    if private and item in SYMBOL_WORDS["en"]:
        fallback = SYMBOL_WORDS.get(language(lang), SYMBOL_WORDS["en"])[item]
        return words(GAME, lang).get(f"symbol-{'wild' if item == '?' else item}", fallback)
    card = dict((symbol, card) for card, symbol in BASE_CLASSES).get(item)
    return (
        card_name(card, lang)
        if card
        else tr(lang, "legend_any" if item == "?" else f"legend_{item}")
    )


# The bot's words for the symbols of rat tokens and region cards (its catalogue's `symbol-`
# messages), until the catalogue has them as `board-symbol-<symbol>` messages too.
SYMBOL_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "M": "Majority", "A": "All", "P": "Peasantry", "B": "Bourgeoisie", "C": "Church",
        "K": "Chivalry", "W": "Magic", "R": "Royalty", "O": "Orient", "?": "any class",
    },
    "fr": {
        "M": "Majorité", "A": "Tous", "P": "Paysannerie", "B": "Bourgeoisie", "C": "Clergé",
        "K": "Chevalerie", "W": "Magie", "R": "Noblesse", "O": "Orient", "?": "toute classe",
    },
}  # fmt: skip


# The order symbols are explained in.
SYMBOL_ORDER = "MAPBCKWRO?"


def _private_symbols(view: RattusView) -> tuple[str, ...]:
    """Every symbol the private image shows: on the tokens seen and the region cards held."""
    shown = {symbol for _, _, face in _known_faces(view) for symbol in face["symbols"]}
    for card in view.get("hand") or []:
        shown.update(["?"] if card.get("wild") else card["symbols"])
    return tuple(sorted(shown, key=lambda s: (SYMBOL_ORDER.find(s) % 99, s)))


# ------------------------------------------------------------------ the static layer

LAND_TONES: tuple[RGB, ...] = ((243, 233, 206), (236, 229, 200), (241, 226, 204), (232, 230, 207))
NEUTRAL_LAND: RGB = (214, 200, 172)
SS = 2  # the static map is drawn at twice its size, then reduced: smooth coasts


def _scaled(path: Sequence[Point], s: float = SS) -> list[Point]:
    return [(x * s, y * s) for x, y in path]


def _draw_map(layout: Layout) -> Image.Image:
    """The map alone (RGB, the map's width), drawn at twice its size and reduced."""
    w, h = geo.MAP_W, layout.map_height
    big = Image.new("RGB", (w * SS, h * SS), SEA)
    d = ImageDraw.Draw(big)
    drawn = layout.drawn
    polys = [(r, p) for r in drawn for p in geo.SHAPES[r]]
    # A deeper sea band along every coast, like an old map's shading, then the coast line:
    # drawn before the land, so only its outer half shows and borders between regions
    # (covered by the land on both sides) stay clean.
    outlines = [_scaled(p) for _, p in polys] + [_scaled(p) for p in geo.NEUTRAL]
    for pts in outlines:
        d.line([*pts, pts[0]], fill=SEA_DEEP, width=18 * SS, joint="curve")
    for pts in outlines:
        d.line([*pts, pts[0]], fill=SEA, width=10 * SS, joint="curve")
    for pts in outlines:
        d.line([*pts, pts[0]], fill=COAST, width=5 * SS, joint="curve")
    used = set(layout.used)
    for region in drawn:
        fill = LAND_TONES[geo.TONE[region] % len(LAND_TONES)] if region in used else UNUSED
        for poly in geo.SHAPES[region]:
            d.polygon(_scaled(poly), fill=fill)
    for poly in geo.NEUTRAL:
        d.polygon(_scaled(poly), fill=NEUTRAL_LAND)
    # Hatching over the regions not in play.
    hatch = Image.new("L", big.size, 0)
    hd = ImageDraw.Draw(hatch)
    for region in drawn:
        if region not in used:
            for poly in geo.SHAPES[region]:
                hd.polygon(_scaled(poly), fill=255)
    lines = Image.new("L", big.size, 0)
    ld = ImageDraw.Draw(lines)
    for k in range(-h * SS, w * SS, 14 * SS):
        ld.line([(k, 0), (k + h * SS, h * SS)], fill=255, width=2 * SS)
    big.paste((188, 186, 182), (0, 0), ImageChops.multiply(hatch, lines))
    # Land borders: thinner and lighter than the coasts.
    for pair, border in geo.BORDERS.items():
        if pair <= set(drawn):
            live = pair <= used
            d.line(
                _scaled(border), fill=BORDER if live else UNUSED_INK, width=2 * SS, joint="curve"
            )
    for edge in geo.MOUNTAIN_EDGES:
        d.line(_scaled(edge), fill=BORDER, width=2 * SS, joint="curve")
    # The Carpathians: little peaks on the neutral land.
    for x, y in geo.PEAKS:
        s = SS
        d.polygon(
            [
                (x * s - 9 * s, y * s + 6 * s),
                (x * s, y * s - 7 * s),
                (x * s + 9 * s, y * s + 6 * s),
            ],
            fill=(176, 158, 126),
            outline=(120, 100, 76),
        )
    _compass(d, geo.COMPASS)
    # Sea neighbours: a dashed arrow with a head at each end.
    for a, b in layout.arrows:
        _sea_arrow(d, a, b)
    # Land neighbours the shapes do not show (should the data change): a faint dashed link.
    for a, b in layout.links:
        if a in geo.ANCHORS and b in geo.ANCHORS:
            pts = [_scaled([geo.ANCHORS[a].label])[0], _scaled([geo.ANCHORS[b].label])[0]]
            for p, q in dashed_curve(pts, 10 * SS, 8 * SS):
                d.line([p, q], fill=BORDER, width=3 * SS)
    return big.resize((w, h), Image.Resampling.BOX)  # a plain average: no ringing


def _compass(d: ImageDraw.ImageDraw, centre: Point) -> None:
    """A small compass rose in the open sea, for the look of an old map."""
    cx, cy = centre[0] * SS, centre[1] * SS
    r = 34 * SS
    ink = (120, 140, 156)
    d.ellipse([cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.55], outline=ink, width=SS)
    for k in range(8):
        angle = math.pi / 4 * k
        length = r if k % 2 == 0 else r * 0.55
        tip = (cx + math.sin(angle) * length, cy - math.cos(angle) * length)
        side = r * 0.14
        left = (
            cx + math.sin(angle - math.pi / 2) * side,
            cy - math.cos(angle - math.pi / 2) * side,
        )
        right = (
            cx + math.sin(angle + math.pi / 2) * side,
            cy - math.cos(angle + math.pi / 2) * side,
        )
        d.polygon([tip, left, (cx, cy)], fill=ink)
        d.polygon([tip, right, (cx, cy)], fill=SEA if k % 2 else (236, 240, 242), outline=ink)


def _sea_arrow(d: ImageDraw.ImageDraw, a: str, b: str) -> None:
    """Two regions that are neighbours across the sea: a dashed arrow, a head at each end."""
    start = geo.ARROW_ENDS.get((a, b))
    end = geo.ARROW_ENDS.get((b, a))
    if start is None or end is None:
        if a not in geo.ANCHORS or b not in geo.ANCHORS:
            return
        start, end = geo.ANCHORS[a].label, geo.ANCHORS[b].label
    bend = geo.ARROW_BENDS.get(
        frozenset((a, b)), ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    )
    curve = _scaled(bezier(start, bend, end))
    # Leave room for the heads, then dash the rest.
    for p, q in dashed_curve(curve[2:-2], 9 * SS, 6 * SS):
        d.line([p, q], fill=ARROW, width=3 * SS)
    d.polygon(arrow_head(curve[-1], curve[-4], 14 * SS, 13 * SS), fill=ARROW)
    d.polygon(arrow_head(curve[0], curve[3], 14 * SS, 13 * SS), fill=ARROW)


def _map_layer(layout: Layout) -> Image.Image:
    """The static map (RGB): sea, land, borders, arrows, names, the empty rat-token slots and
    the palace frame."""
    img = _draw_map(layout)
    used = set(layout.used)
    for region in layout.drawn:
        a = geo.ANCHORS[region]
        live = region in used
        colour = INK if live else UNUSED_INK
        put_text(
            img,
            a.label,
            region_name(region, layout.lang),
            NAME_SIZE,
            colour,
            style="condensed",
            anchor="mm",
        )
        if live:
            for k in range(3):
                paste_centred(img, empty_slot_sprite(RAT_R), (a.rats[0] + k * RAT_PITCH, a.rats[1]))
    _palace_frame(img, ImageDraw.Draw(img), layout.lang)
    if not layout.margin:
        return img
    wide = Image.new("RGB", (layout.map_width, layout.map_height), PANEL)
    wide.paste(img, (0, 0))
    _margin_frame(wide, layout)
    return wide


SIDE = 124  # the map's margin with the North Africa strip: 984 x 1220 px, near 4:5
SIDE_X = geo.MAP_W + SIDE // 2  # the margin's centre line
SUPPLY_Y = 92  # the rats left, in the margin (bold 36: 26 px digits, 13 px on a phone)
SUPPLY_SIZE = 36
PLUS_SIZE = 30  # the Knight's "+2" beside the plague piece (bold: 22 px digits)
WIDE_PLUS_SIZE = 34  # the same on the wider map part of the strip


def _margin_frame(img: Image.Image, layout: Layout) -> None:
    """The map's margin (with the North Africa strip): the rats left under their heading,
    then the legend of the symbols and pieces, each icon over its name."""
    d = ImageDraw.Draw(img)
    d.line([geo.MAP_W + 1, 0, geo.MAP_W + 1, layout.map_height], fill=COAST, width=3)
    lang = layout.lang
    paste_centred(img, rat_sprite(16), (SIDE_X, 36))
    y = SUPPLY_Y + 30
    for line in _wrap(tr(lang, "supply"), 20, "bold", SIDE - 14):
        put_text(img, (SIDE_X, y), line, 20, INK, anchor="mm")
        y += 24
    y += 14
    d.line([geo.MAP_W + 14, y, layout.map_width - 12, y], fill=RULE, width=2)
    y += 22
    for item in (*LEGEND_SYMBOLS, *layout.legend):
        _legend_icon(img, item, SIDE_X - LEGEND_BADGE // 2, y + LEGEND_BADGE // 2)
        y += LEGEND_BADGE + 18
        for line in _wrap(_legend_label(lang, item), 20, "regular", SIDE - 14):
            put_text(img, (SIDE_X, y), line, 20, INK, style="regular", anchor="mm")
            y += 24
        y += 18


def _palace_frame(img: Image.Image, d: ImageDraw.ImageDraw, lang: str) -> None:
    x0, y0, x1, y1 = geo.PALACE_BOX
    d.rounded_rectangle([x0, y0, x1, y1], radius=10, fill=PAPER, outline=COAST, width=2)
    put_text(img, ((x0 + x1) / 2, y0 + 22), "♜ " + tr(lang, "palace"), 22, INK, anchor="mm")


def _panel_layer(layout: Layout) -> Image.Image:
    """The panel's static part (RGB, under the map): title, headings, column labels, the class
    cards with their pictograms, the legend."""
    rows = _rows(layout)
    img = Image.new("RGB", (WIDTH, rows.height), PANEL)
    d = ImageDraw.Draw(img)
    d.line([0, 1, WIDTH, 1], fill=COAST, width=3)
    put_text(img, (PX, 32), tr(layout.lang, "title"), 32, PLAGUE, anchor="lm")
    if layout.kind == "private":
        _private_frame(img, d, layout, rows)
    else:
        _panel_frame(img, d, layout, rows)
    return img


def _rule(d: ImageDraw.ImageDraw, y: int, x0: int = PX - 6, x1: int = PR + 6) -> None:
    d.line([x0, y, x1, y], fill=RULE, width=2)


def _supply_label_right() -> int:
    """The right edge of the "rats left" label (the number follows it)."""
    return PR - 56


def _label_box(layout: Layout, col: Column) -> tuple[str, str, int, int]:
    """A column's heading: its text, style, and its left and right edges (centred over the
    numbers; the score's, bold, ends with the panel)."""
    text = tr(layout.lang, COLUMN_LABELS[col.key])
    style = "bold" if col.key == "score" else "regular"
    width = text_width(text, LABEL_SIZE, style)
    if col.key == "score":
        return text, style, col.right - width, col.right
    centre = col.right - NUMBER_ROOM // 2
    return text, style, centre - width // 2, centre - width // 2 + width


def _column_label(img: Image.Image, layout: Layout, col: Column, y: int) -> None:
    text, style, left, _ = _label_box(layout, col)
    colour = INK if style == "bold" else MUTED
    put_text(img, (left, y), text, LABEL_SIZE, colour, style=style, anchor="lm")


def _panel_frame(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, rows: PanelRows) -> None:
    lang = layout.lang
    top = rows.top
    right = _supply_label_right()
    label = tr(lang, "supply")
    put_text(img, (right, 32), label, 24, INK, anchor="rm")
    paste_centred(img, rat_sprite(16), (right - text_width(label, 24) - 24, 32))
    # The players' table (or the ranking): headings, the "+" and "=" between the parts of the
    # score, a band behind the scores.
    table, first = rows.table - top, rows.first - top
    _rule(d, table - 8)
    if layout.kind == "final":
        put_text(img, (PX, table + 20), tr(lang, "ranking"), 22, PLAGUE, anchor="lm")
    else:
        put_text(img, (PX, table + 20), tr(lang, "players"), 22, MUTED, anchor="lm")
    columns = _columns(layout)
    last = first + layout.players * PLAYER_ROW
    d.rounded_rectangle([PR - 62, first + 2, PR + 8, last - 2], radius=8, fill=PAPER)
    for col in columns:
        _column_label(img, layout, col, table + 20)
    # The class cards, each with its pictogram (the legend of the rat tokens' class symbols),
    # and the classes whose card is not in play.
    cards = rows.cards - top
    _rule(d, cards - 8)
    d.line([MID - 2, cards + 4, MID - 2, rows.legend - top - 16], fill=RULE, width=2)
    put_text(img, (PX, cards + 18), tr(lang, "cards"), 22, MUTED, anchor="lm")
    entries = [(card, symbol, True) for card, symbol in layout.cards]
    entries += [(card, symbol, False) for card, symbol in layout.missing]
    for i, (card, symbol, in_play) in enumerate(entries):
        y = cards + 44 + i * CARD_ROW
        badge = symbol_badge(symbol, CARD_BADGE)
        img.paste(badge, (PX, y + (CARD_ROW - CARD_BADGE) // 2 - 2), badge)
        name = card_name(card, lang)
        colour = INK if in_play else MUTED
        put_text(
            img, (PX + CARD_BADGE + 10, y + 18), name, 24, colour, style="condensed", anchor="lm"
        )
        if not in_play:
            note = tr(lang, "not_in_play")
            put_text(img, (CARDS_RIGHT, y + 18), note, 20, MUTED, style="regular", anchor="rm")
    _legend(img, d, layout, rows)


CARD_BADGE = 32
CARDS_RIGHT = MID - 18  # the class cards' right edge (the holders), left of the divider
RX = MID + 16  # the last move's left edge, right of the divider


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, rows: PanelRows) -> None:
    """The legend of the symbols and pieces, at the panel's foot (with the North Africa
    strip, in the map's margin instead)."""
    if layout.margin:
        return
    legend = rows.legend - rows.top
    _rule(d, legend - 8)
    row = PRIVATE_LEGEND_ROW if layout.kind == "private" else LEGEND_ROW
    for k, line in enumerate(_legend_lines(layout)):
        centre = legend + k * row + row // 2 - 2
        for item, x in line:
            size, style, badge = _legend_style(layout)
            _legend_icon(img, item, x, centre, badge)
            text = _legend_label(layout.lang, item, layout.kind == "private")
            put_text(img, (x + badge + 10, centre), text, size, INK, style=style, anchor="lm")


def _legend_icon(
    img: Image.Image, item: str, x: int, centre: int, badge: int = LEGEND_BADGE
) -> None:
    if item == "diplomat":
        sprite = _diplomat_sprite()
    elif item == "caravan":
        sprite = _caravan_sprite(15)
    else:
        sprite = symbol_badge(item, badge)
    paste_centred(img, sprite, (x + badge / 2, centre))


def _private_frame(
    img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, rows: PanelRows
) -> None:
    lang = layout.lang
    top = rows.top
    put_text(img, (PR, 32), tr(lang, "secret"), 26, PLAGUE, anchor="rm")
    seen = rows.table - top
    _rule(d, seen - 10)
    put_text(img, (PX, seen + 18), tr(lang, "your_looks"), 22, MUTED, anchor="lm")
    if layout.hand:
        hand = rows.cards - top
        _rule(d, hand - 10)
        put_text(img, (PX, hand + 18), tr(lang, "hand"), 22, MUTED, anchor="lm")
    _legend(img, d, layout, rows)


GOLD_INK: RGB = (150, 104, 0)
ALL_REGIONS = tuple(geo.SHAPES)


def _whole(layout: Layout) -> Image.Image:
    """The static layer of a layout in RGB (for the palette's reference drawing)."""
    img = Image.new("RGB", (WIDTH, layout.height), PANEL)
    img.paste(_map_layer(layout), (0, 0))
    img.paste(_panel_layer(layout), (0, layout.map_height))
    return img


def _reference() -> Image.Image:
    """A drawing that holds every colour a board can show, to build the one fixed palette
    from: a full Africanus board and a 2-player board (greyed regions), each as it is and under
    the plague's wash, and every sprite."""
    full = Layout(
        used=ALL_REGIONS,
        arrows=tuple(sorted({(min(a, b), max(a, b)) for a, b in geo.ARROW_ENDS})),
        links=(),
        players=6,
        cards=tuple((c.value, "O" if i >= 6 else "PBCKWR"[i]) for i, c in enumerate(ClassCard)),
        hands=True,
        lang="fr",
        diplomats=True,
        legend=("diplomat", "caravan"),
    )
    few = Layout(
        used=("anglia", "gallia", "hispania", "germania", "italia", "scandia", "polonia"),
        arrows=(("anglia", "gallia"), ("anglia", "scandia")),
        links=(),
        players=2,
        cards=full.cards[:6],
        hands=False,
        lang="en",
    )
    statics = [_whole(full), _whole(few)]
    width = WIDTH
    height = sum(2 * im.height for im in statics) + 120
    img = Image.new("RGB", (width, height), PANEL)
    y = 0
    for static in statics:
        img.paste(static, (0, y))
        washed = static.copy()
        for region in ALL_REGIONS:
            overlay, at = _plague_overlay(region)
            if at[1] + overlay.height <= static.height:
                washed.paste(overlay, at, overlay)
        img.paste(washed, (0, y + static.height))
        y += 2 * static.height
    x = 10
    sprites = [chip_sprite(seat, CHIP) for seat in range(6)]
    sprites += [plague_sprite(PLAGUE_R), rat_sprite(RAT_R), rat_sprite(RAT_R, NEW)]
    sprites += [rat_sprite(RAT_R, GOLD), _caravan_sprite(CARAVAN_R), _diplomat_sprite()]
    sprites += [_shown_sprite(4, ("M", "A", "P")), _shown_sprite(2, ("B", "C", "K"))]
    sprites += [_shown_sprite(3, ("W", "R", "O"))]
    for sprite in sprites:
        img.paste(sprite, (x, y + 6), sprite)
        x += sprite.width + 6
    face = token_face_sprite(4, ("M", "A", "P", "B", "C", "K", "W", "R", "O", "?"), FACE)
    img.paste(face, (10, y + 60), face)
    d = ImageDraw.Draw(img)
    for colour in (PLAGUE_TINT, HIGHLIGHT, GOLD, GOLD_INK, WHITE, NEW, PLAGUE, INK, FAINT, MUTED):
        d.rectangle([x, y + 6, x + 20, y + 26], fill=colour)
        x += 24
    put_text(img, (x, y + 6), "Aa éà ☠ → 0123456789 −", 20, PLAGUE)
    put_text(img, (x, y + 40), "Aa éà 0123456789", 20, INK, halo=WHITE)
    return img


# One palette for every board: sprites blended once can be pasted into any of them.
_PALETTE: OnceCache[str, Image.Image] = OnceCache(
    lambda name: stored_palette(
        name,
        lambda: make_palette(
            _reference(), [*exact_colours(), *sprites.colours(), GOLD_INK, *LAND_TONES]
        ),
    )
)


def _palette() -> Image.Image:
    return _PALETTE.get("rattus")


PALETTES["rattus"] = _palette


def _indexed(img: Image.Image) -> Image.Image:
    return img.quantize(palette=_palette(), dither=Image.Dither.NONE)


# The static layers, kept only in palette form: the map (a few per game: regions in play and
# language) and the panel (one per player count, class cards and
# language; bounded, since Africanus games choose their class cards).
_MAP_LAYERS: OnceCache[Layout, Image.Image] = OnceCache(lambda key: _indexed(_map_layer(key)))


@lru_cache(maxsize=64)
def _panel_indexed(key: Layout) -> Image.Image:
    return _indexed(_panel_layer(key))


def _canvas(layout: Layout) -> Canvas:
    """A fresh copy of a layout's static layers (the map, the panel under it) to draw on."""
    base = _MAP_LAYERS.get(layout.map_key).crop((0, 0, WIDTH, layout.height))
    base.paste(_panel_indexed(layout.panel_key), (0, layout.map_height))
    return Canvas(base, "rattus")


# ------------------------------------------------------------------ the pieces


def _rat(c: Canvas, centre: Point, ring: RGB | None = None) -> None:
    c.centred(("rattus.rat", RAT_R, ring), centre)


def _face(c: Canvas, x: float, y: float, token: TokenView | RevealView, size: int = FACE) -> int:
    """A revealed rat token's face (limit and symbols); returns its right edge."""
    limit, symbols = int(token["limit"]), tuple(token["symbols"])
    box = c.sprite(("rattus.face", limit, symbols, size), (x, y))
    return int(box[2])


@lru_cache(maxsize=64)
def _plague_overlay(region: str) -> tuple[Image.Image, tuple[int, int]]:
    """The plague region's highlight: a translucent red wash and a thick red outline."""
    polys = geo.SHAPES[region]
    xs = [x for p in polys for x, _ in p]
    ys = [y for p in polys for _, y in p]
    pad = 8
    x0, y0 = int(min(xs)) - pad, int(min(ys)) - pad
    size = (int(max(xs)) - x0 + pad, int(max(ys)) - y0 + pad)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        for poly in polys:
            pts = [((x - x0) * s, (y - y0) * s) for x, y in poly]
            d.polygon(pts, fill=(*PLAGUE_TINT, 140))
        for poly in polys:
            pts = [((x - x0) * s, (y - y0) * s) for x, y in poly]
            d.line([*pts, pts[0]], fill=(*PLAGUE, 255), width=round(6 * s), joint="curve")

    return supersampled(size, draw, 2), (x0, y0)


def _trim(points: Sequence[Point], start: float, end: float) -> list[Point]:
    """A polyline without its first `start` and last `end` pixels of length."""

    def cut(pts: Sequence[Point], length: float) -> list[Point]:
        out = list(pts)
        while len(out) > 2:
            (x1, y1), (x2, y2) = out[0], out[1]
            seg = math.hypot(x2 - x1, y2 - y1)
            if seg > length:
                t = length / seg
                out[0] = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
                return out
            length -= seg
            out.pop(0)
        return out

    return cut(cut(points, start)[::-1], end)[::-1]


@lru_cache(maxsize=256)
def _move_arrow(a: Point, b: Point) -> tuple[Image.Image, tuple[int, int]]:
    """The plague's last move: a bold red arrow, bent to one side, ending at the piece."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    bend = (mx - dy * 0.22, my + dx * 0.22)
    pts = _trim(bezier(a, bend, b, 24), 12, PLAGUE_R + 6)
    pad = 24
    x0 = int(min(p[0] for p in pts)) - pad
    y0 = int(min(p[1] for p in pts)) - pad
    size = (int(max(p[0] for p in pts)) - x0 + pad, int(max(p[1] for p in pts)) - y0 + pad)
    local = [(x - x0, y - y0) for x, y in pts]
    body = _trim(local, 0, 14)

    # Drawn at twice the size as two masks (the white outline, the red arrow), each halved by
    # averaging: a new arrow is drawn on most plague moves, and an RGBA drawing twice the size
    # cost several times more.
    s = 2
    scaled = [(x * s, y * s) for x, y in body]
    tip = (local[-1][0] * s, local[-1][1] * s)
    head = arrow_head(tip, scaled[-1], 22 * s, 20 * s)
    masks = []
    for width in (9 * s, 5 * s):  # the white outline, then the red arrow
        mask = Image.new("L", (size[0] * s, size[1] * s), 0)
        d = ImageDraw.Draw(mask)
        d.line(scaled, fill=255, width=round(width))
        r = width / 2
        for x, y in scaled[1:-1]:  # round joints (ImageDraw's curved joints cost far more)
            d.ellipse([x - r, y - r, x + r, y + r], fill=255)
        if width > 5 * s:
            d.polygon(head, fill=255, outline=255, width=round(4 * s))
        else:
            d.polygon(head, fill=255)
        masks.append(mask.reduce(s))
    outline, arrow = masks
    red, white = Image.new("RGB", size, PLAGUE), Image.new("RGB", size, WHITE)
    sprite = Image.composite(red, white, arrow).convert("RGBA")
    sprite.putalpha(ImageChops.lighter(outline, arrow))
    return sprite, (x0, y0)


@sprite_maker("rattus.shown")
def _shown(limit: int, symbols: tuple[str, ...]) -> Sprite:
    return _shown_sprite(limit, symbols), (0, 0)


@lru_cache(maxsize=128)
def _shown_sprite(limit: int, symbols: tuple[str, ...]) -> Image.Image:
    """A rat token face up on the map (the final ravage, or a token this seat has seen): a dark
    square the size of its slot, with the limit and up to three symbol pictograms in a 2 x 2
    grid (reading order)."""
    side, pad, gap = SHOWN, 2, 1
    cell = (side - 2 * pad - gap) // 2

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        box = [s, s, (side - 1) * s, (side - 1) * s]
        d.rounded_rectangle(box, radius=6 * s, fill=RAT, outline=RAT_RIM, width=round(1.5 * s))

    sprite = supersampled((side, side), draw)
    left, right = pad, pad + cell + gap
    top, bottom = pad, pad + cell + gap
    cells = [(left, top), (right, top), (left, bottom), (right, bottom)]
    if len(symbols) == 1:
        middle = (side - cell) // 2
        cells = [(left, middle), (right, middle)]
    elif len(symbols) == 2:
        cells[2] = ((side - cell) // 2, bottom)
    centre = (cells[0][0] + cell / 2, cells[0][1] + cell / 2 + 1)
    put_text(sprite, centre, str(limit), cell + 2, WHITE, anchor="mm")
    for symbol, at in zip(symbols, cells[1:], strict=False):
        badge = symbol_badge(symbol, cell)
        sprite.paste(badge, at, badge)
    return sprite


@sprite_maker("rattus.seen")
def _seen(limit: int) -> Sprite:
    return _seen_sprite(limit), (0, 0)


@lru_cache(maxsize=16)
def _seen_sprite(limit: int) -> Image.Image:
    """A rat token this seat has seen, on the private image's map: a dark square the size of
    its slot, ringed in gold, with its limit large enough to read on a phone (its symbols,
    which would be too small here, are listed in the panel)."""
    side = SHOWN

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        box = [s, s, (side - 1) * s, (side - 1) * s]
        d.rounded_rectangle(box, radius=6 * s, fill=RAT, outline=GOLD, width=round(3 * s))

    sprite = supersampled((side, side), draw)
    put_text(sprite, (side / 2, side / 2 + 1), str(limit), SEEN_LIMIT, WHITE, anchor="mm")
    return sprite


@sprite_maker("rattus.diplomat")
def _diplomat() -> Sprite:
    return _diplomat_sprite(), (0, 0)


@sprite_maker("rattus.caravan")
def _caravan(r: int) -> Sprite:
    return _caravan_sprite(r), (0, 0)


@lru_cache(maxsize=1)
def _diplomat_sprite() -> Image.Image:
    """A diplomat: a small white pennant on a pole, flying left (drawn on the top right of its
    seat's piece, clear of the count beside it and of the row above)."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.line([(14.5 * s, 0.5 * s), (14.5 * s, 18 * s)], fill=INK, width=round(2.6 * s))
        d.polygon(
            [(13.5 * s, 1 * s), (1 * s, 5.5 * s), (13.5 * s, 10 * s)],
            fill=WHITE,
            outline=INK,
            width=round(1.8 * s),
        )

    return supersampled((16, 18), draw)


CARAVAN_R = 18


@lru_cache(maxsize=4)
def _caravan_sprite(r: int) -> Image.Image:
    """The caravan: a gold disc with a camel."""
    side = 2 * r + 2

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        c = side * s / 2
        d.ellipse(
            [s, s, (side - 1) * s, (side - 1) * s], fill=GOLD, outline=INK, width=round(2 * s)
        )
        u = r * s / 12

        def p(x: float, y: float) -> Point:
            return (c + x * u, c + y * u)

        # A camel walking right: body and hump, neck and head, four legs, a tail.
        d.ellipse([*p(-6.5, -1.5), *p(4, 3.5)], fill=INK)
        d.ellipse([*p(-4.5, -5), *p(1.5, 1)], fill=INK)
        d.polygon([p(2, -0.5), p(5, -6), p(7, -6), p(4.5, 2)], fill=INK)
        d.ellipse([*p(4.6, -8), *p(8.6, -5)], fill=INK)
        for x in (-5.5, -3.5, 1, 3):
            d.line([p(x, 2), p(x, 8)], fill=INK, width=round(1.3 * u))
        d.line([p(-6.3, 0), p(-8, 3)], fill=INK, width=round(1 * u))

    return supersampled((side, side), draw)


def _near(a: geo.Anchors, box: tuple[int, int, int, int]) -> bool:
    x, y = a.label
    return box[0] - 80 <= x <= box[2] + 80 and box[1] - 50 <= y <= box[3] + 20


def _piece_width(n: int) -> int:
    """The width of a cube piece: a seat's piece and its count."""
    return CHIP + 3 + text_width(str(n), COUNT_SIZE, "condensed")


class Placement(NamedTuple):
    """Where a region's pieces go: the top-left corner of each holder's piece (in seat
    order), the plague piece's centre, and whether the pieces are stacked (a crowded region:
    the count under the seat's piece instead of beside it)."""

    cells: tuple[Point, ...]
    plague: Point
    stacked: bool = False
    dense: bool = False  # stacked and smaller: the last resort of the most crowded regions


@lru_cache(maxsize=4096)
def _placed(
    region: str, counts: tuple[int, ...], plague: bool = False, caravan: bool = False
) -> Placement:
    """Where a region's cube pieces go (the top-left corner of each holder's piece, in seat
    order) and where the plague piece would stand: the pieces fill the region's rows (see
    `geo.Anchors`); the plague takes the first row left free, else the free end of a row,
    else the region's own spot. When the rows cannot hold the pieces (five or six holders,
    two-digit counts, in a small region), they are packed over all the region's land,
    side by side or stacked (see `_crowded`): `plague` and `caravan` say whether those
    pieces are in the region too, so that the packing leaves them room."""
    a = geo.ANCHORS[region]
    rows = list(a.rows)
    cells: list[Point] = []
    ends = [row[1] for row in rows]  # where each row's next piece would start
    used = [False] * len(rows)
    k = 0
    for n in counts:
        width = _piece_width(n)
        while k < len(rows) and used[k] and ends[k] + width > rows[k][2]:
            k += 1
        if k == len(rows):  # more pieces than the rows hold: packed over the whole region
            return _crowded(region, counts, plague, caravan)
        cells.append((ends[k], rows[k][0]))
        ends[k] += max(a.pitch, width + 6)
        used[k] = True
    # The plague piece is taller than a row: it stands a little low, into the free row under.
    radius, low = PLAGUE_R + 2, CHIP / 2 + 5
    for (top, left, right), busy in zip(rows, used, strict=True):
        if not busy:
            return Placement(tuple(cells), ((left + right) / 2, top + low))
    last = max((k for k, busy in enumerate(used) if busy), default=0)
    top, _, right = rows[last]
    if right - ends[last] >= 2 * radius - 4:  # the last row used has room at its end
        return Placement(tuple(cells), ((ends[last] + right) / 2, top + low))
    return Placement(tuple(cells), a.plague)


PACKED_GAP = 3  # between two pieces of a crowded region
PACKED_MARGIN = 2  # from a crowded region's pieces to its coast or borders
STACK_H = CHIP + 24  # a stacked piece: the seat's piece, its count under it (21 px digits)
# The last resort of a region too crowded even for stacked pieces (Turcia with the plague and
# six holders): smaller stacked pieces.
DENSE_CHIP = 26
DENSE_COUNT = 24
DENSE_H = DENSE_CHIP + 21


@lru_cache(maxsize=128)
def _room(region: str, plague: bool, caravan: bool) -> Image.Image:
    """Where a crowded region's pieces may go (an "L" mask of the map, 255 = free): its own
    land, PACKED_MARGIN pixels in from its edges, clear of every region's name (in every
    language) and rat-token slots, and of the plague's and the caravan's own spots when they
    are there."""
    a = geo.ANCHORS[region]
    size = (geo.MAP_W, geo.AFRICA_TOP + geo.AFRICA_H)
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    for poly in geo.SHAPES[region]:
        d.polygon(poly, fill=255)
    x0, y0, x1, y1 = mask.getbbox() or (0, 0, 1, 1)
    box = (max(0, x0 - 4), max(0, y0 - 4), min(size[0], x1 + 4), min(size[1], y1 + 4))
    mask.paste(mask.crop(box).filter(ImageFilter.MinFilter(2 * PACKED_MARGIN + 1)), box[:2])
    d = ImageDraw.Draw(mask)
    for (x, y), r, there in ((a.plague, PLAGUE_R + 3, plague), (a.extra, CARAVAN_R + 3, caravan)):
        if there:
            d.rectangle([x - r, y - r, x + r, y + r], fill=0)
    langs = sorted(languages(GAME))
    for other, b in geo.ANCHORS.items():
        name = max(text_width(region_name(other, lang), NAME_SIZE, "condensed") for lang in langs)
        half = name / 2 + 4
        d.rectangle([b.label[0] - half, b.label[1] - 16, b.label[0] + half, b.label[1] + 16], 0)
        d.rectangle([b.rats[0] - RAT_R - 2, b.rats[1] - RAT_R - 2, b.rats[0] + 2 * RAT_PITCH
                     + RAT_R + 2, b.rats[1] + RAT_R + 2], 0)  # fmt: skip
    return mask


@lru_cache(maxsize=128)
def _room_rows(region: str, spot: bool, caravan: bool) -> tuple[int, ...]:
    """A region's room (see `_room`) row by row, each a number whose bits are its pixels (the
    leftmost the highest), 1 where free: a band's free columns are its rows ANDed."""
    room = _room(region, spot, caravan).point(lambda v: 255 if v == 255 else 0).convert("1")
    stride = (room.width + 7) // 8
    data = room.tobytes()
    return tuple(
        int.from_bytes(data[y * stride : (y + 1) * stride], "big") for y in range(room.height)
    )


FREE = re.compile("1+")


@lru_cache(maxsize=65536)
def _free_runs(
    region: str, spot: bool, caravan: bool, top: int, height: int
) -> tuple[tuple[int, int], ...]:
    """The spans [x0, x1) of a band of a region's room (see `_room`) free from top to
    bottom."""
    rows = _room_rows(region, spot, caravan)
    if top < 0 or top + height > len(rows):
        return ()
    free = rows[top]
    for row in rows[top + 1 : top + height]:
        free &= row
        if not free:
            return ()
    bits = format(free, f"0{8 * ((geo.MAP_W + 7) // 8)}b")
    return tuple((m.start(), min(m.end(), geo.MAP_W)) for m in FREE.finditer(bits))


def _stack_width(n: int, dense: bool = False) -> int:
    """The width of a stacked piece: the seat's piece, or its count under it if wider."""
    if dense:
        return max(DENSE_CHIP, text_width(str(n), DENSE_COUNT, "condensed"))
    return max(CHIP, text_width(str(n), COUNT_SIZE, "condensed"))


@lru_cache(maxsize=32)
def _top(region: str) -> int:
    """The top of a region's land."""
    return (_room(region, False, False).getbbox() or (0, 0, 0, 0))[1]


@lru_cache(maxsize=32)
def _bottom(region: str) -> int:
    """The bottom of a region's land."""
    return (_room(region, False, False).getbbox() or (0, 0, 0, 0))[3]


def _packed(
    region: str,
    counts: tuple[int, ...],
    stacked: bool,
    caravan: bool,
    plague: str = "",
    dense: bool = False,
    start: int = 0,
    widest: bool = False,
) -> tuple[tuple[Point, ...], Point] | None:
    """A crowded region's pieces (top-left corners of their boxes), in rows over all its free
    land (see `_room`), each row filled left to right in every free span; stacked pieces
    (the count under the seat's piece) are narrower. The plague piece: with plague="after",
    in the first place the pieces leave free (else no placement); "spot", on its own spot,
    kept free; "row" (stacked rows only, as high as it), packed first as one more piece. The
    rows start at `start` (or lower); with `widest`, each place takes the widest piece left
    that fits, not the first in seat order. None when they do not all fit."""
    a = geo.ANCHORS[region]
    found: dict[int, Point] = {}
    side = 2 * PLAGUE_R + 4
    carry = plague == "row" and stacked
    widths = ([side] if carry else []) + [
        _stack_width(n, dense) if stacked else _piece_width(n) for n in counts
    ]
    height = (DENSE_H if dense else STACK_H) if stacked else CHIP
    spot = plague == "spot"
    y = start
    bottom = _bottom(region)
    while y + height <= bottom and len(found) < len(widths):
        before = len(found)
        for x0, x1 in _free_runs(
            region, spot, caravan, y - 4, height + 4
        ):  # a diplomat's pennant rises 4 px
            x = x0
            while True:  # the first piece left in seat order (or the widest) that fits
                fits = [(-w, k) for k, w in enumerate(widths) if k not in found and x + w <= x1]
                if not fits:
                    break
                k = min(fits)[1] if widest else fits[0][1]
                found[k] = (x, y)
                x += widths[k] + PACKED_GAP
        # The next row right under a row that holds pieces, else a little lower.
        y += height + PACKED_GAP + 1 if len(found) > before else 2
    if len(found) < len(widths):
        return None
    if carry:
        px, py = found[0]
        cells = [found[k + 1] for k in range(len(counts))]
        return tuple(cells), (px + side / 2, py + height / 2)
    cells = [found[k] for k in range(len(counts))]
    if plague != "after":
        return tuple(cells), a.plague
    boxes = [(x, y, x + w, y + height) for (x, y), w in zip(cells, widths, strict=True)]
    for top in range(start, bottom - side, 4):
        for x0, x1 in _free_runs(region, spot, caravan, top, side):
            for left in range(x0, x1 - side, 4):
                box = (left, top, left + side, top + side)
                if not any(
                    b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]
                    for b in boxes
                ):
                    return tuple(cells), (left + side / 2, top + side / 2)
    return None


@lru_cache(maxsize=32)
def _starts(region: str) -> tuple[tuple[int, bool], ...]:
    """Where a crowded region's rows may start, best first (under its name, in seat order,
    then from the top of its land, then with the widest pieces first), a few pixels apart:
    rows a little lower may hold more."""
    under = round(geo.ANCHORS[region].rows[0][0])
    top = _top(region) + 4
    return tuple(
        (y + shift, widest)
        for widest in (False, True)
        for y in dict.fromkeys((under, top))
        for shift in range(0, STACK_H, 6)
    )


def _crowded(region: str, counts: tuple[int, ...], plague: bool, caravan: bool) -> Placement:
    """A crowded region's pieces: side by side over all its land if they fit, else stacked
    (the count under the seat's piece); the plague piece where they leave room, else on its
    own spot kept free, else (stacked) in a row as one more piece."""
    for stacked, dense in ((False, False), (True, False), (True, True)):
        for where in ("after", "spot", "row")[: 3 if stacked else 2] if plague else ("",):
            for start, widest in _starts(region):
                found = _packed(region, counts, stacked, caravan, where, dense, start, widest)
                if found is not None:
                    return Placement(*found, stacked, dense)
    # Not with the board's regions and six holders, one with a two-digit count (see the
    # tests); else, rather than no board, rows under the region's last.
    a = geo.ANCHORS[region]
    top, left, _ = a.rows[-1]
    cells = [(left, top + (k + 1) * geo.ROW_DY) for k in range(len(counts))]
    return Placement(tuple(cells), a.plague)


def _counts(view: RattusView, region: str) -> tuple[int, ...]:
    return next(
        (tuple(int(n) for n in r["cubes"] if n) for r in view["regions"] if r["id"] == region),
        (),
    )


def _plague_spot(view: RattusView, region: str) -> Point:
    """Where the plague piece stands (see `_placed`)."""
    return _placed(region, _counts(view, region), True, view.get("caravan") == region).plague


def _headline(view: RattusView, lang: str) -> str:
    phase = view["phase"]
    if phase == "over":
        return tr(lang, "over")
    if phase in ("opening", "caravan"):
        return tr(lang, "opening")
    if view.get("final") and phase in ("final", "ravage_order", "reaction"):
        return tr(lang, "final")
    return tr(lang, "turn", n=view.get("turn", 0))


def _steps_line(view: RattusView, lang: str) -> str:
    """The active player's progress through the turn (main phase), else the open decision."""
    phase = view["phase"]
    if phase != "main":
        return tr(lang, f"phase_{phase}")
    done = view.get("turn_state") or {}
    marks = [
        tr(lang, "step_card") + (" ✓" if done.get("took_card") else ""),
        tr(lang, "step_cubes") + (" ✓" if done.get("placed") else ""),
        tr(lang, "step_plague"),
    ]
    return " · ".join(marks)


def _legend_items(view: RattusView) -> tuple[str, ...]:
    """Africanus pieces present in this game, to explain under the panel."""
    cards = {c["card"] for c in view["cards"]}
    items = []
    # The view says when the game has diplomats (a supply, with the Sultan) and none else.
    if view.get("diplomats") or view.get("diplomat_supply") is not None:
        items.append("diplomat")
    if view.get("caravan") or "caravaneer" in cards:
        items.append("caravan")
    return tuple(items)


def _draw_regions(
    c: Canvas,
    view: RattusView,
    lang: str,
    known: Mapping[str, Mapping[int, TokenView]] | None = None,
    layout: Layout | None = None,
) -> None:
    """Every region's rat tokens and cubes, the plague (its region washed red, the arrow of its
    last move), the diplomats and the caravan; in the final ravage, the faces it revealed.
    The private image gives `known`, the faces this seat has seen by region and position: they
    lie face up in their slots, and the plague's wash and arrow are left out."""
    plague = view["plague"]
    recent = view["recent"]
    final = recent is not None and recent["final"]
    spread: Mapping[str, int] = recent["spread"] if recent is not None and not final else {}
    diplomats: Mapping[str, Sequence[int]] = view.get("diplomats") or {}
    caravan = view.get("caravan")
    shown: dict[str, list[RevealView]] = {}
    if recent is not None and final:
        # The final ravage turns every rat token face up: each stays on the map where it lay.
        for rev in recent["revealed"]:
            shown.setdefault(rev["region"], []).append(rev)
    if known is None:
        _draw_plague_move(c, view, plague, recent, layout or _layout(view, lang))
    for region in view["regions"]:
        rid = region["id"]
        a = geo.ANCHORS.get(rid)
        if a is None:
            continue
        faces = shown.get(rid, [])[:3]
        # Three faces are wider than three slots: kept inside the image at its east edge.
        middle = min(a.rats[0] + RAT_PITCH, geo.MAP_W - 2 - SHOWN_PITCH - SHOWN / 2)
        for k, face in enumerate(faces):
            at = (middle + (k - 1) * SHOWN_PITCH, a.rats[1])
            c.centred(("rattus.shown", int(face["limit"]), tuple(face["symbols"])), at)
        tokens = min(3 - len(faces), int(region["tokens"]))
        new = 0 if known is not None else min(tokens, int(spread.get(rid, 0)))
        seen = (known or {}).get(rid, {})
        for k in range(len(faces), len(faces) + tokens):
            centre = (a.rats[0] + k * RAT_PITCH, a.rats[1])
            known_face = seen.get(k - len(faces))
            if known_face is not None:
                # Its limit, large; its symbols are in the panel, large too.
                c.centred(("rattus.seen", int(known_face["limit"])), centre)
            else:
                # The rats that just arrived are ringed.
                _rat(c, centre, NEW if k >= len(faces) + tokens - new else None)
        holders = [(s, int(n)) for s, n in enumerate(region["cubes"]) if n]
        here = set(diplomats.get(rid, ()))
        placed = _placed(rid, tuple(n for _, n in holders), rid == plague, rid == caravan)
        for (seat, n), (x, y) in zip(holders, placed.cells, strict=True):
            if placed.stacked:
                chip = DENSE_CHIP if placed.dense else CHIP
                x += (_stack_width(n, placed.dense) - chip) // 2
                _stacked_chip(c, x, y, seat, n, placed.dense)
            else:
                _counted_chip(c, x, y, seat, n)
            if seat in here:
                c.sprite(("rattus.diplomat",), (x + CHIP - 16, y - 4))
        if caravan == rid:
            c.centred(("rattus.caravan", CARAVAN_R), a.extra)
    if plague in geo.ANCHORS:
        x, y = where = _plague_spot(view, plague)
        c.centred(("rattus.plague", PLAGUE_R), where)
        if recent is not None and recent["neutral"] and recent["plague_to"] == plague:
            # The Knight's plague counts as two neutral cubes: "+2" beside it, on the side
            # that has room.
            africa = any(r["id"].startswith("na") for r in view["regions"])
            size = WIDE_PLUS_SIZE if africa and known is None else PLUS_SIZE
            if x + PLAGUE_R + 48 < geo.MAP_W:
                c.text((x + PLAGUE_R + 5, y), "+2", size, PLAGUE, anchor="lm", halo=WHITE)
            else:
                c.text((x - PLAGUE_R - 5, y), "+2", size, PLAGUE, anchor="rm", halo=WHITE)


def _draw_plague_move(
    c: Canvas, view: RattusView, plague: str, recent: RecentView | None, layout: Layout
) -> None:
    """The plague region's red wash and the arrow of the last move, composited in RGB (they
    cover much of the map), with the names and empty slots they cross drawn again on top:
    drawn over the static map before any piece, so kept per map, region and arrow."""
    arrow: tuple[Point, Point] | None = None
    if recent is not None and not recent["final"]:
        src, dst = recent["plague_from"], recent["plague_to"]
        if src in geo.ANCHORS and dst in geo.ANCHORS and src != dst:
            arrow = (_plague_spot(view, src), _plague_spot(view, dst))
    used = tuple(r["id"] for r in view["regions"] if r["id"] in geo.ANCHORS)
    key = layout.map_key
    found = _plague_patch(key, plague, arrow, used)
    if found is not None:
        c.put(*found, name=("rattus.plague", key, plague, arrow, used))


@lru_cache(maxsize=256)
def _plague_patch(
    key: Layout, plague: str, arrow: tuple[Point, Point] | None, used: tuple[str, ...]
) -> tuple[tuple[int, int], Image.Image, Image.Image] | None:
    layers: list[tuple[Image.Image, tuple[int, int]]] = []
    if plague in geo.SHAPES:
        layers.append(_plague_overlay(plague))
    if arrow is not None:
        layers.append(_move_arrow(*arrow))
    if not layers:
        return None
    x0 = max(0, min(at[0] for _, at in layers))
    y0 = max(0, min(at[1] for _, at in layers))
    x1 = max(at[0] + im.width for im, at in layers)
    y1 = max(at[1] + im.height for im, at in layers)
    box = (x0, y0, x1, y1)
    labels = [r for r in used if _near(geo.ANCHORS[r], box)]

    def compose(area: Image.Image) -> None:
        for layer, (lx, ly) in layers:
            area.paste(layer, (lx - x0, ly - y0), layer)
        for region in labels:
            _label(area, region, key.lang, geo.ANCHORS[region], (-x0, -y0))

    return Canvas(_MAP_LAYERS.get(key), "rattus").composite(box, compose)


def _label(
    img: Image.Image, region: str, lang: str, a: geo.Anchors, shift: tuple[int, int]
) -> None:
    """A region's name and its three empty rat-token slots (RGB, as in the static layer)."""
    dx, dy = shift
    at = (a.label[0] + dx, a.label[1] + dy)
    put_text(img, at, region_name(region, lang), NAME_SIZE, INK, style="condensed", anchor="mm")
    for k in range(3):
        centre = (a.rats[0] + k * RAT_PITCH + dx, a.rats[1] + dy)
        paste_centred(img, empty_slot_sprite(RAT_R), centre)


def _counted_chip(c: Canvas, x: float, y: float, seat: int, n: int) -> None:
    """A seat's piece with its number of cubes beside it (in a region or the palace)."""
    c.chip(x, y, seat, CHIP)
    at = (x + CHIP + 3, y + CHIP / 2 + 1)
    c.text(at, str(n), COUNT_SIZE, INK, style="condensed", anchor="lm", halo=PAPER)


def _stacked_chip(c: Canvas, x: float, y: float, seat: int, n: int, dense: bool) -> None:
    """A seat's piece with its number of cubes under it (a crowded region)."""
    chip, size, height = (
        (DENSE_CHIP, DENSE_COUNT, DENSE_H) if dense else (CHIP, COUNT_SIZE, STACK_H)
    )
    c.chip(x, y, seat, chip)
    c.text(
        (x + chip / 2, y + height), str(n), size, INK, style="condensed", anchor="ms", halo=PAPER
    )


def _draw_palace(c: Canvas, palace: Sequence[int]) -> None:
    x0, y0, _, _ = geo.PALACE_BOX
    cells = [(s, n) for s, n in enumerate(palace) if n]
    for i, (seat, n) in enumerate(cells):
        x = x0 + 10 + (i % 2) * 72
        y = y0 + 46 + (i // 2) * 42
        _counted_chip(c, x, y, seat, n)


# ------------------------------------------------------------------ the panel


def _draw_panel(c: Canvas, view: RattusView, names: Sequence[str], layout: Layout) -> None:
    lang = layout.lang
    rows = _rows(layout)
    top = rows.top
    x = text_width("RATTUS", 32) + PX + 18
    headline = _headline(view, lang)
    c.text((x, top + 32), headline, 30, INK, anchor="lm")
    c.text((PR, top + 32), str(view["rat_supply"]), SCORE_SIZE, INK, anchor="rm")
    movers: list[int] = list(view.get("to_move") or [])
    result = view.get("result")
    if layout.kind == "final" and result:
        winner = int(result["ranking"][0]["seat"])
        c.chip(PX, top + 60, winner, CHIP)
        line = fit_text(tr(lang, "winner", who=_name(names, winner, lang)), 28, PR - PX - 42)
        c.text((PX + 42, top + 75), line, 28, PLAGUE, anchor="lm")
        _draw_ranking(c, result, names, layout, rows)
    else:
        if movers:
            x = PX
            for seat in movers[:4]:
                c.chip(x, top + 59, seat, CHIP)
                x += CHIP + 6
            who = ", ".join(_name(names, s, lang) for s in movers)
            line = fit_text(tr(lang, "to_move", who=who), 28, PR - x - 6)
            c.text((x + 6, top + 74), line, 28, INK, anchor="lm")
            steps = fit_text(_steps_line(view, lang), 22, PR - PX, "regular")
            c.text((PX, top + 110), steps, 22, MUTED, style="regular", anchor="lm")
        _draw_players(c, view, names, layout, movers, rows.first)
    # Who holds each class card.
    for i, card in enumerate(view["cards"][: len(layout.cards)]):
        centre = rows.cards + 44 + i * CARD_ROW + 18
        holder = card.get("holder")
        if holder is None:
            c.text((CARDS_RIGHT, centre), tr(lang, "free"), 20, MUTED, style="regular", anchor="rm")
        else:
            seat = int(holder)
            label = fit_text(_name(names, seat, lang), 24, HOLDER_ROOM, "condensed")
            c.chip(
                CARDS_RIGHT - text_width(label, 24, "condensed") - CHIP - 8, centre - 15, seat, CHIP
            )
            c.text((CARDS_RIGHT, centre), label, 24, INK, style="condensed", anchor="rm")
    _draw_recent(c, view, names, lang, rows.cards, rows.legend - 14)


# The room a card holder's name has: the panel's left column, less the badge and the longest
# card name in either language.
HOLDER_ROOM = CARDS_RIGHT - (PX + CARD_BADGE + 10) - 150 - CHIP - 8


def _score_row(view: RattusView, seat: int) -> dict[str, int]:
    """A seat's numbers for the players' table: its cubes in reserve, region cards held, and
    its score with the parts it adds up, as the view counts them."""
    scores = view.get("scores")
    if scores is not None:
        points = scores[seat]
        row = {"board": points["board"], "palace": points["palace"]}
        if "region_cards" in points:
            row["region_cards"] = points["region_cards"]
        if "diplomats" in points:
            row["diplomats"] = points["diplomats"]
        row["score"] = points["total"]
    else:  # a view from before the scores were in it: cubes only
        board, palace = int(view["on_board"][seat]), int(view["palace"][seat])
        row = {"board": board, "palace": palace, "score": board + palace}
    row["reserve"] = int(view["reserve"][seat])
    hands: Sequence[int] | None = view.get("hand_counts")
    row["hand"] = int(hands[seat]) if hands is not None else 0
    return row


def _draw_players(
    c: Canvas,
    view: RattusView,
    names: Sequence[str],
    layout: Layout,
    movers: Sequence[int],
    y: int,
) -> None:
    """The turn order: each seat's piece and name, its cubes in reserve and the region cards
    it holds (never which), then its score and the parts it adds up."""
    columns = _columns(layout)
    room = _name_room(layout)
    x = _name_x(layout)
    for seat in range(layout.players):
        centre = y + PLAYER_ROW // 2
        if seat in movers:
            c.flat((PX - 12, y + 2, PR - 66, y + PLAYER_ROW - 2), HIGHLIGHT, radius=8)
            c.text((PX - 6, centre), "▶", 18, PLAGUE, anchor="lm")
        c.chip(PX + 16, centre - CHIP // 2, seat, CHIP)
        name = fit_text(_name(names, seat, layout.lang), 28, room, "condensed")
        c.text((x, centre), name, 28, INK, style="condensed", anchor="lm")
        _numbers(c, columns, _score_row(view, seat), centre)
        y += PLAYER_ROW


def _numbers(c: Canvas, columns: Sequence[Column], row: Mapping[str, int], centre: int) -> None:
    """A row's numbers, with "+" between the parts of the score and "=" before it."""
    for prev, col in itertools.pairwise(columns):
        if prev.part and (col.part or col.key == "score"):
            sign = "=" if col.key == "score" else "+"
            x = (prev.right + col.right - NUMBER_ROOM) // 2 + (4 if sign == "=" else 0)
            c.text((x, centre), sign, 24, FAINT, style="regular", anchor="mm")
    for col in columns:
        value = str(row.get(col.key, 0))
        if col.key == "score":
            c.text((col.right, centre), value, SCORE_SIZE, INK, anchor="rm")
        else:
            colour = INK if col.part else MUTED
            c.text((col.right, centre), value, NUMBER_SIZE, colour, style="condensed", anchor="rm")


def _draw_ranking(
    c: Canvas,
    result: ResultView,
    names: Sequence[str],
    layout: Layout,
    rows: PanelRows,
) -> None:
    """The final ranking: place, piece, name, then the parts of the score and the score."""
    columns = _columns(layout)
    room = _name_room(layout)
    x = _name_x(layout)
    y = rows.first
    ranking = list(result["ranking"])
    for row in ranking:
        seat = int(row["seat"])
        centre = y + PLAYER_ROW // 2
        if row["rank"] == 1:
            c.flat((PX - 12, y + 2, PR - 66, y + PLAYER_ROW - 2), HIGHLIGHT, radius=8)
        c.text((PX, centre), f"{row['rank']}.", 30, INK, anchor="lm")
        c.chip(PX + 34, centre - CHIP // 2, seat, CHIP)
        name = fit_text(_name(names, seat, layout.lang), 28, room, "condensed")
        c.text((x, centre), name, 28, INK, style="condensed", anchor="lm")
        numbers = {k: int(v) for k, v in (row.get("breakdown") or {}).items()}
        numbers["score"] = int(row["score"])
        _numbers(c, columns, numbers, centre)
        y += PLAYER_ROW
    scores = [row["score"] for row in ranking]
    if len(set(scores)) < len(scores):
        c.text(
            (PR, y + TIE_NOTE // 2), tr(layout.lang, "tie"), 20, MUTED, style="regular", anchor="rm"
        )


def _losses_row(c: Canvas, x: int, y: int, losses: Sequence[int]) -> int:
    """Each seat's piece with the cubes it lost ("−2"), from x; returns the y of the next line
    (the row wraps when the column is full)."""
    start = x
    for seat, n in enumerate(losses):
        if not n:
            continue
        if x + LOSS_W > PR + 4:
            x, y = start, y + 40
        c.chip(x, y + 5, seat, CHIP)
        c.text((x + CHIP + 4, y + 20), f"−{n}", 30, PLAGUE, anchor="lm")
        x += LOSS_W
    return y + 44


LOSS_W = 88  # a piece and "−2"


def _draw_recent(
    c: Canvas,
    view: RattusView,
    names: Sequence[str],
    lang: str,
    y: int,
    bottom: int,
) -> None:
    """What the last plague move did, in the panel's right column: where it went (and whether
    it counted as two cubes), where the new rats went, each token revealed with the cubes it
    cost; or the final ravage."""
    recent = view.get("recent")
    if not recent:
        return
    x0, room = RX, PR - RX
    reveals = recent["revealed"]
    if recent["final"] and recent["plague_from"] == recent["plague_to"]:
        c.text((x0, y + 18), tr(lang, "final_ravage"), 22, MUTED, anchor="lm")
        y = _final_losses(c, view, reveals, lang, y + 40)
        if reveals and y + 44 <= bottom:
            # The faces it turned up lie on the map: one of them explains the others.
            first = reveals[0]
            key = ("rattus.shown", int(first["limit"]), tuple(first["symbols"]))
            c.centred(key, (x0 + SHOWN / 2, y + 22))
            lines = _wrap(tr(lang, "faces_shown"), 20, "regular", room - SHOWN - 12)
            for k, line in enumerate(lines):
                at = (x0 + SHOWN + 12, y + 22 + (k - (len(lines) - 1) / 2) * 24)
                c.text(at, line, 20, MUTED, style="regular", anchor="lm")
        return
    who = _name(names, int(recent.get("seat", 0)), lang)
    c.text((x0, y + 18), fit_text(tr(lang, "last", who=who), 22, room), 22, MUTED, anchor="lm")
    y += 44
    c.centred(("rattus.plague", 15), (x0 + 15, y + 16))
    extra = tr(lang, "plus2") if recent.get("neutral") else ""
    line = f"{region_name(recent['plague_from'], lang)} → {region_name(recent['plague_to'], lang)}"
    if extra and text_width(f"{line}  {extra}", 26, "condensed") <= room - 40:
        line, extra = f"{line}  {extra}", ""
    c.text((x0 + 40, y + 16), line, 26, PLAGUE, style="condensed", anchor="lm")
    y += 38
    if extra:
        c.text((x0 + 40, y + 14), extra, 24, PLAGUE, style="condensed", anchor="lm")
        y += 34
    spread: Mapping[str, int] = recent.get("spread") or {}
    if spread:
        c.centred(("rattus.rat", 12, NEW), (x0 + 15, y + 16))
        entries = [f"{region_name(r, lang)} +{n}" for r, n in spread.items()]
        text = tr(lang, "spread", where=", ".join(entries))
        if text_width(text, 24, "condensed") > room - 40:
            # Two regions do not fit on one line: one line each, under the heading.
            text = tr(lang, "spread", where="").rstrip()
            for entry in entries:
                c.text((x0 + 40, y + 16), text, 24, INK, style="condensed", anchor="lm")
                text, y = entry, y + 32
        c.text((x0 + 40, y + 16), text, 24, INK, style="condensed", anchor="lm")
        y += 40
    reaction = view.get("reaction")
    token = reaction["token"] if reaction is not None else None
    if not reveals and token is None:
        c.text((x0, y + 12), tr(lang, "none_revealed"), 20, MUTED, style="regular", anchor="lm")
        return
    region = reveals[0]["region"] if reveals else reaction["region"] if reaction else None
    if region and (reveals or token is not None):
        lines = _wrap(
            tr(lang, "revealed_in", region=region_name(region, lang)), 20, "regular", room
        )
        for line in lines:
            c.text((x0, y + 12), line, 20, MUTED, style="regular", anchor="lm")
            y += 26
        y += 4
    for i, rev in enumerate(reveals):
        if y + FACE > bottom:
            more = tr(lang, "more", n=len(reveals) - i)
            c.text((x0, y + 14), more, 22, MUTED, style="regular", anchor="lm")
            return
        x = _face(c, x0, y, rev) + 12
        losses = [int(n) for n in rev["losses"]]
        if not rev["outbreak"] or not any(losses):
            note = tr(lang, "no_effect" if not rev["outbreak"] else "no_loss")
            lines = _wrap(note, 20, "regular", PR - x)
            for k, line in enumerate(lines):
                at = (x, y + FACE / 2 + (k - (len(lines) - 1) / 2) * 24)
                c.text(at, line, 20, MUTED, style="regular", anchor="lm")
            y += FACE + 8
        else:
            y = _losses_row(c, x, y + FACE // 2 - 22, losses) + 6
    if token is not None and y + FACE <= bottom:
        # Africanus: a revealed token waits while seats decide on region cards.
        x = _face(c, x0, y, token) + 12
        c.text(
            (x, y + FACE / 2), tr(lang, "pending") + " …", 20, PLAGUE, style="regular", anchor="lm"
        )


def _wrap(text: str, size: int, style: str, width: int) -> list[str]:
    """A text in lines no wider than `width` (broken between words)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, style) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _final_losses(
    c: Canvas,
    view: RattusView,
    reveals: Sequence[RevealView],
    lang: str,
    y: int,
) -> int:
    """The final ravage: the cubes each seat lost in it; returns the y of the next line."""
    total = [0] * int(view["players"])
    for rev in reveals:
        for seat, n in enumerate(rev["losses"]):
            total[seat] += int(n)
    c.text((RX, y + 16), tr(lang, "lost"), 22, INK, anchor="lm")
    y += 36
    if any(total):
        return _losses_row(c, RX, y, total)
    c.text((RX, y + 16), tr(lang, "nobody_lost"), 20, MUTED, style="regular", anchor="lm")
    return y + 40


# ------------------------------------------------------------------ entry points


def warm() -> None:
    """Build the fixed palette (about a second) and read the words before the first board."""
    _palette()
    warm_words(GAME)
    for region in geo.ANCHORS:  # where a crowded region's pieces may go
        _room_rows(region, False, False)


PARTS = ("map", "players")


def _map_part(view: RattusView, layout: Layout) -> Canvas:
    """The map part: the map with its pieces (and, with the strip, its margin)."""
    key = layout.map_key
    c = Canvas(_MAP_LAYERS.get(key), "rattus", static=("rattus.map", key), shared=True)
    _draw_regions(c, view, layout.lang, layout=layout)
    _draw_palace(c, view.get("palace") or [])
    if layout.margin:
        c.text((SIDE_X, SUPPLY_Y), str(view["rat_supply"]), SUPPLY_SIZE, INK, anchor="mm")
    return c


def _players_part(view: RattusView, names: Sequence[str], layout: Layout) -> Canvas:
    """The players part: the panel that was under the map (drawn where it was: the canvas's
    origin is the panel's top)."""
    key = layout.panel_key
    base = _panel_indexed(key)
    origin = (0, layout.map_height)
    c = Canvas(base, "rattus", origin=origin, static=("rattus.panel", key), shared=True)
    _draw_panel(c, view, names, layout)
    return c


def part_inputs(view: RattusView, players: Sequence[str], *, lang: str = "en") -> dict[str, object]:
    """What each part is drawn from (plain data: a digest of it names the image): the map
    from the regions, the plague, the last move, the palace and the pieces' legend; the
    players part from everything else and the few facts of the map it shows."""
    regions = view["regions"]
    africa = any(str(r["id"]).startswith("na") for r in regions)
    legend = _legend_items(view)
    return {
        "map": {
            "regions": regions,
            "arrows": view.get("arrows"),
            "plague": view["plague"],
            "recent": view["recent"],
            "diplomats": view.get("diplomats"),
            "caravan": view.get("caravan"),
            "palace": view.get("palace"),
            "supply": view["rat_supply"] if africa else None,
            "legend": legend,
        },
        "players": {
            **{k: v for k, v in view.items() if k not in MAP_ONLY},
            "africa": africa,
            "legend": legend,
        },
    }


# View entries the players part never reads (besides the facts part_inputs names).
MAP_ONLY = frozenset({"regions", "arrows", "plague", "caravan"})


def render_part(part: str, view: RattusView, players: Sequence[str], *, lang: str = "en") -> bytes:
    """PNG of one part of the public position ("map" or "players")."""
    layout = _layout(view, language(lang))
    if part == "map":
        return _map_part(view, layout).png()
    if part == "players":
        return _players_part(view, players, layout).png()
    raise KeyError(f"no part {part!r}")


def render_parts(
    view: RattusView, players: Sequence[str], *, lang: str = "en"
) -> list[tuple[str, bytes]]:
    """The public position as two pictures near 4:3, shown one under the other: the map
    (with the pieces), then the players (turn, scores or ranking, class cards, last move)."""
    return [(part, render_part(part, view, players, lang=lang)) for part in PARTS]


def render_board(view: RattusView, players: Sequence[str], *, lang: str = "en") -> bytes:
    """PNG of the public position in one picture (the two parts, one under the other): the
    same view, names and language give the same bytes."""
    layout = _layout(view, language(lang))
    top = _map_part(view, layout).image
    bottom = _players_part(view, players, layout).image
    return common.stacked("rattus", [top, bottom], PANEL)


def _known_faces(view: RattusView) -> list[tuple[RegionView, int, TokenView]]:
    """The rat tokens this seat has seen: (region, position, face)."""
    return [
        (region, pos, face)
        for region in view["regions"]
        for pos, face in enumerate(region.get("known") or [])
        if face
    ]


def render_private(
    view: RattusSeatView, players: Sequence[str], *, lang: str = "en"
) -> bytes | None:
    """PNG for one seat's DM: the board's cubes and rats, with the rat tokens it has looked at
    (the Witch) face up where they lie and listed under the map, and its region cards
    (Africanus); None when the seat knows no token's face."""
    lang = language(lang)
    known = _known_faces(view)
    if not known:
        return None
    layout = _layout(view, lang, "private")
    c = _canvas(layout)
    by_region: dict[str, dict[int, TokenView]] = {}
    for region, pos, face in known:
        by_region.setdefault(region["id"], {})[pos] = face
    _draw_regions(c, view, lang, by_region)
    _draw_palace(c, view.get("palace") or [])
    _draw_private_panel(c, view, players, layout, known)
    return c.png()


def _badge(c: Canvas, symbol: str, x: float, y: float, size: int = CARD_BADGE) -> None:
    c.sprite(("rattus.badge", symbol, size), (x, y))


def _draw_private_panel(
    c: Canvas,
    view: RattusView,
    names: Sequence[str],
    layout: Layout,
    known: Sequence[tuple[RegionView, int, TokenView]],
) -> None:
    lang = layout.lang
    rows = _rows(layout)
    seat = view.get("seat")
    if seat is not None:
        c.chip(PX, rows.top + 60, int(seat), CHIP)
        name = fit_text(_name(names, int(seat), lang), 28, PR - PX - 42, "condensed")
        c.text((PX + 42, rows.top + 75), name, 28, INK, style="condensed", anchor="lm")
    half = (PR - PX) // 2
    for i, (region, pos, face) in enumerate(known):
        x = PX + (i % 2) * (half + 10)
        y = rows.first + (i // 2) * SEEN_ROW
        where = tr(lang, "token_of", n=pos + 1, total=region["tokens"])
        line = fit_text(f"{region_name(region['id'], lang)} · {where}", 26, half - 10, "condensed")
        c.text((x, y + 14), line, 26, INK, style="condensed", anchor="lm")
        _face(c, x, y + 34, face, SEEN_FACE)
    hand: Sequence[RegionCardView] = view.get("hand") or []
    for i, card in enumerate(hand):
        x = PX + (i % 2) * (half + 10)
        y = rows.cards + 40 + (i // 2) * HAND_ROW
        name = region_name(card["region"], lang)
        c.text((x, y + 20), name, 26, INK, style="condensed", anchor="lm")
        symbols = ["?"] if card.get("wild") else list(card["symbols"])
        for k, sym in enumerate(symbols):
            _badge(c, sym, x + 150 + 40 * k, y + 4)


SUMMARY_LIMIT = 1900  # one Discord message (2000 characters), with room for a mention


def summary(view: RattusView, players: Sequence[str], *, lang: str = "en") -> str:
    """The same position as a few lines of plain text, for accessibility and text-only clients."""
    lang = language(lang)
    # Long names are shortened until the whole text fits in one Discord message; on a very
    # full final board the faces of the rat tokens are left to the image as a last resort.
    for faces in (True, False):
        for longest in (16, 10, 6, 3):
            text = _summary(view, players, lang, longest, faces)
            if len(text) <= SUMMARY_LIMIT:
                return text
    return text


def _summary(view: RattusView, players: Sequence[str], lang: str, longest: int, faces: bool) -> str:
    def who(seat: int) -> str:
        name = _name(players, seat, lang)
        return name if len(name) <= longest else name[: longest - 1].rstrip() + "…"

    def cubes(row: Sequence[int]) -> str:
        return ", ".join(f"{who(s)} {n}" for s, n in enumerate(row) if n)

    lines = [tr(lang, "s_title", when=_headline(view, lang).lower())]
    movers = list(view.get("to_move") or [])
    if movers:
        phase = _steps_line(view, lang)
        lines.append(tr(lang, "s_move", who=", ".join(who(s) for s in movers), phase=phase))
    lines.append(
        tr(lang, "s_plague", region=region_name(view["plague"], lang), n=view["rat_supply"])
    )
    hands = view.get("hand_counts")
    rows = []
    for seat in range(int(view["players"])):
        numbers = [view["reserve"][seat], view["on_board"][seat], view["palace"][seat]]
        if hands is not None:
            numbers.append(hands[seat])
        rows.append(f"{who(seat)} " + "/".join(str(n) for n in numbers))
    hand = tr(lang, "s_hand") if hands is not None else ""
    lines.append(tr(lang, "s_players", hand=hand, rows=", ".join(rows)))
    shown: dict[str, list[str]] = {}
    last = view["recent"]
    if faces and last is not None and last["final"]:
        # The final ravage turns every rat token face up: each region lists the faces it had.
        for rev in last["revealed"]:
            face = f"{rev['limit']} " + "+".join(rev["symbols"])
            shown.setdefault(rev["region"], []).append(face)
    regions = []
    for region in view["regions"]:
        n = int(region["tokens"])
        rats = tr(lang, "s_rats", n=n)
        if region["id"] in shown:
            # Tokens still face down (a final ravage under way) are a "?".
            rats = tr(lang, "s_shown", faces=", ".join(shown[region["id"]] + ["?"] * n))
        on = cubes(region["cubes"])
        regions.append(f"{region_name(region['id'], lang)} ({rats})" + (f" {on}" if on else ""))
    lines.append(tr(lang, "s_regions", rows=tr(lang, "sep").join(regions)))
    if any(view.get("palace") or []):
        lines.append(tr(lang, "s_palace", cubes=cubes(view["palace"])))
    cards = ", ".join(
        card_name(c["card"], lang)
        + " "
        + (who(int(c["holder"])) if c["holder"] is not None else tr(lang, "s_free"))
        for c in view["cards"]
    )
    lines.append(tr(lang, "s_cards", cards=cards))
    caravan = view.get("caravan")
    if caravan:
        lines.append(tr(lang, "s_caravan", region=region_name(caravan, lang)))
    diplomats: Mapping[str, Sequence[int]] = view.get("diplomats") or {}
    if diplomats:
        placed = tr(lang, "sep").join(
            f"{region_name(r, lang)} (" + ", ".join(who(s) for s in seats) + ")"
            for r, seats in diplomats.items()
        )
        lines.append(tr(lang, "s_diplomats", rows=placed))
    recent = view.get("recent")
    if recent:
        lines.append(_recent_text(recent, who, lang, bool(shown)))
    result = view.get("result")
    if view["phase"] == "over" and result:
        ranking = []
        for row in result["ranking"]:
            breakdown: Mapping[str, int] = row.get("breakdown") or {}
            parts = ", ".join(
                f"{tr(lang, 'b_' + k)} {v}" for k, v in breakdown.items() if v or k == "board"
            )
            ranking.append(f"{row['rank']}. {who(int(row['seat']))} {row['score']} ({parts})")
        lines.append(tr(lang, "s_ranking", rows=tr(lang, "sep").join(ranking)))
    return "\n".join(lines)


def _recent_text(
    recent: RecentView, who: Callable[[int], str], lang: str, listed: bool = False
) -> str:
    """The last plague move in a sentence: where it went, the new rats, each token revealed
    and the cubes it cost; or the final ravage's total (`listed`: its faces are in the regions
    line)."""
    reveals = recent["revealed"]

    def lost(losses: Sequence[int]) -> str:
        return ", ".join(f"{who(s)} −{n}" for s, n in enumerate(losses) if n)

    if recent.get("final") and recent.get("plague_from") == recent.get("plague_to"):
        total: list[int] = []
        for rev in reveals:
            for seat, n in enumerate(rev["losses"]):
                total += [0] * (seat + 1 - len(total))
                total[seat] += int(n)
        cost = tr(lang, "sep") + tr(lang, "s_lost", who=lost(total)) if any(total) else ""
        where = tr(lang, "s_faces") if listed else ""
        return tr(lang, "s_final", tokens=len(reveals), faces=where, lost=cost)
    parts = [
        tr(
            lang,
            "s_moved",
            a=region_name(recent["plague_from"], lang),
            b=region_name(recent["plague_to"], lang),
            plus=tr(lang, "s_plus2") if recent.get("neutral") else "",
        )
    ]
    spread: Mapping[str, int] = recent.get("spread") or {}
    if spread:
        where = ", ".join(f"{region_name(r, lang)} +{n}" for r, n in spread.items())
        parts.append(tr(lang, "s_spread", where=where))
    by_region: dict[str, list[str]] = {}
    for rev in reveals:
        face = tr(lang, "s_limit", n=rev["limit"]) + " " + "+".join(rev["symbols"])
        if not rev["outbreak"]:
            face += f" ({tr(lang, 's_below')})"
        elif any(rev["losses"]):
            face += f" ({tr(lang, 's_lost', who=lost(rev['losses']))})"
        else:
            face += f" ({tr(lang, 's_no_loss')})"
        by_region.setdefault(rev["region"], []).append(face)
    for region, faces in by_region.items():
        tokens = tr(lang, "sep").join(faces)
        parts.append(tr(lang, "s_revealed", region=region_name(region, lang), tokens=tokens))
    if not reveals and not recent.get("final"):
        parts.append(tr(lang, "s_none"))
    who_moved = who(int(recent.get("seat", 0)))
    return tr(lang, "s_last", who=who_moved, what=tr(lang, "sep").join(parts))
