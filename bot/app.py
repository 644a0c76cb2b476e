"""The discord.py client: opens the store, registers commands and persistent buttons."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter import adapters
from bot.config import Config
from bot.errors import reply_error
from bot.feed import Feed
from bot.handlers import Handlers
from bot.publisher import Publisher, PublisherConfig
from bot.rendering import Renderer
from bot.scheduler import Announcer, Scheduler
from bot.service import GameService, ServiceConfig
from bot.store import Store
from bot.translator import CatalogTranslator
from bot.ui import DYNAMIC_ITEMS

log = logging.getLogger(__name__)


class Tree(app_commands.CommandTree["GameBot"]):
    """The command tree with the bot's one error handler."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Turn any command failure into an ephemeral answer."""
        await reply_error(interaction, error)


class GameBot(commands.Bot):
    """The bot: one store, one service, one renderer; no game state in memory that matters."""

    def __init__(
        self,
        config: Config,
        *,
        service_config: ServiceConfig | None = None,
        publisher_config: PublisherConfig | None = None,
        sync_commands: bool = True,
        **client_options: Any,
    ) -> None:
        # No privileged intents: the bot works from interactions, not from reading messages.
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=Tree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            **client_options,
        )
        self.config = config
        self.store = Store(config.database_url)
        self.renderer = Renderer(config.render_threads, config.render_processes)
        self.service = GameService(self.store, config=service_config)
        self.publisher = Publisher(
            self,
            Feed(self.service),
            self.renderer,
            config=publisher_config,
            settle=self.service.settle,
            window_minutes=lambda game: self.service.settings_of(game).reaction_minutes,
        )
        self.service.publisher = self.publisher
        self.handlers = Handlers(self)
        self.scheduler = Scheduler(self.service, Announcer(self.service, self.publisher))
        self.sync_commands = sync_commands

    async def setup_hook(self) -> None:
        """Open the store, add the commands and the persistent buttons, sync commands."""
        await self.store.open()
        await self.renderer.warm(list(adapters()))
        await self.tree.set_translator(CatalogTranslator())
        from bot.cogs.game import GameCog

        await self.add_cog(GameCog(self))
        for adapter in adapters().values():
            await self.add_cog(adapter.cog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync_commands:
            if self.config.dev_guild_id:
                guild = discord.Object(self.config.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        await self.service.resume()
        await self.publisher.resume()
        self.scheduler.start()

    async def on_ready(self) -> None:
        """Log who we are."""
        log.info("connected as %s to %d server(s)", self.user, len(self.guilds))

    async def close(self) -> None:
        """Let running interactions finish, stop AI tasks, disconnect, close the store."""
        await self.handlers.drain()
        await self.scheduler.stop()
        await self.service.close()
        await self.publisher.close()
        await super().close()
        self.renderer.close()
        await self.store.close()
