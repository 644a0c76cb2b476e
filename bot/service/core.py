"""The game service's core: games, their states, and actions, with no Discord in sight.

Handling one action: map the user to a seat, take the game's lock, load the state (cache,
else the newest snapshot plus the actions after it), `apply`, append to the store with the
expected sequence number **together with a post in the outbox**, release the lock, then wake
the publisher, which drains the game's outbox in order (board, ping, DMs). Nothing is shown
before it is committed, and what is committed is shown even after a crash or a Discord outage.

The rest of the service is one object per concern, each given this core: `lobby` (lobbies,
the start and the end), `votes` (stand-ins, seats taken back, undo and what the others are
asked to agree to), `prefs` (settings and each player's preferences), `ai` (AI seats and
playing for someone whose clock ran out) and `ratings` (finished games rated).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from bot import presence
from bot.service.refusal import Refusal, attach
from bot.settings import GameSettings
from bot.shards import Shards
from bot.store import GameRow, Post, Replan, Requests, Store, StoreReadOnly
from engine.core.contract import Decision, Game
from engine.core.errors import RulesError
from engine.core.events import Event
from engine.core.registry import get_game

log = logging.getLogger(__name__)

MAX_CACHE = 2048


class BotError(Exception):
    """A request the bot refuses; `code` names the message key error.<code> (of the game
    `game` when it is one of that game's own texts)."""

    def __init__(self, code: str, *, game: str | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.game = game
        self.params = params


class StaleAction(BotError):
    """The button or command was for an earlier position: someone acted first."""

    def __init__(self, game_id: int) -> None:
        super().__init__("stale")
        self.game_id = game_id


@dataclass(frozen=True, slots=True)
class UserRef:
    """The Discord user behind a request."""

    id: int
    name: str
    locale: str | None = None
    manage_server: bool = False


@dataclass(slots=True)
class Outcome:
    """What one stored action (or the start of a game) changed, for the publisher."""

    game: GameRow
    seq: int
    state: Any
    events: tuple[Event, ...]
    seat: int | None = None
    actor_id: int | None = None
    origin: str = "player"
    action: str | None = None
    previous_to_move: frozenset[int] = frozenset()
    started: bool = False
    undone: bool = False
    before: Any = None  # the state before the action (to see whose private view changed)
    planned: bool = False  # its game's jobs were planned in its own transaction

    @property
    def engine(self) -> Game[Any, Any]:
        """The rules of this game."""
        return get_game(self.game.game)

    @property
    def over(self) -> bool:
        """True when this action ended the game."""
        return self.engine.is_over(self.state)

    @property
    def to_move(self) -> frozenset[int]:
        """Seats to move after this action."""
        return self.engine.to_move(self.state)

    @property
    def decision(self) -> Decision:
        """The decision open after this action."""
        return self.engine.decision(self.state)

    @property
    def secret(self) -> bool:
        """True when the action answered a secret window: nobody may learn that this seat
        was asked or answered (its interaction carries no public post)."""
        return self.before is not None and self.engine.decision(self.before).secret

    @property
    def turn_changed(self) -> bool:
        """True when someone else must now decide (a new turn message is due)."""
        return self.started or self.undone or self.over or self.to_move != self.previous_to_move


class Planner(Protocol):
    """Who plans a game's jobs in the transaction of the action they follow (the
    scheduler): one transaction per action instead of two."""

    def plan_with(self, outcome: Outcome) -> Replan:
        """The plan that follows `outcome` (not yet stored), for `Store.append` to write."""
        ...

    def planned(self, replan: Replan) -> None:
        """`replan` was written with its action (the runner may need to wake sooner)."""
        ...


class Publisher(Protocol):
    """Who shows what the outbox holds (the Discord layer, or a test double)."""

    def notify(self, game_id: int, *, hold: int | None = None) -> None:
        """Posts of this game are waiting. `hold`: the sequence number of a person's action
        whose interaction may still be offered for the post (wait a moment for it)."""
        ...

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until nothing is waiting to be posted."""
        ...


class NullPublisher:
    """A publisher that shows nothing (the outbox keeps the posts)."""

    def notify(self, game_id: int, *, hold: int | None = None) -> None:
        """Do nothing."""

    async def idle(self, timeout: float = 30.0) -> None:
        """Nothing to wait for."""


@dataclass(slots=True)
class _Cached:
    seq: int
    state: Any
    line: int
    # A few states before this one, newest last: the publisher compares each seat's view
    # before and after the actions it shows, usually without reading the database.
    earlier: list[tuple[int, Any]] = field(default_factory=list)

    def holds(self, game: GameRow) -> bool:
        """True when this entry is of the game's line of play and not ahead of it."""
        return self.line == game.line and self.seq <= game.seq


HISTORY = 16  # states kept per cached game


@dataclass(slots=True)
class ServiceConfig:
    """Tunables of the service."""

    ai_delay: float = 0.0  # seconds between two AI moves, so people can follow them
    max_players: Mapping[str, int] = field(default_factory=dict)


class GameService:
    """Games, their states and actions; the other concerns hang from it (lobby, votes,
    prefs, ai)."""

    def __init__(
        self,
        store: Store,
        publisher: Publisher | None = None,
        *,
        config: ServiceConfig | None = None,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = lambda: secrets.randbits(63),
        shards: Shards | None = None,
    ) -> None:
        self.store = store
        # The shards of this process: only their games' AI seats, jobs and posts run here.
        self.shards = shards
        self.publisher: Publisher = publisher or NullPublisher()
        self.config = config or ServiceConfig()
        self.clock = clock
        self.seed_source = seed_source
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, _Cached] = {}
        self._acting = 0  # actions being applied and published right now
        self.requests = Requests(store)
        # Called after every committed outcome (the scheduler plans reminders and clocks), and
        # after a game's settings change (old, new).
        self.planners: list[Callable[[Outcome], Awaitable[None]]] = []
        # Plans a player's or a seat's action's jobs in the action's own transaction (the
        # scheduler; the planners then leave that outcome alone).
        self.planner: Planner | None = None
        self.replanners: list[Callable[[GameRow, GameSettings, GameSettings], Awaitable[None]]] = []
        # Called when the seats to remind or to time change without an action (away, back).
        self.refreshers: list[Callable[[int], Awaitable[None]]] = []
        self._announcing: set[asyncio.Task[None]] = set()
        # The other concerns, each given this core (imported here: they import it).
        from bot.service.ai_seats import AiSeats
        from bot.service.lobby import Lobbies
        from bot.service.prefs import Preferences
        from bot.service.ratings import Standings
        from bot.service.votes import Votes

        self.lobby = Lobbies(self)
        self.votes = Votes(self)
        self.prefs = Preferences(self)
        self.ai = AiSeats(self)
        self.ratings = Standings(self)

    def owns(self, game: GameRow) -> bool:
        """Whether this process runs the game's background work (its server is on one of
        our shards; always, when not sharded)."""
        return self.shards is None or self.shards.owns(game.guild_id)

    def changed(
        self, game: GameRow, *, hold: int | None = None, posts: bool = True, ai: bool = True
    ) -> None:
        """A change of `game` (as read after it) is committed: post it (`posts`) and let its
        AI seats move (`ai`), here when the game is ours, else in the process that owns it
        (told through the store)."""
        if self.owns(game):
            if posts:
                self.publisher.notify(game.id, hold=hold)
            if ai:
                self.ai.kick(game.id, game)
            return
        task = asyncio.create_task(self._announce(game))
        self._announcing.add(task)
        task.add_done_callback(self._announcing.discard)

    async def posts_waiting(self, game_id: int) -> None:
        """A post was queued for a game known by its id: changed() without the AI (the game
        is read only when shards must be told apart)."""
        if self.shards is None or self.shards.everything:
            self.publisher.notify(game_id)
        else:
            self.changed(await self.store.get_game(game_id), ai=False)

    async def _announce(self, game: GameRow) -> None:
        try:
            await self.store.announce(game.id, game.guild_id)
        except Exception:
            # The owner still finds the posts and the AI's turn when it next starts.
            log.exception("game %s: could not tell the process that owns it", game.id)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serialises every change to one game within this process (the
        database's compare-and-set orders changes across processes)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    @staticmethod
    def engine(game: GameRow) -> Game[Any, Any]:
        """The rules of a stored game."""
        return get_game(game.game)

    async def game_in(self, channel_id: int, *, finished: bool = False) -> GameRow:
        """The open game of a channel (or the last one, with finished=True); else no_game."""
        game = await (
            self.store.latest_game_in(channel_id)
            if finished
            else self.store.open_game_in(channel_id)
        )
        if game is None:
            raise BotError("no_game")
        return game

    async def started_game_in(self, channel_id: int) -> GameRow:
        """The channel's game once started (the open one, or else the last one played)."""
        game = await self.game_in(channel_id, finished=True)
        if game.status == "lobby":
            raise BotError("not_started")
        return game

    async def state_of(self, game: GameRow) -> Any:
        """The current engine state of a started game (cached; the database is the truth)."""
        cached = self._cache.get(game.id)
        if cached is not None and cached.seq == game.seq and cached.holds(game):
            return cached.state
        state = await self.state_at(game, game.seq)
        self._remember(game.id, game.seq, state, game.line)
        return state

    async def state_at(self, game: GameRow, seq: int) -> Any:
        """The state after action `seq`: from memory when it is recent, else the newest
        snapshot at or before it, then replay."""
        cached = self._cache.get(game.id)
        if cached is not None and cached.holds(game):
            if cached.seq == seq:
                return cached.state
            for at, state in cached.earlier:
                if at == seq:
                    return state
        engine = self.engine(game)
        snap_seq, data = await self.store.latest_snapshot(game.id, at_most=seq)
        state = engine.load(data)
        for row in await self.store.actions(game.id, after=snap_seq, upto=seq):
            state = engine.apply(state, row.seat, engine.parse_action(row.action)).state
        return state

    def _remember(self, game_id: int, seq: int, state: Any, line: int) -> None:
        old = self._cache.get(game_id)
        if old is None and len(self._cache) >= MAX_CACHE:
            self._cache.pop(next(iter(self._cache)))
        earlier: list[tuple[int, Any]] = []
        if old is not None and old.seq < seq and old.line == line:
            earlier = [*old.earlier, (old.seq, old.state)][-HISTORY:]
        self._cache[game_id] = _Cached(seq, state, line, earlier)

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (after an undo, say)."""
        self._cache.pop(game_id, None)

    def seat_of(self, game: GameRow, user_id: int) -> int:
        """The seat of a user in a started game; BotError when they may not act."""
        player = game.player_of(user_id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        if player.left_at is not None:
            raise BotError("you_left")
        return player.seat

    async def act(
        self,
        game_id: int,
        user_id: int,
        action: str | Any,
        *,
        expected_seq: int | None = None,
        check: Callable[[GameRow], None] | None = None,
    ) -> Outcome:
        """A person's action: checked, applied, stored, then published. `check` sees the game
        first, as read under its lock (it raises to refuse: a button from another channel).

        `expected_seq` is the game's number as the person saw it (`GameRow.shown`, what the
        buttons carry): StaleAction if the table has seen the game move on since. Another
        seat's private answer in a secret window does not make it stale (nobody may learn of
        it); the rules then say whether this seat may still act."""
        return await self._act(
            game_id,
            action,
            None,
            expected_shown=expected_seq,
            user_id=user_id,
            origin="player",
            check=check,
        )

    async def act_as(
        self,
        game_id: int,
        seat: int,
        action: str | Any,
        *,
        origin: str,
        expected_seq: int | None = None,
    ) -> Outcome:
        """An action for a seat by the bot itself (AI seat, stand-in, timeout default)."""
        return await self._act(game_id, action, expected_seq, seat=seat, origin=origin)

    async def _act(
        self,
        game_id: int,
        action: str | Any,
        expected_seq: int | None,
        *,
        expected_shown: int | None = None,
        user_id: int | None = None,
        seat: int | None = None,
        origin: str,
        check: Callable[[GameRow], None] | None = None,
    ) -> Outcome:
        self._acting += 1
        try:
            return await self._act_now(
                game_id,
                action,
                expected_seq,
                expected_shown=expected_shown,
                user_id=user_id,
                seat=seat,
                origin=origin,
                check=check,
            )
        finally:
            self._acting -= 1

    async def _act_now(
        self,
        game_id: int,
        action: str | Any,
        expected_seq: int | None,
        *,
        expected_shown: int | None,
        user_id: int | None,
        seat: int | None,
        origin: str,
        check: Callable[[GameRow], None] | None,
    ) -> Outcome:
        async with self.lock(game_id):
            game = await self.store.get_game(game_id)
            if check is not None:
                check(game)
            if game.status == "lobby":
                raise BotError("not_started")
            if game.status == "over":
                raise BotError("game_over")
            if game.status == "abandoned":
                raise BotError("game_abandoned")
            if expected_seq is not None and expected_seq != game.seq:
                raise StaleAction(game_id)
            if expected_shown is not None and expected_shown != game.shown:
                raise StaleAction(game_id)
            if user_id is not None:
                seat = self.seat_of(game, user_id)
            assert seat is not None
            engine = self.engine(game)
            state = await self.state_of(game)
            try:
                parsed = engine.parse_action(action) if isinstance(action, str) else action
                deciding = engine.decision(state)
                before = deciding.seats
                step = engine.apply(state, seat, parsed)
            except RulesError as exc:
                if origin == "player":
                    attach(exc, await self._refusal(game, state, seat, action))
                raise
            events = [e.to_dict() for e in step.events]
            over = engine.is_over(step.state)
            # An answer in a secret window that shows the table nothing (its events are all
            # private): the table's number of the game (GameRow.shown) does not move on for
            # it. The answer that closes the window shows what it brings.
            hidden = deciding.secret and not over and all("visible_to" in e for e in events)
            text = str(parsed)
            outcome = Outcome(
                game=replace(
                    game,
                    seq=game.seq + 1,
                    hidden=game.hidden + int(hidden),
                    version=game.version + 1,
                    status="over" if over else game.status,
                ),
                seq=game.seq + 1,
                state=step.state,
                events=step.events,
                seat=seat,
                actor_id=user_id,
                origin=origin,
                action=text,
                previous_to_move=before,
                before=state,
            )
            replan = self._replan(outcome)
            seq = await self.store.append(
                game_id,
                expected_seq=game.seq,
                # The state was read for this version: refused after an undo and a new
                # action elsewhere, even though seq would match again.
                expected_version=game.version,
                seat=seat,
                actor_id=user_id,
                origin=origin,
                action=text,
                events=events,
                state=lambda: engine.dump(step.state),  # dumped only for a snapshot
                over=over,
                # A secret window's seats (who was asked, who answered) stay out of
                # everything public: the post says so, and the publisher shows no answer.
                post=Post(
                    "action",
                    {"before": sorted(before), "secret": True}
                    if deciding.secret
                    else {"before": sorted(before)},
                ),
                replan=replan,
                hidden=hidden,
            )
            self._remember(game_id, seq, step.state, game.line)
            if replan is not None and replan.written is not None and self.planner is not None:
                outcome.planned = True
                self.planner.planned(replan)
            await self._committed(outcome)
        return outcome

    def _replan(self, outcome: Outcome) -> Replan | None:
        """The plan to store with `outcome`'s action (None: planned after it, as usual)."""
        if self.planner is None:
            return None
        try:
            return self.planner.plan_with(outcome)
        except Exception:
            log.exception("game %s: planning its jobs with an action failed", outcome.game.id)
            return None

    async def _refusal(self, game: GameRow, state: Any, seat: int, action: Any) -> Refusal:
        """What the player needs to hear with a refused action: the seats the game waits
        for (as this seat may know them) since when, and the seat's legal actions."""
        engine = self.engine(game)
        decision = engine.decision(state)
        since: float | None = None
        if not decision.secret:
            # The turn began with the last action (or the start of the game).
            since = game.updated_at
            if game.seq > 0:
                last = await self.store.actions(game.id, after=game.seq - 1)
                if last:
                    since = last[-1].at
        return Refusal(
            game=game,
            seat=seat,
            typed=str(action),
            legal=tuple(str(a) for a in engine.legal_actions(state, seat)),
            movers=tuple(sorted(decision.seen_by(seat).seats)),
            since=since,
        )

    async def _committed(self, outcome: Outcome) -> None:
        # The change and its post are stored: plan reminders and clocks (first, so the post
        # can show the new turn clock's deadline), then wake the publisher (after a person's
        # action it waits a moment for the interaction, which posts without using the
        # channel's rate limit). A failure here must not undo the change. A game that ended
        # is rated first, so that its game-over message shows the rating changes.
        if outcome.over and not outcome.undone:
            await self.ratings.ended(outcome)
        for plan in self.planners:
            try:
                await plan(outcome)
            except StoreReadOnly:
                pass  # logged once per episode by the store
            except Exception:
                log.exception("game %s: planning after seq %s failed", outcome.game.id, outcome.seq)
        hold = outcome.seq if outcome.origin == "player" else None
        self.changed(outcome.game, hold=hold)

    def automated_seats(self, game: GameRow) -> set[int]:
        """Seats the bot plays now (AI seats, stand-ins, players away with the AI for them)."""
        now = self.clock()
        return {
            p.seat for p in game.seated() if p.seat is not None and presence.automated(game, p, now)
        }

    async def notice(self, game_id: int, key: str, **params: Any) -> None:
        """Queue a line for the game's channel (a clock that ran out, a window that closed),
        posted in order with the actions around it."""
        await self.store.outbox.queue(game_id, Post("notice", {"key": key, "params": params}))
        await self.posts_waiting(game_id)

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until no AI seat is thinking, no action is being applied and the outbox is
        drained (tests and the demo)."""
        deadline = time.monotonic() + timeout
        while True:
            running = self.ai.running()
            if running:
                await asyncio.wait(running, timeout=max(0.0, deadline - time.monotonic()))
            elif self._acting:
                await asyncio.sleep(0.005)
            else:
                await self.publisher.idle(max(0.0, deadline - time.monotonic()))
                if not self.ai.running() and not self._acting:
                    return
            if time.monotonic() >= deadline:
                raise TimeoutError("AI seats still playing or posts still waiting")

    async def close(self) -> None:
        """Stop the AI tasks (after telling other processes what they own)."""
        if self._announcing:
            await asyncio.wait(set(self._announcing), timeout=5.0)
        await self.ai.close()

    def settings_of(self, game: GameRow) -> GameSettings:
        """A game's settings with defaults filled in."""
        return GameSettings.of(game.settings)

    async def events_since_last_turn(
        self, game: GameRow, seat: int
    ) -> list[tuple[int, list[dict[str, Any]]]]:
        """(seq, events) of every action since `seat`'s own last action."""
        return [(r.seq, list(r.events)) for r in await self.store.actions_since(game.id, seat)]

    async def view_for(self, game: GameRow, seat: int | None) -> Any:
        """The engine view of a seat (None = public)."""
        return self.engine(game).view(await self.state_of(game), seat)

    async def history(self, game: GameRow) -> list[Any]:
        """Every stored action of a game."""
        return list(await self.store.actions(game.id))

    async def history_events(self, game: GameRow) -> list[tuple[int, list[dict[str, Any]]]]:
        """(seq, events) of the set-up (seq 0) and of every stored action, oldest first."""
        out: list[tuple[int, list[dict[str, Any]]]] = []
        if game.status in ("active", "over"):
            first = await self.state_at(game, 0)
            out.append((0, [e.to_dict() for e in self.engine(game).setup_events(first)]))
        out.extend((row.seq, list(row.events)) for row in await self.store.actions(game.id))
        return out


def people_playing(game: GameRow) -> list[int]:
    """Users still playing their own seat (not left, not handed to the AI)."""
    return people_to_ask(game, excluding=())


def people_to_ask(game: GameRow, *, excluding: Sequence[int]) -> list[int]:
    """Users whose agreement a request needs: people still playing their own seat."""
    return [
        p.user_id
        for p in game.seated()
        if p.user_id is not None
        and not p.automated
        and p.left_at is None
        and p.user_id not in excluding
    ]
