"""`/game log` numbers the actions anyone could see, one after the other: the store's seq would
also count the private answers of a secret window, and tell how many there were."""

from __future__ import annotations

from typing import Any

from bot.interactions.history import History
from bot.publisher import board_tag
from bot.store import GameRow
from engine.core.registry import get_game


class _Service:
    def __init__(self, events: list[tuple[int, list[dict[str, Any]]]]) -> None:
        self.events = events

    async def history_events(self, game: GameRow) -> list[tuple[int, list[dict[str, Any]]]]:
        return self.events


def _game(seed: int = 7) -> GameRow:
    return GameRow(
        id=3, guild_id=1, channel_id=2, game="rattus", options={}, settings={},
        status="active", creator_id=1, seed=seed, seq=5, lobby_message_id=None,
        turn_message_id=None, created_at=0.0, updated_at=0.0, ended_at=None,
    )  # fmt: skip


async def test_log_numbers_skip_what_nobody_else_saw() -> None:
    engine = get_game("rattus")
    state = engine.new_game(2, 7)
    seat = min(engine.decision(state).seats)
    step = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    public = next(e.to_dict() for e in step.events if "visible_to" not in e.to_dict())
    private = {"type": "ProtectionDeclined", "seat": 1, "visible_to": [1]}
    room = History.__new__(History)
    room.service = _Service(  # type: ignore[assignment]
        [(1, [public]), (2, [private]), (3, [private]), (4, [public]), (5, [public])]
    )
    lines = await room.history_lines(_game(), "en")
    numbers = [line.split()[0] for line in lines]
    assert numbers == ["`#1`", "`#2`", "`#3`"], lines


def test_board_names_do_not_count_actions() -> None:
    """A board's file name is a digest keyed by the game's secret seed: two positions'
    names say nothing of how many actions lie between them, yet a restart finds them."""
    game = _game()
    tags = [board_tag(game, seq) for seq in range(50)]
    assert len(set(tags)) == 50
    assert all(tag == board_tag(game, seq) for seq, tag in enumerate(tags))
    assert tags != [board_tag(_game(seed=8), seq) for seq in range(50)]
    assert all(len(tag) == 10 for tag in tags)
