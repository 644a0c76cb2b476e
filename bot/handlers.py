"""What the bot does with each interaction: defer, map the user to a seat, act, answer.

Commands and buttons end here; the cogs and DynamicItems only parse. Every interaction is
deferred before the database is touched (Discord allows 3 s), every answer about a bad request
is ephemeral and changes nothing, and a stale button answers with the current board. Nothing
here names a game: what is game-specific comes from the game's adapter.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import discord

from bot import presence
from bot.adapter import GameAdapter, OptionError, adapter_for, adapters, who
from bot.compose import display_name, game_lang, names_of
from bot.errors import announce, reply_error, send_ephemeral, user_lang
from bot.i18n import BOT, LANGUAGES, t
from bot.publisher import ANSWER_WAIT
from bot.service import BotError, GameService, Outcome, StaleAction, UserRef
from bot.store import GameNotFound, GameRow, RequestRow, Schedule
from bot.ui import abandon_view, lobby_view, picker_title, picker_view, request_view

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
P = ParamSpec("P")
R = TypeVar("R")

MAX_ID = 2**62  # ids in custom_ids are snowflakes or row ids; anything larger is forged
AUTOCOMPLETE_BUDGET = 2.0  # seconds: an autocomplete answer later than Discord's 3 s is lost
QUICK = 1.2  # seconds of work after which an interaction is deferred rather than answered


def tracked(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Count the handler as in flight, so a shutdown lets it finish before closing the store."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        handlers = args[0]
        assert isinstance(handlers, Handlers)
        handlers._inflight += 1
        handlers._drained.clear()
        try:
            return await fn(*args, **kwargs)
        finally:
            handlers._inflight -= 1
            if not handlers._inflight:
                handlers._drained.set()

    return wrapper


def admitted(fn: Callable[P, Awaitable[None]]) -> Callable[P, Awaitable[None]]:
    """`tracked`, for a handler of one click or command: it waits for one of the bot's slots
    (first come, first served), and a click that waited past what Discord allows is dropped
    unanswered instead of worked on (see bot.backlog)."""
    inner = tracked(fn)

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        handlers, interaction = args[0], args[1]
        assert isinstance(handlers, Handlers) and isinstance(interaction, discord.Interaction)
        backlog = handlers.bot.backlog
        async with backlog.slot() as waited:
            loop_now = asyncio.get_running_loop().time()
            if waited and backlog.stale(interaction.id, loop_now, waited=waited):
                return
            await inner(*args, **kwargs)

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


class Handlers:
    """The interaction logic of the bot."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._inflight = 0
        self._drained = asyncio.Event()
        self._drained.set()

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait (up to `timeout`) for the interactions being handled to finish."""
        try:
            await asyncio.wait_for(self._drained.wait(), timeout)
        except TimeoutError:
            log.warning("shutting down with %d interaction(s) still running", self._inflight)

    @property
    def service(self) -> GameService:
        """The game service."""
        return self.bot.service

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

    # ------------------------------------------------------------------ lobby

    def lobby_text(self, game: GameRow, lang: str) -> str:
        """The text of a lobby message."""
        adapter = adapter_for(game.game)
        lines = [t("lobby.title", lang, game=adapter.title(lang), id=game.id)]
        lines.extend(adapter.option_lines(game.options, lang))
        if game.status == "lobby":
            lines.append(
                t(
                    "lobby.players",
                    lang,
                    count=len(game.players),
                    high=self.service.max_players(game),
                )
            )
            for p in game.players:
                lines.append(f"• {display_name(p, lang)}" + (" 🤖" if p.is_ai else ""))
            lines.append(t("lobby.how", lang, creator=f"<@{game.creator_id}>"))
        else:
            lines.append(
                t("lobby.started", lang)
                if game.status != "abandoned"
                else t("lobby.abandoned", lang)
            )
        return "\n".join(lines)

    async def refresh_lobby(self, game: GameRow) -> None:
        """Rewrite the lobby message (players, buttons)."""
        if not game.lobby_message_id:
            return
        lang = game_lang(game)
        channel = self.bot.get_partial_messageable(game.channel_id)
        view = lobby_view(game.id, lang) if game.status == "lobby" else None
        try:
            await channel.get_partial_message(game.lobby_message_id).edit(
                content=self.lobby_text(game, lang), view=view
            )
        except discord.HTTPException:
            log.warning("game %s: could not update the lobby message", game.id)

    def variant_choices(self, game: str, typed: str, lang: str) -> list[tuple[str, str]]:
        """(label, value) of the variants a game offers, for /game new's autocomplete."""
        found = adapters().get(game)
        pairs = found.variants(lang) if found else []
        typed = typed.casefold()
        return [(label, value) for value, label in pairs if typed in label.casefold()][:25]

    @admitted
    async def new_game(
        self,
        interaction: Interaction,
        game: str,
        variant: str | None,
        lang: str | None,
        setup: str | None = None,
        thread: bool | None = None,
    ) -> None:
        """/game new: open a lobby in a new thread of this channel, or in this channel
        (refusals stay private)."""
        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if lang is not None and lang not in LANGUAGES:
            raise BotError("setting_lang")
        adapter = adapters().get(game)
        if adapter is None:
            raise BotError("unknown_game", game=game)
        try:
            options = adapter.options(variant, setup)
        except OptionError as exc:
            raise BotError(exc.code, game=game, **exc.params) from None
        language = lang or user_lang(interaction)
        place = await self._lobby_thread(interaction, adapter.title(language), language, thread)
        try:
            row = await self.service.new_lobby(
                guild_id=guild,
                channel_id=place.id if place is not None else channel_id(interaction),
                creator=user_ref(interaction),
                game=game,
                options=options,
                settings={"lang": language},
            )
        except BotError:
            if place is not None:
                with contextlib.suppress(discord.HTTPException):
                    await place.delete()
            raise
        message: discord.Message
        posted = t("posted", user_lang(interaction))
        if place is None:
            message = await announce(
                interaction,
                posted,
                self.lobby_text(row, language),
                view=lobby_view(row.id, language),
            )
        else:
            message = await place.send(
                self.lobby_text(row, language), view=lobby_view(row.id, language)
            )
            await self.service.store.set_message(row.id, "lobby", message.id)
            await announce(
                interaction,
                posted,
                t(
                    "lobby.in_thread",
                    language,
                    player=interaction.user.mention,
                    game=adapter.title(language),
                    thread=place.mention,
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await self.check_dms(row, interaction.user)
            return
        await self.service.store.set_message(row.id, "lobby", message.id)
        await self.check_dms(row, interaction.user)

    async def _lobby_thread(
        self, interaction: Interaction, title: str, lang: str, wanted: bool | None
    ) -> discord.Thread | None:
        """A new public thread for a lobby, when one is wanted (by default: wherever the bot may
        create threads), or None to open it right here: in a thread already, in a channel that
        has no threads, or without the permission to create one."""
        if wanted is False:
            return None
        channel = interaction.channel
        perms = interaction.app_permissions
        if not isinstance(channel, discord.TextChannel) or not (
            perms.create_public_threads and perms.send_messages_in_threads
        ):
            return None
        name = t("lobby.thread_name", lang, game=title, player=interaction.user.display_name)
        try:
            return await channel.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.HTTPException:
            log.info("channel %s: could not create a thread, the lobby opens here", channel.id)
            return None

    async def lobby_op(self, interaction: Interaction, op: str) -> GameRow:
        """Join, leave, add an AI seat or start, for commands and buttons alike."""
        require_guild(interaction)
        user = user_ref(interaction)
        channel = channel_id(interaction)
        if op == "join":
            game = await self.service.join(channel, user)
            await self.check_dms(game, interaction.user)
        elif op == "leave":
            was = await self.service.store.open_game_in(channel)
            game = await self.service.leave(channel, user)
            if game.status == "active":
                await self.service.notice(game.id, "game.left", player=user.name)
            elif was is not None and was.status == "lobby" and was.creator_id == user.id:
                await self._announce_new_creator(game, interaction.user.mention)
        elif op == "ai":
            game = await self.service.add_ai(channel, user)
        else:
            outcome = await self.service.start(channel, user)
            game = outcome.game
            # Answer once the first board is out, so "started" points at something.
            await self.bot.publisher.flush(game.id)
        await self.refresh_lobby(game)
        return game

    async def _announce_new_creator(self, game: GameRow, left: str) -> None:
        """The creator left a lobby: say who runs it now (or that it closed), in public."""
        lang = game_lang(game)
        if game.status == "lobby":
            text = t("lobby.handed", lang, player=left, creator=f"<@{game.creator_id}>")
            mentions = discord.AllowedMentions(users=[discord.Object(game.creator_id)])
        else:
            text = t("lobby.closed_empty", lang, player=left, id=game.id)
            mentions = discord.AllowedMentions.none()
        try:
            await self.bot.get_partial_messageable(game.channel_id).send(
                text, allowed_mentions=mentions
            )
        except discord.HTTPException:
            log.warning("game %s: could not say who runs the lobby now", game.id)

    @staticmethod
    def _done_key(op: str, game: GameRow) -> str:
        """The key of the private answer to a lobby operation."""
        if op == "leave" and game.status == "abandoned":
            return "lobby.done.leave_closed"
        return f"lobby.done.{op}"

    @admitted
    async def remove(
        self, interaction: Interaction, member: discord.abc.User | None, ai: str | None
    ) -> None:
        """/game remove: before the start, the creator (or Manage Server) takes a person or an
        AI seat out of the lobby; the channel is told, so the removed person knows."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if (member is None) == (ai is None):
            raise BotError("remove_which")
        position = None
        if ai is not None:
            game = await self.service.game_in(channel_id(interaction))
            wanted = ai.strip().casefold()
            position = next(
                (
                    p.position
                    for p in game.players
                    if p.is_ai and wanted in (str(p.position), p.name.casefold())
                ),
                None,
            )
            if position is None:
                raise BotError("remove_unknown")
        game, removed = await self.service.remove_from_lobby(
            channel_id(interaction),
            user_ref(interaction),
            user_id=member.id if member is not None else None,
            position=position,
        )
        name = f"<@{removed.user_id}>" if removed.user_id is not None else removed.name
        mentions = (
            discord.AllowedMentions(users=[discord.Object(removed.user_id)])
            if removed.user_id is not None
            else discord.AllowedMentions.none()
        )
        await announce(
            interaction,
            t("posted", user_lang(interaction)),
            t("lobby.removed", game_lang(game), player=name, by=interaction.user.mention),
            allowed_mentions=mentions,
        )
        await self.refresh_lobby(game)

    async def lobby_ai_choices(self, interaction: Interaction, typed: str) -> list[tuple[str, str]]:
        """(name, position) of the AI seats of this channel's lobby, for autocomplete."""
        try:
            game = await asyncio.wait_for(
                self.service.game_in(channel_id(interaction)), AUTOCOMPLETE_BUDGET
            )
        except (BotError, TimeoutError):
            return []
        if game.status != "lobby":
            return []
        typed = typed.casefold()
        return [
            (p.name, str(p.position))
            for p in game.players
            if p.is_ai and typed in p.name.casefold()
        ][:25]

    @admitted
    async def lobby_button(self, interaction: Interaction, game_id: int, op: str) -> None:
        """A lobby button: the same as the command, answered ephemerally on error."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            check_ids(game_id)
            game = await self.service.game_in(channel_id(interaction))
            if game.id != game_id:
                raise BotError("lobby_closed")
            game = await self.lobby_op(interaction, op)
            lang = user_lang(interaction)
            await interaction.followup.send(t(self._done_key(op, game), lang), ephemeral=True)
        except Exception as exc:
            await reply_error(interaction, exc)

    @admitted
    async def lobby_command(self, interaction: Interaction, op: str) -> None:
        """/game join|leave|add-ai|start."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.lobby_op(interaction, op)
        await interaction.followup.send(
            t(self._done_key(op, game), user_lang(interaction)), ephemeral=True
        )

    async def check_dms(self, game: GameRow, user: discord.User | discord.Member) -> None:
        """Say hello by DM; if DMs are closed (50007), say so once in the channel."""
        lang = game_lang(game)
        adapter = adapter_for(game.game)
        text = adapter.t(
            "dm.hello", lang, game=adapter.title(lang), channel=f"<#{game.channel_id}>", id=game.id
        )
        await self.bot.publisher.send_dm(game, user.id, text)

    # ------------------------------------------------------------------ playing

    async def quick(
        self, interaction: Interaction, work: Awaitable[R], *, ephemeral: bool, update: bool
    ) -> R:
        """Run `work`; if it takes longer than QUICK, defer meanwhile (Discord allows 3 s), so
        the answer is then one edit instead of a direct response. A fast answer costs one call
        to Discord instead of two. `update`: the answer edits the clicked message."""
        task = asyncio.ensure_future(work)
        # A click that already waited (the bot is busy) is deferred sooner.
        wait = min(QUICK, self.bot.backlog.time_left(interaction.id))
        done, _ = await asyncio.wait({task}, timeout=wait)
        if not done and not interaction.response.is_done():
            try:
                if update:
                    await interaction.response.defer()
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

    @admitted
    async def act_command(self, interaction: Interaction, text: str) -> None:
        """A game's command: act with the sequence number seen when the command arrived."""
        require_guild(interaction)

        async def act() -> Outcome:
            game = await self.service.game_in(channel_id(interaction))
            return await self.service.act(game.id, interaction.user.id, text, expected_seq=game.seq)

        outcome = await self.quick(interaction, act(), ephemeral=True, update=False)
        await self._confirm(interaction, outcome, text)

    async def _confirm(
        self,
        interaction: Interaction,
        outcome: Outcome,
        text: str,
        *,
        edit: bool = False,
    ) -> None:
        """Tell the player their action is done, then lend the interaction to the post."""
        adapter = adapter_for(outcome.game.game)
        lang = user_lang(interaction)
        action = outcome.action or text
        # Only a private choice may need the seat's own view to be named (a drawn card).
        view = _view_before(outcome) if adapter.is_private(action) else None
        what = adapter.label(action, lang, view)
        try:
            if edit:
                await self.answer(interaction, t("done", lang, what=what), update=True, view=None)
            else:
                await self.answer(interaction, t("done", lang, what=what), update=False)
        except discord.HTTPException:
            # The action is stored: say so if anything can still reach the player.
            self.bot.publisher.release(outcome.game.id, outcome.seq)
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(
                    t("done_unconfirmed", lang, what=what), ephemeral=True
                )
            return
        if interaction.channel_id != outcome.game.channel_id or outcome.secret:
            # A choice made in a DM picker: the board it brings belongs in the game's channel,
            # not in this DM as the interaction's follow-up. An answer in a secret window
            # lends nothing either: a post through it would tell the table who answered.
            self.bot.publisher.release(outcome.game.id, outcome.seq)
            return
        self.bot.publisher.offer(outcome.game.id, outcome.seq, interaction)

    @admitted
    async def turn_button(
        self, interaction: Interaction, game_id: int, seq: int, mode: str, payload: str
    ) -> None:
        """A turn-message button: act at once ('a'), or open a picker of options ('k')."""
        try:
            if mode == "a":
                await self._act_button(interaction, game_id, seq, payload)
                return
            game, texts, view = await self.quick(
                interaction,
                self._picker_options(interaction, game_id, seq, payload),
                ephemeral=True,
                update=False,
            )
            adapter = adapter_for(game.game)
            lang = user_lang(interaction)
            # `texts` are already this verb's actions as the adapter groups them; a verb may
            # gather actions whose texts begin with other words (no prefix to filter on).
            picker = picker_view(adapter, game_id, game.seq, payload, texts, "", lang, view=view)
            title = picker_title(adapter, payload, "", lang)
            await self.answer(interaction, title, update=False, view=picker)
        except Exception as exc:
            await reply_error(interaction, exc)

    @admitted
    async def turn_select(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a turn message's select: one public action, applied at once."""
        try:
            if not value.strip():
                raise BotError("bad_choice")  # no choice, or a blank one: no option is blank
            await self._act_button(interaction, game_id, seq, value, verb=verb)
        except Exception as exc:
            await reply_error(interaction, exc)

    async def _act_button(
        self,
        interaction: Interaction,
        game_id: int,
        seq: int,
        payload: str,
        *,
        verb: str | None = None,
    ) -> None:
        """A button (or a turn select's choice, of `verb`) that is one action: applied, then
        answered with the new board on the clicked message when it is ready soon enough,
        else by removing the clicked buttons (the board follows, through this interaction)."""

        def check(game: GameRow) -> None:
            here(interaction, game)
            if verb is not None:
                # Only the public actions of its verb are offered there: anything else is
                # a forged choice (and a private action is never chosen in public).
                adapter = adapter_for(game.game)
                if (
                    not payload.strip()
                    or verb not in adapter.listed_verbs
                    or adapter.verb(payload) != verb
                    or adapter.is_private(payload)
                ):
                    raise BotError("bad_choice")

        async def act() -> Outcome:
            check_ids(game_id, seq)
            if not payload.strip():
                raise BotError("bad_choice")  # a forged button: no action is blank
            try:
                # The game is read once, under its lock, and checked there before acting.
                return await self.service.act(
                    game_id, interaction.user.id, payload, expected_seq=seq, check=check
                )
            except GameNotFound:
                raise BotError("no_game") from None

        outcome = await self.quick(interaction, act(), ephemeral=True, update=True)
        message = interaction.message
        answerable = not interaction.response.is_done()
        offer = self.bot.publisher.offer(
            game_id,
            outcome.seq,
            interaction,
            component_message_id=message.id if message else None,
            open=answerable,
        )
        if answerable:
            # The new board answers the click when it is ready soon enough (one call);
            # otherwise the answer removes the clicked buttons and the board follows. Only
            # where the game is posted: in another process the owner may post the board
            # first, and a late answer removing the buttons would take the new ones.
            wait = (
                min(ANSWER_WAIT, self.bot.backlog.time_left(interaction.id))
                if self.service.owns(outcome.game)
                else 0.0
            )
            self.bot.publisher.answer_click(offer, wait)

    async def _picker_options(
        self, interaction: Interaction, game_id: int, seq: int, verb: str
    ) -> tuple[GameRow, list[str], dict[str, Any]]:
        game = await self.game_here(interaction, game_id)
        check_ids(seq)
        texts, view = await self._my_options(game, interaction.user.id, seq, verb, picker=True)
        return game, texts, view

    async def _my_options(
        self, game: GameRow, user_id: int, seq: int, verb: str, *, picker: bool = False
    ) -> tuple[list[str], dict[str, Any]]:
        """The user's legal actions of one verb ("any": all), and the user's own view.

        A picker button opened after other seats acted (a window answered by someone else,
        say) still opens the current choices: they are computed now, not from the button."""
        if game.status == "over":
            raise BotError("game_over")
        if game.status != "active":
            raise BotError("game_abandoned" if game.status == "abandoned" else "not_started")
        if game.seq != seq and not picker:
            raise StaleAction(game.id)
        seat = self.service.seat_of(game, user_id)
        adapter = adapter_for(game.game)
        engine = self.service.engine(game)
        state = await self.service.state_of(game)
        decision = engine.decision(state)
        if seat not in decision.seats:
            if decision.secret:
                # The same answer however many seats answered since the button was made
                # (a stale board would tell that someone did).
                raise BotError("not_asked")
            if game.seq != seq:
                raise StaleAction(game.id)
            raise BotError("not_your_decision")
        texts = [str(a) for a in engine.legal_actions(state, seat)]
        if verb != "any":
            texts = [x for x in texts if adapter.verb(x) == verb]
        if not texts:
            raise StaleAction(game.id)
        return texts, engine.view(state, seat)

    @admitted
    async def picked(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a picker: narrow the list ("g:"), or act ("a:")."""
        try:
            lang = user_lang(interaction)
            rest = value[2:]
            if rest != rest.strip() or (value.startswith("a:") and not rest):
                # Action texts and group prefixes are words joined by single spaces: a blank
                # one, or one padded with spaces, was never offered.
                raise BotError("bad_choice")
            if value.startswith("g:"):

                async def narrow() -> tuple[GameRow, list[str], dict[str, Any]]:
                    check_ids(game_id, seq)
                    game = await self._picker_game(interaction, game_id)
                    texts, view = await self._my_options(game, interaction.user.id, seq, verb)
                    return game, texts, view

                game, texts, view = await self.quick(
                    interaction, narrow(), ephemeral=True, update=True
                )
                adapter = adapter_for(game.game)
                picker = picker_view(adapter, game_id, seq, verb, texts, value[2:], lang, view=view)
                title = picker_title(adapter, verb, value[2:], lang)
                await self.answer(interaction, title, update=True, view=picker)
                return
            if not value.startswith("a:"):
                raise BotError("bad_choice")

            async def act() -> Outcome:
                check_ids(game_id, seq)
                for _ in range(3):
                    game = await self._picker_game(interaction, game_id)
                    expected = await self._window_seq(game, interaction.user.id, seq, value[2:])
                    try:
                        return await self.service.act(
                            game_id, interaction.user.id, value[2:], expected_seq=expected
                        )
                    except StaleAction:
                        if expected == seq:
                            raise
                raise StaleAction(game_id)

            outcome = await self.quick(interaction, act(), ephemeral=True, update=True)
            await self._confirm(interaction, outcome, value[2:], edit=True)
        except Exception as exc:
            await reply_error(interaction, exc)

    async def _window_seq(self, game: GameRow, user_id: int, seq: int, text: str) -> int:
        """The sequence number a picker's choice is checked against.

        A window asks several seats at once and every answer moves the game on, so a seat's
        picker (its DM) goes stale as soon as another seat answers. Its choice still counts
        while that seat has not acted since the picker was made, is still asked in a window,
        and the choice is still legal; any other stale choice stays stale."""
        if game.seq <= seq or game.status != "active":
            return seq
        seat = self.service.seat_of(game, user_id)
        if any(r.seat == seat for r in await self.service.store.actions(game.id, after=seq)):
            return seq
        engine = self.service.engine(game)
        state = await self.service.state_of(game)
        decision = engine.decision(state)
        if not decision.window or seat not in decision.seats:
            return seq
        if text not in {str(a) for a in engine.legal_actions(state, seat)}:
            return seq
        return game.seq

    async def _picker_game(self, interaction: Interaction, game_id: int) -> GameRow:
        """The game of a picker: in its channel, or (a window's picker sent by DM) a game the
        user plays in."""
        if interaction.guild_id is not None:
            return await self.game_here(interaction, game_id)
        check_ids(game_id)
        try:
            game = await self.service.store.get_game(game_id)
        except Exception:
            raise BotError("no_game") from None
        if game.player_of(interaction.user.id) is None:
            raise BotError("no_game")
        return game

    @tracked
    async def autocomplete(
        self, interaction: Interaction, verb: str, index: int, typed: str, filled: Sequence[str]
    ) -> list[tuple[str, str]]:
        """Choices for argument `index` of `verb`, from the user's legal actions."""
        found = await self._legal_texts(interaction)
        if found is None:
            return []
        adapter, texts = found
        lang = user_lang(interaction)
        out: dict[str, str] = {}
        for text in texts:
            words = text.split()
            if words[0] != verb or len(words) <= index + 1:
                continue
            args = words[1:]
            if any(f and i < len(args) and f.lower() != args[i] for i, f in enumerate(filled)):
                continue
            value = args[index]
            out.setdefault(value, adapter.choice_label(verb, index, value, lang))
        typed = typed.casefold()
        choices = [
            (label, value)
            for value, label in out.items()
            if typed in label.casefold() or typed in value
        ]
        return choices[:25]

    async def _legal_texts(self, interaction: Interaction) -> tuple[GameAdapter, list[str]] | None:
        """The user's legal actions in this channel's game; None when there are none or the
        database is too slow to answer within Discord's autocomplete window."""

        async def read() -> tuple[GameAdapter, list[str]] | None:
            game = await self.service.game_in(channel_id(interaction))
            if game.status != "active":
                return None
            seat = self.service.seat_of(game, interaction.user.id)
            engine = self.service.engine(game)
            state = await self.service.state_of(game)
            return adapter_for(game.game), [str(a) for a in engine.legal_actions(state, seat)]

        try:
            return await asyncio.wait_for(read(), AUTOCOMPLETE_BUDGET)
        except (BotError, TimeoutError):
            return None

    @tracked
    async def all_actions(self, interaction: Interaction, typed: str) -> list[tuple[str, str]]:
        """Every legal action of the user as (description, text), filtered by `typed`."""
        found = await self._legal_texts(interaction)
        if found is None:
            return []
        adapter, texts = found
        lang = user_lang(interaction)
        typed = typed.casefold()
        out = []
        for text in texts:
            label = adapter.label(text, lang)
            if typed in label.casefold() or typed in text:
                out.append((label[:100], text))
        return out[:25]

    # ------------------------------------------------------------------ reading

    async def board_file(self, game: GameRow, lang: str) -> tuple[discord.File, str]:
        """The current public board as a file, and its text summary."""
        names = names_of(game)
        view = await self.service.view_for(game, None)
        image = await self.bot.renderer.board(game.game, view, names, lang)
        summary = self.bot.renderer.summary(game.game, view, names, lang)
        file = discord.File(io.BytesIO(image), "board.png", description=summary[:1024])
        return file, summary

    @admitted
    async def board(self, interaction: Interaction, *, public: bool = False) -> None:
        """/game board: the current board for the asker alone (in their language), or posted
        in the channel (in the game's language) when asked."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.started_game_in(channel_id(interaction))
        if not public:
            file, text = await self.board_file(game, user_lang(interaction))
            await send_ephemeral(interaction, _fit(text), file=file)
            return
        file, text = await self.board_file(game, game_lang(game))
        await announce(interaction, t("posted", user_lang(interaction)), _fit(text), file=file)

    async def stale_board(self, interaction: Interaction, game_id: int) -> None:
        """The answer to a stale click: the current board, for the clicker only."""
        lang = user_lang(interaction)
        try:
            game = await self._picker_game(interaction, game_id)
        except BotError:
            await send_ephemeral(interaction, t("error.stale", lang))
            return
        if game.status not in ("active", "over"):
            await send_ephemeral(interaction, t("error.stale", lang))
            return
        file, text = await self.board_file(game, lang)
        await send_ephemeral(interaction, t("error.stale", lang) + "\n" + text, file=file)

    @admitted
    async def hand(self, interaction: Interaction) -> None:
        """/game hand: this player's private view, ephemeral."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.started_game_in(channel_id(interaction))
        player = game.player_of(interaction.user.id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        lang = user_lang(interaction)
        adapter = adapter_for(game.game)
        view = await self.service.view_for(game, player.seat)
        names = names_of(game)
        lines = [t("hand.title", lang, player=who(names, player.seat))]
        lines.extend(adapter.private_lines(view, player.seat, names, lang))
        image = await self.bot.renderer.private(game.game, view, names, lang)
        files = [discord.File(io.BytesIO(image), "private.png")] if image else []
        await interaction.followup.send(_fit("\n".join(lines)), files=files, ephemeral=True)

    async def history_lines(self, game: GameRow, lang: str) -> list[str]:
        """The public history of a game as text lines, oldest first."""
        from bot.compose import public_lines

        adapter = adapter_for(game.game)
        names = names_of(game)
        lines: list[str] = []
        for seq, events in await self.service.history_events(game):
            for line in public_lines(adapter, events, names, lang):
                lines.append(f"`#{seq}` {line}")
        return lines

    @admitted
    async def log(self, interaction: Interaction, page: int | None) -> None:
        """/game log: the history as text, a page at a time (public events only)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.game_in(channel_id(interaction), finished=True)
        lang = user_lang(interaction)
        lines = await self.history_lines(game, lang)
        per_page = 25
        pages = max(1, -(-len(lines) // per_page))
        number = pages if page is None else max(1, min(page, pages))
        chunk = lines[(number - 1) * per_page : number * per_page]
        header = t("log.title", lang, id=game.id, page=number, pages=pages)
        body = "\n".join(chunk) if chunk else t("log.empty", lang)
        await interaction.followup.send(_fit(header + "\n" + body), ephemeral=True)

    @admitted
    async def rules(self, interaction: Interaction) -> None:
        """/game rules: the rules of this channel's game (or of every game) in short."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        game = None
        if interaction.channel_id is not None:
            with contextlib.suppress(BotError):
                game = await self.service.game_in(channel_id(interaction), finished=True)
        if game is not None:
            adapter = adapter_for(game.game)
            view = None
            if game.status != "lobby":
                view = await self.service.view_for(game, None)
            detail = adapter.rules_detail(game.options, view, lang)
            text = "\n\n".join([adapter.rules(game.options, lang), "\n".join(detail)])
        else:
            text = "\n\n".join(
                "\n\n".join([a.rules({}, lang), "\n".join(a.rules_detail({}, None, lang))])
                for a in adapters().values()
            )
        await self.send_long(interaction, text.strip())

    async def send_long(
        self, interaction: Interaction, text: str, *, title: str | None = None
    ) -> None:
        """A long private answer as embeds within Discord's limits (4096 characters per
        description, 6000 per message, 10 embeds), in as many messages as it needs."""
        pages = _pages(text, EMBED_TEXT)
        batch: list[discord.Embed] = []
        size = 0
        for number, page in enumerate(pages):
            embed = discord.Embed(
                title=title if number == 0 and title else None,
                description=page,
                colour=EMBED_COLOUR,
            )
            weight = len(page) + (len(title) if number == 0 and title else 0)
            if batch and (size + weight > EMBEDS_PER_MESSAGE_TEXT or len(batch) == 10):
                await send_ephemeral(interaction, "", embeds=batch)
                batch, size = [], 0
            batch.append(embed)
            size += weight
        if batch:
            await send_ephemeral(interaction, "", embeds=batch)

    def command_lines(self, group: str, lang: str) -> list[str]:
        """Every subcommand of a slash-command group as "mention: what it does" lines."""
        found = self.bot.tree.get_command(group)
        if not isinstance(found, discord.app_commands.Group):
            return []
        catalogs = [a.catalog for a in adapters().values() if a.command == group]
        mention = self.bot.command_mentions.mention
        lines = []
        for command in found.commands:
            text = command.description
            for catalog in [*catalogs, BOT]:
                translated = catalog.command(text, lang) if lang != "en" else None
                if translated:
                    text = translated
                    break
            lines.append(f"{mention(f'{group} {command.name}')} — {text}")
        return lines

    @admitted
    async def help(self, interaction: Interaction) -> None:
        """/game help: how to play here on Discord and what every command does, privately, in
        the asker's language, for the channel's game (or every game when there is none)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        mention = self.bot.command_mentions.mention
        game = None
        if interaction.guild_id is not None and interaction.channel_id is not None:
            with contextlib.suppress(BotError):
                game = await self.service.game_in(channel_id(interaction), finished=True)
        parts: list[str] = []
        if game is not None:
            adapter = adapter_for(game.game)
            title = t("help.title_game", lang, game=adapter.title(lang), id=game.id)
        else:
            title = t("help.title", lang)
            parts.append(t("help.games", lang, new=mention("game new")))
            for name, each in adapters().items():
                allowed = each.engine.players({})
                parts.append(
                    t(
                        "help.game_line",
                        lang,
                        game=each.title(lang),
                        value=name,
                        low=allowed.start,
                        high=allowed.stop - 1,
                    )
                )
            parts.append("")
        parts.append(
            t(
                "help.discord",
                lang,
                hand=mention("game hand"),
                board=mention("game board"),
                notify=mention("game notify"),
                reminders=mention("game reminders"),
                status=mention("game status"),
                rules=mention("game rules"),
            )
        )
        if game is not None:
            adapter = adapter_for(game.game)
            own = adapter.help_text(game.options, lang, mention)
            if own:
                parts += ["", own]
            parts += ["", t("help.game_commands", lang, game=adapter.title(lang))]
            parts += self.command_lines(adapter.command, lang)
        parts += ["", t("help.commands", lang)]
        parts += self.command_lines("game", lang)
        await self.send_long(interaction, "\n".join(parts), title=title)

    @admitted
    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """The Rematch button of a game-over message: a new lobby with the same players."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.game_here(interaction, game_id)
            row = await self.service.rematch(game_id, user_ref(interaction))
            language = game_lang(row)
            message = await announce(
                interaction,
                t("posted", user_lang(interaction)),
                self.lobby_text(row, language),
                view=lobby_view(row.id, language),
            )
            await self.service.store.set_message(row.id, "lobby", message.id)
        except Exception as exc:
            await reply_error(interaction, exc)

    @admitted
    async def abandon(self, interaction: Interaction) -> None:
        """/game abandon: ask the creator (or a member with Manage Server) to confirm, privately;
        nothing changes until they do."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.game_in(channel_id(interaction))
        self.service.check_abandon(game, user_ref(interaction))
        lang = user_lang(interaction)
        adapter = adapter_for(game.game)
        key = "abandon.ask_lobby" if game.status == "lobby" else "abandon.ask"
        await interaction.followup.send(
            t(key, lang, game=adapter.title(lang), id=game.id),
            view=abandon_view(game.id, interaction.user.id, lang),
            ephemeral=True,
        )

    @admitted
    async def abandon_choice(
        self, interaction: Interaction, game_id: int, user_id: int, confirm: bool
    ) -> None:
        """Confirm or Cancel of /game abandon: only its asker's click counts, and only while
        the game it named is still open in this channel."""
        try:
            await interaction.response.defer()
            check_ids(game_id, user_id)
            require_guild(interaction)
            if interaction.user.id != user_id:
                raise BotError("not_your_button")
            lang = user_lang(interaction)
            if not confirm:
                await interaction.edit_original_response(
                    content=t("abandon.cancelled", lang), view=None
                )
                return
            await self.game_here(interaction, game_id)
            game = await self.service.abandon(
                channel_id(interaction), user_ref(interaction), game_id=game_id
            )
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(
                    content=t("abandon.done", lang, id=game.id), view=None
                )
            try:
                await self.bot.get_partial_messageable(game.channel_id).send(
                    t(
                        "game.abandoned",
                        game_lang(game),
                        id=game.id,
                        player=interaction.user.mention,
                    ),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException:
                log.warning("game %s: could not announce that it was abandoned", game.id)
            await self.refresh_lobby(game)
        except Exception as exc:
            await reply_error(interaction, exc)

    @staticmethod
    def jump_link(game: GameRow) -> str:
        """A link to the game's latest message (its turn message, else its lobby message),
        or to its channel."""
        base = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"
        message = game.turn_message_id if game.status == "active" else None
        message = message or game.lobby_message_id
        return f"{base}/{message}" if message else base

    async def waiting(self, game: GameRow, seat: int | None = None) -> tuple[list[int], float]:
        """The seats an active game waits for as `seat` (None: anyone) may know them, and
        since when (its last action or start; for a secret window, when it opened: the time
        of an answer in it would tell that someone answered)."""
        state = await self.service.state_of(game)
        decision = self.service.engine(game).decision(state)
        movers = sorted(decision.seen_by(seat).seats)
        if decision.secret:
            job = (await Schedule(self.service.store).all(game.id)).get("reaction")
            minutes = self.service.settings_of(game).reaction_minutes
            return movers, job.due_at - minutes * 60 if job is not None else game.updated_at
        since = game.updated_at
        if game.seq > 0:
            last = await self.service.store.actions(game.id, after=game.seq - 1)
            if last:
                since = last[-1].at
        return movers, since

    async def status_line(self, game: GameRow, lang: str) -> str:
        """One line of /game status or /game mine: where, who, since when, and a link."""
        adapter = adapter_for(game.game)
        players = ", ".join(display_name(p, lang) for p in (game.seated() or game.players))
        common = {
            "id": game.id,
            "game": adapter.title(lang),
            "channel": f"<#{game.channel_id}>",
            "players": players,
            "link": self.jump_link(game),
        }
        if game.status == "lobby":
            return t("status.lobby_link", lang, **common)
        movers, since = await self.waiting(game)
        names = names_of(game, lang)
        view = await self.service.view_for(game, None)
        return t(
            "status.waiting",
            lang,
            **common,
            turn=view.get("turn", 0),
            # Nobody named: an active game waits on a secret window's private answers.
            movers=", ".join(who(names, s) for s in movers) or t("status.secret", lang),
            since=f"<t:{int(since)}:R>",
        )

    @admitted
    async def status(self, interaction: Interaction) -> None:
        """/game status: the server's open games, whom each waits for since when, with links."""
        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        games = await self.service.store.games_in_guild(guild, ("lobby", "active"))
        if not games:
            await interaction.followup.send(t("status.none", lang), ephemeral=True)
            return
        lines = [t("status.title", lang, count=len(games))]
        for game in games:
            lines.append(await self.status_line(game, lang))
        await interaction.followup.send(
            _fit("\n".join(lines)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @admitted
    async def mine(self, interaction: Interaction) -> None:
        """/game mine: the games of this server waiting for the asker, with links."""
        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        lines = []
        for game in await self.service.store.games_in_guild(guild, ("active",)):
            player = game.player_of(interaction.user.id)
            if player is None or player.seat is None or player.left_at is not None:
                continue
            movers, _ = await self.waiting(game, player.seat)
            if player.seat in movers:
                lines.append(await self.status_line(game, lang))
        if not lines:
            await interaction.followup.send(t("mine.none", lang), ephemeral=True)
            return
        text = "\n".join([t("mine.title", lang, count=len(lines)), *lines])
        await interaction.followup.send(
            _fit(text), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    # ------------------------------------------------------------------ long games

    @admitted
    async def settings(self, interaction: Interaction, changes: dict[str, Any]) -> None:
        """/game settings: show the settings, or change them (creator or Manage Server)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        if changes:
            settings = await self.service.change_settings(
                channel_id(interaction), user_ref(interaction), **changes
            )
            game = await self.service.game_in(channel_id(interaction))
        else:
            game = await self.service.game_in(channel_id(interaction))
            settings = self.service.settings_of(game)
        clock = (
            t(
                "settings.clock",
                lang,
                hours=_num(settings.clock_hours),
                policy=t(f"policy.{settings.clock_policy}", lang),
            )
            if settings.clock_hours
            else t("settings.no_clock", lang)
        )
        adapter = adapter_for(game.game)
        lines = [
            t("settings.show", lang, lang_name=t(f"language.{settings.lang}", lang)),
            t(
                "settings.reminders",
                lang,
                hours=_num(settings.reminder_hours),
                count=settings.max_reminders,
            ),
            clock,
            t(
                "settings.window",
                lang,
                window=adapter.t("settings.window_name", lang),
                minutes=_num(settings.reaction_minutes),
            ),
            t("settings.idle", lang, days=_num(settings.idle_days)),
            t(f"settings.away_{settings.away_policy}", lang),
        ]
        await send_ephemeral(interaction, "\n".join(lines))

    @admitted
    async def reminders(self, interaction: Interaction, how: str) -> None:
        """/game reminders: in the channel, by DM, or off, for this player in this game."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if how not in ("channel", "dm", "off"):
            raise BotError("bad_choice")
        channel, user = channel_id(interaction), user_ref(interaction)
        await self.service.set_reminders(channel, user, how)
        await send_ephemeral(interaction, t(f"reminders.{how}", user_lang(interaction)))

    @admitted
    async def takeover(self, interaction: Interaction, member: discord.abc.User) -> None:
        """/game takeover: the AI plays for a player (consent needed unless obvious)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        request = await self.service.takeover(
            channel_id(interaction), user_ref(interaction), member.id
        )
        game = await self.service.game_in(channel_id(interaction))
        if request is None:
            await announce(
                interaction,
                t("posted", user_lang(interaction)),
                t("takeover.done", game_lang(game), player=member.mention),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await self._post_request(
            interaction,
            game,
            request.id,
            request.needed,
            t("takeover.ask", game_lang(game), player=member.mention, by=interaction.user.mention),
        )

    @admitted
    async def stall_choice(
        self, interaction: Interaction, game_id: int, seq: int, choice: str
    ) -> None:
        """A button of a stalled game's notice: any person playing may choose; ending the game
        is its creator's (or Manage Server's) choice, as with /game abandon."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            check_ids(game_id, seq)
            game = await self.game_here(interaction, game_id)
            user = user_ref(interaction)
            if game.status != "active":
                raise BotError("game_over" if game.status == "over" else "game_abandoned")
            if game.player_of(user.id) is None and not user.manage_server:
                raise BotError("not_in_game")
            lang = user_lang(interaction)
            if game.seq != seq:
                await interaction.followup.send(t("stall.moved_on", lang), ephemeral=True)
            elif choice == "end":
                await self.service.abandon(channel_id(interaction), user)
                await interaction.followup.send(t("stall.done.end", lang), ephemeral=True)
            elif choice == "wait":
                await self.service.keep_waiting(game.id)
                await interaction.followup.send(t("stall.done.wait", lang), ephemeral=True)
            else:
                state = await self.service.state_of(game)
                movers = sorted(self.service.engine(game).to_move(state))
                await self.service.play_for(game.id, movers, choice)
                await interaction.followup.send(t(f"stall.done.{choice}", lang), ephemeral=True)
            if interaction.message is not None:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.message.edit(
                        content=t(
                            "stall.chosen",
                            game_lang(game),
                            player=interaction.user.mention,
                            choice=t(f"stall.{choice}", game_lang(game)),
                        ),
                        view=None,
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
        except Exception as exc:
            await reply_error(interaction, exc)

    @admitted
    async def away(self, interaction: Interaction, days: float) -> None:
        """/game away: the AI plays your turns (or your clock pauses) for some days."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        until = await self.service.set_away(channel_id(interaction), user_ref(interaction), days)
        lang = user_lang(interaction)
        game = await self.service.game_in(channel_id(interaction))
        policy = self.service.settings_of(game).away_policy
        if until is None:
            await send_ephemeral(interaction, t("away.back", lang))
        else:
            await send_ephemeral(
                interaction, t(f"away.{policy}", lang, until=f"<t:{int(until)}:f>")
            )

    @admitted
    async def quiet(self, interaction: Interaction, zone: str | None, start: int, end: int) -> None:
        """/game quiet: hours (in your time zone) with no reminder and silent DMs."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.service.set_quiet(
            channel_id(interaction), user_ref(interaction), zone, start, end
        )
        lang = user_lang(interaction)
        if zone is None:
            await send_ephemeral(interaction, t("quiet.off", lang))
        else:
            await send_ephemeral(
                interaction, t("quiet.on", lang, zone=zone, start=f"{start}:00", end=f"{end}:00")
            )

    def zones(self, typed: str) -> list[str]:
        """Time zones for autocomplete."""
        return presence.zones(typed)

    @admitted
    async def notify(self, interaction: Interaction, on: bool) -> None:
        """/game notify: a DM on every turn of yours (or not)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.service.set_notify(channel_id(interaction), user_ref(interaction), on)
        await send_ephemeral(
            interaction, t("notify.on" if on else "notify.off", user_lang(interaction))
        )

    @admitted
    async def catchup(self, interaction: Interaction) -> None:
        """/game catchup: what happened since your last turn, privately."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.started_game_in(channel_id(interaction))
        player = game.player_of(interaction.user.id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        lang = user_lang(interaction)
        text = await self.catchup_text(game, player.seat, lang, lines=12)
        await send_ephemeral(interaction, _fit(text))

    async def catchup_text(self, game: GameRow, seat: int, lang: str, *, lines: int) -> str:
        """The digest of what happened since a seat's last turn, and the newest lines."""

        adapter = adapter_for(game.game)
        names = names_of(game)
        since = await self.service.events_since_last_turn(game, seat)
        events = [e for _, batch in since for e in batch if "visible_to" not in e]
        digest = adapter.digest(events, seat, names, lang)
        story = [line for e in events if (line := adapter.narrate(e, names, lang))]
        head = t("catchup.title", lang, count=len(since))
        return "\n".join([head, *([digest] if digest else []), *story[-lines:]])

    @admitted
    async def takeback(
        self, interaction: Interaction, member: discord.abc.User | None = None
    ) -> None:
        """/game takeback: a player takes their seat back from the AI; a newcomer takes the seat
        of a player who left (`member`), once the people still playing agree."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.service.takeback(
            channel_id(interaction),
            user_ref(interaction),
            seat_of=member.id if member is not None else None,
        )
        if isinstance(found, RequestRow):
            game = await self.service.game_in(channel_id(interaction))
            if found.status == "done":
                await announce(
                    interaction,
                    t("posted", user_lang(interaction)),
                    t("takeback.done", game_lang(game), player=interaction.user.mention),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
            await self._post_request(
                interaction,
                game,
                found.id,
                found.needed,
                t(
                    "takeback.ask",
                    game_lang(game),
                    player=interaction.user.mention,
                    seat=member.mention if member is not None else "?",
                ),
            )
            return
        await announce(
            interaction,
            t("posted", user_lang(interaction)),
            t("takeback.done", game_lang(found), player=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @admitted
    async def undo(self, interaction: Interaction) -> None:
        """/game undo: take back your last action (with the others' consent)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        request, _ = await self.service.request_undo(channel_id(interaction), user_ref(interaction))
        lang = user_lang(interaction)
        if request is None:
            await send_ephemeral(interaction, t("undo.done", lang))
            return
        game = await self.service.game_in(channel_id(interaction))
        await self._post_request(
            interaction,
            game,
            request.id,
            request.needed,
            t(
                "undo.ask",
                game_lang(game),
                player=interaction.user.mention,
                since=game.seq - 1 - int(request.note.get("keep", game.seq - 1)),
            ),
        )

    async def _post_request(
        self,
        interaction: Interaction,
        game: GameRow,
        request_id: int,
        needed: list[int],
        text: str,
    ) -> None:
        who_ = ", ".join(f"<@{u}>" for u in needed)
        message = await announce(
            interaction,
            t("posted.request", user_lang(interaction)),
            text + "\n" + t("request.needed", game_lang(game), who=who_),
            view=request_view(request_id, game_lang(game)),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        await self.service.requests.update(request_id, message_id=message.id)

    @admitted
    async def vote(self, interaction: Interaction, request_id: int, agree: bool) -> None:
        """An Agree / Refuse button of a request."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            check_ids(request_id)
            request = await self.service.requests.get(request_id)
            if request is None:
                raise BotError("request_closed")
            await self.game_here(interaction, request.game_id)
            status, request, _ = await self.service.answer(request_id, user_ref(interaction), agree)
            game = await self.service.store.get_game(request.game_id)
            glang = game_lang(game)
            lang = user_lang(interaction)
            if status == "waiting":
                await interaction.followup.send(t("request.counted", lang), ephemeral=True)
                return
            await interaction.followup.send(t(f"request.{status}", lang), ephemeral=True)
            if request.message_id:
                channel = self.bot.get_partial_messageable(game.channel_id)
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(request.message_id).edit(
                        content=t(
                            f"request.closed_{status}",
                            glang,
                            kind=t(f"request.kind_{request.kind}", glang),
                        ),
                        view=None,
                    )
        except Exception as exc:
            await reply_error(interaction, exc)

    @admitted
    async def export(self, interaction: Interaction) -> None:
        """/game export: the game record as a JSON file, as the requester's seat may see it
        (the seed and every private decision once the game has ended)."""
        from bot.records import game_record

        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.started_game_in(channel_id(interaction))
        player = game.player_of(interaction.user.id)
        seat = player.seat if player is not None else None
        record = await game_record(self.service, game, viewer=seat)
        data = json.dumps(record, indent=1, ensure_ascii=False).encode()
        lang = user_lang(interaction)
        note = t("export.note" if record["seed"] is None else "export.note_seed", lang)
        await interaction.followup.send(
            note,
            file=discord.File(io.BytesIO(data), f"{game.game}-game-{game.id}.json"),
            ephemeral=True,
        )

    @admitted
    async def replay(
        self, interaction: Interaction, turn: int, record_file: discord.Attachment | None
    ) -> None:
        """/game replay: the board at the end of an earlier turn, from a game record."""
        from bot.records import MAX_RECORD_BYTES, game_record, replay

        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        if record_file is not None:
            if not isinstance(record_file, discord.Attachment):
                # The payload named a file it does not carry (discord.py passes a bare id).
                raise BotError("record_missing")
            if record_file.size > MAX_RECORD_BYTES:
                raise BotError("record_unreadable")
            try:
                record = json.loads(await record_file.read())
            except (ValueError, discord.HTTPException):
                raise BotError("record_unreadable") from None
            if not isinstance(record, dict):
                raise BotError("record_unreadable")
            names = [
                str(p.get("name", "?"))
                for p in sorted(
                    (p for p in record.get("players") or [] if isinstance(p, dict)),
                    key=lambda p: p.get("seat", 0) if isinstance(p.get("seat"), int) else 0,
                )
            ]
        else:
            game = await self.service.started_game_in(channel_id(interaction))
            record = await game_record(self.service, game, viewer=None, full=True)
            names = list(names_of(game))
        view, events = replay(record, turn)
        game_name = str(record["game"])
        adapter = adapter_for(game_name)
        image = await self.bot.renderer.board(game_name, view, names, lang)
        lines = [adapter.narrate(e, names, lang) for e in events]
        text = (
            t("replay.title", lang, turn=turn, id=record.get("id", "?"))
            + "\n"
            + "\n".join(line for line in lines if line)
        )
        await interaction.followup.send(
            _fit(text), file=discord.File(io.BytesIO(image), f"turn-{turn}.png"), ephemeral=True
        )

    @admitted
    async def stats(self, interaction: Interaction) -> None:
        """/game stats: the server's games played, wins per player, average length."""
        from bot.records import server_stats

        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        figures = await server_stats(self.service, guild, lang)
        lines = [
            t(
                "stats.title",
                lang,
                played=figures["played"],
                active=figures["active"],
                abandoned=figures["abandoned"],
            )
        ]
        if figures["average_turns"] is not None:
            lines.append(
                t(
                    "stats.length",
                    lang,
                    turns=figures["average_turns"],
                    days=figures["average_days"] if figures["average_days"] is not None else "?",
                )
            )
        for who_, count in figures["wins"][:15]:
            lines.append(
                t(
                    "stats.wins",
                    lang,
                    player=who_,
                    count=count,
                    played=figures["games_per_player"].get(who_, count),
                )
            )
        await interaction.followup.send(
            _fit("\n".join(lines)), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


def _view_before(outcome: Outcome) -> dict[str, Any] | None:
    """The acting seat's view before its action (to name a card only it saw)."""
    if outcome.before is None or outcome.seat is None:
        return None
    view: dict[str, Any] = outcome.engine.view(outcome.before, outcome.seat)
    return view


def _num(value: float | None) -> str:
    """A number without a useless ".0"."""
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


EMBED_TEXT = 4000  # characters per embed description (Discord allows 4096)
EMBEDS_PER_MESSAGE_TEXT = 5800  # characters of all embeds of one message (Discord: 6000)
EMBED_COLOUR = discord.Colour(0x8B5A2B)


def _pages(text: str, limit: int) -> list[str]:
    """`text` cut into pages of at most `limit` characters, at line breaks when possible
    (a blank line first), never inside a word unless a line has no room at all."""
    pages: list[str] = []
    rest = text.strip("\n")
    while len(rest) > limit:
        cut = rest.rfind("\n\n", 0, limit)
        if cut < limit // 2:
            cut = rest.rfind("\n", 0, limit)
        if cut < limit // 2:
            cut = rest.rfind(" ", 0, limit)
        if cut <= 0:
            cut = limit
        pages.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip("\n ")
    if rest:
        pages.append(rest)
    return pages


def _fit(text: str, limit: int = 2000) -> str:
    """Discord's message limit: keep the start, mark the cut."""
    return text if len(text) <= limit else text[: limit - 2] + "\n…"
