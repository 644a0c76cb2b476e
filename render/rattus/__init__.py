"""The Rattus board as an image and as text, from a view only (never from a full state).

The map (`render.rattus_map`) is the project's own drawing of 1347 Europe: regions that are
neighbours by land touch, sea neighbours are joined by arrows, and regions not in play are
greyed. On it: every player's cubes (a piece in the seat's colour and shape, and a count), the
face-down rat tokens, the plague piece with its region washed red and the arrow of its last
move, the palace; the panel on the right has the turn order with each player's cubes, the
class cards and their holders, the rat supply and what the last plague move did, or the final
ranking.

The static layers (the map with its names; the panel's headings and cards) are drawn once per
layout and language and kept in palette form; each call copies them and pastes the pieces on a
`render.common.Canvas`, then writes a palette PNG.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

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
    make_palette,
    paste_centred,
    put_text,
    sprite_maker,
    supersampled,
    text_width,
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

WIDTH = 1240
PANEL_X = geo.MAP_W
PX = PANEL_X + 18  # left edge of the panel's content
PR = WIDTH - 16  # right edge of the panel's content

NAME_SIZE = 24
COUNT_SIZE = 26
CHIP = 26
RAT_R = 14
RAT_PITCH = 31
SHOWN = 34  # a rat token turned face up in the final ravage: a square covering its slot
SHOWN_PITCH = 33  # so that the first and last squares still cover their slots' rings
PLAGUE_R = 22

# ------------------------------------------------------------------ words

REGION_NAMES: dict[str, str] = {
    "anglia": "Anglia", "gallia": "Gallia", "hispania": "Hispania", "germania": "Germania",
    "italia": "Italia", "scandia": "Scandia", "polonia": "Polonia", "hungaria": "Hungaria",
    "bulgaria": "Bulgaria", "turcia": "Turcia", "russia": "Russia", "tartaria": "Tartaria",
    "na1": "Mauretania", "na2": "Numidia", "na3": "Africa", "na4": "Libya", "na5": "Aegyptus",
}  # fmt: skip

# Every string the images and the summary use, by language, so that a later i18n layer can
# take this table over as it is. French words follow the French rulebook.
STRINGS: dict[str, dict[str, str]] = {
    "en": {
        # The board image.
        "turn": "Turn {n}", "opening": "Setting up", "final": "Final round",
        "over": "Game over", "to_move": "{who} to move", "winner": "{who} wins",
        "seat": "Player {n}", "players": "Players", "col_reserve": "reserve",
        "col_board": "board", "col_hand": "cards", "cards": "Class cards", "free": "free",
        "supply": "Rats left", "palace": "Palace",
        "step_card": "card", "step_cubes": "cubes", "step_plague": "plague",
        "phase_witch": "the Witch is looking", "phase_spread": "placing the new rats",
        "phase_opening": "placing starting cubes", "phase_final": "last use of the class cards",
        "phase_over": "game over", "phase_caravan": "placing the caravan",
        "phase_astronomer": "Astronomer: keep a card", "phase_explorer": "Explorer: place a cube",
        "phase_reaction": "region cards to protect?",
        "phase_ravage_order": "choosing the next ravage",
        "last": "Plague moved by {who}", "plus2": "+2 cubes", "spread": "New rats: {where}",
        "revealed_in": "Rat tokens revealed in {region}:", "pending": "waiting",
        "no_effect": "below the limit", "no_loss": "no cube lost", "more": "… {n} more",
        "final_ravage": "Final ravage", "lost": "Cubes lost:", "nobody_lost": "none",
        "faces_shown": "all rat tokens shown on the map",
        "ranking": "Final ranking", "tie": "Tie broken by turn order",
        "b_board": "board", "b_palace": "palace", "b_region_cards": "cards",
        "b_diplomats": "diplomats", "legend_diplomat": "diplomat", "legend_caravan": "caravan",
        # The private image.
        "secret": "Only you see this", "your_looks": "Rat tokens you have seen",
        "token_of": "token {n} of {total}", "hand": "Your region cards",
        # The text summary.
        "sep": "; ", "s_title": "Rattus, {when}.", "s_move": "{who} to move ({phase}).",
        "s_plague": "Plague in {region}. Rats left in the supply: {n}.",
        "s_players": "Players (reserve/board/palace{hand}): {rows}.", "s_hand": "/cards",
        "s_regions": "Regions: {rows}.", "s_rats": "{n} rat", "s_rats_n": "{n} rats",
        "s_shown": "rats {faces}",
        "s_palace": "Palace: {cubes}.", "s_cards": "Class cards: {cards}.", "s_free": "free",
        "s_caravan": "Caravan in {region}.", "s_diplomats": "Diplomats: {rows}.",
        "s_last": "Plague moved by {who}: {what}.", "s_moved": "{a} → {b}{plus}",
        "s_plus2": " counting as 2 cubes", "s_spread": "new rats {where}",
        "s_revealed": "revealed in {region}: {tokens}", "s_limit": "limit {n}",
        "s_below": "below the limit", "s_lost": "cubes lost: {who}",
        "s_none": "no rat token revealed", "s_no_loss": "no cube lost",
        "s_final": "Final ravage: {tokens} rat token(s) revealed{faces}{lost}.",
        "s_faces": " (limit and symbols under Regions)",
        "s_ranking": "Final ranking: {rows}.",
    },
    "fr": {
        "turn": "Tour {n}", "opening": "Mise en place", "final": "Dernier tour",
        "over": "Partie finie", "to_move": "À {who} de jouer", "winner": "{who} gagne",
        "seat": "Joueur {n}", "players": "Joueurs", "col_reserve": "réserve",
        "col_board": "plateau", "col_hand": "cartes", "cards": "Cartes Classe",
        "free": "libre", "supply": "Rats restants", "palace": "Château",
        "step_card": "carte", "step_cubes": "cubes", "step_plague": "Peste",
        "phase_witch": "la Sorcière regarde", "phase_spread": "placement des nouveaux rats",
        "phase_opening": "placement des cubes de départ",
        "phase_final": "dernier usage des cartes Classe", "phase_over": "partie finie",
        "phase_caravan": "placement de la caravane",
        "phase_astronomer": "Astronome : garder une carte",
        "phase_explorer": "Explorateur : placer un cube",
        "phase_reaction": "cartes Région pour protéger ?",
        "phase_ravage_order": "choix du prochain ravage",
        "last": "Peste déplacée par {who}", "plus2": "+2 cubes",
        "spread": "Nouveaux rats : {where}",
        "revealed_in": "Jetons rats révélés en {region} :", "pending": "en attente",
        "no_effect": "sous la limite", "no_loss": "aucun cube perdu", "more": "… {n} de plus",
        "final_ravage": "Ravage final", "lost": "Cubes perdus :",
        "faces_shown": "jetons rats révélés sur la carte",
        "nobody_lost": "aucun", "ranking": "Classement final",
        "tie": "Égalité départagée par l'ordre du tour",
        "b_board": "plateau", "b_palace": "château", "b_region_cards": "cartes",
        "b_diplomats": "diplomates", "legend_diplomat": "diplomate",
        "legend_caravan": "caravane",
        "secret": "Vous seul voyez ceci", "your_looks": "Jetons rats que vous avez vus",
        "token_of": "jeton {n} sur {total}", "hand": "Vos cartes Région",
        "sep": " ; ", "s_title": "Rattus, {when}.", "s_move": "À {who} de jouer ({phase}).",
        "s_plague": "Peste en {region}. Rats restants en réserve : {n}.",
        "s_players": "Joueurs (réserve/plateau/château{hand}) : {rows}.", "s_hand": "/cartes",
        "s_regions": "Régions : {rows}.", "s_rats": "{n} rat", "s_rats_n": "{n} rats",
        "s_shown": "rats {faces}",
        "s_palace": "Château : {cubes}.", "s_cards": "Cartes Classe : {cards}.",
        "s_free": "libre", "s_caravan": "Caravane en {region}.",
        "s_diplomats": "Diplomates : {rows}.",
        "s_last": "Peste déplacée par {who} : {what}.", "s_moved": "{a} → {b}{plus}",
        "s_plus2": " comptant pour 2 cubes", "s_spread": "nouveaux rats {where}",
        "s_revealed": "révélés en {region} : {tokens}", "s_limit": "limite {n}",
        "s_below": "sous la limite", "s_lost": "cubes perdus : {who}",
        "s_none": "aucun jeton rat révélé", "s_no_loss": "aucun cube perdu",
        "s_final": "Ravage final : {tokens} jeton(s) rat révélé(s){faces}{lost}.",
        "s_faces": " (limite et symboles sous Régions)",
        "s_ranking": "Classement final : {rows}.",
    },
}  # fmt: skip

CARD_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "peasant": "Peasant", "merchant": "Merchant", "monk": "Monk", "knight": "Knight",
        "witch": "Witch", "king": "King", "astronomer": "Astronomer", "explorer": "Explorer",
        "sultan": "Sultan", "caravaneer": "Caravaneer",
    },
    "fr": {
        "peasant": "Paysan", "merchant": "Marchand", "monk": "Moine", "knight": "Chevalier",
        "witch": "Sorcière", "king": "Roi", "astronomer": "Astronome", "explorer": "Explorateur",
        "sultan": "Sultan", "caravaneer": "Caravanier",
    },
}  # fmt: skip


def language(lang: str) -> str:
    """A supported language code (English when unknown)."""
    return lang if lang in STRINGS else "en"


def tr(lang: str, key: str, **params: object) -> str:
    """An image or summary string in a language (the English one when missing)."""
    text = STRINGS.get(lang, STRINGS["en"]).get(key) or STRINGS["en"].get(key, key)
    return text.format(**params)


def card_name(card: str, lang: str) -> str:
    """A class card's name."""
    return CARD_NAMES.get(lang, CARD_NAMES["en"]).get(card, card.title())


