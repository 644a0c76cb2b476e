"""Clicks read from the gateway (bot.gateway): the clicked message is built only when read,
and then as discord.py builds it; the click itself is routed from the payload alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.gateway import Click, clicked_message_id
from tests.bot.harness import (
    current_turn,
    mover,
    running_bot,
    turn_control,
    two_player_game,
    use_control,
    world,
)


async def test_a_click_is_routed_without_building_its_message(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        seen: list[tuple[discord.Interaction[Any], bool]] = []

        async def capture(interaction: discord.Interaction[Any]) -> None:
            # Runs after the bot's own on_interaction reached its first wait: the click is
            # routed and being acted on by then.
            if interaction.type is discord.InteractionType.component:
                built = isinstance(interaction, Click) and interaction._message_built
                seen.append((interaction, built))

        bot.add_listener(capture, "on_interaction")
        await two_player_game(w)
        await bot.service.idle()
        await bot.publisher.idle()
        message = current_turn(w)
        assert message is not None
        record = await use_control(w, mover(w, message), message, turn_control(message))
        await record.wait_done()
        await bot.service.idle()
        await bot.publisher.idle()
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None and game.seq >= 1  # the click was acted on

        (click, built), *_ = seen
        assert isinstance(click, Click) and not built
        assert clicked_message_id(click) == message.id
        # Read, the message is what discord.py builds of the payload: id, guild, layout.
        built_message = click.message
        assert built_message is not None and built_message.id == message.id
        assert built_message.guild is not None and built_message.guild.id == w.guild.id
        again = discord.Message(
            state=click._state,
            channel=click.channel,  # type: ignore[arg-type]
            data=click.message_data(),  # type: ignore[arg-type]
        )
        assert [c.to_dict() for c in built_message.components] == [
            c.to_dict() for c in again.components
        ]
        assert click.message is built_message  # built once
