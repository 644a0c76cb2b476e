"""Clicks as the bot reads them from the gateway: the clicked message is built only if read.

A click's INTERACTION_CREATE carries the whole clicked message. discord.py builds a `Message`
of it at once, components and all (a turn message's layout, its selects' 25 options each),
when all a click needs is the message's id and the one component clicked. `install` has the
bot's connection read component interactions as `Click`s, which build that `Message` only
when something reads `interaction.message` (a click answered late, whose controls are
removed, say), and hand them to the bot's `on_interaction` only: the bot routes its buttons
and selects itself (`bot.ui.route_click`), so discord.py's view store has nothing to
dispatch. Every other interaction is read by discord.py as before.
"""

from __future__ import annotations

from typing import Any

import discord

# The slot in which discord.Interaction keeps its message.
_MESSAGE_SLOT: Any = discord.Interaction.__dict__["message"]
COMPONENT = 3  # Discord: the interaction type of a click on a button or a select


class Click(discord.Interaction[Any]):
    """A component interaction whose `message` is built from its payload on first read."""

    __slots__ = ("_message_built", "_message_data")

    def _from_data(self, data: Any) -> None:
        raw = data.get("message")
        self._message_data: dict[str, Any] | None = raw if isinstance(raw, dict) else None
        # discord.py reads `message` as it reads the rest: there is none to build yet.
        self._message_built = True
        rest: Any = {k: v for k, v in data.items() if k != "message"}
        super()._from_data(rest)
        self._message_built = self._message_data is None

    @property
    def message(self) -> discord.Message | None:
        """The clicked message (built from the payload the first time it is read)."""
        if not self._message_built:
            self._message_built = True
            message = discord.Message(
                state=self._state,
                channel=self.channel,  # type: ignore[arg-type]
                data=self._message_data,  # type: ignore[arg-type]
            )
            if message.guild is None and self.guild_id:
                # As discord.py does: the interaction's guild where the payload has none.
                message.guild = self.guild
            _MESSAGE_SLOT.__set__(self, message)
        found: discord.Message | None = _MESSAGE_SLOT.__get__(self, type(self))
        return found

    @message.setter
    def message(self, value: discord.Message | None) -> None:
        _MESSAGE_SLOT.__set__(self, value)

    def message_data(self) -> dict[str, Any] | None:
        """The clicked message as the payload carries it (not to be changed)."""
        return self._message_data


def clicked_message_id(interaction: discord.Interaction[Any]) -> int | None:
    """The id of the message a click was on, without building that message."""
    if isinstance(interaction, Click):
        data = interaction.message_data()
        if data is None:
            return None
        try:
            return int(data["id"])
        except (KeyError, TypeError, ValueError):
            return None
    message = interaction.message
    return message.id if message is not None else None


def install(client: discord.Client) -> None:
    """Have `client` read component interactions as `Click`s, dispatched to its
    `on_interaction` only (see the module's docstring)."""
    state = client._connection
    original = state.parsers["INTERACTION_CREATE"]

    def parse_interaction_create(data: Any) -> None:
        if data.get("type") != COMPONENT:
            original(data)
            return
        state.dispatch("interaction", Click(data=data, state=state))

    state.parsers["INTERACTION_CREATE"] = parse_interaction_create
