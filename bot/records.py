"""Game records (export and replay) and a server's statistics.

A record holds the options, settings, players and every action; its seed is withheld while the
game goes on (the seed decides every hidden draw), so a record exported mid-game cannot be
used to peek, and so are the actions that were private choices (a standing order, a card kept
from a secret draw, an answer in a secret window): a player's mid-game record shows only their
own, and of the others' only that there were some. Once the game has ended
the record is complete, and replaying it with its seed gives back every position exactly.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from bot.adapter import adapter_for, adapters
from bot.compose import display_name
from bot.service import BotError, GameService
from bot.store import GameRow
from engine.core.errors import RulesError
from engine.core.registry import get_game

FORMAT = "rattus-bot-record"
VERSION = 1
MAX_RECORD_BYTES = 2_000_000
MAX_ACTIONS = 50_000


def _iso(ts: float | None) -> str | None:
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds") if ts else None


async def game_record(
    service: GameService, game: GameRow, *, viewer: int | None = None, full: bool = False
) -> dict[str, Any]:
    """The record of a game as seat `viewer` (None: a spectator) may see it: the seed and
    the private choices of other seats only once the game has ended (`full`: everything, for
    the bot's own replays, which show only views)."""
    engine = get_game(game.game)
    adapter = adapter_for(game.game)
    rows = await service.store.actions(game.id)
    ended = game.status in ("over", "abandoned")
    open_all = ended or full

    actions: list[dict[str, Any]] = []
    for r in rows:
        if not open_all and r.seat != viewer and adapter.record_private(r.action):
            # Another seat's private choices: not what, nor whose, nor how many (a run of
            # answers in a secret window would tell who was asked), nor when.
            if not actions or not actions[-1].get("private"):
                actions.append({"action": None, "private": True})
            continue
        entry = {"seat": r.seat, "action": r.action, "origin": r.origin, "at": _iso(r.at)}
        # Sequence numbers would count the hidden choices between two actions: a record
        # shows them once nothing is hidden any more.
        actions.append({"seq": r.seq, **entry} if open_all else entry)

    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.game,
        "id": game.id,
        "status": game.status,
        "options": game.options,
        "settings": game.settings,
        "seed": game.seed if open_all else None,
        "created_at": _iso(game.created_at),
        "ended_at": _iso(game.ended_at),
        "players": [{"seat": p.seat, "name": p.name, "ai": p.is_ai} for p in game.seated()],
        "actions": actions,
        "result": None,
    }
    if game.status == "over":
        record["result"] = engine.result(await service.state_of(game))
    return record


def check_record(record: Any) -> None:
    """Refuse what is not a record this bot can replay (any uploaded JSON may reach here)."""
    if not isinstance(record, Mapping):
        raise BotError("record_unreadable")
    if record.get("format") != FORMAT or record.get("version") != VERSION:
        raise BotError("record_unreadable")
    if not isinstance(record.get("game"), str) or record["game"] not in adapters():
        raise BotError("record_unreadable")
    players, actions = record.get("players"), record.get("actions")
    if not isinstance(players, list) or not isinstance(actions, list):
        raise BotError("record_unreadable")
    if len(actions) > MAX_ACTIONS or not all(isinstance(p, Mapping) for p in players):
        raise BotError("record_unreadable")
    if not isinstance(record.get("options") or {}, Mapping):
        raise BotError("record_unreadable")
    seed = record.get("seed")
    if seed is None or any(isinstance(a, Mapping) and a.get("action") is None for a in actions):
        raise BotError("record_no_seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise BotError("record_unreadable")
    for a in actions:
        if not (
            isinstance(a, Mapping)
            and isinstance(a.get("seat"), int)
            and not isinstance(a.get("seat"), bool)
            and isinstance(a.get("action"), str)
            and len(a["action"]) < 500
        ):
            raise BotError("record_unreadable")


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
    except (RulesError, KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
        raise BotError("record_unreadable") from exc
    public = [e for e in events if "visible_to" not in e]
    return engine.view(state, None), public


async def server_stats(service: GameService, guild_id: int, lang: str = "en") -> dict[str, Any]:
    """Games played, wins per player and average length, for one server (AI seats named in
    `lang`)."""
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
            played[_who(p.user_id, display_name(p, lang))] += 1
        winner = seated[result["ranking"][0]["seat"]]
        wins[_who(winner.user_id, display_name(winner, lang))] += 1
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