def region_name(region: str) -> str:
    """A region's name on the map."""
    return REGION_NAMES.get(region, region.title())


def _name(names: Sequence[str], seat: int, lang: str = "en") -> str:
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return tr(lang, "seat", n=seat + 1)


# ------------------------------------------------------------------ layout


@dataclass(frozen=True, slots=True)
class Layout:
    """What the static layer depends on: the regions in play, links, seats, cards, language."""

    used: tuple[str, ...]
    arrows: tuple[tuple[str, str], ...]
    links: tuple[tuple[str, str], ...]  # land neighbours the map's shapes do not show
    players: int
    cards: tuple[tuple[str, str], ...]  # (card, symbol) in the view's order
    hands: bool  # Africanus: a column for region cards held
    lang: str
    kind: str = "board"  # "board", "final" (the ranking replaces the turn order) or "private"

    @property
    def africa(self) -> bool:
        """True when the North Africa strip is drawn."""
        return any(r.startswith("na") for r in self.used)

    @property
    def height(self) -> int:
        """Canvas height."""
        return geo.AFRICA_TOP + geo.AFRICA_H if self.africa else geo.EUROPE_H

    @property
    def map_key(self) -> Layout:
        """The same layout reduced to what the map layer depends on."""
        kind = "private" if self.kind == "private" else "board"
        return Layout(self.used, self.arrows, self.links, 0, (), False, self.lang, kind)

    @property
    def panel_key(self) -> Layout:
        """The same layout reduced to what the panel layer depends on."""
        used = ("na1",) if self.africa else ()  # only the height matters
        return Layout(used, (), (), self.players, self.cards, self.hands, self.lang, self.kind)

    @property
    def drawn(self) -> tuple[str, ...]:
        """Every region drawn (in play or greyed)."""
        return tuple(r for r in geo.SHAPES if self.africa or not r.startswith("na"))


def _layout(view: Mapping[str, Any], lang: str, kind: str = "board") -> Layout:
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
    return Layout(
        used=used,
        arrows=arrows,
        links=links,
        players=int(view["players"]),
        cards=tuple((c["card"], c["symbol"]) for c in view["cards"]),
        hands=view.get("hand_counts") is not None,
        lang=lang,
        kind=kind,
    )


