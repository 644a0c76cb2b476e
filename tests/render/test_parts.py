"""The public board as two pictures (the map or table, then the players), each near 4:3 so
that Discord shows both large on a phone: their names and shape for every game, player count
and stage; the worker's cache of parts; the fallback for a game drawn in one picture."""

from __future__ import annotations

import copy
import random
from types import SimpleNamespace
from typing import Any

import pytest

from engine.cartus import GAME as CARTUS
from engine.piper import GAME as PIPER
from engine.rattus import GAME as RATTUS
from render import PARTS, parts_renderer, renderer_for, worker
from tests.render.legibility import decoded
from tests.render.parts_views import AFRICANUS, NAMES, every_view, public_view

LOW, HIGH = 0.8, 1.6  # width / height of each part


@pytest.mark.parametrize(("game", "label", "players", "stage"), every_view())
def test_each_part_is_near_4_3(game: str, label: str, players: int, stage: str) -> None:
    """Two parts, "map" then "players", each between 4:5 and 8:5 (width to height)."""
    view, names = public_view(game, label, players, stage)
    drawer = parts_renderer(renderer_for(game))
    assert drawer is not None
    parts = drawer.render_parts(view, names)
    assert [name for name, _ in parts] == list(PARTS)
    for name, data in parts:
        width, height = decoded(data).size
        assert LOW <= width / height <= HIGH, (name, width, height, width / height)


@pytest.mark.parametrize("game", ["rattus", "piper", "cartus"])
def test_parts_are_the_board_cut_in_two(game: str) -> None:
    """The one-picture board (for replays) is the two parts, one under the other."""
    view, names = public_view(game, game, 3, "mid")
    drawer = parts_renderer(renderer_for(game))
    assert drawer is not None
    images = [decoded(data) for _, data in drawer.render_parts(view, names, lang="fr")]
    board = decoded(renderer_for(game).render_board(view, names, lang="fr"))
    assert board.height == sum(im.height for im in images)
    y = 0
    for im in images:
        assert board.crop((0, y, im.width, y + im.height)).tobytes() == im.tobytes()
        y += im.height


def test_the_worker_draws_only_the_part_that_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second view that changes only the players' panel (here, the names are the same and
    only who is to move changes) gives the map part from the cache, not drawn again."""
    view, names = public_view("rattus", "rattus", 3, "mid")
    worker._parts.clear()
    first = worker.parts("rattus", view, names, "en")
    drawn: list[str] = []
    module = renderer_for("rattus")
    draw = module.render_part  # type: ignore[attr-defined]

    def counting(part: str, *args: Any, **kwargs: Any) -> bytes:
        drawn.append(part)
        data: bytes = draw(part, *args, **kwargs)
        return data

    monkeypatch.setattr(module, "render_part", counting)
    assert worker.parts("rattus", view, names, "en") == first
    assert drawn == []
    other = copy.deepcopy(view)
    other["to_move"] = [(int(view["to_move"][0]) + 1) % 3]
    second = worker.parts("rattus", other, names, "en")
    assert drawn == ["players"]
    assert second[0] == first[0] and second[1] != first[1]
    # Another language or other names are other pictures.
    worker.parts("rattus", view, names, "fr")
    worker.parts("rattus", view, NAMES[1:4], "en")
    assert drawn == ["players", "map", "players", "map", "players"]


def test_the_cache_keeps_only_the_last_parts() -> None:
    worker._parts.clear()
    for players in (2, 3, 4):
        view, names = public_view("cartus", "cartus", players, "mid")
        for lang in ("en", "fr"):
            worker.parts("cartus", view, names, lang)
    assert 0 < len(worker._parts) <= worker.PARTS_KEPT


def test_a_game_drawn_in_one_picture_keeps_its_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """A renderer without render_parts (the throwaway game of tests/seam) gives one picture,
    named "board"."""
    board = SimpleNamespace(render_board=lambda view, names, *, lang="en": b"PNG " + lang.encode())
    monkeypatch.setattr(worker, "renderer_for", lambda game: board)
    assert worker.parts("seam", {}, ["A"], "fr") == [("board", b"PNG fr")]


def successive(game: str, players: int, seed: int, actions: int) -> list[Any]:
    """The public views of a seeded game after each of its first actions (random play)."""
    engine: Any = {"rattus": RATTUS, "piper": PIPER, "cartus": CARTUS}[game]
    state = engine.new_game(players, seed, AFRICANUS if players > 4 and game == "rattus" else None)
    rnd = random.Random(seed)
    out = []
    for _ in range(actions):
        if engine.is_over(state):
            break
        seat = min(engine.to_move(state))
        state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state
        out.append(engine.view(state, None))
    return out


@pytest.mark.parametrize(("game", "players"), [("rattus", 3), ("rattus", 5), ("piper", 4),
                                               ("cartus", 3)])  # fmt: skip
def test_parts_drawn_in_turn_are_the_parts_drawn_afresh(game: str, players: int) -> None:
    """Drawn one after the other, the parts reuse the bands of rows whose pieces did not
    change; each is still pixel for pixel the board drawn in full on its own."""
    renderer = renderer_for(game)
    drawer = parts_renderer(renderer)
    assert drawer is not None
    names = NAMES[:players]
    for view in successive(game, players, 17, 40):
        images = [decoded(data) for _, data in drawer.render_parts(view, names)]
        board = decoded(renderer.render_board(view, names))
        y = 0
        for im in images:
            assert board.crop((0, y, im.width, y + im.height)).tobytes() == im.tobytes()
            y += im.height
