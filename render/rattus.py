"""The Rattus board as an image, from a view only (never from a full state).

Regions are drawn as tiles placed like the map of 1347 Europe (and the North Africa strip
when an Africanus game uses it), linked by their borders; arrows are the sea links. Each
tile shows its face-down rat tokens, every player's cubes and the plague piece. The panel on
the right has the turn order, the class cards and who holds them, the rat supply and what the
last plague move did; at the end, the final ranking.

The static layer (sea, links, tile frames, names, panel frames) is drawn once per layout and
cached; each call draws the pieces, maps the image onto a fixed palette and writes a PNG.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    BORDER,
    GOLD,
    INK,
    LAND,
    MUTED,
    PANEL,
    PAPER,
    PLAGUE,
    RGB,
    SEA,
    UNUSED,
    WHITE,
    PaletteCache,
    chip,
    encode,
    fit_text,
    font,
    on_colour,
    plague_badge,
    put_text,
    rat_disc,
    seat_colour,
    seat_letter,
    text_width,
    token_face,
)

TILE_W, TILE_H = 146, 104
MAP_W = 770
PANEL_X = 780
WIDTH = 1140
BASE_HEIGHT = 720
AFRICA_HEIGHT = 880

# Top-left corner of each region's tile: a stylised 1347 map, west to east, north to south.
TILES: dict[str, tuple[int, int]] = {
    "scandia": (305, 12),
    "russia": (600, 36),
    "anglia": (24, 96),
    "germania": (286, 166),
    "polonia": (452, 186),
    "gallia": (104, 272),
    "tartaria": (612, 298),
    "hungaria": (430, 346),
    "italia": (266, 410),
    "hispania": (34, 452),
    "bulgaria": (468, 500),
    "turcia": (614, 580),
    "na1": (16, 740),
    "na2": (167, 740),
    "na3": (318, 740),
    "na4": (469, 740),
    "na5": (620, 740),
}
ALL_NAMES = {
    "anglia": "Anglia", "gallia": "Gallia", "hispania": "Hispania", "germania": "Germania",
    "italia": "Italia", "scandia": "Scandia", "polonia": "Polonia", "hungaria": "Hungaria",
    "bulgaria": "Bulgaria", "turcia": "Turcia", "russia": "Russia", "tartaria": "Tartaria",
    "na1": "Mauretania", "na2": "Numidia", "na3": "Africa", "na4": "Libya", "na5": "Aegyptus",
}  # fmt: skip

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "turn": "Turn {n}", "opening": "Opening placement", "final": "Final round",
        "over": "Game over", "to_move": "To move: {who}", "players": "Players",
        "cards": "Class cards", "supply": "Rats in the supply: {n}", "palace": "Palace",
        "last": "Last plague move", "plague": "Plague {a} → {b}", "plus2": " (+2 cubes)",
        "spread": "New rats: {where}", "no_effect": "no effect", "no_loss": "nobody hit",
        "final_ravage": "Final ravage",
        "ranking": "Final ranking", "more": "… and {n} more", "nobody": "—",
        "winner": "Winner: {who}",
        "secret": "Your secret knowledge", "token": "token {n}", "nothing": "You know no face.",
        "hand": "Region cards", "reserve": "supply", "board": "board", "cards_n": "cards",
        "columns": "supply · board · palace", "columns_hand": "supply · board · palace · cards",
        "wild": "any", "caravan": "Caravan", "diplomats": "diplomats",
        "summary_turn": "Rattus, turn {n}: {phase}.", "summary_move": "{who} to move.",
        "summary_plague": "Plague in {region}. Rats in the supply: {n}.",
        "summary_region": "{region}: {rats} rat(s)", "summary_cards": "Cards: {cards}.",
        "summary_last": "Last: plague {a} → {b}; {reveals}.", "summary_over": "Final: {ranking}.",
        "summary_palace": "Palace: {cubes}.", "summary_none": "no token revealed",
        "phase_main": "main phase", "phase_witch": "the Witch's spell",
        "phase_spread": "placing new rats", "phase_opening": "opening placement",
        "phase_final": "final round", "phase_over": "game over", "phase_caravan": "caravan",
        "phase_astronomer": "Astronomer", "phase_explorer": "Explorer",
        "phase_reaction": "waiting for region cards", "phase_ravage_order": "final ravage",
    },
    "fr": {
        "turn": "Tour {n}", "opening": "Placement de départ", "final": "Dernière manche",
        "over": "Partie finie", "to_move": "À jouer : {who}", "players": "Joueurs",
        "cards": "Cartes de classe", "supply": "Rats en réserve : {n}", "palace": "Château",
        "last": "Dernier passage de la Peste", "plague": "Peste {a} → {b}",
        "plus2": " (+2 cubes)", "spread": "Nouveaux rats : {where}", "no_effect": "sans effet",
        "no_loss": "personne touché",
        "final_ravage": "Dernier ravage", "ranking": "Classement final",
        "winner": "Vainqueur : {who}",
        "more": "… et {n} de plus", "nobody": "—", "secret": "Ce que vous seul savez",
        "token": "jeton {n}", "nothing": "Vous ne connaissez aucun jeton.",
        "hand": "Cartes Région", "reserve": "réserve", "board": "plateau", "cards_n": "cartes",
        "columns": "réserve · plateau · château",
        "columns_hand": "réserve · plateau · château · cartes",
        "wild": "toute", "caravan": "Caravane", "diplomats": "diplomates",
        "summary_turn": "Rattus, tour {n} : {phase}.", "summary_move": "À {who} de jouer.",
        "summary_plague": "Peste en {region}. Rats en réserve : {n}.",
        "summary_region": "{region} : {rats} rat(s)", "summary_cards": "Cartes : {cards}.",
        "summary_last": "Dernier tour : Peste {a} → {b} ; {reveals}.",
        "summary_over": "Final : {ranking}.", "summary_palace": "Château : {cubes}.",
        "summary_none": "aucun jeton révélé",
        "phase_main": "phase principale", "phase_witch": "sortilège de la Sorcière",
        "phase_spread": "placement des nouveaux rats", "phase_opening": "placement de départ",
        "phase_final": "dernière manche", "phase_over": "partie finie",
        "phase_caravan": "caravane", "phase_astronomer": "Astronome",
        "phase_explorer": "Explorateur", "phase_reaction": "attente des cartes Région",
        "phase_ravage_order": "dernier ravage",
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


def tr(lang: str, key: str, **params: object) -> str:
    """An image string in a language (English when unknown)."""
    table = STRINGS.get(lang, STRINGS["en"])
    return table.get(key, STRINGS["en"][key]).format(**params)


def card_name(card: str, lang: str) -> str:
    """A class card's name."""
    return CARD_NAMES.get(lang, CARD_NAMES["en"]).get(card, card)


