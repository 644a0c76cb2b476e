"""What the bot does with each interaction: defer, map the user to a seat, act, answer.

Commands and buttons end here; the cogs and DynamicItems only parse. Every answer about a
bad request is ephemeral and changes nothing; a stale button answers with the current board.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import discord

from bot.errors import reply_error, send_ephemeral, user_lang
from bot.games.rattus import (
    describe,
    known_tokens_lines,
    ranking_lines,
    region_cards_line,
    verb_of,
    who,
)
from bot.i18n import t
from bot.service import BotError, GameService, StaleAction, UserRef, names_by_seat
from bot.store import GameRow
from bot.ui import lobby_view, picker_view

if TYPE_CHECKING:
    from bot.app import RattusBot

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
P = ParamSpec("P")
R = TypeVar("R")


def tracked(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Count the handler as in flight, so a shutdown lets it finish before closing the store."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        handlers = args[0]
        assert isinstance(handlers, Handlers)
        handlers._inflight += 1
        handlers._drained.clear()
        try:
            return await fn(*args, **kwargs)
        finally:
            handlers._inflight -= 1
            if not handlers._inflight:
                handlers._drained.set()

    return wrapper


def user_ref(interaction: Interaction) -> UserRef:
    """The acting user, with their locale and whether they may manage the server."""
    perms = interaction.permissions
    return UserRef(
        id=interaction.user.id,
        name=getattr(interaction.user, "display_name", interaction.user.name),
        locale=str(interaction.locale),
        manage_server=bool(perms and perms.manage_guild),
    )


def require_guild(interaction: Interaction) -> int:
    """The server of the interaction; error.guild_only in a DM."""
    if interaction.guild_id is None:
        raise BotError("guild_only")
    return interaction.guild_id


def channel_id(interaction: Interaction) -> int:
    """The channel or thread of the interaction."""
    assert interaction.channel_id is not None
    return interaction.channel_id


def game_lang(game: GameRow) -> str:
    """The language of a game's channel messages."""
    return str(game.settings.get("lang", "en"))


