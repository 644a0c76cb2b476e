"""The board read on a phone: Discord shows an image about 500 px wide there. Every number a
player needs (cubes and rats in a region, scores, rats left, a revealed token's limit, cubes
lost) stays at least 12 px high at that width; seat pieces and rat tokens stay big enough to
tell apart; nothing drawn is cut short or drawn over something else, in English or French.

Texts and pieces are measured as the renderer draws them: every text and sprite the canvas
pastes, and every text of the static layers, is recorded with its box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

import render.rattus as rattus
from engine.rattus import GAME
from render.rattus import (
    CHIP,
    PHONE_WIDTH,
    RAT_R,
    WIDTH,
    _layout,
    _map_layer,
    _panel_layer,
    render_part,
    render_private,
)
from render.rattus.sprites import limit_size
from tests.render.legibility import (
    NUMBER,
    SMALLEST,
    Drawn,
    digit_height,
    on_phone,
    overlap,
    recording,
)
from tests.render.parts_views import phone_views, public_view
from tests.render.views import NAMES, View, sample_views, with_witch_knowledge

SAMPLES = sample_views()
SCALE = PHONE_WIDTH / WIDTH  # what a phone keeps of each pixel

# Where the static layer being drawn lies in the image (the panel: under the map); None while
# the pieces are drawn.
OFFSET: list[int | None] = [None]


def draw_all(view: View, names: Sequence[str], lang: str, private: bool) -> list[Drawn]:
    """Everything drawn for one image: its static layers (drawn afresh) and its pieces; for
    the public board, its two parts one under the other (as `render_board` joins them)."""
    layout = _layout(view, lang, "private" if private else "board")
    if not private:
        below = draw_part(view, names, lang, "players")
        down = layout.map_height
        return draw_part(view, names, lang, "map") + [
            replace(d, box=(d.box[0], d.box[1] + down, d.box[2], d.box[3] + down)) for d in below
        ]
    with recording(rattus, offset=OFFSET) as drawn:
        OFFSET[0] = 0
        _map_layer(layout.map_key)
        OFFSET[0] = layout.map_height
        _panel_layer(layout.panel_key)
        OFFSET[0] = None
        assert render_private(view, names, lang=lang) is not None
    return drawn


def draw_part(view: View, names: Sequence[str], lang: str, part: str) -> list[Drawn]:
    """Everything drawn for one part of the board, in that part's pixels: its static layer
    (drawn afresh) and its pieces."""
    layout = _layout(view, lang)
    with recording(rattus, offset=OFFSET) as drawn:
        OFFSET[0] = 0
        if part == "map":
            _map_layer(layout.map_key)
        else:
            _panel_layer(layout.panel_key)
        OFFSET[0] = None
        render_part(part, view, names, lang=lang)
    return drawn


PART_CASES = [
    (label, players, stage, lang)
    for game, label, players, stage in phone_views()
    if game == "rattus"
    for lang in ("en", "fr")
]


@pytest.mark.parametrize(("label", "players", "stage", "lang"), PART_CASES)
def test_each_part_keeps_every_number_12_px_high_at_its_own_width(
    label: str, players: int, stage: str, lang: str
) -> None:
    """Each part is shown 500 px wide on a phone: the map's counts (and, with the North
    Africa strip, the rats left in its margin) and the players' numbers keep 12 px digits
    at 500 / that part's width, at the fewest and most players, mid-game and at the end."""
    view, names = public_view("rattus", label, players, stage)
    layout = _layout(view, lang)
    for part, width in (("map", layout.map_width), ("players", WIDTH)):
        drawn = draw_part(view, names, lang, part)
        numbers = [d for d in drawn if d.text is not None and NUMBER.match(d.text)]
        assert numbers, part
        for d in numbers:
            assert on_phone(d, width) >= SMALLEST, (part, d.text, d.key, on_phone(d, width))
            assert d.box[0] >= 0 and d.box[2] <= width, (part, d)
        for d in drawn:
            if d.key[0] == "rattus.face":
                height = digit_height(limit_size(int(d.key[3])), "bold")
                assert height * PHONE_WIDTH / width >= SMALLEST, (d.key, part)