@dataclass(frozen=True, slots=True)
class PanelRows:
    """Vertical positions of the panel's sections."""

    players: int
    cards: int
    supply: int
    recent: int


PLAYER_ROW = 40
CARD_ROW = 34
RANK_ROW = 52


def _rows(layout: Layout) -> PanelRows:
    """The panel's sections: the turn order (or, once the game is over, the ranking), the
    class cards, the rat supply, and what the last plague move did."""
    top = 116
    first = RANK_ROW if layout.kind == "final" else PLAYER_ROW
    cards = top + 32 + layout.players * first + 12
    supply = cards + 32 + len(layout.cards) * CARD_ROW + 10
    return PanelRows(top, cards, supply, supply + 60)


def _columns(layout: Layout) -> list[int]:
    """Right edges of the number columns of the player table."""
    n = 3 if layout.hands else 2
    return [PR - 68 * (n - 1 - i) for i in range(n)]


# ------------------------------------------------------------------ the static layer

LAND_TONES: tuple[RGB, ...] = ((243, 233, 206), (236, 229, 200), (241, 226, 204), (232, 230, 207))
NEUTRAL_LAND: RGB = (214, 200, 172)
SS = 2  # the static map is drawn at twice its size, then reduced: smooth coasts


def _scaled(path: Sequence[Point], s: float = SS) -> list[Point]:
    return [(x * s, y * s) for x, y in path]


def _draw_map(layout: Layout) -> Image.Image:
    """The map alone (RGB, the map's width), drawn at twice its size and reduced."""
    w, h = geo.MAP_W, layout.height
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
    """The static map, full width (RGB): sea, land, borders, arrows, names, the empty rat-token
    slots and the palace frame, and the panel's empty background."""
    img = Image.new("RGB", (WIDTH, layout.height), PANEL)
    img.paste(_draw_map(layout), (0, 0))
    used = set(layout.used)
    for region in layout.drawn:
        a = geo.ANCHORS[region]
        live = region in used
        colour = INK if live else UNUSED_INK
        put_text(
            img, a.label, region_name(region), NAME_SIZE, colour, style="condensed", anchor="mm"
        )
        if live and layout.kind != "private":
            for k in range(3):
                paste_centred(img, empty_slot_sprite(RAT_R), (a.rats[0] + k * RAT_PITCH, a.rats[1]))
    d = ImageDraw.Draw(img)
    if layout.kind != "private":
        _palace_frame(img, d, layout.lang)
    d.line([PANEL_X, 0, PANEL_X, layout.height], fill=COAST, width=3)
    return img


def _panel_layer(layout: Layout) -> Image.Image:
    """The panel's static part (RGB, the panel's width): title, headings, the class cards."""
    img = Image.new("RGB", (WIDTH, layout.height), PANEL)
    if layout.kind != "private":
        _panel_frame(img, ImageDraw.Draw(img), layout)
    return img.crop((PANEL_X + 2, 0, WIDTH, layout.height))


def _palace_frame(img: Image.Image, d: ImageDraw.ImageDraw, lang: str) -> None:
    x0, y0, x1, y1 = geo.PALACE_BOX
    d.rounded_rectangle([x0, y0, x1, y1], radius=10, fill=PAPER, outline=COAST, width=2)
    put_text(img, ((x0 + x1) / 2, y0 + 20), "♜ " + tr(lang, "palace"), 20, INK, anchor="mm")


def _panel_frame(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout) -> None:
    lang = layout.lang
    rows = _rows(layout)
    put_text(img, (PX, 14), "RATTUS", 30, PLAGUE)
    for y in (rows.players - 10, rows.cards - 10, rows.supply - 8, rows.recent - 8):
        d.line([PX - 4, y, PR + 4, y], fill=RULE, width=2)
    if layout.kind == "final":
        put_text(img, (PX, rows.players), tr(lang, "ranking"), 20, PLAGUE)
    else:
        put_text(img, (PX, rows.players), tr(lang, "players"), 20, MUTED)
        keys = ["col_reserve", "col_board"] + (["col_hand"] if layout.hands else [])
        for key, right in zip(keys, _columns(layout), strict=True):
            at = (right, rows.players + 12)
            put_text(img, at, tr(lang, key), 14, MUTED, style="regular", anchor="rm")
    put_text(img, (PX, rows.cards), tr(lang, "cards"), 20, MUTED)
    for i, (card, symbol) in enumerate(layout.cards):
        y = rows.cards + 30 + i * CARD_ROW
        badge = symbol_badge(symbol, 26)
        img.paste(badge, (PX, y), badge)
        name = fit_text(card_name(card, lang), 22, 150, "condensed")
        put_text(img, (PX + 34, y + 13), name, 22, INK, style="condensed", anchor="lm")
    paste_centred(img, rat_sprite(17), (PX + 18, rows.supply + 24))
    put_text(img, (PX + 46, rows.supply + 24), tr(lang, "supply"), 24, INK, anchor="lm")


GOLD_INK: RGB = (150, 104, 0)
ALL_REGIONS = tuple(geo.SHAPES)


def _whole(layout: Layout) -> Image.Image:
    """The static layer of a layout in RGB (for the palette's reference drawing)."""
    img = _map_layer(layout)
    img.paste(_panel_layer(layout), (PANEL_X + 2, 0))
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
        cards=tuple((c, "O" if i >= 6 else "PBCKWR"[i]) for i, c in enumerate(CARD_NAMES["en"])),
        hands=True,
        lang="fr",
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
    height = sum(2 * im.height for im in statics) + 80
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
    sprites += [rat_sprite(RAT_R, GOLD), _caravan_sprite(16), _diplomat_sprite()]
    sprites += [token_face_sprite(4, ("M", "A", "P", "B", "C", "K", "W", "R", "O"), 28)]
    for sprite in sprites:
        img.paste(sprite, (x, y + 6), sprite)
        x += sprite.width + 6
    d = ImageDraw.Draw(img)
    for colour in (PLAGUE_TINT, HIGHLIGHT, GOLD, GOLD_INK, WHITE, NEW, PLAGUE, INK, FAINT, MUTED):
        d.rectangle([x, y + 6, x + 20, y + 26], fill=colour)
        x += 24
    put_text(img, (x, y + 6), "Aa éà ☠ → 0123456789 −", 20, PLAGUE)
    put_text(img, (x, y + 40), "Aa éà 0123456789", 20, INK, halo=WHITE)
    return img


