"""/piper: one subcommand per action kind, with autocomplete from the user's legal actions."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.cogs.common import Choices, any_action, options_for, text
from bot.errors import user_lang
from bot.games.piper.adapter import figure_name, t

if TYPE_CHECKING:
    from bot.app import GameBot

Interaction = discord.Interaction[Any]
VIEW_BUDGET = 1.0  # seconds to name the characters; past it the places keep their numbers


async def _figures(interaction: Interaction) -> dict[str, str]:
    """The figure of each place of the row (public: the board image shows it too)."""
    bot = interaction.client
    assert interaction.channel_id is not None
    game = await bot.service.game_in(interaction.channel_id)
    view = await bot.service.view_for(game, None)
    return {str(c["slot"]): str(c["figure"]) for c in view.get("characters") or []}


def places_for(
    verb: str, index: int, previous: Sequence[str] = ()
) -> Callable[[Interaction, str], Coroutine[Any, Any, Choices]]:
    """The legal places of `verb` (common autocomplete), each named by its character."""
    legal = options_for(verb, index, previous)

    async def complete(interaction: Interaction, current: str) -> Choices:
        choices = await legal(interaction, "")
        figures: dict[str, str] = {}
        with contextlib.suppress(Exception):
            figures = await asyncio.wait_for(_figures(interaction), VIEW_BUDGET)
        lang = user_lang(interaction)
        typed = current.casefold().strip()
        out = []
        for choice in choices:
            value = str(choice.value)
            label = choice.name
            if value in figures:
                label = t(
                    "where.character",
                    lang,
                    character=figure_name(figures[value], lang),
                    slot=value,
                )
            if typed in label.casefold() or typed == value:
                out.append(app_commands.Choice(name=label[:100], value=value))
        return out

    return complete


class PiperCog(
    commands.GroupCog, group_name=_("piper"), group_description=_("The Pied Piper actions")
):
    """Every action of a Pied Piper turn."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: Interaction, action: str) -> None:
        await self.bot.handlers.act_command(interaction, action)

    @app_commands.command(name=_("play"), description=_("Place an action card under a character"))
    @app_commands.describe(
        card=_("An action card of your hand"),
        character=_("The character, by its place in the row (1-4)"),
        hidden=_("Face down (hidden-cards variant, one card a turn)"),
    )
    @app_commands.autocomplete(
        card=options_for("play", 0), character=places_for("play", 1, ["card"])
    )
    @app_commands.rename(card=_("card"), character=_("character"), hidden=_("hidden"))
    async def play(
        self, interaction: Interaction, card: str, character: str, hidden: bool = False
    ) -> None:
        """Place a card."""
        await self._act(interaction, text("play", card, character, "hidden" if hidden else None))

    @app_commands.command(
        name=_("activate"), description=_("Choose which character activates first")
    )
    @app_commands.describe(character=_("The character to activate first"))
    @app_commands.autocomplete(character=places_for("activate", 0))
    @app_commands.rename(character=_("character"))
    async def activate(self, interaction: Interaction, character: str) -> None:
        """Order the activations."""
        await self._act(interaction, text("activate", character))

    @app_commands.command(name=_("do"), description=_("Any action, typed or picked from the list"))
    @app_commands.describe(action=_("The action"))
    @app_commands.rename(action=_("action"))
    async def do(self, interaction: Interaction, action: str) -> None:
        """Any action by its text."""
        await self._act(interaction, action.strip().lower())

    @do.autocomplete("action")
    async def do_complete(self, interaction: Interaction, current: str) -> Choices:
        """Every legal action of the user, filtered by what was typed."""
        return await any_action(interaction, current)
