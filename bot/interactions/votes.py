"""What the other players may be asked to agree to: /game takeover, takeback, undo and their
votes; the buttons of a stalled game's notice."""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.compose import game_lang
from bot.errors import announce, send_ephemeral, user_lang
from bot.i18n import t
from bot.interactions.base import (
    Interaction,
    Room,
    admitted,
    channel_id,
    check_ids,
    require_guild,
    user_ref,
)
from bot.service import BotError
from bot.store import GameRow, RequestRow
from bot.ui import request_view

log = logging.getLogger(__name__)


class Votes(Room):
    """Stand-ins, undo and their votes; a stalled game's choices."""

    @admitted
    async def takeover(self, interaction: Interaction, member: discord.abc.User) -> None:
        """/game takeover: the AI plays for a player (consent needed unless obvious)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        request = await self.service.votes.takeover(
            channel_id(interaction), user_ref(interaction), member.id
        )
        game = await self.service.game_in(channel_id(interaction))
        if request is None:
            await announce(
                interaction,
                t("posted", user_lang(interaction)),
                t("takeover.done", game_lang(game), player=member.mention),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await self._post_request(
            interaction,
            game,
            request.id,
            request.needed,
            t("takeover.ask", game_lang(game), player=member.mention, by=interaction.user.mention),
        )

    @admitted
    async def takeback(
        self, interaction: Interaction, member: discord.abc.User | None = None
    ) -> None:
        """/game takeback: a player takes their seat back from the AI; a newcomer takes the seat
        of a player who left (`member`), once the people still playing agree."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.service.votes.takeback(
            channel_id(interaction),
            user_ref(interaction),
            seat_of=member.id if member is not None else None,
        )
        if isinstance(found, RequestRow):
            game = await self.service.game_in(channel_id(interaction))
            if found.status == "done":
                await announce(
                    interaction,
                    t("posted", user_lang(interaction)),
                    t("takeback.done", game_lang(game), player=interaction.user.mention),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
            await self._post_request(
                interaction,
                game,
                found.id,
                found.needed,
                t(
                    "takeback.ask",
                    game_lang(game),
                    player=interaction.user.mention,
                    seat=member.mention if member is not None else "?",
                ),
            )
            return
        await announce(
            interaction,
            t("posted", user_lang(interaction)),
            t("takeback.done", game_lang(found), player=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @admitted
    async def undo(self, interaction: Interaction) -> None:
        """/game undo: take back your last action (with the others' consent)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        request, _ = await self.service.votes.request_undo(
            channel_id(interaction), user_ref(interaction)
        )
        lang = user_lang(interaction)
        if request is None:
            await send_ephemeral(interaction, t("undo.done", lang))
            return
        game = await self.service.game_in(channel_id(interaction))
        await self._post_request(
            interaction,
            game,
            request.id,
            request.needed,
            t(
                "undo.ask",
                game_lang(game),
                player=interaction.user.mention,
                since=int(request.note.get("since", 0)),
            ),
        )

    async def _post_request(
        self,
        interaction: Interaction,
        game: GameRow,
        request_id: int,
        needed: list[int],
        text: str,
    ) -> None:
        who_ = ", ".join(f"<@{u}>" for u in needed)
        message = await announce(
            interaction,
            t("posted.request", user_lang(interaction)),
            text + "\n" + t("request.needed", game_lang(game), who=who_),
            view=request_view(request_id, game_lang(game)),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        await self.service.requests.update(request_id, message_id=message.id)

    @admitted
    async def vote(self, interaction: Interaction, request_id: int, agree: bool) -> None:
        """An Agree / Refuse button of a request."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            check_ids(request_id)
            request = await self.service.requests.get(request_id)
            if request is None:
                raise BotError("request_closed")
            await self.game_here(interaction, request.game_id)
            status, request, _ = await self.service.votes.answer(
                request_id, user_ref(interaction), agree
            )
            game = await self.service.store.get_game(request.game_id)
            glang = game_lang(game)
            lang = user_lang(interaction)
            if status == "waiting":
                await interaction.followup.send(t("request.counted", lang), ephemeral=True)
                return
            await interaction.followup.send(t(f"request.{status}", lang), ephemeral=True)
            if request.message_id:
                channel = self.deps.client.get_partial_messageable(game.channel_id)
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(request.message_id).edit(
                        content=t(
                            f"request.closed_{status}",
                            glang,
                            kind=t(f"request.kind_{request.kind}", glang),
                        ),
                        view=None,
                    )
        except Exception as exc:
            await self.fail(interaction, exc)

    @admitted
    async def stall_choice(
        self, interaction: Interaction, game_id: int, seq: int, choice: str
    ) -> None:
        """A button of a stalled game's notice: any person playing may choose; ending the game
        is its creator's (or Manage Server's) choice, as with /game abandon."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            check_ids(game_id, seq)
            game = await self.game_here(interaction, game_id)
            user = user_ref(interaction)
            if game.status != "active":
                raise BotError("game_over" if game.status == "over" else "game_abandoned")
            if game.player_of(user.id) is None and not user.manage_server:
                raise BotError("not_in_game")
            lang = user_lang(interaction)
            if game.shown != seq:
                await interaction.followup.send(t("stall.moved_on", lang), ephemeral=True)
            elif choice == "end":
                await self.service.lobby.abandon(channel_id(interaction), user)
                await interaction.followup.send(t("stall.done.end", lang), ephemeral=True)
            elif choice == "wait":
                await self.service.prefs.keep_waiting(game.id)
                await interaction.followup.send(t("stall.done.wait", lang), ephemeral=True)
            else:
                state = await self.service.state_of(game)
                movers = sorted(self.service.engine(game).to_move(state))
                await self.service.ai.play_for(game.id, movers, choice)
                await interaction.followup.send(t(f"stall.done.{choice}", lang), ephemeral=True)
            if interaction.message is not None:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.message.edit(
                        content=t(
                            "stall.chosen",
                            game_lang(game),
                            player=interaction.user.mention,
                            choice=t(f"stall.{choice}", game_lang(game)),
                        ),
                        view=None,
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
        except Exception as exc:
            await self.fail(interaction, exc)
