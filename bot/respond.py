"""The answers to a click that the bot sends most often, without asking for the message back.

discord.py's `InteractionResponse.edit_message` and `defer` ask Discord to send the resulting
message back (`with_response=1`) and build a `Message` of it, components and all: about a
third of a click's own CPU time here, for a message the bot never reads. These two answers are
the same requests without that query (Discord then answers 204, no body), built with
discord.py's own payload helpers, and they mark the interaction as answered exactly as
discord.py does (`is_done()`, `edit_original_response` and follow-ups work as before).
"""

from __future__ import annotations

from typing import Any

import discord
from discord.http import MultipartParameters, Route
from discord.webhook.async_ import (
    async_context,
    interaction_message_response_params,
    interaction_response_params,
)

Interaction = discord.Interaction[Any]


async def update(interaction: Interaction, **edit: Any) -> None:
    """Answer a click by editing the clicked message (`edit`: view, attachments, content,
    allowed_mentions, as `InteractionResponse.edit_message` takes them)."""
    _not_answered(interaction)
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value,
        previous_allowed_mentions=interaction._state.allowed_mentions,
        **edit,
    )
    await _post(interaction, params)
    interaction.response._response_type = discord.InteractionResponseType.message_update


async def acknowledge(interaction: Interaction) -> None:
    """Answer a click without changing anything yet (a deferred update: the clicked message
    may be edited later through the interaction's webhook)."""
    _not_answered(interaction)
    kind = discord.InteractionResponseType.deferred_message_update
    await _post(interaction, interaction_response_params(type=kind.value))
    interaction.response._response_type = kind


def _not_answered(interaction: Interaction) -> None:
    if interaction.response.is_done():
        raise discord.InteractionResponded(interaction)


async def _post(interaction: Interaction, params: MultipartParameters) -> None:
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    http = interaction._state.http
    where: dict[str, Any] = {
        "session": interaction._session,
        "proxy": http.proxy,
        "proxy_auth": http.proxy_auth,
    }
    adapter = async_context.get()
    if params.files:
        await adapter.request(route, files=params.files, multipart=params.multipart, **where)
    else:
        await adapter.request(route, payload=params.payload, **where)
