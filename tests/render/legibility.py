"""What the render tests of every game share: recording what a renderer draws (every sprite the
canvas pastes, texts included, and the texts written straight onto an image: a static layer or
a sprite), measuring a text as a phone shows it, and comparing an image with its golden image.

Discord shows an image about PHONE_WIDTH pixels wide on a phone: a text drawn on an image W
pixels wide is shrunk PHONE_WIDTH / W times there, and a number or word a player needs must
keep its digits (as high as its capitals) at least SMALLEST pixels high.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import common
from render.common import HALO_PAD, Canvas, _text_mask, font

PHONE_WIDTH = 500  # what Discord shows of an image's width on a phone
SMALLEST = 12  # px: the smallest a number or word may be on a phone
NUMBER = re.compile(r"^[+−-]?\d+[.]?$")
GOLDEN = Path(__file__).parent / "golden"
FAILURES = Path(__file__).parent / "failures"
# Another Pillow or FreeType build may move a few antialiased pixels; a layout change moves
# thousands. A pixel counts as changed when a channel differs by more than CHANNEL_TOLERANCE.
CHANNEL_TOLERANCE = 48
PIXEL_SHARE = 0.002

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Drawn:
    """One text or sprite drawn: what (a sprite key, or ("text", text, size, fill, style)),
    where, and for a text written straight onto an image, the size of that image (its box is
    then in that image's pixels: a sprite's own, or the whole image's for a static layer)."""

    key: tuple[Any, ...]
    box: Box
    within: tuple[int, int] | None = None

    @property
    def text(self) -> str | None:
        return str(self.key[1]) if self.key[0] == "text" else None

    @property
    def size(self) -> int:
        return int(self.key[2])

    @property
    def style(self) -> str:
        return str(self.key[4])


@contextmanager
def recording(
    *modules: ModuleType, offset: list[int | None] | None = None
) -> Iterator[list[Drawn]]:
    """Record every sprite the canvas draws (texts are sprites too: their box without the
    halo) and every text `modules` write with their `put_text`.

    With `offset`, a module's text is recorded only while offset[0] is not None, moved down by
    it (where the static layer being drawn lies in the image) and with no `within`. Without,
    every text is recorded with the image it is written on; the sprites drawn before are
    forgotten first, so that the texts inside them are written (and recorded) again."""
    drawn: list[Drawn] = []
    paste = Canvas.sprite

    def sprite(self: Canvas, key: tuple[Any, ...], xy: Any, *, under: Any = None) -> Any:
        box = paste(self, key, xy, under=under)
        if key[0] == "text" and key[6] is not None:  # the halo pads the box
            x0, y0, x1, y1 = box
            box = (x0 + HALO_PAD, y0 + HALO_PAD, x1 - HALO_PAD, y1 - HALO_PAD)
        drawn.append(Drawn(key, box))
        return box

    def recorder(write: Any) -> Any:
        def put_text(image: Any, xy: Any, text: str, size: int, fill: Any, **kw: Any) -> int:
            style, anchor = kw.get("style", "bold"), kw.get("anchor", "la")
            mask, left, top = _text_mask(text, size, style, anchor) if text else (None, 0, 0)
            if mask is not None and (offset is None or offset[0] is not None):
                down = offset[0] if offset is not None and offset[0] is not None else 0
                x, y = round(xy[0]) + left, round(xy[1]) + top + down
                box = (x, y, x + mask.width, y + mask.height)
                within = None if offset is not None else (image.width, image.height)
                drawn.append(Drawn(("text", text, size, fill, style), box, within))
            return write(image, xy, text, size, fill, **kw)

        return put_text

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Canvas, "sprite", sprite)
        for module in modules:
            mp.setattr(module, "put_text", recorder(module.put_text))
        if offset is None:
            forget_sprites(*modules)
        yield drawn
    if offset is None:
        forget_sprites(*modules)  # none of them keeps a recorded text's pixels


def forget_sprites(*modules: ModuleType) -> None:
    """Empty the sprite caches (the canvas's, and every cached drawing of `modules`)."""
    for cached in (common._made, common._blended, common._probe, common._corners):
        cached.cache_clear()
    for module in modules:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                value.cache_clear()


def digit_height(size: int, style: str) -> int:
    """How high the digits (and the capitals) of a text size are, in the image's pixels."""
    _, top, _, bottom = font(size, style).getbbox("0123456789", anchor="ls")
    return bottom - top


def on_phone(d: Drawn, width: int) -> float:
    """How high a text's digits are on a phone, for an image `width` pixels wide."""
    return digit_height(d.size, d.style) * PHONE_WIDTH / width


def overlap(a: Box, b: Box, rim: float) -> bool:
    """Whether two boxes overlap by more than `rim` pixels on each side."""
    return (
        min(a[2], b[2]) - max(a[0], b[0]) > 2 * rim and min(a[3], b[3]) - max(a[1], b[1]) > 2 * rim
    )


def inside(d: Drawn, width: int, height: int) -> bool:
    """Whether a drawing lies wholly within its image (a text within what it is written on)."""
    w, h = d.within or (width, height)
    x0, y0, x1, y1 = d.box
    return x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h


def decoded(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def on_a_phone(data: bytes) -> Image.Image:
    """An image shrunk to a phone's width, as Discord shows it there."""
    image = decoded(data)
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)


def compare(name: str, actual: Image.Image, update_golden: bool, data: bytes | None = None) -> None:
    """Compare an image with tests/render/golden/<name>.png within a small tolerance (or write
    it, with `pytest --update-golden`: the PNG bytes when given, else the image quantised)."""
    path = GOLDEN / f"{name}.png"
    if update_golden:
        GOLDEN.mkdir(exist_ok=True)
        if data is not None:
            path.write_bytes(data)
        else:  # 256 colours (far within the tolerance), a quarter of the RGB file's size
            small = actual.quantize(256, method=Image.Quantize.FASTOCTREE)
            small.save(path, optimize=True)
        return
    if not path.exists():
        where = keep(name, actual, None)
        pytest.fail(f"no golden image {path}; the actual image is in {where} (--update-golden)")
    expected = Image.open(path).convert("RGB")
    if actual.size != expected.size:
        where = keep(name, actual, None)
        pytest.fail(f"{name}: size {actual.size} != golden {expected.size}; see {where}")
    diff = ImageChops.difference(actual, expected)
    red, green, blue = diff.split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    changed = largest.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0).histogram()[255]
    share = changed / (actual.width * actual.height)
    if share > PIXEL_SHARE:
        where = keep(name, actual, diff)
        pytest.fail(
            f"{name}: {share:.2%} of pixels differ from {path}; the actual image and a diff "
            f"are in {where} (run pytest --update-golden if the change is wanted)"
        )


def keep(name: str, actual: Image.Image, diff: Image.Image | None) -> Path:
    """Write the actual image (and an amplified diff) to tests/render/failures/."""
    FAILURES.mkdir(exist_ok=True)
    actual.save(FAILURES / f"{name}.actual.png")
    if diff is not None:
        diff.point(lambda v: min(255, v * 4)).save(FAILURES / f"{name}.diff.png")
    return FAILURES
