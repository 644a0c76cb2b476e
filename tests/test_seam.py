"""One seam for every game: the generic modules name no game.

A new game is one engine package, one render module and one bot package; nothing else names
it. This scans the generic modules (bot outside bot/games, render/common and the render
registry, engine/core) for the name of any registered game, or any game's title.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.adapter import adapters
from engine.core.registry import registered_games

ROOT = Path(__file__).resolve().parents[1]
# The product's own name (the package, its record format, its default database file, the
# personalisation of its random numbers, which every stored game depends on) is not a game's.
PRODUCT = re.compile(r"rattus(-bot|\.sqlite3|-rng)", re.IGNORECASE)


def generic_files() -> list[Path]:
    files = [p for p in (ROOT / "bot").rglob("*") if p.suffix in (".py", ".ftl", ".sql")]
    files = [p for p in files if "games" not in p.relative_to(ROOT / "bot").parts[:1]]
    files += [ROOT / "render" / "common.py", ROOT / "render" / "__init__.py"]
    files += [ROOT / "render" / "worker.py"]
    files += sorted((ROOT / "engine" / "core").glob("*.py"))
    return files


def game_words() -> set[str]:
    words = set(registered_games())
    for adapter in adapters().values():
        words.add(adapter.command)
        words.update(adapter.title(lang) for lang in ("en", "fr"))
    return {w.casefold() for w in words}


def test_generic_modules_name_no_game() -> None:
    words = game_words()
    assert "rattus" in words, "the scan must know the games"
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.I)
    found = []
    for path in generic_files():
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            for match in pattern.finditer(PRODUCT.sub("", line)):
                found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)}")
    assert found == []


def test_every_game_has_its_three_pieces() -> None:
    """Each registered engine game has a bot package and a renderer (found by name)."""
    from render import renderer_for

    for name in registered_games():
        assert name in adapters(), f"no bot/games/{name} package"
        module = renderer_for(name)
        for function in ("render_board", "render_private", "summary"):
            assert callable(getattr(module, function)), (name, function)
