"""The board image and its text: golden images, no hidden information, determinism, size,
language, the map's geometry."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.rattus import GAME
from engine.rattus.data import raw
from render import renderer_for
from render.rattus import (
    RAT_PITCH,
    SHOWN,
    SHOWN_PITCH,
    SIDE,
    WIDTH,
    render_board,
    render_parts,
    render_private,
    summary,
)
from render.rattus import map as geo
from tests.engine.test_leaks import reshuffle_hidden
from tests.render.legibility import compare, decoded, on_a_phone
from tests.render.views import (
    AFRICANUS,
    NAMES,
    forget_witch,
    played,
    sample_views,
    with_witch_knowledge,
)

SAMPLES = sample_views()
DARK = (300, 800)  # dark pixels a rat token face up on the map shows


def draw(name: str) -> bytes:
    view, names, lang = SAMPLES[name]
    if name.startswith("private"):
        data = render_private(view, names, lang=lang)
        assert data is not None
        return data
    return render_board(view, names, lang=lang)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_golden_image(name: str, update_golden: bool) -> None:
    """The image (each part of a board: <name>_map, <name>_players) matches
    tests/render/golden/<name>.png pixel by pixel, within a small tolerance;
    `pytest --update-golden` rewrites the golden images."""
    view, names, lang = SAMPLES[name]
    if name.startswith("private"):
        data = draw(name)
        compare(name, decoded(data), update_golden, data)
        return
    for part, data in render_parts(view, names, lang=lang):
        compare(f"{name}_{part}", decoded(data), update_golden, data)


# The board as a phone shows it: Discord fits an image to about 500 px wide there.
PHONE = {
    "phone_board_4p": ("board_4p_ravage", "en"),
    "phone_board_4p_fr": ("board_4p_ravage", "fr"),
    "phone_board_6p_africanus": ("board_6p_africanus_fr", "en"),
    "phone_board_6p_africanus_fr": ("board_6p_africanus_fr", "fr"),
}


@pytest.mark.parametrize("name", sorted(PHONE))
def test_phone_golden_image(name: str, update_golden: bool) -> None:
    """Each part of the board shrunk to 500 px wide, as a phone shows it (4 and 6 players,
    English and French): look at these when the layout changes."""
    sample, lang = PHONE[name]
    view, names, _ = SAMPLES[sample]
    for part, data in render_parts(view, names, lang=lang):
        compare(f"{name}_{part}", on_a_phone(data), update_golden)


@pytest.mark.parametrize(
    ("players", "seed", "steps", "options"),
    [(2, 3, 45, None), (4, 8, 45, None), (6, 5, 140, AFRICANUS)],
)
def test_public_image_and_summary_never_depend_on_hidden_information(
    players: int, seed: int, steps: int, options: dict[str, str] | None
) -> None:
    """Reshuffling every face-down token, the supply, the removed tokens and the hands the
    public cannot see changes neither the image nor the summary, not a byte."""
    rnd = random.Random(seed)
    state = played(players, seed, steps, options)
    names = NAMES[:players]
    image = render_board(GAME.view(state, None), names)
    text = summary(GAME.view(state, None), names)
    for _ in range(3):
        other = GAME.view(reshuffle_hidden(state, None, rnd), None)
        assert render_board(other, names) == image
        assert summary(other, names) == text


def test_a_seats_witch_knowledge_never_reaches_the_public_image() -> None:
    state, seat = with_witch_knowledge(3, 41)
    forgot = forget_witch(state)
    public = render_board(GAME.view(state, None), NAMES[:3])
    assert render_board(GAME.view(forgot, None), NAMES[:3]) == public
    assert summary(GAME.view(forgot, None), NAMES[:3]) == summary(GAME.view(state, None), NAMES[:3])
    # Even a seat's own view draws only the public board: the faces it knows stay out.
    assert render_board(GAME.view(state, seat), NAMES[:3]) == public
    assert render_private(GAME.view(state, seat), NAMES[:3]) is not None
    assert render_private(GAME.view(forgot, seat), NAMES[:3]) is None


def test_the_private_image_shows_only_what_that_seat_knows() -> None:
    state, seat = with_witch_knowledge(3, 41)
    others = [p for p in range(3) if p != seat and not state.known[p]]
    assert others
    for other in others:
        assert render_private(GAME.view(state, other), NAMES[:3]) is None
    # Reshuffling what the seat does not know leaves its private image as it is.
    rnd = random.Random(2)
    mine = render_private(GAME.view(state, seat), NAMES[:3])
    for _ in range(3):
        again = GAME.view(reshuffle_hidden(state, seat, rnd), seat)
        assert render_private(again, NAMES[:3]) == mine


def test_private_image_is_none_when_the_seat_knows_nothing() -> None:
    state = played(2, 9, 5)
    assert render_private(GAME.view(state, 0), NAMES[:2]) is None
    assert render_private(GAME.view(state, None), NAMES[:2]) is None


def test_same_view_same_bytes_also_across_threads() -> None:
    view, names, lang = SAMPLES["board_4p_ravage"]
    first = render_board(view, names, lang=lang)
    assert render_board(view, names, lang=lang) == first
    results: list[bytes] = []
    lock = threading.Lock()

    def work(lang: str) -> None:
        for _ in range(4):
            data = render_board(view, names, lang=lang)
            with lock:
                results.append(data)

    # Half the threads ask for a layout nobody drew yet, so caches fill while others read.
    threads = [threading.Thread(target=work, args=(lang if i % 2 else "fr",)) for i in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    french = render_board(view, names, lang="fr")
    assert len(results) == 24
    assert all(r in (first, french) for r in results)
    assert results.count(first) == 12 and french != first


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_images_are_small_pngs(name: str) -> None:
    data = draw(name)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) <= 300_000
    width, height = decoded(data).size
    # As wide as the map (shown about 500 px wide on a phone), with the North Africa strip its
    # margin too; the panel under it.
    africa = "africanus" in name and not name.startswith("private")
    assert width == (WIDTH + SIDE if africa else WIDTH) and height <= 2300


@pytest.mark.parametrize("name", [n for n in sorted(SAMPLES) if n.startswith("board")])
def test_summary_names_every_region_in_play_and_who_moves(name: str) -> None:
    view, names, lang = SAMPLES[name]
    text = summary(view, names, lang=lang)
    for region in view["regions"]:
        assert region["name"] in text
    for seat in view["to_move"]:
        assert names[seat] in text
    assert len(text) < 1900  # one Discord message, with room for a mention
    assert "\n" in text and len(text.splitlines()) <= 12


def test_french_output() -> None:
    view, names, _ = SAMPLES["board_4p_ravage"]
    french = summary(view, names, lang="fr")
    english = summary(view, names, lang="en")
    assert "Peste en Gallia" in french and "Rats restants en réserve" in french
    assert "Plague in Gallia" in english
    for word in ("Paysan", "Marchand", "Moine", "Chevalier", "Sorcière", "Roi"):
        assert word in french
    assert render_board(view, names, lang="fr") != render_board(view, names, lang="en")
    # An unknown language falls back to English.
    assert summary(view, names, lang="xx") == english


def test_renderer_registry() -> None:
    module = renderer_for("rattus")
    assert module.render_board is render_board
    with pytest.raises(KeyError):
        renderer_for("chess")


def test_greyed_and_africa_strip_follow_the_regions_in_play() -> None:
    two = decoded(draw("board_2p"))
    four = decoded(draw("board_4p"))
    six = decoded(draw("board_6p_africanus_fr"))
    assert two.width == four.width == six.width - SIDE and six.height > four.height
    # Russia is greyed at 2 players and live at 4.
    label = geo.ANCHORS["russia"].label
    spot = (round(label[0]) - 60, round(label[1]) + 40)
    assert two.getpixel(spot) != four.getpixel(spot)


# ------------------------------------------------------------------ the map's geometry


def _mask(region: str, size: tuple[int, int]) -> Image.Image:
    mask = Image.new("1", size, 0)
    d = ImageDraw.Draw(mask)
    for poly in geo.SHAPES[region]:
        d.polygon(poly, fill=1)
    return mask


def _grown(mask: Image.Image) -> Image.Image:
    """The mask widened by 2 pixels all round."""
    return mask.convert("L").filter(ImageFilter.MaxFilter(5))


def _touch(grown_a: Image.Image, b: Image.Image) -> int:
    """How many pixels of b lie within 2 pixels of a (given a's widened mask)."""
    return ImageChops.multiply(grown_a, b.convert("L")).histogram()[255]


@pytest.mark.slow
def test_land_neighbours_touch_and_no_other_regions_do() -> None:
    """The shapes tell adjacency: regions that are neighbours by land share a border, sea
    neighbours have an arrow, and regions that are not neighbours never meet."""
    edges = raw("base")["adjacency"] + raw("africanus")["adjacency"]
    land = {frozenset((e["a"], e["b"])) for e in edges if not e["arrow"]}
    sea = {frozenset((e["a"], e["b"])) for e in edges if e["arrow"]}
    size = (geo.MAP_W, geo.AFRICA_TOP + geo.AFRICA_H)
    masks = {r: _mask(r, size) for r in geo.SHAPES}
    grown = {r: _grown(m) for r, m in masks.items()}
    regions = sorted(geo.SHAPES)
    for i, a in enumerate(regions):
        for b in regions[i + 1 :]:
            pair = frozenset((a, b))
            shared = _touch(grown[a], masks[b])
            if pair in land:
                assert shared >= 20, f"{a} and {b} are neighbours but barely touch ({shared})"
            else:
                assert shared == 0, f"{a} and {b} are not land neighbours but touch"
    assert land == set(geo.LAND_BORDERS)
    for pair in sea:
        a, b = sorted(pair)
        assert (a, b) in geo.ARROW_ENDS and (b, a) in geo.ARROW_ENDS


def test_every_regions_pieces_sit_inside_it() -> None:
    """Name, rat-token slots, the caravan, the plague piece's own spot and every cube piece of
    six holders (with one two-digit count) lie on that region's own land, apart from each
    other; the plague piece, wherever the pieces leave it room, too."""
    from render.rattus import CHIP, STACK_H, _piece_width, _placed, _stack_width

    size = (geo.MAP_W, geo.AFRICA_TOP + geo.AFRICA_H)
    for region, a in geo.ANCHORS.items():
        mask = _mask(region, size)
        points = [a.label, a.plague, a.extra]
        points += [(a.rats[0] + k * RAT_PITCH, a.rats[1]) for k in range(3)]
        # Six holders, one with a two-digit count: where the region's rows cannot hold
        # them, they are packed over all its land, side by side or stacked (the count under
        # the piece: see tests/render/test_crowded.py).
        for counts in ((5,) * 6, (12,) + (5,) * 5):
            cells, plague, stacked, dense = _placed(region, counts)
            assert not dense, region
            boxes = [
                (x, y, x + _stack_width(n), y + STACK_H)
                if stacked
                else (x, y, x + _piece_width(n), y + CHIP)
                for (x, y), n in zip(cells, counts, strict=True)
            ]
            for i, box in enumerate(boxes):
                assert all(
                    b[2] <= box[0] or box[2] <= b[0] or b[3] <= box[1] or box[3] <= b[1]
                    for b in boxes[i + 1 :]
                ), f"{region}: cube pieces overlap"
                points += [(box[0] + 2, box[1] + 2), (box[2] - 4, box[3] - 2)]
            points.append(plague)
        for x, y in points:
            assert mask.getpixel((round(x), round(y))), f"{region}: ({x}, {y}) is off its land"


@pytest.mark.slow
def test_views_from_every_player_count_render() -> None:
    for players, options in [(2, None), (3, None), (4, None), (5, AFRICANUS), (6, AFRICANUS)]:
        state = played(players, 100 + players, 30, options)
        view = GAME.view(state, None)
        assert render_board(view, NAMES[:players]).startswith(b"\x89PNG")
        assert render_board(view, NAMES[:players], lang="fr").startswith(b"\x89PNG")


def test_the_plague_piece_stands_on_its_region() -> None:
    """Wherever the plague goes, its piece is drawn on that region's land, with few holders
    (the free row under the cubes) and with many (the region's spare spot)."""
    from render.rattus import _plague_spot

    size = (geo.MAP_W, geo.AFRICA_TOP + geo.AFRICA_H)
    for region in geo.SHAPES:
        mask = _mask(region, size)
        for cubes in ([1, 1, 0, 0, 0, 0], [1, 1, 1, 1, 1, 0]):
            view = {"regions": [{"id": region, "cubes": cubes}]}
            x, y = _plague_spot(view, region)
            assert mask.getpixel((round(x), round(y))), f"{region}: the plague is off its land"


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), [(3, None), (5, AFRICANUS)])
def test_every_phase_of_a_whole_game_renders(players: int, options: dict[str, str] | None) -> None:
    """Boards, private images and summaries of a whole random game, every phase included
    (opening, the Witch, placing rats, reaction windows, the final round, the end)."""
    from tests.engine.builders import random_playout

    names = NAMES[:players]
    phases: set[str] = set()
    for k, (state, _, _) in enumerate(random_playout(players, 7, options, policy_seed=7)):
        view = GAME.view(state, None)
        if view["phase"] in phases and k % 9:
            continue
        phases.add(view["phase"])
        assert render_board(view, names).startswith(b"\x89PNG")
        assert summary(view, names, lang="fr")
        for seat in range(players):
            render_private(GAME.view(state, seat), names)
    assert {"opening", "main", "spread", "final"} <= phases


