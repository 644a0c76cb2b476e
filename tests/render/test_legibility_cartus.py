"""The Rattus Cartus board read on a phone (about 500 px wide): every number and word drawn
(the round, the buildings' actions, the visits' card counts, the influence values, the players'
hands and VP tokens, the Nun row, the piles, the ranking, and the private image's cards) keeps
its digits at least 12 px high there, inside the bands, badges and tiles too; seat pieces stay
big enough to tell apart at five players; nothing drawn is cut short, spills out of its image
or lies on something else, in English or French.

Everything is measured as the renderer draws it (`tests.render.legibility.recording`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from render import PARTS, cartus
from render.cartus import (
    WIDTH,
    _layout,
    _static,
    render_board,
    render_part,
    render_parts,
    render_private,
)
from render.common import SEAT_SHAPES
from tests.render.cartus_views import View, sample_views
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

SAMPLES = sample_views()
SCALE = PHONE_WIDTH / WIDTH
CASES = [(name, lang) for name in sorted(SAMPLES) for lang in ("en", "fr")]
# Drawn on purpose under other pieces: a ground, and a building's band (its visits lie on it).
GROUNDS = ("flat", "cartus_band")


def draw_all(
    view: View, names: Sequence[str], lang: str, private: bool
) -> tuple[list[Drawn], tuple[int, int]]:
    """Everything drawn for one image (its static layer drawn afresh), and the image's size."""
    if not private:
        warm(view, lang)
    with recording(cartus) as drawn:
        if private:
            data = render_private(view, names, lang=lang)
            assert data is not None
        else:
            _static(_layout(view, cartus.language(lang)))
            data = render_board(view, names, lang=lang)
    size = decoded(data).size
    assert size[0] == WIDTH
    return drawn, size


def warm(view: View, lang: str) -> None:
    """Have the renderer keep its static layer for this view before anything is recorded: the
    tests draw that layer afresh to measure its words, and a renderer that made its own
    under the recording (the first time it draws that layout) would record them twice."""
    cartus._STATIC.get(_layout(view, cartus.language(lang)))


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_number_and_word_is_12_px_high_on_a_phone(name: str, lang: str) -> None:
    view, names, _ = SAMPLES[name]
    drawn, _ = draw_all(view, names, lang, "private" in name)
    texts = [d for d in drawn if d.text is not None]
    assert any(d.within for d in texts)  # the texts inside the bands and tiles are measured
    for d in texts:
        assert on_phone(d, WIDTH) >= SMALLEST, (d.text, d.size, d.style, on_phone(d, WIDTH))


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_nothing_is_cut_short_spilled_or_drawn_over(name: str, lang: str) -> None:
    view, names, _ = SAMPLES[name]
    drawn, (width, height) = draw_all(view, names, lang, "private" in name)
    for d in drawn:
        assert not (d.text or "").endswith("…"), d.text
        assert inside(d, width, height), d
    # The canvas's texts and pieces, and the static layer's texts (written on the whole image).
    solid = [
        d
        for d in drawn
        if (d.within is None or d.within == (width, height)) and d.key[0] not in GROUNDS
    ]
    for i, a in enumerate(solid):
        for b in solid[i + 1 :]:
            assert not overlap(a.box, b.box, 0 if a.text and b.text else 2), (a, b)


def test_seat_pieces_are_big_enough_and_distinct_at_five() -> None:
    view, names, _ = SAMPLES["cartus_board_5p_sword_fr"]
    drawn, _ = draw_all(view, names, "fr", False)
    chips = [d for d in drawn if d.key[0] == "chip"]
    assert {SEAT_SHAPES[int(d.key[1]) % len(SEAT_SHAPES)] for d in chips} == set(SEAT_SHAPES[:5])
    for d in chips:
        assert int(d.key[2]) * SCALE >= 17, d


PHONE = {
    "phone_cartus_board_4p": ("cartus_board_4p", "en"),
    "phone_cartus_board_5p_sword_fr": ("cartus_board_5p_sword_fr", "fr"),
    "phone_cartus_board_final_3p_fr": ("cartus_board_final_3p", "fr"),
    "phone_cartus_private_5p_fr": ("cartus_private_5p_fr", "fr"),
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
    if game == "cartus"
    for lang in ("en", "fr")
]


@pytest.mark.parametrize(("players", "stage", "lang"), PART_CASES)
def test_each_part_keeps_every_word_12_px_high_at_its_own_width(
    players: int, stage: str, lang: str
) -> None:
    """Each part (the table, then the players) is shown 500 px wide on a phone: every word
    and number keeps 12 px digits at 500 / that part's width, and every piece drawn on it lies
    inside it, at the fewest and most players, mid-game and at the end."""
    view, names = public_view("cartus", "cartus", players, stage)
    warm(view, lang)
    for part in PARTS:
        with recording(cartus) as drawn:
            _static(_layout(view, cartus.language(lang)))  # its words are measured too
            data = render_part(part, view, names, lang=lang)
        width, height = decoded(data).size
        texts = [d for d in drawn if d.text is not None]
        assert texts, part
        for d in texts:
            assert on_phone(d, width) >= SMALLEST, (part, d.text, d.size, on_phone(d, width))
        for d in drawn:
            if d.within is None:  # a piece or text pasted on this part
                assert inside(d, width, height), (part, d)
