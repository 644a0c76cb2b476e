"""Who answers a click: its board when ready in time (one call), else its handler (the
clicked buttons removed), never both, and never after a newer board took the message."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.clicks import Offer
from bot.publisher import Publisher


class Response:
    def __init__(self, log: list[tuple[str, Any]], fail: bool = False) -> None:
        self.log = log
        self.fail = fail

    async def edit_message(self, **kwargs: Any) -> None:
        await asyncio.sleep(0)
        if self.fail:
            raise discord.HTTPException(FakeHTTP(), "no")
        self.log.append(("answer", kwargs))

    async def defer(self) -> None:
        self.log.append(("defer", None))


@pytest.fixture(autouse=True)
def answers_through_the_fake_response(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot answers clicks and edits their answers with bot.respond (discord.py's
    requests without building the message sent back); here they go to the fake
    interaction."""

    async def update(interaction: Any, **edit: Any) -> None:
        await interaction.response.edit_message(**edit)

    async def acknowledge(interaction: Any) -> None:
        await interaction.response.defer()

    async def edit(interaction: Any, message_id: int | None, **changes: Any) -> None:
        assert message_id is None  # the click's own answer: its original response
        await interaction.edit_original_response(**changes)

    monkeypatch.setattr("bot.respond.update", update)
    monkeypatch.setattr("bot.respond.acknowledge", acknowledge)
    monkeypatch.setattr("bot.respond.edit", edit)


class FakeHTTP:
    status = 500
    reason = "no"


class Interaction:
    message = None  # the clicked message (a message of the older kind: no layout to keep)

    def __init__(self, log: list[tuple[str, Any]], fail: bool = False) -> None:
        self.response = Response(log, fail)

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.response.log.append(("edit original", kwargs))


class Game:
    id = 1
    channel_id = 2
    guild_id = 3
    turn_message_id = 10


def publisher() -> Publisher:
    return Publisher(None, None, None)  # type: ignore[arg-type]


def offer(p: Publisher, log: list[tuple[str, Any]], seq: int, fail: bool = False) -> Offer:
    return p.clicks.offer(1, seq, Interaction(log, fail), component_message_id=10, open=True)  # type: ignore[arg-type]


async def test_a_board_ready_in_time_is_the_answer_and_the_handler_adds_nothing() -> None:
    p, log = publisher(), []
    click = offer(p, log, 5)
    p.clicks.answer_click(click, 0.05)
    await p._edit(Game(), 10, click, content="board")  # type: ignore[arg-type]
    await p.close()  # any late answer would have ended by now
    assert log == [("answer", {"content": "board"})]


async def test_a_board_late_finds_the_click_answered_and_edits_that_answer() -> None:
    p, log = publisher(), []
    click = offer(p, log, 5)
    p.clicks.answer_click(click, 0.0)
    await click.answered.wait()
    assert click.stripped
    await p._edit(Game(), 10, click, content="board")  # type: ignore[arg-type]
    assert log == [("answer", {"view": None}), ("edit original", {"content": "board"})]


async def test_a_board_waits_for_an_answer_under_way_before_editing() -> None:
    p, log = publisher(), []
    click = offer(p, log, 5)
    assert click.claim()  # the handler took the click: its answer is on its way
    board = asyncio.ensure_future(p._edit(Game(), 10, click, content="board"))  # type: ignore[arg-type]
    for _ in range(5):
        await asyncio.sleep(0)  # the edit runs until it waits for that answer
    assert log == [] and not board.done()
    await p.clicks.strip(click)
    await board
    assert [kind for kind, _ in log] == ["answer", "edit original"]


async def test_other_open_clicks_are_answered_before_a_batch_changes_their_message() -> None:
    p, log = publisher(), []
    older, newer = offer(p, log, 5), offer(p, log, 6)
    await p.clicks.settle_others(1, newer)
    assert log == [("defer", None)] and older.answered.is_set() and not older.open
    p.clicks.answer_click(older, 0.0)  # its handler comes too late: nothing more is sent
    await p.close()
    assert log == [("defer", None)]
    assert newer.open


async def test_a_failed_answer_leaves_the_interaction_out_of_every_later_post() -> None:
    p, log = publisher(), []
    click = offer(p, log, 5, fail=True)
    p.clicks.answer_click(click, 0.0)
    await click.answered.wait()
    assert click.failed and await p.clicks.settled(click) is None
