"""The discord.py client: opens the store, registers commands and persistent buttons."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, cast

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
from bot.service import BotError, GameService, ServiceConfig
from bot.store import Store
from bot.translator import CatalogTranslator
from bot.ui import DYNAMIC_ITEMS, CommandMentions

log = logging.getLogger(__name__)


SNOWFLAKE_TYPES = {
    discord.AppCommandOptionType.user,
    discord.AppCommandOptionType.channel,
    discord.AppCommandOptionType.role,
    discord.AppCommandOptionType.mentionable,
    discord.AppCommandOptionType.attachment,
}


def _fits(kind: discord.AppCommandOptionType, value: Any) -> bool:
    """Whether an option's value is of the type its command declares."""
    if kind is discord.AppCommandOptionType.string:
        return isinstance(value, str)
    if kind is discord.AppCommandOptionType.integer:
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 2**53
    if kind is discord.AppCommandOptionType.number:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return ok and abs(value) <= 2**53
    if kind is discord.AppCommandOptionType.boolean:
        return isinstance(value, bool)
    if kind in SNOWFLAKE_TYPES:
        return isinstance(value, str | int) and str(value).isdigit() and len(str(value)) <= 20
    return True


class Tree(app_commands.CommandTree["GameBot"]):
    """The command tree with the bot's one error handler."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Refuse a command whose options do not match what it declares (a client that still
        shows an older version of a command, or a forged payload) before discord.py reads
        them: the user gets a short answer, never a traceback."""
        if interaction.type not in (
            discord.InteractionType.application_command,
            discord.InteractionType.autocomplete,
        ):
            return True
        data = cast("dict[str, Any]", interaction.data or {})
        if data.get("type", 1) != 1:
            return True
        try:
            command, options = self._get_app_command_options(data)  # type: ignore[arg-type]
            params = {p.display_name: p for p in command.parameters}
            fits = all(
                (param := params.get(str(o.get("name")))) is None
                or (o.get("type") == param.type.value and _fits(param.type, o.get("value")))
                for o in options
            )
            if interaction.type is discord.InteractionType.autocomplete:
                # Discord asks only for options that complete; anything else is stale.
                focused = [params.get(str(o.get("name"))) for o in options if o.get("focused")]
                fits = fits and len(focused) == 1 and bool(focused[0] and focused[0].autocomplete)
        except (app_commands.CommandNotFound, AttributeError, TypeError, KeyError):
            fits = False
        if fits:
            return True
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await reply_error(interaction, BotError("stale_command"))
        return False

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
        clock: Callable[[], float] = time.time,
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
        # One wall clock for every time-based rule (a test passes its own).
        self.store = Store(config.database_url, clock=clock)
        self.renderer = Renderer(config.render_threads, config.render_processes)
        self.command_mentions = CommandMentions()
        self.service = GameService(self.store, config=service_config, clock=clock)
        self.publisher = Publisher(
            self,
            Feed(self.service),
            self.renderer,
            config=publisher_config,
            settle=self.service.settle,
            window_minutes=lambda game: self.service.settings_of(game).reaction_minutes,
            commands=self.command_mentions,
            clock=self.service.clock,
        )
        self.service.publisher = self.publisher
        self.handlers = Handlers(self)
        self.scheduler = Scheduler(
            self.service, Announcer(self.service, self.publisher), clock=clock
        )
        self.sync_commands = sync_commands
        self._warming: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Open the store, add the commands and the persistent buttons, sync commands."""
        await self.store.open()
        # Drawing is prepared in the background: connecting does not wait for it, and a
        # board asked for meanwhile simply queues behind it in the render pool.
        self._warming = asyncio.create_task(self.renderer.warm(list(adapters())))
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
                self.command_mentions.learn(await self.tree.sync(guild=guild))
            else:
                self.command_mentions.learn(await self.tree.sync())
        await self.service.resume()
        await self.publisher.resume()
        self.scheduler.start()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a component no button of this bot could have made (a forged or
        mangled custom_id) still gets an answer instead of "This interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        data = cast("dict[str, Any]", interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if any(i.__discord_ui_compiled_template__.fullmatch(custom_id) for i in DYNAMIC_ITEMS):
            return
        if not interaction.response.is_done():
            await reply_error(interaction, BotError("bad_choice"))

    async def on_ready(self) -> None:
        """Log who we are."""
        log.info("connected as %s to %d server(s)", self.user, len(self.guilds))

    async def warmed(self) -> None:
        """Wait until drawing is ready (tests use it to start from a known state)."""
        if self._warming is not None:
            await asyncio.shield(self._warming)

    async def close(self) -> None:
        """Let running interactions finish, stop AI tasks, disconnect, close the store."""
        if self._warming is not None and not self._warming.done():
            self._warming.cancel()
        await self.handlers.drain()
        await self.scheduler.stop()
        await self.service.close()
        await self.publisher.close()
        await super().close()
        self.renderer.close()
        await self.store.close()