CASES = [
    (name, lang)
    for name in sorted(SAMPLES)
    for lang in ("en", "fr")
    if name.startswith(("board_4p", "board_6p", "board_final", "board_5p", "private_witch"))
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_number_is_12_px_high_on_a_phone(name: str, lang: str) -> None:
    """Cube counts, the players' table (scores and their parts), rats left, ranks, cubes lost,
    and the limits of the revealed tokens in the panel: at least 12 px high once the image is
    shrunk to 500 px wide. (The faces turned up on the map at the very end, and those the
    Witch saw, are small tiles over their slots; the panel shows a seen face in full.)"""
    view, names, _ = SAMPLES[name]
    drawn = draw_all(view, names, lang, name.startswith("private"))
    numbers = [d for d in drawn if d.text is not None and NUMBER.match(d.text)]
    faces = [d for d in drawn if d.key[0] == "rattus.face"]
    revealed = (view.get("recent") or {}).get("revealed")
    assert numbers and (faces or not revealed or name.startswith("board_final"))
    for d in numbers:
        height = digit_height(int(d.key[2]), str(d.key[4]))
        assert height * SCALE >= SMALLEST, (d.text, d.key[2], height * SCALE)
    for d in faces:
        height = digit_height(limit_size(int(d.key[3])), "bold")
        assert height * SCALE >= SMALLEST, (d.key, height * SCALE)


def test_pieces_and_rats_are_big_enough_on_a_phone() -> None:
    assert CHIP * SCALE >= 17 and 2 * RAT_R * SCALE >= 16


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_nothing_is_cut_short_or_drawn_over(name: str, lang: str) -> None:
    """No text is shortened with an ellipsis, none lies on another text or on a piece, no two
    pieces overlap (beyond their antialiased rims), and all lie inside the image."""
    view, names, _ = SAMPLES[name]
    private = name.startswith("private")
    drawn = draw_all(view, names, lang, private)
    layout = _layout(view, lang, "private" if private else "board")
    for d in drawn:
        assert not (d.text or "").endswith("…"), d.text
        x0, y0, x1, y1 = d.box
        assert x0 >= 0 and x1 <= layout.map_width and y0 >= 0 and y1 <= layout.height, d
    solid = [d for d in drawn if d.key[0] not in ("flat",)]
    for i, a in enumerate(solid):
        for b in solid[i + 1 :]:
            if _allowed(a, b):
                continue
            assert not overlap(a.box, b.box, 0 if a.text and b.text else 2), (a, b)


def _allowed(a: Drawn, b: Drawn) -> bool:
    """A diplomat's pennant flies over its seat's piece, by design."""
    kinds = {a.key[0], b.key[0]}
    return kinds == {"rattus.diplomat", "chip"}


@pytest.mark.slow
def test_long_names_are_shortened_not_spilled() -> None:
    """A name too long for its place is shortened with an ellipsis and stays in the image."""
    view, _, _ = SAMPLES["board_6p_africanus_fr"]
    names = ["W" * 32, "Ａlice ✓", "张伟", "", "Eve", "Frederic the Long-Winded of Somewhere"]
    for lang in ("en", "fr"):
        drawn = draw_all(view, names, lang, False)
        shortened = [d for d in drawn if (d.text or "").endswith("…")]
        assert shortened
        for d in drawn:
            assert d.box[0] >= 0 and d.box[2] <= _layout(view, lang).map_width


def test_a_seen_token_is_a_face_up_tile_not_a_piece() -> None:
    """The Witch's private image draws the board's cubes, and each token the seat saw in its
    slot (a dark tile with its limit, large: its pictograms are listed in the panel, large
    too), never a seat-like disc."""
    state, seat = with_witch_knowledge(3, 41)
    view = GAME.view(state, seat)
    drawn = draw_all(view, NAMES[:3], "en", True)
    keys = [d.key[0] for d in drawn]
    known = sum(1 for r in view["regions"] for f in r.get("known") or [] if f)
    assert keys.count("rattus.seen") == known
    assert keys.count("rattus.shown") == 0
    assert keys.count("rattus.face") == known
    for d in drawn:
        if d.key[0] == "rattus.face":
            assert int(d.key[3]) * SCALE >= 30  # pictograms about 30 px wide on a phone
    on_board = sum(1 for r in view["regions"] for n in r["cubes"] if n)
    assert keys.count("chip") >= on_board > 0
    assert "rattus.known" not in keys
