"""AI levels in the bot (issue 28), without Discord: easy, normal and hard choose from the
seat's information, hard thinks off the event loop (in a thread here, in a worker process in
the bot) and falls back to normal when its search fails, each AI seat keeps its level, a
person's seat played by the AI uses the game's `ai_level`, and each level is rated apart."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

import ai.levels
from ai import Budget
from bot.adapter import adapters
from bot.ai import choose_action, level_of, think_hard
from bot.service import GameService, UserRef
from bot.service.ai_seats import level_for
from bot.service.ratings import ai_identity
from bot.store import Store
from bot.thinking import Thinker
from engine.rattus import GAME
from tests.bot.test_ratings import play_out

ANA = UserRef(1, "Ana")
TINY = Budget(iterations=40)  # a few searches' worth: the tests check the wiring, not the play


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard thinks TINY for every game."""
    monkeypatch.setattr(ai.levels, "BUDGETS", {"rattus": TINY, "cartus": TINY, "piper": TINY})
    monkeypatch.setattr(ai.levels, "DEFAULT_BUDGET", TINY)


@pytest.fixture
async def service(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path}/bot.db")
    await store.open()
    seeds = iter(range(500, 600))
    service = GameService(store, seed_source=lambda: next(seeds))
    yield service
    await service.close()
    await store.close()


def positions(count: int) -> list[tuple[Any, int]]:
    """Seeded 2-player Rattus positions (state, seat to move) along random games."""
    found = []
    for seed in range(count):
        s = GAME.new_game(2, seed)
        rnd = random.Random(seed)
        for _ in range(rnd.randrange(0, 30)):
            if GAME.is_over(s):
                break
            seat = min(GAME.to_move(s))
            s = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat))).state
        if not GAME.is_over(s):
            found.append((s, min(GAME.to_move(s))))
    return found


def test_level_names() -> None:
    assert [level_of(n) for n in ("easy", "normal", "hard", None, "strong", "random")] == [
        "easy",
        "normal",
        "hard",
        "normal",
        "normal",
        "random",
    ]
    with pytest.raises(ValueError, match="unknown AI level"):
        level_of("grandmaster")


def test_easy_differs_from_normal_on_seeded_positions() -> None:
    differ = 0
    for s, seat in positions(40):
        view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
        easy = choose_action(GAME, view, legal, random.Random(7), level="easy")
        normal = choose_action(GAME, view, legal, random.Random(7), level="normal")
        assert easy in legal and normal in legal
        # Normal is "strong", the one level before levels.
        assert choose_action(GAME, view, legal, random.Random(7), level="strong") == normal
        differ += easy != normal
    assert differ >= 3


def test_hard_chooses_a_legal_action_and_rates_every_option(tiny: None) -> None:
    s, seat = next((s, seat) for s, seat in positions(10) if len(GAME.legal_actions(s, seat)) > 2)
    legal = GAME.legal_actions(s, seat)
    text, ratings = think_hard("rattus", GAME.dump(s), seat, 3)
    assert GAME.parse_action(text) in legal
    assert [r[0] for r in ratings] == [str(a) for a in legal]
    assert sum(r[1] for r in ratings) > 0
    # The same decision with the same seed: the same answer (and through choose_action).
    assert think_hard("rattus", GAME.dump(s), seat, 3) == (text, ratings)
    view = GAME.view(s, seat)
    chosen = choose_action(GAME, view, legal, random.Random(1), level="hard", state=s, seat=seat)
    assert chosen in legal


