"""AI seats. An AI sees exactly what its seat may see: its view and its legal actions (and, for
the hard level, redeals of the state for its seat: ai.search never reads the hidden rest).

The levels (ai.LEVELS): easy (the game's greedy AI with noise), normal (the greedy AI, the
adapter's `decide`), hard (ai.think: a search with the greedy AI as its prior, thinking
`ai.hard_budget(game)`). A hard search that fails or chooses an illegal action falls back to
normal, logged with the game id: a game never stops for its AI.
"""

from __future__ import annotations

import hashlib
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ai
from ai.levels import hard_settings, variant_of
from bot.adapter import GameAdapter, adapters
from engine.core.contract import Game

log = logging.getLogger(__name__)

LEVELS = tuple(ai.LEVELS)  # easy, normal, hard: what a seat or a game setting may name
DEFAULT_LEVEL = "normal"  # a new AI seat's, and a stored seat's that names none
# Older names still read: "strong" was the one level before levels existed (normal's play);
# "random" plays uniformly at random (tests).
ALIASES = {"strong": "normal"}
EXTRA = ("random",)

# One hard decision: (action text, ratings as (action text, visits, mean reward, greedy's)).
HardChoice = tuple[str, list[tuple[str, int, float, bool]]]


def level_of(name: str | None) -> str:
    """The level a stored or typed name means (None: the default); ValueError when unknown."""
    if name is None:
        return DEFAULT_LEVEL
    found = ALIASES.get(name, name)
    if found not in LEVELS and found not in EXTRA:
        raise ValueError(f"unknown AI level {name!r}; known: {', '.join(LEVELS)}")
    return found


def seed_of(text: str) -> int:
    """A search seed from a decision's identity (game seed, seq, seat): the same position
    gets the same seed in every process and on every run."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def choose_action(
    engine: Game[Any, Any],
    view: Mapping[str, Any],
    legal: Sequence[Any],
    rnd: random.Random,
    *,
    level: str = DEFAULT_LEVEL,
    state: Any = None,
    seat: int | None = None,
    game_id: int | None = None,
) -> Any:
    """Pick the AI's action from the seat's view and legal actions (never the full state).

    `level` easy, normal or hard (ai.LEVELS; "strong" is normal, "random" plays uniformly).
    A game without an adapter plays at random. Hard needs the `state` and the `seat` (it
    searches over redeals of that state for that seat) and thinks here, in this thread; the bot
    runs it in a worker process instead (bot.thinking). When it fails, or without a state, it
    plays normal, logged with `game_id`.
    """
    if not legal:
        raise ValueError("the AI has nothing to choose from")
    level = level_of(level)
    options = list(legal)
    adapter = adapters().get(getattr(engine, "name", ""))
    if adapter is None or level == "random":
        return rnd.choice(options)
    if level == "hard":
        if state is not None and seat is not None:
            try:
                text, _ = think_hard(
                    adapter.name,
                    engine.dump(state),
                    seat,
                    seed_of(str(rnd.random())),
                    rate=False,
                )
                choice = engine.parse_action(text)
                if choice in options:
                    return choice
                log.warning(
                    "game %s: the hard AI chose %r, not a legal action; playing normal",
                    game_id,
                    text,
                )
            except Exception:
                log.exception("game %s: the hard AI failed; playing normal", game_id)
        else:
            log.warning("game %s: the hard AI was given no state; playing normal", game_id)
        level = "normal"
    if level == "easy":
        easy = ai.noisy(adapter.decide, ai.LEVELS["easy"].epsilon)
        return _guarded(f"the {adapter.name} easy AI", easy, view, options, rnd)
    return _guarded(f"the {adapter.name} AI", adapter.decide, view, options, rnd)


def think_hard(
    game: str,
    state: Mapping[str, Any],
    seat: int,
    seed: int,
    budget: ai.Budget | None = None,
    rate: bool = True,
) -> HardChoice:
    """The hard level's decision for `seat` from plain data (the game's name, the state's
    `dump`): what a thinking worker process runs. Returns the action's text and every legal
    action's rating (`rate` False: only the choice is wanted, see ai.think). Raises when the
    search fails (the caller plays normal instead)."""
    adapter = adapters()[game]
    engine = adapter.engine
    loaded = engine.load(state)
    thought = ai.think(
        engine,
        loaded,
        seat,
        budget or ai.hard_budget(game),
        seed,
        policy=adapter.decide,
        settings=hard_settings(game, variant_of(engine.view(loaded, None))),
        rate=rate,
    )
    ratings = [(str(r.action), r.visits, r.value, r.greedy) for r in thought.ratings]
    return str(thought.action), ratings


def skip_action(
    adapter: GameAdapter, view: Mapping[str, Any], legal: Sequence[Any], rnd: random.Random
) -> Any:
    """What the "skip" clock policy plays for a seat (the game's `skip`), guarded like the AI."""
    return _guarded(f"the {adapter.name} skip", adapter.skip, view, list(legal), rnd)


def _guarded(
    what: str,
    pick: Callable[[Mapping[str, Any], Sequence[Any], random.Random], Any],
    view: Mapping[str, Any],
    options: list[Any],
    rnd: random.Random,
) -> Any:
    """`pick`'s choice when it is legal; else, or when it fails, a random legal action: a
    decision a game's AI does not expect must not stop the game."""
    try:
        choice = pick(view, options, rnd)
    except Exception:
        log.exception("%s failed; playing a random legal action", what)
        choice = None
    if choice is not None and choice in options:
        return choice
    return rnd.choice(options)
