"""What the other players may be asked to agree to: the AI standing in for a seat, a seat taken
back (or by a newcomer), and undo."""

from __future__ import annotations

from typing import Any

from bot.service.core import BotError, GameService, Outcome, StaleAction, UserRef, people_to_ask
from bot.store import GameRow, Post, RequestRow


class Votes:
    """Stand-ins, seats changing hands and undo, with the votes they may need."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    async def takeover(self, channel_id: int, user: UserRef, target_id: int) -> RequestRow | None:
        """Let the AI play a person's seat. At once when the person asks it or has left;
        otherwise the other people of the game must agree (returns the open request)."""
        game = await self.service.game_in(channel_id)
        if game.status != "active":
            raise BotError("not_started")
        target = game.player_of(target_id)
        if target is None or target.seat is None:
            raise BotError("takeover_no_player")
        if target.automated:
            if target.left_at is not None:
                return None  # they left: the AI already plays their seat, as asked
            raise BotError("takeover_already")
        if user.id != target_id and game.player_of(user.id) is None and not user.manage_server:
            raise BotError("not_in_game")
        needed = people_to_ask(game, excluding=(target_id, user.id))
        if user.id == target_id or target.left_at is not None or not needed:
            await self._set_stand_in(game, target.position, True)
            return None
        return await self.service.requests.create(
            game.id,
            "takeover",
            seq=game.seq,
            requester_id=user.id,
            needed=needed,
            target_seat=target.seat,
            now=self.service.clock(),
        )

    async def takeback(
        self, channel_id: int, user: UserRef, seat_of: int | None = None
    ) -> GameRow | RequestRow:
        """A person takes their seat back from the AI (also after leaving). A newcomer may take
        the seat of a player who left (`seat_of`: that player's user id) once the people still
        playing agree: then the open request is returned."""
        game = await self.service.game_in(channel_id)
        if seat_of is not None and seat_of != user.id:
            return await self._newcomer(game, user, seat_of)
        player = game.player_of(user.id)
        if player is None or player.seat is None:
            raise BotError("not_in_game")
        if not player.stand_in and player.left_at is None:
            raise BotError("takeback_not_needed")
        async with self.service.lock(game.id):
            await self.store.set_player_flag(game.id, player.position, "stand_in", False)
            if player.left_at is not None:
                await self.store.mark_left(game.id, player.position, left=False)
        return await self.store.get_game(game.id)

    async def _newcomer(self, game: GameRow, user: UserRef, seat_of: int) -> RequestRow:
        if game.status != "active":
            raise BotError("not_started")
        if game.player_of(user.id) is not None:
            raise BotError("already_joined")
        target = game.player_of(seat_of)
        if target is None or target.seat is None or target.left_at is None:
            raise BotError("seat_not_free")
        needed = people_to_ask(game, excluding=(user.id,))
        request = await self.service.requests.create(
            game.id,
            "seat",
            seq=game.seq,
            requester_id=user.id,
            needed=needed,
            target_seat=target.seat,
            now=self.service.clock(),
            note={"name": user.name, "locale": user.locale},
        )
        if not needed:
            await self._seat_newcomer(game, request)
            await self.service.requests.update(request.id, status="done")
            request.status = "done"
        return request

    async def _seat_newcomer(self, game: GameRow, request: RequestRow) -> None:
        """The newcomer of a granted seat request takes the seat (the AI stops)."""
        assert request.target_seat is not None
        target = game.player_at(request.target_seat)
        name = str(request.note.get("name") or "?")
        async with self.service.lock(game.id):
            await self.store.replace_player(
                game.id,
                target.position,
                user_id=request.requester_id,
                name=name,
                locale=request.note.get("locale"),
            )
        await self.service.notice(game.id, "game.seat_taken", seats=[request.target_seat])

    async def _set_stand_in(self, game: GameRow, position: int, value: bool) -> None:
        async with self.service.lock(game.id):
            await self.store.set_player_flag(game.id, position, "stand_in", value)
        self.service.changed(await self.store.get_game(game.id), posts=False)

    async def request_undo(
        self, channel_id: int, user: UserRef
    ) -> tuple[RequestRow | None, Outcome | None]:
        """Take back the user's last action: at once when nobody has acted since, else a
        request the other people of the game answer with buttons (their actions made since
        are taken back too). Refused, with the true reason, when the action or one made
        since showed hidden information, or when an AI or the turn clock has played since."""
        game = await self.service.game_in(channel_id)
        if game.status != "active":
            raise BotError("not_started")
        rows = await self.store.actions(game.id)
        mine = next((r for r in reversed(rows) if r.actor_id == user.id), None)
        if mine is None:
            raise BotError("undo_nothing")
        since = [r for r in rows if r.seq > mine.seq]
        for row in since:
            if row.actor_id is None:
                played = "ai" if row.origin in ("ai", "clock-ai") else "clock"
                raise BotError(f"undo_{played}_played")
        if await self.answered_in_secret(game, mine):
            # Taking it back would tell the table that this seat was asked, and answered.
            raise BotError("undo_secret")
        if await self.showed_hidden(game, mine):
            raise BotError("undo_revealed")
        for row in since:
            if await self.showed_hidden(game, row):
                raise BotError("undo_revealed_since")
        if not since:
            return None, await self._undo(game.id, game.seq, keep=mine.seq - 1)
        needed = people_to_ask(game, excluding=(user.id,))
        request = await self.service.requests.create(
            game.id,
            "undo",
            seq=game.seq,
            requester_id=user.id,
            needed=needed,
            now=self.service.clock(),
            # The actions made since as the table counts them: a secret window's private
            # answers are one action, its closing (GameRow.shown).
            note={"keep": mine.seq - 1, "since": sum(not r.hidden for r in since)},
        )
        return request, None

    async def answered_in_secret(self, game: GameRow, row: Any) -> bool:
        """True when a stored action answered a secret window (who was asked is secret)."""
        engine = self.service.engine(game)
        return bool(engine.decision(await self.service.state_at(game, row.seq - 1)).secret)

    async def showed_hidden(self, game: GameRow, row: Any) -> bool:
        """True when a stored action showed someone hidden information (a token turned up, a
        private look, a card drawn): the engine's own events say so, replayed from the state
        before the action."""
        engine = self.service.engine(game)
        state = await self.service.state_at(game, row.seq - 1)
        step = engine.apply(state, row.seat, engine.parse_action(row.action))
        return any(e.shows_hidden for e in step.events)

    async def answer(
        self, request_id: int, user: UserRef, agree: bool
    ) -> tuple[str, RequestRow, Outcome | None]:
        """A vote on an undo or takeover request: ("waiting" | "done" | "refused", ...).

        The vote is counted atomically in the database: two people agreeing at once both
        count, and exactly one of them completes the request."""
        request = await self.service.requests.get(request_id)
        if request is None or request.status != "open":
            raise BotError("request_closed")
        if user.id not in request.needed:
            raise BotError("not_asked")
        game = await self.store.get_game(request.game_id)
        if request.kind == "undo" and game.seq != request.seq:
            await self.service.requests.update(request.id, status="stale")
            raise BotError("request_stale")
        try:
            status, request = await self.service.requests.vote(request_id, user.id, agree)
        except LookupError:
            raise BotError("request_closed") from None
        except PermissionError:
            raise BotError("not_asked") from None
        if status != "done":
            return status, request, None
        outcome = None
        if request.kind == "undo":
            keep = int(request.note.get("keep", request.seq - 1))
            outcome = await self._undo(game.id, request.seq, keep=keep)
        elif request.kind == "seat":
            await self._seat_newcomer(game, request)
        else:
            assert request.target_seat is not None
            target = game.player_at(request.target_seat)
            await self._set_stand_in(game, target.position, True)
        return "done", request, outcome

    async def _undo(self, game_id: int, seq: int, *, keep: int) -> Outcome:
        async with self.service.lock(game_id):
            game = await self.store.get_game(game_id)
            if game.seq != seq:
                raise StaleAction(game_id)
            engine = self.service.engine(game)
            before = engine.to_move(await self.service.state_of(game))
            # Counted as the table counts actions: a secret window's answers that showed nothing
            # are not (their number would tell how many seats were asked).
            count = sum(not r.hidden for r in await self.store.actions(game_id, after=keep))
            await self.store.truncate(
                game_id,
                expected_seq=seq,
                expected_version=game.version,
                keep=keep,
                post=Post("undo", {"before": sorted(before), "count": count}),
            )
            self.service.forget(game_id)
            game = await self.store.get_game(game_id)
            state = await self.service.state_of(game)
            outcome = Outcome(
                game=game,
                seq=game.seq,
                state=state,
                events=(),
                origin="undo",
                previous_to_move=before,
                undone=True,
            )
            await self.service._committed(outcome)
        return outcome
