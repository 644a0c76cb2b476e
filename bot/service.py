"""The game service: lobbies, seats, actions and AI seats, with no Discord in sight.

Handling one action: map the user to a seat, take the game's lock, load the state (cache,
else the newest snapshot plus the actions after it), `apply`, append to the store with the
expected sequence number **together with a post in the outbox**, release the lock, then wake
the publisher, which drains the game's outbox in order (board, ping, DMs). Nothing is shown
before it is committed, and what is committed is shown even after a crash or a Discord outage.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot import presence
from bot.adapter import adapter_for, adapters
from bot.ai import choose_action, skip_action
from bot.settings import GameSettings, SettingError
from bot.shards import Shards
from bot.store import (
    ChannelBusy,
    GameRow,
    PlayerRow,
    Post,
    RequestRow,
    Requests,
    StaleGame,
    Store,
    StoreReadOnly,
)
from engine.core.contract import Decision, Game
from engine.core.errors import RulesError
from engine.core.events import Event
from engine.core.registry import get_game
from engine.core.rng import Rng

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
    """Lobbies, seats and actions of every game."""

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
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        # Games whose AI task must look again: an action landed while it was reading.
        self._ai_again: set[int] = set()
        self._acting = 0  # actions being applied and published right now
        self._closing = False
        self.requests = Requests(store)
        # Called after every committed outcome (the scheduler plans reminders and clocks), and
        # after a game's settings change (old, new).
        self.planners: list[Callable[[Outcome], Awaitable[None]]] = []
        self.replanners: list[Callable[[GameRow, GameSettings, GameSettings], Awaitable[None]]] = []
        # Called when the seats to remind or to time change without an action (away, back).
        self.refreshers: list[Callable[[int], Awaitable[None]]] = []
        self._announcing: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ helpers

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
                self._kick_ai(game.id, game)
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

    async def current_seq(self, channel_id: int) -> int | None:
        """The sequence number of the channel's open game (read when a command arrives)."""
        game = await self.store.open_game_in(channel_id)
        return game.seq if game else None

    # ------------------------------------------------------------------ lobby

    async def new_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator: UserRef,
        game: str,
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> GameRow:
        """Open a lobby in a channel; the creator joins it."""
        if game not in adapters():
            raise BotError("unknown_game", game=game)
        options = dict(options or {})
        engine = get_game(game)
        # Options must set up a game for at least one player count (some, such as a number
        # of chosen cards, depend on the count: start checks again).
        refusals: list[RulesError] = []
        for count in engine.players(options) or range(0):
            try:
                engine.new_game(count, 0, options)
                break
            except RulesError as exc:
                refusals.append(exc)
        else:
            detail = refusals[0].message if refusals else str(options)
            raise BotError("bad_options", detail=detail)
        try:
            game_id = await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                options=options,
                settings=dict(settings or {}),
                creator_id=creator.id,
                seed=self.seed_source(),
            )
        except ChannelBusy:
            raise BotError("channel_busy") from None
        await self.store.add_player(
            game_id, user_id=creator.id, name=creator.name, locale=creator.locale
        )
        return await self.store.get_game(game_id)

    def max_players(self, game: GameRow) -> int:
        """The most players this game's options allow."""
        allowed = self.engine(game).players(game.options)
        return int(self.config.max_players.get(game.game, allowed.stop - 1))

    async def join(self, channel_id: int, user: UserRef) -> GameRow:
        """Join the lobby of a channel."""
        async with self._lobby(channel_id) as game:
            if game.player_of(user.id) is not None:
                raise BotError("already_joined")
            if len(game.players) >= self.max_players(game):
                raise BotError("lobby_full", count=self.max_players(game))
            await self.store.add_player(
                game.id, user_id=user.id, name=user.name, locale=user.locale
            )
            return await self.store.get_game(game.id)

    async def add_ai(self, channel_id: int, user: UserRef) -> GameRow:
        """Add an AI seat to the lobby (any lobby member may)."""
        async with self._lobby(channel_id) as game:
            if game.player_of(user.id) is None:
                raise BotError("not_in_lobby")
            if len(game.players) >= self.max_players(game):
                raise BotError("lobby_full", count=self.max_players(game))
            taken = {p.name for p in game.players if p.is_ai}
            number = next(n for n in range(1, len(game.players) + 2) if f"AI {n}" not in taken)
            await self.store.add_player(game.id, user_id=None, name=f"AI {number}", is_ai=True)
            return await self.store.get_game(game.id)

    async def remove_from_lobby(
        self,
        channel_id: int,
        user: UserRef,
        *,
        user_id: int | None = None,
        position: int | None = None,
    ) -> tuple[GameRow, PlayerRow]:
        """Before the start, the creator (or a member with Manage Server) removes a person
        (`user_id`) or an AI seat (`position`) from the lobby. Returns the lobby after, and
        who was removed."""
        async with self._lobby(channel_id) as game:
            if user.id != game.creator_id and not user.manage_server:
                raise BotError("remove_not_allowed")
            if user_id is not None:
                target = game.player_of(user_id)
            else:
                target = next((p for p in game.players if p.is_ai and p.position == position), None)
            if target is None:
                raise BotError("remove_unknown")
            if target.user_id is not None and target.user_id == game.creator_id:
                raise BotError("remove_creator")
            await self.store.remove_player(game.id, target.position)
            return await self.store.get_game(game.id), target

    async def leave(self, channel_id: int, user: UserRef) -> GameRow:
        """Leave a lobby, or leave a started game (the seat stays, marked as left)."""
        game = await self.game_in(channel_id)
        async with self.lock(game.id):
            game = await self.store.get_game(game.id)
            player = game.player_of(user.id)
            if player is None:
                raise BotError("not_in_game")
            if game.status == "lobby":
                await self.store.remove_player(game.id, player.position)
                if player.user_id == game.creator_id:
                    # The lobby passes to the next person who joined; with nobody left to
                    # start it, it closes.
                    heirs = [
                        p.user_id
                        for p in game.players
                        if p.user_id is not None and p.position != player.position
                    ]
                    if heirs:
                        await self.store.set_creator(game.id, heirs[0])
                    else:
                        await self.store.set_status(game.id, "abandoned")
            else:
                # Marked only if not yet gone (in one statement): leaving through two
                # processes at once leaves once.
                if not await self.store.mark_left(game.id, player.position):
                    raise BotError("already_left")
                # The AI takes the seat at once, so the game goes on without them.
                await self.store.set_player_flag(game.id, player.position, "stand_in", True)
            game = await self.store.get_game(game.id)
        if game.status == "active":
            await self.notice(game.id, "game.left_ai", player=user.name)
            if not people_playing(game):
                await self.end(game.id, "nobody")
            else:
                self.changed(game, posts=False)
        return game

    async def start(self, channel_id: int, user: UserRef) -> Outcome:
        """The creator starts the game: seats drawn from the seed, set-up, first decision."""
        game = await self.game_in(channel_id)
        async with self.lock(game.id):
            game = await self.store.get_game(game.id)
            if game.status != "lobby":
                raise BotError("already_started")
            if user.id != game.creator_id:
                raise BotError("creator_only")
            engine = self.engine(game)
            count = len(game.players)
            low, high = engine.players(game.options).start, self.max_players(game)
            if not low <= count <= high:
                raise BotError("player_count", low=low, high=high, count=count)
            # Seat order is drawn with the game's own seed, so it replays like the rest.
            order, _ = Rng(game.seed ^ 0x5EA7).shuffled([p.position for p in game.players])
            seats = {position: seat for seat, position in enumerate(order)}
            try:
                state = engine.new_game(count, game.seed, game.options)
            except RulesError as exc:
                raise BotError("bad_options", detail=exc.message) from exc
            await self.store.start_game(game.id, seats, engine.dump(state), Post("start"))
            game = await self.store.get_game(game.id)
            self._remember(game.id, 0, state, game.line)
            outcome = Outcome(
                game=game,
                seq=0,
                state=state,
                events=tuple(engine.setup_events(state)),
                origin="start",
                started=True,
            )
            await self._committed(outcome)
        return outcome

    async def rematch(self, game_id: int, user: UserRef) -> GameRow:
        """A new lobby in an ended game's channel, with its options, settings and players
        (the person asking creates it; the others are in it and may leave)."""
        old = await self.store.get_game(game_id)
        if old.status not in ("over", "abandoned"):
            raise BotError("rematch_not_over")
        if old.player_of(user.id) is None:
            raise BotError("not_in_game")
        lobby = await self.new_lobby(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            creator=user,
            game=old.game,
            options=old.options,
            settings=old.settings,
        )
        for player in sorted(old.players, key=lambda p: p.position):
            if player.is_ai:
                await self.store.add_player(lobby.id, user_id=None, name=player.name, is_ai=True)
            elif player.user_id is not None and player.user_id != user.id:
                await self.store.add_player(
                    lobby.id, user_id=player.user_id, name=player.name, locale=player.locale
                )
        return await self.store.get_game(lobby.id)

    async def end(self, game_id: int, reason: str) -> None:
        """End a game without a result (nobody left playing, idle for too long): its last
        board is posted with the reason."""
        async with self.lock(game_id):
            game = await self.store.get_game(game_id)
            if game.status != "active":
                return
            # Another process may end it at the same moment: only one end is posted.
            ended = await self.store.set_status(
                game.id, "abandoned", Post("end", {"reason": reason}), expect=("active",)
            )
            self.forget(game.id)
        if ended:
            self.changed(game)

    @staticmethod
    def check_abandon(game: GameRow, user: UserRef) -> None:
        """Refuse (abandon_not_allowed) anyone but the creator or a member with Manage Server."""
        if user.id != game.creator_id and not user.manage_server:
            raise BotError("abandon_not_allowed")

    async def abandon(
        self, channel_id: int, user: UserRef, *, game_id: int | None = None
    ) -> GameRow:
        """End a game without a result (its creator, or a member with Manage Server).
        `game_id`: only that game (a confirmation asked earlier): abandon_stale when the
        channel's open game is another one, or none."""
        found = await self.store.open_game_in(channel_id)
        if game_id is not None and (found is None or found.id != game_id):
            raise BotError("abandon_stale")
        game = found or await self.game_in(channel_id)
        async with self.lock(game.id):
            game = await self.store.get_game(game.id)
            if game.status not in ("lobby", "active"):
                raise BotError("abandon_stale" if game_id is not None else "no_game")
            self.check_abandon(game, user)
            # A lobby has no board or turn message to clear: nothing for the publisher.
            end = Post("end") if game.status != "lobby" else None
            # Only from the status read: a lobby started meanwhile (by another process)
            # needs its end post, so the creator is asked to try again instead.
            if not await self.store.set_status(game.id, "abandoned", end, expect=(game.status,)):
                raise StaleAction(game.id)
            self.forget(game.id)
            game = await self.store.get_game(game.id)
        self.changed(game, posts=end is not None)
        return game

    @contextlib.asynccontextmanager
    async def _lobby(self, channel_id: int):  # type: ignore[no-untyped-def]
        game = await self.game_in(channel_id)
        async with self.lock(game.id):
            game = await self.store.get_game(game.id)
            if game.status != "lobby":
                raise BotError("already_started")
            yield game

    # ------------------------------------------------------------------ playing

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
        first, as read under its lock (it raises to refuse: a button from another channel)."""
        return await self._act(
            game_id, action, expected_seq, user_id=user_id, origin="player", check=check
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
            if user_id is not None:
                seat = self.seat_of(game, user_id)
            assert seat is not None
            engine = self.engine(game)
            state = await self.state_of(game)
            parsed = engine.parse_action(action) if isinstance(action, str) else action
            deciding = engine.decision(state)
            before = deciding.seats
            step = engine.apply(state, seat, parsed)
            events = [e.to_dict() for e in step.events]
            seq = await self.store.append(
                game_id,
                expected_seq=game.seq,
                # The state was read for this version: refused after an undo and a new
                # action elsewhere, even though seq would match again.
                expected_version=game.version,
                seat=seat,
                actor_id=user_id,
                origin=origin,
                action=str(parsed),
                events=events,
                state=engine.dump(step.state),
                over=engine.is_over(step.state),
                # A secret window's seats (who was asked, who answered) stay out of
                # everything public: the post says so, and the publisher shows no answer.
                post=Post(
                    "action",
                    {"before": sorted(before), "secret": True}
                    if deciding.secret
                    else {"before": sorted(before)},
                ),
            )
            game.seq = seq
            game.version += 1
            self._remember(game_id, seq, step.state, game.line)
            if engine.is_over(step.state):
                game.status = "over"
            outcome = Outcome(
                game=game,
                seq=seq,
                state=step.state,
                events=step.events,
                seat=seat,
                actor_id=user_id,
                origin=origin,
                action=str(parsed),
                previous_to_move=before,
                before=state,
            )
            await self._committed(outcome)
        return outcome

    async def _committed(self, outcome: Outcome) -> None:
        # The change and its post are stored: plan reminders and clocks (first, so the post
        # can show the new turn clock's deadline), then wake the publisher (after a person's
        # action it waits a moment for the interaction, which posts without using the
        # channel's rate limit). A failure here must not undo the change.
        for plan in self.planners:
            try:
                await plan(outcome)
            except StoreReadOnly:
                pass  # logged once per episode by the store
            except Exception:
                log.exception("game %s: planning after seq %s failed", outcome.game.id, outcome.seq)
        hold = outcome.seq if outcome.origin == "player" else None
        self.changed(outcome.game, hold=hold)

    # ------------------------------------------------------------------ AI seats

    def wake_ai(self, game_id: int) -> None:
        """Let a game's AI seats move if it is their turn (another process changed it)."""
        self._kick_ai(game_id)

    def _kick_ai(self, game_id: int, game: GameRow | None = None) -> None:
        # A game known to have no AI seat, no stand-in and nobody away needs no AI task.
        if game is not None and not any(
            p.automated or presence.away(p, self.clock()) for p in game.players
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
        self._ai_tasks[game_id] = asyncio.create_task(self._run_ai(game_id))

    async def ai_seats_to_move(self, game: GameRow, state: Any) -> list[int]:
        """AI seats (and stand-ins) that must decide now."""
        if game.status != "active":
            return []
        engine = self.engine(game)
        movers = engine.to_move(state)
        now = self.clock()
        return sorted(
            p.seat for p in game.seated() if p.seat in movers and presence.automated(game, p, now)
        )

    def automated_seats(self, game: GameRow) -> set[int]:
        """Seats the bot plays now (AI seats, stand-ins, players away with the AI for them)."""
        now = self.clock()
        return {
            p.seat for p in game.seated() if p.seat is not None and presence.automated(game, p, now)
        }

    async def _run_ai(self, game_id: int) -> None:
        try:
            while not self._closing:
                self._ai_again.discard(game_id)
                game = await self.store.get_game(game_id)
                if game.status != "active" or not self.owns(game):
                    return
                state = await self.state_of(game)
                seats = await self.ai_seats_to_move(game, state)
                if not seats:
                    if game_id in self._ai_again:
                        continue  # an action landed while this task was reading
                    return
                if self.config.ai_delay:
                    await asyncio.sleep(self.config.ai_delay)
                seat = seats[0]
                engine = self.engine(game)
                # The strong AI may think for a tenth of a second: off the event loop.
                action = await asyncio.to_thread(
                    choose_action,
                    engine,
                    engine.view(state, seat),
                    engine.legal_actions(state, seat),
                    random.Random(f"{game.seed}:{game.seq}:{seat}"),
                )
                try:
                    await self.act_as(game_id, seat, action, origin="ai", expected_seq=game.seq)
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
        for game_id in await self.store.active_game_ids(self.shards):
            self._kick_ai(game_id)

    async def notice(self, game_id: int, key: str, **params: Any) -> None:
        """Queue a line for the game's channel (a clock that ran out, a window that closed),
        posted in order with the actions around it."""
        await self.store.queue(game_id, Post("notice", {"key": key, "params": params}))
        await self.posts_waiting(game_id)

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until no AI seat is thinking, no action is being applied and the outbox is
        drained (tests and the demo)."""
        deadline = time.monotonic() + timeout
        while True:
            running = [t for t in self._ai_tasks.values() if not t.done()]
            if running:
                await asyncio.wait(running, timeout=max(0.0, deadline - time.monotonic()))
            elif self._acting:
                await asyncio.sleep(0.005)
            else:
                await self.publisher.idle(max(0.0, deadline - time.monotonic()))
                running = [t for t in self._ai_tasks.values() if not t.done()]
                if not running and not self._acting:
                    return
            if time.monotonic() >= deadline:
                raise TimeoutError("AI seats still playing or posts still waiting")

    async def close(self) -> None:
        """Stop the AI tasks (after telling other processes what they own)."""
        if self._announcing:
            await asyncio.wait(set(self._announcing), timeout=5.0)
        self._closing = True
        for task in self._ai_tasks.values():
            task.cancel()
        for task in self._ai_tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def play_for(self, game_id: int, seats: Sequence[int], mode: str) -> int:
        """Decide for `seats` until none of them must move: mode "ai" (the AI plays the turn),
        "skip" (only what cannot be skipped, chosen by the AI) or "default" (the engine's
        default answer to a reaction window). Returns the number of actions taken."""
        taken = 0
        for _ in range(200):  # a turn is finite; this bounds a misbehaving game
            game = await self.store.get_game(game_id)
            if game.status != "active":
                break
            engine = self.engine(game)
            state = await self.state_of(game)
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
                action = await asyncio.to_thread(
                    choose_action, engine, engine.view(state, seat), legal, rnd
                )
            origin = {"ai": "clock-ai", "skip": "clock-skip", "default": "timeout"}[mode]
            try:
                await self.act_as(game_id, seat, action, origin=origin, expected_seq=game.seq)
                taken += 1
            except (StaleAction, StaleGame):
                continue
        return taken

    # ------------------------------------------------------------------ settings

    def settings_of(self, game: GameRow) -> GameSettings:
        """A game's settings with defaults filled in."""
        return GameSettings.of(game.settings)

    async def change_settings(self, channel_id: int, user: UserRef, **changes: Any) -> GameSettings:
        """Change a game's settings (its creator, or a member with Manage Server)."""
        game = await self.game_in(channel_id)
        if user.id != game.creator_id and not user.manage_server:
            raise BotError("settings_not_allowed")
        old = self.settings_of(game)
        try:
            checked = old.changed(**changes)
        except SettingError as exc:
            raise BotError(f"setting_{exc.key}", **exc.params) from None
        # Only the keys changed, merged in the database: someone changing another setting at
        # the same moment (maybe through another process) keeps their change too.
        wanted = checked.to_dict()
        stored = await self.store.update_settings(game.id, {k: wanted[k] for k in changes})
        settings = GameSettings.of(stored)
        for replan in self.replanners:
            # Reminders and clocks already waiting follow the new settings at once.
            try:
                await replan(game, old, settings)
            except Exception:
                log.exception("game %s: re-planning after new settings failed", game.id)
        return settings

    async def set_preference(self, channel_id: int, user: UserRef, flag: str, value: bool) -> None:
        """A player's own preference for this game: muted reminders, reminders by DM."""
        game = await self.game_in(channel_id)
        player = game.player_of(user.id)
        if player is None:
            raise BotError("not_in_game")
        await self.store.set_player_flag(game.id, player.position, flag, value)

    async def set_away(self, channel_id: int, user: UserRef, days: float) -> float | None:
        """A player is away for `days` (0: back now): the AI plays their turns, or their
        turn clock pauses, as the game's settings say. Returns when they are back."""
        game = await self.game_in(channel_id)
        player = game.player_of(user.id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        if not 0 <= days <= 60:
            raise BotError("away_days", low=0, high=60)
        until = self.clock() + days * 86400 if days else None
        await self.store.set_player_prefs(game.id, player.position, {"away_until": until})
        await self._refresh(game.id)
        self.changed(await self.store.get_game(game.id), posts=False)
        return until

    async def set_quiet(
        self, channel_id: int, user: UserRef, zone: str | None, start: int, end: int
    ) -> None:
        """A player's quiet hours (in their time zone), or none (zone None)."""
        game = await self.game_in(channel_id)
        player = game.player_of(user.id)
        if player is None:
            raise BotError("not_in_game")
        if zone is not None:
            if not presence.valid_zone(zone):
                raise BotError("bad_zone", zone=zone[:60])
            if not (0 <= start <= 23 and 0 <= end <= 23) or start == end:
                raise BotError("bad_hours")
        quiet = {"tz": zone, "start": start, "end": end} if zone is not None else None
        await self.store.set_player_prefs(game.id, player.position, {"quiet": quiet})

    async def set_notify(self, channel_id: int, user: UserRef, on: bool) -> None:
        """A DM on every turn of this player (or not)."""
        game = await self.game_in(channel_id)
        player = game.player_of(user.id)
        if player is None:
            raise BotError("not_in_game")
        await self.store.set_player_prefs(
            game.id, player.position, {"notify": True if on else None}
        )

    async def keep_waiting(self, game_id: int) -> None:
        """A stalled game's players chose to wait: the reminders start again."""
        await self._refresh(game_id)

    async def _refresh(self, game_id: int) -> None:
        """Re-plan a game's jobs now (a player went away or came back)."""
        for refresh in self.refreshers:
            try:
                await refresh(game_id)
            except Exception:
                log.exception("game %s: re-planning failed", game_id)

    async def events_since_last_turn(
        self, game: GameRow, seat: int
    ) -> list[tuple[int, list[dict[str, Any]]]]:
        """(seq, events) of every action since `seat`'s own last action."""
        return [(r.seq, list(r.events)) for r in await self.store.actions_since(game.id, seat)]

    async def set_reminders(self, channel_id: int, user: UserRef, how: str) -> None:
        """How a player is reminded in this game: "channel", "dm" or "off"."""
        await self.set_preference(channel_id, user, "muted", how == "off")
        await self.set_preference(channel_id, user, "remind_dm", how == "dm")

    # ------------------------------------------------------------------ stand-ins

    async def takeover(self, channel_id: int, user: UserRef, target_id: int) -> RequestRow | None:
        """Let the AI play a person's seat. At once when the person asks it or has left;
        otherwise the other people of the game must agree (returns the open request)."""
        game = await self.game_in(channel_id)
        if game.status != "active":
            raise BotError("not_started")
        target = game.player_of(target_id)
        if target is None or target.seat is None:
            raise BotError("takeover_no_player")
        if target.automated:
            if target.left_at is not None:
                return None  # they left: the AI already plays their seat, as asked
            raise BotError("takeover_already")
        if user.id != target_id and game.player_of(user.id) is None and not user.manage_server:
            raise BotError("not_in_game")
        needed = people_to_ask(game, excluding=(target_id, user.id))
        if user.id == target_id or target.left_at is not None or not needed:
            await self._set_stand_in(game, target.position, True)
            return None
        return await self.requests.create(
            game.id,
            "takeover",
            seq=game.seq,
            requester_id=user.id,
            needed=needed,
            target_seat=target.seat,
            now=self.clock(),
        )

    async def takeback(
        self, channel_id: int, user: UserRef, seat_of: int | None = None
    ) -> GameRow | RequestRow:
        """A person takes their seat back from the AI (also after leaving). A newcomer may take
        the seat of a player who left (`seat_of`: that player's user id) once the people still
        playing agree: then the open request is returned."""
        game = await self.game_in(channel_id)
        if seat_of is not None and seat_of != user.id:
            return await self._newcomer(game, user, seat_of)
        player = game.player_of(user.id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        if not player.stand_in and player.left_at is None:
            raise BotError("takeback_not_needed")
        async with self.lock(game.id):
            await self.store.set_player_flag(game.id, player.position, "stand_in", False)
            if player.left_at is not None:
                await self.store.mark_left(game.id, player.position, left=False)
        return await self.store.get_game(game.id)

    async def _newcomer(self, game: GameRow, user: UserRef, seat_of: int) -> RequestRow:
        if game.status != "active":
            raise BotError("not_started")
        if game.player_of(user.id) is not None:
            raise BotError("already_joined")
        target = game.player_of(seat_of)
        if target is None or target.seat is None or target.left_at is None:
            raise BotError("seat_not_free")
        needed = people_to_ask(game, excluding=(user.id,))
        request = await self.requests.create(
            game.id,
            "seat",
            seq=game.seq,
            requester_id=user.id,
            needed=needed,
            target_seat=target.seat,
            now=self.clock(),
            note={"name": user.name, "locale": user.locale},
        )
        if not needed:
            await self._seat_newcomer(game, request)
            await self.requests.update(request.id, status="done")
            request.status = "done"
        return request

    async def _seat_newcomer(self, game: GameRow, request: RequestRow) -> None:
        """The newcomer of a granted seat request takes the seat (the AI stops)."""
        assert request.target_seat is not None
        target = game.player_at(request.target_seat)
        name = str(request.note.get("name") or "?")
        async with self.lock(game.id):
            await self.store.replace_player(
                game.id,
                target.position,
                user_id=request.requester_id,
                name=name,
                locale=request.note.get("locale"),
            )
        await self.notice(game.id, "game.seat_taken", seats=[request.target_seat])

    async def _set_stand_in(self, game: GameRow, position: int, value: bool) -> None:
        async with self.lock(game.id):
            await self.store.set_player_flag(game.id, position, "stand_in", value)
        self.changed(await self.store.get_game(game.id), posts=False)

    # ------------------------------------------------------------------ undo

    async def request_undo(
        self, channel_id: int, user: UserRef
    ) -> tuple[RequestRow | None, Outcome | None]:
        """Take back the user's last action: at once when nobody has acted since, else a
        request the other people of the game answer with buttons (their actions made since
        are taken back too). Refused, with the true reason, when the action or one made
        since showed hidden information, or when an AI or the turn clock has played since."""
        game = await self.game_in(channel_id)
        if game.status != "active":
            raise BotError("not_started")
        rows = await self.store.actions(game.id)
        mine = next((r for r in reversed(rows) if r.actor_id == user.id), None)
        if mine is None:
            raise BotError("undo_nothing")
        since = [r for r in rows if r.seq > mine.seq]
        for row in since:
            if row.actor_id is None:
                played = "ai" if row.origin in ("ai", "clock-ai") else "clock"
                raise BotError(f"undo_{played}_played")
        if await self.showed_hidden(game, mine):
            raise BotError("undo_revealed")
        for row in since:
            if await self.showed_hidden(game, row):
                raise BotError("undo_revealed_since")
        if not since:
            return None, await self._undo(game.id, game.seq, keep=mine.seq - 1)
        needed = people_to_ask(game, excluding=(user.id,))
        request = await self.requests.create(
            game.id,
            "undo",
            seq=game.seq,
            requester_id=user.id,
            needed=needed,
            now=self.clock(),
            note={"keep": mine.seq - 1},
        )
        return request, None

    async def showed_hidden(self, game: GameRow, row: Any) -> bool:
        """True when a stored action showed someone hidden information (a token turned up, a
        private look, a card drawn): the engine's own events say so, replayed from the state
        before the action."""
        engine = self.engine(game)
        state = await self.state_at(game, row.seq - 1)
        step = engine.apply(state, row.seat, engine.parse_action(row.action))
        return any(e.shows_hidden for e in step.events)

    async def answer(
        self, request_id: int, user: UserRef, agree: bool
    ) -> tuple[str, RequestRow, Outcome | None]:
        """A vote on an undo or takeover request: ("waiting" | "done" | "refused", ...).

        The vote is counted atomically in the database: two people agreeing at once both
        count, and exactly one of them completes the request."""
        request = await self.requests.get(request_id)
        if request is None or request.status != "open":
            raise BotError("request_closed")
        if user.id not in request.needed:
            raise BotError("not_asked")
        game = await self.store.get_game(request.game_id)
        if request.kind == "undo" and game.seq != request.seq:
            await self.requests.update(request.id, status="stale")
            raise BotError("request_stale")
        try:
            status, request = await self.requests.vote(request_id, user.id, agree)
        except LookupError:
            raise BotError("request_closed") from None
        except PermissionError:
            raise BotError("not_asked") from None
        if status != "done":
            return status, request, None
        outcome = None
        if request.kind == "undo":
            keep = int(request.note.get("keep", request.seq - 1))
            outcome = await self._undo(game.id, request.seq, keep=keep)
        elif request.kind == "seat":
            await self._seat_newcomer(game, request)
        else:
            assert request.target_seat is not None
            target = game.player_at(request.target_seat)
            await self._set_stand_in(game, target.position, True)
        return "done", request, outcome

    async def _undo(self, game_id: int, seq: int, *, keep: int) -> Outcome:
        async with self.lock(game_id):
            game = await self.store.get_game(game_id)
            if game.seq != seq:
                raise StaleAction(game_id)
            engine = self.engine(game)
            before = engine.to_move(await self.state_of(game))
            await self.store.truncate(
                game_id,
                expected_seq=seq,
                expected_version=game.version,
                keep=keep,
                post=Post("undo", {"before": sorted(before), "count": seq - keep}),
            )
            self.forget(game_id)
            game = await self.store.get_game(game_id)
            state = await self.state_of(game)
            outcome = Outcome(
                game=game,
                seq=game.seq,
                state=state,
                events=(),
                origin="undo",
                previous_to_move=before,
                undone=True,
            )
            await self._committed(outcome)
        return outcome

    # ------------------------------------------------------------------ reading

    async def view_for(self, game: GameRow, seat: int | None) -> dict[str, Any]:
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

    async def settle(self, game_id: int, timeout: float) -> None:
        """Wait (at most `timeout`) until the game's AI seats have nothing left to play now,
        so their moves join the post of the action that woke them."""
        task = self._ai_tasks.get(game_id)
        if task is not None and not task.done():
            await asyncio.wait({task}, timeout=timeout)


def run_blocking(fn: Callable[..., Any], *args: Any) -> Awaitable[Any]:
    """Run CPU work off the event loop."""
    return asyncio.to_thread(fn, *args)


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