@pytest.mark.parametrize("name", ["board_final_3p", "board_final_6p_africanus"])
def test_the_final_board_shows_every_rat_token_face(name: str) -> None:
    """Rules, game end: "Finally, the plague ravages all the 12 regions, that is, one at a time
    all the rat tokens are revealed and evaluated" (FR: "tous les jetons rats sont retournés
    l'un après l'autre"). Each face lies in its region's rat-token slots on the final board
    (a dark square with the limit and the symbols), and the summary lists them too."""
    view, names, lang = SAMPLES[name]
    revealed = view["recent"]["revealed"]
    assert view["phase"] == "over" and revealed
    assert all(region["tokens"] == 0 for region in view["regions"])
    image = decoded(render_board(view, names, lang=lang)).convert("L")
    for region in view["regions"]:
        a = geo.ANCHORS[region["id"]]
        x, y = round(a.rats[0]), round(a.rats[1])
        half = SHOWN // 2 + 2
        middle = x + RAT_PITCH  # three faces are centred on the middle slot
        row = image.crop(
            (middle - SHOWN_PITCH - half, y - half, middle + SHOWN_PITCH + half, y + half)
        )
        dark = sum(row.histogram()[:90])
        count = sum(1 for rev in revealed if rev["region"] == region["id"])
        # A face's dark square shows some 350 to 750 dark pixels around its pictograms.
        assert DARK[0] * count <= dark <= DARK[1] * count, (region["id"], count, dark)
    text = summary(view, names, lang=lang)
    for rev in revealed:
        assert f"{rev['limit']} " + "+".join(rev["symbols"]) in text


