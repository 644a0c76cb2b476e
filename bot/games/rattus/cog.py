"""/rattus: one subcommand per action of the engine, with autocomplete from legal actions."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.base import Arg, GameCommands, complete, text

Interaction = discord.Interaction[Any]


class RattusCog(GameCommands, group_name=_("rattus"), group_description=_("Rattus actions")):
    """Every action of a Rattus turn."""

    @app_commands.command(name=_("open"), description=_("Set-up: place your opening cubes"))
    @app_commands.describe(region=_("Region"), second=_("Second region (Africanus only)"))
    @complete(region=Arg("open", 0), second=Arg("open", 1))
    @app_commands.rename(region=_("region"), second=_("second"))
    async def open_(self, interaction: Interaction, region: str, second: str | None = None) -> None:
        """Opening cubes."""
        await self.act(interaction, text("open", region, second))

    @app_commands.command(name=_("take"), description=_("Take a class card"))
    @app_commands.describe(card=_("Class card"))
    @complete(card=Arg("take", 0))
    @app_commands.rename(card=_("card"))
    async def take(self, interaction: Interaction, card: str) -> None:
        """Take a class card."""
        await self.act(interaction, text("take", card))

    @app_commands.command(name=_("place"), description=_("Place cubes in a region"))
    @app_commands.describe(region=_("Region"), count=_("How many cubes"))
    @complete(region=Arg("place", 0), count=Arg("place", 1, ("region",)))
    @app_commands.rename(region=_("region"), count=_("count"))
    async def place(self, interaction: Interaction, region: str, count: str) -> None:
        """Place cubes."""
        await self.act(interaction, text("place", region, count))

    @app_commands.command(name=_("king"), description=_("King: move a cube to the palace"))
    @app_commands.describe(region=_("Region without rats"))
    @complete(region=Arg("king", 0))
    @app_commands.rename(region=_("region"))
    async def king(self, interaction: Interaction, region: str) -> None:
        """King."""
        await self.act(interaction, text("king", region))

    @app_commands.command(name=_("monk"), description=_("Monk: move a rat token to a neighbour"))
    @app_commands.describe(
        source=_("Region of the token"), position=_("Which token"), target=_("Neighbour")
    )
    @complete(
        source=Arg("monk", 0),
        position=Arg("monk", 1, ("source",)),
        target=Arg(
            "monk",
            2,
            (
                "source",
                "position",
            ),
        ),
    )
    @app_commands.rename(source=_("source"), position=_("position"), target=_("target"))
    async def monk(self, interaction: Interaction, source: str, position: str, target: str) -> None:
        """Monk."""
        await self.act(interaction, text("monk", source, position, target))

    @app_commands.command(name=_("merchant"), description=_("Merchant: move up to 3 cubes"))
    @app_commands.describe(
        source=_("From"),
        target=_("To"),
        count=_("How many (1-3)"),
        diplomat=_("Africanus: the cube with your diplomat moves too"),
    )
    @complete(
        source=Arg("merchant", 0),
        target=Arg("merchant", 1, ("source",)),
        count=Arg(
            "merchant",
            2,
            (
                "source",
                "target",
            ),
        ),
    )
    @app_commands.rename(
        source=_("source"), target=_("target"), count=_("count"), diplomat=_("diplomat")
    )
    async def merchant(
        self,
        interaction: Interaction,
        source: str,
        target: str,
        count: str,
        diplomat: bool = False,
    ) -> None:
        """Merchant."""
        words = ("merchant", source, target, count, "diplomat" if diplomat else None)
        await self.act(interaction, text(*words))

    @app_commands.command(name=_("peek"), description=_("Witch: look at a rat token"))
    @app_commands.describe(region=_("Region"), position=_("Which token"))
    @complete(region=Arg("peek", 0), position=Arg("peek", 1, ("region",)))
    @app_commands.rename(region=_("region"), position=_("position"))
    async def peek(self, interaction: Interaction, region: str, position: str) -> None:
        """Witch look."""
        await self.act(interaction, text("peek", region, position))

    @app_commands.command(name=_("swap"), description=_("Witch: swap the two tokens you looked at"))
    async def swap(self, interaction: Interaction) -> None:
        """Witch swap."""
        await self.act(interaction, "swap")

    @app_commands.command(name=_("keep"), description=_("Witch: end the spell without swapping"))
    async def keep(self, interaction: Interaction) -> None:
        """Witch keep."""
        await self.act(interaction, "keep")

    @app_commands.command(name=_("plague"), description=_("Move the plague piece"))
    @app_commands.describe(
        region=_("Where to"), knight_cubes=_("Knight: the plague counts as two cubes")
    )
    @complete(region=Arg("plague", 0))
    @app_commands.rename(region=_("region"), knight_cubes=_("knight_cubes"))
    async def plague(
        self, interaction: Interaction, region: str, knight_cubes: bool = False
    ) -> None:
        """Move the plague."""
        await self.act(interaction, text("plague", region, "+2" if knight_cubes else None))

    @app_commands.command(name=_("rats"), description=_("Place the new rat tokens of the spread"))
    @app_commands.describe(region=_("Region"), second=_("Region of the second rat"))
    @complete(region=Arg("rats", 0), second=Arg("rats", 1))
    @app_commands.rename(region=_("region"), second=_("second"))
    async def rats(self, interaction: Interaction, region: str, second: str | None = None) -> None:
        """Spread."""
        await self.act(interaction, text("rats", region, second))

    @app_commands.command(name=_("done"), description=_("Final round: end your turn"))
    async def done(self, interaction: Interaction) -> None:
        """End the final-round turn."""
        await self.act(interaction, "done")

    # ------------------------------------------------------------------ Africanus

    @app_commands.command(name=_("caravan"), description=_("Place or move the caravan"))
    @app_commands.describe(
        region=_("Where (set-up) or through where (Caravaneer)"),
        second=_("Caravaneer: where the caravan stops"),
    )
    @complete(region=Arg("caravan", 0), second=Arg("caravan", 1, ("region",)))
    @app_commands.rename(region=_("region"), second=_("second"))
    async def caravan(
        self, interaction: Interaction, region: str, second: str | None = None
    ) -> None:
        """The caravan."""
        await self.act(interaction, text("caravan", region, second))

    @app_commands.command(name=_("astronomer"), description=_("Astronomer: draw 3 region cards"))
    async def astronomer(self, interaction: Interaction) -> None:
        """Astronomer draw."""
        await self.act(interaction, "astronomer")

    @app_commands.command(name=_("choose"), description=_("Astronomer: keep one drawn card"))
    @app_commands.describe(card=_("The card to keep"))
    @complete(card=Arg("choose", 0))
    @app_commands.rename(card=_("card"))
    async def choose(self, interaction: Interaction, card: str) -> None:
        """Astronomer keep."""
        await self.act(interaction, text("choose", card))

    @app_commands.command(name=_("explorer"), description=_("Explorer: reveal 3 region cards"))
    async def explorer(self, interaction: Interaction) -> None:
        """Explorer reveal."""
        await self.act(interaction, "explorer")

    @app_commands.command(name=_("explore"), description=_("Explorer: place a cube, or none"))
    @app_commands.describe(region=_("A revealed region, or none"))
    @complete(region=Arg("explore", 0))
    @app_commands.rename(region=_("region"))
    async def explore(self, interaction: Interaction, region: str) -> None:
        """Explorer cube."""
        await self.act(interaction, text("explore", region))

    @app_commands.command(name=_("sultan"), description=_("Sultan: put a diplomat under a cube"))
    @app_commands.describe(region=_("Region"))
    @complete(region=Arg("sultan", 0))
    @app_commands.rename(region=_("region"))
    async def sultan(self, interaction: Interaction, region: str) -> None:
        """Sultan."""
        await self.act(interaction, text("sultan", region))

    @app_commands.command(
        name=_("protect"), description=_("Play a region card to protect a class card")
    )
    @app_commands.describe(card=_("Region card"), protected=_("Class card to protect"))
    @complete(card=Arg("protect", 0), protected=Arg("protect", 1, ("card",)))
    @app_commands.rename(card=_("card"), protected=_("protected"))
    async def protect(self, interaction: Interaction, card: str, protected: str) -> None:
        """Protection."""
        await self.act(interaction, text("protect", card, protected))

    @app_commands.command(name=_("pass"), description=_("Play no region card now"))
    async def pass_(self, interaction: Interaction) -> None:
        """No protection."""
        await self.act(interaction, "pass")

    @app_commands.command(name=_("ravage"), description=_("Final ravage: the next region"))
    @app_commands.describe(region=_("Region"))
    @complete(region=Arg("ravage", 0))
    @app_commands.rename(region=_("region"))
    async def ravage(self, interaction: Interaction, region: str) -> None:
        """Final ravage order."""
        await self.act(interaction, text("ravage", region))

    @app_commands.command(
        name=_("standing"), description=_("Your standing order for region cards (private)")
    )
    @app_commands.describe(order=_("When to play a region card during a ravage"))
    @app_commands.choices(
        order=[
            app_commands.Choice(name=_("always protect when a card saves cubes"), value="always"),
            app_commands.Choice(name=_("never play a card"), value="never"),
            app_commands.Choice(name=_("ask me each time"), value="ask"),
        ]
    )
    @app_commands.rename(order=_("order"))
    async def standing(self, interaction: Interaction, order: str) -> None:
        """Standing order, answered privately."""
        await self.act(interaction, text("standing", order))
