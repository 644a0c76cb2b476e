"""Components V2 through the double, with the real discord.py: sent, stored, read back, used."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

from discord_double.player import components, turn_choices, turn_seq
from tests.double.helpers import connected, space

V2 = 1 << 15


def png(width: int = 6, height: int = 4) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "purple").save(buffer, "PNG")
    return buffer.getvalue()


BOARD = png()


class Card(discord.ui.LayoutView):
    """A turn card: a container with text, the board image, a separator and controls."""

    def __init__(self, *, title: str = "## Turn 7", seq: int = 7) -> None:
        super().__init__(timeout=None)
        peek = discord.ui.Button[Any](label="Peek", custom_id="v2:peek")
        peek.callback = self.peek  # type: ignore[method-assign]
        move = discord.ui.Button[Any](label="Move", custom_id=f"rt:1:{seq}:a:move")
        move.callback = self.move  # type: ignore[method-assign]
        region = discord.ui.Select[Any](
            custom_id=f"rc:1:{seq}:region",
            options=[discord.SelectOption(label=n, value=n) for n in ("Gallia", "Iberia")],
        )
        region.callback = self.pick  # type: ignore[method-assign]
        self.region = region
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay(title),
                discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")),
                discord.ui.Separator(),
                discord.ui.Section(discord.ui.TextDisplay("Plague in Gallia"), accessory=peek),
                discord.ui.ActionRow(move),
                discord.ui.ActionRow(region),
                accent_colour=0x7B2D26,
            )
        )

    async def move(self, interaction: discord.Interaction[Any]) -> None:
        # Edits the V2 message in place; the board attachment stays referenced.
        await interaction.response.edit_message(view=Card(title="## Turn 8", seq=8))

    async def pick(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"picked {self.region.values}", ephemeral=True)

    async def peek(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(Peek())


class Peek(discord.ui.Modal, title="Peek"):
    note = discord.ui.TextInput[Any](label="Note", custom_id="note")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"noted {self.note.value}", ephemeral=True)


class Notice(discord.ui.LayoutView):
    """A text-only V2 answer."""

    def __init__(self, text: str) -> None:
        super().__init__(timeout=None)
        self.add_item(discord.ui.Container(discord.ui.TextDisplay(text)))


class CardBot(commands.Bot):
    """Answers /card with a V2 card (board attached), /later with a private V2 follow-up."""

    def __init__(self) -> None:
        super().__init__(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.01
        )
        self.errors: list[BaseException] = []
        # Messages as discord.py parsed them from MESSAGE_CREATE and MESSAGE_UPDATE.
        self.created: list[discord.Message] = []
        self.updated: list[discord.Message] = []

    async def on_message(self, message: discord.Message) -> None:
        self.created.append(message)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        self.updated.append(payload.message)

    async def setup_hook(self) -> None:
        @app_commands.command(name="card", description="Show the turn card")
        async def card(interaction: discord.Interaction[Any]) -> None:
            board = discord.File(io.BytesIO(BOARD), "board.png")
            await interaction.response.send_message(view=Card(), file=board)

        @app_commands.command(name="later", description="Defer, then a private V2 follow-up")
        async def later(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(view=Notice("only for you"), ephemeral=True)
            await interaction.followup.send(view=Notice("and one more"), ephemeral=True)

        self.tree.add_command(card)
        self.tree.add_command(later)
        await self.tree.sync()

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        import sys

        error = sys.exc_info()[1]
        if error is not None:
            self.errors.append(error)


async def text_channel(bot: discord.Client, channel_id: int) -> discord.TextChannel:
    channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_a_v2_card_is_stored_read_back_and_used_like_a_legacy_message() -> None:
    async with space() as s, connected(s.double, CardBot(), commands=True) as bot:
        assert isinstance(bot, CardBot)
        d = s.double
        channel = await text_channel(bot, s.channel.id)
        sent = await channel.send(view=Card(), file=discord.File(io.BytesIO(BOARD), "board.png"))

        message = d.message(sent.id)
        assert message.flags & V2 and message.content == "" and message.embeds == []
        [container] = message.components
        assert [c["type"] for c in container["components"]] == [10, 12, 14, 9, 1, 1]
        assert container["accent_color"] == 0x7B2D26
        # As sent, numbered as Discord numbers them.
        gallery = container["components"][1]
        assert gallery["items"][0]["media"] == {"url": "attachment://board.png"}
        assert sorted(c["id"] for c in message.walk_components()) == list(range(1, 12))
        # What a person reads and sees.
        assert message.text == "## Turn 7\nPlague in Gallia"
        assert [a.filename for a in message.media] == ["board.png"]
        assert message.media[0].data == BOARD
        # The player helpers find controls at any depth.
        assert [c["custom_id"] for c in components(message)] == [
            "v2:peek",
            "rt:1:7:a:move",
            "rc:1:7:region",
        ]
        assert turn_seq(message) == 7
        assert [c["custom_id"] for c in turn_choices(message)] == ["rt:1:7:a:move", "rc:1:7:region"]

        # discord.py parses the answer to its request, the gateway event and a fetch.
        await d.wait_for(lambda: [m for m in bot.created if m.id == sent.id])
        [event] = [m for m in bot.created if m.id == sent.id]
        for read in (sent, event, await channel.fetch_message(sent.id)):
            assert read.flags.components_v2
            [parsed] = read.components
            assert isinstance(parsed, discord.components.Container)
            assert parsed.accent_colour == discord.Colour(0x7B2D26)
            text, media, separator, section, row, select_row = parsed.children
            assert isinstance(text, discord.components.TextDisplay)
            assert text.content == "## Turn 7"
            assert isinstance(media, discord.components.MediaGalleryComponent)
            attachment = message.attachments[0]
            unfurled = media.items[0].media
            assert unfurled.url == attachment.url and unfurled.attachment_id == attachment.id
            assert (unfurled.width, unfurled.height) == (6, 4)
            assert isinstance(separator, discord.components.SeparatorComponent)
            assert isinstance(section, discord.components.SectionComponent)
            assert isinstance(section.accessory, discord.components.Button)
            assert section.accessory.custom_id == "v2:peek"
            assert isinstance(row, discord.components.ActionRow)
            assert isinstance(select_row.children[0], discord.components.SelectMenu)
        rebuilt = discord.ui.LayoutView.from_message(sent)
        assert len(list(rebuilt.walk_children())) == 11

        # A select inside a container.
        picked = await (await d.select(s.alice, message, "rc:1:7:region", ["Iberia"])).wait_done()
        assert picked.ephemeral and picked.content == "picked ['Iberia']"

        # A button that is a section's accessory opens a modal.
        opened = await (await d.click(s.alice, message, label="Peek")).wait_acked()
        assert opened.modal is not None
        submitted = await (await d.submit_modal(s.alice, opened, {"note": "rats"})).wait_done()
        assert submitted.content == "noted rats"

        # A button in a container's action row edits the V2 message in place.
        moved = await (await d.click(s.bob, message, "rt:1:7:a:move")).wait_done()
        assert moved.ack_type == 7 and moved.message is message
        assert message.text == "## Turn 8\nPlague in Gallia" and message.flags & V2
        assert [a.filename for a in message.media] == ["board.png"]
        assert turn_seq(message) == 8 and len(message.edits) == 1
        await d.wait_for(lambda: bot.updated)
        [container] = bot.updated[-1].components
        assert isinstance(container, discord.components.Container)
        assert isinstance(container.children[0], discord.components.TextDisplay)
        assert container.children[0].content == "## Turn 8"

        # An edit through REST, and a plain message turned into a V2 one (its content
        # cleared, as Discord requires).
        await sent.edit(view=Card(title="## Turn 9", seq=9))
        assert message.text == "## Turn 9\nPlague in Gallia" and len(message.edits) == 2
        plain = await channel.send("plain")
        edited = await plain.edit(content=None, view=Notice("now a card"))
        assert edited.flags.components_v2 and d.message(plain.id).text == "now a card"
        assert bot.errors == []


async def test_interaction_responses_and_follow_ups_carry_v2() -> None:
    async with space() as s, connected(s.double, CardBot(), commands=True) as bot:
        assert isinstance(bot, CardBot)
        d = s.double
        card = await (await d.slash(s.alice, s.channel, "card")).wait_done()
        assert card.message is not None and card.message.flags & V2 and not card.ephemeral
        assert card.text == "## Turn 7\nPlague in Gallia"
        assert [a.filename for a in card.message.media] == ["board.png"]

        later = await (await d.slash(s.bob, s.channel, "later")).wait_done()
        await d.wait_for(lambda: len(later.followups) == 1)
        # The first follow-up fills the private "thinking" message; the next is new.
        assert later.message is later.original and later.original is not None
        assert later.original.flags & V2 and later.original.ephemeral
        assert later.original.text == "only for you"
        assert later.followups[0].text == "and one more" and later.followups[0].flags & V2
        assert bot.errors == []
