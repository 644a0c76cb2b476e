"""Showing outcomes on Discord: the board after every action, whose turn, DMs, the ranking.

Called by the service after an action is committed. A new decision-maker gets a new turn
message (so the mention pings them); a further action by the same player edits that message.
Private events go by DM to their seat only; a player whose DMs are closed is told once in the
channel, without any detail, to use /game hand.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.games.rattus import (
    face,
    narrate,
    prompt,
    ranking_lines,
    reaction_seats,
    region_cards_line,
    who,
)
from bot.i18n import t
from bot.service import Outcome, names_by_seat
from bot.store import GameRow
from bot.ui import picker_view, turn_view
from engine.core.registry import get_game

if TYPE_CHECKING:
    from bot.app import RattusBot

log = logging.getLogger(__name__)

LIMIT = 2000
MAX_LINES = 14


def game_lang(game: GameRow) -> str:
    """The language of a game's channel messages."""
    return str(game.settings.get("lang", "en"))


def public_lines(events: Sequence[dict[str, Any]], names: Sequence[str], lang: str) -> list[str]:
    """Lines for the events everybody may see."""
    out = []
    for event in events:
        if "visible_to" in event:
            continue
        line = narrate(event, names, lang)
        if line:
            out.append(line)
    return out


def fit(parts: Sequence[str], tail: str, limit: int = LIMIT) -> str:
    """Join lines and a tail within Discord's limit, dropping the oldest lines first."""
    lines = list(parts)
    while lines and len("\n".join([*lines, tail])) > limit:
        lines.pop(0)
    text = "\n".join([*lines, tail]) if lines else tail
    return text[:limit]


