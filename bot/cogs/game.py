"""/game: lobbies and everything common to all games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.adapter import adapters
from bot.errors import user_lang

if TYPE_CHECKING:
    from bot.interactions import Interactions

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[str]]


def game_choices() -> list[app_commands.Choice[str]]:
    """Every game the bot offers (its package under bot/games)."""
    return [app_commands.Choice(name=a.title("en"), value=name) for name, a in adapters().items()]


def level_choices() -> list[app_commands.Choice[str]]:
    """The AI levels, easiest first."""
    return [
        app_commands.Choice(name=_("easy"), value="easy"),
        app_commands.Choice(name=_("normal"), value="normal"),
        app_commands.Choice(name=_("hard"), value="hard"),
    ]


class GameCog(
    commands.GroupCog, group_name=_("game"), group_description=_("Play a board game here")
):
    """Open a lobby, join, start, look at the board and the log, end a game."""

    def __init__(self, rooms: Interactions) -> None:
        self.rooms = rooms
        super().__init__()

    async def time_zones(self, interaction: Interaction, current: str) -> Choices:
        """Time zone names matching what was typed."""
        names = self.rooms.long_games.zones(current)
        return [app_commands.Choice(name=name, value=name) for name in names]

    async def variant_choices(self, interaction: Interaction, current: str) -> Choices:
        """The variants of the game chosen in the same command."""
        game = str(getattr(interaction.namespace, "game", "") or "")
        if not game and len(adapters()) == 1:
            game = next(iter(adapters()))
        pairs = self.rooms.lobby.variant_choices(game, current, user_lang(interaction))
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    async def lobby_ais(self, interaction: Interaction, current: str) -> Choices:
        """The AI seats of this channel's lobby."""
        pairs = await self.rooms.lobby.lobby_ai_choices(interaction, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    @app_commands.command(name=_("new"), description=_("Open a game lobby in this channel"))
    @app_commands.describe(
        game=_("Which game"),
        variant=_("A variant or an expansion of that game"),
        language=_("Language of the game's channel messages"),
        setup=_("Set-up choices of that game (e.g. the cards in play; random if empty)"),
        thread=_("Open it in a new thread (default: yes, where threads can be made)"),
    )
    @app_commands.choices(
        game=game_choices(),
        language=[
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="Français", value="fr"),
        ],
    )
    @app_commands.autocomplete(variant=variant_choices)
    @app_commands.rename(
        game=_("game"),
        variant=_("variant"),
        language=_("language"),
        setup=_("setup"),
        thread=_("thread"),
    )
    async def new(
        self,
        interaction: Interaction,
        game: str,
        variant: str | None = None,
        language: str | None = None,
        setup: str | None = None,
        thread: bool | None = None,
    ) -> None:
        """Open a lobby."""
        await self.rooms.lobby.new_game(interaction, game, variant, language, setup, thread)

    @app_commands.command(name=_("join"), description=_("Join the lobby of this channel"))
    async def join(self, interaction: Interaction) -> None:
        """Join."""
        await self.rooms.lobby.lobby_command(interaction, "join")

    @app_commands.command(name=_("leave"), description=_("Leave the game of this channel"))
    async def leave(self, interaction: Interaction) -> None:
        """Leave."""
        await self.rooms.lobby.lobby_command(interaction, "leave")

    @app_commands.command(name=_("add-ai"), description=_("Add an AI player to the lobby"))
    @app_commands.describe(level=_("How well it plays (default: normal)"))
    @app_commands.choices(level=level_choices())
    @app_commands.rename(level=_("level"))
    async def add_ai(self, interaction: Interaction, level: str | None = None) -> None:
        """Add an AI seat."""
        await self.rooms.lobby.lobby_command(interaction, "ai", level)

    @app_commands.command(
        name=_("remove"), description=_("Remove a player or an AI from the lobby (its creator)")
    )
    @app_commands.describe(player=_("The player to remove"), ai=_("The AI seat to remove"))
    @app_commands.rename(player=_("player"), ai=_("ai"))
    @app_commands.autocomplete(ai=lobby_ais)
    async def remove(
        self,
        interaction: Interaction,
        player: discord.User | None = None,
        ai: str | None = None,
    ) -> None:
        """Remove someone from the lobby."""
        await self.rooms.lobby.remove(interaction, player, ai)

    @app_commands.command(name=_("start"), description=_("Start the game (its creator)"))
    async def start(self, interaction: Interaction) -> None:
        """Start."""
        await self.rooms.lobby.lobby_command(interaction, "start")

    @app_commands.command(name=_("board"), description=_("See the current board"))
    @app_commands.describe(public=_("Post it in the channel for everybody (default: only you)"))
    @app_commands.rename(public=_("public"))
    async def board(self, interaction: Interaction, public: bool = False) -> None:
        """The board: privately, or posted in the channel."""
        await self.rooms.play.board(interaction, public=public)

    @app_commands.command(name=_("hand"), description=_("See your private information"))
    async def hand(self, interaction: Interaction) -> None:
        """The private view, ephemeral."""
        await self.rooms.play.hand(interaction)

    @app_commands.command(name=_("log"), description=_("Read the game's history"))
    @app_commands.describe(page=_("Page number (the newest by default)"))
    @app_commands.rename(page=_("page"))
    async def log(
        self, interaction: Interaction, page: app_commands.Range[int, 1, 10000] | None = None
    ) -> None:
        """The history, paged."""
        await self.rooms.history.log(interaction, page)

    @app_commands.command(
        name=_("help"), description=_("How to play here, and what each command does")
    )
    async def help(self, interaction: Interaction) -> None:
        """Help, privately."""
        await self.rooms.guide.help(interaction)

    @app_commands.command(name=_("rules"), description=_("A short summary of the rules"))
    async def rules(self, interaction: Interaction) -> None:
        """Rules summary."""
        await self.rooms.guide.rules(interaction)

    @app_commands.command(name=_("abandon"), description=_("End the game of this channel"))
    async def abandon(self, interaction: Interaction) -> None:
        """Abandon."""
        await self.rooms.lobby.abandon(interaction)

    # Discord allows 25 subcommands in a group and /game has them all: the games waiting for
    # the asker are an option of status rather than a command of their own.
    @app_commands.command(name=_("status"), description=_("The games of this server"))
    @app_commands.describe(mine=_("Only the games waiting for you"))
    @app_commands.rename(mine=_("mine"))
    async def status(self, interaction: Interaction, mine: bool = False) -> None:
        """List games (or those waiting for me)."""
        if mine:
            await self.rooms.long_games.mine(interaction)
        else:
            await self.rooms.long_games.status(interaction)

    @app_commands.command(name=_("settings"), description=_("See or change this game's settings"))
    @app_commands.describe(
        language=_("Language of the game's channel messages"),
        reminder_hours=_("Remind whoever must act after this many hours"),
        max_reminders=_("At most this many reminders per decision"),
        clock_hours=_("Turn clock in hours (0: no clock)"),
        clock_policy=_("What happens when the turn clock runs out"),
        reaction_minutes=_("Minutes to answer a decision outside one's turn"),
        idle_days=_("End the game when nobody has moved for this many days"),
        away_policy=_("While a player is away"),
        ai_level=_("How well the AI plays for a person (takeovers, clock, away)"),
        hints=_("Players may ask what the hard AI would play (the game's hint command)"),
    )
    @app_commands.choices(
        away_policy=[
            app_commands.Choice(name=_("the AI plays their turns"), value="ai"),
            app_commands.Choice(name=_("their turn clock pauses"), value="pause"),
        ],
        language=[
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="Français", value="fr"),
        ],
        clock_policy=[
            app_commands.Choice(name=_("wait"), value="wait"),
            app_commands.Choice(name=_("skip what can be skipped"), value="skip"),
            app_commands.Choice(name=_("the AI plays the turn"), value="ai"),
        ],
        ai_level=level_choices(),
    )
    @app_commands.rename(
        language=_("language"),
        reminder_hours=_("reminder_hours"),
        max_reminders=_("max_reminders"),
        clock_hours=_("clock_hours"),
        clock_policy=_("clock_policy"),
        reaction_minutes=_("reaction_minutes"),
        idle_days=_("idle_days"),
        away_policy=_("away_policy"),
        ai_level=_("ai_level"),
        hints=_("hints"),
    )
    async def settings(
        self,
        interaction: Interaction,
        language: str | None = None,
        reminder_hours: app_commands.Range[float, 0.25, 336.0] | None = None,
        max_reminders: app_commands.Range[int, 0, 20] | None = None,
        clock_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
        clock_policy: str | None = None,
        reaction_minutes: app_commands.Range[float, 1.0, 4320.0] | None = None,
        idle_days: app_commands.Range[float, 1.0, 365.0] | None = None,
        away_policy: str | None = None,
        ai_level: str | None = None,
        hints: bool | None = None,
    ) -> None:
        """Settings."""
        changes: dict[str, Any] = {}
        if language is not None:
            changes["lang"] = language
        if reminder_hours is not None:
            changes["reminder_hours"] = reminder_hours
        if max_reminders is not None:
            changes["max_reminders"] = max_reminders
        if clock_hours is not None:
            changes["clock_hours"] = clock_hours or None
        if clock_policy is not None:
            changes["clock_policy"] = clock_policy
        if reaction_minutes is not None:
            changes["reaction_minutes"] = reaction_minutes
        if idle_days is not None:
            changes["idle_days"] = idle_days
        if away_policy is not None:
            changes["away_policy"] = away_policy
        if ai_level is not None:
            changes["ai_level"] = ai_level
        if hints is not None:
            changes["hints"] = hints
        await self.rooms.long_games.settings(interaction, changes)

    @app_commands.command(name=_("reminders"), description=_("How you are reminded in this game"))
    @app_commands.describe(how=_("In the channel, by direct message, or not at all"))
    @app_commands.choices(
        how=[
            app_commands.Choice(name=_("in the channel"), value="channel"),
            app_commands.Choice(name=_("by direct message"), value="dm"),
            app_commands.Choice(name=_("off"), value="off"),
        ]
    )
    @app_commands.rename(how=_("how"))
    async def reminders(self, interaction: Interaction, how: str) -> None:
        """Reminder preference."""
        await self.rooms.long_games.reminders(interaction, how)

    @app_commands.command(name=_("takeover"), description=_("Let the AI play for a player"))
    @app_commands.describe(player=_("The player the AI replaces"))
    @app_commands.rename(player=_("player"))
    async def takeover(self, interaction: Interaction, player: discord.User) -> None:
        """Stand-in AI."""
        await self.rooms.votes.takeover(interaction, player)

    @app_commands.command(name=_("takeback"), description=_("Take your seat back from the AI"))
    @app_commands.describe(player=_("Take the seat of a player who left (the others agree)"))
    @app_commands.rename(player=_("player"))
    async def takeback(self, interaction: Interaction, player: discord.User | None = None) -> None:
        """Take the seat back (or a left player's seat)."""
        await self.rooms.votes.takeback(interaction, player)

    @app_commands.command(name=_("away"), description=_("Be away for some days (0: back now)"))
    @app_commands.describe(days=_("How many days you are away"))
    @app_commands.rename(days=_("days"))
    async def away(
        self, interaction: Interaction, days: app_commands.Range[float, 0.0, 60.0]
    ) -> None:
        """Away."""
        await self.rooms.long_games.away(interaction, float(days))

    @app_commands.command(
        name=_("quiet"), description=_("Your quiet hours: no reminder, silent DMs")
    )
    @app_commands.describe(
        timezone=_("Your time zone, e.g. Europe/Paris (empty: no quiet hours)"),
        start=_("From this hour (0-23)"),
        end=_("Until this hour (0-23)"),
    )
    @app_commands.rename(timezone=_("timezone"), start=_("from"), end=_("until"))
    @app_commands.autocomplete(timezone=time_zones)
    async def quiet(
        self,
        interaction: Interaction,
        timezone: str | None = None,
        start: app_commands.Range[int, 0, 23] = 22,
        end: app_commands.Range[int, 0, 23] = 8,
    ) -> None:
        """Quiet hours."""
        await self.rooms.long_games.quiet(interaction, timezone, int(start), int(end))

    @app_commands.command(
        name=_("notify"), description=_("A direct message on every turn of yours")
    )
    @app_commands.describe(on=_("On or off"))
    @app_commands.rename(on=_("on"))
    async def notify(self, interaction: Interaction, on: bool) -> None:
        """Turn notices by DM."""
        await self.rooms.long_games.notify(interaction, on)

    @app_commands.command(name=_("catchup"), description=_("What happened since your last turn"))
    async def catchup(self, interaction: Interaction) -> None:
        """Catch up."""
        await self.rooms.history.catchup(interaction)

    @app_commands.command(name=_("undo"), description=_("Take back your last action"))
    async def undo(self, interaction: Interaction) -> None:
        """Undo."""
        await self.rooms.votes.undo(interaction)

    @app_commands.command(name=_("export"), description=_("Get the game record as a file"))
    async def export(self, interaction: Interaction) -> None:
        """Export."""
        await self.rooms.history.export(interaction)

    @app_commands.command(name=_("replay"), description=_("See the board of an earlier turn"))
    @app_commands.describe(
        turn=_("Turn number (0: the set-up)"), record=_("A game record file from /game export")
    )
    @app_commands.rename(turn=_("turn"), record=_("record"))
    async def replay(
        self,
        interaction: Interaction,
        turn: app_commands.Range[int, 0, 1000],
        record: discord.Attachment | None = None,
    ) -> None:
        """Replay."""
        await self.rooms.history.replay(interaction, turn, record)

    @app_commands.command(name=_("stats"), description=_("This server's games and winners"))
    async def stats(self, interaction: Interaction) -> None:
        """Stats."""
        await self.rooms.history.stats(interaction)


