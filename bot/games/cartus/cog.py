"""/cartus: one subcommand per kind of Rattus Cartus action, with autocomplete from the user's
legal actions (so a card of the hand is only ever offered to its owner)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.base import Arg, GameCommands, complete, text

Interaction = discord.Interaction[Any]


class CartusCog(GameCommands, group_name=_("cartus"), group_description=_("Rattus Cartus actions")):
    """Every action of Rattus Cartus."""

    @app_commands.command(
        name=_("supply"), description=_("Supply: take the supply action of a building")
    )
    @app_commands.describe(
        building=_("Building (its number in the row)"),
        nun=_("Nun card to look at, when the supply action looks at one"),
    )
    @complete(
        building=Arg("supply", 0),
        # The third word of "supply 2 look 3"; the second, "look", filters nothing.
        nun=Arg(
            "supply",
            2,
            (
                "building",
                "look_word",
            ),
        ),
    )
    @app_commands.rename(building=_("building"), nun=_("nun"))
    async def supply(self, interaction: Interaction, building: str, nun: str | None = None) -> None:
        """Phase B."""
        await self.act(interaction, text("supply", building, "look" if nun else None, nun))

    @app_commands.command(name=_("pass"), description=_("Play a Pass: visit after the others"))
    async def pass_(self, interaction: Interaction) -> None:
        """A Pass."""
        await self.act(interaction, "pass")

    @app_commands.command(name=_("enter"), description=_("Enter a building"))
    @app_commands.describe(building=_("Building (its number in the row)"))
    @complete(building=Arg("enter", 0))
    @app_commands.rename(building=_("building"))
    async def enter(self, interaction: Interaction, building: str) -> None:
        """Phase C: the visit disc."""
        await self.act(interaction, text("enter", building))

    @app_commands.command(name=_("play"), description=_("Place a card of your hand face down"))
    @app_commands.describe(card=_("A card of your hand"))
    @complete(card=Arg("play", 0))
    @app_commands.rename(card=_("card"))
    async def play(self, interaction: Interaction, card: str) -> None:
        """Phase C: one card face down."""
        await self.act(interaction, text("play", card))

    @app_commands.command(name=_("withdraw"), description=_("Take back a card you placed"))
    @app_commands.describe(card=_("A card you placed"))
    @complete(card=Arg("withdraw", 0))
    @app_commands.rename(card=_("card"))
    async def withdraw(self, interaction: Interaction, card: str) -> None:
        """Phase C: one card back."""
        await self.act(interaction, text("withdraw", card))

    @app_commands.command(
        name=_("done"), description=_("Finish placing cards (or discarding at the Hospital)")
    )
    async def done(self, interaction: Interaction) -> None:
        """End the visit or the Hospital."""
        await self.act(interaction, "done")

    @app_commands.command(
        name=_("target-player"), description=_("Sword or Flute: choose among the tied players")
    )
    @app_commands.describe(player=_("The player (seat number)"))
    @complete(player=Arg("target", 0))
    @app_commands.rename(player=_("player"))
    async def target(self, interaction: Interaction, player: str) -> None:
        """Sword or Flute tie."""
        await self.act(interaction, text("target", player))

    @app_commands.command(
        name=_("give"), description=_("Give a card of your hand (Sword, Guard Tower)")
    )
    @app_commands.describe(card=_("A card of your hand"))
    @complete(card=Arg("give", 0))
    @app_commands.rename(card=_("card"))
    async def give(self, interaction: Interaction, card: str) -> None:
        """A card owed."""
        await self.act(interaction, text("give", card))

    @app_commands.command(name=_("take"), description=_("Take the building action on offer"))
    async def take(self, interaction: Interaction) -> None:
        """Take a gain."""
        await self.act(interaction, "take")

    @app_commands.command(name=_("decline"), description=_("Decline the building action on offer"))
    async def decline(self, interaction: Interaction) -> None:
        """Decline a gain."""
        await self.act(interaction, "decline")

    @app_commands.command(name=_("look"), description=_("Fortune-teller's tent: look at nun cards"))
    @app_commands.describe(first=_("Nun card (1-5)"), second=_("Second nun card (Premium action)"))
    @complete(first=Arg("look", 0), second=Arg("look", 1, ("first",)))
    @app_commands.rename(first=_("first"), second=_("second"))
    async def look(self, interaction: Interaction, first: str, second: str | None = None) -> None:
        """Fortune-teller's tent."""
        await self.act(interaction, text("look", first, second))

    @app_commands.command(
        name=_("discard"), description=_("Hospital: discard a card of your hand for a rat")
    )
    @app_commands.describe(card=_("A card of your hand"))
    @complete(card=Arg("discard", 0))
    @app_commands.rename(card=_("card"))
    async def discard(self, interaction: Interaction, card: str) -> None:
        """Hospital."""
        await self.act(interaction, text("discard", card))
