"""/game help and /game rules: how to play here, and the rules of the game in play."""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.adapter import adapter_for, adapters, commands_not_in_play, help_text
from bot.errors import send_ephemeral, user_lang
from bot.i18n import BOT, t
from bot.interactions.base import (
    Interaction,
    Room,
    admitted,
    channel_id,
)
from bot.service import BotError

log = logging.getLogger(__name__)


class Guide(Room):
    """Help and rules, privately, in the reader's language."""

    @admitted
    async def help(self, interaction: Interaction) -> None:
        """/game help: how to play here on Discord and what every command does, privately, in
        the asker's language, for the channel's game (or every game when there is none)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        mention = self.deps.commands.mention
        game = None
        if interaction.guild_id is not None and interaction.channel_id is not None:
            with contextlib.suppress(BotError):
                game = await self.service.game_in(channel_id(interaction), finished=True)
        parts: list[str] = []
        if game is not None:
            adapter = adapter_for(game.game)
            title = t("help.title_game", lang, game=adapter.title(lang), id=game.id)
        else:
            title = t("help.title", lang)
            parts.append(t("help.games", lang, new=mention("game new")))
            for name, each in adapters().items():
                allowed = each.engine.players({})
                parts.append(
                    t(
                        "help.game_line",
                        lang,
                        game=each.title(lang),
                        value=name,
                        low=allowed.start,
                        high=allowed.stop - 1,
                    )
                )
            parts.append("")
        parts.append(
            t(
                "help.discord",
                lang,
                hand=mention("game hand"),
                board=mention("game board"),
                notify=mention("game notify"),
                reminders=mention("game reminders"),
                status=mention("game status"),
                rules=mention("game rules"),
            )
        )
        if game is not None:
            adapter = adapter_for(game.game)
            parts += ["", help_text(adapter, lang, mention)]
            parts += ["", t("help.game_commands", lang, game=adapter.title(lang))]
            hidden = commands_not_in_play(adapter, game.options)
            parts += self.command_lines(adapter.command, lang, hidden)
        parts += ["", t("help.commands", lang)]
        parts += self.command_lines("game", lang)
        await self.send_long(interaction, "\n".join(parts), title=title)

    @admitted
    async def rules(self, interaction: Interaction) -> None:
        """/game rules: the rules of this channel's game (or of every game) in short."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        game = None
        if interaction.channel_id is not None:
            with contextlib.suppress(BotError):
                game = await self.service.game_in(channel_id(interaction), finished=True)
        if game is not None:
            adapter = adapter_for(game.game)
            view = None
            if game.status != "lobby":
                view = await self.service.view_for(game, None)
            detail = adapter.rules_detail(game.options, view, lang)
            text = "\n\n".join([adapter.rules(game.options, lang), "\n".join(detail)])
        else:
            text = "\n\n".join(
                "\n\n".join([a.rules({}, lang), "\n".join(a.rules_detail({}, None, lang))])
                for a in adapters().values()
            )
        await self.send_long(interaction, text.strip())

    async def send_long(
        self, interaction: Interaction, text: str, *, title: str | None = None
    ) -> None:
        """A long private answer as embeds within Discord's limits (4096 characters per
        description, 6000 per message, 10 embeds), in as many messages as it needs."""
        pages = _pages(text, EMBED_TEXT)
        batch: list[discord.Embed] = []
        size = 0
        for number, page in enumerate(pages):
            embed = discord.Embed(
                title=title if number == 0 and title else None,
                description=page,
                colour=EMBED_COLOUR,
            )
            weight = len(page) + (len(title) if number == 0 and title else 0)
            if batch and (size + weight > EMBEDS_PER_MESSAGE_TEXT or len(batch) == 10):
                await send_ephemeral(interaction, "", embeds=batch)
                batch, size = [], 0
            batch.append(embed)
            size += weight
        if batch:
            await send_ephemeral(interaction, "", embeds=batch)

    def command_lines(
        self, group: str, lang: str, hidden: frozenset[str] = frozenset()
    ) -> list[str]:
        """Every subcommand of a slash-command group as "mention: what it does" lines, but
        those in `hidden` (not used by the variant in play)."""
        found = self.deps.tree.get_command(group)
        if not isinstance(found, discord.app_commands.Group):
            return []
        catalogs = [a.catalog for a in adapters().values() if a.command == group]
        mention = self.deps.commands.mention
        lines = []
        for command in found.commands:
            if command.name in hidden:
                continue
            text = command.description
            for catalog in [*catalogs, BOT]:
                translated = catalog.command(text, lang) if lang != "en" else None
                if translated:
                    text = translated
                    break
            lines.append(f"{mention(f'{group} {command.name}')} — {text}")
        return lines


EMBED_TEXT = 4000  # characters per embed description (Discord allows 4096)
EMBEDS_PER_MESSAGE_TEXT = 5800  # characters of all embeds of one message (Discord: 6000)
EMBED_COLOUR = discord.Colour(0x8B5A2B)


def _pages(text: str, limit: int) -> list[str]:
    """`text` cut into pages of at most `limit` characters, at line breaks when possible
    (a blank line first), never inside a word unless a line has no room at all."""
    pages: list[str] = []
    rest = text.strip("\n")
    while len(rest) > limit:
        cut = rest.rfind("\n\n", 0, limit)
        if cut < limit // 2:
            cut = rest.rfind("\n", 0, limit)
        if cut < limit // 2:
            cut = rest.rfind(" ", 0, limit)
        if cut <= 0:
            cut = limit
        pages.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip("\n ")
    if rest:
        pages.append(rest)
    return pages