# /game has the 25 subcommands Discord allows in a group: players' standing is a group of its
# own, which a user may also install (so that it works in DMs and in servers without the bot).
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class StandingCog(
    commands.GroupCog,
    group_name=_("standing"),
    group_description=_("Ratings, leaderboards, profiles and your games"),
):
    """Leaderboards, profiles, your games from anywhere, and the admins' recomputation."""

    def __init__(self, rooms: Interactions) -> None:
        self.rooms = rooms
        super().__init__()

    async def ladder_choices(self, interaction: Interaction, current: str) -> Choices:
        """The games (and expansions) that have a leaderboard."""
        pairs = await self.rooms.standing.ladder_choices(interaction, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    @app_commands.command(
        name=_("leaderboard"), description=_("This server's best players of a game")
    )
    @app_commands.describe(
        game=_("Which game (default: this channel's, else the most played)"),
        page=_("Page number"),
        public=_("Post it in the channel for everybody (default: only you)"),
    )
    @app_commands.rename(game=_("game"), page=_("page"), public=_("public"))
    @app_commands.autocomplete(game=ladder_choices)
    async def leaderboard(
        self,
        interaction: Interaction,
        game: str | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
        public: bool = False,
    ) -> None:
        """Leaderboard."""
        await self.rooms.standing.leaderboard(interaction, game, int(page), public)

    @app_commands.command(
        name=_("profile"), description=_("Ratings, games, wins and time to decide")
    )
    @app_commands.describe(player=_("Whose profile (default: yours)"), game=_("Only this game"))
    @app_commands.rename(player=_("player"), game=_("game"))
    @app_commands.autocomplete(game=ladder_choices)
    async def profile(
        self,
        interaction: Interaction,
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        """Profile."""
        await self.rooms.standing.profile(interaction, player, game)

    @app_commands.command(
        name=_("games"), description=_("Your games on every server, those waiting for you first")
    )
    async def games(self, interaction: Interaction) -> None:
        """Your games anywhere."""
        await self.rooms.standing.games(interaction)

    @app_commands.command(
        name=_("recompute"),
        description=_("Recompute this server's ratings from the stored results (Manage Server)"),
    )
    async def recompute(self, interaction: Interaction) -> None:
        """Recompute ratings."""
        await self.rooms.standing.recompute(interaction)