# One palette for every board: sprites blended once can be pasted into any of them.
_PALETTE: OnceCache[str, Image.Image] = OnceCache(
    lambda _: make_palette(
        _reference(), [*exact_colours(), *sprites.colours(), GOLD_INK, *LAND_TONES]
    )
)


def _palette() -> Image.Image:
    return _PALETTE.get("rattus")


PALETTES["rattus"] = _palette


def _indexed(img: Image.Image) -> Image.Image:
    return img.quantize(palette=_palette(), dither=Image.Dither.NONE)


# The static layers, kept only in palette form: the map (a few per game: regions in play,
# language, board or private image) and the panel (one per player count, class cards and
# language; bounded, since Africanus games choose their class cards).
_MAP_LAYERS: OnceCache[Layout, Image.Image] = OnceCache(lambda key: _indexed(_map_layer(key)))


@lru_cache(maxsize=64)
def _panel_indexed(key: Layout) -> Image.Image:
    return _indexed(_panel_layer(key))


def _canvas(layout: Layout) -> Canvas:
    """A fresh copy of a layout's static layer to draw the pieces on."""
    base = _MAP_LAYERS.get(layout.map_key).copy()
    base.paste(_panel_indexed(layout.panel_key), (PANEL_X + 2, 0))
    return Canvas(base, "rattus")


# ------------------------------------------------------------------ the pieces


def _rat(c: Canvas, centre: Point, ring: RGB | None = None) -> None:
    c.centred(("rattus.rat", RAT_R, ring), centre)


def _face(c: Canvas, x: float, y: float, token: Mapping[str, Any], size: int = 28) -> int:
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
    pts = _trim(bezier(a, bend, b, 48), 12, PLAGUE_R + 6)
    pad = 24
    x0 = int(min(p[0] for p in pts)) - pad
    y0 = int(min(p[1] for p in pts)) - pad
    size = (int(max(p[0] for p in pts)) - x0 + pad, int(max(p[1] for p in pts)) - y0 + pad)
    local = [(x - x0, y - y0) for x, y in pts]
    body = _trim(local, 0, 14)

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        scaled = [(x * s, y * s) for x, y in body]
        tip = (local[-1][0] * s, local[-1][1] * s)
        head = arrow_head(tip, scaled[-1], 22 * s, 20 * s)
        d.line(scaled, fill=(*WHITE, 255), width=round(9 * s), joint="curve")
        d.polygon(head, fill=(*WHITE, 255), outline=(*WHITE, 255), width=round(4 * s))
        d.line(scaled, fill=(*PLAGUE, 255), width=round(5 * s), joint="curve")
        d.polygon(head, fill=(*PLAGUE, 255))

    return supersampled(size, draw, 2), (x0, y0)


@sprite_maker("rattus.shown")
def _shown(limit: int, symbols: tuple[str, ...]) -> Sprite:
    return _shown_sprite(limit, symbols), (0, 0)


@lru_cache(maxsize=128)
def _shown_sprite(limit: int, symbols: tuple[str, ...]) -> Image.Image:
    """A rat token turned face up on the map: a dark square the size of its slot, with the
    limit and up to three symbol badges in a 2 x 2 grid (reading order)."""
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
    put_text(sprite, centre, str(limit), round(cell * 0.95), WHITE, anchor="mm")
    for symbol, at in zip(symbols, cells[1:], strict=False):
        badge = symbol_badge(symbol, cell)
        sprite.paste(badge, at, badge)
    return sprite


@sprite_maker("rattus.diplomat")
def _diplomat() -> Sprite:
    return _diplomat_sprite(), (0, 0)


@sprite_maker("rattus.caravan")
def _caravan(r: int) -> Sprite:
    return _caravan_sprite(r), (0, 0)


@lru_cache(maxsize=1)
def _diplomat_sprite() -> Image.Image:
    """A diplomat: a small white pennant on a pole (drawn on its seat's piece)."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.line([(3 * s, 1 * s), (3 * s, 17 * s)], fill=INK, width=round(2.2 * s))
        d.polygon(
            [(4 * s, 1.5 * s), (15.5 * s, 5.5 * s), (4 * s, 10 * s)],
            fill=WHITE,
            outline=INK,
            width=round(1.5 * s),
        )

    return supersampled((17, 18), draw)


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


def _plague_spot(view: Mapping[str, Any], region: str) -> Point:
    """Where the plague piece stands: in the row under the cubes while that row is free (it
    always is with up to four players), else the region's spare spot."""
    a = geo.ANCHORS[region]
    holders = next(
        (sum(1 for n in r["cubes"] if n) for r in view["regions"] if r["id"] == region), 0
    )
    if holders <= 4:
        (x4, y4), (x5, _) = a.cells[4], a.cells[5]
        if x5 > x4:
            return ((x4 + x5 + CHIP + 30) / 2, y4 + CHIP / 2 + 4)
        return (x4 + PLAGUE_R + 4, y4 + CHIP / 2 + 4)
    return a.plague


def _headline(view: Mapping[str, Any], lang: str) -> str:
    phase = view["phase"]
    if phase == "over":
        return tr(lang, "over")
    if phase in ("opening", "caravan"):
        return tr(lang, "opening")
    if view.get("final") and phase in ("final", "ravage_order", "reaction"):
        return tr(lang, "final")
    return tr(lang, "turn", n=view.get("turn", 0))


def _steps_line(view: Mapping[str, Any], lang: str) -> str:
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


