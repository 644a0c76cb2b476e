"""A game's history: /game log, catchup, export, replay and the server's /game stats."""

from __future__ import annotations

import io
import json
import logging

import discord

from bot.adapter import adapter_for
from bot.compose import names_of
from bot.errors import send_ephemeral, user_lang
from bot.i18n import t
from bot.interactions.base import (
    Interaction,
    Room,
    admitted,
    channel_id,
    fit,
    require_guild,
)
from bot.service import BotError
from bot.store import GameRow
from bot.ui import board_files, layout

log = logging.getLogger(__name__)


class History(Room):
    """What happened, as text, records and boards of earlier turns."""

    async def history_lines(self, game: GameRow, lang: str) -> list[str]:
        """The public history of a game as text lines, oldest first."""
        from bot.compose import public_lines

        adapter = adapter_for(game.game)
        names = names_of(game)
        lines: list[str] = []
        # Each action anyone could see is numbered in turn (the set-up is 0): the store's seq
        # would count the private answers of a secret window as well, and tell how many.
        number = 0
        for seq, events in await self.service.history_events(game):
            told = public_lines(adapter, events, names, lang)
            if not told:
                continue
            if seq > 0:
                number += 1
            lines.extend(f"`#{number}` {line}" for line in told)
        return lines

    @admitted
    async def log(self, interaction: Interaction, page: int | None) -> None:
        """/game log: the history as text, a page at a time (public events only)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.game_in(channel_id(interaction), finished=True)
        lang = user_lang(interaction)
        lines = await self.history_lines(game, lang)
        per_page = 25
        pages = max(1, -(-len(lines) // per_page))
        number = pages if page is None else max(1, min(page, pages))
        chunk = lines[(number - 1) * per_page : number * per_page]
        header = t("log.title", lang, id=game.id, page=number, pages=pages)
        body = "\n".join(chunk) if chunk else t("log.empty", lang)
        await interaction.followup.send(fit(header + "\n" + body), ephemeral=True)

    @admitted
    async def export(self, interaction: Interaction) -> None:
        """/game export: the game record as a JSON file, as the requester's seat may see it
        (the seed and every private decision once the game has ended)."""
        from bot.records import game_record

        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.started_game_in(channel_id(interaction))
        player = game.player_of(interaction.user.id)
        seat = player.seat if player is not None else None
        record = await game_record(self.service, game, viewer=seat)
        data = json.dumps(record, indent=1, ensure_ascii=False).encode()
        lang = user_lang(interaction)
        note = t("export.note" if record["seed"] is None else "export.note_seed", lang)
        await interaction.followup.send(
            note,
            file=discord.File(io.BytesIO(data), f"{game.game}-game-{game.id}.json"),
            ephemeral=True,
        )

    @admitted
    async def replay(
        self, interaction: Interaction, turn: int, record_file: discord.Attachment | None
    ) -> None:
        """/game replay: the board at the end of an earlier turn, from a game record."""
        from bot.records import MAX_RECORD_BYTES, game_record, replay

        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        if record_file is not None:
            if not isinstance(record_file, discord.Attachment):
                # The payload named a file it does not carry (discord.py passes a bare id).
                raise BotError("record_missing")
            if record_file.size > MAX_RECORD_BYTES:
                raise BotError("record_unreadable")
            try:
                record = json.loads(await record_file.read())
            except (ValueError, discord.HTTPException):
                raise BotError("record_unreadable") from None
            if not isinstance(record, dict):
                raise BotError("record_unreadable")
            names = [
                str(p.get("name", "?"))
                for p in sorted(
                    (p for p in record.get("players") or [] if isinstance(p, dict)),
                    key=lambda p: p.get("seat", 0) if isinstance(p.get("seat"), int) else 0,
                )
            ]
        else:
            game = await self.service.started_game_in(channel_id(interaction))
            record = await game_record(self.service, game, viewer=None, full=True)
            names = list(names_of(game))
        view, events = replay(record, turn)
        game_name = str(record["game"])
        adapter = adapter_for(game_name)
        parts, summary = await self.deps.renderer.board_parts(game_name, view, names, lang)
        files, boards = board_files(
            parts,
            summary,
            lambda part: f"turn-{turn}.png" if part == "board" else f"turn-{turn}-{part}.png",
        )
        lines = [adapter.narrate(e, names, lang) for e in events]
        title = t("replay.title", lang, turn=turn, id=record.get("id", "?"))
        story = fit("\n".join(line for line in lines if line), 3000)
        await interaction.followup.send(
            files=files, view=layout(title, story, boards=boards), ephemeral=True
        )

    @admitted
    async def stats(self, interaction: Interaction) -> None:
        """/game stats: the server's games played, wins per player, average length."""
        from bot.records import server_stats

        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        figures = await server_stats(self.service, guild, lang)
        lines = [
            t(
                "stats.title",
                lang,
                played=figures["played"],
                active=figures["active"],
                abandoned=figures["abandoned"],
            )
        ]
        if figures["average_turns"] is not None:
            lines.append(
                t(
                    "stats.length",
                    lang,
                    turns=figures["average_turns"],
                    days=figures["average_days"] if figures["average_days"] is not None else "?",
                )
            )
        for who_, count in figures["wins"][:15]:
            lines.append(
                t(
                    "stats.wins",
                    lang,
                    player=who_,
                    count=count,
                    played=figures["games_per_player"].get(who_, count),
                )
            )
        await interaction.followup.send(
            fit("\n".join(lines)), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @admitted
    async def catchup(self, interaction: Interaction) -> None:
        """/game catchup: what happened since your last turn, privately."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game, seat = await self.my_seat(interaction)
        lang = user_lang(interaction)
        text = await self.catchup_text(game, seat, lang, lines=12)
        await send_ephemeral(interaction, fit(text))

    async def catchup_text(self, game: GameRow, seat: int, lang: str, *, lines: int) -> str:
        """The digest of what happened since a seat's last turn, and the newest lines."""

        adapter = adapter_for(game.game)
        names = names_of(game)
        since = await self.service.events_since_last_turn(game, seat)
        events = [e for _, batch in since for e in batch if "visible_to" not in e]
        digest = adapter.digest(events, seat, names, lang)
        story = [line for e in events if (line := adapter.narrate(e, names, lang))]
        head = t("catchup.title", lang, count=len(since))
        return "\n".join([head, *([digest] if digest else []), *story[-lines:]])
