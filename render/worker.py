"""Entry points for a render worker process: plain data in, PNG bytes out.

A separate process keeps drawing off the bot's interpreter lock, so the event loop stays
responsive while boards are drawn; this module imports nothing but Pillow and `render`.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from render import renderer_for

PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent() -> None:
    """Worker initializer: on Linux, the kernel kills this process when its parent dies
    (a worker must never outlive a bot killed with -9); elsewhere the pool's own pipe does."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() == 1:  # the parent died before the line above ran
        os._exit(0)


def board(game: str, view: Mapping[str, Any], names: Sequence[str], lang: str) -> bytes:
    """PNG of a public view."""
    data: bytes = renderer_for(game).render_board(view, names, lang=lang)
    return data


def board_and_summary(
    game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
) -> tuple[bytes, str]:
    """PNG of a public view and its short text (the image's description), drawn together
    so that neither is done on the bot's event loop."""
    renderer = renderer_for(game)
    data: bytes = renderer.render_board(view, names, lang=lang)
    text: str = renderer.summary(view, names, lang=lang)
    return data, text


def private(game: str, view: Mapping[str, Any], names: Sequence[str], lang: str) -> bytes | None:
    """PNG of what one seat privately knows, or None."""
    data: bytes | None = renderer_for(game).render_private(view, names, lang=lang)
    return data


def warm(game: str) -> bool:
    """Import the game's renderer and build what every board shares (its fixed palette) ahead
    of the first board."""
    prepare = getattr(renderer_for(game), "warm", None)
    if callable(prepare):
        prepare()
    return True
