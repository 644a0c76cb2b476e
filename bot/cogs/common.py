"""What every game's command group shares: autocomplete from legal actions, action texts."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[str]]


def options_for(
    verb: str, index: int, previous: Sequence[str] = ()
) -> Callable[[Interaction, str], Coroutine[Any, Any, Choices]]:
    """An autocomplete callback for argument `index` of `verb` (earlier arguments filter)."""

    async def complete(interaction: Interaction, current: str) -> Choices:
        filled = [str(getattr(interaction.namespace, name, "") or "") for name in previous]
        pairs = await interaction.client.handlers.autocomplete(
            interaction, verb, index, current, filled
        )
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    return complete


async def any_action(interaction: Interaction, current: str) -> Choices:
    """Autocomplete of a `do` command: every legal action of the user, described."""
    pairs = await interaction.client.handlers.all_actions(interaction, current)
    return [app_commands.Choice(name=label, value=value) for label, value in pairs]


def text(*words: object) -> str:
    """An action text from its words (None words are left out)."""
    return " ".join(str(w).strip().lower() for w in words if w is not None and str(w).strip())
