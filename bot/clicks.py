"""Clicks held for their post: a person's interaction may carry the post of their action.

A click's response, follow-up and original message are exempt from Discord's rate limits, so
the publisher posts through the interaction of the action it shows whenever it can. Whoever
claims a held click first answers it: its batch (with the new board), or a timer (removing
the clicked buttons); a post waits until the click's answer is over before it uses the
webhook, and any other open click of the game is acknowledged before a batch changes that
game's messages, so a late answer can never remove newer buttons.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot import respond
from bot.ui import without_controls

if TYPE_CHECKING:
    from bot.feed import Batch

log = logging.getLogger(__name__)

TOKEN_LIFE = 14 * 60.0  # an interaction token lasts 15 minutes; keep a margin
HOLD = 1.5  # how long a person's action waits for its interaction before posting without it
SETTLE_WAIT = 5.0  # at most this long a post waits for its click's answer to end
# How long a click whose action is stored waits for its board to answer it (one call to
# Discord instead of two) before it is answered by removing the clicked buttons instead.
# Short: a click is still answered within 50 ms (bench.bot: p99 48 ms at 200 games, when
# 0.5 s made the board the answer slightly more often but the p99 answer 68 ms).
ANSWER_WAIT = 0.035


@dataclass(slots=True)
class Offer:
    """A person's interaction that may carry the post of their action."""

    interaction: discord.Interaction[Any]
    seq: int
    at: float
    # The message the clicked component is on, when the interaction was a deferred update
    # of it (its "@original" is then that message).
    component_message_id: int | None
    stripped: bool = False  # that message's buttons were already removed by the answer
    # Not answered yet: the batch of its action may answer it with the new board (the
    # clicked message edited in the interaction's response) while its handler waits.
    # Whoever claims it first answers it; `answered` is set once that answer is over.
    open: bool = False
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    failed: bool = False  # its answer failed: the interaction can carry nothing

    def claim(self) -> bool:
        """Take the right to answer the interaction (False: someone has it)."""
        if not self.open:
            return False
        self.open = False
        return True