def region_name(region: str) -> str:
    """A region's display name."""
    return ALL_NAMES.get(region, region)


# Ellipses that make a soft coastline behind the tiles.
LANDMASS = (
    (90, 150, 450, 560),
    (250, 150, 640, 640),
    (420, 140, 775, 520),
    (560, 20, 775, 330),
    (285, 0, 470, 200),
    (10, 70, 200, 225),
    (20, 410, 250, 590),
    (430, 440, 775, 705),
)
AFRICA_LAND = ((0, 720, 300, 870), (200, 715, 560, 875), (450, 720, 780, 870))


def _token_slot(region: str, k: int) -> tuple[float, float]:
    """Centre of face-down token slot k of a tile (a column on its right edge)."""
    x, y = TILES[region]
    return x + TILE_W - 15, y + 38 + k * 22


def _centre(region: str) -> tuple[float, float]:
    x, y = TILES[region]
    return x + TILE_W / 2, y + TILE_H / 2


# ---------------------------------------------------------------- the static layer


def _layout(view: Mapping[str, Any]) -> tuple[Any, ...]:
    used = tuple(r["id"] for r in view["regions"])
    links = tuple(
        sorted({tuple(sorted((r["id"], n))) for r in view["regions"] for n in r["neighbours"]})
    )
    arrows = tuple(tuple(a) for a in view.get("arrows", []))
    return used, links, arrows, int(view["players"]), len(view["cards"])


