"""Slash commands in the user's language: discord.py's Translator over the locale catalogs.

Each command, group, parameter, description and choice is a `locale_str` whose message is
the English text; the French text is the catalog key "cmd.<English text>". A text of a game's
command group is looked up in that game's catalogue first, then in the bot's (which holds the
texts every game's group shares: `do`, `action`…); a text of `/game` in the bot's catalogue. A
game's name, wherever a command offers it, is the game's own `game-title` text: no catalogue
needs it again as a command text.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapter import GameAdapter, adapters
from bot.i18n import BOT, LANGUAGES, Catalog, language


def _owner(context: app_commands.TranslationContextTypes) -> GameAdapter | None:
    """The game whose command group the text belongs to, when the context says."""
    data: Any = context.data
    if isinstance(data, app_commands.Parameter):
        data = data.command
    if isinstance(data, app_commands.Command | app_commands.Group):
        root = data.root_parent or data
        return next((a for a in adapters().values() if a.command == root.name), None)
    return None


def _titles() -> dict[str, GameAdapter]:
    return {a.title("en"): a for a in adapters().values()}


class CatalogTranslator(app_commands.Translator):
    """Translates command texts from the catalogue of the command's owner (`cmd-…` ids)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The text in `locale`, or None to keep the English default."""
        lang = language(locale)
        if lang == "en" or lang not in LANGUAGES:
            return None
        game = _titles().get(string.message)
        if game is not None:
            return game.title(lang)
        owner = _owner(context)
        catalogs: list[Catalog]
        if owner is not None:
            catalogs = [owner.catalog, BOT]
        elif isinstance(context.data, app_commands.Choice):
            # A choice does not say whose command offers it: the bot's texts, then each
            # game's.
            catalogs = [BOT, *(a.catalog for a in adapters().values())]
        else:
            catalogs = [BOT]
        for catalog in catalogs:
            found = catalog.command(string.message, lang)
            if found is not None:
                return found
        return None
