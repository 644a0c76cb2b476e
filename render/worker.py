"""Entry points for a render worker process: plain data in, PNG bytes out.

A separate process keeps drawing off the bot's interpreter lock, so the event loop stays
responsive while boards are drawn; this module imports nothing but Pillow and `render`.

`python -m render.worker` serves calls over its standard input and output (the bot's
`WorkerPool`): each request and each reply is one frame, a 4-byte big-endian length then a
pickle. A request is (name, args), a reply (True, result) or (False, exception). The worker
ends when its input closes, or with its parent.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import pickle
import signal
import struct
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from render import parts_renderer, renderer_for

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


PARTS_KEPT = 64  # the last parts drawn in this process, by what they were drawn from
_parts: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()
_parts_lock = threading.Lock()


def _digest(data: object) -> str:
    """A digest of plain data (what a part is drawn from)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.blake2b(text.encode(), digest_size=20).hexdigest()


def parts(
    game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
) -> list[tuple[str, bytes]]:
    """The public view as the pictures the game draws it in: [("map", png), ("players", png)]
    for a game with `render_parts`, else [("board", png)]. A part drawn from the same data
    (the game's `part_inputs`, its language and the names) as one of the last PARTS_KEPT is
    not drawn again: an action that changes only the players' panel redraws only that."""
    renderer = renderer_for(game)
    drawer = parts_renderer(renderer)
    if drawer is None:
        return [("board", renderer.render_board(view, names, lang=lang))]
    if not callable(getattr(drawer, "part_inputs", None)):
        return list(drawer.render_parts(view, names, lang=lang))
    out: list[tuple[str, bytes]] = []
    for part, data in drawer.part_inputs(view, names, lang=lang).items():
        key = (game, part, _digest([lang, list(names), data]))
        with _parts_lock:
            found = _parts.get(key)
            if found is not None:
                _parts.move_to_end(key)
        if found is None:
            found = drawer.render_part(part, view, names, lang=lang)
            with _parts_lock:
                _parts[key] = found
                while len(_parts) > PARTS_KEPT:
                    _parts.popitem(last=False)
        out.append((part, found))
    return out


def parts_and_summary(
    game: str, view: Mapping[str, Any], names: Sequence[str], lang: str
) -> tuple[list[tuple[str, bytes]], str]:
    """The parts of a public view and its short text, drawn together in the worker."""
    text: str = renderer_for(game).summary(view, names, lang=lang)
    return parts(game, view, names, lang), text


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


CALLS: dict[str, Callable[..., Any]] = {
    "board": board,
    "board_and_summary": board_and_summary,
    "parts": parts,
    "parts_and_summary": parts_and_summary,
    "private": private,
    "warm": warm,
}
HEADER = struct.Struct("!I")


def _read(stream: Any, size: int) -> bytes | None:
    data = stream.read(size)
    return data if data is not None and len(data) == size else None


def serve(source: Any, sink: Any) -> None:
    """Answer framed calls from `source` on `sink` until `source` ends."""
    while True:
        header = _read(source, HEADER.size)
        if header is None:
            return
        body = _read(source, HEADER.unpack(header)[0])
        if body is None:
            return
        try:
            name, args = pickle.loads(body)
            reply = pickle.dumps((True, CALLS[name](*args)), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # the bot gets the error, the worker goes on
            try:
                reply = pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
            except Exception:
                reply = pickle.dumps((False, RuntimeError(repr(exc))), pickle.HIGHEST_PROTOCOL)
        sink.write(HEADER.pack(len(reply)) + reply)
        sink.flush()


def main() -> None:
    """Serve the bot over standard input and output."""
    die_with_parent()
    # Ctrl-C reaches the whole process group: the bot decides when its workers stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    # Nothing else may write to the replies' stream: a stray print goes to stderr.
    sys.stdout = sys.stderr
    serve(source, sink)


if __name__ == "__main__":
    main()