def _africa(used: Sequence[str]) -> bool:
    return any(r.startswith("na") for r in used)


def _height(used: Sequence[str]) -> int:
    return AFRICA_HEIGHT if _africa(used) else BASE_HEIGHT


def _panel_rows(players: int, cards: int) -> dict[str, int]:
    """Y positions of the panel's sections (they depend on how many players and cards)."""
    y = {"header": 12, "players": 74}
    y["cards"] = y["players"] + 28 + players * 30 + 6
    y["supply"] = y["cards"] + 28 + cards * 25 + 12
    y["last"] = y["supply"] + 36
    return y


def _dashed(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: RGB,
    width: int,
    dash: int = 9,
) -> None:
    (x1, y1), (x2, y2) = a, b
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    steps = int(length // dash)
    for i in range(0, steps, 2):
        s, e = i / steps, min(1.0, (i + 1) / steps)
        draw.line(
            [(x1 + (x2 - x1) * s, y1 + (y2 - y1) * s), (x1 + (x2 - x1) * e, y1 + (y2 - y1) * e)],
            fill=colour,
            width=width,
        )


def _static(layout: tuple[Any, ...], lang: str) -> Image.Image:
    used, links, arrows, players, cards = layout
    height = _height(used)
    img = Image.new("RGB", (WIDTH, height), SEA)
    d = ImageDraw.Draw(img)
    # A soft landmass under the tiles (decoration only: neighbours are the drawn links).
    for box in LANDMASS:
        d.ellipse(box, fill=LAND)
    if _africa(used):
        for box in AFRICA_LAND:
            d.ellipse(box, fill=LAND)
    arrow_set = {tuple(sorted(a)) for a in arrows}
    for a, b in links:
        if a not in TILES or b not in TILES:
            continue
        if (a, b) in arrow_set:
            _dashed(d, _centre(a), _centre(b), (60, 100, 140), 3)
        else:
            d.line([_centre(a), _centre(b)], fill=BORDER, width=5)
    for region, (x, y) in TILES.items():
        if region.startswith("na") and not _africa(used):
            continue
        live = region in used
        d.rounded_rectangle(
            [x, y, x + TILE_W, y + TILE_H],
            radius=10,
            fill=PAPER if live else UNUSED,
            outline=BORDER if live else MUTED,
            width=2,
        )
        d.text(
            (x + 8, y + 5),
            fit_text(region_name(region), 18, TILE_W - 14, True),
            font=font(18, True),
            fill=INK if live else MUTED,
        )
        if live:
            for k in range(3):
                rat_disc(d, *_token_slot(region, k), 9, False)
    # The panel.
    d.rectangle([PANEL_X - 6, 0, WIDTH, height], fill=PANEL)
    d.line([PANEL_X - 6, 0, PANEL_X - 6, height], fill=BORDER, width=2)
    rows = _panel_rows(players, cards)
    d.text((PANEL_X + 8, rows["players"]), tr(lang, "players"), font=font(18, True), fill=INK)
    columns = tr(lang, "columns_hand" if _africa(used) else "columns")
    d.text((WIDTH - 12, rows["players"] + 12), columns, font=font(12), fill=MUTED, anchor="rm")
    d.text((PANEL_X + 8, rows["cards"]), tr(lang, "cards"), font=font(18, True), fill=INK)
    return img


class _StaticCache:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._images: dict[tuple[Any, ...], Image.Image] = {}

    def get(self, layout: tuple[Any, ...], lang: str) -> Image.Image:
        key = (layout, lang)
        found = self._images.get(key)
        if found is None:
            with self._lock:
                found = self._images.get(key)
                if found is None:
                    found = self._images[key] = _static(layout, lang)
        return found


_STATIC = _StaticCache()
_PALETTES = PaletteCache()


def _reference(layout: tuple[Any, ...], lang: str) -> Image.Image:
    """A drawing holding every colour a board can use, to build the palette from."""
    img = _STATIC.get(layout, lang).copy()
    d = ImageDraw.Draw(img)
    for seat in range(6):
        chip(img, 20 + seat * 40, 10, seat)
        d.text((20 + seat * 40, 40), "8", font=font(16, True), fill=seat_colour(seat))
        d.rectangle([300 + seat * 30, 10, 326 + seat * 30, 60], fill=seat_colour(seat))
    token_face(img, d, 20, 70, 4, ["M", "A", "P", "B", "C", "K", "W", "R", "O"])
    plague_badge(d, 500, 40, 18)
    rat_disc(d, 560, 40, 9, True)
    d.rounded_rectangle([600, 20, 700, 60], radius=8, outline=PLAGUE, width=5)
    d.text((20, 110), "Aa éà ☠ ♜ ▶ → 0123456789", font=font(18, True), fill=INK)
    d.text((20, 140), "Aa éà", font=font(16), fill=MUTED)
    d.rectangle([20, 170, 200, 200], fill=(255, 241, 196))
    d.text((24, 172), "Aa 12", font=font(18, True), fill=INK)
    d.rectangle([220, 170, 400, 200], fill=GOLD)
    return img


# ---------------------------------------------------------------- the pieces


def _draw_region(
    img: Image.Image, d: ImageDraw.ImageDraw, region: Mapping[str, Any], view: Mapping[str, Any]
) -> None:
    rid = region["id"]
    x, y = TILES[rid]
    for k in range(min(3, region["tokens"])):
        rat_disc(d, *_token_slot(rid, k), 9, True)
    if region["tokens"] >= 3:
        # Full: no rat may come in; a ravage here would reveal three tokens.
        d.rounded_rectangle(
            [x + 2, y + 2, x + TILE_W - 2, y + TILE_H - 2], radius=9, outline=(150, 90, 60), width=2
        )
    if view.get("plague") == rid:
        d.rounded_rectangle(
            [x - 3, y - 3, x + TILE_W + 3, y + TILE_H + 3], radius=12, outline=PLAGUE, width=5
        )
        plague_badge(d, x + TILE_W - 4, y + TILE_H - 2, 17)
    diplomats = set((view.get("diplomats") or {}).get(rid, []))
    cubes = region["cubes"]
    holders = [s for s, n in enumerate(cubes) if n]
    for i, seat in enumerate(holders):
        cx = x + 8 + (i % 2) * 54
        cy = y + 30 + (i // 2) * 24
        chip(img, cx, cy, seat, size=21)
        put_text(img, (cx + 25, cy + 11), str(cubes[seat]), 19, INK, bold=True, anchor="lm")
        if seat in diplomats:
            # The diplomat: a white diamond on the chip's corner.
            d.polygon(
                [(cx + 21, cy - 6), (cx + 27, cy), (cx + 21, cy + 6), (cx + 15, cy)],
                fill=WHITE,
                outline=INK,
            )
    if view.get("caravan") == rid:
        cx, cy = x + 12, y + TILE_H - 2
        d.ellipse([cx - 13, cy - 13, cx + 13, cy + 13], fill=GOLD, outline=INK, width=2)
        put_text(img, (cx, cy + 1), "C", 15, INK, bold=True, anchor="mm")


def _phase_line(view: Mapping[str, Any], lang: str) -> str:
    phase = view["phase"]
    if phase == "opening":
        return tr(lang, "opening")
    if phase == "over":
        return tr(lang, "over")
    if view.get("final") and phase in ("final", "ravage_order", "reaction"):
        return tr(lang, "final")
    return tr(lang, "turn", n=view.get("turn", 0))


def _draw_panel(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
) -> None:
    x = PANEL_X + 8
    rows = _panel_rows(int(view["players"]), len(view["cards"]))
    put_text(img, (x, rows["header"]), "RATTUS", 24, PLAGUE, bold=True)
    put_text(
        img,
        (x + 118, rows["header"] + 4),
        fit_text(_phase_line(view, lang), 18, 230, True),
        18,
        INK,
        bold=True,
    )
    movers = view.get("to_move") or []
    detail = tr(lang, f"phase_{view['phase']}")
    if view["phase"] == "over" and view.get("result"):
        detail = tr(lang, "winner", who=_name(names, view["result"]["ranking"][0]["seat"]))
    elif movers:
        detail = (
            tr(lang, "to_move", who=", ".join(_name(names, s) for s in movers)) + " · " + detail
        )
    put_text(img, (x, rows["header"] + 34), fit_text(detail, 16, 344), 16, INK)
    hands = view.get("hand_counts")
    y = rows["players"] + 30
    for seat in range(int(view["players"])):
        if seat in movers:
            d.rounded_rectangle([x - 4, y - 3, WIDTH - 8, y + 25], radius=6, fill=(255, 241, 196))
            put_text(img, (x + 2, y + 11), "▶", 16, PLAGUE, bold=True, anchor="lm")
        chip(img, x + 20, y, seat, size=22)
        put_text(
            img,
            (x + 50, y + 11),
            fit_text(_name(names, seat), 17, 150 - (38 if hands else 0), True),
            17,
            INK,
            bold=True,
            anchor="lm",
        )
        numbers = [view["reserve"][seat], view["on_board"][seat], view["palace"][seat]]
        if hands is not None:
            numbers.append(hands[seat])
        for k, value in enumerate(reversed(numbers)):
            put_text(
                img,
                (WIDTH - 16 - k * 38, y + 11),
                str(value),
                17,
                INK if k != len(numbers) - 2 or value else MUTED,
                bold=True,
                anchor="rm",
            )
        y += 30
    y = rows["cards"] + 30
    for card in view["cards"]:
        label = f"{card['symbol']}  {card_name(card['card'], lang)}"
        put_text(img, (x, y + 10), label, 16, INK, bold=True, anchor="lm")
        if card["holder"] is None:
            put_text(img, (WIDTH - 26, y + 10), tr(lang, "nobody"), 16, MUTED, anchor="mm")
        else:
            chip(img, WIDTH - 38, y, card["holder"], size=21)
        y += 26
    y = rows["supply"]
    rat_disc(d, x + 10, y + 12, 10, True)
    put_text(
        img,
        (x + 28, y + 12),
        tr(lang, "supply", n=view["rat_supply"]),
        18,
        INK,
        bold=True,
        anchor="lm",
    )
    if view.get("caravan"):
        put_text(
            img,
            (WIDTH - 12, y + 12),
            "C: " + region_name(view["caravan"]),
            15,
            MUTED,
            bold=True,
            anchor="rm",
        )
    if view.get("phase") == "over" and view.get("result"):
        _draw_ranking(img, d, view["result"], names, lang, rows["last"])
    else:
        _draw_recent(img, d, view, names, lang, rows["last"])


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else seat_letter(seat)


def _draw_recent(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    y: int,
) -> None:
    recent = view.get("recent")
    x = PANEL_X + 8
    bottom = _height([r["id"] for r in view["regions"]]) - 10
    if not recent:
        return
    title = tr(lang, "final_ravage") if recent.get("final") else tr(lang, "last")
    put_text(img, (x, y), title, 18, INK, bold=True)
    y += 28
    if not recent.get("final"):
        line = tr(
            lang, "plague", a=region_name(recent["plague_from"]), b=region_name(recent["plague_to"])
        )
        if recent.get("neutral"):
            line += tr(lang, "plus2")
        put_text(img, (x, y), fit_text("☠ " + line, 16, 340, True), 16, PLAGUE, bold=True)
        y += 24
        if recent.get("spread"):
            where = ", ".join(f"{region_name(r)} +{n}" for r, n in recent["spread"].items())
            put_text(img, (x, y), fit_text(tr(lang, "spread", where=where), 16, 340), 16, INK)
            y += 24
    reveals = recent.get("revealed") or []
    for i, rev in enumerate(reveals):
        if y + 26 > bottom:
            put_text(img, (x, y), tr(lang, "more", n=len(reveals) - i), 15, MUTED)
            break
        put_text(
            img,
            (x, y + 11),
            fit_text(region_name(rev["region"]), 15, 78, True),
            15,
            INK,
            bold=True,
            anchor="lm",
        )
        width = token_face(img, d, x + 80, y, rev["limit"], rev["symbols"], size=22)
        cx = x + 84 + width
        losses = [(s, n) for s, n in enumerate(rev["losses"]) if n]
        if not rev["outbreak"] or not losses:
            key = "no_effect" if not rev["outbreak"] else "no_loss"
            put_text(img, (cx, y + 11), tr(lang, key), 14, MUTED, anchor="lm")
        for seat, n in losses:
            if cx + 44 > WIDTH - 4:
                break
            chip(img, cx, y, seat, size=20)
            put_text(img, (cx + 22, y + 10), f"−{n}", 15, PLAGUE, bold=True, anchor="lm")
            cx += 46
        y += 26


def _draw_ranking(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    result: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    y: int,
) -> None:
    x = PANEL_X + 8
    put_text(img, (x, y), tr(lang, "ranking"), 20, PLAGUE, bold=True)
    y += 30
    for row in result["ranking"]:
        seat = row["seat"]
        put_text(img, (x, y + 12), f"{row['rank']}.", 18, INK, bold=True, anchor="lm")
        chip(img, x + 26, y, seat, size=24)
        put_text(
            img,
            (x + 58, y + 12),
            fit_text(_name(names, seat), 18, 130, True),
            18,
            INK,
            bold=True,
            anchor="lm",
        )
        parts = "+".join(str(v) for v in row["breakdown"].values())
        put_text(img, (WIDTH - 52, y + 12), parts, 14, MUTED, anchor="rm")
        put_text(img, (WIDTH - 12, y + 12), str(row["score"]), 22, INK, bold=True, anchor="rm")
        y += 34


# ---------------------------------------------------------------- entry points


def render_board(view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en") -> bytes:
    """PNG of the public position (the same view, names and language give the same bytes)."""
    layout = _layout(view)
    lang = lang if lang in STRINGS else "en"
    img = _STATIC.get(layout, lang).copy()
    d = ImageDraw.Draw(img)
    for region in view["regions"]:
        if region["id"] in TILES:
            _draw_region(img, d, region, view)
    _draw_panel(img, d, view, players, lang)
    palette = _PALETTES.get((layout, lang), lambda: _reference(layout, lang))
    return encode(img, palette)


def render_private(
    view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en"
) -> bytes | None:
    """PNG of what one seat privately knows (Witch looks, region cards); None if nothing."""
    lang = lang if lang in STRINGS else "en"
    known = [
        (region["id"], pos, face)
        for region in view["regions"]
        for pos, face in enumerate(region.get("known") or [])
        if face
    ]
    hand = view.get("hand") or []
    if not known and not hand:
        return None
    height = 70 + 34 * len(known) + (44 + 30 * len(hand) if hand else 0)
    img = Image.new("RGB", (560, height), PAPER)
    d = ImageDraw.Draw(img)
    seat = view.get("seat")
    title = tr(lang, "secret")
    if seat is not None:
        chip(img, 14, 14, seat, size=26)
    d.text((50, 27), fit_text(title, 22, 490, True), font=font(22, True), fill=INK, anchor="lm")
    y = 58
    for region, pos, face in known:
        d.text(
            (16, y + 12),
            f"{region_name(region)} · {tr(lang, 'token', n=pos + 1)}",
            font=font(17, True),
            fill=INK,
            anchor="lm",
        )
        token_face(img, d, 250, y, face["limit"], face["symbols"], size=24)
        y += 34
    if hand:
        y += 10
        d.text((16, y), tr(lang, "hand"), font=font(18, True), fill=INK)
        y += 30
        for card in hand:
            label = region_name(card["region"])
            d.text((16, y + 11), label, font=font(16, True), fill=INK, anchor="lm")
            syms = ["?"] if card.get("wild") else list(card["symbols"])
            _symbols(d, 200, y, syms)
            y += 30
    return encode(img, _private_palette())


def _symbols(d: ImageDraw.ImageDraw, x: int, y: int, syms: Sequence[str]) -> None:
    from render.common import SYMBOL_COLOURS

    for sym in syms:
        colour = SYMBOL_COLOURS.get(sym, MUTED)
        w = text_width(sym, 14, True) + 10
        d.rounded_rectangle([x, y + 2, x + w, y + 22], radius=4, fill=colour)
        d.text((x + w / 2, y + 12), sym, font=font(14, True), fill=on_colour(colour), anchor="mm")
        x += w + 4


@cache
def _private_palette() -> Image.Image:
    img = Image.new("RGB", (560, 200), PAPER)
    d = ImageDraw.Draw(img)
    for seat in range(6):
        chip(img, 14 + seat * 34, 14, seat, size=26)
    token_face(img, d, 20, 60, 4, ["M", "A", "P", "B", "C", "K", "W", "R", "O"])
    _symbols(d, 20, 100, ["?"])
    d.text((20, 140), "Aa éà · 0123456789", font=font(22, True), fill=INK)
    d.text((20, 170), "Aa éà", font=font(16, True), fill=INK)
    return img.quantize(colors=255, method=Image.Quantize.MEDIANCUT)


def summary(view: Mapping[str, Any], players: Sequence[str], *, lang: str = "en") -> str:
    """A short text of the same position, for accessibility and clients without images."""
    lang = lang if lang in STRINGS else "en"
    lines = [
        tr(lang, "summary_turn", n=view.get("turn", 0), phase=tr(lang, f"phase_{view['phase']}"))
    ]
    movers = view.get("to_move") or []
    if movers:
        lines.append(
            tr(
                lang,
                "summary_move",
                who=", ".join(f"{_name(players, s)} ({seat_letter(s)})" for s in movers),
            )
        )
    lines.append(
        tr(lang, "summary_plague", region=region_name(view["plague"]), n=view["rat_supply"])
    )
    parts = []
    for region in view["regions"]:
        cubes = " ".join(f"{seat_letter(s)}{n}" for s, n in enumerate(region["cubes"]) if n)
        text = tr(lang, "summary_region", region=region_name(region["id"]), rats=region["tokens"])
        parts.append(text + (f" [{cubes}]" if cubes else ""))
    lines.append("; ".join(parts) + ".")
    if any(view["palace"]):
        lines.append(
            tr(
                lang,
                "summary_palace",
                cubes=" ".join(f"{seat_letter(s)}{n}" for s, n in enumerate(view["palace"]) if n),
            )
        )
    cards = ", ".join(
        card_name(c["card"], lang)
        + " "
        + (seat_letter(c["holder"]) if c["holder"] is not None else "—")
        for c in view["cards"]
    )
    lines.append(tr(lang, "summary_cards", cards=cards))
    recent = view.get("recent")
    if recent and not recent.get("final"):
        reveals = "; ".join(
            f"{region_name(r['region'])} L{r['limit']} {'+'.join(r['symbols'])}"
            + ("".join(f" {seat_letter(s)}−{n}" for s, n in enumerate(r["losses"]) if n))
            for r in recent.get("revealed") or []
        ) or tr(lang, "summary_none")
        lines.append(
            tr(
                lang,
                "summary_last",
                a=region_name(recent["plague_from"]),
                b=region_name(recent["plague_to"]),
                reveals=reveals,
            )
        )
    if view.get("phase") == "over" and view.get("result"):
        ranking = ", ".join(
            f"{row['rank']}. {_name(players, row['seat'])} {row['score']}"
            for row in view["result"]["ranking"]
        )
        lines.append(tr(lang, "summary_over", ranking=ranking))
    return "\n".join(lines)
