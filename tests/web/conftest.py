"""A web view on a game service with fake users and a temporary database (no Discord)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.rendering import Renderer
from bot.service import GameService, UserRef
from bot.store import GameRow, Store
from bot.web import WebConfig, WebServer

CHANNEL = 100
PEOPLE = [UserRef(1 + n, name) for n, name in enumerate(["Ana", "Ben", "Cat", "Dan", "Eve", "Fay"])]


class Clock:
    """A wall clock the test moves."""

    def __init__(self, now: float = 1_790_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Site:
    service: GameService
    web: WebServer
    clock: Clock
    http: aiohttp.ClientSession

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.web.port}"

    async def get(self, url: str, **kwargs: Any) -> tuple[int, str, dict[str, str]]:
        """GET a page by its absolute or root-relative address: status, text, headers."""
        if url.startswith("/"):
            url = self.root + url
        async with self.http.get(url, **kwargs) as response:
            body = await response.read()
            return response.status, body.decode("utf-8", "replace"), dict(response.headers)

    async def game(self, game_id: int) -> GameRow:
        return await self.service.store.get_game(game_id)


@contextlib.asynccontextmanager
async def site_of(tmp_path: Path, url: str = "", **config: Any) -> AsyncIterator[Site]:
    """A service and its web view on `url` (a SQLite file of `tmp_path` by default). The
    rate limit is lifted unless a test sets it: whole games fetch thousands of pages.
    Everything is closed however the test ends (an open store's thread would keep the test
    process from exiting)."""
    config.setdefault("rate", 1_000_000)
    clock = Clock()
    store = Store(url or f"sqlite:///{tmp_path}/web.db", clock=clock)
    await store.open()
    service = GameService(store, clock=clock, seed_source=lambda: 2024)
    renderer = Renderer(threads=1, processes=0)
    web = WebServer(
        WebConfig(base_url="http://127.0.0.1:1/rattus", port=0, **config),
        service,
        renderer,
        clock=clock,
    )
    try:
        await web.start()
        # The pages are reached directly here, at the root (a proxy would strip /rattus).
        web.config = WebConfig(base_url=f"http://127.0.0.1:{web.port}", port=web.port, **config)
        async with aiohttp.ClientSession() as http:
            yield Site(service, web, clock, http)
    finally:
        await web.close()
        await service.close()
        await renderer.close()
        await store.close()


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async with site_of(tmp_path) as found:
        yield found


async def start_game(
    service: GameService, game: str, players: int, options: dict[str, Any] | None = None
) -> int:
    """A started game of `players` people (Ana creates it)."""
    row = await service.lobby.new_lobby(
        game=game, guild_id=1, channel_id=CHANNEL, creator=PEOPLE[0], options=options or {}
    )
    for user in PEOPLE[1:players]:
        await service.lobby.join(CHANNEL, user)
    await service.lobby.start(CHANNEL, PEOPLE[0])
    return row.id


async def play(service: GameService, game_id: int, rnd: random.Random) -> bool:
    """One random legal action by a seat the game waits for; False once it is over."""
    game = await service.store.get_game(game_id)
    if game.status != "active":
        return False
    engine = service.engine(game)
    state = await service.state_of(game)
    seats = sorted(engine.decision(state).seats)
    if not seats:
        return False
    seat = rnd.choice(seats)
    action = rnd.choice(list(engine.legal_actions(state, seat)))
    user = game.player_at(seat).user_id
    assert user is not None
    await service.act(game_id, user, action)
    return True
