"""The Rattus Cartus board as an image and as text, from a view only (never from a full state).

The public image is made for a phone first: Discord shows a picture about 500 pixels wide
there, so the board is one column 720 pixels wide (shrunk about 1.4 times) and every number
and word is drawn at 24 pixels or more (digits 18 pixels high, 12.5 once shrunk; the tests
measure it). Top to bottom: the round and who is to move; this round's buildings, one band
each (name and class on the class colour, then the supply action, premium and standard
actions, and the visit discs in entry order with each visit's face-down card count); the six
influence tracks with the markers stacked on each space (first arrived on the left: it wins
ties); the players with their hand sizes and VP tokens; the Nun row face down with who looked
at which card, and the piles. Once the game is over the ranking replaces the buildings and
the Nun row is shown. Rat totals never appear in it.

The private image (a seat's DM) shows that seat's hand, the cards it placed face down this
round, the nun cards it looked at and its rat total.

Static layers are drawn once per layout and language in palette form; each call copies one and
pastes the pieces on a `render.common.Canvas`, then writes a palette PNG.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.cartus.view_types import (
    CardView,
    CartusSeatView,
    CartusView,
    PendingView,
    RowBuildingView,
    StackView,
    SupplyView,
)
from render.common import (
    CLASS_COLOURS,
    GOLD,
    HIGHLIGHT,
    INK,
    MUTED,
    PALETTES,
    PANEL,
    PAPER,
    RED,
    RGB,
    WHITE,
    Canvas,
    OnceCache,
    Sprite,
    chip_sprite,
    exact_colours,
    fit_text,
    make_palette,
    put_text,
    sprite_maker,
    stored_palette,
    supersampled,
    text_width,
    warm_words,
    words,
)

GAME = "cartus"  # whose catalogue holds the words (bot/games/cartus/locales)
WIDTH = 720  # one column: shown about 500 pixels wide on a phone
LEFT = 16
RIGHT = WIDTH - 16
TEXT = 24  # the smallest text: digits 18 pixels high, 12.5 on a 500-pixel-wide phone screen
CHIP = 30
LOOKER = 26  # the piece of a seat that looked at a nun card

CLASSES = ("peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty")
COLOURS_BY_CLASS: dict[str, RGB] = {
    k: CLASS_COLOURS[s] for k, s in zip(CLASSES, ("P", "B", "C", "K", "W", "R"), strict=True)
}
CARD_BACK: RGB = (70, 52, 92)
DIM: RGB = (226, 220, 208)
SPECIAL_COLOURS: dict[str, RGB] = {
    "joker": (200, 80, 40),
    "sword": (64, 72, 140),
    "flute": (40, 120, 120),
    "pass": (120, 100, 70),
    "gold": (190, 140, 20),
}

PILES = ("joker", "sword", "flute", "pass", "gold")

# What each building's premium and standard actions do: a word's key and its count.
ACTIONS: dict[str, tuple[tuple[str, int], tuple[str, int]]] = {
    "farm": (("a_draw", 4), ("a_draw", 2)),
    "brewery": (("a_draw_per1", 0), ("a_draw_per2", 0)),
    "marketplace": (("a_joker", 2), ("a_joker", 1)),
    "office": (("a_pass", 2), ("a_pass", 1)),
    "monastery": (("a_rats", 2), ("a_rats", 1)),
    "hospital": (("a_hospital1", 0), ("a_hospital2", 0)),
    "castle": (("a_sword", 2), ("a_sword", 1)),
    "guard_tower": (("a_guard1", 0), ("a_guard2", 0)),
    "fortune_teller": (("a_look", 2), ("a_look", 1)),
    "piper_hut": (("a_flute", 2), ("a_flute", 1)),
    "palace": (("a_vp", 2), ("a_vp", 1)),
    "treasury": (("a_gold", 2), ("a_gold", 1)),
}


def language(lang: str) -> str:
    """A supported language code (English when unknown)."""
    return words(GAME, lang).lang


def tr(lang: str, key: str, **params: object) -> str:
    """An image or summary word in a language: the catalogue's `board-<key>` message."""
    return words(GAME, lang).text(key, params)


def building_name(kind: str, lang: str) -> str:
    """A building type's name."""
    return words(GAME, lang).get(f"building-{kind}", kind)


def class_name(klass: str, lang: str) -> str:
    """A class's name."""
    return words(GAME, lang).get(f"class-{klass}", klass)


def card_name(card: CardView | str, lang: str) -> str:
    """A card's name: "Monk (2)" for a Population card with 2 nuns, "Joker"."""
    if isinstance(card, str):
        ident = card.rstrip("0123456789")
        nuns = card[len(ident) :]
        name = words(GAME, lang).get(f"card-{ident}", ident)
        return f"{name} ({nuns})" if nuns else name
    return card_name(card["card"], lang)


def supply_text(supply: SupplyView, lang: str) -> str:
    """A supply action in a few words: "+2 cards, look", "−2 rat(s)"."""
    parts = []
    if supply["draw"]:
        parts.append(tr(lang, "cards", n=supply["draw"]))
    if supply["rats"]:
        parts.append(tr(lang, "rats_less", n=supply["rats"]))
    if supply["look"]:
        parts.append(tr(lang, "look1"))
    return ", ".join(parts)


def action_text(kind: str, premium: bool, lang: str) -> str:
    """A building's premium or standard action in a few words."""
    key, n = ACTIONS[kind][0 if premium else 1]
    return tr(lang, key, n=n)


