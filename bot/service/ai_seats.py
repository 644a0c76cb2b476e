"""AI seats: they move whenever it is their decision, off the event loop, and play for a person
whose turn clock ran out or who let a window time out."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Sequence
from typing import Any

from ai import hard_budget
from bot import presence
from bot.adapter import adapter_for
from bot.ai import HardChoice, choose_action, level_of, seed_of, skip_action
from bot.service.core import GameService, StaleAction
from bot.settings import GameSettings
from bot.store import GameRow, PlayerRow, StaleGame, StoreReadOnly
from bot.thinking import Thinker

log = logging.getLogger(__name__)

# Seconds a hard decision may take, waiting for a worker included, before its seat plays normal
# (a search keeps to its own budget; this is for a worker stuck or far behind).
THINK_LIMIT = 30.0


class AiSeats:
    """The AI tasks of the games of this process."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        # Games whose AI task must look again: an action landed while it was reading.
        self._ai_again: set[int] = set()
        self._closing = False
        # Where hard decisions are computed: the bot sets its pool of worker processes
        # (AI_PROCESSES); a bare service thinks in a thread.
        self.thinker = Thinker(0)

    def running(self) -> list[asyncio.Task[None]]:
        """The AI tasks still thinking or playing."""
        return [t for t in self._ai_tasks.values() if not t.done()]

    async def close(self) -> None:
        """Stop the AI tasks."""
        self._closing = True
        for task in self._ai_tasks.values():
            task.cancel()
        for task in self._ai_tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.thinker.close()

    def wake(self, game_id: int) -> None:
        """Let a game's AI seats move if it is their turn (another process changed it)."""
        self.kick(game_id)

    def kick(self, game_id: int, game: GameRow | None = None) -> None:
        # A game known to have no AI seat, no stand-in and nobody away needs no AI task.
        if game is not None and not any(
            p.automated or presence.away(p, self.service.clock()) for p in game.players
        ):
            return
        task = self._ai_tasks.get(game_id)
        if self._closing:
            return
        if task is not None and not task.done():
            # The running task may have read the game before this action: without this
            # mark it could find no AI seat to move, stop, and leave the AI's turn unplayed.
            self._ai_again.add(game_id)
            return
        self._ai_tasks[game_id] = asyncio.create_task(self._run(game_id))

    async def seats_to_move(self, game: GameRow, state: Any) -> list[int]:
        """AI seats (and stand-ins) that must decide now."""
        if game.status != "active":
            return []
        engine = self.service.engine(game)
        movers = engine.to_move(state)
        now = self.service.clock()
        return sorted(
            p.seat for p in game.seated() if p.seat in movers and presence.automated(game, p, now)
        )

    async def _run(self, game_id: int) -> None:
        try:
            while not self._closing:
                self._ai_again.discard(game_id)
                game = await self.store.get_game(game_id)
                if game.status != "active" or not self.service.owns(game):
                    return
                state = await self.service.state_of(game)
                seats = await self.seats_to_move(game, state)
                if not seats:
                    if game_id in self._ai_again:
                        continue  # an action landed while this task was reading
                    return
                if self.service.config.ai_delay:
                    await asyncio.sleep(self.service.config.ai_delay)
                seat = seats[0]
                action = await self.decide(
                    game, state, seat, level_for(game, game.player_at(seat)), ""
                )
                try:
                    await self.service.act_as(
                        game_id, seat, action, origin="ai", expected_seq=game.seq
                    )
                except (StaleAction, StaleGame):
                    continue  # a person acted meanwhile: look again
        except asyncio.CancelledError:
            raise
        except StoreReadOnly:
            pass  # logged once per episode by the store; the next change wakes the AI again
        except Exception:
            log.exception("game %s: the AI seat failed", game_id)

    async def resume(self) -> None:
        """After a restart: let AI seats that were to move continue (in the games of this
        process's shards: each process resumes its own)."""
        for game_id in await self.store.active_game_ids(self.service.shards):
            self.kick(game_id)

    async def play_for(self, game_id: int, seats: Sequence[int], mode: str) -> int:
        """Decide for `seats` until none of them must move: mode "ai" (the AI plays the turn),
        "skip" (only what cannot be skipped, chosen by the AI) or "default" (the engine's
        default answer to a reaction window). Returns the number of actions taken."""
        taken = 0
        for _ in range(200):  # a turn is finite; this bounds a misbehaving game
            game = await self.store.get_game(game_id)
            if game.status != "active":
                break
            engine = self.service.engine(game)
            state = await self.service.state_of(game)
            movers = [s for s in sorted(engine.to_move(state)) if s in seats]
            if not movers:
                break
            seat = movers[0]
            legal = engine.legal_actions(state, seat)
            rnd = random.Random(f"{game.seed}:{game.seq}:{seat}:{mode}")
            if mode == "default":
                action = engine.default_action(state, seat)
            elif mode == "skip":
                action = await asyncio.to_thread(
                    skip_action, adapter_for(game.game), engine.view(state, seat), legal, rnd
                )
            else:
                level = GameSettings.of(game.settings).ai_level
                action = await self.decide(game, state, seat, level, f":{mode}")
            origin = {"ai": "clock-ai", "skip": "clock-skip", "default": "timeout"}[mode]
            try:
                await self.service.act_as(
                    game_id, seat, action, origin=origin, expected_seq=game.seq
                )
                taken += 1
            except (StaleAction, StaleGame):
                continue
        return taken

    async def decide(self, game: GameRow, state: Any, seat: int, level: str, salt: str) -> Any:
        """The AI's action for `seat` at `level`, off the event loop: easy and normal in a
        thread (milliseconds), hard in a thinking worker (bot.thinking). A hard search that
        fails, or chooses an illegal action, plays normal instead, logged: the game goes on."""
        engine = self.service.engine(game)
        legal = engine.legal_actions(state, seat)
        key = f"{game.seed}:{game.seq}:{seat}{salt}"
        if level_of(level) == "hard" and len(legal) > 1:
            try:
                text, _ = await asyncio.wait_for(
                    self.think(game, state, seat, key, rate=False), THINK_LIMIT
                )
                action = engine.parse_action(text)
                if action in legal:
                    return action
                log.warning(
                    "game %s: the hard AI chose %r, not a legal action; playing normal",
                    game.id,
                    text,
                )
            except asyncio.CancelledError:
                raise
            except TimeoutError:
                log.warning(
                    "game %s: the hard AI took more than %s s; playing normal", game.id, THINK_LIMIT
                )
            except Exception:
                log.exception("game %s: the hard AI failed; playing normal", game.id)
            level = "normal"
        return await asyncio.to_thread(
            choose_action,
            engine,
            engine.view(state, seat),
            legal,
            random.Random(key),
            level="normal" if level_of(level) == "hard" else level,
            game_id=game.id,
        )

    async def think(
        self, game: GameRow, state: Any, seat: int, key: str, *, rate: bool = True
    ) -> HardChoice:
        """The hard AI's choice and ratings for `seat` (bot.ai.think_hard, in a worker;
        `rate` False: an AI seat's move, only the choice is wanted)."""
        engine = self.service.engine(game)
        # The budget is read here, not in the worker: the bot's own figures (a test's too).
        budget = self.thinker.capped(hard_budget(game.game))
        return await self.thinker.think(
            game.game, engine.dump(state), seat, seed_of(key), budget, rate
        )

    async def settle(self, game_id: int, timeout: float) -> None:
        """Wait (at most `timeout`) until the game's AI seats have nothing left to play now,
        so their moves join the post of the action that woke them."""
        task = self._ai_tasks.get(game_id)
        if task is not None and not task.done():
            await asyncio.wait({task}, timeout=timeout)


def level_for(game: GameRow, player: PlayerRow) -> str:
    """The level the AI plays `player`'s seat at: an AI seat's own; for a person (a stand-in,
    someone away or gone), the game's `ai_level` setting."""
    if player.is_ai:
        try:
            return level_of(player.ai_level)
        except ValueError:
            return level_of(None)
    return GameSettings.of(game.settings).ai_level
