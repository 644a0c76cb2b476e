"""Showing a game on Discord: the outbox drained in order, one game at a time.

After every stored change the service wakes this publisher. Per game, one task takes the
waiting posts from the outbox as a batch (see bot.feed), turns it into one message (what
happened, the board, whose turn, the buttons), posts it, and only then deletes the posts and
queues the DMs of that batch, in one transaction. So:

- nothing is shown before it is committed, and everything committed is shown, in order;
- Discord errors (5xx, 429 without retry information, a dropped connection) are retried with
  growing pauses, for as long as it takes; after a restart the waiting posts are shown;
- nothing is shown twice: a post that may have reached Discord before a failure or a crash is
  looked for in the channel's recent history (its board is named after the game and its
  sequence number) before it is posted again, and channel posts carry a nonce.

Discord's rate limits (about 50 requests/s per bot, 5 messages per 5 s per channel) bind long
before the CPU does, so a player's own interaction carries the answer whenever it can (all
exempt from the limits): a click whose board is ready within ANSWER_WAIT is answered with it
(the clicked turn message edited in the response: one call); otherwise the clicked message
loses its buttons in the response and the board follows through the interaction's webhook
(its follow-up for a new turn message, which notifies the next player), consecutive
posts of a game (a run of AI moves, several answers to a window) become one message, and a
game never posts in its channel more often than once per `channel_interval`. DM channels are
opened once per person and kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from tenacity import (
    AsyncRetrying,
    RetryCallState,
    retry_if_exception,
    wait_exponential_jitter,
)

from bot import compose, presence, respond
from bot.adapter import adapter_for
from bot.clicks import TOKEN_LIFE, Clicks, Offer
from bot.compose import game_lang, names_of
from bot.feed import Batch, DirectMessage, Feed
from bot.i18n import t
from bot.store import GameRow, Post, StoreReadOnly
from bot.ui import (
    CommandMentions,
    board_files,
    layout,
    picker_view,
    rematch_rows,
    stall_view,
    summary_layout,
    turn_rows,
)
from render.common import seat_colour

if TYPE_CHECKING:
    from bot.rendering import Renderer

log = logging.getLogger(__name__)


def board_tag(game: GameRow, seq: int) -> str:
    """What names the board of the position after action `seq` (its post is found again by it
    after a restart): keyed by the game's seed, which stays secret while the game goes on, so
    that a file name tells nothing of how many actions there were (the store's seq counts the
    private answers of a secret window too)."""
    key = (game.seed % 2**64).to_bytes(8, "little")
    return hashlib.blake2b(f"{game.id}:{seq}".encode(), key=key, digest_size=5).hexdigest()


def post_nonce(game: GameRow, batch: Batch) -> str:
    """The nonce of a batch's message (the same on a retry): keyed like `board_tag`, as the
    store's seq and the outbox's ids count a secret window's private answers too."""
    key = (game.seed % 2**64).to_bytes(8, "little")
    text = f"{game.id}:{batch.seq}:{batch.ids[-1]}".encode()
    return hashlib.blake2b(text, key=key, digest_size=12).hexdigest()


def board_name(game_id: int, tag: str, part: str = "board") -> str:
    """The file name of a board (or of one part of it, "map" or "players"): it identifies the
    post, so a restart can find it again."""
    return f"board-{game_id}-{tag}.png" if part == "board" else f"board-{game_id}-{tag}-{part}.png"


def is_board_of(filename: str, game_id: int, tag: str) -> bool:
    """True for the file name of a board (or a part of it) posted for that game and tag."""
    return filename == board_name(game_id, tag) or filename.startswith(f"board-{game_id}-{tag}-")


def transient(exc: BaseException) -> bool:
    """Errors worth trying again: Discord or the network failing, not our own bugs."""
    if isinstance(exc, discord.NotFound):
        return False
    return isinstance(
        exc, discord.HTTPException | aiohttp.ClientError | asyncio.TimeoutError | OSError
    )


@dataclass(slots=True)
class PublisherConfig:
    """Tunables of the publisher (tests make the pauses short)."""

    channel_interval: float = 1.0  # at least this long between two channel posts of a game
    retry_initial: float = 0.5
    retry_max: float = 300.0
    # How long a post waits for AI seats that are still moving, so that their moves join it
    # (one message, not one per AI move): a hard AI thinks a second or two per decision.
    settle: float = 20.0


