"""/toy: the base cog's `/toy do`, and `/toy take` completed from the legal actions."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.base import Arg, GameCommands, complete, text


class ToyCog(GameCommands, group_name=_("toy"), group_description=_("Rat Race actions")):
    """Every action of a Rat Race turn."""

    @app_commands.command(name=_("take"), description=_("Take rats from the pile"))
    @app_commands.describe(rats=_("How many rats: 1 or 2"))
    @complete(rats=Arg("take", 0))
    async def take(self, interaction: discord.Interaction[Any], rats: str) -> None:
        """Take one or two rats."""
        await self.act(interaction, text("take", rats))
