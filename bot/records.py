"""Game records (export and replay) and a server's statistics.

A record holds the options, settings, players and every action; its seed is withheld while the
game goes on (the seed decides every hidden token), so a record exported mid-game cannot be
used to peek. Replaying a record with its seed gives back every position exactly.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from bot.service import BotError, GameService
from bot.store import GameRow
from engine.core.errors import RulesError
from engine.core.registry import get_game

FORMAT = "rattus-bot-record"
VERSION = 1


def _iso(ts: float | None) -> str | None:
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds") if ts else None


async def game_record(service: GameService, game: GameRow) -> dict[str, Any]:
    """The record of a game; the seed only once the game has ended."""
    engine = get_game(game.game)
    rows = await service.store.actions(game.id)
    ended = game.status in ("over", "abandoned")
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.game,
        "id": game.id,
        "status": game.status,
        "options": game.options,
        "settings": game.settings,
        "seed": game.seed if ended else None,
        "created_at": _iso(game.created_at),
        "ended_at": _iso(game.ended_at),
        "players": [{"seat": p.seat, "name": p.name, "ai": p.is_ai} for p in game.seated()],
        "actions": [
            {"seq": r.seq, "seat": r.seat, "action": r.action, "origin": r.origin, "at": _iso(r.at)}
            for r in rows
        ],
        "result": None,
    }
    if game.status == "over":
        record["result"] = engine.result(await service.state_of(game))
    return record


def check_record(record: Mapping[str, Any]) -> None:
    """Refuse what is not a record this bot can replay."""
    if record.get("format") != FORMAT or record.get("version") != VERSION:
        raise BotError("record_unreadable")
    if record.get("seed") is None:
        raise BotError("record_no_seed")


def replay(record: Mapping[str, Any], turn: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The public view at the end of regular turn `turn`, and that turn's public events.

    Turn 0 is the set-up and the opening placement. A turn past the end gives the final
    position.
    """
    check_record(record)
    engine = get_game(str(record["game"]))
    players = len(record["players"])
    try:
        state = engine.new_game(players, int(record["seed"]), record.get("options") or {})
        events = [e.to_dict() for e in engine.setup_events(state)] if turn == 0 else []
        for entry in record["actions"]:
            # An action belongs to the turn in which it was played (the plague move that
            # ends turn N belongs to turn N).
            played_in = engine.view(state, None).get("turn", 0)
            if played_in > turn:
                break
            step = engine.apply(state, int(entry["seat"]), engine.parse_action(entry["action"]))
            state = step.state
            if played_in == turn:
                events.extend(e.to_dict() for e in step.events)
    except (RulesError, KeyError, ValueError, TypeError) as exc:
        raise BotError("record_unreadable") from exc
    public = [e for e in events if "visible_to" not in e]
    return engine.view(state, None), public


async def server_stats(service: GameService, guild_id: int) -> dict[str, Any]:
    """Games played, wins per player and average length, for one server."""
    finished = await service.store.games_in_guild(guild_id, ("over",))
    others = await service.store.games_in_guild(guild_id, ("lobby", "active", "abandoned"))
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    turns: list[int] = []
    days: list[float] = []
    by_game: dict[str, int] = defaultdict(int)
    for game in finished:
        engine = get_game(game.game)
        state = await service.state_of(game)
        result = engine.result(state)
        seated = game.seated()
        for p in seated:
            played[_who(p.user_id, p.name)] += 1
        winner = seated[result["ranking"][0]["seat"]]
        wins[_who(winner.user_id, winner.name)] += 1
        turns.append(int(engine.view(state, None).get("turn", 0)))
        if game.ended_at:
            days.append((game.ended_at - game.created_at) / 86400)
        by_game[game.game] += 1
    return {
        "played": len(finished),
        "active": sum(1 for g in others if g.status in ("lobby", "active")),
        "abandoned": sum(1 for g in others if g.status == "abandoned"),
        "wins": wins.most_common(),
        "games_per_player": dict(played),
        "average_turns": round(sum(turns) / len(turns), 1) if turns else None,
        "average_days": round(sum(days) / len(days), 1) if days else None,
        "by_game": dict(by_game),
    }


def _who(user_id: int | None, name: str) -> str:
    return f"<@{user_id}>" if user_id else f"{name} 🤖"