def test_hard_without_a_state_or_failing_plays_normal(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    s, seat = positions(3)[0]
    view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
    normal = choose_action(GAME, view, legal, random.Random(4), level="normal")
    with caplog.at_level(logging.WARNING):
        assert choose_action(GAME, view, legal, random.Random(4), level="hard", game_id=9) == normal
    assert "game 9: the hard AI was given no state" in caplog.text

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a bug in the search")

    monkeypatch.setattr("bot.ai.think_hard", broken)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        hard = choose_action(
            GAME, view, legal, random.Random(4), level="hard", state=s, seat=seat, game_id=9
        )
    assert hard == normal and "game 9: the hard AI failed; playing normal" in caplog.text


async def test_a_worker_process_thinks_and_ends_with_close(tiny: None) -> None:
    s, seat = next((s, seat) for s, seat in positions(10) if len(GAME.legal_actions(s, seat)) > 2)
    thinker = Thinker(1)
    try:
        text, ratings = await thinker.think("rattus", GAME.dump(s), seat, 3, TINY)
        # The same answer as in this process: only plain data went over.
        assert (text, ratings) == think_hard("rattus", GAME.dump(s), seat, 3, TINY)
        pool = thinker._pool
        assert pool is not None
        processes = list(pool._processes.values())  # type: ignore[attr-defined]
        assert processes and all(p.is_alive() for p in processes)
    finally:
        thinker.close()
    for process in processes:
        # join() can return as the process closes its end of the pipe, a moment before it
        # has exited: wait for the exit itself (600 x 0.1 s, a bound on a hang only).
        for _ in range(600):
            process.join(0.1)
            if not process.is_alive():
                break
        assert not process.is_alive()
    with pytest.raises(RuntimeError):
        await thinker.think("rattus", GAME.dump(s), seat, 3, TINY)


async def test_an_ai_seat_keeps_its_level_and_is_rated_as_it(
    service: GameService, tiny: None
) -> None:
    await service.lobby.new_lobby(game="rattus", guild_id=1, channel_id=5, creator=ANA)
    await service.lobby.add_ai(5, ANA, "hard")
    game = await service.lobby.add_ai(5, ANA)
    hard, normal = (p for p in game.players if p.is_ai)
    assert (hard.ai_level, normal.ai_level) == ("hard", "normal")
    assert level_for(game, hard) == "hard" and level_for(game, normal) == "normal"
    assert ai_identity(hard) == "ai:hard"
    assert ai_identity(normal) == "ai:strong"  # normal keeps the one AI's ladder
    # A person's seat played by the AI: the game's setting (hard by default).
    person = game.player_of(ANA.id)
    assert person is not None and level_for(game, person) == "hard"
    await service.prefs.change_settings(5, ANA, ai_level="easy")
    game = await service.game_in(5)
    assert level_for(game, person) == "easy"
    with pytest.raises(Exception, match="setting_ai_level"):
        await service.prefs.change_settings(5, ANA, ai_level="grandmaster")


async def test_a_failing_hard_search_falls_back_to_normal_and_the_game_goes_on(
    service: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a bug in the search")

    monkeypatch.setattr("bot.thinking.think_hard", broken)
    await service.lobby.new_lobby(game="rattus", guild_id=1, channel_id=6, creator=ANA)
    await service.lobby.add_ai(6, ANA, "hard")
    lobby = await service.lobby.start(6, ANA)
    game_id = lobby.game.id
    rnd = random.Random(3)
    with caplog.at_level(logging.WARNING):
        for _ in range(400):
            await service.idle()
            game = await service.store.get_game(game_id)
            rows = await service.store.actions(game_id)
            if game.status != "active" or sum(row.origin == "ai" for row in rows) > 5:
                break
            state = await service.state_of(game)
            seat = min(GAME.to_move(state))
            assert not game.player_at(seat).is_ai, "the AI seat did not move"
            await service.act(game_id, ANA.id, rnd.choice(GAME.legal_actions(state, seat)))
    assert sum(row.origin == "ai" for row in rows) > 5
    assert f"game {game_id}: the hard AI failed; playing normal" in caplog.text


async def test_a_hard_ai_that_takes_too_long_plays_normal(
    service: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def stuck(*_: Any, **__: Any) -> Any:
        await asyncio.sleep(30)

    # A worker stuck or far behind (not the search's own budget, which it keeps itself).
    monkeypatch.setattr("bot.service.ai_seats.THINK_LIMIT", 0.05)
    monkeypatch.setattr(service.ai.thinker, "think", stuck)
    game = await service.lobby.new_lobby(game="rattus", guild_id=1, channel_id=7, creator=ANA)
    s, seat = next((s, seat) for s, seat in positions(10) if len(GAME.legal_actions(s, seat)) > 2)
    view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
    with caplog.at_level(logging.WARNING):
        action = await service.ai.decide(game, s, seat, "hard", "")
    assert f"game {game.id}: the hard AI took more than 0.05 s; playing normal" in caplog.text
    key = f"{game.seed}:{game.seq}:{seat}"
    assert action == choose_action(GAME, view, legal, random.Random(key), level="normal")


@pytest.mark.parametrize("game", sorted(adapters()))
def test_hard_decides_in_every_game(game: str, tiny: None) -> None:
    engine = adapters()[game].engine
    s = engine.new_game(2, 5)
    rnd = random.Random(5)
    decided = 0
    while not engine.is_over(s) and decided < 4:
        seat = min(engine.to_move(s))
        legal = engine.legal_actions(s, seat)
        if len(legal) > 1:
            text, ratings = think_hard(game, engine.dump(s), seat, decided)
            assert engine.parse_action(text) in legal and len(ratings) == len(legal)
            decided += 1
        s = engine.apply(s, seat, rnd.choice(legal)).state
    assert decided == 4


@pytest.mark.slow
@pytest.mark.parametrize("game", ["cartus", "piper"])
async def test_a_hard_ai_seat_plays_a_whole_game_of(
    game: str, service: GameService, tiny: None, caplog: pytest.LogCaptureFixture
) -> None:
    await service.lobby.new_lobby(game=game, guild_id=1, channel_id=8, creator=ANA, options={})
    await service.lobby.add_ai(8, ANA, "hard")
    outcome = await service.lobby.start(8, ANA)
    with caplog.at_level(logging.WARNING):
        played = await play_out(service, outcome.game.id, seed=4)
    assert played.status == "over"
    assert any(row.origin == "ai" for row in await service.store.actions(played.id))
    assert "the hard AI" not in caplog.text


async def test_a_thinking_worker_that_dies_is_replaced(tiny: None) -> None:
    s, seat = next((s, seat) for s, seat in positions(10) if len(GAME.legal_actions(s, seat)) > 2)
    thinker = Thinker(1)
    try:
        first = await thinker.think("rattus", GAME.dump(s), seat, 3, TINY)
        pool = thinker._pool
        assert pool is not None
        for process in list(pool._processes.values()):  # type: ignore[attr-defined]
            os.kill(process.pid, signal.SIGKILL)  # as the kernel's OOM killer would
            process.join(5)
        with pytest.raises(BrokenProcessPool):  # this decision plays normal (AiSeats.decide)
            await thinker.think("rattus", GAME.dump(s), seat, 3, TINY)
        assert await thinker.think("rattus", GAME.dump(s), seat, 3, TINY) == first
    finally:
        thinker.close()


def test_ai_hard_iterations_caps_the_search_of_every_hard_decision() -> None:
    from ai import Budget
    from bot.config import Config, ConfigError
    from bot.thinking import Thinker

    config = Config.from_env({"DISCORD_TOKEN": "t", "AI_HARD_ITERATIONS": "40"}, load_dotenv=False)
    assert config.ai_hard_iterations == 40
    assert Config.from_env({"DISCORD_TOKEN": "t"}, load_dotenv=False).ai_hard_iterations is None
    with pytest.raises(ConfigError):
        Config.from_env({"DISCORD_TOKEN": "t", "AI_HARD_ITERATIONS": "0"}, load_dotenv=False)
    capped = Thinker(0, cap=40).capped(Budget(iterations=4000, ms=1500))
    assert capped == Budget(iterations=40, ms=1500)
    assert Thinker(0, cap=40).capped(Budget(iterations=10)) == Budget(iterations=10)
    assert Thinker(0).capped(Budget(ms=1500)) == Budget(ms=1500)
    assert Thinker(0, cap=40).capped(Budget(ms=1500)) == Budget(iterations=40, ms=1500)