class Clicks:
    """The interactions of people's actions, per game, until their posts are out."""

    def __init__(self, calls: dict[str, int]) -> None:
        self.calls = calls  # the publisher's count of calls to Discord, by kind
        self._holds: dict[int, tuple[int, float]] = {}
        self._offers: dict[int, list[Offer]] = {}
        self._offered: dict[int, asyncio.Event] = {}
        self._closing = False
        self._answering: set[asyncio.Task[None]] = set()  # clicks answered late (answer_click)

    def hold(self, game_id: int, seq: int) -> None:
        """A person's action `seq` is stored: its post waits a moment for its interaction."""
        self._holds[game_id] = (seq, time.monotonic() + HOLD)

    def offer(
        self,
        game_id: int,
        seq: int,
        interaction: discord.Interaction[Any],
        *,
        component_message_id: int | None = None,
        open: bool = False,
    ) -> Offer:
        """The interaction of a person's action `seq`, free to carry the post (its response,
        follow-up and original message are exempt from rate limits). Answered by its handler,
        or `open`: not answered yet (see `answer_click`)."""
        offer = Offer(interaction, seq, time.monotonic(), component_message_id, open=open)
        if not open:
            offer.answered.set()
        offers = self._offers.setdefault(game_id, [])
        offers.append(offer)
        del offers[:-4]
        event = self._offered.get(game_id)
        if event is not None:
            event.set()
        return offer

    def answer_click(self, offer: Offer, wait: float) -> None:
        """A click's action is stored and its interaction offered open: its batch answers
        it with the new board if that is ready within `wait` seconds; otherwise it is then
        answered by removing the clicked buttons (the board follows through the
        interaction's webhook, as after any answer). Nothing waits here: the handler is
        free at once (a click waiting for its board holds none of the backlog's slots)."""
        if wait <= 0:
            self._answer_late(offer)
        else:
            asyncio.get_running_loop().call_later(wait, self._answer_late, offer)

    def _answer_late(self, offer: Offer) -> None:
        if not self._closing and offer.claim():
            task = asyncio.create_task(self.strip(offer))
            self._answering.add(task)
            task.add_done_callback(self._answering.discard)

    async def answer(self, offer: Offer, **edit: Any) -> bool:
        """Answer a click its claimer holds: edit the clicked message (`edit`), or with
        nothing to edit only acknowledge it. False when that failed, refused or lost on the
        way: the interaction may be unanswered, so it carries nothing more (`failed`)."""
        interaction = offer.interaction
        try:
            await (
                respond.update(interaction, **edit) if edit else respond.acknowledge(interaction)
            )
            self.calls["interaction"] += 1
            return True
        except Exception as exc:
            offer.failed = True
            log.info("seq %s: the click could not be answered (%r)", offer.seq, exc)
            return False
        finally:
            offer.answered.set()

    async def strip(self, offer: Offer) -> None:
        """Answer a click by removing the controls of the clicked message (its text and board
        stay)."""
        try:
            kept = without_controls(offer.interaction.message)
        except Exception:
            # Never leave the click unanswered: with no layout to keep, no view removes all.
            log.exception("seq %s: the clicked message's layout could not be read", offer.seq)
            kept = None
        offer.stripped = await self.answer(offer, view=kept)

    async def settle_others(self, game_id: int, chosen: Offer | None) -> None:
        """Every other click of the game answered before a batch changes its messages (the
        answer of a click no batch carries would otherwise remove the buttons it brings)."""
        for other in list(self._offers.get(game_id, [])):
            if other is chosen or other.answered.is_set():
                continue
            if other.claim():
                await self.answer(other)  # acknowledged, nothing changed
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(other.answered.wait(), SETTLE_WAIT)

    async def settled(self, offer: Offer | None) -> Offer | None:
        """`offer` once its interaction is answered (answered here, by removing the clicked
        buttons, if nobody has), or None when it can carry nothing."""
        if offer is None:
            return None
        if offer.claim():
            await self.strip(offer)
        else:
            try:
                await asyncio.wait_for(offer.answered.wait(), SETTLE_WAIT)
            except TimeoutError:
                return None
        return None if offer.failed else offer

    def release(self, game_id: int, seq: int) -> None:
        """The person's action `seq` will offer no interaction: post without waiting."""
        hold = self._holds.get(game_id)
        if hold is not None and hold[0] == seq:
            self._holds.pop(game_id, None)
            event = self._offered.get(game_id)
            if event is not None:
                event.set()

    async def wait_for_offer(self, game_id: int) -> None:
        hold = self._holds.get(game_id)
        if hold is None:
            return
        seq, deadline = hold
        event = self._offered.setdefault(game_id, asyncio.Event())
        while not any(o.seq >= seq for o in self._offers.get(game_id, [])):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._holds.get(game_id) != hold:
                break
            event.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)
        if self._holds.get(game_id) == hold:
            self._holds.pop(game_id, None)

    def usable(self, game_id: int) -> Offer | None:
        now = time.monotonic()
        offers = [o for o in self._offers.get(game_id, []) if now - o.at < TOKEN_LIFE]
        self._offers[game_id] = offers
        return offers[-1] if offers else None

    def offer_for(self, batch: Batch) -> Offer | None:
        """The interaction of a person's action in this batch, if one is still fresh."""
        seqs = {e.seq for e in batch.entries if e.kind == "action"}
        now = time.monotonic()
        for offer in reversed(self._offers.get(batch.game.id, [])):
            if offer.seq in seqs and now - offer.at < TOKEN_LIFE:
                return offer
        return None

    def stop(self) -> None:
        """Answer no more held click by timer (the bot is closing)."""
        self._closing = True

    async def close(self) -> None:
        """Stop answering; let the answers under way end."""
        self.stop()
        for task in list(self._answering):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
