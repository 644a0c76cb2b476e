"""Playing: a game's commands, the turn message's buttons and selects, private pickers,
autocomplete from legal actions, /game board and /game hand."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.adapter import GameAdapter, adapter_for, who
from bot.clicks import ANSWER_WAIT
from bot.compose import game_lang, names_of
from bot.errors import send_ephemeral, user_lang
from bot.gateway import clicked_message_id
from bot.i18n import t
from bot.interactions.base import (
    AUTOCOMPLETE_BUDGET,
    Interaction,
    Room,
    admitted,
    channel_id,
    check_ids,
    fit,
    here,
    require_guild,
    tracked,
)
from bot.service import BotError, Outcome, StaleAction
from bot.store import GameNotFound, GameRow
from bot.ui import board_files, layout, picker_title, picker_view

log = logging.getLogger(__name__)


class Play(Room):
    """Acting, and seeing the board and one's own hand."""

    @admitted
    async def act_command(self, interaction: Interaction, text: str) -> None:
        """A game's command: act with the sequence number seen when the command arrived."""
        require_guild(interaction)

        async def act() -> Outcome:
            game = await self.service.game_in(channel_id(interaction))
            return await self.service.act(
                game.id, interaction.user.id, text, expected_seq=game.shown
            )

        outcome = await self.quick(interaction, act(), ephemeral=True, update=False)
        await self._confirm(interaction, outcome, text)

    async def _confirm(
        self,
        interaction: Interaction,
        outcome: Outcome,
        text: str,
        *,
        edit: bool = False,
        verb: str | None = None,
    ) -> None:
        """Tell the player their action is done, then lend the interaction to the post
        (`edit`: by editing the picker the action was chosen in, a picker of `verb`)."""
        adapter = adapter_for(outcome.game.game)
        lang = user_lang(interaction)
        action = outcome.action or text
        # Only a private choice may need the seat's own view to be named (a drawn card).
        view = _view_before(outcome) if adapter.is_private(action) else None
        what = adapter.labels(action, lang, view)
        try:
            if edit:
                # A picker of a verb taken several times in a row stays open: it says what was
                # done, and offers the next choices (one tap each); else it only confirms.
                done = t("done", lang, what=what)
                picker = self._picker_after(outcome, verb, lang) if verb else None
                if picker is not None:
                    title, view_ = picker
                    await self.answer(interaction, f"{done}\n{title}", update=True, view=view_)
                else:
                    await self.answer(interaction, done, update=True, view=None)
            else:
                await self.answer(interaction, t("done", lang, what=what), update=False)
        except discord.HTTPException:
            # The action is stored: say so if anything can still reach the player.
            self.deps.publisher.clicks.release(outcome.game.id, outcome.seq)
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(
                    t("done_unconfirmed", lang, what=what), ephemeral=True
                )
            return
        if interaction.channel_id != outcome.game.channel_id or outcome.secret:
            # A choice made in a DM picker: the board it brings belongs in the game's channel,
            # not in this DM as the interaction's follow-up. An answer in a secret window
            # lends nothing either: a post through it would tell the table who answered.
            self.deps.publisher.clicks.release(outcome.game.id, outcome.seq)
            return
        self.deps.publisher.clicks.offer(outcome.game.id, outcome.seq, interaction)

    @admitted
    async def turn_button(
        self, interaction: Interaction, game_id: int, seq: int, mode: str, payload: str
    ) -> None:
        """A turn-message button: act at once ('a'), or open a picker of options ('k')."""
        try:
            if mode == "a":
                await self._act_button(interaction, game_id, seq, payload)
                return
            game, texts, view = await self.quick(
                interaction,
                self._picker_options(interaction, game_id, seq, payload),
                ephemeral=True,
                update=False,
            )
            adapter = adapter_for(game.game)
            lang = user_lang(interaction)
            # `texts` are already this verb's actions as the adapter groups them; a verb may
            # gather actions whose texts begin with other words (no prefix to filter on).
            picker = picker_view(adapter, game_id, game.shown, payload, texts, "", lang, view=view)
            title = picker_title(adapter, payload, "", lang)
            await self.answer(interaction, title, update=False, view=picker)
        except Exception as exc:
            await self.fail(interaction, exc)

    @admitted
    async def turn_select(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a turn message's select: one public action, applied at once."""
        try:
            if not value.strip():
                raise BotError("bad_choice")  # no choice, or a blank one: no option is blank
            await self._act_button(interaction, game_id, seq, value, verb=verb)
        except Exception as exc:
            await self.fail(interaction, exc)

    async def _act_button(
        self,
        interaction: Interaction,
        game_id: int,
        seq: int,
        payload: str,
        *,
        verb: str | None = None,
    ) -> None:
        """A button (or a turn select's choice, of `verb`) that is one action: applied, then
        answered with the new board on the clicked message when it is ready soon enough,
        else by removing the clicked buttons (the board follows, through this interaction)."""

        def check(game: GameRow) -> None:
            here(interaction, game)
            if verb is not None:
                # Only the public actions of its verb are offered there: anything else is
                # a forged choice (and a private action is never chosen in public).
                adapter = adapter_for(game.game)
                if (
                    not payload.strip()
                    or verb not in adapter.listed_verbs
                    or adapter.verb(payload) != verb
                    or adapter.is_private(payload)
                ):
                    raise BotError("bad_choice")

        async def act() -> Outcome:
            check_ids(game_id, seq)
            if not payload.strip():
                raise BotError("bad_choice")  # a forged button: no action is blank
            try:
                # The game is read once, under its lock, and checked there before acting.
                return await self.service.act(
                    game_id, interaction.user.id, payload, expected_seq=seq, check=check
                )
            except GameNotFound:
                raise BotError("no_game") from None

        outcome = await self.quick(interaction, act(), ephemeral=True, update=True)
        answerable = not interaction.response.is_done()
        offer = self.deps.publisher.clicks.offer(
            game_id,
            outcome.seq,
            interaction,
            component_message_id=clicked_message_id(interaction),
            open=answerable,
        )
        if answerable:
            # The new board answers the click when it is ready soon enough (one call);
            # otherwise the answer removes the clicked buttons and the board follows. Only
            # where the game is posted: in another process the owner may post the board
            # first, and a late answer removing the buttons would take the new ones.
            wait = (
                min(ANSWER_WAIT, self.deps.backlog.time_left(interaction.id))
                if self.service.owns(outcome.game)
                else 0.0
            )
            self.deps.publisher.clicks.answer_click(offer, wait)

    def _picker_after(
        self, outcome: Outcome, verb: str, lang: str
    ) -> tuple[str, discord.ui.View] | None:
        """The picker of a tapped verb again after one of its actions, with the seat's next
        choices of that verb (None when the verb taps no more, or nothing of it is left)."""
        game = outcome.game
        adapter = adapter_for(game.game)
        seat = outcome.seat
        if verb not in adapter.tap_verbs or seat is None or game.status != "active":
            return None
        engine = self.service.engine(game)
        state = outcome.state
        if engine.is_over(state) or seat not in engine.decision(state).seats:
            return None
        texts = _verb_texts(engine, adapter, state, seat, verb)
        if not texts:
            return None
        view = engine.view(state, seat)
        picker = picker_view(adapter, game.id, game.shown, verb, texts, "", lang, view=view)
        return picker_title(adapter, verb, "", lang), picker

    async def _picker_options(
        self, interaction: Interaction, game_id: int, seq: int, verb: str
    ) -> tuple[GameRow, list[str], dict[str, Any]]:
        game = await self.game_here(interaction, game_id)
        check_ids(seq)
        texts, view = await self._my_options(game, interaction.user.id, seq, verb, picker=True)
        return game, texts, view

    async def _my_options(
        self, game: GameRow, user_id: int, seq: int, verb: str, *, picker: bool = False
    ) -> tuple[list[str], dict[str, Any]]:
        """The user's legal actions of one verb ("any": all), and the user's own view.

        A picker button opened after other seats acted (a window answered by someone else,
        say) still opens the current choices: they are computed now, not from the button."""
        if game.status == "over":
            raise BotError("game_over")
        if game.status != "active":
            raise BotError("game_abandoned" if game.status == "abandoned" else "not_started")
        if game.shown != seq and not picker:
            raise StaleAction(game.id)
        seat = self.service.seat_of(game, user_id)
        adapter = adapter_for(game.game)
        engine = self.service.engine(game)
        state = await self.service.state_of(game)
        decision = engine.decision(state)
        if seat not in decision.seats:
            if decision.secret:
                # The same answer however many seats answered since the button was made
                # (a stale board would tell that someone did).
                raise BotError("not_asked_window")
            if game.shown != seq:
                raise StaleAction(game.id)
            raise BotError("not_your_decision")
        texts = _verb_texts(engine, adapter, state, seat, verb)
        if not texts:
            raise StaleAction(game.id)
        return texts, engine.view(state, seat)

    @admitted
    async def picked(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a picker: narrow the list ("g:"), or act ("a:")."""
        try:
            lang = user_lang(interaction)
            rest = value[2:]
            if rest != rest.strip() or (value.startswith("a:") and not rest):
                # Action texts and group prefixes are words joined by single spaces: a blank
                # one, or one padded with spaces, was never offered.
                raise BotError("bad_choice")
            if value.startswith("g:"):

                async def narrow() -> tuple[GameRow, list[str], dict[str, Any]]:
                    check_ids(game_id, seq)
                    game = await self._picker_game(interaction, game_id)
                    texts, view = await self._my_options(game, interaction.user.id, seq, verb)
                    return game, texts, view

                game, texts, view = await self.quick(
                    interaction, narrow(), ephemeral=True, update=True
                )
                adapter = adapter_for(game.game)
                picker = picker_view(adapter, game_id, seq, verb, texts, value[2:], lang, view=view)
                title = picker_title(adapter, verb, value[2:], lang)
                await self.answer(interaction, title, update=True, view=picker)
                return
            if not value.startswith("a:"):
                raise BotError("bad_choice")

            async def act() -> Outcome:
                check_ids(game_id, seq)
                for _ in range(3):
                    game = await self._picker_game(interaction, game_id)
                    expected = await self._window_seq(game, interaction.user.id, seq, value[2:])
                    try:
                        return await self.service.act(
                            game_id, interaction.user.id, value[2:], expected_seq=expected
                        )
                    except StaleAction:
                        if expected == seq:
                            raise
                raise StaleAction(game_id)

            outcome = await self.quick(interaction, act(), ephemeral=True, update=True)
            await self._confirm(interaction, outcome, value[2:], edit=True, verb=verb)
        except Exception as exc:
            await self.fail(interaction, exc)

    async def _window_seq(self, game: GameRow, user_id: int, seq: int, text: str) -> int:
        """The number (`GameRow.shown`) a picker's choice is checked against.

        A window whose seats are known (not a secret one) asks several seats at once and
        every answer moves the game on, so a seat's picker (its DM) goes stale as soon as
        another seat answers. Its choice still counts while that seat has not acted since the
        picker was made, is still asked in a window, and the choice is still legal; any other
        stale choice stays stale. (A secret window's answers do not move the number on.)"""
        if game.shown <= seq or game.status != "active":
            return seq
        seat = self.service.seat_of(game, user_id)
        # The actions since the table's number was `seq`: walked back from the newest, each
        # known by the number after it (a hidden answer leaves the number where it was).
        # seq <= the store's number then, so reading after it reads them all.
        shown = game.shown
        for row in reversed(await self.service.store.actions(game.id, after=seq)):
            if shown <= seq:
                break
            if row.seat == seat:
                return seq
            shown -= 0 if row.hidden else 1
        engine = self.service.engine(game)
        state = await self.service.state_of(game)
        decision = engine.decision(state)
        if not decision.window or seat not in decision.seats:
            return seq
        if text not in {str(a) for a in engine.legal_actions(state, seat)}:
            return seq
        return game.shown

    async def _picker_game(self, interaction: Interaction, game_id: int) -> GameRow:
        """The game of a picker: in its channel, or (a window's picker sent by DM) a game the
        user plays in."""
        if interaction.guild_id is not None:
            return await self.game_here(interaction, game_id)
        check_ids(game_id)
        try:
            game = await self.service.store.get_game(game_id)
        except Exception:
            raise BotError("no_game") from None
        if game.player_of(interaction.user.id) is None:
            raise BotError("no_game")
        return game

    @tracked
    async def autocomplete(
        self, interaction: Interaction, verb: str, index: int, typed: str, filled: Sequence[str]
    ) -> list[tuple[str, str]]:
        """Choices for argument `index` of `verb`, from the user's legal actions."""
        found = await self._legal_texts(interaction)
        if found is None:
            return []
        adapter, texts = found
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
            out.setdefault(value, adapter.choice_label(verb, index, value, lang))
        typed = typed.casefold()
        choices = [
            (label, value)
            for value, label in out.items()
            if typed in label.casefold() or typed in value
        ]
        return choices[:25]

    async def _legal_texts(self, interaction: Interaction) -> tuple[GameAdapter, list[str]] | None:
        """The user's legal actions in this channel's game; None when there are none or the
        database is too slow to answer within Discord's autocomplete window."""

        async def read() -> tuple[GameAdapter, list[str]] | None:
            game = await self.service.game_in(channel_id(interaction))
            if game.status != "active":
                return None
            seat = self.service.seat_of(game, interaction.user.id)
            engine = self.service.engine(game)
            state = await self.service.state_of(game)
            return adapter_for(game.game), [str(a) for a in engine.legal_actions(state, seat)]

        try:
            return await asyncio.wait_for(read(), AUTOCOMPLETE_BUDGET)
        except (BotError, TimeoutError):
            return None

    @tracked
    async def all_actions(self, interaction: Interaction, typed: str) -> list[tuple[str, str]]:
        """Every legal action of the user as (description, text), filtered by `typed`."""
        found = await self._legal_texts(interaction)
        if found is None:
            return []
        adapter, texts = found
        lang = user_lang(interaction)
        typed = typed.casefold()
        out = []
        for text in texts:
            label = adapter.labels(text, lang)
            if typed in label.casefold() or typed in text:
                out.append((label[:100], text))
        return out[:25]

    async def board_post(self, game: GameRow, lang: str, head: str = "") -> dict[str, Any]:
        """The current public board as a message: its images (the map and the players' panel,
        each the whole width) under `head` and the position told in words."""
        names = names_of(game)
        view = await self.service.view_for(game, None)
        parts, summary = await self.deps.renderer.board_parts(game.game, view, names, lang)
        files, boards = board_files(
            parts, summary, lambda part: "board.png" if part == "board" else f"board-{part}.png"
        )
        text = fit(summary, 3000)
        return {
            "files": files,
            "view": layout(head or text, text if head else "", boards=boards),
        }

    @admitted
    async def board(self, interaction: Interaction, *, public: bool = False) -> None:
        """/game board: the current board for the asker alone (in their language), or posted
        in the channel (in the game's language) when asked."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.started_game_in(channel_id(interaction))
        if not public:
            post = await self.board_post(game, user_lang(interaction))
            await interaction.followup.send(ephemeral=True, **post)
            return
        post = await self.board_post(game, game_lang(game))
        await interaction.edit_original_response(content=t("posted", user_lang(interaction)))
        await interaction.followup.send(wait=True, ephemeral=False, **post)

    async def stale_board(self, interaction: Interaction, game_id: int) -> None:
        """The answer to a stale click: the current board, for the clicker only."""
        lang = user_lang(interaction)
        try:
            game = await self._picker_game(interaction, game_id)
        except BotError:
            await send_ephemeral(interaction, t("error.stale", lang))
            return
        if game.status not in ("active", "over"):
            await send_ephemeral(interaction, t("error.stale", lang))
            return
        post = await self.board_post(game, lang, t("error.stale", lang))
        if not interaction.response.is_done():
            await interaction.response.send_message(ephemeral=True, **post)
        else:
            await interaction.followup.send(ephemeral=True, **post)

    @admitted
    async def hand(self, interaction: Interaction) -> None:
        """/game hand: this player's private view, ephemeral."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game, seat = await self.my_seat(interaction)
        lang = user_lang(interaction)
        adapter = adapter_for(game.game)
        view = await self.service.view_for(game, seat)
        names = names_of(game)
        lines = [t("hand.title", lang, player=who(names, seat))]
        lines.extend(adapter.private_lines(view, seat, names, lang))
        image = await self.deps.renderer.private(game.game, view, names, lang)
        files = [discord.File(io.BytesIO(image), "private.png")] if image else []
        await interaction.followup.send(fit("\n".join(lines)), files=files, ephemeral=True)


def _verb_texts(engine: Any, adapter: GameAdapter, state: Any, seat: int, verb: str) -> list[str]:
    """The seat's legal actions of one verb ("any": all of them), as texts."""
    texts = [str(a) for a in engine.legal_actions(state, seat)]
    return texts if verb == "any" else [x for x in texts if adapter.verb(x) == verb]


def _view_before(outcome: Outcome) -> dict[str, Any] | None:
    """The acting seat's view before its action (to name a card only it saw)."""
    if outcome.before is None or outcome.seat is None:
        return None
    view: dict[str, Any] = outcome.engine.view(outcome.before, outcome.seat)
    return view
