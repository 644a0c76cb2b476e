"""What a web page of a game shows, gathered from the store and the engine's views.

A `Table` is everything one reader's page holds: the public one (seat None) or one seat's.
It is made from `engine.view(state, seat)` and the decision as that seat may know it
(`Decision.seen_by`), and from the stored events that reader may see (public ones, and the
seat's own private ones); never from the state itself, so a page cannot show more than the
seat's view holds. Its `digest` tells whether anything a reader sees changed: pages are
pushed to their readers only then, so a private action of another seat (an answer in a
secret window) changes nothing anyone else's page receives, not even when it came.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import orjson

from bot.adapter import GameAdapter, adapter_for
from bot.compose import display_name, names_of
from bot.i18n import t
from bot.service import GameService
from bot.store import ActionRow, GameRow

STORIES_KEPT = 256  # games whose story is kept in memory (each extended, never rebuilt)
TOLD_KEPT = 50_000  # actions whose lines are kept, per reader and language


@dataclass(frozen=True, slots=True)
class Group:
    """A run of actions by one player (a turn), as one reader may read it."""

    number: int  # 1, 2…: the board after it is at …/after/<number>
    seat: int | None
    lines: tuple[str, ...]
    at: float | None
    seq: int  # the last action of the run (the store's number; never shown)


@dataclass(frozen=True)
class Table:
    """One reader's page of a game."""

    game_id: int
    game: str
    lang: str
    seat: int | None  # None: the public page
    title: str
    status: str  # lobby, active, over, abandoned
    headline: str  # whose turn it is (or that the game is over)
    since: float | None  # when that turn began (None: unknown, or a private decision)
    players: tuple[tuple[str, str], ...]  # (name, note: left, AI level…)
    movers: tuple[str, ...] = ()
    summary: tuple[str, ...] = ()
    ranking: tuple[str, ...] = ()
    private: tuple[str, ...] = ()  # what only this seat knows (its hand, its looks…)
    story: tuple[Group, ...] = ()
    view: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    names: tuple[str, ...] = ()

    @cached_property
    def digest(self) -> str:
        """A fingerprint of everything the reader sees (the view included), worked out once."""
        text = orjson.dumps(
            [
                self.title,
                self.status,
                self.headline,
                self.since,
                self.movers,
                self.players,
                self.summary,
                self.ranking,
                self.private,
                [(g.number, g.seat, g.lines, g.at, g.seq) for g in self.story],
                self.view,
            ],
            default=_plain,
            option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS,
        )
        return hashlib.blake2b(text, digest_size=12).hexdigest()


def _plain(value: Any) -> Any:
    """What orjson cannot write itself, as plain data in a stable order (sets)."""
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    return repr(value)


@dataclass(slots=True)
class _Story:
    """A game's stored actions kept in memory for one line of play."""

    line: int
    seq: int
    rows: list[ActionRow]