def test_no_diplomat_in_the_image_without_the_sultan() -> None:
    """Africanus, "Mise en place": "Si la carte Sultan est en jeu, les pions Diplomate sont
    placés près du plateau de jeu": the image's legend explains the diplomat only when the
    game has some (the view gives them a supply), and the text names none."""
    from render.rattus import _legend_items

    names = NAMES[:4]
    without = ["peasant", "merchant", "monk", "knight", "witch", "caravaneer"]
    with_sultan = ["peasant", "merchant", "monk", "knight", "sultan", "caravaneer"]
    views = {}
    for key, classes in (("without", without), ("with", with_sultan)):
        state = GAME.new_game(4, 5, {**AFRICANUS, "classes": classes})
        views[key] = GAME.view(state, None)
    assert views["without"]["diplomat_supply"] is None
    assert _legend_items(views["without"]) == ("caravan",)
    assert _legend_items(views["with"]) == ("diplomat", "caravan")
    assert render_board(views["without"], names).startswith(b"\x89PNG")
    assert "iplomat" not in summary(views["without"], names)


def test_long_names_fit_the_image_and_one_message() -> None:
    view, _, _ = SAMPLES["board_final_6p_africanus"]
    names = ["W" * 32, "Ａlice ✓", "张伟", "", "Eve", "Frederic the Long-Winded of Somewhere"]
    for lang in ("en", "fr"):
        assert len(summary(view, names, lang=lang)) <= 1900
        assert render_board(view, names, lang=lang).startswith(b"\x89PNG")


def test_a_palette_is_built_once_and_then_read_from_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restarted bot does not spend seconds building the same palettes again; the copy it
    reads is the palette it built, colour for colour."""
    from render.common import stored_palette

    monkeypatch.setenv("RATTUS_CACHE_DIR", str(tmp_path))
    built: list[int] = []

    def build() -> Image.Image:
        built.append(1)
        palette = Image.new("P", (1, 1))
        palette.putpalette([(i * 7) % 256 for i in range(768)])
        return palette

    first = stored_palette("test", build)
    again = stored_palette("test", build)
    assert built == [1]
    assert again.getpalette() == first.getpalette()
    (stored,) = tmp_path.iterdir()
    stored.write_bytes(b"short")  # a damaged file is built again, not trusted
    assert stored_palette("test", build).getpalette() == first.getpalette() and built == [1, 1]