class DiscordPublisher:
    """Posts outcomes in the game's channel and sends private events by DM."""

    def __init__(self, bot: RattusBot) -> None:
        self.bot = bot
        # Lines of the current turn message, so an edit can keep them (presentation only:
        # after a restart the message simply starts again from the newest line).
        self._turn_lines: dict[int, list[str]] = {}

    def channel(self, game: GameRow) -> discord.PartialMessageable:
        """The game's channel or thread."""
        return self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)

    async def board_file(self, game: GameRow, lang: str | None = None) -> tuple[discord.File, str]:
        """The current public board as a file, and its text summary."""
        lang = lang or game_lang(game)
        names = names_by_seat(game)
        view = await self.bot.service.view_for(game, None)
        image = await self.bot.renderer.board(game.game, view, names, lang)
        summary = self.bot.renderer.summary(game.game, view, names, lang)
        return discord.File(io.BytesIO(image), "board.png", description=summary[:1024]), summary

    def mentions(self, game: GameRow, seats: Sequence[int]) -> str:
        """Who must decide now: a mention for people, a name for AI seats."""
        names = names_by_seat(game)
        out = []
        for seat in sorted(seats):
            player = game.player_at(seat)
            if player.is_ai or player.user_id is None:
                out.append(f"{who(names, seat)} 🤖")
            else:
                out.append(f"<@{player.user_id}>")
        return ", ".join(out)

    async def publish(self, outcome: Outcome) -> None:
        """Show one stored outcome."""
        game = outcome.game
        lang = game_lang(game)
        names = names_by_seat(game)
        engine = outcome.engine
        view = engine.view(outcome.state, None)
        events = [e.to_dict() for e in outcome.events]
        lines = public_lines(events, names, lang)
        if outcome.undone:
            lines = [t("game.undone", lang)]
        elif outcome.seat is not None and (
            outcome.origin in ("clock-ai", "clock-skip", "timeout")
            or (outcome.origin == "ai" and game.player_at(outcome.seat).stand_in)
        ):
            # Say when the bot decided for a person (a clock, a timeout, a stand-in).
            origin = t(f"origin.{outcome.origin}", lang, player=who(names, outcome.seat))
            lines = [origin, *lines]
        channel = self.channel(game)

        if not (lines or outcome.started or outcome.over or outcome.turn_changed):
            # Nothing public happened (a private standing order, say): keep the board, only
            # give the turn buttons the new sequence number, then the private part.
            await self._refresh_buttons(game, outcome, lang)
            await self.send_private(outcome, events)
            return

        if outcome.started:
            order = "\n".join(
                f"{seat + 1}. {who(names, seat)}" + (" 🤖" if p.is_ai else "")
                for seat, p in enumerate(game.seated())
            )
            await channel.send(t("game.started", lang, id=game.id, order=order))

        image = await self.bot.renderer.board(game.game, view, names, lang)
        summary = self.bot.renderer.summary(game.game, view, names, lang)
        file = discord.File(io.BytesIO(image), "board.png", description=summary[:1024])

        if outcome.over:
            await self.strip_turn_buttons(game)
            ranking = ranking_lines(engine.result(outcome.state), names, lang)
            tail = t("game.over", lang) + "\n" + "\n".join(ranking)
            await channel.send(fit(lines[-MAX_LINES:], tail), file=file)
            await self.bot.service.store.set_message(game.id, "turn", None)
            self._turn_lines.pop(game.id, None)
        elif outcome.turn_changed or not game.turn_message_id:
            await self.strip_turn_buttons(game)
            self._turn_lines[game.id] = lines[-MAX_LINES:]
            message = await channel.send(
                self._turn_text(game, outcome, view, lang, summary),
                file=file,
                view=self._buttons(game, outcome, lang) or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions(users=True),
            )
            game.turn_message_id = message.id
            await self.bot.service.store.set_message(game.id, "turn", message.id)
        else:
            kept = self._turn_lines.setdefault(game.id, [])
            kept.extend(lines)
            del kept[:-MAX_LINES]
            try:
                await channel.get_partial_message(game.turn_message_id).edit(
                    content=self._turn_text(game, outcome, view, lang, summary),
                    attachments=[file],
                    view=self._buttons(game, outcome, lang) or discord.utils.MISSING,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.NotFound:
                # Someone deleted the turn message: post a fresh one.
                message = await channel.send(
                    self._turn_text(game, outcome, view, lang, summary),
                    file=discord.File(io.BytesIO(image), "board.png"),
                    view=self._buttons(game, outcome, lang) or discord.utils.MISSING,
                )
                await self.bot.service.store.set_message(game.id, "turn", message.id)
        await self.send_private(outcome, events)

    def _turn_text(
        self, game: GameRow, outcome: Outcome, view: dict[str, Any], lang: str, summary: str
    ) -> str:
        movers = sorted(outcome.to_move)
        ask = prompt(view, movers[0], lang) if movers else ""
        tail = t("turn.ping", lang, who=self.mentions(game, movers), what=ask)
        if len(tail) + len(summary) + 2 < LIMIT // 2:
            tail = tail + "\n" + summary
        return fit(self._turn_lines.get(game.id, []), tail)

    async def _refresh_buttons(self, game: GameRow, outcome: Outcome, lang: str) -> None:
        if not game.turn_message_id:
            return
        try:
            await (
                self.channel(game)
                .get_partial_message(game.turn_message_id)
                .edit(view=self._buttons(game, outcome, lang))
            )
        except discord.HTTPException:
            log.info("game %s: could not refresh the turn buttons", game.id)

    def _buttons(self, game: GameRow, outcome: Outcome, lang: str) -> discord.ui.View | None:
        engine = outcome.engine
        legal = {
            seat: [str(a) for a in engine.legal_actions(outcome.state, seat)]
            for seat in outcome.to_move
        }
        return turn_view(game.id, outcome.seq, legal, lang)

    async def strip_turn_buttons(self, game: GameRow) -> None:
        """Remove the buttons of the game's last turn message."""
        if not game.turn_message_id:
            return
        try:
            await self.channel(game).get_partial_message(game.turn_message_id).edit(view=None)
        except discord.HTTPException:
            log.info("game %s: the old turn message could not be edited", game.id)

    async def send_private(self, outcome: Outcome, events: Sequence[dict[str, Any]]) -> None:
        """DM each seat what only it may see: its private events, its hand of cards when it
        changed, and its options when a reaction window asks it (never to anyone else)."""
        game = outcome.game
        names = names_by_seat(game)
        engine = outcome.engine
        asked = set(reaction_seats(engine, outcome.state))
        # Only games with hands of cards can change a hand without a private event.
        has_hands = bool(game.options.get("expansion"))
        for player in game.seated():
            seat = player.seat
            if seat is None or player.is_ai or player.user_id is None:
                continue
            lang = player_lang(player.locale, game)
            lines = [
                line
                for e in events
                if seat in e.get("visible_to", []) and (line := narrate(e, names, lang)) is not None
            ]
            if not (lines or has_hands or seat in asked):
                continue
            view = engine.view(outcome.state, seat)
            if outcome.before is not None and view.get("hand") is not None:
                old = engine.view(outcome.before, seat).get("hand")
                if old != view["hand"] and not any("🃏" in x for x in lines):
                    lines.append(region_cards_line(view, lang) or t("hand.empty", lang))
            picker = None
            if seat in asked and not player.stand_in:
                reaction = view.get("reaction") or {}
                minutes = self.bot.service.settings_of(game).reaction_minutes
                lines.append(
                    t(
                        "reaction.dm",
                        lang,
                        id=game.id,
                        region=reaction.get("region", "?"),
                        face=face(reaction["token"], lang) if reaction.get("token") else "?",
                        minutes=f"{minutes:g}",
                    )
                )
                legal = [str(a) for a in engine.legal_actions(outcome.state, seat)]
                picker = picker_view(game.id, outcome.seq, "any", legal, "", lang, view=view)
            if not lines:
                continue
            image = None
            if any(
                e.get("type") in ("rat_token_seen",)
                for e in events
                if seat in e.get("visible_to", [])
            ):
                image = await self.bot.renderer.private(game.game, view, names, lang)
            files = [discord.File(io.BytesIO(image), "private.png")] if image else []
            text = t("dm.private", lang, id=game.id, channel=f"<#{game.channel_id}>")
            await self.dm(game, player.user_id, fit([text, *lines], ""), files, view=picker)

    async def dm(
        self,
        game: GameRow,
        user_id: int,
        text: str,
        files: Sequence[discord.File] = (),
        view: discord.ui.View | None = None,
    ) -> bool:
        """Send a DM; on closed DMs (50007) remember it and say so once in the channel."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            if view is not None:
                await user.send(text, files=list(files), view=view)
            else:
                await user.send(text, files=list(files))
            return True
        except discord.Forbidden as exc:
            if exc.code != 50007:
                log.warning("game %s: DM to %s refused: %s", game.id, user_id, exc)
                return False
            player = game.player_of(user_id)
            await self.bot.service.store.set_dm_closed(game.id, user_id, True)
            if player is not None and not player.dm_closed:
                player.dm_closed = True
                await self.channel(game).send(
                    t("dm.closed", game_lang(game), player=f"<@{user_id}>"),
                    allowed_mentions=discord.AllowedMentions(users=False),
                )
            return False

    # ------------------------------------------------------------------ the scheduler's voice

    def jump(self, game: GameRow) -> str:
        """A link to the game's current turn message (or its channel)."""
        base = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"
        return f"{base}/{game.turn_message_id}" if game.turn_message_id else base

    async def remind(self, game: GameRow, seats: Sequence[int], count: int, total: int) -> None:
        """Remind people it is their decision: by DM for those who chose it, else here."""
        lang = game_lang(game)
        in_channel = []
        for seat in seats:
            player = game.player_at(seat)
            if player.user_id is None:
                continue
            if player.remind_dm and not player.dm_closed:
                text = t(
                    "remind.dm",
                    player_lang(player.locale, game),
                    id=game.id,
                    link=self.jump(game),
                    count=count,
                    total=total,
                )
                if await self.dm(game, player.user_id, text):
                    continue
            in_channel.append(f"<@{player.user_id}>")
        if in_channel:
            await self.channel(game).send(
                t(
                    "remind.channel",
                    lang,
                    who=", ".join(in_channel),
                    link=self.jump(game),
                    count=count,
                    total=total,
                ),
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    async def clock_ran_out(self, game: GameRow, seats: Sequence[int], policy: str) -> None:
        """Say in the channel that a turn clock ran out, and what the policy does."""
        lang = game_lang(game)
        names = names_by_seat(game)
        await self.channel(game).send(
            t(f"clock.{policy}", lang, player=", ".join(who(names, s) for s in seats))
        )

    async def reaction_timed_out(self, game: GameRow, seats: Sequence[int]) -> None:
        """Say that a reaction window closed and the standing orders apply."""
        lang = game_lang(game)
        names = names_by_seat(game)
        await self.channel(game).send(
            t("reaction.timeout", lang, player=", ".join(who(names, s) for s in seats))
        )

    async def history_lines(self, game: GameRow, lang: str) -> list[str]:
        """The public history of a game as text lines, oldest first."""
        names = names_by_seat(game)
        lines: list[str] = []
        if game.status in ("active", "over"):
            engine = get_game(game.game)
            first = await self.bot.service.state_at(game, 0)
            setup = [e.to_dict() for e in engine.setup_events(first)]
            lines.extend(f"`#0` {line}" for line in public_lines(setup, names, lang))
        for row in await self.bot.service.store.actions(game.id):
            for line in public_lines(row.events, names, lang):
                lines.append(f"`#{row.seq}` {line}")
        return lines


def player_lang(locale: str | None, game: GameRow) -> str:
    """A player's language for DMs: their Discord locale, else the game's."""
    from bot.i18n import language

    return language(locale) if locale else game_lang(game)