def _legend_items(view: Mapping[str, Any]) -> tuple[str, ...]:
    """Africanus pieces present in this game, to explain under the panel."""
    cards = {c["card"] for c in view["cards"]}
    items = []
    # The view says when the game has diplomats (a supply, with the Sultan) and none else.
    if view.get("diplomats") or view.get("diplomat_supply") is not None:
        items.append("diplomat")
    if view.get("caravan") or "caravaneer" in cards:
        items.append("caravan")
    return tuple(items)


def _draw_regions(c: Canvas, view: Mapping[str, Any]) -> None:
    """Every region's rat tokens and cubes, the plague (its region washed red, the arrow of its
    last move), the diplomats and the caravan; in the final ravage, the faces it revealed."""
    plague = view.get("plague")
    recent = view.get("recent") or {}
    spread: Mapping[str, int] = {} if recent.get("final") else recent.get("spread") or {}
    diplomats: Mapping[str, Sequence[int]] = view.get("diplomats") or {}
    caravan = view.get("caravan")
    shown: dict[str, list[Mapping[str, Any]]] = {}
    if recent.get("final"):
        # The final ravage turns every rat token face up: each stays on the map where it lay.
        for rev in recent.get("revealed") or []:
            shown.setdefault(rev["region"], []).append(rev)
    _draw_plague_move(c, view, plague, recent)
    for region in view["regions"]:
        rid = region["id"]
        a = geo.ANCHORS.get(rid)
        if a is None:
            continue
        faces = shown.get(rid, [])[:3]
        middle = a.rats[0] + RAT_PITCH
        for k, face in enumerate(faces):
            at = (middle + (k - 1) * SHOWN_PITCH, a.rats[1])
            c.centred(("rattus.shown", int(face["limit"]), tuple(face["symbols"])), at)
        tokens = min(3 - len(faces), int(region["tokens"]))
        new = min(tokens, int(spread.get(rid, 0)))
        for k in range(len(faces), len(faces) + tokens):
            # The rats that just arrived are ringed.
            ring = NEW if k >= len(faces) + tokens - new else None
            _rat(c, (a.rats[0] + k * RAT_PITCH, a.rats[1]), ring)
        holders = [(s, n) for s, n in enumerate(region["cubes"]) if n]
        here = set(diplomats.get(rid, ()))
        for (seat, n), (x, y) in zip(holders, a.cells, strict=False):
            _counted_chip(c, x, y, seat, n)
            if seat in here:
                c.sprite(("rattus.diplomat",), (x + CHIP - 8, y - 9))
        if caravan == rid:
            c.centred(("rattus.caravan", 16), a.extra)
    if plague in geo.ANCHORS:
        x, y = where = _plague_spot(view, plague)
        c.centred(("rattus.plague", PLAGUE_R), where)
        if recent.get("neutral") and recent.get("plague_to") == plague:
            # The Knight's plague counts as two neutral cubes.
            c.text((x + PLAGUE_R + 4, y), "+2", 22, PLAGUE, anchor="lm", halo=WHITE)


def _draw_plague_move(
    c: Canvas, view: Mapping[str, Any], plague: str | None, recent: Mapping[str, Any]
) -> None:
    """The plague region's red wash and the arrow of the last move, composited in RGB (they
    cover much of the map), with the names and empty slots they cross drawn again on top."""
    layers: list[tuple[Image.Image, tuple[int, int]]] = []
    if plague in geo.SHAPES:
        layers.append(_plague_overlay(plague))
    src, dst = recent.get("plague_from"), recent.get("plague_to")
    if not recent.get("final") and src in geo.ANCHORS and dst in geo.ANCHORS and src != dst:
        layers.append(_move_arrow(_plague_spot(view, src), _plague_spot(view, dst)))
    if not layers:
        return
    x0 = max(0, min(at[0] for _, at in layers))
    y0 = max(0, min(at[1] for _, at in layers))
    x1 = max(at[0] + im.width for im, at in layers)
    y1 = max(at[1] + im.height for im, at in layers)
    box = (x0, y0, x1, y1)
    labels = [r["id"] for r in view["regions"] if r["id"] in geo.ANCHORS]
    labels = [r for r in labels if _near(geo.ANCHORS[r], box)]

    def compose(area: Image.Image) -> None:
        for layer, (lx, ly) in layers:
            area.paste(layer, (lx - x0, ly - y0), layer)
        for region in labels:
            _label(area, region, geo.ANCHORS[region], (-x0, -y0))

    c.patch(box, compose)


def _label(img: Image.Image, region: str, a: geo.Anchors, shift: tuple[int, int]) -> None:
    """A region's name and its three empty rat-token slots (RGB, as in the static layer)."""
    dx, dy = shift
    at = (a.label[0] + dx, a.label[1] + dy)
    put_text(img, at, region_name(region), NAME_SIZE, INK, style="condensed", anchor="mm")
    for k in range(3):
        centre = (a.rats[0] + k * RAT_PITCH + dx, a.rats[1] + dy)
        paste_centred(img, empty_slot_sprite(RAT_R), centre)


def _count(c: Canvas, x: float, y: float, n: int) -> None:
    """A cube count, right of the chip at (x, y)."""
    c.text(
        (x + CHIP + 3, y + CHIP / 2 + 1), str(n), COUNT_SIZE, INK, style="condensed", anchor="lm"
    )


def _counted_chip(c: Canvas, x: float, y: float, seat: int, n: int) -> None:
    """A seat's piece with its number of cubes beside it (in a region or the palace)."""
    c.chip(x, y, seat, CHIP)
    c.text(
        (x + CHIP + 3, y + CHIP / 2 + 1), str(n), COUNT_SIZE, INK, style="condensed", anchor="lm"
    )