class Publisher:
    """Drains each game's outbox in order onto Discord."""

    def __init__(
        self,
        client: discord.Client,
        feed: Feed,
        renderer: Renderer,
        *,
        config: PublisherConfig | None = None,
        settle: Callable[[int, float], Awaitable[None]] | None = None,
        window_minutes: Callable[[GameRow], float] | None = None,
        commands: CommandMentions | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.feed = feed
        self.renderer = renderer
        self.config = config or PublisherConfig()
        self._settle = settle
        self._window_minutes = window_minutes or (lambda game: 60.0)
        self.commands = commands or CommandMentions()
        self.clock = clock  # the service's wall clock (quiet hours)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._hooks: dict[int, tuple[discord.Interaction[Any], float]] = {}
        self._dm_channels: dict[int, int] = {}
        self._uncertain: set[int] = set()
        self._free_at: dict[int, float] = {}
        self._turn_lines: dict[int, list[str]] = {}
        self._story: dict[int, list[list[str]]] = {}  # a turn message's story at its start
        # The board each game's turn message shows: (message id, [(file name, description)]),
        # kept by its edits (a turn message's board is the position when it asked).
        self._boards: dict[int, tuple[int, list[tuple[str, str]]]] = {}
        # The picture each person's private DM of a game shows (a digest), kept by an edit
        # that would show the same one.
        self._private_images: dict[tuple[int, int], bytes | None] = {}
        self._closing = False
        self.calls: dict[str, int] = {"interaction": 0, "channel": 0, "dm": 0}
        # The web view, when it is on: a game's public page (the turn message links to it),
        # and who hears at once that a game changed (its open pages).
        self.web_link: Callable[[int], str | None] = lambda game_id: None
        self.watchers: list[Callable[[int], None]] = []
        self.clicks = Clicks(self.calls)

    # ------------------------------------------------------------------ waking up

    def notify(self, game_id: int, *, hold: int | None = None) -> None:
        """Posts of a game are waiting; `hold` a person's action whose interaction may come."""
        if self._closing:
            return
        for watch in self.watchers:
            watch(game_id)
        if hold is not None:
            self.clicks.hold(game_id, hold)
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._tasks[game_id] = asyncio.create_task(self._drain(game_id), name=f"post-{game_id}")

    async def resume(self, *, look_first: bool = True) -> None:
        """After a restart: post what was committed but not shown (looking first for what may
        have been posted just before the stop, unless `look_first` is False: this process
        was running, it only missed being told)."""
        for game_id in await self.feed.games():
            if look_first:
                self._uncertain.add(game_id)
            self.notify(game_id)

    async def flush(self, game_id: int, timeout: float = 5.0) -> None:
        """Wait (at most `timeout`) until a game's waiting posts are shown."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            await asyncio.wait({task}, timeout=timeout)

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until every game's outbox is drained (tests and the demo)."""
        deadline = time.monotonic() + timeout
        while True:
            running = [task for task in self._tasks.values() if not task.done()]
            if not running:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("posts still waiting")
            await asyncio.wait(running, timeout=remaining)

    async def close(self) -> None:
        """Stop posting; what is left stays in the outbox for the next start."""
        self._closing = True
        self.clicks.stop()
        for task in self._tasks.values():
            task.cancel()
        for task in self._tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.clicks.close()

    # ------------------------------------------------------------------ the drain

    async def _drain(self, game_id: int) -> None:
        retrying = AsyncRetrying(
            retry=retry_if_exception(transient),
            wait=wait_exponential_jitter(
                multiplier=self.config.retry_initial,
                max=self.config.retry_max,
                jitter=self.config.retry_initial,
            ),
            before_sleep=lambda state: self._failed(game_id, state),
            reraise=True,
        )
        try:
            while not self._closing:
                self._again.discard(game_id)
                await self.clicks.wait_for_offer(game_id)
                await self._pace(game_id)
                if self._settle is not None:
                    await self._settle(game_id, self.config.settle)
                more = await self._post_retrying(game_id, retrying)
                # New posts wake this loop (notify marks it); no need to read the outbox again.
                if not more and game_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except StoreReadOnly:
            pass  # the store logs an unwritable database once per episode; the posts wait
        except Exception:
            log.exception("game %s: posting failed; the posts stay in the outbox", game_id)

    async def _post_retrying(self, game_id: int, retrying: AsyncRetrying) -> bool:
        """`_post_next`, tried again with backoff while Discord fails. The first attempt runs
        on its own: it nearly always succeeds, and tenacity's loop costs a fifth of a
        millisecond per post."""
        try:
            return await self._post_next(game_id)
        except Exception as exc:
            if not transient(exc):
                raise
            self._uncertain.add(game_id)  # it may have reached Discord: look before again
            wait = self.config.retry_initial * (1 + random.random())
            log.warning(
                "game %s: Discord refused a post (%r); trying again in %.1f s",
                game_id,
                exc,
                wait,
            )
        await asyncio.sleep(wait)
        more = False
        async for attempt in retrying:
            with attempt:
                more = await self._post_next(game_id)
        return more

    def _failed(self, game_id: int, state: RetryCallState) -> None:
        # The post may have reached Discord before the failure: look before posting again.
        self._uncertain.add(game_id)
        outcome = state.outcome
        error = outcome.exception() if outcome is not None else None
        log.warning(
            "game %s: Discord refused a post (%r); trying again in %.1f s",
            game_id,
            error,
            state.next_action.sleep if state.next_action else 0.0,
        )

    async def _pace(self, game_id: int) -> None:
        # A game posts in its channel at most once per interval; what comes meanwhile is
        # coalesced into the next message. A fresh interaction needs no pause.
        if self.clicks.usable(game_id) is not None:
            return
        wait = self._free_at.get(game_id, 0.0) - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    async def _post_next(self, game_id: int) -> bool:
        """Post what comes next in the game's outbox; True when more is known to wait."""
        item = await self.feed.next(game_id)
        if item is None:
            return False
        if isinstance(item, DirectMessage):
            await self._direct(item)
            return item.more
        if game_id in self._uncertain:
            found = await self._find_posted(item)
            self._uncertain.discard(game_id)
            if found is not None:
                log.info("game %s: seq %s was already posted", game_id, item.seq)
                return await self._done(item, found) or item.more
        try:
            message = await self._show(item)
        except discord.NotFound as exc:
            if exc.code in (10003, 10008):  # the channel (or thread) is gone
                log.warning("game %s: its channel is gone; dropping its posts", game_id)
                await self.feed.posted(item, turn_message_id=None, clear_turn_message=True, dms=[])
                return item.more
            raise
        return await self._done(item, message) or item.more

    async def _done(self, batch: Batch, message_id: int | None) -> bool:
        """Record a shown batch (`message_id`: the new message it posted, if any) and queue
        its DMs; True when DMs were queued."""
        new_turn = message_id is not None and not (batch.over or batch.ended)
        dms = self._dms(batch)
        await self.feed.posted(
            batch,
            turn_message_id=message_id if new_turn else None,
            clear_turn_message=batch.over or batch.ended,
            dms=dms,
        )
        if message_id is not None and new_turn:
            batch.game.turn_message_id = message_id
        return bool(dms)

    async def _find_posted(self, batch: Batch) -> int | None:
        """The id of this batch's message if it is already in the channel (after a crash)."""
        game_id, tag = batch.game.id, board_tag(batch.game, batch.seq)
        channel = self.channel(batch.game)
        try:
            async for message in channel.history(limit=20):
                if any(is_board_of(a.filename, game_id, tag) for a in message.attachments):
                    return message.id
        except discord.HTTPException:
            log.info("game %s: could not read the channel's history", batch.game.id)
        return None

    # ------------------------------------------------------------------ one batch

    def channel(self, game: GameRow) -> discord.PartialMessageable:
        """The game's channel or thread."""
        return self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)

    async def _show(self, batch: Batch) -> int | None:
        """Show a batch in the channel; the id of the new message it posted, if any."""
        game = batch.game
        adapter = adapter_for(game.game)
        lang = game_lang(game)
        names = names_of(game)
        if batch.quiet:
            # Nothing the table may see changed: any click still open is only acknowledged,
            # and the channel stays as it is (an edit would say that someone acted, and when).
            await self.clicks.settle_others(game.id, None)
            return None
        offer = self.clicks.offer_for(batch)
        await self.clicks.settle_others(game.id, offer)
        if batch.ended and batch.end_reason is None:
            # Abandoned: the command's answer said so; the last turn message shrinks.
            await self._strip(game, offer, compose.turn_summary([], game_lang(game)))
            self._forget(game.id)
            return None
        lines = compose.story(batch, adapter, names, lang)
        log_ = self.commands.mention("game log")
        done = batch.ended or batch.over
        if done or batch.turn_changed or not game.turn_message_id:
            # The last turn message shrinks to one line before the board is drawn: that edit
            # needs no board, so it can still be the answer of the click (one call, not two).
            await self._strip(
                game,
                offer,
                compose.turn_summary(compose.done_lines(batch, adapter, names, lang), lang),
            )
        # A turn message's rows of controls; a secret window shows one button, whoever is
        # asked: it opens the asked seats' own choices, and tells anyone else that they have
        # nothing to decide.
        rows = (
            rematch_rows(game.id, lang)
            if done
            else turn_rows(
                adapter, game.id, game.shown, batch.legal, lang, window=batch.decision.window
            )
        )
        public = sorted(batch.public.seats)
        accent = seat_colour(public[0]) if public else None
        if not done and not batch.turn_changed and game.turn_message_id:
            # The same turn: its message is edited (its story grows, its controls change)
            # and keeps the board it has, the position when it asked: nothing is drawn or
            # uploaded again, what happened since is told in its story. (After a restart the
            # board's file is not known here: it is drawn once more.)
            kept = self._turn_lines.setdefault(game.id, [])
            kept.extend(lines)
            told = [*self._story.get(game.id, []), *([kept] if kept else [])]
            story = compose.told_in_full(told, lang, log_)
            head = compose.turn_head(batch, adapter, lang)
            shown = self._boards.get(game.id)
            edit: dict[str, Any] = {}
            if shown is not None and shown[0] == game.turn_message_id:
                boards = shown[1]
            else:
                edit["attachments"], boards = await self._draw(batch)
            try:
                await self._edit(
                    game,
                    game.turn_message_id,
                    offer,
                    view=layout(
                        head, story, boards=boards, rows=rows, accent=accent, link=self._link(game)
                    ),
                    allowed_mentions=discord.AllowedMentions.none(),
                    **edit,
                )
            except discord.NotFound:
                # Someone deleted the turn message: a fresh one, with the board.
                self._forget(game.id)
                return await self._post_turn(batch, offer, told, rows, accent)
            self._boards[game.id] = (game.turn_message_id, boards)
            return None
        if done:
            # Over, or ended without a result (nobody left playing, nobody moved for too
            # long): the last board, and the ranking or why, for everyone who played.
            self._forget(game.id)
            files, boards = await self._draw(batch)
            head, story = (
                compose.over_text(batch, adapter, names, lines, lang, log_)
                if batch.over and not batch.ended
                else compose.ended_text(batch, lines, lang, log_)
            )
            return await self._send(
                batch,
                offer,
                files=files,
                view=layout(head, story, boards=boards, rows=rows, link=self._link(game)),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        # A new turn message: the story since the pinged player's last decision, then what
        # happens on this turn (kept for its edits), and the board.
        groups = compose.story_groups(batch, adapter, lang, lines)
        return await self._post_turn(batch, offer, groups, rows, accent)

    def _link(self, game: GameRow) -> tuple[str, str] | None:
        """The link button to the game's web page (None: the web view is off)."""
        url = self.web_link(game.id)
        return (url, t("web.watch", game_lang(game))) if url else None

    async def _post_turn(
        self,
        batch: Batch,
        offer: Offer | None,
        groups: list[list[str]],
        rows: Sequence[Sequence[discord.ui.Item[Any]]],
        accent: tuple[int, int, int] | None,
    ) -> int:
        """Post a turn message that tells `groups` (kept for its edits) and shows the
        board."""
        game = batch.game
        lang = game_lang(game)
        adapter = adapter_for(game.game)
        files, boards = await self._draw(batch)
        self._story[game.id] = groups
        self._turn_lines[game.id] = []
        story = compose.told_in_full(groups, lang, self.commands.mention("game log"))
        head = compose.turn_head(batch, adapter, lang)
        sent = await self._send(
            batch,
            offer,
            files=files,
            view=layout(
                head, story, boards=boards, rows=rows, accent=accent, link=self._link(game)
            ),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        self._boards[game.id] = (sent, boards)
        return sent

    async def _draw(self, batch: Batch) -> tuple[list[discord.File], list[tuple[str, str]]]:
        """The board of a batch as files to attach, and their names and descriptions."""
        game = batch.game
        parts, summary = await self.renderer.board_parts(
            game.game, batch.view, names_of(game), game_lang(game)
        )
        tag = board_tag(game, batch.seq)
        return board_files(parts, summary, lambda part: board_name(game.id, tag, part))

    # ------------------------------------------------------------------ Discord calls

    async def _send(self, batch: Batch, offer: Offer | None, **kwargs: Any) -> int:
        """Post a new message for a batch (through the click's webhook when there is one);
        its id."""
        game = batch.game
        offer = await self.clicks.settled(offer)
        if offer is not None:
            sent = await respond.send(offer.interaction, **kwargs)
            self.calls["interaction"] += 1
            self._hooks[sent] = (offer.interaction, offer.at + TOKEN_LIFE)
            return sent
        kwargs.setdefault("view", discord.utils.MISSING)
        message = await self.channel(game).send(nonce=post_nonce(game, batch), **kwargs)
        self.calls["channel"] += 1
        self._free_at[game.id] = time.monotonic() + self.config.channel_interval
        return message.id

    async def _edit(
        self, game: GameRow, message_id: int, offer: Offer | None, **kwargs: Any
    ) -> None:
        if offer is not None and offer.component_message_id == message_id:
            if offer.claim():
                # The click is not answered yet: this edit is its answer, one call. If it
                # fails, the channel shows the board (the same edit again, if it did arrive).
                if await self.clicks.answer(offer, **kwargs):
                    return
            elif await self.clicks.settled(offer) is not None:
                await respond.edit(offer.interaction, None, **kwargs)
                self.calls["interaction"] += 1
                return
        hook = self._hooks.get(message_id)
        if hook is not None and time.monotonic() < hook[1]:
            try:
                await respond.edit(hook[0], message_id, **kwargs)
                self.calls["interaction"] += 1
                return
            except discord.HTTPException:
                self._hooks.pop(message_id, None)  # the token expired early: use the channel
        await self.channel(game).get_partial_message(message_id).edit(**kwargs)
        self.calls["channel"] += 1
        self._free_at[game.id] = time.monotonic() + self.config.channel_interval

    def _forget(self, game_id: int) -> None:
        """Drop what was kept of a game's turn message (its story, lines and board): the game
        has no turn message any more."""
        self._turn_lines.pop(game_id, None)
        self._story.pop(game_id, None)
        self._boards.pop(game_id, None)

    async def _strip(self, game: GameRow, offer: Offer | None, summary: str) -> None:
        """Shrink the game's last turn message to one line (`summary`: what was done on that
        turn): its board and controls go, the channel keeps one board, the newest. A click
        on that message still unanswered is answered by this edit itself."""
        if offer is None or offer.component_message_id != game.turn_message_id:
            offer = await self.clicks.settled(offer)
        if not game.turn_message_id:
            return
        self._boards.pop(game.id, None)
        try:
            await self._edit(
                game,
                game.turn_message_id,
                offer,
                view=summary_layout(summary),
                attachments=[],
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.NotFound:
            pass  # deleted: nothing to strip
        except discord.HTTPException:
            log.info("game %s: the old turn message could not be edited", game.id)

    # ------------------------------------------------------------------ DMs

    def _dms(self, batch: Batch) -> list[Post]:
        """The DMs of a batch, queued once its channel message is out."""
        return compose.dm_posts(batch, self._window_minutes(batch.game))

    async def _direct(self, dm: DirectMessage) -> None:
        """Send one DM (a few tries; `/game hand` is there when it cannot be delivered)."""
        game = dm.game
        adapter = adapter_for(game.game)
        names = names_of(game)
        files = []
        view = dm.view
        image: bytes | None = None
        if dm.image and view is not None:
            image = await self.renderer.private(game.game, view, names, dm.lang)
            if image:
                files.append(discord.File(io.BytesIO(image), "private.png"))
        picker = None
        if dm.picker:
            picker = picker_view(
                adapter,
                game.id,
                int(dm.picker["seq"]),
                "any",
                list(dm.picker["actions"]),
                "",
                dm.lang,
                view=view,
            )
        content = compose.dm_text(game, dm.lang, dm.lines)
        player = game.player_of(dm.user_id)
        # In the player's quiet hours a DM arrives without a notification.
        silent = player is not None and presence.quiet_until(player.prefs, self.clock()) is not None
        # What only this person knows is one DM per game, edited in place as it changes (an
        # edit notifies nobody); a new DM only asks them to decide, or is a turn notice they
        # asked for.
        # Its id is stored with the player, so that after a restart it is still edited.
        in_place = picker is None and not dm.notice
        key = (game.id, dm.user_id)
        digest = hashlib.blake2b(image, digest_size=16).digest() if image else None
        if in_place and player is not None and player.private_dm:
            # The same picture as the DM shows: it keeps its attachment (no new upload).
            same = digest is not None and self._private_images.get(key) == digest
            if await self._edit_dm(
                game, dm.user_id, player.private_dm, content, None if same else files
            ):
                self._private_images[key] = digest
                await self.feed.sent(dm)
                return
            await self.feed.private_dm(game, dm.user_id, None)
            for f in files:
                f.reset()
        for attempt in range(3):
            try:
                sent = await self.send_dm(game, dm.user_id, content, files, picker, silent=silent)
                if in_place and sent is not None:
                    await self.feed.private_dm(game, dm.user_id, sent)
                    self._private_images[key] = digest
                break
            except discord.HTTPException as exc:
                if not transient(exc) or attempt == 2:
                    log.warning("game %s: DM to %s not delivered: %s", game.id, dm.user_id, exc)
                    break
                await asyncio.sleep(self.config.retry_initial * 2**attempt)
                for f in files:
                    f.reset()
        await self.feed.sent(dm)

    async def dm_channel(self, user_id: int) -> discord.PartialMessageable:
        """A person's DM channel, opened once per process."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            data = await self.client.http.start_private_message(user_id)
            self.calls["dm"] += 1
            channel_id = self._dm_channels[user_id] = int(data["id"])
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _edit_dm(
        self,
        game: GameRow,
        user_id: int,
        message_id: int,
        text: str,
        files: Sequence[discord.File] | None,
    ) -> bool:
        """Edit a person's private DM of a game in place (its picture replaced by `files`,
        or kept with None); False when it is gone (deleted, or the DM channel closed): a new
        one is sent then."""
        try:
            channel = await self.dm_channel(user_id)
            message = channel.get_partial_message(message_id)
            if files is None:
                await message.edit(content=text)
            else:
                await message.edit(content=text, attachments=list(files))
            self.calls["dm"] += 1
            return True
        except discord.HTTPException as exc:
            log.info("game %s: private DM of %s not edited (%s)", game.id, user_id, exc)
            return False

    async def send_dm(
        self,
        game: GameRow,
        user_id: int,
        text: str,
        files: Sequence[discord.File] = (),
        view: discord.ui.View | None = None,
        *,
        silent: bool = False,
    ) -> int | None:
        """Send a DM (its id, or None); on closed DMs (50007) remember it and say so once in
        the channel."""
        try:
            channel = await self.dm_channel(user_id)
            message = await channel.send(
                text, files=list(files), view=view or discord.utils.MISSING, silent=silent
            )
            self.calls["dm"] += 1
            return message.id
        except discord.Forbidden as exc:
            if exc.code != 50007:
                log.warning("game %s: DM to %s refused: %s", game.id, user_id, exc)
                return None
            player = game.player_of(user_id)
            await self.feed.dms_closed(game, user_id)
            if player is not None and not player.dm_closed:
                player.dm_closed = True
                await self.channel(game).send(
                    compose.dms_closed(game, user_id),
                    allowed_mentions=discord.AllowedMentions(users=False),
                )
                self.calls["channel"] += 1
            return None

    # ------------------------------------------------------------------ the scheduler's voice

    async def stalled(self, game: GameRow, seats: Sequence[int]) -> None:
        """Say in the channel that the game stalled, with what anyone playing may do now."""
        await self.channel(game).send(
            compose.stall_text(game, seats),
            view=stall_view(game.id, game.shown, game_lang(game)),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        self.calls["channel"] += 1

    async def remind(self, game: GameRow, seats: Sequence[int], count: int, total: int) -> None:
        """Remind people it is their decision: by DM for those who chose it, else here."""
        adapter = adapter_for(game.game)
        in_channel = []
        for seat in seats:
            player = game.player_at(seat)
            if player.user_id is None:
                continue
            if player.remind_dm and not player.dm_closed:
                text = compose.reminder_dm(game, player, adapter, count, total)
                if await self.send_dm(game, player.user_id, text) is not None:
                    continue
            in_channel.append(f"<@{player.user_id}>")
        if in_channel:
            await self.channel(game).send(
                compose.reminder_channel(game, in_channel, count, total),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
            self.calls["channel"] += 1
