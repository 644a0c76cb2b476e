"""The answers to a click that the bot sends most often, without building the message back.

discord.py's `InteractionResponse.edit_message` and `defer` ask Discord to send the resulting
message back (`with_response=1`) and build a `Message` of it, components and all: about a
third of a click's own CPU time here, for a message the bot never reads. These two answers are
the same requests without that query (Discord then answers 204, no body), built with
discord.py's own payload helpers, and they mark the interaction as answered exactly as
discord.py does (`is_done()`, `edit_original_response` and follow-ups work as before).

Likewise the follow-ups the publisher sends and edits through a click's webhook (a turn
message, its edits): `followup.send(wait=True)`, `Webhook.edit_message` and
`edit_original_response` build a `Message` of Discord's answer, a Components V2 layout parsed
item by item, when the bot needs at most its id. `send` and `edit` are the same requests,
reading only that.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.http import MultipartParameters, Route, handle_message_parameters
from discord.utils import MISSING
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


async def send(interaction: Interaction, **message: Any) -> int:
    """Send a follow-up of `interaction` (`message`: content, view, files, allowed_mentions,
    as `Webhook.send` takes them, not ephemeral) and return the new message's id."""
    view = message.get("view", MISSING)
    with handle_message_parameters(
        previous_allowed_mentions=interaction._state.allowed_mentions, **message
    ) as params:
        data = await async_context.get().execute_webhook(
            interaction.application_id,
            interaction.token,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            wait=True,
            with_components=view is not MISSING,
            **_where(interaction),
        )
    if not isinstance(data, dict) or "id" not in data:
        raise discord.DiscordException("a follow-up was sent but Discord gave no message id")
    return int(data["id"])


async def edit(interaction: Interaction, message_id: int | None, **changes: Any) -> None:
    """Edit a message of `interaction`'s webhook: one of its follow-ups, or with None its
    original response (`changes`: view, attachments, content, allowed_mentions)."""
    view = changes.get("view", MISSING)
    with handle_message_parameters(
        previous_allowed_mentions=interaction._state.allowed_mentions, **changes
    ) as params:
        adapter = async_context.get()
        common: dict[str, Any] = {
            "payload": params.payload,
            "multipart": params.multipart,
            "files": params.files,
            **_where(interaction),
        }
        if message_id is None:
            await adapter.edit_original_interaction_response(
                interaction.application_id, interaction.token, **common
            )
        else:
            await adapter.edit_webhook_message(
                interaction.application_id,
                interaction.token,
                message_id,
                with_components=view is not MISSING,
                **common,
            )


def _where(interaction: Interaction) -> dict[str, Any]:
    http = interaction._state.http
    return {"session": interaction._session, "proxy": http.proxy, "proxy_auth": http.proxy_auth}


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
    where = _where(interaction)
    adapter = async_context.get()
    if params.files:
        await adapter.request(route, files=params.files, multipart=params.multipart, **where)
    else:
        await adapter.request(route, payload=params.payload, **where)
