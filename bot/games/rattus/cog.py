"""/rattus: one subcommand per action of the engine, with autocomplete from legal actions."""

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


class RattusCog(commands.GroupCog, group_name=_("rattus"), group_description=_("Rattus actions")):
    """Every action of a Rattus turn."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: Interaction, action: str) -> None:
        await self.bot.handlers.act_command(interaction, action)

    @app_commands.command(name=_("open"), description=_("Set-up: place your opening cubes"))
    @app_commands.describe(region=_("Region"), second=_("Second region (Africanus only)"))
    @app_commands.autocomplete(region=options_for("open", 0), second=options_for("open", 1))
    @app_commands.rename(region=_("region"), second=_("second"))
    async def open_(self, interaction: Interaction, region: str, second: str | None = None) -> None:
        """Opening cubes."""
        await self._act(interaction, text("open", region, second))

    @app_commands.command(name=_("take"), description=_("Take a class card"))
    @app_commands.describe(card=_("Class card"))
    @app_commands.autocomplete(card=options_for("take", 0))
    @app_commands.rename(card=_("card"))
    async def take(self, interaction: Interaction, card: str) -> None:
        """Take a class card."""
        await self._act(interaction, text("take", card))

    @app_commands.command(name=_("place"), description=_("Place cubes in a region"))
    @app_commands.describe(region=_("Region"), count=_("How many cubes"))
    @app_commands.autocomplete(
        region=options_for("place", 0), count=options_for("place", 1, ["region"])
    )
    @app_commands.rename(region=_("region"), count=_("count"))
    async def place(self, interaction: Interaction, region: str, count: str) -> None:
        """Place cubes."""
        await self._act(interaction, text("place", region, count))

    @app_commands.command(name=_("king"), description=_("King: move a cube to the palace"))
    @app_commands.describe(region=_("Region without rats"))
    @app_commands.autocomplete(region=options_for("king", 0))
    @app_commands.rename(region=_("region"))
    async def king(self, interaction: Interaction, region: str) -> None:
        """King."""
        await self._act(interaction, text("king", region))

    @app_commands.command(name=_("monk"), description=_("Monk: move a rat token to a neighbour"))
    @app_commands.describe(
        source=_("Region of the token"), position=_("Which token"), target=_("Neighbour")
    )
    @app_commands.autocomplete(
        source=options_for("monk", 0),
        position=options_for("monk", 1, ["source"]),
        target=options_for("monk", 2, ["source", "position"]),
    )
    @app_commands.rename(source=_("source"), position=_("position"), target=_("target"))
    async def monk(self, interaction: Interaction, source: str, position: str, target: str) -> None:
        """Monk."""
        await self._act(interaction, text("monk", source, position, target))

    @app_commands.command(name=_("merchant"), description=_("Merchant: move up to 3 cubes"))
    @app_commands.describe(
        source=_("From"),
        target=_("To"),
        count=_("How many (1-3)"),
        diplomat=_("Africanus: the cube with your diplomat moves too"),
    )
    @app_commands.autocomplete(
        source=options_for("merchant", 0),
        target=options_for("merchant", 1, ["source"]),
        count=options_for("merchant", 2, ["source", "target"]),
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
        await self._act(interaction, text(*words))

    @app_commands.command(name=_("peek"), description=_("Witch: look at a rat token"))
    @app_commands.describe(region=_("Region"), position=_("Which token"))
    @app_commands.autocomplete(
        region=options_for("peek", 0), position=options_for("peek", 1, ["region"])
    )
    @app_commands.rename(region=_("region"), position=_("position"))
    async def peek(self, interaction: Interaction, region: str, position: str) -> None:
        """Witch look."""
        await self._act(interaction, text("peek", region, position))

    @app_commands.command(name=_("swap"), description=_("Witch: swap the two tokens you looked at"))
    async def swap(self, interaction: Interaction) -> None:
        """Witch swap."""
        await self._act(interaction, "swap")

    @app_commands.command(name=_("keep"), description=_("Witch: end the spell without swapping"))
    async def keep(self, interaction: Interaction) -> None:
        """Witch keep."""
        await self._act(interaction, "keep")

    @app_commands.command(name=_("plague"), description=_("Move the plague piece"))
    @app_commands.describe(
        region=_("Where to"), knight_cubes=_("Knight: the plague counts as two cubes")
    )
    @app_commands.autocomplete(region=options_for("plague", 0))
    @app_commands.rename(region=_("region"), knight_cubes=_("knight_cubes"))
    async def plague(
        self, interaction: Interaction, region: str, knight_cubes: bool = False
    ) -> None:
        """Move the plague."""
        await self._act(interaction, text("plague", region, "+2" if knight_cubes else None))

    @app_commands.command(name=_("rats"), description=_("Place the new rat tokens of the spread"))
    @app_commands.describe(region=_("Region"), second=_("Region of the second rat"))
    @app_commands.autocomplete(region=options_for("rats", 0), second=options_for("rats", 1))
    @app_commands.rename(region=_("region"), second=_("second"))
    async def rats(self, interaction: Interaction, region: str, second: str | None = None) -> None:
        """Spread."""
        await self._act(interaction, text("rats", region, second))

    @app_commands.command(name=_("done"), description=_("Final round: end your turn"))
    async def done(self, interaction: Interaction) -> None:
        """End the final-round turn."""
        await self._act(interaction, "done")

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

    # ------------------------------------------------------------------ Africanus

    @app_commands.command(name=_("caravan"), description=_("Place or move the caravan"))
    @app_commands.describe(
        region=_("Where (set-up) or through where (Caravaneer)"),
        second=_("Caravaneer: where the caravan stops"),
    )
    @app_commands.autocomplete(
        region=options_for("caravan", 0), second=options_for("caravan", 1, ["region"])
    )
    @app_commands.rename(region=_("region"), second=_("second"))
    async def caravan(
        self, interaction: Interaction, region: str, second: str | None = None
    ) -> None:
        """The caravan."""
        await self._act(interaction, text("caravan", region, second))

    @app_commands.command(name=_("astronomer"), description=_("Astronomer: draw 3 region cards"))
    async def astronomer(self, interaction: Interaction) -> None:
        """Astronomer draw."""
        await self._act(interaction, "astronomer")

    @app_commands.command(name=_("choose"), description=_("Astronomer: keep one drawn card"))
    @app_commands.describe(card=_("The card to keep"))
    @app_commands.autocomplete(card=options_for("choose", 0))
    @app_commands.rename(card=_("card"))
    async def choose(self, interaction: Interaction, card: str) -> None:
        """Astronomer keep."""
        await self._act(interaction, text("choose", card))

    @app_commands.command(name=_("explorer"), description=_("Explorer: reveal 3 region cards"))
    async def explorer(self, interaction: Interaction) -> None:
        """Explorer reveal."""
        await self._act(interaction, "explorer")

    @app_commands.command(name=_("explore"), description=_("Explorer: place a cube, or none"))
    @app_commands.describe(region=_("A revealed region, or none"))
    @app_commands.autocomplete(region=options_for("explore", 0))
    @app_commands.rename(region=_("region"))
    async def explore(self, interaction: Interaction, region: str) -> None:
        """Explorer cube."""
        await self._act(interaction, text("explore", region))

    @app_commands.command(name=_("sultan"), description=_("Sultan: put a diplomat under a cube"))
    @app_commands.describe(region=_("Region"))
    @app_commands.autocomplete(region=options_for("sultan", 0))
    @app_commands.rename(region=_("region"))
    async def sultan(self, interaction: Interaction, region: str) -> None:
        """Sultan."""
        await self._act(interaction, text("sultan", region))

    @app_commands.command(
        name=_("protect"), description=_("Play a region card to protect a class card")
    )
    @app_commands.describe(card=_("Region card"), protected=_("Class card to protect"))
    @app_commands.autocomplete(
        card=options_for("protect", 0), protected=options_for("protect", 1, ["card"])
    )
    @app_commands.rename(card=_("card"), protected=_("protected"))
    async def protect(self, interaction: Interaction, card: str, protected: str) -> None:
        """Protection."""
        await self._act(interaction, text("protect", card, protected))

    @app_commands.command(name=_("pass"), description=_("Play no region card now"))
    async def pass_(self, interaction: Interaction) -> None:
        """No protection."""
        await self._act(interaction, "pass")

    @app_commands.command(name=_("ravage"), description=_("Final ravage: the next region"))
    @app_commands.describe(region=_("Region"))
    @app_commands.autocomplete(region=options_for("ravage", 0))
    @app_commands.rename(region=_("region"))
    async def ravage(self, interaction: Interaction, region: str) -> None:
        """Final ravage order."""
        await self._act(interaction, text("ravage", region))

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
        await self._act(interaction, text("standing", order))
