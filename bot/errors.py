"""One place that turns every failure of an interaction into a short ephemeral answer.

Rules errors, refused requests and stale buttons are expected and answered in the user's
language; anything else is logged with the game id and answered with an apology, never
with a traceback.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.i18n import has, language, t
from bot.service import BotError, StaleAction
from bot.store import GameNotFound, StaleGame
from engine.core.errors import RulesError

log = logging.getLogger(__name__)


def user_lang(interaction: discord.Interaction[Any]) -> str:
    """The language of the user who interacted."""
    return language(interaction.locale)


def error_text(exc: BaseException, lang: str) -> str | None:
    """The player-facing sentence for an expected error, or None for a bug."""
    if isinstance(exc, RulesError):
        key = f"error.{exc.code}"
        return t(key, lang, **exc.params) if has(key) else exc.message
    if isinstance(exc, BotError):
        return t(f"error.{exc.code}", lang, **exc.params)
    if isinstance(exc, GameNotFound):
        return t("error.no_game", lang)
    return None


async def send_ephemeral(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer the user privately, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def reply_error(interaction: discord.Interaction[Any], exc: BaseException) -> None:
    """Answer an interaction that failed; unexpected errors are logged with the game id."""
    if isinstance(exc, app_commands.CommandInvokeError):
        exc = exc.original
    lang = user_lang(interaction)
    try:
        if isinstance(exc, StaleAction | StaleGame):
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=True, thinking=True)
            game_id = exc.game_id
            await interaction.client.handlers.stale_board(interaction, game_id)
            return
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
