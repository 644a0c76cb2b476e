"""Ratings without Discord: what a finished game counts for, OpenSkill's arithmetic, and the
admins' recomputation (the tables are bot.store.ratings).

What counts (the README's "Ratings and standing" says the same to players):

- A ladder is one game on one server; a game played with an expansion (the engine option
  `expansion`) is a ladder of its own. Rule variants share their game's ladder.
- Only a game that ended with a result is rated: an abandoned game (by its creator, for
  idleness, or because every person left) rates nobody.
- A seat whose person left the game, or that the AI still played at the end after a
  takeover, is ranked last for that person (tied with any other such seat): leaving never
  saves a rating, and the best seat still held wins. A seat that a newcomer took back is the
  newcomer's.
- AI seats are rated too, one identity per AI level ("ai:hard"; normal is "ai:strong", its
  name before levels): that is how the AI gets a strength people can read. When a game has
  several AI seats, each is an opponent of the people, and the AI's own rating moves by the
  average of its seats' new ratings.
- A game counts once at least one person finished it in their own seat: a game against the AI
  alone is rated (the AI is a rated opponent like any other), a game nobody finished is not.

The model is OpenSkill's Plackett-Luce (ties share a rank); the leaderboard sorts by the
conservative rating mu - 3 sigma, which starts at 0 and rises as games make sigma smaller.
"""

from __future__ import annotations

import logging
import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from bot.ai import level_of
from bot.store import (
    ChangeRow,
    GameRow,
    Placing,
    PlayerRow,
    RatedGame,
    Ratings,
    StoreReadOnly,
)

if TYPE_CHECKING:
    from bot.service.core import GameService, Outcome

log = logging.getLogger(__name__)

# The identity a level is rated under when it is not its name: normal plays as the one AI
# before levels did, and keeps its ratings.
RATED_AS = {"normal": "strong"}
PROVISIONAL = 5  # fewer rated games than this: the leaderboard notes the rating is settling


def ladder_of(game: str, options: Mapping[str, Any]) -> str:
    """The ladder of a game with these options: its name, "+<expansion>" with an expansion."""
    expansion = options.get("expansion")
    return f"{game}+{expansion}" if expansion else game


def ladder_parts(ladder: str) -> tuple[str, str | None]:
    """(game, expansion or None) of a ladder."""
    game, _, expansion = ladder.partition("+")
    return game, expansion or None


def person(user_id: int) -> str:
    """A person's identity."""
    return f"u:{user_id}"


def user_of(identity: str) -> int | None:
    """The Discord user of a person's identity (None for an AI)."""
    return int(identity[2:]) if identity.startswith("u:") else None


def ai_level(identity: str) -> str | None:
    """The AI level of an AI identity (None for a person)."""
    return identity[3:] if identity.startswith("ai:") else None


def ai_identity(player: PlayerRow) -> str:
    """The rated identity of an AI seat: its own level's ("ai:easy", "ai:hard"). The normal
    level keeps the identity it was rated under when it was the only level ("ai:strong"), so
    its ladders go on; the leaderboard names it normal."""
    try:
        level = level_of(player.ai_level)
    except ValueError:
        level = level_of(None)
    return f"ai:{RATED_AS.get(level, level)}"


def placings(game: GameRow, result: Mapping[str, Any]) -> tuple[Placing, ...]:
    """What a finished game counts for its ladder (empty when it counts for nothing): each
    rated seat's identity and rank, by the rules in this module's docstring."""
    if game.status != "over":
        return ()
    ranks = {int(r["seat"]): int(r["rank"]) for r in result.get("ranking", ())}
    kept: list[tuple[int, str]] = []
    gone: list[tuple[int, str]] = []
    for player in game.seated():
        seat = player.seat
        if seat is None or seat not in ranks:
            continue
        if player.is_ai:
            kept.append((seat, ai_identity(player)))
        elif player.user_id is None:
            continue
        elif player.left_at is not None or player.stand_in:
            gone.append((seat, person(player.user_id)))
        else:
            kept.append((seat, person(player.user_id)))
    if not any(user_of(identity) is not None for _, identity in kept):
        return ()  # nobody finished it in their own seat
    last = max(ranks[seat] for seat, _ in kept) + 1
    out = [Placing(identity, ranks[seat], seat) for seat, identity in kept]
    out += [Placing(identity, last, seat) for seat, identity in gone]
    if len(out) < 2:
        return ()
    # Ranks renumbered 1, 2, 3...: the best seat still held wins, even when a seat that left
    # had finished ahead of it (the order, all the rating uses, is unchanged).
    dense = {rank: n for n, rank in enumerate(sorted({p.rank for p in out}), 1)}
    return tuple(
        Placing(p.identity, dense[p.rank], p.seat) for p in sorted(out, key=lambda p: p.seat)
    )


