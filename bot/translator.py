"""Slash commands in the user's language: discord.py's Translator over the locale catalogs.

Each command, group, parameter, description and choice is a `locale_str` whose message is
the English text; the French text is the catalog key "cmd.<English text>".
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.adapter import adapters
from bot.i18n import BOT, LANGUAGES, language


class CatalogTranslator(app_commands.Translator):
    """Translates command texts from the bot's and every game's catalogue (`cmd-…` ids)."""

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
        for catalog in [*(a.catalog for a in adapters().values()), BOT]:
            found = catalog.command(string.message, lang)
            if found is not None:
                return found
        return None
