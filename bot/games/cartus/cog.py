"""/cartus: one subcommand per kind of Rattus Cartus action, with autocomplete from the user's
legal actions (so a card of the hand is only ever offered to its owner)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.cogs.common import Choices, any_action, options_for, text

if TYPE_CHECKING:
    from bot.app import GameBot

Interaction = discord.Interaction[Any]


class CartusCog(
    commands.GroupCog, group_name=_("cartus"), group_description=_("Rattus Cartus actions")
):
    """Every action of Rattus Cartus."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: Interaction, action: str) -> None:
        await self.bot.handlers.act_command(interaction, action)

    @app_commands.command(
        name=_("supply"), description=_("Supply: take the supply action of a building")
    )
    @app_commands.describe(
        building=_("Building (its number in the row)"),
        nun=_("Nun card to look at, when the supply action looks at one"),
    )
    @app_commands.autocomplete(
        building=options_for("supply", 0),
        # The third word of "supply 2 look 3"; the second, "look", filters nothing.
        nun=options_for("supply", 2, ["building", "look_word"]),
    )
    @app_commands.rename(building=_("building"), nun=_("nun"))
    async def supply(self, interaction: Interaction, building: str, nun: str | None = None) -> None:
        """Phase B."""
        await self._act(interaction, text("supply", building, "look" if nun else None, nun))

    @app_commands.command(name=_("pass"), description=_("Play a Pass: visit after the others"))
    async def pass_(self, interaction: Interaction) -> None:
        """A Pass."""
        await self._act(interaction, "pass")

    @app_commands.command(name=_("enter"), description=_("Enter a building"))
    @app_commands.describe(building=_("Building (its number in the row)"))
    @app_commands.autocomplete(building=options_for("enter", 0))
    @app_commands.rename(building=_("building"))
    async def enter(self, interaction: Interaction, building: str) -> None:
        """Phase C: the visit disc."""
        await self._act(interaction, text("enter", building))

    @app_commands.command(name=_("play"), description=_("Place a card of your hand face down"))
    @app_commands.describe(card=_("A card of your hand"))
    @app_commands.autocomplete(card=options_for("play", 0))
    @app_commands.rename(card=_("card"))
    async def play(self, interaction: Interaction, card: str) -> None:
        """Phase C: one card face down."""
        await self._act(interaction, text("play", card))

    @app_commands.command(name=_("withdraw"), description=_("Take back a card you placed"))
    @app_commands.describe(card=_("A card you placed"))
    @app_commands.autocomplete(card=options_for("withdraw", 0))
    @app_commands.rename(card=_("card"))
    async def withdraw(self, interaction: Interaction, card: str) -> None:
        """Phase C: one card back."""
        await self._act(interaction, text("withdraw", card))

    @app_commands.command(
        name=_("done"), description=_("Finish placing cards (or discarding at the Hospital)")
    )
    async def done(self, interaction: Interaction) -> None:
        """End the visit or the Hospital."""
        await self._act(interaction, "done")

    @app_commands.command(
        name=_("target-player"), description=_("Sword or Flute: choose among the tied players")
    )
    @app_commands.describe(player=_("The player (seat number)"))
    @app_commands.autocomplete(player=options_for("target", 0))
    @app_commands.rename(player=_("player"))
    async def target(self, interaction: Interaction, player: str) -> None:
        """Sword or Flute tie."""
        await self._act(interaction, text("target", player))

    @app_commands.command(
        name=_("give"), description=_("Give a card of your hand (Sword, Guard Tower)")
    )
    @app_commands.describe(card=_("A card of your hand"))
    @app_commands.autocomplete(card=options_for("give", 0))
    @app_commands.rename(card=_("card"))
    async def give(self, interaction: Interaction, card: str) -> None:
        """A card owed."""
        await self._act(interaction, text("give", card))

    @app_commands.command(name=_("take"), description=_("Take the building action on offer"))
    async def take(self, interaction: Interaction) -> None:
        """Take a gain."""
        await self._act(interaction, "take")

    @app_commands.command(name=_("decline"), description=_("Decline the building action on offer"))
    async def decline(self, interaction: Interaction) -> None:
        """Decline a gain."""
        await self._act(interaction, "decline")

    @app_commands.command(name=_("look"), description=_("Fortune-teller's tent: look at nun cards"))
    @app_commands.describe(first=_("Nun card (1-5)"), second=_("Second nun card (Premium action)"))
    @app_commands.autocomplete(
        first=options_for("look", 0), second=options_for("look", 1, ["first"])
    )
    @app_commands.rename(first=_("first"), second=_("second"))
    async def look(self, interaction: Interaction, first: str, second: str | None = None) -> None:
        """Fortune-teller's tent."""
        await self._act(interaction, text("look", first, second))

    @app_commands.command(
        name=_("discard"), description=_("Hospital: discard a card of your hand for a rat")
    )
    @app_commands.describe(card=_("A card of your hand"))
    @app_commands.autocomplete(card=options_for("discard", 0))
    @app_commands.rename(card=_("card"))
    async def discard(self, interaction: Interaction, card: str) -> None:
        """Hospital."""
        await self._act(interaction, text("discard", card))

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