class OpenSkillRater:
    """The store's `Rater`: OpenSkill's Plackett-Luce model with its defaults."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.prior = (float(self.model.mu), float(self.model.sigma))

    def __call__(
        self, placings: Sequence[Placing], before: Mapping[str, tuple[float, float]]
    ) -> dict[str, tuple[float, float]]:
        """New (mu, sigma) of every identity of a game (see the module's docstring)."""
        teams = []
        for p in placings:
            mu, sigma = before.get(p.identity, self.prior)
            teams.append([self.model.rating(mu=mu, sigma=sigma)])
        rated = self.model.rate(teams, ranks=[float(p.rank) for p in placings])
        seats: dict[str, list[tuple[float, float]]] = {}
        for p, team in zip(placings, rated, strict=True):
            seats.setdefault(p.identity, []).append((float(team[0].mu), float(team[0].sigma)))
        return {
            identity: values[0]
            if len(values) == 1
            else (statistics.fmean(v[0] for v in values), statistics.fmean(v[1] for v in values))
            for identity, values in seats.items()
        }


RATER = OpenSkillRater()


class Standings:
    """The service's ratings: a game rated as it ends, its changes, the recomputation."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.table = Ratings(service.store)

    async def ended(self, outcome: Outcome) -> None:
        """The service's hook at the end of a game: rate it, never failing the action (a
        failure is logged, and the game-over message rates it when it is composed)."""
        try:
            await self.game_ended(outcome)
        except StoreReadOnly:
            pass  # logged once per episode by the store
        except Exception:
            log.exception("game %s: rating it failed", outcome.game.id)

    async def game_ended(self, outcome: Outcome) -> list[ChangeRow]:
        """Rate a game that has just ended with a result (the service calls this before the
        game-over message is composed; failures are logged, and the message rates it then)."""
        game = await self.service.store.get_game(outcome.game.id)
        return await self.rate(game, self.service.engine(game).result(outcome.state))

    async def rate(self, game: GameRow, result: Mapping[str, Any]) -> list[ChangeRow]:
        """Store what a finished game counts for, and rate it (once)."""
        rated = RatedGame(
            game_id=game.id,
            guild_id=game.guild_id,
            ladder=ladder_of(game.game, game.options),
            ended_at=float(game.ended_at if game.ended_at is not None else game.updated_at),
            placings=placings(game, result),
        )
        return await self.table.record(rated, RATER)

    async def changes_for(self, game: GameRow) -> list[ChangeRow]:
        """A finished game's rating changes, rated now if that was missed (a crash between
        its end and its rating)."""
        if game.status != "over":
            return []
        changes = await self.table.changes(game.id)
        if changes or await self.table.result(game.id) is not None:
            return changes
        state = await self.service.state_of(game)
        return await self.rate(game, self.service.engine(game).result(state))

    async def recompute(self, guild_id: int) -> int:
        """Rate every ladder of a server again from the stored results, in the order the
        games ended, after storing the results of finished games that have none (ended before
        ratings existed); returns how many games are rated."""
        store = self.service.store
        for game_id in await self.table.unrated(guild_id):
            game = await store.get_game(game_id)
            try:
                state = await self.service.state_of(game)
                result = self.service.engine(game).result(state)
            except Exception:
                log.exception("game %s: its result cannot be read to rate it", game_id)
                continue
            rated = RatedGame(
                game.id,
                game.guild_id,
                ladder_of(game.game, game.options),
                float(game.ended_at if game.ended_at is not None else game.updated_at),
                placings(game, result),
            )
            # Stored without rating: the replay below rates every ladder in order.
            await self.table.store_result(rated)
        return await self.table.replay(guild_id, RATER)