def _draw_palace(c: Canvas, palace: Sequence[int]) -> None:
    x0, y0, _, _ = geo.PALACE_BOX
    cells = [(s, n) for s, n in enumerate(palace) if n]
    for i, (seat, n) in enumerate(cells):
        x = x0 + 12 + (i % 2) * 66
        y = y0 + 42 + (i // 2) * 36
        _counted_chip(c, x, y, seat, n)


# ------------------------------------------------------------------ the panel


def _draw_panel(c: Canvas, view: Mapping[str, Any], names: Sequence[str], layout: Layout) -> None:
    lang = layout.lang
    rows = _rows(layout)
    c.text((PR, 16), _headline(view, lang), 26, INK, anchor="ra")
    movers: list[int] = list(view.get("to_move") or [])
    result = view.get("result")
    if layout.kind == "final" and result:
        winner = int(result["ranking"][0]["seat"])
        c.chip(PX, 54, winner, CHIP)
        line = fit_text(tr(lang, "winner", who=_name(names, winner, lang)), 24, PR - PX - 34)
        c.text((PX + 34, 67), line, 24, PLAGUE, anchor="lm")
        _draw_ranking(c, result, names, lang, rows.players + 30)
    else:
        if movers:
            x = PX
            for seat in movers[:4]:
                c.chip(x, 54, seat, CHIP)
                x += CHIP + 4
            who = ", ".join(_name(names, s, lang) for s in movers)
            c.text(
                (x + 4, 67),
                fit_text(tr(lang, "to_move", who=who), 24, PR - x - 4),
                24,
                INK,
                anchor="lm",
            )
            steps = fit_text(_steps_line(view, lang), 18, PR - PX, "regular")
            c.text((PX, 95), steps, 18, MUTED, style="regular", anchor="lm")
        _draw_players(c, view, names, layout, movers, rows.players + 30)
    # Who holds each class card.
    for i, card in enumerate(view["cards"][: len(layout.cards)]):
        y = rows.cards + 30 + i * CARD_ROW
        holder = card.get("holder")
        if holder is None:
            c.text((PR, y + 13), tr(lang, "free"), 18, FAINT, style="regular", anchor="rm")
        else:
            seat = int(holder)
            label = fit_text(_name(names, seat, lang), 22, 130, "condensed")
            c.chip(PR - text_width(label, 22, "condensed") - CHIP - 6, y, seat, CHIP)
            c.text((PR, y + 13), label, 22, INK, style="condensed", anchor="rm")
    c.text((PR, rows.supply + 24), str(view["rat_supply"]), 34, INK, anchor="rm")
    bottom = layout.height - 12
    legend = _legend_items(view)
    if legend:
        bottom -= 34
        _draw_legend(c, lang, legend, bottom + 6)
    _draw_recent(c, view, names, lang, rows.recent, bottom)


def _draw_players(
    c: Canvas,
    view: Mapping[str, Any],
    names: Sequence[str],
    layout: Layout,
    movers: Sequence[int],
    y: int,
) -> None:
    """The turn order: each seat's piece, name, cubes in reserve and on the board (and the
    number of region cards held, never which)."""
    columns = _columns(layout)
    hands: Sequence[int] = view.get("hand_counts") or [0] * layout.players
    name_room = columns[0] - 40 - (PX + 48)
    for seat in range(layout.players):
        if seat in movers:
            c.flat((PX - 10, y - 5, PR + 8, y + 31), HIGHLIGHT, radius=8)
            c.text((PX - 4, y + 13), "▶", 15, PLAGUE, anchor="lm")
        c.chip(PX + 14, y, seat, CHIP)
        name = fit_text(_name(names, seat, layout.lang), 24, name_room, "condensed")
        c.text((PX + 48, y + 13), name, 24, INK, style="condensed", anchor="lm")
        values = [int(view["reserve"][seat]), int(view["on_board"][seat])]
        if layout.hands:
            values.append(int(hands[seat]))
        for value, right in zip(values, columns, strict=True):
            c.text((right, y + 13), str(value), 26, INK, style="condensed", anchor="rm")
        y += PLAYER_ROW


def _draw_legend(c: Canvas, lang: str, items: Sequence[str], y: int) -> None:
    x = PX
    for item in items:
        if item == "diplomat":
            c.sprite(("rattus.diplomat",), (x, y + 4))
        else:
            c.centred(("rattus.caravan", 13), (x + 13, y + 13))
        label = tr(lang, f"legend_{item}")
        x = c.text((x + 30, y + 13), label, 18, MUTED, style="regular", anchor="lm") + 24


def _losses_row(c: Canvas, x: int, y: int, losses: Sequence[int]) -> int:
    """Each seat's piece with the cubes it lost ("−2"), from x; returns the y of the next line
    (the row wraps when the panel is full)."""
    start = x
    for seat, n in enumerate(losses):
        if not n:
            continue
        if x + 64 > PR + 4:
            x, y = start, y + 32
        c.chip(x, y, seat, 24)
        c.text((x + 27, y + 13), f"−{n}", 22, PLAGUE, anchor="lm")
        x += 66
    return y + 36


def _draw_recent(
    c: Canvas,
    view: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    y: int,
    bottom: int,
) -> None:
    """What the last plague move did: where it went (and whether it counted as two cubes),
    where the new rats went, each token revealed with the cubes it cost; or the final ravage."""
    recent = view.get("recent")
    if not recent:
        return
    reveals: list[Mapping[str, Any]] = list(recent.get("revealed") or [])
    if recent.get("final") and recent.get("plague_from") == recent.get("plague_to"):
        c.text((PX, y), tr(lang, "final_ravage"), 20, MUTED)
        y = _final_losses(c, view, reveals, lang, y + 32)
        if reveals and y + 34 <= bottom:
            # The faces it turned up lie on the map: one of them explains the others.
            first = reveals[0]
            c.centred(
                ("rattus.shown", int(first["limit"]), tuple(first["symbols"])), (PX + 17, y + 14)
            )
            text = fit_text(tr(lang, "faces_shown"), 18, PR - PX - 44, "regular")
            c.text((PX + 44, y + 14), text, 18, MUTED, style="regular", anchor="lm")
        return
    who = _name(names, int(recent.get("seat", 0)), lang)
    c.text((PX, y), fit_text(tr(lang, "last", who=who), 20, PR - PX), 20, MUTED)
    y += 34
    c.centred(("rattus.plague", 14), (PX + 14, y + 13))
    line = f"{region_name(recent['plague_from'])} → {region_name(recent['plague_to'])}"
    extra = tr(lang, "plus2") if recent.get("neutral") else ""
    room = PR - PX - 36 - (text_width(extra, 20, "condensed") + 10 if extra else 0)
    line = fit_text(line, 24, room, "condensed")
    right = c.text((PX + 36, y + 13), line, 24, PLAGUE, style="condensed", anchor="lm")
    if extra:
        c.text((right + 10, y + 13), extra, 20, PLAGUE, style="condensed", anchor="lm")
    y += 36
    spread: Mapping[str, int] = recent.get("spread") or {}
    if spread:
        c.centred(("rattus.rat", 11, NEW), (PX + 14, y + 13))
        entries = [f"{region_name(r)} +{n}" for r, n in spread.items()]
        text = tr(lang, "spread", where=", ".join(entries))
        if text_width(text, 21, "condensed") > PR - PX - 36:
            # Two regions do not fit on one line: one line each, under the heading.
            text = tr(lang, "spread", where="").rstrip()
            for entry in entries:
                c.text((PX + 36, y + 13), text, 21, INK, style="condensed", anchor="lm")
                text, y = entry, y + 28
        c.text((PX + 36, y + 13), text, 21, INK, style="condensed", anchor="lm")
        y += 36
    pending: Mapping[str, Any] = view.get("reaction") or {}
    region = reveals[0]["region"] if reveals else pending.get("region")
    if region and (reveals or pending.get("token")):
        title = fit_text(
            tr(lang, "revealed_in", region=region_name(region)), 18, PR - PX, "regular"
        )
        c.text((PX, y + 10), title, 18, MUTED, style="regular", anchor="lm")
        y += 28
    for i, rev in enumerate(reveals):
        if y + 34 > bottom:
            c.text((PX, y), tr(lang, "more", n=len(reveals) - i), 18, MUTED, style="regular")
            return
        x = _face(c, PX, y, rev) + 10
        losses = [int(n) for n in rev["losses"]]
        if not rev["outbreak"] or not any(losses):
            note = tr(lang, "no_effect" if not rev["outbreak"] else "no_loss")
            c.text((x, y + 14), note, 18, MUTED, style="regular", anchor="lm")
            y += 36
        else:
            y = _losses_row(c, x, y + 1, losses) - 1
    token: Mapping[str, Any] | None = pending.get("token")
    if token and y + 34 <= bottom:
        # Africanus: a revealed token waits while seats decide on region cards.
        x = _face(c, PX, y, token) + 10
        c.text((x, y + 14), tr(lang, "pending") + " …", 18, PLAGUE, style="regular", anchor="lm")


def _final_losses(
    c: Canvas,
    view: Mapping[str, Any],
    reveals: Sequence[Mapping[str, Any]],
    lang: str,
    y: int,
) -> int:
    """The final ravage in one line: the cubes each seat lost in it; returns the y of the next
    line."""
    total = [0] * int(view["players"])
    for rev in reveals:
        for seat, n in enumerate(rev["losses"]):
            total[seat] += int(n)
    x = c.text((PX, y + 13), tr(lang, "lost"), 20, INK, anchor="lm") + 10
    if any(total):
        return _losses_row(c, x, y, total)
    c.text((x, y + 13), tr(lang, "nobody_lost"), 18, MUTED, style="regular", anchor="lm")
    return y + 36


def _draw_ranking(
    c: Canvas,
    result: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    y: int,
) -> None:
    """The final ranking: place, piece, name, score, and the parts of the score that count."""
    rows = list(result["ranking"])
    for row in rows:
        seat = int(row["seat"])
        c.text((PX, y + 13), f"{row['rank']}.", 24, INK, anchor="lm")
        c.chip(PX + 30, y, seat, CHIP)
        name = fit_text(_name(names, seat, lang), 24, PR - PX - 130, "condensed")
        c.text((PX + 64, y + 13), name, 24, INK, style="condensed", anchor="lm")
        c.text((PR, y + 14), str(row["score"]), 30, INK, anchor="rm")
        breakdown: Mapping[str, int] = row.get("breakdown") or {}
        parts = [
            f"{tr(lang, 'b_' + key)} {value}"
            for key, value in breakdown.items()
            if value or key == "board"
        ]
        text = fit_text(" + ".join(parts), 17, PR - PX - 30, "condensed")
        c.text((PX + 30, y + 37), text, 17, MUTED, style="condensed", anchor="lm")
        y += RANK_ROW
    scores = [row["score"] for row in rows]
    if len(set(scores)) < len(scores):
        c.text((PR, y - 4), tr(lang, "tie"), 15, MUTED, style="regular", anchor="rm")


# ------------------------------------------------------------------ entry points


def warm() -> None:
    """Build the fixed palette (about a second) before the first board needs it."""
    _palette()


def render_board(view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en") -> bytes:
    """PNG of the public position: the same view, names and language give the same bytes."""
    layout = _layout(view, language(lang))
    c = _canvas(layout)
    _draw_regions(c, view)
    _draw_palace(c, view.get("palace") or [])
    _draw_panel(c, view, players, layout)
    return c.png()


def render_private(
    view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en"
) -> bytes | None:
    """PNG for one seat's DM: the rat tokens it has looked at (the Witch), their faces and where
    they lie, and its region cards (Africanus); None when the seat knows no token's face."""
    lang = language(lang)
    known = [
        (region, pos, face)
        for region in view["regions"]
        for pos, face in enumerate(region.get("known") or [])
        if face
    ]
    if not known:
        return None
    layout = _layout(view, lang, "private")
    c = _canvas(layout)
    by_region: dict[str, dict[int, Mapping[str, Any]]] = {}
    for region, pos, face in known:
        by_region.setdefault(region["id"], {})[pos] = face
    for region in view["regions"]:
        a = geo.ANCHORS.get(region["id"])
        if a is None:
            continue
        faces = by_region.get(region["id"], {})
        for k in range(min(3, int(region["tokens"]))):
            centre = (a.rats[0] + k * RAT_PITCH, a.rats[1])
            if k in faces:
                _known(c, k + 1, centre)
            else:
                _rat(c, centre)
        for j, (pos, face) in enumerate(sorted(faces.items())):
            x, y = a.cells[2 * j]
            c.text((x + 6, y + 14), f"{pos + 1}", 20, INK, anchor="mm")
            _face(c, x + 16, y, face)
    plague = view.get("plague")
    if plague in geo.ANCHORS:
        c.centred(("rattus.plague", PLAGUE_R), _plague_spot(view, plague))
    _draw_private_panel(c, view, players, lang, known, layout.height)
    return c.png()


def _known(c: Canvas, n: int, centre: Point) -> None:
    c.centred(("rattus.known", n), centre)


def _badge(c: Canvas, symbol: str, x: float, y: float) -> None:
    c.sprite(("rattus.badge", symbol, 26), (x, y))


@sprite_maker("rattus.known")
def _known_sprite(n: int) -> Sprite:
    return _known_slot(n), (0, 0)


@lru_cache(maxsize=4)
def _known_slot(n: int) -> Image.Image:
    """A rat token this seat has looked at: a gold disc with its place in the region."""
    side = 2 * RAT_R + 2

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        d.ellipse(
            [s, s, (side - 1) * s, (side - 1) * s], fill=GOLD, outline=INK, width=round(2 * s)
        )

    sprite = supersampled((side, side), draw)
    put_text(sprite, (side / 2, side / 2 + 1), str(n), 18, INK, anchor="mm")
    return sprite


def _draw_private_panel(
    c: Canvas,
    view: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    known: Sequence[tuple[Mapping[str, Any], int, Mapping[str, Any]]],
    bottom: int,
) -> None:
    seat = view.get("seat")
    c.text((PX, 14), "RATTUS", 30, PLAGUE)
    y = 60
    if seat is not None:
        c.chip(PX, y, int(seat), CHIP)
        name = fit_text(_name(names, int(seat), lang), 24, PR - PX - 36, "condensed")
        c.text((PX + 36, y + 13), name, 24, INK, style="condensed", anchor="lm")
    y += 44
    c.text((PX, y), tr(lang, "secret"), 22, PLAGUE)
    y += 40
    c.text((PX, y), tr(lang, "your_looks"), 18, MUTED)
    y += 32
    for region, pos, face in known:
        if y + 64 > bottom:
            break
        where = tr(lang, "token_of", n=pos + 1, total=region["tokens"])
        line = fit_text(f"{region_name(region['id'])} · {where}", 21, PR - PX, "condensed")
        c.text((PX, y), line, 21, INK, style="condensed")
        _face(c, PX, y + 28, face, 30)
        y += 72
    hand: Sequence[Mapping[str, Any]] = view.get("hand") or []
    if hand and y + 80 < bottom:
        y += 6
        c.text((PX, y), tr(lang, "hand"), 18, MUTED)
        y += 30
        for card in hand:
            if y + 32 > bottom:
                break
            name = region_name(card["region"])
            c.text((PX, y + 13), name, 21, INK, style="condensed", anchor="lm")
            symbols = ["?"] if card.get("wild") else list(card["symbols"])
            for i, sym in enumerate(symbols):
                _badge(c, sym, PX + 140 + 30 * i, y)
            y += 34


SUMMARY_LIMIT = 1900  # one Discord message (2000 characters), with room for a mention


def summary(view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en") -> str:
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


def _summary(
    view: Mapping[str, Any], players: Sequence[str], lang: str, longest: int, faces: bool
) -> str:
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
    lines.append(tr(lang, "s_plague", region=region_name(view["plague"]), n=view["rat_supply"]))
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
    last: Mapping[str, Any] = view.get("recent") or {}
    if faces and last.get("final"):
        # The final ravage turns every rat token face up: each region lists the faces it had.
        for rev in last.get("revealed") or []:
            face = f"{rev['limit']} " + "+".join(rev["symbols"])
            shown.setdefault(rev["region"], []).append(face)
    regions = []
    for region in view["regions"]:
        n = int(region["tokens"])
        rats = tr(lang, "s_rats" if n == 1 else "s_rats_n", n=n)
        if region["id"] in shown:
            # Tokens still face down (a final ravage under way) are a "?".
            rats = tr(lang, "s_shown", faces=", ".join(shown[region["id"]] + ["?"] * n))
        on = cubes(region["cubes"])
        regions.append(f"{region_name(region['id'])} ({rats})" + (f" {on}" if on else ""))
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
    if view.get("caravan"):
        lines.append(tr(lang, "s_caravan", region=region_name(view["caravan"])))
    diplomats: Mapping[str, Sequence[int]] = view.get("diplomats") or {}
    if diplomats:
        placed = tr(lang, "sep").join(
            f"{region_name(r)} (" + ", ".join(who(s) for s in seats) + ")"
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
    recent: Mapping[str, Any], who: Callable[[int], str], lang: str, listed: bool = False
) -> str:
    """The last plague move in a sentence: where it went, the new rats, each token revealed
    and the cubes it cost; or the final ravage's total (`listed`: its faces are in the regions
    line)."""
    reveals: list[Mapping[str, Any]] = list(recent.get("revealed") or [])

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
            a=region_name(recent["plague_from"]),
            b=region_name(recent["plague_to"]),
            plus=tr(lang, "s_plus2") if recent.get("neutral") else "",
        )
    ]
    spread: Mapping[str, int] = recent.get("spread") or {}
    if spread:
        where = ", ".join(f"{region_name(r)} +{n}" for r, n in spread.items())
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
        parts.append(tr(lang, "s_revealed", region=region_name(region), tokens=tokens))
    if not reveals and not recent.get("final"):
        parts.append(tr(lang, "s_none"))
    who_moved = who(int(recent.get("seat", 0)))
    return tr(lang, "s_last", who=who_moved, what=tr(lang, "sep").join(parts))
