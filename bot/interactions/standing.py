"""Players' standing: /standing leaderboard, profile, games (your games from anywhere) and
recompute (admins).

The `/standing` group can also be installed by a user (bot.cogs.game.StandingCog), so it is
used in DMs and in servers without the bot: `profile` (one's own) and `games` work
everywhere; `leaderboard` and `recompute` need a server the bot is in, and say so elsewhere.
What a profile shows of someone else's games in progress is only what the asker may see: the
games of this server in channels the asker can view, as the table sees them.
"""

from __future__ import annotations

import statistics

import discord

from bot.adapter import adapter_for, adapters
from bot.compose import rating
from bot.errors import user_lang
from bot.i18n import t
from bot.interactions.base import Deps, Interaction, Room, admitted, fit
from bot.interactions.long_games import LongGames
from bot.service import BotError
from bot.service.ratings import (
    PROVISIONAL,
    ai_level,
    ladder_of,
    ladder_parts,
    person,
    user_of,
)
from bot.store import GameRow, RatingRow, Ratings

PAGE = 20  # rows of a leaderboard page
LAST_GAMES = 8  # a profile's last rating changes per ladder
SHOWN_GAMES = 15  # games in progress listed at most


def ladder_title(ladder: str, lang: str) -> str:
    """A ladder's name: its game's title, and its expansion."""
    game, expansion = ladder_parts(ladder)
    try:
        title = adapter_for(game).title(lang)
    except KeyError:
        title = game
    return (
        t("standing.ladder_expansion", lang, game=title, expansion=expansion.title())
        if (expansion)
        else title
    )


def known_ladders() -> list[str]:
    """Every ladder the bot's games can have: each game, and each with its expansions."""
    out = []
    for name, adapter in adapters().items():
        out.append(name)
        for value, _label in adapter.variants("en"):
            try:
                options = adapter.options(value, None)
            except ValueError:
                continue
            ladder = ladder_of(name, options)
            if ladder != name:
                out.append(ladder)
    return out


def identity_name(identity: str, lang: str) -> str:
    """Who an identity is, as a leaderboard shows it: a mention, or the AI and its level."""
    user = user_of(identity)
    if user is not None:
        return f"<@{user}>"
    return t("standing.ai", lang, level=ai_level(identity) or "?")