def _name(names: Sequence[str], seat: int, lang: str) -> str:
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return tr(lang, "seat", n=seat + 1)


def _wrap(text: str, size: int, width: int, style: str) -> list[str]:
    """Words in lines that fit a width (a word longer than the width gets a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, style) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


# ------------------------------------------------------------------ layout


@dataclass(frozen=True, slots=True)
class Layout:
    """What the static layer depends on."""

    lang: str
    players: int
    bands: int  # buildings drawn per round (2 or 3)
    final: bool  # the ranking replaces the buildings and the players' table
    no_winner: bool = False  # the ranking says that nobody wins (everyone is dead)

    # The board is two parts, one under the other, each near 4:3. During the game: the table
    # (who moves and what to do, the buildings, the Nun row), then the players (the influence
    # tracks, the players' table, the piles, the legend). At the end: the influence tracks
    # and the Nun row with the header, then the ranking and the piles.

    @property
    def band_top(self) -> int:
        """Top of the first building band (under the title, who moves and what to do)."""
        return 136

    @property
    def nuns_top(self) -> int:
        """Top of the Nun row: under the buildings, or at the end under the tracks."""
        if self.final:
            return self.tracks_top + TRACKS_H
        return self.band_top + self.bands * (BAND_H + BAND_GAP) + 6

    @property
    def map_height(self) -> int:
        """Height of the first part (the table, with the legend of the buildings' actions
        during the game), where the second starts."""
        return self.nuns_top + NUN_ROW_H + (0 if self.final else LEGEND_H)

    @property
    def tracks_top(self) -> int:
        """Top of the influence section: the players part's top, or at the end under the
        header."""
        return 72 if self.final else self.map_height + PART_TOP

    @property
    def ranking_top(self) -> int:
        """Top of the final ranking: the players part's top."""
        return self.map_height + PART_TOP

    @property
    def players_top(self) -> int:
        """Top of the players' table (none on the final board: the ranking says it all)."""
        return self.tracks_top + TRACKS_H

    @property
    def piles_top(self) -> int:
        """Top of the piles' lines."""
        if self.final:
            ranking = 46 + 40 * self.no_winner + self.players * RANK_H + 16
            return self.ranking_top + ranking
        return self.players_top + 76 + self.players * PLAYER_H + 10

    @property
    def height(self) -> int:
        """Canvas height (the final board has no legend of the buildings' actions)."""
        if self.final:
            return max(self.map_height + FINAL_H, self.piles_top + PILES_H)
        return self.piles_top + PILES_H


STRIP_H = 44  # a band's top: the building's name and class on the class colour
BAND_H = STRIP_H + 112
BAND_GAP = 10
NAME_W = RIGHT - LEFT  # the name strip spans the band
ACTION_W = 364  # supply, premium and standard, under the strip on the left
TRACK_H = 56
TRACK_X = 200  # where a track starts, after its class name
PLAYER_H = 48
RANK_H = 50  # a row of the final ranking
VISIT_W = (RIGHT - LEFT - ACTION_W - 14) // 4  # four visits a line, two lines
NUN_W = 84
NUN_H = 72
NUN_ROW_H = 44 + NUN_H + 8 + 56  # heading, cards, the pieces of the seats that looked
PILES_H = 3 * 34 + 12  # the piles, up to three lines
TRACKS_H = 44 + 6 * TRACK_H + 14  # the influence heading and its six tracks
LEGEND_H = 52  # the legend of the buildings' actions (★, ☆)
PART_TOP = 14  # the players part's top margin
FINAL_H = 460  # the players part at the end: 720 x 460 at least, under 1.6:1
PANEL_X = LEFT  # the players' table spans the image


def _layout(view: CartusView, lang: str) -> Layout:
    players = int(view["players"])
    result = view.get("result")
    final = view.get("phase") == "over" and bool(result)
    return Layout(
        lang=lang,
        players=players,
        bands=2 if players <= 3 else 3,
        final=final,
        no_winner=final
        and bool(result and result.get("everyone_dead") and not result.get("winners")),
    )


def tokens_label(lang: str) -> str:
    """The heading of the players' VP tokens (not their victory points: tokens are only a
    part of them): the catalogue's `board-col_vp_tokens`, else its "VP tokens {n}" without
    the number."""
    found = words(GAME, lang).get("col_vp_tokens", "")
    return found or tr(lang, "vp_left", n="").strip()


def _hand_right(lang: str) -> int:
    """The right edge of the players' hand sizes, left of their VP tokens' column."""
    return RIGHT - max(60, text_width(tokens_label(lang), TEXT, "condensed")) - 24


# ------------------------------------------------------------------ the static layer


