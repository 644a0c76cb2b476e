"""The Pied Piper board image and its text: golden images, readable on a phone, nothing hidden,
nothing overlapping, both languages."""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import pytest

from engine.piper import GAME
from render import piper as module
from render import renderer_for
from render.piper import (
    MIN_TEXT,
    WIDTH,
    _draw_board,
    _draw_private,
    render_board,
    render_parts,
    render_private,
    summary,
)
from tests.render.legibility import compare, decoded
from tests.render.piper_views import NAMES, busy_five, order_hidden, played, sample_views

SAMPLES = sample_views()
LONG = ["Maximilian-Alexander von Hamelin", "Ｂob ✓", "张伟", "", "Eve"]


def draw(name: str) -> bytes:
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
    `pytest --update-golden` rewrites the golden images."""
    view, names, lang = SAMPLES[name]
    if "private" in name:
        data = draw(name)
        compare(name, decoded(data), update_golden, data)
        return
    for part, data in render_parts(view, names, lang=lang):
        compare(f"{name}_{part}", decoded(data), update_golden, data)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_images_are_small_phone_width_pngs(name: str) -> None:
    """One column 720 pixels wide (shown about 500 wide on a phone), tall rather than wide."""
    data = draw(name)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) <= 200_000
    width, height = decoded(data).size
    assert width == WIDTH == 720 and height <= 1600


def _overlaps(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_layout(pen: Any, height: int) -> None:
    """Every text at least MIN_TEXT pixels, inside the image, and apart from every other text
    and every house or figure (figures may touch each other in a crowded gap)."""
    assert pen.sizes and min(pen.sizes) >= MIN_TEXT == 24
    items = [("text", t, b) for t, b in pen.boxes] + [(k, k, b) for k, b in pen.pieces]
    for _, label, box in items:
        assert box[0] >= 0 and box[1] >= 0 and box[2] <= WIDTH and box[3] <= height, (label, box)
    for (k1, l1, b1), (k2, l2, b2) in itertools.combinations(items, 2):
        if k1 == k2 == "piper_figure":
            continue
        assert not _overlaps(b1, b2), f"{l1!r} {b1} overlaps {l2!r} {b2}"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_nothing_overlaps_or_leaves_the_image(name: str, lang: str) -> None:
    view, _, _ = SAMPLES[name]
    for names in (NAMES, LONG):
        if "private" in name:
            pen = _draw_private(view, names, lang)
        else:
            pen = _draw_board(view, names, lang)
        assert pen is not None
        check_layout(pen, pen.canvas.image.height)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_figure_in_one_gap_still_fits(players: int) -> None:
    """The most crowded ring: all the figures in one gap, wherever it is, with a counter near
    the roof and long names, in both languages."""
    view = GAME.view(GAME.new_game(players, 1), None)
    figures = [f for g in view["gaps"] for f in g["figures"]]
    for k in range(len(view["gaps"])):
        crowded = copy.deepcopy(view)
        for i, gap in enumerate(crowded["gaps"]):
            gap["figures"] = figures if i == k else []
        for lang in ("en", "fr"):
            pen = _draw_board(crowded, LONG[:players], lang)
            check_layout(pen, pen.canvas.image.height)


def test_the_public_image_and_summary_never_depend_on_hidden_information() -> None:
    """Dealing again what the public cannot see (hands, pile, face-down cards) changes neither
    the image nor the summary, not a byte."""
    rnd = random.Random(3)
    for state in (order_hidden(), played(4, 8, 9, {"variant": "hidden"}), busy_five()):
        names = NAMES[: state.players]
        view = GAME.view(state, None)
        image, text = render_board(view, names), summary(view, names)
        for _ in range(3):
            other = GAME.view(GAME.redeal(state, None, rnd.getrandbits(62)), None)
            assert render_board(other, names) == image
            assert summary(other, names) == text


def test_the_private_image_shows_only_the_seats_own_cards() -> None:
    view, names, _ = SAMPLES["piper_private"]
    pen = _draw_private(view, names, "en")
    assert pen is not None
    texts = [t for t, _ in pen.boxes]
    assert "Melody" in texts and "place 3: Blue rat" in texts
    state = order_hidden()
    rnd = random.Random(4)
    for seat in range(3):
        mine = render_private(GAME.view(state, seat), NAMES[:3])
        again = GAME.view(GAME.redeal(state, seat, rnd.getrandbits(62)), seat)
        assert render_private(again, NAMES[:3]) == mine
    # Seat 2 placed the face-down Forward 2: only its own image names it.
    assert "Forward 2" in [t for t, _ in _draw_private(GAME.view(state, 2), NAMES, "en").boxes]  # type: ignore[union-attr]
    assert "Forward 2" not in [t for t, _ in _draw_private(GAME.view(state, 1), NAMES, "en").boxes]  # type: ignore[union-attr]


def test_no_private_image_without_private_cards() -> None:
    view, names, _ = SAMPLES["piper_board_over_4p"]
    assert render_private(view, names) is None  # the public view
    over = played(4, 5, 10_000)
    out = over.out[0]
    assert render_private(GAME.view(over, out), NAMES[:4]) is None  # fled: no hand left


def test_the_board_shows_the_seats_own_face_down_card_only_in_its_view() -> None:
    state = order_hidden()
    public = _draw_board(GAME.view(state, None), NAMES[:3], "en")
    mine = _draw_board(GAME.view(state, 2), NAMES[:3], "en")
    assert "face down" in [t for t, _ in public.boxes]
    assert "Forward 2" in [t for t, _ in mine.boxes]
    assert "Forward 2" not in [t for t, _ in public.boxes]


def test_summary_names_players_houses_and_who_moves() -> None:
    for name, (view, names, lang) in SAMPLES.items():
        if "private" in name:
            continue
        text = summary(view, names, lang=lang)
        assert len(text) < 1900 and "\n" in text and len(text.splitlines()) <= 10
        for house in view["houses"]:
            if house["owner"] is not None:
                assert names[house["owner"]] in text
        if view["active"] is not None:
            assert names[view["active"]] in text
    long = summary(SAMPLES["piper_board_5p"][0], ["W" * 40] * 5)
    assert len(long) <= 1900


def test_french_words_follow_the_rulebook() -> None:
    view, names, _ = SAMPLES["piper_board_order_hidden"]
    french = summary(view, names, lang="fr")
    assert "Joueur de flûte" in french or "joueur de flûte" in french
    assert "Maisons" in french and "toit à 7" in french
    english = summary(view, names, lang="en")
    assert "Pied Piper" in english or "pied piper" in english
    assert render_board(view, names, lang="fr") != render_board(view, names, lang="en")
    assert summary(view, names, lang="xx") == english
    pen = _draw_board(SAMPLES["piper_board_5p"][0], NAMES, "fr")
    texts = " ".join(t for t, _ in pen.boxes)
    assert "Personnages" in texts and "Joueur de flûte" in texts
    assert {module.card_name(c, "fr") for c in ("melody", "sewer")} == {"Mélodie", "Égout"}


def test_same_view_same_bytes() -> None:
    view, names, lang = SAMPLES["piper_board_5p"]
    assert render_board(view, names, lang=lang) == render_board(view, names, lang=lang)


def test_renderer_registry_finds_the_module() -> None:
    assert renderer_for("piper").render_board is render_board


@pytest.mark.parametrize("variant", [None, {"variant": "hidden"}, {"variant": "ptits_rats"}])
def test_every_phase_of_a_whole_game_renders(variant: dict[str, str] | None) -> None:
    from tests.engine.piper.builders import random_playout

    phases: set[str] = set()
    last = None
    for k, (state, _, _) in enumerate(random_playout(5, 7, variant, policy_seed=7)):
        last = state
        view = GAME.view(state, None)
        if view["phase"] in phases and k % 7:
            continue
        phases.add(view["phase"])
        assert render_board(view, NAMES).startswith(b"\x89PNG")
        assert summary(view, NAMES, lang="fr")
        for seat in range(5):
            render_private(GAME.view(state, seat), NAMES)
    assert last is not None
    assert "play" in phases
    over = played(5, 7, 10_000, variant)
    assert GAME.is_over(over)
    assert render_board(GAME.view(over, None), NAMES, lang="fr").startswith(b"\x89PNG")
