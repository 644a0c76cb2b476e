"""Lobbies: open, join, add an AI seat, remove, leave, start; the end of a game, with or without
a result; a rematch."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from bot.adapter import adapters
from bot.ai import DEFAULT_LEVEL, LEVELS
from bot.service.core import BotError, GameService, Outcome, StaleAction, UserRef, people_playing
from bot.store import ChannelBusy, GameRow, PlayerRow, Post
from engine.core.errors import RulesError
from engine.core.registry import get_game
from engine.core.rng import Rng


class Lobbies:
    """The lobby of a channel and the life of its game: start, end, abandon, rematch."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

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
                seed=self.service.seed_source(),
            )
        except ChannelBusy:
            raise BotError("channel_busy") from None
        await self.store.add_player(
            game_id, user_id=creator.id, name=creator.name, locale=creator.locale
        )
        return await self.store.get_game(game_id)

    def max_players(self, game: GameRow) -> int:
        """The most players this game's options allow."""
        allowed = self.service.engine(game).players(game.options)
        return int(self.service.config.max_players.get(game.game, allowed.stop - 1))

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

    async def add_ai(self, channel_id: int, user: UserRef, level: str = DEFAULT_LEVEL) -> GameRow:
        """Add an AI seat playing at `level` to the lobby (any lobby member may)."""
        if level not in LEVELS:
            raise BotError("bad_choice")
        async with self._lobby(channel_id) as game:
            if game.player_of(user.id) is None:
                raise BotError("not_in_lobby")
            if len(game.players) >= self.max_players(game):
                raise BotError("lobby_full", count=self.max_players(game))
            taken = {p.name for p in game.players if p.is_ai}
            number = next(n for n in range(1, len(game.players) + 2) if f"AI {n}" not in taken)
            await self.store.add_player(
                game.id, user_id=None, name=f"AI {number}", is_ai=True, ai_level=level
            )
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
        game = await self.service.game_in(channel_id)
        async with self.service.lock(game.id):
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
            await self.service.notice(game.id, "game.left_ai", player=user.name)
            if not people_playing(game):
                await self.end(game.id, "nobody")
            else:
                self.service.changed(game, posts=False)
        return game

    async def start(self, channel_id: int, user: UserRef) -> Outcome:
        """The creator starts the game: seats drawn from the seed, set-up, first decision."""
        game = await self.service.game_in(channel_id)
        async with self.service.lock(game.id):
            game = await self.store.get_game(game.id)
            if game.status != "lobby":
                raise BotError("already_started")
            if user.id != game.creator_id:
                raise BotError("creator_only")
            engine = self.service.engine(game)
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
            self.service._remember(game.id, 0, state, game.line)
            outcome = Outcome(
                game=game,
                seq=0,
                state=state,
                events=tuple(engine.setup_events(state)),
                origin="start",
                started=True,
            )
            await self.service._committed(outcome)
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
                await self.store.add_player(
                    lobby.id, user_id=None, name=player.name, is_ai=True, ai_level=player.ai_level
                )
            elif player.user_id is not None and player.user_id != user.id:
                await self.store.add_player(
                    lobby.id, user_id=player.user_id, name=player.name, locale=player.locale
                )
        return await self.store.get_game(lobby.id)

    async def end(self, game_id: int, reason: str) -> None:
        """End a game without a result (nobody left playing, idle for too long): its last
        board is posted with the reason."""
        async with self.service.lock(game_id):
            game = await self.store.get_game(game_id)
            if game.status != "active":
                return
            # Another process may end it at the same moment: only one end is posted.
            ended = await self.store.set_status(
                game.id, "abandoned", Post("end", {"reason": reason}), expect=("active",)
            )
            self.service.forget(game.id)
        if ended:
            self.service.changed(game)

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
        game = found or await self.service.game_in(channel_id)
        async with self.service.lock(game.id):
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
            self.service.forget(game.id)
            game = await self.store.get_game(game.id)
        self.service.changed(game, posts=end is not None)
        return game

    @contextlib.asynccontextmanager
    async def _lobby(self, channel_id: int):  # type: ignore[no-untyped-def]
        game = await self.service.game_in(channel_id)
        async with self.service.lock(game.id):
            game = await self.store.get_game(game.id)
            if game.status != "lobby":
                raise BotError("already_started")
            yield game
