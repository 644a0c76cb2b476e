"""The Cartus board image and its text: golden images, readable on a phone, nothing
overlapping, no hidden information, determinism, size, language."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engine.cartus import GAME
from render import cartus as draw
from render import renderer_for
from render.cartus import render_board, render_parts, render_private, summary
from render.common import Canvas, text_width
from tests.engine.cartus.builders import random_playout
from tests.render.cartus_views import NAMES, finished, mid_visits, sample_views
from tests.render.legibility import compare, decoded

SAMPLES = sample_views()
PHONE = 500  # how wide Discord shows an image on a phone
READABLE = 12  # pixels a letter or digit needs there


def render(name: str) -> bytes:
    view, names, lang = SAMPLES[name]
    if "private" in name:
        data = render_private(view, names, lang=lang)
        assert data is not None
        return data
    return render_board(view, names, lang=lang)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_golden_image(name: str, update_golden: bool) -> None:
    """The image (each part of a board: <name>_map, <name>_players) matches
    tests/render/golden/<name>.png within a small tolerance;
    `pytest --update-golden` rewrites it."""
    view, names, lang = SAMPLES[name]
    if "private" in name:
        data = render(name)
        compare(name, decoded(data), update_golden, data)
        return
    for part, data in render_parts(view, names, lang=lang):
        compare(f"{name}_{part}", decoded(data), update_golden, data)


@contextmanager
def recording() -> Iterator[list[tuple[str, tuple[int, int, int, int], Any]]]:
    """Every piece drawn on a canvas: (kind, box, its sprite key)."""
    drawn: list[tuple[str, tuple[int, int, int, int], Any]] = []
    original = Canvas.sprite

    def sprite(self: Canvas, key: tuple[Any, ...], xy: Any, *, under: Any = None) -> Any:
        box = original(self, key, xy, under=under)
        drawn.append((str(key[0]), box, key))
        return box

    Canvas.sprite = sprite  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        Canvas.sprite = original  # type: ignore[method-assign]


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> int:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 1 and h > 1 else 0


SOLID = {"text", "chip", "cartus_count", "cartus_nun", "cartus_tile", "cartus_band"}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_readable_on_a_phone_and_nothing_overlaps(name: str) -> None:
    """At 500 pixels wide every text is at least 12 pixels high (24 here); no two texts,
    pieces or cards overlap, and everything lies inside the image."""
    with recording() as drawn:
        image = decoded(render(name))
    scale = PHONE / image.width
    for kind, box, key in drawn:
        if kind == "text":
            assert key[2] * scale >= READABLE, (key[1], key[2])
        assert box[0] >= 0 and box[1] >= 0, (kind, box, key)
        assert box[2] <= image.width and box[3] <= image.height, (kind, box, key)
    solid = [(k, b, key) for k, b, key in drawn if k in SOLID]
    for i, (kind, box, key) in enumerate(solid):
        for other, box2, key2 in solid[i + 1 :]:
            if "cartus_band" in (kind, other):
                continue  # visits are drawn on their band on purpose
            assert not _overlap(box, box2), (key[:2], box, key2[:2], box2)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_building_band_fits_without_cutting(lang: str) -> None:
    """Names wrap on at most two lines; supply, premium and standard lines fit their column,
    for every building type and every supply action printed on a copy."""
    from engine.cartus.data import supply_actions

    for kind in draw.ACTIONS:
        lines = draw._wrap(draw.building_name(kind, lang), 26, draw.NAME_W - 24, "bold")
        assert len(lines) <= 2 and all(text_width(x, 26) <= draw.NAME_W - 24 for x in lines)
        room = draw.ACTION_W - 24
        for premium in (True, False):
            text = f"★ {draw.action_text(kind, premium, lang)}"
            assert text_width(text, draw.TEXT, "condensed") <= room, text
        for sup in supply_actions():
            words = draw.supply_text({"draw": sup.draw, "rats": sup.rats, "look": sup.look}, lang)
            text = f"{draw.tr(lang, 'supply')} {words}"
            assert text_width(text, draw.TEXT, "condensed") <= room, text
    for klass in draw.CLASSES:
        width = text_width(draw.class_name(klass, lang), draw.TEXT, "condensed")
        assert width <= draw.TRACK_X - draw.LEFT - 32


def test_public_image_and_summary_never_depend_on_hidden_information() -> None:
    """Redealing the hands, face-down cards, unseen nuns and the decks changes neither the
    image nor the summary; nor do other rat totals."""
    rnd = random.Random(3)
    state = mid_visits()
    names = NAMES[:4]
    image = render_board(GAME.view(state, None), names)
    text = summary(GAME.view(state, None), names)
    for _ in range(3):
        other = GAME.view(GAME.redeal(state, None, rnd.getrandbits(60)), None)
        assert render_board(other, names) == image
        assert summary(other, names) == text
    # A seat's own view draws the same public board.
    assert render_board(GAME.view(state, 1), names) == image


def test_the_private_image_shows_only_what_that_seat_knows() -> None:
    rnd = random.Random(4)
    state = mid_visits()
    names = NAMES[:4]
    for seat in range(4):
        mine = render_private(GAME.view(state, seat), names)
        assert mine is not None
        for _ in range(2):
            again = GAME.view(GAME.redeal(state, seat, rnd.getrandbits(60)), seat)
            assert render_private(again, names) == mine
    assert render_private(GAME.view(state, None), names) is None


def test_same_view_same_bytes() -> None:
    view, names, lang = SAMPLES["cartus_board_4p"]
    first = render_board(view, names, lang=lang)
    assert render_board(view, names, lang=lang) == first
    assert render_board(view, names, lang="fr") != first


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_images_are_small_pngs(name: str) -> None:
    data = render(name)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) <= 300_000
    width, height = decoded(data).size
    assert width == draw.WIDTH == 720 and height <= 1800  # one column, for a phone


@pytest.mark.parametrize("name", [n for n in sorted(SAMPLES) if "board" in n])
def test_summary_names_the_buildings_and_who_moves(name: str) -> None:
    view, names, lang = SAMPLES[name]
    text = summary(view, names, lang=lang)
    for building in view["row"]:
        assert draw.building_name(building["type"], lang) in text
    for seat in view["to_move"]:
        assert names[seat] in text
    assert len(text) < 1900 and len(text.splitlines()) <= 12


def test_french_output() -> None:
    view, names, _ = SAMPLES["cartus_board_4p"]
    french = summary(view, names, lang="fr")
    assert "tour 4/8" in french and "Bâtiments" in french
    assert "Marché" in french or "Tente de la cartomancienne" in french
    assert summary(view, names, lang="xx") == summary(view, names, lang="en")
    final, names3, _ = SAMPLES["cartus_board_final_3p"]
    assert "Classement" in summary(final, names3, lang="fr")
    assert "Ranking" in summary(final, names3, lang="en")


def test_renderer_registry() -> None:
    assert renderer_for("cartus").render_board is render_board


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), [(3, {"supply": "simultaneous"}), (5, {})])
def test_every_phase_of_a_whole_game_renders(players: int, options: dict[str, str]) -> None:
    """Boards, private images and summaries of a whole random game, every phase included."""
    names = NAMES[:players]
    phases: set[str] = set()
    for k, (state, _, _) in enumerate(random_playout(players, 7, options, policy_seed=7)):
        view = GAME.view(state, None)
        if view["phase"] in phases and k % 23:
            continue
        phases.add(view["phase"])
        assert render_board(view, names).startswith(b"\x89PNG")
        assert summary(view, names, lang="fr")
        render_private(GAME.view(state, k % players), names)
    assert {"supply", "visit", "place"} <= phases


@pytest.mark.slow
def test_long_names_fit_the_image_and_one_message() -> None:
    names = ["W" * 32, "Ａlice ✓", "张伟", "", "Frederic the Long-Winded of Somewhere"]
    state = finished(5, 2)
    for s in (state, mid_visits(5, 9)):
        view = GAME.view(s, None)
        for lang in ("en", "fr"):
            assert len(summary(view, names, lang=lang)) <= 1900
            with recording() as drawn:
                image = decoded(render_board(view, names, lang=lang))
            for _, box, _ in drawn:
                assert box[2] <= image.width and box[3] <= image.height
