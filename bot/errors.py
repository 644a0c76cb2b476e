"""One place that turns every failure of an interaction into a short ephemeral answer.

Rules errors, refused requests, stale buttons and hostile payloads are expected and answered
in the user's language (a game's own errors in that game's words); a database that cannot be
written is told as such (nothing changed) and logged once per episode by the store; anything
else is logged with the game id and answered with an apology, never with a traceback. Every
command whose answer may be a refusal is deferred privately, so a refusal is never seen by the
channel, not even as a "thinking" message; what the channel should see once it succeeds is
posted after a private confirmation (`announce`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.adapter import adapter_for, adapters, who
from bot.compose import names_of
from bot.i18n import BOT, language, t
from bot.service import BotError, StaleAction
from bot.service.refusal import closest, refusal_of
from bot.store import GameNotFound, StaleGame, StoreBusy, StoreReadOnly
from engine.core.errors import GameFinished, NotYourTurn, RulesError

log = logging.getLogger(__name__)


def user_lang(interaction: discord.Interaction[Any]) -> str:
    """The language of the user who interacted."""
    return language(interaction.locale)


def error_text(exc: BaseException, lang: str) -> str | None:
    """The player-facing sentence for an expected error, or None for a bug."""
    if isinstance(exc, RulesError):
        adapter = adapters().get(exc.game)
        key = f"error.{exc.code}"
        if adapter is not None:
            text = (
                adapter.error(exc.code, exc.params, lang)
                if adapter.catalog.has(key)
                else exc.message
            )
        else:
            text = BOT.t(key, lang, **exc.params) if BOT.has(key) else exc.message
        return text + refusal_help(exc, lang)
    if isinstance(exc, BotError):
        adapter = adapters().get(exc.game or "")
        catalog = adapter.catalog if adapter is not None else BOT
        return catalog.t(f"error.{exc.code}", lang, **exc.params)
    if isinstance(exc, GameNotFound):
        return t("error.no_game", lang)
    if isinstance(exc, StoreBusy):
        return t("error.busy", lang)
    if isinstance(exc, StoreReadOnly):
        return t("error.not_saved", lang)
    return None


def refusal_help(exc: RulesError, lang: str) -> str:
    """What follows a refusal so that it helps: whose turn it is and since when (not your
    turn), or the closest actions the player may take (a malformed or illegal action)."""
    refusal = refusal_of(exc)
    if refusal is None:
        return ""
    game = refusal.game
    if isinstance(exc, NotYourTurn):
        if not refusal.movers:
            return ""
        names = names_of(game, lang)
        movers = ", ".join(who(names, s) for s in refusal.movers)
        if refusal.since is None:
            return " " + t("error.turn_of", lang, movers=movers)
        since = f"<t:{int(refusal.since)}:R>"
        return " " + t("error.turn_of_since", lang, movers=movers, since=since)
    if isinstance(exc, GameFinished) or not refusal.legal:
        return ""
    adapter = adapter_for(game.game)
    found = closest(refusal.typed, refusal.legal, lambda a: adapter.describe(a, lang))
    if not found:
        return ""
    lines = [t("error.suggestion", lang, what=adapter.describe(a, lang), text=a) for a in found]
    return "\n" + t("error.suggestions", lang, count=len(found)) + "\n" + "\n".join(lines)


async def announce(
    interaction: discord.Interaction[Any], confirmation: str, content: str, **kwargs: Any
) -> discord.WebhookMessage:
    """After a private deferral: confirm to the asker privately, then post `content` in the
    channel for everybody (an interaction follow-up, outside the channel's rate limits)."""
    if not interaction.response.is_done():
        await interaction.response.send_message(confirmation, ephemeral=True)
    else:
        # On Discord the first follow-up of a deferred answer fills its "thinking" message
        # and keeps its visibility, whatever it asks: the private message is filled first,
        # so the public post is a message of its own.
        await interaction.edit_original_response(content=confirmation)
    return await interaction.followup.send(content, wait=True, ephemeral=False, **kwargs)


async def send_ephemeral(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer the user privately, whether or not the interaction was answered already."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
        return
    await interaction.followup.send(text, ephemeral=True, **kwargs)


def log_mismatch(interaction: discord.Interaction[Any], why: str) -> None:
    """One warning line (no traceback) for a command whose payload does not match what it
    declares: a client that shows an older version of the command, or a forged payload."""
    data: dict[str, Any] = dict(interaction.data or {})
    log.warning(
        "/%s from user %s in channel %s does not match the registered command (%s)",
        str(data.get("name", "?"))[:40],
        interaction.user.id,
        interaction.channel_id,
        why,
    )


UNKNOWN_INTERACTION = 10062  # Discord: the interaction expired (not acknowledged in 3 s)


async def reply_error(
    interaction: discord.Interaction[Any],
    exc: BaseException,
    *,
    stale: Callable[[discord.Interaction[Any], int], Awaitable[None]] | None = None,
) -> None:
    """Answer an interaction that failed; unexpected errors are logged with the game id. A
    stale click or command is answered by `stale` (the current board, for the clicker)."""
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
            if stale is not None:
                await stale(interaction, exc.game_id)
            else:
                await send_ephemeral(interaction, t("error.stale", lang))
            return
        if isinstance(exc, app_commands.TransformerError | app_commands.CheckFailure):
            text: str | None = t("error.bad_choice", lang)
        elif isinstance(exc, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
            # discord.py found the payload unlike the registered command (a missing required
            # option, a group invoked without a subcommand): an outdated client or a forged
            # payload, not a bug of ours.
            log_mismatch(interaction, type(exc).__name__)
            text = t("error.stale_command", lang)
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