class Tables:
    """Reads games for the web pages, keeping each game's actions so that a change reads only
    what is new."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._stories: OrderedDict[int, _Story] = OrderedDict()
        self._setups: OrderedDict[int, list[dict[str, Any]]] = OrderedDict()
        # Each stored action's lines as one reader reads them: a new position tells only
        # its new actions.
        self._told: OrderedDict[tuple[Any, ...], tuple[str, ...]] = OrderedDict()

    async def setup(self, game: GameRow) -> list[dict[str, Any]]:
        """The events of a game's set-up (the same for its whole life)."""
        found = self._setups.get(game.id)
        if found is None:
            engine = self.service.engine(game)
            first = await self.service.state_at(game, 0)
            found = self._setups[game.id] = [e.to_dict() for e in engine.setup_events(first)]
            while len(self._setups) > STORIES_KEPT:
                self._setups.popitem(last=False)
        return found

    async def rows(self, game: GameRow) -> list[ActionRow]:
        """Every stored action of a game (read once, then only the new ones)."""
        kept = self._stories.get(game.id)
        if kept is None or kept.line != game.line or kept.seq > game.seq:
            kept = _Story(game.line, 0, [])
        if kept.seq < game.seq:
            kept.rows.extend(await self.service.store.actions(game.id, after=kept.seq))
            kept.seq = kept.rows[-1].seq if kept.rows else 0
        kept.rows = [r for r in kept.rows if r.seq <= game.seq]
        self._stories[game.id] = kept
        self._stories.move_to_end(game.id)
        while len(self._stories) > STORIES_KEPT:
            self._stories.popitem(last=False)
        return kept.rows

    async def table(self, game: GameRow, seat: int | None, lang: str) -> Table:
        """The page of `game` for `seat` (None: the public page) in `lang`."""
        adapter = adapter_for(game.game)
        names = tuple(names_of(game, lang))
        title = t("web.title", lang, game=adapter.title(lang), id=game.id)
        players = players_of(game, lang)
        if game.status == "lobby":
            return Table(
                game_id=game.id,
                game=game.game,
                lang=lang,
                seat=seat,
                title=title,
                status=game.status,
                headline=t("web.lobby", lang),
                since=game.created_at,
                players=players,
                names=names,
            )
        engine = self.service.engine(game)
        state = await self.service.state_of(game)
        view = engine.view(state, seat)
        rows = await self.rows(game)
        story = _groups(
            adapter,
            await self.setup(game),
            rows,
            seat,
            names,
            lang,
            game.created_at,
            lambda row: self._tell(adapter, game, row, seat, names, lang),
        )
        decision = engine.decision(state).seen_by(seat)
        movers = tuple(names[s] for s in sorted(decision.seats))
        since = _since(rows, game.created_at)
        if game.status == "over":
            headline = t("web.over", lang)
        elif game.status == "abandoned":
            headline = t("web.ended", lang)
        elif decision.secret and not decision.seats:
            headline = adapter.secret_prompt(view, decision, lang)
        elif seat is not None and seat in decision.seats:
            headline = t("web.your_turn", lang, prompt=adapter.prompt(view, decision, seat, lang))
        else:
            headline = t("web.turn_of", lang, who=", ".join(movers), count=len(movers))
        result = view.get("result") if isinstance(view, Mapping) else None
        ranking = tuple(adapter.ranking_lines(result, names, lang)) if result else ()
        private: tuple[str, ...] = ()
        if seat is not None:
            private = tuple(adapter.private_lines(view, seat, names, lang))
        summary = tuple(
            line.strip()
            for line in self.service_summary(game.game, view, names, lang).splitlines()
            if line.strip()
        )
        return Table(
            game_id=game.id,
            game=game.game,
            lang=lang,
            seat=seat,
            title=title,
            status=game.status,
            headline=headline,
            since=None if decision.secret or game.status != "active" else since,
            movers=movers,
            players=players,
            summary=summary,
            ranking=ranking,
            private=private,
            story=story,
            view=view,
            names=names,
        )

    def _tell(
        self,
        adapter: GameAdapter,
        game: GameRow,
        row: ActionRow,
        seat: int | None,
        names: Sequence[str],
        lang: str,
    ) -> tuple[str, ...]:
        key = (game.id, game.line, row.seq, lang, seat, tuple(names))
        found = self._told.get(key)
        if found is None:
            found = self._told[key] = tuple(
                line
                for e in row.events
                if _visible(e, seat) and (line := adapter.narrate(e, names, lang))
            )
            while len(self._told) > TOLD_KEPT:
                self._told.popitem(last=False)
        return found

    @staticmethod
    def service_summary(game: str, view: Any, names: Sequence[str], lang: str) -> str:
        """The renderer's text of the public position (what the board's alt text says)."""
        from render import renderer_for

        text: str = renderer_for(game).summary(view, list(names), lang=lang)
        return text

    async def earlier(
        self, game: GameRow, table: Table, number: int
    ) -> tuple[Group, Mapping[str, Any]] | None:
        """Group `number` of the public page `table`'s story and the public view after it
        (None: no such group)."""
        if not 1 <= number <= len(table.story):
            return None
        group = table.story[number - 1]
        engine = self.service.engine(game)
        state = await self.service.state_at(game, group.seq)
        return group, engine.view(state, None)


def players_of(game: GameRow, lang: str) -> tuple[tuple[str, str], ...]:
    """The players as a page lists them: (name, note), the lobby's members before the start."""
    if game.status == "lobby":
        return tuple((display_name(p, lang, level=True), "") for p in game.players)
    return tuple(_player_line(p, lang) for p in game.seated())


def _player_line(player: Any, lang: str) -> tuple[str, str]:
    name = display_name(player, lang, level=player.is_ai)
    if player.left_at is not None:
        return name, t("web.left", lang)
    if player.stand_in:
        return name, t("web.stand_in", lang)
    return name, ""


def _visible(event: Mapping[str, Any], seat: int | None) -> bool:
    seen = event.get("visible_to")
    return seen is None or (seat is not None and seat in seen)


def _groups(
    adapter: GameAdapter,
    setup: Sequence[Mapping[str, Any]],
    rows: Sequence[ActionRow],
    seat: int | None,
    names: Sequence[str],
    lang: str,
    started: float,
    tell: Callable[[ActionRow], Sequence[str]],
) -> tuple[Group, ...]:
    """The story as runs of one player's actions, told as `seat` may read it: actions that
    tell this reader nothing are left out entirely (they are neither counted nor timed)."""
    runs: list[tuple[int | None, list[str], float | None, int]] = []
    lines = [line for e in setup if _visible(e, seat) and (line := adapter.narrate(e, names, lang))]
    if lines:
        runs.append((None, lines, started, 0))
    for row in rows:
        told = list(tell(row))
        if not told:
            continue
        # A private line of this reader's names the reader only: it joins their own run.
        if runs and runs[-1][0] == row.seat and row.seat is not None:
            last = runs[-1]
            runs[-1] = (last[0], [*last[1], *told], row.at, row.seq)
        else:
            runs.append((row.seat, told, row.at, row.seq))
    return tuple(
        Group(number=n, seat=s, lines=tuple(ls), at=at, seq=seq)
        for n, (s, ls, at, seq) in enumerate(runs, 1)
    )


def _since(rows: Sequence[ActionRow], started: float) -> float:
    """When the decision open now began: the last action anyone could see."""
    for row in reversed(rows):
        if any("visible_to" not in e for e in row.events):
            return row.at
    return started
