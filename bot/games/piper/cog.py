"""/piper: one subcommand per action kind, with autocomplete from the user's legal actions."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.base import Arg, Choices, GameCommands, complete, text
from bot.errors import user_lang
from bot.games.piper.adapter import figure_name, t

Interaction = discord.Interaction[Any]
VIEW_BUDGET = 1.0  # seconds to name the characters; past it the places keep their numbers


# The arguments that are places of the character row: named by their characters.
PLACES = frozenset({("play", 1), ("activate", 0)})


class PiperCog(GameCommands, group_name=_("piper"), group_description=_("The Pied Piper actions")):
    """Every action of a Pied Piper turn."""

    @app_commands.command(name=_("play"), description=_("Place an action card under a character"))
    @app_commands.describe(
        card=_("An action card of your hand"),
        character=_("The character, by its place in the row (1-4)"),
        hidden=_("Face down (hidden-cards variant, one card a turn)"),
    )
    @complete(card=Arg("play", 0), character=Arg("play", 1, ("card",)))
    @app_commands.rename(card=_("card"), character=_("character"), hidden=_("hidden"))
    async def play(
        self, interaction: Interaction, card: str, character: str, hidden: bool = False
    ) -> None:
        """Place a card."""
        await self.act(interaction, text("play", card, character, "hidden" if hidden else None))

    @app_commands.command(
        name=_("activate"), description=_("Choose which character activates first")
    )
    @app_commands.describe(character=_("The character to activate first"))
    @complete(character=Arg("activate", 0))
    @app_commands.rename(character=_("character"))
    async def activate(self, interaction: Interaction, character: str) -> None:
        """Order the activations."""
        await self.act(interaction, text("activate", character))

    async def argument_choices(
        self, interaction: Interaction, arg: Arg, current: str, filled: list[str]
    ) -> Choices:
        """The legal places of a character argument, each named by its character (what was
        typed may be the character's name or its place)."""
        if (arg.verb, arg.index) not in PLACES:
            return await super().argument_choices(interaction, arg, current, filled)
        choices = await super().argument_choices(interaction, arg, "", filled)
        figures: dict[str, str] = {}
        with contextlib.suppress(Exception):
            figures = await asyncio.wait_for(self._figures(interaction), VIEW_BUDGET)
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

    async def _figures(self, interaction: Interaction) -> dict[str, str]:
        """The figure of each place of the row (public: the board image shows it too)."""
        service = self.rooms.deps.service
        assert interaction.channel_id is not None
        game = await service.game_in(interaction.channel_id)
        view = await service.view_for(game, None)
        return {str(c["slot"]): str(c["figure"]) for c in view.get("characters") or []}
