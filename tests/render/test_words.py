"""A renderer's words come from its game's Fluent catalogue, read by path (render/common.py)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fluent.syntax import ast, parse, serialize

from engine.core.registry import registered_games
from render import common
from render.common import GAMES, board_entries, words

ROOT = Path(__file__).resolve().parents[2]


def board_messages(text: str) -> dict[str, str]:
    """Every `board-` message of a catalogue's text, serialised."""
    return {
        entry.id.name: serialize(ast.Resource([ast.Message(entry.id, entry.value)]))
        for entry in parse(text).body
        if isinstance(entry, ast.Message) and entry.id.name.startswith("board-")
    }


@pytest.mark.parametrize(
    "path", sorted(GAMES.glob("*/locales/*.ftl")), ids=lambda p: str(p.relative_to(GAMES))
)
def test_only_the_board_messages_are_parsed_and_all_of_them(path: Path) -> None:
    text = path.read_text("utf-8")
    kept = board_entries(text)
    assert board_messages(kept) == board_messages(text)
    assert not [e for e in parse(kept).body if isinstance(e, ast.Junk)]


@pytest.mark.parametrize("game", registered_games())
def test_every_game_draws_with_words_of_its_catalogue(game: str) -> None:
    for lang in ("en", "fr"):
        assert words(game, lang).lang == lang
        assert board_messages((GAMES / game / "locales" / f"{lang}.ftl").read_text("utf-8"))
    assert words(game, "de").lang == "en"


@pytest.fixture
def catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A game "toy" with its own small catalogues, the caches emptied around it."""
    folder = tmp_path / "toy" / "locales"
    folder.mkdir(parents=True)
    (folder / "en.ftl").write_text(
        "hello = not a board word\n"
        "board-title = Toy\n"
        "board-only_en = English only\n"
        'board-sep = {"; "}\n'
        "board-rats =\n"
        "    { $n ->\n"
        "        [1] 1 rat\n"
        "       *[other] { $n } rats\n"
        "    }\n",
        "utf-8",
    )
    (folder / "fr.ftl").write_text(
        "board-title = Jouet de { $who }\n"
        "board-rats =\n"
        "    { $n ->\n"
        "        [1] 1 rat\n"
        "       *[other] { $n } rats\n"
        "}\n"
        'board-sep = {" ; "}\n',
        "utf-8",
    )
    monkeypatch.setattr(common, "GAMES", tmp_path)
    caches = (common._bundle, common.languages, common.words)
    for cached in caches:
        cached.cache_clear()
    yield
    for cached in caches:
        cached.cache_clear()


@pytest.mark.usefixtures("catalogue")
def test_words_fall_back_to_english_then_to_the_key() -> None:
    fr = words("toy", "fr")
    assert fr("title", who="Zoé") == "Jouet de Zoé"  # no isolation marks around Zoé
    assert fr("only_en") == "English only"
    assert fr("missing") == "missing"
    assert fr.get("missing", "default") == "default"
    assert words("toy", "en")("hello") == "hello"  # only `board-` messages are words
    assert fr("sep") == " ; " and words("toy", "en")("sep") == "; "


@pytest.mark.usefixtures("catalogue")
def test_plural_forms_follow_the_count_as_the_old_tables_did() -> None:
    fr = words("toy", "fr")
    assert [fr("rats", n=n) for n in (0, 1, 2, 1000)] == ["0 rats", "1 rat", "2 rats", "1000 rats"]
    assert fr("rats", n=True) == fr("rats", n=1)  # equal numbers, the same text (and memo)


def test_render_imports_nothing_from_the_bot() -> None:
    """A render worker reads the words by path: it never imports `bot`."""
    code = (
        "import sys\n"
        "from engine.core.registry import get_game, registered_games\n"
        "from render import renderer_for, worker\n"
        "for game in registered_games():\n"
        "    g = get_game(game)\n"
        "    view = g.view(g.new_game(min(g.players()), 1), None)\n"
        "    for lang in ('en', 'fr'):\n"
        "        worker.board_and_summary(game, view, ['A', 'B'], lang)\n"
        "print(sorted(m for m in sys.modules if m == 'bot' or m.startswith('bot.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