class Handlers:
    """The interaction logic of the bot."""

    def __init__(self, bot: RattusBot) -> None:
        self.bot = bot
        self._inflight = 0
        self._drained = asyncio.Event()
        self._drained.set()

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait (up to `timeout`) for the interactions being handled to finish."""
        try:
            await asyncio.wait_for(self._drained.wait(), timeout)
        except TimeoutError:
            log.warning("shutting down with %d interaction(s) still running", self._inflight)

    @property
    def service(self) -> GameService:
        """The game service."""
        return self.bot.service

    # ------------------------------------------------------------------ lobby

    def lobby_text(self, game: GameRow, lang: str) -> str:
        """The text of a lobby message."""
        lines = [t("lobby.title", lang, game=t(f"game.{game.game}", lang), id=game.id)]
        if game.options.get("expansion"):
            lines.append(t("lobby.expansion", lang, expansion=game.options["expansion"].title()))
        if game.options.get("classes"):
            chosen = ", ".join(t(f"card.{c}", lang) for c in game.options["classes"])
            lines.append(t("lobby.cards", lang, cards=chosen))
        if game.status == "lobby":
            lines.append(
                t(
                    "lobby.players",
                    lang,
                    count=len(game.players),
                    high=self.service.max_players(game),
                )
            )
            for p in game.players:
                lines.append(f"• {p.name}" + (" 🤖" if p.is_ai else ""))
            lines.append(t("lobby.how", lang, creator=f"<@{game.creator_id}>"))
        else:
            lines.append(
                t("lobby.started", lang)
                if game.status != "abandoned"
                else t("lobby.abandoned", lang)
            )
        return "\n".join(lines)

    async def refresh_lobby(self, game: GameRow) -> None:
        """Rewrite the lobby message (players, buttons)."""
        if not game.lobby_message_id:
            return
        lang = game_lang(game)
        channel = self.bot.get_partial_messageable(game.channel_id)
        view = lobby_view(game.id, lang) if game.status == "lobby" else None
        try:
            await channel.get_partial_message(game.lobby_message_id).edit(
                content=self.lobby_text(game, lang), view=view
            )
        except discord.HTTPException:
            log.warning("game %s: could not update the lobby message", game.id)

    @tracked
    async def new_game(
        self,
        interaction: Interaction,
        game: str,
        expansion: str | None,
        lang: str | None,
        cards: str | None = None,
    ) -> None:
        """/game new: open a lobby in this channel."""
        guild = require_guild(interaction)
        # Refuse before answering publicly: an error must stay ephemeral.
        if await self.service.store.open_game_in(channel_id(interaction)) is not None:
            raise BotError("channel_busy")
        options: dict[str, Any] = {"expansion": expansion} if expansion else {}
        if cards:
            options["classes"] = parse_cards(cards)
        await interaction.response.defer(thinking=True)
        language = lang or user_lang(interaction)
        row = await self.service.new_lobby(
            guild_id=guild,
            channel_id=channel_id(interaction),
            creator=user_ref(interaction),
            game=game,
            options=options,
            settings={"lang": language},
        )
        message = await interaction.followup.send(
            self.lobby_text(row, language), view=lobby_view(row.id, language), wait=True
        )
        await self.service.store.set_message(row.id, "lobby", message.id)
        await self.check_dms(row, interaction.user)

    async def lobby_op(self, interaction: Interaction, op: str) -> GameRow:
        """Join, leave, add an AI seat or start, for commands and buttons alike."""
        require_guild(interaction)
        user = user_ref(interaction)
        channel = channel_id(interaction)
        if op == "join":
            game = await self.service.join(channel, user)
            await self.check_dms(game, interaction.user)
        elif op == "leave":
            game = await self.service.leave(channel, user)
            if game.status == "active":
                lang = game_lang(game)
                await self.bot.get_partial_messageable(game.channel_id).send(
                    t("game.left", lang, player=user.name)
                )
        elif op == "ai":
            game = await self.service.add_ai(channel, user)
        else:
            outcome = await self.service.start(channel, user)
            game = outcome.game
        await self.refresh_lobby(game)
        return game

    @tracked
    async def lobby_button(self, interaction: Interaction, game_id: int, op: str) -> None:
        """A lobby button: the same as the command, answered ephemerally on error."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.service.game_in(channel_id(interaction))
            if game.id != game_id:
                raise BotError("lobby_closed")
            await self.lobby_op(interaction, op)
            lang = user_lang(interaction)
            await interaction.followup.send(t(f"lobby.done.{op}", lang), ephemeral=True)
        except Exception as exc:
            await reply_error(interaction, exc)

    @tracked
    async def lobby_command(self, interaction: Interaction, op: str) -> None:
        """/game join|leave|add-ai|start."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.lobby_op(interaction, op)
        await interaction.followup.send(
            t(f"lobby.done.{op}", user_lang(interaction)), ephemeral=True
        )

    async def check_dms(self, game: GameRow, user: discord.User | discord.Member) -> None:
        """Say hello by DM; if DMs are closed (50007), say so once in the channel."""
        lang = game_lang(game)
        try:
            await user.send(t("dm.hello", lang, channel=f"<#{game.channel_id}>", id=game.id))
        except discord.Forbidden as exc:
            if exc.code != 50007:
                raise
            player = game.player_of(user.id)
            await self.service.store.set_dm_closed(game.id, user.id, True)
            if player is not None and not player.dm_closed:
                await self.bot.get_partial_messageable(game.channel_id).send(
                    t("dm.closed", lang, player=f"<@{user.id}>"),
                    allowed_mentions=discord.AllowedMentions(users=False),
                )

    # ------------------------------------------------------------------ playing

    @tracked
    async def act_command(self, interaction: Interaction, text: str) -> None:
        """A /rattus command: act with the sequence number seen when the command arrived."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.game_in(channel_id(interaction))
        outcome = await self.service.act(game.id, interaction.user.id, text, expected_seq=game.seq)
        lang = user_lang(interaction)
        await interaction.followup.send(
            t("done", lang, what=describe(outcome.action or text, lang)), ephemeral=True
        )

    @tracked
    async def turn_button(
        self, interaction: Interaction, game_id: int, seq: int, mode: str, payload: str
    ) -> None:
        """A turn-message button: act at once ('a'), or open a picker of options ('k')."""
        try:
            if mode == "a":
                await interaction.response.defer()
                await self.service.act(game_id, interaction.user.id, payload, expected_seq=seq)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            game = await self.service.store.get_game(game_id)
            texts, view = await self._my_options(game, interaction.user.id, seq, payload)
            lang = user_lang(interaction)
            prefix = "" if payload == "any" else payload
            await interaction.followup.send(
                t("pick.title", lang),
                view=picker_view(game_id, seq, payload, texts, prefix, lang, view=view),
                ephemeral=True,
            )
        except Exception as exc:
            await reply_error(interaction, exc)

    async def _my_options(
        self, game: GameRow, user_id: int, seq: int, verb: str
    ) -> tuple[list[str], dict[str, Any]]:
        """The user's legal actions of one verb ("any": all), and the user's own view."""
        if game.status == "over":
            raise BotError("game_over")
        if game.status != "active":
            raise BotError("game_abandoned" if game.status == "abandoned" else "not_started")
        if game.seq != seq:
            raise StaleAction(game.id)
        seat = self.service.seat_of(game, user_id)
        engine = self.service.engine(game)
        state = await self.service.state_of(game)
        if seat not in engine.to_move(state):
            raise BotError("not_your_decision")
        texts = [str(a) for a in engine.legal_actions(state, seat)]
        if verb != "any":
            texts = [x for x in texts if verb_of(x) == verb]
        if not texts:
            raise StaleAction(game.id)
        return texts, engine.view(state, seat)

    @tracked
    async def picked(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a picker: narrow the list ("g:"), or act ("a:")."""
        try:
            lang = user_lang(interaction)
            if value.startswith("g:"):
                await interaction.response.defer()
                game = await self.service.store.get_game(game_id)
                texts, view = await self._my_options(game, interaction.user.id, seq, verb)
                await interaction.edit_original_response(
                    content=t("pick.title", lang),
                    view=picker_view(game_id, seq, verb, texts, value[2:], lang, view=view),
                )
                return
            if not value.startswith("a:"):
                raise BotError("bad_choice")
            await interaction.response.defer()
            outcome = await self.service.act(
                game_id, interaction.user.id, value[2:], expected_seq=seq
            )
            await interaction.edit_original_response(
                content=t("done", lang, what=describe(value[2:], lang, outcome_view(outcome))),
                view=None,
            )
        except Exception as exc:
            await reply_error(interaction, exc)

    @tracked
    async def autocomplete(
        self, interaction: Interaction, verb: str, index: int, typed: str, filled: Sequence[str]
    ) -> list[tuple[str, str]]:
        """Choices for argument `index` of `verb`, from the user's legal actions."""
        try:
            game = await self.service.game_in(channel_id(interaction))
            if game.status != "active":
                return []
            seat = self.service.seat_of(game, interaction.user.id)
            engine = self.service.engine(game)
            state = await self.service.state_of(game)
            texts = [str(a) for a in engine.legal_actions(state, seat)]
        except BotError:
            return []
        lang = user_lang(interaction)
        out: dict[str, str] = {}
        for text in texts:
            words = text.split()
            if words[0] != verb or len(words) <= index + 1:
                continue
            args = words[1:]
            if any(f and i < len(args) and f.lower() != args[i] for i, f in enumerate(filled)):
                continue
            value = args[index]
            out.setdefault(value, self._choice_label(verb, index, value, lang))
        typed = typed.casefold()
        choices = [
            (label, value)
            for value, label in out.items()
            if typed in label.casefold() or typed in value
        ]
        return choices[:25]

    @tracked
    async def all_actions(self, interaction: Interaction, typed: str) -> list[tuple[str, str]]:
        """Every legal action of the user as (description, text), filtered by `typed`."""
        try:
            game = await self.service.game_in(channel_id(interaction))
            if game.status != "active":
                return []
            seat = self.service.seat_of(game, interaction.user.id)
            engine = self.service.engine(game)
            state = await self.service.state_of(game)
        except BotError:
            return []
        lang = user_lang(interaction)
        typed = typed.casefold()
        out = []
        for action in engine.legal_actions(state, seat):
            text = str(action)
            label = describe(text, lang)
            if typed in label.casefold() or typed in text:
                out.append((label[:100], text))
        return out[:25]

    @staticmethod
    def _choice_label(verb: str, index: int, value: str, lang: str) -> str:
        from bot.games.rattus import region_card
        from bot.i18n import has, name_of

        if has(f"region.{value}"):
            return name_of("region", value, lang)
        if has(f"card.{value}"):
            return name_of("card", value, lang)
        if "-" in value:
            return region_card(value, lang)
        if value == "none":
            return t("action.explore_none", lang)
        return value

    # ------------------------------------------------------------------ reading

    @tracked
    async def board(self, interaction: Interaction) -> None:
        """/game board: post the current board in the channel."""
        require_guild(interaction)
        game = await self.service.started_game_in(channel_id(interaction))
        await interaction.response.defer(thinking=True)
        file, text = await self.bot.publisher.board_file(game)
        await interaction.followup.send(text, file=file)

    async def stale_board(self, interaction: Interaction, game_id: int) -> None:
        """The answer to a stale click: the current board, for the clicker only."""
        game = await self.service.store.get_game(game_id)
        lang = user_lang(interaction)
        if game.status not in ("active", "over"):
            await interaction.followup.send(t("error.stale", lang), ephemeral=True)
            return
        file, text = await self.bot.publisher.board_file(game, lang=lang)
        await interaction.followup.send(
            t("error.stale", lang) + "\n" + text, file=file, ephemeral=True
        )

    @tracked
    async def hand(self, interaction: Interaction) -> None:
        """/game hand: this player's private view, ephemeral."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.started_game_in(channel_id(interaction))
        player = game.player_of(interaction.user.id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        lang = user_lang(interaction)
        view = await self.service.view_for(game, player.seat)
        names = names_by_seat(game)
        lines = [t("hand.title", lang, player=who(names, player.seat))]
        held = [c["card"] for c in view["cards"] if c["holder"] == player.seat]
        lines.append(
            t("hand.cards", lang, cards=", ".join(t(f"card.{c}", lang) for c in held))
            if held
            else t("hand.no_cards", lang)
        )
        lines.append(t("hand.reserve", lang, count=view["reserve"][player.seat]))
        cards_line = region_cards_line(view, lang)
        if cards_line:
            lines.append(cards_line)
        if view.get("standing"):
            lines.append(t("hand.standing", lang, standing=t(f"standing.{view['standing']}", lang)))
        known = known_tokens_lines(view, lang)
        lines.extend(known or [t("hand.nothing_known", lang)])
        image = await self.bot.renderer.private(game.game, view, names, lang)
        files = [discord.File(io.BytesIO(image), "private.png")] if image else []
        await interaction.followup.send("\n".join(lines), files=files, ephemeral=True)

    @tracked
    async def log(self, interaction: Interaction, page: int | None) -> None:
        """/game log: the history as text, a page at a time (public events only)."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.game_in(channel_id(interaction), finished=True)
        lang = user_lang(interaction)
        lines = await self.bot.publisher.history_lines(game, lang)
        per_page = 25
        pages = max(1, -(-len(lines) // per_page))
        number = pages if page is None else max(1, min(page, pages))
        chunk = lines[(number - 1) * per_page : number * per_page]
        header = t("log.title", lang, id=game.id, page=number, pages=pages)
        body = "\n".join(chunk) if chunk else t("log.empty", lang)
        await interaction.followup.send(_fit(header + "\n" + body), ephemeral=True)

    @tracked
    async def rules(self, interaction: Interaction) -> None:
        """/game rules: a short summary of the rules."""
        await interaction.response.send_message(
            t("rules.rattus", user_lang(interaction)), ephemeral=True
        )

    @tracked
    async def abandon(self, interaction: Interaction) -> None:
        """/game abandon: end the game (creator or Manage Server)."""
        require_guild(interaction)
        game = await self.service.abandon(channel_id(interaction), user_ref(interaction))
        await interaction.response.send_message(
            t("game.abandoned", game_lang(game), id=game.id, player=interaction.user.mention)
        )
        await self.bot.publisher.strip_turn_buttons(game)
        await self.refresh_lobby(game)

    @tracked
    async def status(self, interaction: Interaction) -> None:
        """/game status: the server's open games."""
        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        games = await self.service.store.games_in_guild(guild, ("lobby", "active"))
        if not games:
            await interaction.followup.send(t("status.none", lang), ephemeral=True)
            return
        lines = [t("status.title", lang, count=len(games))]
        for game in games:
            players = ", ".join(p.name for p in (game.seated() or game.players))
            if game.status == "lobby":
                lines.append(
                    t(
                        "status.lobby",
                        lang,
                        id=game.id,
                        channel=f"<#{game.channel_id}>",
                        players=players,
                    )
                )
                continue
            state = await self.service.state_of(game)
            engine = self.service.engine(game)
            names = names_by_seat(game)
            movers = ", ".join(who(names, s) for s in sorted(engine.to_move(state)))
            view = engine.view(state, None)
            lines.append(
                t(
                    "status.active",
                    lang,
                    id=game.id,
                    channel=f"<#{game.channel_id}>",
                    players=players,
                    turn=view.get("turn", 0),
                    movers=movers,
                )
            )
        await interaction.followup.send(_fit("\n".join(lines)), ephemeral=True)

    def final_lines(self, game: GameRow, result: dict[str, Any], lang: str) -> list[str]:
        """The final ranking."""
        return ranking_lines(result, names_by_seat(game), lang)

    # ------------------------------------------------------------------ long games

    @tracked
    async def settings(self, interaction: Interaction, changes: dict[str, Any]) -> None:
        """/game settings: show the settings, or change them (creator or Manage Server)."""
        require_guild(interaction)
        lang = user_lang(interaction)
        if changes:
            settings = await self.service.change_settings(
                channel_id(interaction), user_ref(interaction), **changes
            )
        else:
            settings = self.service.settings_of(await self.service.game_in(channel_id(interaction)))
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
        text = t(
            "settings.show",
            lang,
            lang_name=t(f"language.{settings.lang}", lang),
            hours=_num(settings.reminder_hours),
            count=settings.max_reminders,
            clock=clock,
            minutes=_num(settings.reaction_minutes),
        )
        await send_ephemeral(interaction, text)

    @tracked
    async def reminders(self, interaction: Interaction, how: str) -> None:
        """/game reminders: in the channel, by DM, or off, for this player in this game."""
        require_guild(interaction)
        channel, user = channel_id(interaction), user_ref(interaction)
        await self.service.set_preference(channel, user, "muted", how == "off")
        await self.service.set_preference(channel, user, "remind_dm", how == "dm")
        await send_ephemeral(interaction, t(f"reminders.{how}", user_lang(interaction)))

    @tracked
    async def takeover(self, interaction: Interaction, member: discord.abc.User) -> None:
        """/game takeover: the AI plays for a player (consent needed unless obvious)."""
        require_guild(interaction)
        lang = user_lang(interaction)
        request = await self.service.takeover(
            channel_id(interaction), user_ref(interaction), member.id
        )
        game = await self.service.game_in(channel_id(interaction))
        if request is None:
            await interaction.response.send_message(
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
        del lang

    @tracked
    async def takeback(self, interaction: Interaction) -> None:
        """/game takeback: a player takes their seat back from the AI."""
        require_guild(interaction)
        game = await self.service.takeback(channel_id(interaction), user_ref(interaction))
        await interaction.response.send_message(
            t("takeback.done", game_lang(game), player=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @tracked
    async def undo(self, interaction: Interaction) -> None:
        """/game undo: take back your last action (with the others' consent)."""
        require_guild(interaction)
        request, outcome = await self.service.request_undo(
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
            t("undo.ask", game_lang(game), player=interaction.user.mention),
        )
        del outcome

    async def _post_request(
        self,
        interaction: Interaction,
        game: GameRow,
        request_id: int,
        needed: list[int],
        text: str,
    ) -> None:
        from bot.ui import request_view

        who_ = ", ".join(f"<@{u}>" for u in needed)
        await interaction.response.send_message(
            text + "\n" + t("request.needed", game_lang(game), who=who_),
            view=request_view(request_id, game_lang(game)),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        message = await interaction.original_response()
        await self.service.requests.update(request_id, message_id=message.id)

    @tracked
    async def vote(self, interaction: Interaction, request_id: int, agree: bool) -> None:
        """An Agree / Refuse button of a request."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            status, request, _ = await self.service.answer(request_id, user_ref(interaction), agree)
            game = await self.service.store.get_game(request.game_id)
            glang = game_lang(game)
            lang = user_lang(interaction)
            if status == "waiting":
                await interaction.followup.send(t("request.counted", lang), ephemeral=True)
                return
            await interaction.followup.send(t(f"request.{status}", lang), ephemeral=True)
            if request.message_id:
                channel = self.bot.get_partial_messageable(game.channel_id)
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
            await reply_error(interaction, exc)

    @tracked
    async def export(self, interaction: Interaction) -> None:
        """/game export: the game record as a JSON file (the seed once the game has ended)."""
        from bot.records import game_record

        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.started_game_in(channel_id(interaction))
        record = await game_record(self.service, game)
        data = json.dumps(record, indent=1, ensure_ascii=False).encode()
        lang = user_lang(interaction)
        note = t("export.note" if record["seed"] is None else "export.note_seed", lang)
        await interaction.followup.send(
            note,
            file=discord.File(io.BytesIO(data), f"rattus-game-{game.id}.json"),
            ephemeral=True,
        )

    @tracked
    async def replay(
        self, interaction: Interaction, turn: int, record_file: discord.Attachment | None
    ) -> None:
        """/game replay: the board at the end of an earlier turn, from a game record."""
        from bot.games.rattus import narrate as say
        from bot.records import game_record, replay

        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        if record_file is not None:
            try:
                record = json.loads(await record_file.read())
            except (ValueError, discord.HTTPException):
                raise BotError("record_unreadable") from None
            names = [
                p["name"] for p in sorted(record.get("players", []), key=lambda p: p.get("seat", 0))
            ]
        else:
            game = await self.service.started_game_in(channel_id(interaction))
            record = await game_record(self.service, game)
            record["seed"] = game.seed  # the bot replays its own record; only views leave it
            names = list(names_by_seat(game))
        view, events = replay(record, turn)
        image = await self.bot.renderer.board(str(record["game"]), view, names, lang)
        lines = [say(e, names, lang) for e in events]
        text = (
            t("replay.title", lang, turn=turn, id=record.get("id", "?"))
            + "\n"
            + "\n".join(line for line in lines if line)
        )
        await interaction.followup.send(
            _fit(text), file=discord.File(io.BytesIO(image), f"turn-{turn}.png"), ephemeral=True
        )

    @tracked
    async def stats(self, interaction: Interaction) -> None:
        """/game stats: the server's games played, wins per player, average length."""
        from bot.records import server_stats

        guild = require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        figures = await server_stats(self.service, guild)
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
            _fit("\n".join(lines)), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


def parse_cards(text: str) -> list[str]:
    """Class card ids from a comma-separated list of names (English or French) or ids."""
    from bot.i18n import LANGUAGES, catalog
    from engine.rattus.data import ClassCard

    names: dict[str, str] = {}
    for card in ClassCard:
        names[card.value] = card.value
        for lang in LANGUAGES:
            names[catalog(lang)[f"card.{card.value}"].casefold()] = card.value
    chosen, unknown = [], []
    for word in (w.strip().casefold() for w in text.replace(";", ",").split(",")):
        if not word:
            continue
        if word in names:
            chosen.append(names[word])
        else:
            unknown.append(word)
    if unknown:
        raise BotError("bad_cards", cards=", ".join(unknown))
    return chosen


def outcome_view(outcome: Any) -> dict[str, Any] | None:
    """The acting seat's view before its action (to name the card an Astronomer kept)."""
    if outcome.before is None or outcome.seat is None:
        return None
    view: dict[str, Any] = outcome.engine.view(outcome.before, outcome.seat)
    return view


def _num(value: float | None) -> str:
    """A number without a useless ".0"."""
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _fit(text: str, limit: int = 2000) -> str:
    """Discord's message limit: keep the start, mark the cut."""
    return text if len(text) <= limit else text[: limit - 2] + "\n…"
