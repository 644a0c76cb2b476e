"""Several bot processes on one PostgreSQL database: each serves every game, and an open page
hears of a change made by another process."""

from __future__ import annotations

import contextlib
import json
import random
import re
from pathlib import Path

from tests.web.conftest import play, site_of, start_game
from tests.web.test_pages import read_event


async def test_a_page_served_by_one_process_follows_a_change_made_by_another(
    tmp_path: Path, postgres_url: str
) -> None:
    async with contextlib.AsyncExitStack() as stack:
        first = await stack.enter_async_context(site_of(tmp_path / "a", postgres_url))
        second = await stack.enter_async_context(site_of(tmp_path / "b", postgres_url))
        game_id = await start_game(first.service, "rattus", 2)
        # One secret in the database: both processes sign alike.
        link = first.web.public_link(game_id)
        assert link.rsplit("/", 1)[1] == second.web.public_link(game_id).rsplit("/", 1)[1]
        status, text, _ = await second.get(second.web.public_link(game_id))
        assert status == 200
        events = re.findall(r'data-events="([^"]+)"', text)[0].replace("&amp;", "&")
        async with second.http.get(second.root + events) as stream:
            # The first process moves; the second never hears of it but through the store.
            await play(first.service, game_id, random.Random(3))
            kind, data = await read_event(stream)
            assert kind == "page"
            assert json.loads(data)["digest"] != re.findall(r'data-digest="([^"]+)"', text)[0]