def duration(seconds: float, lang: str) -> str:
    """A time to decide in words: seconds, minutes, hours and minutes, or days and hours."""
    s = round(seconds)
    if s < 90:
        return t("standing.seconds", lang, s=s)
    if s < 90 * 60:
        return t("standing.minutes", lang, m=round(s / 60))
    if s < 48 * 3600:
        return t("standing.hours", lang, h=s // 3600, m=f"{s % 3600 // 60:02d}")
    return t("standing.days", lang, d=s // 86400, h=s % 86400 // 3600)


def can_view(interaction: Interaction, game: GameRow) -> bool:
    """Whether the asker may see a game of this server: they play in it, or they can view its
    channel (not a private thread, whose members the bot does not know). False when that
    cannot be told (a channel the bot does not know)."""
    if interaction.guild_id is None or game.guild_id != interaction.guild_id:
        return False
    if game.player_of(interaction.user.id) is not None:
        return True
    member = interaction.user
    channel = interaction.client.get_channel(game.channel_id)
    if not isinstance(member, discord.Member) or channel is None:
        return False
    if isinstance(channel, discord.Thread) and channel.is_private():
        return False
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return False
    return channel.permissions_for(member).view_channel


async def leaderboard_text(
    ratings: Ratings,
    guild_id: int,
    ladder: str,
    page: int,
    lang: str,
    *,
    asker: int | None = None,
) -> str:
    """A leaderboard page in words (with the asker's place when it is not on the page)."""
    count, rows = await ratings.board(
        guild_id, ladder, limit=PAGE, offset=(max(1, page) - 1) * PAGE
    )
    title = t("standing.board_title", lang, game=ladder_title(ladder, lang), count=count)
    if not count:
        return "\n".join([title, t("standing.board_empty", lang)])
    lines = [title]
    start = (max(1, page) - 1) * PAGE
    settling = False
    for n, row in enumerate(rows, start + 1):
        few = row.games < PROVISIONAL
        settling = settling or few
        lines.append(
            t(
                "standing.board_row",
                lang,
                place=n,
                who=identity_name(row.identity, lang),
                rating=rating(row.ordinal, lang),
                games=row.games,
                wins=row.wins,
                few="few" if few else "enough",
            )
        )
    if not rows:
        lines.append(t("standing.board_past", lang, pages=(count + PAGE - 1) // PAGE))
    if settling:
        lines.append(t("standing.board_few", lang, games=PROVISIONAL))
    if asker is not None:
        mine = await ratings.position(guild_id, ladder, person(asker))
        if mine is not None and not start < mine <= start + len(rows):
            own = [r for r in await ratings.of(person(asker), guild_id) if r.ladder == ladder]
            if own:
                lines.append(
                    t(
                        "standing.board_you",
                        lang,
                        place=mine,
                        rating=rating(own[0].ordinal, lang),
                    )
                )
    lines.append(t("standing.board_how", lang))
    return "\n".join(lines)


class Standing(Room):
    """Ratings, leaderboards, profiles and a person's games anywhere."""

    def __init__(self, deps: Deps, long_games: LongGames) -> None:
        super().__init__(deps)
        self.long_games = long_games
        self.ratings = self.service.ratings.table

    def server(self, interaction: Interaction) -> int:
        """The server of a command that needs one the bot is in: a clear refusal in a DM, and
        in a server where only the asker installed the bot."""
        if interaction.guild_id is None:
            raise BotError("standing_server_only")
        if not interaction.is_guild_integration():
            raise BotError("standing_bot_not_here")
        return interaction.guild_id

    async def ladder_choices(self, interaction: Interaction, typed: str) -> list[tuple[str, str]]:
        """(label, ladder) for autocomplete: the ladders of this server, then the others."""
        lang = user_lang(interaction)
        found: list[str] = []
        if interaction.guild_id is not None:
            found = [ladder for ladder, _ in await self.ratings.ladders(interaction.guild_id)]
        ladders = found + [ladder for ladder in known_ladders() if ladder not in found]
        typed = typed.casefold()
        pairs = [(ladder_title(ladder, lang), ladder) for ladder in ladders]
        return [(label, value) for label, value in pairs if typed in label.casefold()][:25]

    async def default_ladder(self, interaction: Interaction, guild_id: int) -> str | None:
        """The ladder a leaderboard shows unless told: the game of this channel's, else this
        server's most played one."""
        if interaction.channel_id is not None:
            game = await self.store.latest_game_in(interaction.channel_id)
            if game is not None and game.guild_id == guild_id:
                return ladder_of(game.game, game.options)
        ladders = await self.ratings.ladders(guild_id)
        return ladders[0][0] if ladders else None

    def check_ladder(self, ladder: str) -> str:
        """A ladder typed or chosen: known to the bot, else bad_choice."""
        if ladder not in known_ladders():
            raise BotError("bad_choice")
        return ladder

    # ------------------------------------------------------------------ leaderboard

    @admitted
    async def leaderboard(
        self, interaction: Interaction, ladder: str | None, page: int, public: bool
    ) -> None:
        """/standing leaderboard: a ladder of this server by conservative rating."""
        guild = self.server(interaction)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        lang = user_lang(interaction)
        chosen = (
            self.check_ladder(ladder) if ladder else await self.default_ladder(interaction, guild)
        )
        if chosen is None:
            await interaction.followup.send(t("standing.none", lang), ephemeral=not public)
            return
        text = await leaderboard_text(
            self.ratings, guild, chosen, page, lang, asker=interaction.user.id
        )
        await interaction.followup.send(
            fit(text), ephemeral=not public, allowed_mentions=discord.AllowedMentions.none()
        )

    # ------------------------------------------------------------------ profile

    @admitted
    async def profile(
        self, interaction: Interaction, player: discord.abc.User | None, ladder: str | None
    ) -> None:
        """/standing profile: ratings and their last changes, games, wins, time to decide,
        games in progress (yours or someone's)."""
        lang = user_lang(interaction)
        target = player or interaction.user
        own = target.id == interaction.user.id
        guild: int | None
        if interaction.guild_id is None or not interaction.is_guild_integration():
            # A DM, or a server without the bot: one's own standing on every server.
            if not own:
                raise BotError("standing_profile_other_here")
            guild = None
        else:
            guild = interaction.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = self.check_ladder(ladder) if ladder else None
        name = getattr(target, "display_name", target.name)
        lines = [t("standing.profile_title", lang, player=name, where="server" if guild else "all")]
        ratings = [
            r for r in await self.ratings.of(person(target.id), guild) if chosen in (None, r.ladder)
        ]
        if not ratings:
            lines.append(t("standing.profile_unrated", lang))
        for row in ratings[:6]:
            lines.extend(
                await self.rating_lines(interaction, row, lang, many_servers=guild is None)
            )
        times = await self.ratings.decide_times(target.id, guild)
        if times:
            lines.append(
                t(
                    "standing.profile_times",
                    lang,
                    mean=duration(statistics.fmean(times), lang),
                    median=duration(statistics.median(times), lang),
                    turns=len(times),
                )
            )
        lines.extend(await self.playing_lines(interaction, target.id, guild, own, lang))
        await interaction.followup.send(
            fit("\n".join(lines)), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def rating_lines(
        self, interaction: Interaction, row: RatingRow, lang: str, *, many_servers: bool
    ) -> list[str]:
        """A profile's lines about one rating: where it stands, then its last changes."""
        place = await self.ratings.position(row.guild_id, row.ladder, row.identity)
        count, _ = await self.ratings.board(row.guild_id, row.ladder, limit=0)
        title = ladder_title(row.ladder, lang)
        if many_servers:
            guild = interaction.client.get_guild(row.guild_id)
            title = t(
                "standing.on_server",
                lang,
                game=title,
                server=guild.name if guild else str(row.guild_id),
            )
        lines = [
            t(
                "standing.profile_rating",
                lang,
                game=title,
                rating=rating(row.ordinal, lang),
                place=place or 0,
                count=count,
                mu=rating(row.mu, lang),
                sigma=rating(row.sigma, lang),
                games=row.games,
                wins=row.wins,
                few="few" if row.games < PROVISIONAL else "enough",
            )
        ]
        last = await self.ratings.history(row.identity, row.guild_id, row.ladder, limit=LAST_GAMES)
        if last:
            steps = ", ".join(
                t("standing.change", lang, delta=rating(c.delta, lang, signed=True), id=c.game_id)
                for c in last
            )
            total = sum(c.delta for c in last)
            lines.append(
                t(
                    "standing.profile_last",
                    lang,
                    changes=steps,
                    count=len(last),
                    total=rating(total, lang, signed=True),
                )
            )
        return lines

    async def playing_lines(
        self, interaction: Interaction, user_id: int, guild: int | None, own: bool, lang: str
    ) -> list[str]:
        """A profile's games in progress: all of one's own; of someone else's, those of this
        server in channels the asker can see."""
        games = await self.ratings.games_of(user_id, ("lobby", "active"), guild)
        games = [g for g in games if self.still_in(g, user_id)]
        if not own:
            games = [g for g in games if can_view(interaction, g)]
        if not games:
            return []
        lines = [t("standing.profile_playing", lang, count=len(games))]
        for game in games[:SHOWN_GAMES]:
            lines.append(await self.long_games.status_line(game, lang))
        return lines

    @staticmethod
    def still_in(game: GameRow, user_id: int) -> bool:
        """Whether a person still plays (or waits in the lobby of) a game."""
        player = game.player_of(user_id)
        return player is not None and player.left_at is None

    # ------------------------------------------------------------------ games

    @admitted
    async def games(self, interaction: Interaction) -> None:
        """/standing games: the asker's games on every server, those waiting for them first,
        with links (works in DMs and in servers without the bot)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        user = interaction.user.id
        found = [
            g
            for g in await self.ratings.games_of(user, ("lobby", "active"))
            if self.still_in(g, user)
        ]
        waiting: list[GameRow] = []
        others: list[GameRow] = []
        for game in found:
            player = game.player_of(user)
            assert player is not None
            turn = False
            if game.status == "active" and player.seat is not None:
                movers, _ = await self.long_games.waiting(game, player.seat)
                turn = player.seat in movers
            (waiting if turn else others).append(game)
        if not found:
            await interaction.followup.send(t("standing.games_none", lang), ephemeral=True)
            return
        lines = [t("standing.games_title", lang, count=len(found), waiting=len(waiting))]
        for game in [*waiting, *others][:SHOWN_GAMES]:
            mark = "👉 " if game in waiting else ""
            lines.append(mark + await self.long_games.status_line(game, lang))
        await interaction.followup.send(
            fit("\n".join(lines)), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    # ------------------------------------------------------------------ recompute

    @admitted
    async def recompute(self, interaction: Interaction) -> None:
        """/standing recompute: this server's ratings again from the stored results (Manage
        Server)."""
        guild = self.server(interaction)
        perms = interaction.permissions
        if not (perms and perms.manage_guild):
            raise BotError("standing_recompute_not_allowed")
        await interaction.response.defer(ephemeral=True, thinking=True)
        count = await self.service.ratings.recompute(guild)
        await interaction.followup.send(
            t("standing.recomputed", user_lang(interaction), count=count), ephemeral=True
        )
