"""Public views of every game and player count, mid-game and at the end, for the tests of the
board's two parts (their shape, their words on a phone) and the render benchmark.

Each comes from a seeded engine game, so the same views come back on every run.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.cartus import GAME as CARTUS
from engine.piper import GAME as PIPER
from engine.rattus import GAME as RATTUS
from tests.render import cartus_views, piper_views, views

AFRICANUS = {"expansion": "africanus"}
NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve", "Frederic"]

# (game, options, label): every game and variant whose board is drawn differently.
GAMES: tuple[tuple[str, dict[str, Any] | None, str], ...] = (
    ("rattus", None, "rattus"),
    ("rattus", AFRICANUS, "africanus"),
    ("piper", None, "piper"),
    ("cartus", None, "cartus"),
)


def counts(game: str, options: dict[str, Any] | None) -> range:
    """The player counts a game (with its options) is played with."""
    engine = {"rattus": RATTUS, "piper": PIPER, "cartus": CARTUS}[game]
    return engine.players(options)


@cache
def public_view(
    game: str, label: str, players: int, stage: str
) -> tuple[dict[str, Any], list[str]]:
    """A public view ("mid" game or "final") and the players' names."""
    options = AFRICANUS if label == "africanus" else None
    seed = 7 + players
    view: Any
    if game == "rattus":
        view = RATTUS.view(_halfway(views.played, RATTUS, players, seed, options, stage), None)
    elif game == "piper":
        view = PIPER.view(_halfway(piper_views.played, PIPER, players, seed, None, stage), None)
    else:
        state = (
            cartus_views.mid_visits(players, seed)
            if stage == "mid"
            else cartus_views.finished(players, seed)
        )
        view = CARTUS.view(state, None)
    return dict(view), NAMES[:players]


def _halfway(
    play: Any, engine: Any, players: int, seed: int, options: dict[str, Any] | None, stage: str
) -> Any:
    """The end of a seeded game, or the state about halfway through it."""
    steps = 100_000
    state = play(players, seed, steps, options)
    if stage == "final":
        return state
    while engine.is_over(state) and steps > 1:
        steps = min(steps, 400) // 2 if steps > 400 else steps * 3 // 4
        state = play(players, seed, steps, options)
    return state


def every_view() -> list[tuple[str, str, int, str]]:
    """(game, label, players, stage) for every game, player count and stage."""
    return [
        (game, label, players, stage)
        for game, options, label in GAMES
        for players in counts(game, options)
        for stage in ("mid", "final")
    ]


def phone_views() -> list[tuple[str, str, int, str]]:
    """(game, label, players, stage) at the fewest and the most players of each game."""
    out = []
    for game, options, label in GAMES:
        players = counts(game, options)
        for n in (players[0], players[-1]):
            out += [(game, label, n, stage) for stage in ("mid", "final")]
    return out
