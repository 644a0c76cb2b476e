"""The web view served by a worker process of the bot (WEB_PROCESS=1, the default from the
environment): the bot's own event loop serves no page, hands out links the worker accepts, and
the worker follows the game and stops with the bot."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import aiohttp
import port_for

from bot.web import WebConfig
from bot.web.links import WebLinks
from discord_double.player import components
from tests.bot.harness import (
    current_turn,
    mover,
    running_bot,
    turn_control,
    two_player_game,
    use_control,
    world,
)
from tests.web.test_pages import read_event


async def fetch(http: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    """GET `url`, waiting (at most 30 s) for the worker to listen."""
    deadline = time.monotonic() + 30
    while True:
        try:
            async with http.get(url) as response:
                return response.status, await response.text()
        except aiohttp.ClientConnectionError:
            assert time.monotonic() < deadline, "the web worker never listened"
            await asyncio.sleep(0.1)


async def test_a_worker_process_serves_the_pages(tmp_path: Path) -> None:
    port = port_for.select_random()
    config = WebConfig(base_url=f"http://127.0.0.1:{port}", port=port, process=True)
    async with world(tmp_path) as w:
        async with running_bot(w, web=config) as bot, aiohttp.ClientSession() as http:
            assert isinstance(bot.web, WebLinks)
            worker = bot._web_worker
            assert worker is not None
            await two_player_game(w)
            await bot.service.idle()
            turn = current_turn(w)
            assert turn is not None
            link = bot.web.public_link(1)
            assert [c.get("url") for c in components(turn) if c.get("style") == 5] == [link]
            status, text = await fetch(http, link)
            assert status == 200 and "The story, newest first" in text
            # A seat's link made by the bot works in the worker.
            game = await bot.service.store.get_game(1)
            player = game.seated()[0]
            assert player.seat is not None and player.user_id is not None
            seat_url, _ = await bot.web.seat_link(game, player.seat, player.user_id)
            status, seat_page = await fetch(http, seat_url)
            assert status == 200 and "Only you see this" in seat_page
            # A move made through Discord reaches a page the worker serves.
            events = re.findall(r'data-events="([^"]+)"', text)[0].replace("&amp;", "&")
            async with http.get(f"http://127.0.0.1:{port}{events}") as stream:
                await use_control(w, mover(w, turn), turn, turn_control(turn))
                kind, data = await read_event(stream)
                assert kind == "page"
                assert json.loads(data)["digest"] != re.findall(r'data-digest="([^"]+)"', text)[0]
            process = worker.process
            assert process is not None and process.returncode is None
        # The worker stops with the bot.
        assert process.returncode is not None
