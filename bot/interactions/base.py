"""What every room of the interaction handlers shares: the dependencies they are given, the
admission of a click or command, and the small checks of a request.

The handlers are one room per concern (bot.interactions.lobby, play, votes, history,
long_games, guide), each a class built with `Deps`: what it needs is passed in, never reached
through the Discord client. A handler reads parse -> act -> reply: the cogs and the
DynamicItems only parse, the service acts, the handler answers. Every interaction is deferred
before the database is touched (Discord allows 3 s), every answer about a bad request is
ephemeral and changes nothing, and a stale button answers with the current board.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot import respond
from bot.backlog import Backlog
from bot.errors import reply_error
from bot.service import BotError, GameService, UserRef
from bot.store import GameRow, Store
from bot.ui import CommandMentions

if TYPE_CHECKING:
    from bot.publisher import Publisher
    from bot.rendering import Renderer

Interaction = discord.Interaction[Any]
P = ParamSpec("P")
R = TypeVar("R")
RoomT = TypeVar("RoomT", bound="Room")

MAX_ID = 2**62  # ids in custom_ids are snowflakes or row ids; anything larger is forged
AUTOCOMPLETE_BUDGET = 2.0  # seconds: an autocomplete answer later than Discord's 3 s is lost
QUICK = 1.2  # seconds of work after which an interaction is deferred rather than answered

# The answer to a stale click: the current board, for the clicker only (the play room's).
StaleBoard = Callable[[Interaction, int], Awaitable[None]]


class Inflight:
    """The interactions being handled, so a shutdown lets them finish before the store
    closes."""

    def __init__(self) -> None:
        self.count = 0
        self._drained = asyncio.Event()
        self._drained.set()

    def enter(self) -> None:
        """One more handler is running."""
        self.count += 1
        self._drained.clear()

    def leave(self) -> None:
        """A handler ended."""
        self.count -= 1
        if not self.count:
            self._drained.set()

    async def wait(self, timeout: float) -> bool:
        """Wait until none runs; False when some still do after `timeout` seconds."""
        try:
            await asyncio.wait_for(self._drained.wait(), timeout)
        except TimeoutError:
            return False
        return True


@dataclass(slots=True)
class Deps:
    """What the handlers use, given to each room (the bot builds it once)."""

    client: discord.Client  # channels and messages by id
    tree: app_commands.CommandTree[Any]  # the commands, for /game help
    service: GameService
    publisher: Publisher
    renderer: Renderer
    backlog: Backlog
    commands: CommandMentions
    inflight: Inflight = field(default_factory=Inflight)
    # Set once the play room exists: the answer to a stale click.
    stale_board: StaleBoard | None = None


class Room:
    """One concern's handlers."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.service = deps.service
        self.store: Store = deps.service.store

    async def fail(self, interaction: Interaction, exc: BaseException) -> None:
        """Answer an interaction that failed (privately; a stale click with the board)."""
        await reply_error(interaction, exc, stale=self.deps.stale_board)

    async def game_here(self, interaction: Interaction, game_id: int) -> GameRow:
        """A game named by a button, only if it is played in the interaction's channel (a
        forged or copied id from elsewhere learns nothing about another game)."""
        check_ids(game_id)
        try:
            game = await self.service.store.get_game(game_id)
        except Exception:
            raise BotError("no_game") from None
        here(interaction, game)
        return game

    async def my_seat(self, interaction: Interaction) -> tuple[GameRow, int]:
        """The started game of the interaction's channel and the asker's seat in it;
        not_in_game for someone who has none."""
        game = await self.service.started_game_in(channel_id(interaction))
        player = game.player_of(interaction.user.id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        return game, player.seat

    async def quick(
        self, interaction: Interaction, work: Awaitable[R], *, ephemeral: bool, update: bool
    ) -> R:
        """Run `work`; if it takes longer than QUICK, defer meanwhile (Discord allows 3 s), so
        the answer is then one edit instead of a direct response. A fast answer costs one call
        to Discord instead of two. `update`: the answer edits the clicked message."""
        task = asyncio.ensure_future(work)
        # A click that already waited (the bot is busy) is deferred sooner.
        wait = min(QUICK, self.deps.backlog.time_left(interaction.id))
        done, _ = await asyncio.wait({task}, timeout=wait)
        if not done and not interaction.response.is_done():
            try:
                if update:
                    await respond.acknowledge(interaction)
                else:
                    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            except discord.HTTPException:
                # Too late for Discord: this click cannot be answered any more, but its work
                # still ends here (an action it stored is posted like any other).
                with contextlib.suppress(Exception):
                    await task
                raise
        return await task

    async def answer(
        self, interaction: Interaction, content: str, *, update: bool, **kwargs: Any
    ) -> None:
        """Show an answer: as the direct response when there is still one, else by editing
        the deferred one (`update`: the clicked message itself is the answer)."""
        if not interaction.response.is_done():
            if update:
                await interaction.response.edit_message(content=content, **kwargs)
            else:
                await interaction.response.send_message(content, ephemeral=True, **kwargs)
        elif update:
            await interaction.edit_original_response(content=content, **kwargs)
        else:
            await interaction.followup.send(content, ephemeral=True, **kwargs)


def tracked(
    fn: Callable[Concatenate[RoomT, P], Awaitable[R]],
) -> Callable[Concatenate[RoomT, P], Awaitable[R]]:
    """Count the handler as in flight, so a shutdown lets it finish before closing the store."""

    @functools.wraps(fn)
    async def wrapper(room: RoomT, /, *args: P.args, **kwargs: P.kwargs) -> R:
        inflight = room.deps.inflight
        inflight.enter()
        try:
            return await fn(room, *args, **kwargs)
        finally:
            inflight.leave()

    return wrapper


def admitted(
    fn: Callable[Concatenate[RoomT, Interaction, P], Awaitable[None]],
) -> Callable[Concatenate[RoomT, Interaction, P], Awaitable[None]]:
    """`tracked`, for a handler of one click or command: it waits for one of the bot's slots
    (first come, first served), and a click that waited past what Discord allows is dropped
    unanswered instead of worked on (see bot.backlog)."""
    inner = tracked(fn)

    @functools.wraps(fn)
    async def wrapper(
        room: RoomT, interaction: Interaction, /, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        backlog = room.deps.backlog
        async with backlog.slot() as waited:
            loop_now = asyncio.get_running_loop().time()
            if waited and backlog.stale(interaction.id, loop_now, waited=waited):
                return
            await inner(room, interaction, *args, **kwargs)

    return wrapper


def user_ref(interaction: Interaction) -> UserRef:
    """The acting user, with their locale and whether they may manage the server."""
    perms = interaction.permissions
    return UserRef(
        id=interaction.user.id,
        name=getattr(interaction.user, "display_name", interaction.user.name),
        locale=str(interaction.locale),
        manage_server=bool(perms and perms.manage_guild),
    )


def require_guild(interaction: Interaction) -> int:
    """The server of the interaction; error.guild_only in a DM."""
    if interaction.guild_id is None:
        raise BotError("guild_only")
    return interaction.guild_id


def channel_id(interaction: Interaction) -> int:
    """The channel or thread of the interaction."""
    assert interaction.channel_id is not None
    return interaction.channel_id


def check_ids(*ids: int) -> None:
    """Refuse ids no real button carries (a forged custom_id)."""
    if any(not 0 <= i < MAX_ID for i in ids):
        raise BotError("bad_choice")


def here(interaction: Interaction, game: GameRow) -> None:
    """BotError("no_game") unless the game is played in the interaction's channel (a forged
    or copied id from elsewhere learns nothing about another game)."""
    if game.channel_id != interaction.channel_id or game.guild_id != interaction.guild_id:
        raise BotError("no_game")


def fit(text: str, limit: int = 2000) -> str:
    """Discord's message limit: keep the start, mark the cut."""
    return text if len(text) <= limit else text[: limit - 2] + "\n…"
