"""The render workers: processes fed through their pipes by the event loop (no helper
threads), each call answered, a worker's error raised in the bot, a dead worker replaced."""

from __future__ import annotations

import asyncio
import io
import pickle
import signal

import psutil
import pytest
from PIL import Image

from bot.rendering import Renderer, WorkerCrashed, WorkerPool
from render import worker
from tests.render.views import sample_views


def rattus_view() -> tuple[dict, list[str]]:
    view, names, _ = sample_views()["board_3p"]
    return view, names


@pytest.mark.slow
async def test_boards_drawn_in_worker_processes_match_the_renderer() -> None:
    view, names = rattus_view()
    renderer = Renderer(processes=2)
    try:
        await renderer.warm(["rattus"])
        drawn = await asyncio.gather(
            *(renderer.board_and_summary("rattus", view, names, "en") for _ in range(6))
        )
        assert len({png for png, _ in drawn}) == 1  # the same view, the same image
        png, text = drawn[0]
        assert Image.open(io.BytesIO(png)).format == "PNG"
        assert text == renderer.summary("rattus", view, names, "en")
    finally:
        await renderer.close()


async def test_an_error_in_a_worker_is_raised_in_the_bot_and_the_worker_goes_on() -> None:
    pool = WorkerPool(1)
    try:
        with pytest.raises(KeyError):
            await pool.call("board", "no-such-game", {}, [], "en")
        assert await pool.call("warm", "rattus") is True
    finally:
        await pool.close()


@pytest.mark.slow
async def test_a_dead_worker_fails_its_calls_and_the_next_call_starts_another() -> None:
    pool = WorkerPool(1)
    try:
        await pool.call("warm", "rattus")
        (first,) = pool._workers
        view, names = rattus_view()
        waiting = asyncio.ensure_future(pool.call("board", "rattus", view, names, "en"))
        await asyncio.sleep(0)  # the call is written to the worker
        first.process.send_signal(signal.SIGKILL)
        with pytest.raises(WorkerCrashed):
            await waiting
        assert await pool.call("warm", "rattus") is True
        (second,) = pool._workers
        assert second.process.pid != first.process.pid
    finally:
        await pool.close()


@pytest.mark.slow
async def test_closing_the_pool_ends_every_worker() -> None:
    pool = WorkerPool(2)
    await pool.call_each("warm", "rattus")
    pids = [w.process.pid for w in pool._workers]
    assert len(pids) == 2
    await pool.close()
    assert not any(
        psutil.pid_exists(pid) and psutil.Process(pid).status() != "zombie" for pid in pids
    )
    with pytest.raises(WorkerCrashed):
        await pool.call("warm", "rattus")


def test_a_worker_answers_framed_calls_in_order() -> None:
    requests = io.BytesIO()
    for call in [("warm", ("rattus",)), ("board", ("no-such-game", {}, [], "en"))]:
        body = pickle.dumps(call)
        requests.write(worker.HEADER.pack(len(body)) + body)
    requests.seek(0)
    replies = io.BytesIO()
    worker.serve(requests, replies)
    replies.seek(0)
    answers = []
    while header := replies.read(worker.HEADER.size):
        answers.append(pickle.loads(replies.read(worker.HEADER.unpack(header)[0])))
    assert answers[0] == (True, True)
    assert answers[1][0] is False and isinstance(answers[1][1], KeyError)
