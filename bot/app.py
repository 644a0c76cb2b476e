"""The discord.py client: opens the store, registers commands and persistent buttons."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot import gateway
from bot.adapter import adapters
from bot.backlog import Backlog
from bot.cogs.game import GameCog, StandingCog
from bot.config import Config
from bot.errors import log_mismatch, reply_error
from bot.feed import Feed
from bot.i18n import use_command_mentions
from bot.interactions import Deps, Interactions
from bot.publisher import Publisher, PublisherConfig
from bot.rendering import Renderer
from bot.scheduler import Announcer, Scheduler
from bot.service import BotError, GameService, ServiceConfig
from bot.store import Store
from bot.thinking import Thinker
from bot.translator import CatalogTranslator
from bot.ui import CommandMentions, bound_items, route_click

if TYPE_CHECKING:
    from bot.web import WebServer
    from bot.web.links import WebLinks
    from bot.web.process import WebWorker

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


# Where Discord puts the object an option of each snowflake type names (`resolved`).
RESOLVED = {
    discord.AppCommandOptionType.user: ("users",),
    discord.AppCommandOptionType.channel: ("channels",),
    discord.AppCommandOptionType.role: ("roles",),
    discord.AppCommandOptionType.mentionable: ("users", "roles"),
    discord.AppCommandOptionType.attachment: ("attachments",),
}


def _resolved(kind: discord.AppCommandOptionType, value: Any, resolved: Any) -> bool:
    """Whether the object a snowflake option names came with the payload (Discord always
    sends it; without it discord.py passes a bare Object, which has none of its fields)."""
    places = RESOLVED.get(kind)
    if places is None:
        return True
    if not isinstance(resolved, dict):
        return False
    return any(
        isinstance(found := resolved.get(place), dict) and str(value) in found for place in places
    )


def mismatch(data: dict[str, Any], tree: app_commands.CommandTree[Any], complete: bool) -> str:
    """Why a command's payload does not match the registered command ("" when it does):
    options it does not declare or of another type, a required one missing (`complete`: a
    command run, not an autocomplete), an object the payload does not carry."""
    try:
        command, options = tree._get_app_command_options(data)  # type: ignore[arg-type]
    except (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch) as exc:
        return type(exc).__name__
    params = {p.display_name: p for p in command.parameters}
    resolved = data.get("resolved") or {}
    for option in options:
        name = str(option.get("name"))
        param = params.get(name)
        if param is None:
            return f"no option {name[:40]!r}"
        value = option.get("value")
        if option.get("type") != param.type.value or not _fits(param.type, value):
            return f"option {name!r} of another type"
        if complete and not _resolved(param.type, value, resolved):
            return f"option {name!r} names nothing the payload carries"
    if complete:
        given = {str(o.get("name")) for o in options}
        missing = [p.display_name for p in command.parameters if p.required]
        if any(name not in given for name in missing):
            return "a required option is missing"
    else:
        # Discord asks only for options that complete; anything else is stale.
        focused = [params.get(str(o.get("name"))) for o in options if o.get("focused")]
        if len(focused) != 1 or not (focused[0] and focused[0].autocomplete):
            return "no option to complete"
    return ""


class Tree(app_commands.CommandTree["GameBot"]):
    """The command tree with the bot's one error handler."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Refuse a command whose options do not match what it declares (a client that still
        shows an older version of a command, or a forged payload) before discord.py reads
        them: the user gets a short answer, the log one warning line, never a traceback."""
        if self.client.interactions.too_late(interaction):
            return False
        if interaction.type not in (
            discord.InteractionType.application_command,
            discord.InteractionType.autocomplete,
        ):
            return True
        data = cast("dict[str, Any]", interaction.data or {})
        if data.get("type", 1) != 1:
            return True
        complete = interaction.type is discord.InteractionType.application_command
        try:
            why = mismatch(data, self, complete)
        except (AttributeError, TypeError, KeyError, ValueError):
            why = "a malformed payload"  # options that are not Discord's shapes at all
        if not why:
            return True
        log_mismatch(interaction, why)
        if complete:
            await reply_error(interaction, BotError("stale_command"))
        else:
            await interaction.response.autocomplete([])
        return False

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Turn any command failure into an ephemeral answer (a stale command's with the
        current board)."""
        await reply_error(interaction, error, stale=self.client.interactions.play.stale_board)