def _static(layout: Layout) -> Image.Image:
    """Background, headings, the track rails with their class names, the Nun row's frame and
    the players' table headings."""
    lang = layout.lang
    img = Image.new("RGB", (WIDTH, layout.height), PAPER)
    d = ImageDraw.Draw(img)
    put_text(img, (LEFT, 14), tr(lang, "title"), 30, RED)
    # Influence tracks.
    top = layout.tracks_top
    d.rounded_rectangle([LEFT - 6, top - 6, RIGHT + 6, top + 40 + 6 * TRACK_H], 10, fill=PANEL)
    put_text(img, (LEFT, top), tr(lang, "influence"), TEXT, INK)
    for i, klass in enumerate(CLASSES):
        y = top + 40 + i * TRACK_H
        colour = COLOURS_BY_CLASS[klass]
        d.rounded_rectangle([LEFT, y + 6, LEFT + 10, y + TRACK_H - 6], 3, fill=colour)
        put_text(img, (LEFT + 20, y + TRACK_H // 2), class_name(klass, lang), TEXT, INK,
                 style="condensed", anchor="lm")  # fmt: skip
        mid = y + TRACK_H // 2
        d.line([TRACK_X, mid, RIGHT - 4, mid], fill=_light(colour), width=6)
        for k in range(0, 41, 5):
            x = TRACK_X + k * (RIGHT - 4 - TRACK_X) / 40
            d.line([x, mid - 8, x, mid + 8], fill=_light(colour), width=2)
    # Players, then the Nun row.
    put_text(img, (LEFT, layout.nuns_top), tr(lang, "nun_row"), TEXT, INK)
    if not layout.final:
        put_text(img, (PANEL_X, layout.players_top), tr(lang, "players"), TEXT, INK)
        y = layout.players_top + 40
        hand = _hand_right(lang)
        put_text(img, (hand, y), tr(lang, "hand"), TEXT, MUTED, style="condensed", anchor="ra")
        put_text(img, (RIGHT, y), tokens_label(lang), TEXT, MUTED, style="condensed",
                 anchor="ra")  # fmt: skip
    if not layout.final:
        put_text(img, (LEFT, layout.map_height - 44), tr(lang, "legend"), TEXT, MUTED,
                 style="condensed")  # fmt: skip
    return img


def _light(colour: RGB) -> RGB:
    return tuple(round(c + (255 - c) * 0.6) for c in colour)  # type: ignore[return-value]


def _reference() -> Image.Image:
    """A drawing with every colour a board can show, to build the fixed palette from."""
    parts = [
        _static(Layout("fr", 5, 3, False)),
        _static(Layout("en", 3, 2, True)),
    ]
    bands = [
        _band_image(kind, (4, 1, 1), lang, status)
        for kind in ACTIONS
        for lang in ("en",)
        for status in ("waiting", "resolving", "resolved")
    ]
    height = sum(p.height for p in parts) + sum(b.height for b in bands) + 200
    img = Image.new("RGB", (WIDTH, height), PAPER)
    y = 0
    for part in parts:
        img.paste(part, (0, y))
        y += part.height
    for band in bands:
        img.paste(band, (0, y), band)
        y += band.height
    x = 10
    sprites = [chip_sprite(seat, CHIP) for seat in range(5)]
    sprites += [chip_sprite(seat, 24) for seat in range(5)]
    sprites += [_count_badge(3, face_down) for face_down in (True, False)]
    sprites += [_card_tile("monk3", "fr"), _card_tile("joker", "en"), _nun_card(2, None)]
    for sprite in sprites:
        img.paste(sprite, (x % (WIDTH - 120), y + 10 + 120 * (x // (WIDTH - 120))), sprite)
        x += sprite.width + 6
    d = ImageDraw.Draw(img)
    colours = [*COLOURS_BY_CLASS.values(), *SPECIAL_COLOURS.values(), CARD_BACK, DIM, HIGHLIGHT]
    for i, colour in enumerate(colours):
        d.rectangle([10 + 26 * i, height - 40, 30 + 26 * i, height - 20], fill=colour)
    put_text(img, (10, height - 80), "Aa éà ★☆☠ → 0123456789 −", TEXT, INK, halo=WHITE)
    return img


_PALETTE: OnceCache[str, Image.Image] = OnceCache(
    lambda name: stored_palette(
        name,
        lambda: make_palette(
            _reference(),
            [
                *exact_colours(),
                *COLOURS_BY_CLASS.values(),
                *SPECIAL_COLOURS.values(),
                CARD_BACK,
                DIM,
            ],
        ),
    )
)


def _palette() -> Image.Image:
    return _PALETTE.get("cartus")


PALETTES["cartus"] = _palette

_STATIC: OnceCache[Layout, Image.Image] = OnceCache(
    lambda key: _static(key).quantize(palette=_palette(), dither=Image.Dither.NONE)
)


def _canvas(layout: Layout) -> Canvas:
    return Canvas(_STATIC.get(layout).copy(), "cartus")


# ------------------------------------------------------------------ sprites


@lru_cache(maxsize=256)
def _band_image(kind: str, supply: tuple[int, int, int], lang: str, status: str) -> Image.Image:
    """One building of the row, without its visits: name and class on the class colour, then
    the supply action and the premium and standard actions."""
    klass = {
        "farm": "peasantry", "brewery": "peasantry", "marketplace": "bourgeoisie",
        "office": "bourgeoisie", "monastery": "church", "hospital": "church",
        "castle": "chivalry", "guard_tower": "chivalry", "fortune_teller": "magic",
        "piper_hut": "magic", "palace": "royalty", "treasury": "royalty",
    }[kind]  # fmt: skip
    width = RIGHT - LEFT
    colour = COLOURS_BY_CLASS[klass]
    back = PAPER if status != "resolved" else DIM
    ink = INK if status != "resolved" else MUTED

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle([0, 0, width * s - 1, BAND_H * s - 1], radius=12 * s, fill=back)
        d.rounded_rectangle([0, 0, width * s - 1, STRIP_H * s], radius=12 * s, fill=colour)
        d.rectangle([0, (STRIP_H - 14) * s, width * s - 1, STRIP_H * s], fill=colour)
        d.rounded_rectangle([0, STRIP_H * s, ACTION_W * s, BAND_H * s - 1], radius=12 * s,
                            fill=PANEL)  # fmt: skip
        d.rectangle([0, STRIP_H * s, ACTION_W * s, (STRIP_H + 14) * s], fill=PANEL)
        d.rectangle([(ACTION_W - 14) * s, STRIP_H * s, ACTION_W * s, BAND_H * s - 1], fill=PANEL)
        if status == "resolving":
            d.rounded_rectangle(
                [0, 0, width * s - 1, BAND_H * s - 1], radius=12 * s, outline=GOLD,
                width=round(5 * s),
            )  # fmt: skip

    img = supersampled((width, BAND_H), draw)
    right = put_text(img, (12, STRIP_H // 2), building_name(kind, lang), 26, WHITE, anchor="lm")
    put_text(img, (right + 14, STRIP_H // 2), class_name(klass, lang), TEXT, WHITE,
             style="regular", anchor="lm")  # fmt: skip
    x, y = 12, STRIP_H + 6
    draw_n, rats, look = supply
    sup = supply_text({"draw": draw_n, "rats": rats, "look": look}, lang)
    put_text(img, (x, y), f"{tr(lang, 'supply')} {sup}", TEXT, ink, style="condensed")
    put_text(img, (x, y + 35), f"★ {action_text(kind, True, lang)}", TEXT, ink, style="condensed")
    put_text(img, (x, y + 70), f"☆ {action_text(kind, False, lang)}", TEXT, ink, style="condensed")
    return img


@sprite_maker("cartus_band")
def _band(kind: str, supply: tuple[int, int, int], lang: str, status: str) -> Sprite:
    return _band_image(kind, supply, lang, status), (0, 0)


@lru_cache(maxsize=64)
def _count_badge(n: int, face_down: bool) -> Image.Image:
    """A visit's cards: a card back with how many (a white card once revealed)."""
    w, h = 34, 42
    fill, ink = (CARD_BACK, WHITE) if face_down else (WHITE, INK)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle([s, s, (w - 1) * s, (h - 1) * s], radius=5 * s, fill=fill,
                            outline=INK, width=round(1.5 * s))  # fmt: skip

    img = supersampled((w, h), draw)
    put_text(img, (w / 2, h / 2 + 1), str(n), TEXT, ink, anchor="mm")
    return img


@sprite_maker("cartus_count")
def _count(n: int, face_down: bool) -> Sprite:
    return _count_badge(n, face_down), (0, 0)


@lru_cache(maxsize=64)
def _nun_card(position: int, nuns: int | None) -> Image.Image:
    """A card of the Nun row: face down with its position, or face up with its nuns."""
    face_down = nuns is None

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle(
            [s, s, (NUN_W - 1) * s, (NUN_H - 1) * s], radius=8 * s,
            fill=CARD_BACK if face_down else WHITE, outline=INK, width=round(2 * s),
        )  # fmt: skip

    img = supersampled((NUN_W, NUN_H), draw)
    if face_down:
        put_text(img, (NUN_W / 2, NUN_H / 2 + 1), str(position + 1), 30, WHITE, anchor="mm")
    else:
        put_text(img, (8, 6), str(position + 1), TEXT, MUTED, style="condensed")
        put_text(img, (NUN_W / 2 + 8, NUN_H / 2 + 6), f"{nuns}", 32, RED, anchor="mm")
    return img


@sprite_maker("cartus_nun")
def _nun(position: int, nuns: int | None) -> Sprite:
    return _nun_card(position, nuns), (0, 0)


TILE_W, TILE_H = 196, 92


@lru_cache(maxsize=128)
def _card_tile(card: str, lang: str) -> Image.Image:
    """A card of a hand: its class colour (or its special colour), its name and its nuns."""
    ident = card.rstrip("0123456789")
    nuns = card[len(ident) :]
    chars = ("peasant", "merchant", "monk", "knight", "witch", "king")
    colour = (
        COLOURS_BY_CLASS[CLASSES[chars.index(ident)]] if ident in chars else SPECIAL_COLOURS[ident]
    )

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle([s, s, (TILE_W - 1) * s, (TILE_H - 1) * s], radius=10 * s,
                            fill=colour, outline=INK, width=round(2 * s))  # fmt: skip

    img = supersampled((TILE_W, TILE_H), draw)
    name = words(GAME, lang).get(f"card-{ident}", ident)
    lines = _wrap(name, TEXT, TILE_W - 16, "condensed")
    y = 8
    for line in lines[:2]:
        put_text(img, (10, y), line, TEXT, WHITE, style="condensed")
        y += 28
    if nuns:
        put_text(img, (10, TILE_H - 10), tr(lang, "nuns_word", n=int(nuns)), TEXT, WHITE,
                 style="condensed", anchor="ld")  # fmt: skip
    return img


@sprite_maker("cartus_tile")
def _tile(card: str, lang: str) -> Sprite:
    return _card_tile(card, lang), (0, 0)


# ------------------------------------------------------------------ the public image


def warm() -> None:
    """Build the fixed palette (about a second) and read the words before the first board."""
    _palette()
    warm_words(GAME)


def render_board(view: CartusView, players: Sequence[str], *, lang: str = "en") -> bytes:
    """PNG of the public position in one picture, the two parts one under the other (a
    seat's view draws the same public board)."""
    lang = language(lang)
    layout = _layout(view, lang)
    c = _canvas(layout)
    _draw_table(c, view, players, layout)
    _draw_players_part(c, view, players, layout)
    return c.png()


def _draw_table(c: Canvas, view: CartusView, players: Sequence[str], layout: Layout) -> None:
    """The first part: who moves and what to do, the buildings (at the end, the influence
    tracks) and the Nun row."""
    _draw_header(c, view, players, layout.lang)
    if layout.final:
        _draw_tracks(c, view, layout)
    else:
        _draw_row(c, view, layout)
    _draw_nuns(c, view, layout)


def _draw_players_part(c: Canvas, view: CartusView, players: Sequence[str], layout: Layout) -> None:
    """The second part: the influence tracks, the players' table (at the end, the ranking),
    the piles."""
    if layout.final:
        _draw_ranking(c, view, players, layout.lang, layout)
    else:
        _draw_tracks(c, view, layout)
        _draw_players(c, view, players, layout)
    _draw_piles(c, view, layout)


PARTS = ("map", "players")


def _part_layer(key: tuple[Layout, str]) -> Image.Image:
    layout, part = key
    top = layout.map_height
    box = (0, 0, WIDTH, top) if part == "map" else (0, top, WIDTH, layout.height)
    return _STATIC.get(layout).crop(box)


# The static layer cut in the board's two parts.
_PART_LAYERS: OnceCache[tuple[Layout, str], Image.Image] = OnceCache(_part_layer)


def render_part(part: str, view: CartusView, players: Sequence[str], *, lang: str = "en") -> bytes:
    """PNG of one part of the public position ("map", the table, or "players")."""
    layout = _layout(view, language(lang))
    base = _PART_LAYERS.get((layout, part))
    static = ("cartus", layout, part)
    if part == "map":
        c = Canvas(base, "cartus", static=static, shared=True)
        _draw_table(c, view, players, layout)
    elif part == "players":
        c = Canvas(base, "cartus", origin=(0, layout.map_height), static=static, shared=True)
        _draw_players_part(c, view, players, layout)
    else:
        raise KeyError(f"no part {part!r}")
    return c.png()


def render_parts(
    view: CartusView, players: Sequence[str], *, lang: str = "en"
) -> list[tuple[str, bytes]]:
    """The public position as two pictures near 4:3, shown one under the other: the table
    (the buildings and the Nun row), then the players (influence, hands and VP tokens, piles;
    at the end the ranking)."""
    return [(part, render_part(part, view, players, lang=lang)) for part in PARTS]


# View entries only the table reads, and only the players part reads.
TABLE_ONLY = frozenset({"row", "nun_row", "nun_row_revealed"})
PLAYERS_ONLY = frozenset({"hand_counts", "vp_tokens", "first_player", "piles", "draw_pile",
                          "discard_pile", "vp_supply"})  # fmt: skip


def part_inputs(view: CartusView, players: Sequence[str], *, lang: str = "en") -> dict[str, object]:
    """What each part is drawn from (plain data; a digest of it names the image)."""
    return {
        "map": {k: v for k, v in view.items() if k not in PLAYERS_ONLY},
        "players": {k: v for k, v in view.items() if k not in TABLE_ONLY},
    }


def _phase_text(view: CartusView, lang: str, names: Sequence[str]) -> str:
    phase = view["phase"]
    pending = view["pending"]
    receiver = pending["receiver"] if pending is not None else None
    who = fit_text(_name(names, receiver, lang), TEXT, 180) if receiver is not None else ""
    if phase == "sword_give":
        owed = sum(pending["owed"].values()) if pending is not None else 0
        return tr(lang, "p_sword_give", n=owed, who=who)
    if phase == "guard_give":
        return tr(lang, "p_guard_give", who=who)
    if phase == "gain":
        return tr(lang, "p_gain", what=_gain_text(pending, lang))
    if phase == "look":
        return tr(lang, "p_look", n=(pending["amount"] if pending is not None else 0) or 1)
    return tr(lang, f"p_{phase}")


def _gain_text(pending: PendingView | None, lang: str) -> str:
    if pending is None:
        return "None"  # no decision open (the engine always has one in a gain)
    effect = str(pending["effect"])
    n = pending["amount"]
    card = pending["card"]
    if effect == "draw":
        return tr(lang, "a_draw", n=n)
    if effect == "take" and card:
        return tr(lang, f"a_{card}", n=n)
    if effect == "guard_tower":
        return building_name("guard_tower", lang)
    return effect


def _draw_header(c: Canvas, view: CartusView, names: Sequence[str], lang: str) -> None:
    if view.get("phase") == "over":
        c.text((RIGHT, 14), tr(lang, "over"), 30, INK, anchor="ra")
        return
    title = tr(lang, "round", n=view["round"], total=view["rounds"])
    if view.get("last_round"):
        title = f"{title} · {tr(lang, 'last_round')}"
    c.text((RIGHT, 16), title, 26, INK, anchor="ra")
    movers: list[int] = list(view.get("to_move") or [])
    x = LEFT
    for seat in movers:
        c.chip(x, 56, seat, CHIP)
        x += CHIP + 4
    what = _phase_text(view, lang, names)
    if len(movers) == 1:
        who = fit_text(_name(names, movers[0], lang), TEXT, 240, "condensed")
        x = c.text((x + 6, 72), tr(lang, "mover", who=who), TEXT, INK, style="condensed",
                   anchor="lm")  # fmt: skip
    if x + 8 + text_width(what, TEXT) <= RIGHT:
        c.text((x + 8, 72), what, TEXT, INK, anchor="lm")
    else:  # what to do on a line of its own
        c.text((LEFT, 108), what, TEXT, INK, anchor="lm")


def _draw_row(c: Canvas, view: CartusView, layout: Layout) -> None:
    for building in view["row"]:
        y = layout.band_top + int(building["position"]) * (BAND_H + BAND_GAP)
        sup = building["supply"]
        supply = (int(sup["draw"]), int(sup["rats"]), int(sup["look"]))
        c.sprite(("cartus_band", building["type"], supply, layout.lang, building["status"]),
                 (LEFT, y))  # fmt: skip
        x0 = LEFT + ACTION_W + 14
        for i, visit in enumerate(building["visits"]):
            x = x0 + (i % 4) * VISIT_W
            row_y = y + STRIP_H + 8 + (i // 4) * 52
            c.chip(x, row_y + 6, int(visit["seat"]), CHIP)
            face_down = not visit["revealed"]
            c.sprite(("cartus_count", int(visit["count"]), face_down), (x + CHIP + 2, row_y))


def _draw_tracks(c: Canvas, view: CartusView, layout: Layout) -> None:
    span = RIGHT - 4 - TRACK_X
    top = max([40] + [int(v) for t in view["influence"] for v in t["values"]])
    scale = max(40, (top + 9) // 10 * 10)
    for i, track in enumerate(view["influence"]):
        y = layout.tracks_top + 40 + i * TRACK_H
        mid = y + TRACK_H // 2
        colour = COLOURS_BY_CLASS[track["class"]]
        groups = [_stack(stack) for stack in track["stacks"]]
        widths = [_group_width(v, seats) for v, seats in groups]
        xs = [TRACK_X + v * (span - w) / scale for (v, _), w in zip(groups, widths, strict=True)]
        limit: float
        # Spaces apart: left to right, then back from the right edge.
        for k in range(1, len(xs)):
            xs[k] = max(xs[k], xs[k - 1] + widths[k - 1] + 6)
        limit = RIGHT - 4
        for k in range(len(xs) - 1, -1, -1):
            xs[k] = min(xs[k], limit - widths[k])
            limit = xs[k] - 6
        for (value, seats), x, w in zip(groups, xs, widths, strict=True):
            c.flat((round(x), mid - 22, round(x + w), mid + 22), colour, radius=10)
            c.flat((round(x) + 2, mid - 20, round(x + w) - 2, mid + 20), WHITE, radius=9)
            right = c.text((x + 8, mid + 1), str(value), TEXT, INK, anchor="lm")
            cx = right + 6
            for seat in seats:
                c.chip(cx, mid - CHIP // 2, seat, CHIP)
                cx += CHIP + 2


def _stack(stack: StackView) -> tuple[int, list[int]]:
    """An influence stack's value and seats (bottom to top), from its JSON array."""
    value, seats = stack
    if not isinstance(value, int) or not isinstance(seats, list):
        raise ValueError(f"an influence stack is [value, [seats]], not {stack!r}")
    return value, seats


def _group_width(value: int, seats: Sequence[int]) -> int:
    return 8 + text_width(str(value), TEXT, "bold") + 6 + len(seats) * (CHIP + 2) + 6


def _draw_nuns(c: Canvas, view: CartusView, layout: Layout) -> None:
    top = layout.nuns_top + 40
    revealed = view.get("nun_row_revealed")
    for card in view["nun_row"]:
        i = int(card["position"])
        x = LEFT + i * (NUN_W + 10)
        nuns = int(revealed[i]["nuns"]) if revealed else None
        c.sprite(("cartus_nun", i, nuns), (x, top))
        for k, seat in enumerate(card["looked_by"]):
            c.chip(x + (k % 3) * 28, top + NUN_H + 6 + (k // 3) * 28, int(seat), LOOKER)
    lang = layout.lang
    if revealed:
        total = sum(int(card["nuns"]) for card in revealed)
        x = LEFT + text_width(tr(lang, "nun_row"), TEXT, "bold") + 16
        c.text((x, layout.nuns_top), f"· {tr(lang, 'nuns_total', n=total)}", TEXT, RED)


def _draw_piles(c: Canvas, view: CartusView, layout: Layout) -> None:
    """The piles' sizes, the jokers and other cards left, the VP tokens left."""
    lang = layout.lang
    y = layout.piles_top
    piles: Mapping[str, int] = view.get("piles") or {}
    lines = [
        f"{tr(lang, 'draw_pile', n=view['draw_pile'])} · "
        f"{tr(lang, 'discard_pile', n=view['discard_pile'])}",
    ]
    items = [f"{tr(lang, f'pile-{k}')} {piles[k]}" for k in PILES if k in piles]
    items.append(tr(lang, "vp_left", n=view["vp_supply"]))
    line = ""
    for item in items:
        candidate = f"{line} · {item}" if line else item
        if text_width(candidate, TEXT, "condensed") > RIGHT - LEFT:
            lines.append(line)
            candidate = item
        line = candidate
    lines.append(line)
    for k, text in enumerate(lines[:3]):
        c.text((LEFT, y + k * 34), text, TEXT, INK, style="condensed")


def _draw_players(c: Canvas, view: CartusView, names: Sequence[str], layout: Layout) -> None:
    lang = layout.lang
    movers = set(view.get("to_move") or [])
    y = layout.players_top + 76
    hands: Sequence[int] = view["hand_counts"]
    vp: Sequence[int] = view["vp_tokens"]
    first = view.get("first_player")
    for seat in range(layout.players):
        if seat in movers:
            c.flat((PANEL_X - 6, y - 4, RIGHT + 6, y + PLAYER_H - 8), HIGHLIGHT, radius=8)
        c.chip(PANEL_X, y + 4, seat, CHIP)
        x = PANEL_X + CHIP + 8
        if seat == first and view.get("phase") != "over":
            label = tr(lang, "first_badge")
            w = text_width(label, TEXT, "condensed") + 12
            c.flat((x, y + 4, x + w, y + 36), GOLD, radius=7)
            c.text((x + w / 2, y + 21), label, TEXT, INK, style="condensed", anchor="mm")
            x += w + 8
        hand = _hand_right(lang)
        room = hand - 54 - x
        name = fit_text(_name(names, seat, lang), TEXT, room, "condensed")
        c.text((x, y + 20), name, TEXT, INK, style="condensed", anchor="lm")
        c.text((hand, y + 20), str(hands[seat]), TEXT, INK, anchor="rm")
        c.text((RIGHT, y + 20), str(vp[seat]), TEXT, INK, anchor="rm")
        y += PLAYER_H


def _draw_ranking(
    c: Canvas, view: CartusView, names: Sequence[str], lang: str, layout: Layout
) -> None:
    result = view["result"]
    if result is None:  # the final layout is drawn once there is a result
        return
    y = layout.ranking_top + 8
    c.text((LEFT, y), tr(lang, "ranking"), TEXT + 4, INK)
    y += 46
    if result.get("everyone_dead") and not result.get("winners"):
        c.text((LEFT, y), tr(lang, "no_winner"), TEXT, RED)
        y += 40
    for row in result["ranking"]:
        seat = int(row["seat"])
        c.text((LEFT + 24, y + 18), f"{row['rank']}.", TEXT, INK, anchor="rm")
        c.chip(LEFT + 34, y + 3, seat, CHIP)
        name = fit_text(_name(names, seat, lang), TEXT, 230, "condensed")
        c.text((LEFT + 74, y + 18), name, TEXT, INK, style="condensed", anchor="lm")
        c.text((LEFT + 404, y + 18), tr(lang, "score", n=row["score"]), TEXT, INK, anchor="rm")
        c.text((LEFT + 516, y + 18), tr(lang, "rats", n=row["rats"]), TEXT, INK, anchor="rm")
        status = "winner" if row.get("winner") else "dead" if row.get("dead") else ""
        if status:
            colour = RED if status == "dead" else GOLD
            c.text((LEFT + 530, y + 18), tr(lang, status), TEXT, colour, anchor="lm")
        y += RANK_H


# ------------------------------------------------------------------ the private image


def render_private(
    view: CartusSeatView, players: Sequence[str], *, lang: str = "en"
) -> bytes | None:
    """PNG for one seat's DM: its hand, the cards it placed face down this round, the nun cards
    it looked at and its rat total; None for the public view."""
    seat = view.get("seat")
    if seat is None or "hand" not in view:
        return None
    lang = language(lang)
    hand = view["hand"]
    counts: dict[str, int] = {}
    for card in hand:
        counts[str(card["card"])] = counts.get(str(card["card"]), 0) + 1
    # This seat's face-down cards not yet revealed: (building, their ids).
    placed: list[tuple[RowBuildingView, list[str]]] = []
    for b in view.get("row") or []:
        for v in b["visits"]:
            if v["seat"] == seat and v["cards"] is not None and not v["revealed"]:
                placed.append((b, v["cards"]))
    per_row = (WIDTH - 2 * LEFT + 10) // (TILE_W + 10)
    hand_rows = -(-len(counts) // per_row)
    placed_rows = sum(max(1, -(-len(ids) // per_row)) for _, ids in placed)
    height = 112 + hand_rows * (TILE_H + 34) + (0 if counts else 40)
    height += len(placed) * 46 + placed_rows * (TILE_H + 34)
    known_: Sequence[CardView | None] = view.get("nuns_known") or []
    seen_lines = _seen_lines(
        sum(int(k["nuns"]) for k in known_ if k), sum(1 for k in known_ if not k), lang
    )
    height += 40 * len(seen_lines) + 8 + NUN_H + 20
    img = Image.new("RGB", (WIDTH, height), PAPER)
    put_text(img, (LEFT, 14), tr(lang, "title"), 30, RED)
    palette = img.quantize(palette=_palette(), dither=Image.Dither.NONE)
    c = Canvas(palette, "cartus")
    c.chip(LEFT, 60, int(seat), CHIP)
    name = fit_text(_name(players, int(seat), lang), TEXT, 420, "condensed")
    c.text((LEFT + CHIP + 8, 75), f"{tr(lang, 'you')} · {name}", TEXT, INK, style="condensed",
           anchor="lm")  # fmt: skip
    c.text((RIGHT, 75), tr(lang, "your_rats", n=view.get("rats", 0)), 30, RED, anchor="rm")
    y = 112
    y = _tiles(c, counts, lang, y, per_row)
    if not counts:
        c.text((LEFT, y), tr(lang, "hand_empty"), TEXT, MUTED)
        y += 40
    for building, ids in placed:
        where = building_name(str(building["type"]), lang)
        c.text((LEFT, y + 8), tr(lang, "placed", building=where), TEXT, INK)
        y += 46
        cards: dict[str, int] = {}
        for ident in ids:
            cards[ident] = cards.get(ident, 0) + 1
        y = _tiles(c, cards, lang, y, per_row)
    known: Sequence[CardView | None] = view.get("nuns_known") or []
    seen = sum(int(k["nuns"]) for k in known if k)
    unseen = sum(1 for k in known if not k)
    for line in _seen_lines(seen, unseen, lang):
        c.text((LEFT, y + 8), line, TEXT, INK)
        y += 40
    y += 8
    for i, face in enumerate(known):
        c.sprite(("cartus_nun", i, int(face["nuns"]) if face else None), (LEFT + i * 104, y))
    return c.png()


def _seen_lines(seen: int, unseen: int, lang: str) -> list[str]:
    """The nuns a seat has seen, and the cards it has not: one line, or two when too wide."""
    lines = [tr(lang, "nuns_seen", n=seen)]
    if unseen:
        lines.append(tr(lang, "unseen", n=unseen))
        if text_width(" · ".join(lines), TEXT) <= RIGHT - LEFT:
            lines = [" · ".join(lines)]
    return lines


def _tiles(c: Canvas, counts: Mapping[str, int], lang: str, y: int, per_row: int) -> int:
    """Cards as tiles with their count (×2) under each; returns the y below them."""
    for k, (card, n) in enumerate(counts.items()):
        x = LEFT + (k % per_row) * (TILE_W + 10)
        top = y + (k // per_row) * (TILE_H + 34)
        c.sprite(("cartus_tile", card, lang), (x, top))
        if n > 1:
            c.text((x + TILE_W // 2, top + TILE_H + 2), f"×{n}", TEXT, INK, anchor="ma")
    rows = max(1, -(-len(counts) // per_row)) if counts else 0
    return y + rows * (TILE_H + 34)


# ------------------------------------------------------------------ text


SUMMARY_LIMIT = 1900  # one Discord message (2000 characters), with room for a mention


def summary(view: CartusView, players: Sequence[str], *, lang: str = "en") -> str:
    """The same position as a few lines of plain text, for accessibility and text-only clients."""
    lang = language(lang)
    text = ""
    for longest in (16, 10, 6, 3):
        text = _summary(view, players, lang, longest)
        if len(text) <= SUMMARY_LIMIT:
            break
    return text


def _summary(view: CartusView, players: Sequence[str], lang: str, longest: int) -> str:
    def who(seat: int) -> str:
        name = _name(players, seat, lang)
        return name if len(name) <= longest else name[: longest - 1].rstrip() + "…"

    n = int(view["players"])
    sep = tr(lang, "sep")
    over = view.get("phase") == "over"
    if over:
        lines = [tr(lang, "s_over", total=view["rounds"])]
    else:
        last = f" ({tr(lang, 'last_round')})" if view.get("last_round") else ""
        lines = [
            tr(lang, "s_title", n=view["round"], total=view["rounds"], last=last,
               who=who(int(view["first_player"])))
        ]  # fmt: skip
        movers = list(view.get("to_move") or [])
        if movers:
            lines.append(
                tr(lang, "s_move", who=", ".join(who(s) for s in movers),
                   what=_phase_text(view, lang, players))
            )  # fmt: skip
        rows = []
        for b in view["row"]:
            visits = ", ".join(
                tr(lang, "s_visit", who=who(int(v["seat"])), n=v["count"]) for v in b["visits"]
            )
            text = (
                f"{int(b['position']) + 1}. {building_name(str(b['type']), lang)}"
                f" ({class_name(str(b['class']), lang)}; {tr(lang, 'supply').lower()}"
                f" {supply_text(b['supply'], lang)})"
            )
            rows.append(tr(lang, "labelled", label=text, text=visits) if visits else text)
        lines.append(tr(lang, "s_row", rows=sep.join(rows)))
    tracks = []
    for track in view["influence"]:
        order = [int(p) for p in track["ranking"]]
        if order:
            values = track["values"]
            tracks.append(
                f"{class_name(str(track['class']), lang)} "
                + ", ".join(f"{who(p)} {values[p]}" for p in order)
            )
    if tracks:
        lines.append(tr(lang, "s_influence", rows=sep.join(tracks)))
    if not over:
        hands = ", ".join(f"{who(p)} {view['hand_counts'][p]}" for p in range(n))
        lines.append(tr(lang, "s_hands", rows=hands))
    if any(view["vp_tokens"]):
        vp = ", ".join(f"{who(p)} {v}" for p, v in enumerate(view["vp_tokens"]) if v)
        lines.append(tr(lang, "s_vp", rows=vp))
    looks = [
        tr(
            lang,
            "labelled",
            label=int(card["position"]) + 1,
            text=", ".join(who(int(p)) for p in card["looked_by"]),
        )
        for card in view["nun_row"]
        if card["looked_by"]
    ]
    if looks and not over:
        lines.append(tr(lang, "s_looks", rows=sep.join(looks)))
    result = view.get("result")
    if over and result:
        lines.append(tr(lang, "s_nuns", n=result["nuns"]))
        ranking: list[str] = []
        for row in result["ranking"]:
            status = (
                tr(lang, "winner") if row["winner"] else tr(lang, "dead") if row["dead"] else ""
            )
            ranking.append(
                f"{row['rank']}. {who(int(row['seat']))} {tr(lang, 'score', n=row['score'])},"
                f" {tr(lang, 'rats', n=row['rats'])}" + (f" {status}" if status else "")
            )
        lines.append(tr(lang, "s_ranking", rows=sep.join(ranking)))
        if result.get("everyone_dead") and not result.get("winners"):
            lines.append(tr(lang, "no_winner"))
    return "\n".join(lines)
