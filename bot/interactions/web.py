"""`/<game> web`: a player's private link to their seat's web page (and the public one).

The link is signed and expires (WEB_LINK_HOURS); it also stops working when the seat changes
hands or the game ends (bot.web.server checks it at every request). `/game web` cannot exist:
`/game` already has the 25 subcommands Discord allows.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import user_lang
from bot.i18n import t
from bot.interactions.base import Room, admitted, require_guild
from bot.service import BotError

Interaction = discord.Interaction[Any]


class WebLinks(Room):
    """The links to a game's web pages."""

    @admitted
    async def web(self, interaction: Interaction) -> None:
        """The asker's seat page link (and the public page's), privately."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        server = getattr(self.deps.client, "web", None)
        if server is None:
            raise BotError("web_off")
        game, seat = await self.my_seat(interaction)
        if game.status != "active":
            raise BotError("game_over")
        player = game.player_at(seat)
        if player.left_at is not None or player.automated:
            raise BotError("web_not_held")
        lang = user_lang(interaction)
        url, until = await server.seat_link(game, seat, interaction.user.id)
        view = discord.ui.View(timeout=None)
        view.add_item(
            discord.ui.Button(
                style=discord.ButtonStyle.link, url=url, label=t("web.seat_button", lang)
            )
        )
        view.add_item(
            discord.ui.Button(
                style=discord.ButtonStyle.link,
                url=server.public_link(game.id),
                label=t("web.public_button", lang),
            )
        )
        text = t("web.links", lang, id=game.id, until=f"<t:{int(until)}:f>")
        await interaction.followup.send(text, view=view, ephemeral=True)
