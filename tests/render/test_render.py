"""The board image: golden images, no hidden information, determinism, size, language."""

from __future__ import annotations

import io
import random
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engine.rattus import GAME
from render.rattus import render_board, render_private, summary
from tests.engine.test_leaks import reshuffle_hidden
from tests.render.views import NAMES, played, sample_views, with_witch_knowledge

GOLDEN = Path(__file__).parent / "golden"
FAILURES = Path(__file__).parent / "failures"
SAMPLES = sample_views()
# Pixels may differ slightly between Pillow or FreeType builds; layout changes may not.
CHANNEL_TOLERANCE = 40
PIXEL_SHARE = 0.002


def draw(name: str) -> bytes:
    view, names, lang = SAMPLES[name]
    if name.startswith("private"):
        data = render_private(view, names, lang=lang)
        assert data is not None
        return data
    return render_board(view, names, lang=lang)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_golden_image(name: str, update_golden: bool) -> None:
    """Compare decoded pixels with the stored image; --update-golden rewrites it."""
    data = draw(name)
    path = GOLDEN / f"{name}.png"
    if update_golden or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(data)
        if not update_golden:
            pytest.fail(f"{path} did not exist; it was written: check it and commit it")
        return
    actual = Image.open(io.BytesIO(data)).convert("RGB")
    expected = Image.open(path).convert("RGB")
    if actual.size != expected.size:
        _keep(name, actual, None)
        pytest.fail(f"{name}: size {actual.size} != golden {expected.size}")
    diff = ImageChops.difference(actual, expected)
    grey = diff.convert("L").point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0)
    changed = grey.histogram()[255]
    share = changed / (actual.width * actual.height)
    if share > PIXEL_SHARE:
        where = _keep(name, actual, diff)
        pytest.fail(f"{name}: {share:.2%} of pixels differ; actual and diff written to {where}")


def _keep(name: str, actual: Image.Image, diff: Image.Image | None) -> Path:
    FAILURES.mkdir(exist_ok=True)
    actual.save(FAILURES / f"{name}.actual.png")
    if diff is not None:
        diff.point(lambda v: min(255, v * 4)).save(FAILURES / f"{name}.diff.png")
    return FAILURES


def test_public_image_and_summary_never_depend_on_hidden_information() -> None:
    rnd = random.Random(5)
    for players, seed in ((2, 3), (4, 8)):
        state = played(players, seed, 45)
        view = GAME.view(state, None)
        image = render_board(view, NAMES[:players])
        text = summary(view, NAMES[:players])
        for _ in range(3):
            other = reshuffle_hidden(state, None, rnd)
            other_view = GAME.view(other, None)
            assert render_board(other_view, NAMES[:players]) == image
            assert summary(other_view, NAMES[:players]) == text


def test_a_seats_witch_knowledge_never_reaches_the_public_image() -> None:
    state, seat = with_witch_knowledge(3, 41)
    from dataclasses import replace

    forgot = replace(state, known=tuple(frozenset() for _ in state.known))
    assert render_board(GAME.view(state, None), NAMES[:3]) == render_board(
        GAME.view(forgot, None), NAMES[:3]
    )
    assert render_private(GAME.view(state, seat), NAMES[:3]) is not None
    assert render_private(GAME.view(forgot, seat), NAMES[:3]) is None


def test_same_view_same_bytes_also_across_threads() -> None:
    view, names, lang = SAMPLES["board_4p"]
    first = render_board(view, names, lang=lang)
    results: list[bytes] = []

    def work() -> None:
        for _ in range(5):
            results.append(render_board(view, names, lang=lang))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(results) == 20 and all(r == first for r in results)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_images_are_small_pngs(name: str) -> None:
    data = draw(name)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) <= 300_000


def test_summary_names_every_region_in_play_and_speaks_french() -> None:
    view, names, _ = SAMPLES["board_6p_africanus_fr"]
    text = summary(view, names, lang="fr")
    for region in view["regions"]:
        assert region["name"] in text
    assert "Peste en" in text and "Rats en réserve" in text
    english = summary(view, names, lang="en")
    assert "Plague in" in english and english != text


def test_private_image_is_none_when_the_seat_knows_nothing() -> None:
    state = played(2, 9, 5)
    assert render_private(GAME.view(state, 0), NAMES[:2]) is None
