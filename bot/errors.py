"""One place that turns every failure of an interaction into a short ephemeral answer.

Rules errors, refused requests and stale buttons are expected and answered in the user's
language (a game's own errors in that game's words); anything else is logged with the game id
and answered with an apology, never with a traceback. A refusal stays private even when the
interaction was deferred publicly (for an answer everybody should see): the public "thinking"
message is deleted and the refusal sent to the user alone.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.adapter import adapters
from bot.i18n import BOT, language, t
from bot.service import BotError, StaleAction
from bot.store import GameNotFound, StaleGame, StoreBusy
from engine.core.errors import RulesError

log = logging.getLogger(__name__)

PUBLIC = "public_defer"  # Interaction.extras: deferred publicly, nothing shown yet
ANSWERED = "public_answered"


def user_lang(interaction: discord.Interaction[Any]) -> str:
    """The language of the user who interacted."""
    return language(interaction.locale)


def error_text(exc: BaseException, lang: str) -> str | None:
    """The player-facing sentence for an expected error, or None for a bug."""
    if isinstance(exc, RulesError):
        adapter = adapters().get(exc.game)
        key = f"error.{exc.code}"
        if adapter is not None:
            return adapter.error(exc.code, exc.params, lang) if adapter.has(key) else exc.message
        return BOT.t(key, lang, **exc.params) if BOT.has(key) else exc.message
    if isinstance(exc, BotError):
        adapter = adapters().get(exc.game or "")
        catalog = adapter.catalog if adapter is not None else BOT
        return catalog.t(f"error.{exc.code}", lang, **exc.params)
    if isinstance(exc, GameNotFound):
        return t("error.no_game", lang)
    if isinstance(exc, StoreBusy):
        return t("error.busy", lang)
    return None


async def defer_public(interaction: discord.Interaction[Any]) -> None:
    """Defer an interaction whose answer everybody should see (before any database work)."""
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC] = True


async def public_answer(
    interaction: discord.Interaction[Any], content: str, **kwargs: Any
) -> discord.WebhookMessage:
    """Show the public answer of an interaction deferred with `defer_public`."""
    message = await interaction.followup.send(content, wait=True, **kwargs)
    interaction.extras[ANSWERED] = True
    return message


async def send_ephemeral(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer the user privately, whether or not the interaction was answered already."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
        return
    if interaction.extras.get(PUBLIC) and not interaction.extras.get(ANSWERED):
        # The public "thinking" message would turn into the answer: remove it first, so
        # the answer reaches this user only.
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.info("could not remove a deferred answer of user %s", interaction.user.id)
        interaction.extras[ANSWERED] = True
    await interaction.followup.send(text, ephemeral=True, **kwargs)


UNKNOWN_INTERACTION = 10062  # Discord: the interaction expired (not acknowledged in 3 s)


async def reply_error(interaction: discord.Interaction[Any], exc: BaseException) -> None:
    """Answer an interaction that failed; unexpected errors are logged with the game id."""
    if isinstance(exc, app_commands.CommandInvokeError):
        exc = exc.original
    if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_INTERACTION:
        # Answered too late (the bot was behind): Discord already showed the player that the
        # click failed, and any answer would fail the same way. Expected under load.
        log.info("click in channel %s came too late to be answered", interaction.channel_id)
        return
    lang = user_lang(interaction)
    try:
        if isinstance(exc, StaleAction | StaleGame):
            if not interaction.response.is_done():
                if interaction.type is discord.InteractionType.component:
                    await interaction.response.defer()  # the board follows, for the clicker
                else:
                    await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.client.handlers.stale_board(interaction, exc.game_id)
            return
        if isinstance(exc, app_commands.TransformerError | app_commands.CheckFailure):
            text: str | None = t("error.bad_choice", lang)
        else:
            text = error_text(exc, lang)
        if text is None:
            log.error(
                "unexpected error in channel %s (game %s)",
                interaction.channel_id,
                getattr(exc, "game_id", "?"),
                exc_info=exc,
            )
            text = t("error.unexpected", lang)
        await send_ephemeral(interaction, "⚠️ " + text)
    except discord.HTTPException:
        log.warning("could not tell user %s about %r", interaction.user.id, exc)
