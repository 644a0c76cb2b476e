"""What the publisher posts, built from the outbox: batches of a game's waiting posts.

The service writes a post with every change (start, action, undo, notice, end) in the same
transaction; here those posts become one `Batch`: everything the channel should see in one
message (the narration of every action since the last message, the board after them, who must
decide now and their buttons), and, per person, what only they may see. Consecutive posts are
coalesced, so a run of AI moves, or six answers to one window, make one message.

A batch is plain data (views, event dicts, action texts): the publisher turns it into words
with the game's adapter and into Discord calls, and never reads the state or the store itself.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.adapter import adapter_for
from bot.store import ChangeRow, GameRow, Pending, Post, PostRow, Schedule, showable
from engine.core.contract import Decision

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger(__name__)

# Games whose latest views are kept. Only the latest two positions of a game are ever read
# again (a batch's "after" is the next batch's "before"), so a game costs a few views however
# long it runs, and a thousand busy games do not push each other's views out.
VIEW_GAMES = 2048
# A game's `views(state, seats)`: the public view and those seats' views of one position.
ViewsOf = Callable[[Any, Sequence[int]], tuple[dict[str, Any], list[dict[str, Any]]]]


@dataclass(slots=True)
class Entry:
    """One post of a batch, with what it showed."""

    kind: str  # start, action, undo, notice
    seq: int
    seat: int | None = None
    actor_id: int | None = None
    origin: str = ""
    action: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    notice: tuple[str, dict[str, Any]] | None = None
    count: int = 1  # an undo: how many actions it took back
    secret: bool = False  # the answer of a secret window: nobody may learn who gave it


@dataclass(slots=True)
class SeatNews:
    """What one person should be told privately after a batch."""

    seat: int
    user_id: int
    events: list[dict[str, Any]]  # the private events of that seat, in order
    before: dict[str, Any] | None  # its view before the batch (None at the start)
    after: dict[str, Any]  # its view after
    asked: bool  # newly asked to answer a window
    legal: list[str]  # its legal actions (for the window's picker)


@dataclass(slots=True)
class Batch:
    """Waiting posts of one game shown together."""

    game: GameRow
    ids: list[int]  # the outbox rows it covers
    seq: int  # the game's sequence number it shows
    entries: list[Entry]
    view: dict[str, Any]  # the public view after
    decision: Decision
    legal: dict[int, list[str]]  # each seat to move: its legal actions
    result: dict[str, Any] | None
    news: list[SeatNews]
    started: bool
    undone: bool
    ended: bool  # abandoned: only the old buttons go
    turn_changed: bool  # someone else must decide now: a new turn message (a new ping)
    # Nothing public changed (a private choice, an answer in a secret window): the channel
    # shows nothing of it, only DMs go out. An edit or a new message would tell the table
    # that someone acted, and when.
    quiet: bool = False
    # When the turn clock of the seats to move runs out; in a window, when it closes.
    deadline: float | None = None
    end_reason: str | None = None  # why a game ended without a result (nobody left, idle)
    automated: frozenset[int] = frozenset()  # seats the bot plays now (never pinged)
    # What happened since the last turn of the person now pinged: their seat, and each action
    # since as the table may know it.
    since: tuple[int, list[Told]] | None = None
    more: bool = False  # the outbox held more posts than this batch
    # A game that ended with a result: each rated identity's change, best rank first.
    ratings: list[ChangeRow] = field(default_factory=list)

    @property
    def over(self) -> bool:
        """True when the game ended with a result."""
        return self.result is not None

    @property
    def public(self) -> Decision:
        """The decision as the table may know it (a secret window names nobody)."""
        return self.decision.seen_by(None)


@dataclass(frozen=True, slots=True)
class Told:
    """One stored action as the table may know it: whose it was (None for a private choice,
    which names nobody) and its public events."""

    seat: int | None
    events: list[dict[str, Any]]

    @staticmethod
    def flat(told: Sequence[Told]) -> list[dict[str, Any]]:
        """The public events of several actions, in order."""
        return [e for one in told for e in one.events]


@dataclass(slots=True)
class DirectMessage:
    """A DM waiting in the outbox (queued once the channel got its message)."""

    id: int
    game: GameRow
    user_id: int
    seat: int
    lang: str
    lines: list[str]
    picker: dict[str, Any] | None  # {"seq": n, "actions": [...]} for a window's answer
    view: dict[str, Any] | None  # the seat's own view (labels of its picker, its image)
    image: bool  # attach the seat's private image
    more: bool = False  # the outbox held more posts than this DM
    notice: bool = False  # a turn notice the person asked for (/game notify)


class Feed:
    """Builds batches from a game's outbox, and records what was posted."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store
        # Views by game, then by (line of play, seq, seat): a batch's "after" is the next
        # batch's "before"; after an undo (here or in another process) a seq means another
        # state, hence the line. Games in least recently used order.
        self._views: OrderedDict[int, dict[tuple[int, int, int | None], dict[str, Any]]] = (
            OrderedDict()
        )

    def _view(self, game: GameRow, seq: int, state: Any, seat: int | None) -> dict[str, Any]:
        views = self._views.get(game.id)
        if views is None:
            views = self._views[game.id] = {}
            if len(self._views) > VIEW_GAMES:
                self._views.popitem(last=False)
        else:
            self._views.move_to_end(game.id)
        key = (game.line, seq, seat)
        found = views.get(key)
        if found is None:
            # Keep this position and the newest other one; older ones are never read again.
            keep = sorted({k[:2] for k in views} | {key[:2]})[-2:]
            for old in [k for k in views if k[:2] not in keep]:
                del views[old]
            engine = self.service.engine(game)
            together: ViewsOf | None = getattr(engine, "views", None)
            if together is None or any(k[:2] == key[:2] for k in views):
                found = views[key] = engine.view(state, seat)
            else:
                # A new position: its public view and every person's view are all read for
                # its batch; a game that can (its engine has `views`) shares their public part.
                seats = sorted(
                    {p.seat for p in game.seated() if p.seat is not None and not p.is_ai}
                    | ({seat} if seat is not None else set())
                )
                public, mine = together(state, seats)
                views[(game.line, seq, None)] = public
                for other, seen in zip(seats, mine, strict=True):
                    views[(game.line, seq, other)] = seen
                found = views[key]
        return found

    async def games(self) -> list[int]:
        """Games with posts waiting (after a restart), of this process's shards."""
        return await self.store.outbox.games_with_posts(self.service.shards)

    async def next(self, game_id: int) -> Batch | DirectMessage | None:
        """The next thing to post for a game, or None when its outbox is empty."""
        pending = await self.store.outbox.pending(game_id)
        rows, game = pending.posts, pending.game
        if not rows or game is None:
            return None
        if not game.seated():
            # A lobby that never started (abandoned, say): its lobby message tells it all.
            await self.store.outbox.posted(game.id, [r.id for r in rows])
            return None
        # The DMs of a batch are queued when it is shown, after the actions stored while it
        # was being posted: they go first. A channel batch cut short by a DM would show the
        # current board (and seq) too, and the rest after the DM would show it again.
        first_dm = next((r for r in rows if r.kind == "dm"), None)
        if first_dm is not None:
            message = _direct(first_dm, game)
            message.more = len(rows) > 1
            return message
        group = showable(rows, game)
        if not group:
            return None  # a post of an action not yet visible in this read: look again
        batch = await self._batch(game, group, pending)
        batch.more = len(rows) > len(group)
        batch.end_reason = next(
            (str(r.payload["reason"]) for r in group if r.kind == "end" and "reason" in r.payload),
            None,
        )
        batch.automated = frozenset(self.service.automated_seats(game))
        if batch.over:
            try:
                batch.ratings = await self.service.ratings.changes_for(game)
            except Exception:
                # The game-over message goes out without them; /standing recompute rates it.
                log.exception("game %s: its rating changes cannot be read", game.id)
        if batch.turn_changed and not batch.decision.window and game.status == "active":
            # (A window, secret or not, asks its seats by DM: no catch-up digest there.)
            people = [s for s in sorted(batch.decision.seats) if s not in batch.automated]
            if people:
                adapter = adapter_for(game.game)
                batch.since = (
                    people[0],
                    [
                        Told(
                            None if adapter.record_private(row.action) else row.seat,
                            [e for e in row.events if "visible_to" not in e],
                        )
                        for row in await self.store.actions_since(game.id, people[0])
                    ],
                )
        return batch

    async def _batch(self, game: GameRow, rows: list[PostRow], pending: Pending) -> Batch:
        service = self.service
        engine = service.engine(game)
        started = any(r.kind == "start" for r in rows)
        undone = any(r.kind == "undo" for r in rows)
        if undone:
            # Sequence numbers after an undo name new positions: forget the old views.
            self._views.pop(game.id, None)
        ended = game.status == "abandoned"
        if ended and not game.seated():
            # A lobby abandoned before it started has no state: its end only closes it.
            return Batch(
                game=game,
                ids=[r.id for r in rows],
                seq=game.seq,
                entries=[],
                view={},
                decision=Decision(frozenset(), "turn", ""),
                legal={},
                result=None,
                news=[],
                started=False,
                undone=False,
                ended=True,
                turn_changed=False,
            )
        entries: list[Entry] = []
        stored = pending.actions
        first_seq = rows[0].seq - (1 if rows[0].kind == "action" else 0)
        for row in rows:
            if row.kind == "start":
                first = await service.state_at(game, 0)
                events = [e.to_dict() for e in engine.setup_events(first)]
                entries.append(Entry("start", 0, events=events))
            elif row.kind == "action":
                found = stored.get(row.seq)
                if found is None:
                    continue  # taken back before it was shown
                entries.append(
                    Entry(
                        "action",
                        row.seq,
                        seat=found.seat,
                        actor_id=found.actor_id,
                        origin=found.origin,
                        action=found.action,
                        events=list(found.events),
                        secret=bool(row.payload.get("secret")),
                    )
                )
            elif row.kind == "undo":
                entries.append(Entry("undo", row.seq, count=int(row.payload.get("count", 1))))
            elif row.kind == "notice":
                payload = row.payload
                entries.append(
                    Entry("notice", row.seq, notice=(payload["key"], payload.get("params", {})))
                )
        state = await service.state_of(game)
        decision = engine.decision(state)
        result = engine.result(state) if engine.is_over(state) else None
        legal = (
            {s: [str(a) for a in engine.legal_actions(state, s)] for s in sorted(decision.seats)}
            if game.status == "active"
            else {}
        )
        first = rows[0].payload
        # Compared as the table knows them: the seats of a secret window are nobody's
        # business but their own, so its answers never make a new turn message.
        before_first = frozenset(() if first.get("secret") else first.get("before", ()))
        last = rows[-1]
        before_last = frozenset(last.payload.get("before", ())) if last.kind == "action" else None
        public = decision.seen_by(None)
        acted = {
            e.seat
            for e in entries
            if e.seat is not None and not e.secret and any("visible_to" not in x for x in e.events)
        }
        turn_changed = (
            started
            or undone
            or result is not None
            or public.seats != before_first
            or any(seat not in public.seats for seat in acted)
        )
        earlier = (
            None
            if started or game.status not in ("active", "over")
            else await service.state_at(game, max(0, first_seq))
        )
        news = self._news(game, state, earlier, first_seq, entries, decision, legal, before_last)
        clock = pending.clock  # read for an active game only
        deadline = clock.due_at if clock is not None and clock.seq == game.seq else None
        if decision.window and game.status == "active":
            deadline = await self._window_closes(game)
        view = self._view(game, game.seq, state, None)
        quiet = (
            not turn_changed
            and not ended
            and earlier is not None
            and all(e.kind == "action" for e in entries)
            and not any("visible_to" not in x for e in entries for x in e.events)
            and view == self._view(game, first_seq, earlier, None)
        )
        return Batch(
            game=game,
            ids=[r.id for r in rows],
            seq=game.seq,
            entries=entries,
            view=view,
            decision=decision,
            legal=legal,
            result=result,
            news=news,
            started=started,
            undone=undone,
            ended=ended,
            turn_changed=turn_changed,
            quiet=quiet,
            deadline=deadline,
        )

    async def _window_closes(self, game: GameRow) -> float | None:
        """When the open window times out (its job, planned with the action that opened it)."""
        job = (await Schedule(self.store).all(game.id)).get("reaction")
        return job.due_at if job is not None else None

    def _news(
        self,
        game: GameRow,
        state: Any,
        earlier: Any,
        first_seq: int,
        entries: Sequence[Entry],
        decision: Decision,
        legal: dict[int, list[str]],
        before_last: frozenset[int] | None,
    ) -> list[SeatNews]:
        if game.status not in ("active", "over"):
            return []
        acted = {e.seat for e in entries if e.seat is not None}
        out = []
        for player in game.seated():
            seat = player.seat
            if seat is None or player.is_ai or player.user_id is None:
                continue
            events = [
                e for entry in entries for e in entry.events if seat in e.get("visible_to", ())
            ]
            # Asked in a window it was not already asked in (or asked again after answering).
            asked = (
                decision.window
                and seat in decision.seats
                and not player.stand_in
                and (before_last is None or seat not in before_last or seat in acted)
            )
            out.append(
                SeatNews(
                    seat=seat,
                    user_id=player.user_id,
                    events=events,
                    before=(
                        self._view(game, first_seq, earlier, seat) if earlier is not None else None
                    ),
                    after=self._view(game, game.seq, state, seat),
                    asked=asked,
                    legal=legal.get(seat, []) if asked else [],
                )
            )
        return out

    async def posted(
        self,
        batch: Batch,
        *,
        turn_message_id: int | None,
        clear_turn_message: bool,
        dms: list[Post],
    ) -> None:
        """The batch is on Discord: drop its posts, remember the turn message, queue its DMs
        (one transaction)."""
        await self.store.outbox.posted(
            batch.game.id,
            batch.ids,
            turn_message_id=turn_message_id,
            clear_turn_message=clear_turn_message,
            then=dms,
        )

    async def sent(self, message: DirectMessage) -> None:
        """A DM is delivered (or cannot be): drop it."""
        await self.store.outbox.posted(message.game.id, [message.id])

    async def dms_closed(self, game: GameRow, user_id: int) -> None:
        """Remember that a person does not accept DMs."""
        await self.store.set_dm_closed(game.id, user_id, True)

    async def private_dm(self, game: GameRow, user_id: int, message_id: int | None) -> None:
        """Remember the message a person's private DM of a game is edited in (None: none)."""
        player = game.player_of(user_id)
        if player is not None:
            player.private_dm = message_id
        await self.store.set_private_dm(game.id, user_id, message_id)

    def adapter(self, game: GameRow) -> Any:
        """The adapter of a game (for the publisher's words)."""
        return adapter_for(game.game)


def _direct(row: PostRow, game: GameRow) -> DirectMessage:
    p = row.payload
    return DirectMessage(
        id=row.id,
        game=game,
        user_id=int(p["user_id"]),
        seat=int(p["seat"]),
        lang=str(p.get("lang", "en")),
        lines=list(p.get("lines", [])),
        picker=p.get("picker"),
        view=p.get("view"),
        image=bool(p.get("image")),
        notice=bool(p.get("notice")),
    )