IDENTIFY_INTERVAL = 5.0  # Discord: one IDENTIFY per 5 s in each max_concurrency bucket


def settle_heap() -> None:
    """What start-up made (modules, commands, catalogues, discord.py's tables) lives as long
    as the process: hide it from the garbage collector, so a full collection walks only what
    the games make. (A full collection over the whole heap cost ~200 ms of CPU every few
    hundred actions.)"""
    gc.collect()
    gc.freeze()


class GameBot(commands.Bot):
    """The bot: one store, one service, one renderer; no game state in memory that matters.

    `GameBot(config)` is a ShardedGameBot when the settings name shards (SHARD_COUNT), as
    `Store(url)` is the backend its URL names."""

    def __new__(cls, config: Config, *args: Any, **kwargs: Any) -> GameBot:
        """A ShardedGameBot when `config` names shards, else a plain GameBot."""
        target = cls
        if cls is GameBot and config.shards is not None:
            target = ShardedGameBot
        return super().__new__(target)

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
        # Nothing reads discord.py's message cache (every click brings its message): keeping
        # the last thousand messages, their components included, only costs memory.
        client_options.setdefault("max_messages", None)
        shards = config.shards
        if shards is not None and isinstance(self, commands.AutoShardedBot):
            # Exactly these shards: Discord sends this process only their servers' events.
            client_options.setdefault("shard_count", shards.count)
            client_options.setdefault("shard_ids", list(shards.ids))
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
        self.service = GameService(self.store, config=service_config, clock=clock, shards=shards)
        # The hard AI thinks in worker processes that die with the bot (service.close stops them).
        self.service.ai.thinker = Thinker(config.ai_processes, cap=config.ai_hard_iterations)
        self.publisher = Publisher(
            self,
            Feed(self.service),
            self.renderer,
            config=publisher_config,
            settle=self.service.ai.settle,
            window_minutes=lambda game: self.service.settings_of(game).reaction_minutes,
            commands=self.command_mentions,
            clock=self.service.clock,
        )
        self.service.publisher = self.publisher
        self.backlog = Backlog()
        self.interactions = Interactions(
            Deps(
                client=self,
                tree=self.tree,
                service=self.service,
                publisher=self.publisher,
                renderer=self.renderer,
                backlog=self.backlog,
                commands=self.command_mentions,
            )
        )
        # The bot's buttons and selects, each class handing its clicks to the handlers
        # (`on_interaction` routes a click to the one its custom_id matches).
        self._items = bound_items(self.interactions)
        gateway.install(self)  # clicks reach on_interaction, their messages built if read
        self.scheduler = Scheduler(
            self.service, Announcer(self.service, self.publisher), clock=clock
        )
        # The web view (bot/web), when the settings turn it on: started with the bot.
        # Served in this event loop, or by a worker process (the default from the settings:
        # the pages then take none of the bot's own time), the bot only making its links.
        self.web: WebServer | WebLinks | None = None
        self._web_worker: WebWorker | None = None
        if config.web is not None and config.web.process:
            from bot.web.links import WebLinks
            from bot.web.process import WebWorker

            self.web = WebLinks(config.web, self.store, clock)
            self._web_worker = WebWorker(config)
        elif config.web is not None:
            from bot.web import WebServer

            server = WebServer(config.web, self.service, self.renderer, clock=clock)
            self.publisher.watchers.append(server.changed)
            self.web = server
        if self.web is not None:
            self.publisher.web_link = self._web_link
        self.sync_commands = sync_commands
        self._looking: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Open the store, add the commands and the persistent buttons, sync commands."""
        await self.store.open()
        shards = self.service.shards
        if shards is not None and not shards.everything:
            # Other processes own the other shards: hear when they change one of our games
            # (a click that reached them, e.g. from a DM), before looking at what is waiting.
            await self.store.listen(self._heard, self._missed)
        # Drawing is prepared in the background: connecting does not wait for it, and a
        # board asked for meanwhile simply queues behind it in the render pool.
        self._warming = asyncio.create_task(self.renderer.warm(list(adapters())))
        await self.tree.set_translator(CatalogTranslator())
        await self.add_cog(GameCog(self.interactions))
        # /standing: also installable by a user, for DMs and servers without the bot.
        await self.add_cog(StandingCog(self.interactions))
        for adapter in adapters().values():
            await self.add_cog(adapter.cog(self.interactions))
        if self.sync_commands:
            if self.config.dev_guild_id:
                guild = discord.Object(self.config.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                self.command_mentions.learn(await self.tree.sync(guild=guild))
            else:
                self.command_mentions.learn(await self.tree.sync())
        # Every text that names a command shows it clickable, in each reader's language.
        use_command_mentions(self.command_mentions.mention)
        if self.web is not None:
            await self.web.start()
        if self._web_worker is not None:
            self._web_worker.start()
        await self.service.ai.resume()
        await self.publisher.resume()
        self.scheduler.start()
        self.backlog.start()
        settle_heap()

    def _web_link(self, game_id: int) -> str | None:
        return self.web.public_link(game_id) if self.web is not None else None

    def _heard(self, game_id: int, guild_id: int) -> None:
        """Another process changed a game: ours to post, to play (AI seats) and to plan."""
        shards = self.service.shards
        if shards is not None and not shards.owns(guild_id):
            return
        self.publisher.notify(game_id)
        self.service.ai.wake(game_id)
        self.scheduler.poke()

    def _missed(self) -> None:
        """The store may have missed what other processes said: look at everything again."""

        async def look() -> None:
            try:
                await self.service.ai.resume()
                await self.publisher.resume(look_first=False)
            except Exception:
                log.exception("looking again at this process's games failed")
            self.scheduler.poke()

        task = asyncio.create_task(look())
        self._looking = task  # keep a reference until it is done

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a button or select goes to the bot's item of its custom_id; a click no
        button of this bot could have made (a forged or mangled custom_id, or one its
        message does not carry) still gets an answer instead of "This interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        if not await route_click(self._items, interaction) and not interaction.response.is_done():
            await reply_error(interaction, BotError("bad_choice"))

    async def on_ready(self) -> None:
        """Log who we are."""
        shards = self.service.shards
        where = f" on shards {list(shards.ids)} of {shards.count}" if shards else ""
        log.info("connected as %s to %d server(s)%s", self.user, len(self.guilds), where)

    async def warmed(self) -> None:
        """Wait until drawing is ready (tests use it to start from a known state)."""
        if self._warming is not None:
            await asyncio.shield(self._warming)

    async def close(self) -> None:
        """Let running interactions finish, stop AI tasks, disconnect, close the store."""
        if self._warming is not None and not self._warming.done():
            self._warming.cancel()
        use_command_mentions(None)
        await self.backlog.stop()
        await self.interactions.drain()
        await self.scheduler.stop()
        await self.service.close()
        await self.publisher.close()
        if self.web is not None:
            await self.web.close()
        if self._web_worker is not None:
            await self._web_worker.close()
        await super().close()
        await self.renderer.close()
        await self.store.close()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot on the shards its settings name (SHARD_COUNT, SHARD_IDS): one gateway
    connection per shard, each receiving only its servers' events."""

    def __init__(self, config: Config, **options: Any) -> None:
        super().__init__(config, **options)
        self._identify_buckets = 1  # Discord's max_concurrency, read at start
        self._identified: dict[int, float] = {}  # bucket -> when a shard of it identified

    async def setup_hook(self) -> None:
        """Learn how many shards may identify at once, then set up as GameBot does."""
        try:
            limits = await self.fetch_session_start_limits()
            self._identify_buckets = max(1, limits.max_concurrency)
        except discord.DiscordException:
            log.warning("Discord did not say how many shards may connect at once; one by one")
        await super().setup_hook()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Space IDENTIFYs as Discord asks: at most one every 5 s per bucket
        (`shard_id % max_concurrency`), rather than discord.py's 5 s between any two."""
        bucket = (shard_id or 0) % self._identify_buckets
        last = self._identified.get(bucket)
        if last is not None:
            wait = last + IDENTIFY_INTERVAL - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
        self._identified[bucket] = time.monotonic()
