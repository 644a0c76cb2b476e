"""The Pied Piper board read on a phone (about 500 px wide): every number and word drawn (the
houses' counters, hands, counters taken, the characters' places, the action cards, the piles,
the ranking) keeps its digits at least 12 px high there, inside the houses and figures too;
seat pieces stay big enough to tell apart at five players; nothing drawn is cut short, spills
out of its image or lies on something else, in English or French.

Everything is measured as the renderer draws it (`tests.render.legibility.recording`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from render import PARTS, piper
from render.common import SEAT_SHAPES
from render.piper import TOKEN_R, WIDTH, render_board, render_part, render_parts, render_private
from tests.render.legibility import (
    PHONE_WIDTH,
    SMALLEST,
    Drawn,
    compare,
    decoded,
    inside,
    on_a_phone,
    on_phone,
    overlap,
    recording,
)
from tests.render.parts_views import phone_views, public_view
from tests.render.piper_views import View, sample_views

SAMPLES = sample_views()
SCALE = PHONE_WIDTH / WIDTH
CASES = [(name, lang) for name in sorted(SAMPLES) for lang in ("en", "fr")]
# Drawn on purpose under other pieces: a card's ground, a face-down card and an empty place
# (the card's name and its owner's piece lie on them).
GROUNDS = ("flat", "piper_back", "piper_slot")


def draw_all(view: View, names: Sequence[str], lang: str, private: bool) -> Any:
    """Everything drawn for one image, and the image's size."""
    with recording(piper) as drawn:
        if private:
            data = render_private(view, names, lang=lang)
            assert data is not None
        else:
            data = render_board(view, names, lang=lang)
    size = decoded(data).size
    assert size[0] == WIDTH
    return drawn, size


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_number_and_word_is_12_px_high_on_a_phone(name: str, lang: str) -> None:
    view, names, _ = SAMPLES[name]
    drawn, _ = draw_all(view, names, lang, "private" in name)
    texts = [d for d in drawn if d.text is not None]
    assert any(d.within for d in texts) or "private" in name  # the houses' counters too
    for d in texts:
        assert on_phone(d, WIDTH) >= SMALLEST, (d.text, d.size, d.style, on_phone(d, WIDTH))


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_nothing_is_cut_short_spilled_or_drawn_over(name: str, lang: str) -> None:
    view, names, _ = SAMPLES[name]
    drawn, (width, height) = draw_all(view, names, lang, "private" in name)
    for d in drawn:
        assert not (d.text or "").endswith("…"), d.text
        assert inside(d, width, height), d
    solid = [d for d in drawn if d.within is None and d.key[0] not in GROUNDS]
    for i, a in enumerate(solid):
        for b in solid[i + 1 :]:
            if a.key[0] == b.key[0] == "piper_figure":
                continue  # figures of a crowded gap may touch
            assert not overlap(a.box, b.box, 0 if a.text and b.text else 2), (a, b)


def test_seat_pieces_and_figures_are_big_enough_and_distinct_at_five() -> None:
    view, names, _ = SAMPLES["piper_board_5p"]
    drawn, _ = draw_all(view, names, "en", False)
    chips: list[Drawn] = [d for d in drawn if d.key[0] == "chip"]
    assert {SEAT_SHAPES[int(d.key[1]) % len(SEAT_SHAPES)] for d in chips} == set(SEAT_SHAPES[:5])
    for d in chips:
        assert int(d.key[2]) * SCALE >= 17, d
    assert 2 * TOKEN_R * SCALE >= 28


PHONE = {
    "phone_piper_board_5p": ("piper_board_5p", "en"),
    "phone_piper_board_5p_fr": ("piper_board_5p", "fr"),
    "phone_piper_board_order_hidden_fr": ("piper_board_order_hidden", "fr"),
    "phone_piper_board_over_4p": ("piper_board_over_4p", "en"),
    "phone_piper_private_fr": ("piper_private_fr", "fr"),
}


@pytest.mark.parametrize("name", sorted(PHONE))
def test_phone_golden_image(name: str, update_golden: bool) -> None:
    """The image shrunk to 500 px wide, as a phone shows it: look at these when the layout
    changes."""
    sample, lang = PHONE[name]
    view, names, _ = SAMPLES[sample]
    if "private" in sample:
        data = render_private(view, names, lang=lang)
        assert data is not None
        compare(name, on_a_phone(data), update_golden)
        return
    for part, data in render_parts(view, names, lang=lang):  # each part as a phone shows it
        compare(f"{name}_{part}", on_a_phone(data), update_golden)


PART_CASES = [
    (players, stage, lang)
    for game, _, players, stage in phone_views()
    if game == "piper"
    for lang in ("en", "fr")
]


@pytest.mark.parametrize(("players", "stage", "lang"), PART_CASES)
def test_each_part_keeps_every_word_12_px_high_at_its_own_width(
    players: int, stage: str, lang: str
) -> None:
    """Each part (the town, then the characters or the ranking) is shown 500 px wide on a
    phone: every word and number keeps 12 px digits at 500 / that part's width, and every
    piece lies inside its part, at the fewest and most players, mid-game and at the end."""
    view, names = public_view("piper", "piper", players, stage)
    for part in PARTS:
        with recording(piper) as drawn:
            data = render_part(part, view, names, lang=lang)
        width, height = decoded(data).size
        texts = [d for d in drawn if d.text is not None]
        assert texts, part
        for d in texts:
            assert on_phone(d, width) >= SMALLEST, (part, d.text, d.size, on_phone(d, width))
        for d in drawn:
            assert inside(d, width, height), (part, d)
