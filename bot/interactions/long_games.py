"""Games played over days: /game settings, reminders, away, quiet, notify, and /game status
(with mine:true, the games waiting for you)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot import presence
from bot.adapter import adapter_for, who
from bot.compose import display_name, names_of
from bot.errors import send_ephemeral, user_lang
from bot.i18n import t
from bot.interactions.base import (
    Interaction,
    Room,
    admitted,
    channel_id,
    fit,
    require_guild,
    user_ref,
)
from bot.service import BotError
from bot.store import GameRow, Schedule

log = logging.getLogger(__name__)


class LongGames(Room):
    """Settings, each player's preferences, and where every game stands."""

    @admitted
    async def settings(self, interaction: Interaction, changes: dict[str, Any]) -> None:
        """/game settings: show the settings, or change them (creator or Manage Server)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        if changes:
            settings = await self.service.prefs.change_settings(
                channel_id(interaction), user_ref(interaction), **changes
            )
            game = await self.service.game_in(channel_id(interaction))
        else:
            game = await self.service.game_in(channel_id(interaction))
            settings = self.service.settings_of(game)
        clock = (
            t(
                "settings.clock",
                lang,
                hours=_num(settings.clock_hours),
                policy=t(f"policy.{settings.clock_policy}", lang),
            )
            if settings.clock_hours
            else t("settings.no_clock", lang)
        )
        adapter = adapter_for(game.game)
        lines = [
            t("settings.show", lang, lang_name=t(f"language.{settings.lang}", lang)),
            t(
                "settings.reminders",
                lang,
                hours=_num(settings.reminder_hours),
                count=settings.max_reminders,
            ),
            clock,
            t(
                "settings.window",
                lang,
                window=adapter.t("settings.window_name", lang),
                minutes=_num(settings.reaction_minutes),
            ),
            t("settings.idle", lang, days=_num(settings.idle_days)),
            t(f"settings.away_{settings.away_policy}", lang),
            t("settings.ai_level", lang, level=t(f"ai_level.{settings.ai_level}", lang)),
            t(
                "settings.hints_on" if settings.hints else "settings.hints_off",
                lang,
                command=f"/{adapter.command} hint",
            ),
        ]
        await send_ephemeral(interaction, "\n".join(lines))

    @admitted
    async def reminders(self, interaction: Interaction, how: str) -> None:
        """/game reminders: in the channel, by DM, or off, for this player in this game."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if how not in ("channel", "dm", "off"):
            raise BotError("bad_choice")
        channel, user = channel_id(interaction), user_ref(interaction)
        await self.service.prefs.set_reminders(channel, user, how)
        await send_ephemeral(interaction, t(f"reminders.{how}", user_lang(interaction)))

    @admitted
    async def away(self, interaction: Interaction, days: float) -> None:
        """/game away: the AI plays your turns (or your clock pauses) for some days."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        until = await self.service.prefs.set_away(
            channel_id(interaction), user_ref(interaction), days
        )
        lang = user_lang(interaction)
        game = await self.service.game_in(channel_id(interaction))
        policy = self.service.settings_of(game).away_policy
        if until is None:
            await send_ephemeral(interaction, t("away.back", lang))
        else:
            await send_ephemeral(
                interaction, t(f"away.{policy}", lang, until=f"<t:{int(until)}:f>")
            )

    @admitted
    async def quiet(self, interaction: Interaction, zone: str | None, start: int, end: int) -> None:
        """/game quiet: hours (in your time zone) with no reminder and silent DMs."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.service.prefs.set_quiet(
            channel_id(interaction), user_ref(interaction), zone, start, end
        )
        lang = user_lang(interaction)
        if zone is None:
            await send_ephemeral(interaction, t("quiet.off", lang))
        else:
            await send_ephemeral(
                interaction, t("quiet.on", lang, zone=zone, start=f"{start}:00", end=f"{end}:00")
            )

    def zones(self, typed: str) -> list[str]:
        """Time zones for autocomplete."""
        return presence.zones(typed)

    @admitted
    async def notify(self, interaction: Interaction, on: bool) -> None:
        """/game notify: a DM on every turn of yours (or not)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.service.prefs.set_notify(channel_id(interaction), user_ref(interaction), on)
        await send_ephemeral(
            interaction, t("notify.on" if on else "notify.off", user_lang(interaction))
        )

    @staticmethod
    def jump_link(game: GameRow) -> str:
        """A link to the game's latest message (its turn message, else its lobby message),
        or to its channel."""
        base = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"
        message = game.turn_message_id if game.status == "active" else None
        message = message or game.lobby_message_id
        return f"{base}/{message}" if message else base

    async def waiting(self, game: GameRow, seat: int | None = None) -> tuple[list[int], float]:
        """The seats an active game waits for as `seat` (None: anyone) may know them, and
        since when (its last action or start; for a secret window, when it opened: the time
        of an answer in it would tell that someone answered)."""
        state = await self.service.state_of(game)
        decision = self.service.engine(game).decision(state)
        movers = sorted(decision.seen_by(seat).seats)
        if decision.secret:
            job = (await Schedule(self.service.store).all(game.id)).get("reaction")
            minutes = self.service.settings_of(game).reaction_minutes
            return movers, job.due_at - minutes * 60 if job is not None else game.updated_at
        since = game.updated_at
        if game.seq > 0:
            last = await self.service.store.actions(game.id, after=game.seq - 1)
            if last:
                since = last[-1].at
        return movers, since

    async def status_line(self, game: GameRow, lang: str) -> str:
        """One line of /game status or /game mine: where, who, since when, and a link."""
        adapter = adapter_for(game.game)
        players = ", ".join(display_name(p, lang) for p in (game.seated() or game.players))
        common = {
            "id": game.id,
            "game": adapter.title(lang),
            "channel": f"<#{game.channel_id}>",
            "players": players,
            "link": self.jump_link(game),
        }
        if game.status == "lobby":
            return t("status.lobby_link", lang, **common)
        movers, since = await self.waiting(game)
        names = names_of(game, lang)
        view = await self.service.view_for(game, None)
        return t(
            "status.waiting",
            lang,
            **common,
            turn=view.get("turn", 0),
            # Nobody named: an active game waits on a secret window's private answers.
            movers=", ".join(who(names, s) for s in movers) or t("status.secret", lang),
            since=f"<t:{int(since)}:R>",
        )

    @admitted
    async def status(self, interaction: Interaction) -> None:
        """/game status: the server's open games, whom each waits for since when, with links."""
        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        games = await self.service.store.games_in_guild(guild, ("lobby", "active"))
        if not games:
            await interaction.followup.send(t("status.none", lang), ephemeral=True)
            return
        lines = [t("status.title", lang, count=len(games))]
        for game in games:
            lines.append(await self.status_line(game, lang))
        await interaction.followup.send(
            fit("\n".join(lines)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @admitted
    async def mine(self, interaction: Interaction) -> None:
        """/game mine: the games of this server waiting for the asker, with links."""
        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        lines = []
        for game in await self.service.store.games_in_guild(guild, ("active",)):
            player = game.player_of(interaction.user.id)
            if player is None or player.seat is None or player.left_at is not None:
                continue
            movers, _ = await self.waiting(game, player.seat)
            if player.seat in movers:
                lines.append(await self.status_line(game, lang))
        if not lines:
            await interaction.followup.send(t("mine.none", lang), ephemeral=True)
            return
        text = "\n".join([t("mine.title", lang, count=len(lines)), *lines])
        await interaction.followup.send(
            fit(text), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


def _num(value: float | None) -> str:
    """A number without a useless ".0"."""
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
