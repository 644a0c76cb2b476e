"""A crowded map: six seats with cubes in every region (some with two-digit counts, the
plague and the caravan among them). Every piece and count stays on its own region's land (no
row spills over a coast, a border or the image's edge) and none lies on another, nor on a
region's name or rat-token slots."""

from __future__ import annotations

import copy

import pytest
from PIL import Image, ImageDraw

import render.rattus as rattus
from render.rattus import CHIP
from render.rattus import map as geo
from tests.render.legibility import overlap
from tests.render.test_legibility import draw_all
from tests.render.views import NAMES, View, sample_views

SAMPLES = sample_views()
SIZE = (geo.MAP_W, geo.AFRICA_TOP + geo.AFRICA_H)
# Cubes by seat: at most one two-digit count per region, a different seat's each time.
COUNTS = (3, 5, 1, 7, 2, 4)


def crowded(name: str, plague: str | None = None) -> View:
    """A sample view with every seat holding cubes in every region."""
    view = copy.deepcopy(SAMPLES[name][0])
    for i, region in enumerate(view["regions"]):
        cubes = list(COUNTS[: view["players"]])
        cubes[i % len(cubes)] += 9
        region["cubes"] = cubes
    if plague is not None:
        view["plague"] = plague
    return view


def land(region: str) -> Image.Image:
    mask = Image.new("1", SIZE, 0)
    d = ImageDraw.Draw(mask)
    for poly in geo.SHAPES[region]:
        d.polygon(poly, fill=1)
    return mask


LAND = {region: land(region) for region in geo.ANCHORS}


def owner(box: tuple[float, float, float, float]) -> str | None:
    """The region whose land holds a box's centre."""
    x, y = round((box[0] + box[2]) / 2), round((box[1] + box[3]) / 2)
    if not (0 <= x < SIZE[0] and 0 <= y < SIZE[1]):  # the map's margin, or the panel
        return None
    return next((r for r, m in LAND.items() if m.getpixel((x, y))), None)


def on_land(box: tuple[float, float, float, float], region: str) -> bool:
    """Whether a box's corners (1 px in) all lie on a region's land."""
    x0, y0, x1, y1 = (round(v) for v in box)
    mask = LAND[region]
    corners = ((x0 + 1, y0 + 1), (x1 - 2, y0 + 1), (x0 + 1, y1 - 2), (x1 - 2, y1 - 2))
    return all(0 <= x < SIZE[0] and 0 <= y < SIZE[1] and mask.getpixel((x, y)) for x, y in corners)


CASES = [
    ("board_final_6p_africanus", None),
    ("board_6p_africanus_fr", None),
    *(("board_6p_africanus_fr", r) for r in ("anglia", "bulgaria", "turcia", "na2", "italia")),
]


@pytest.mark.parametrize(("name", "plague"), CASES)
def test_crowded_regions_keep_their_pieces_inside(name: str, plague: str | None) -> None:
    view = crowded(name, plague)
    drawn = draw_all(view, NAMES, "fr" if name.endswith("_fr") else "en", False)
    regions = {r["id"] for r in view["regions"] if r["id"] in geo.ANCHORS}
    chips = [d for d in drawn if d.key[0] == "chip" and d.box[1] < SIZE[1] and owner(d.box)]
    counts = [
        d
        for d in drawn
        if d.text is not None and d.text.isdigit() and d.box[3] <= SIZE[1] and owner(d.box)
    ]
    # Every seat's piece in every region is drawn (the palace's are outside every region).
    assert len(chips) == len(regions) * len(NAMES)
    for d in chips + counts:
        region = owner(d.box)
        assert region in regions, d
        assert on_land(d.box, region), (region, d)
    pieces = chips + counts + [d for d in drawn if d.key[0] in ("rattus.plague", "rattus.caravan")]
    names = [
        d
        for d in drawn
        if d.text is not None and not d.text.isdigit() and d.box[3] <= SIZE[1] and owner(d.box)
    ]
    for i, a in enumerate(pieces):
        for b in pieces[i + 1 :] + names:
            assert not overlap(a.box, b.box, 2), (a, b)


def test_crowded_pieces_are_the_usual_size_where_they_fit() -> None:
    """Side by side, or stacked (the count under the piece), at the usual size in every
    region but the smallest with the plague there too."""
    for region in geo.ANCHORS:
        placed = rattus._placed(region, (12, 5, 3, 7, 2, 4))
        assert not placed.dense, region
        assert all(len(c) == 2 for c in placed.cells)
    assert CHIP == 30
