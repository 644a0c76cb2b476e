"""Lobbies: /game new, join, leave, add-ai, remove, start, their buttons; the rematch button
and /game abandon with its confirmation."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.adapter import OptionError, adapter_for, adapters
from bot.ai import DEFAULT_LEVEL
from bot.compose import display_name, game_lang
from bot.errors import announce, user_lang
from bot.i18n import LANGUAGES, t
from bot.interactions.base import (
    AUTOCOMPLETE_BUDGET,
    Interaction,
    Room,
    admitted,
    channel_id,
    check_ids,
    require_guild,
    user_ref,
)
from bot.service import BotError
from bot.store import GameRow
from bot.ui import abandon_view, lobby_view

log = logging.getLogger(__name__)


class Lobby(Room):
    """A channel's lobby and the end of its game."""

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
                    high=self.service.lobby.max_players(game),
                )
            )
            for p in game.players:
                # Every AI seat's level, normal too (names show only the other levels).
                lines.append(f"• {display_name(p, lang, level=True)}" + (" 🤖" if p.is_ai else ""))
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
        channel = self.deps.client.get_partial_messageable(game.channel_id)
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
            row = await self.service.lobby.new_lobby(
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

    async def lobby_op(
        self, interaction: Interaction, op: str, level: str | None = None
    ) -> GameRow:
        """Join, leave, add an AI seat (at `level`, normal by default) or start, for commands
        and buttons alike."""
        require_guild(interaction)
        user = user_ref(interaction)
        channel = channel_id(interaction)
        if op == "join":
            game = await self.service.lobby.join(channel, user)
            await self.check_dms(game, interaction.user)
        elif op == "leave":
            was = await self.service.store.open_game_in(channel)
            game = await self.service.lobby.leave(channel, user)
            # Leaving a started game is told once, by the service ("game.left_ai").
            if (
                game.status != "active"
                and was is not None
                and was.status == "lobby"
                and was.creator_id == user.id
            ):
                await self._announce_new_creator(game, interaction.user.mention)
        elif op == "ai":
            game = await self.service.lobby.add_ai(channel, user, level or DEFAULT_LEVEL)
        else:
            outcome = await self.service.lobby.start(channel, user)
            game = outcome.game
            # Answer once the first board is out, so "started" points at something.
            await self.deps.publisher.flush(game.id)
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
            await self.deps.client.get_partial_messageable(game.channel_id).send(
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
        game, removed = await self.service.lobby.remove_from_lobby(
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
            await self.fail(interaction, exc)

    @admitted
    async def lobby_command(
        self, interaction: Interaction, op: str, level: str | None = None
    ) -> None:
        """/game join|leave|add-ai|start (add-ai at `level`)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.lobby_op(interaction, op, level)
        lang = user_lang(interaction)
        text = (
            t("lobby.done.ai_level", lang, level=t(f"ai_level.{level or DEFAULT_LEVEL}", lang))
            if op == "ai"
            else t(self._done_key(op, game), lang)
        )
        await interaction.followup.send(text, ephemeral=True)

    async def check_dms(self, game: GameRow, user: discord.User | discord.Member) -> None:
        """Say hello by DM; if DMs are closed (50007), say so once in the channel."""
        lang = game_lang(game)
        adapter = adapter_for(game.game)
        text = adapter.t(
            "dm.hello", lang, game=adapter.title(lang), channel=f"<#{game.channel_id}>", id=game.id
        )
        await self.deps.publisher.send_dm(game, user.id, text)

    @admitted
    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """The Rematch button of a game-over message: a new lobby with the same players."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.game_here(interaction, game_id)
            row = await self.service.lobby.rematch(game_id, user_ref(interaction))
            language = game_lang(row)
            message = await announce(
                interaction,
                t("posted", user_lang(interaction)),
                self.lobby_text(row, language),
                view=lobby_view(row.id, language),
            )
            await self.service.store.set_message(row.id, "lobby", message.id)
        except Exception as exc:
            await self.fail(interaction, exc)

    @admitted
    async def abandon(self, interaction: Interaction) -> None:
        """/game abandon: ask the creator (or a member with Manage Server) to confirm, privately;
        nothing changes until they do."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.game_in(channel_id(interaction))
        self.service.lobby.check_abandon(game, user_ref(interaction))
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
            game = await self.service.lobby.abandon(
                channel_id(interaction), user_ref(interaction), game_id=game_id
            )
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(
                    content=t("abandon.done", lang, id=game.id), view=None
                )
            try:
                await self.deps.client.get_partial_messageable(game.channel_id).send(
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
            await self.fail(interaction, exc)
