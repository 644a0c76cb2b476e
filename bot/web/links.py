"""The web view's links, made alike by the server and by the bot that hands them out.

When the pages are served by a worker process of the bot (WEB_PROCESS=1), the bot itself only
makes links: `WebLinks` reads the same secret from the database, so a link the bot gives is
one the worker accepts.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from bot.store import GameRow, Store
from bot.web.config import WebConfig
from bot.web.tokens import SeatToken, Signer


async def signer_of(config: WebConfig, store: Store) -> Signer:
    """The signer of every link: WEB_SECRET, or the secret made once and kept in the store."""
    return Signer(config.secret or await store.web_secret(secrets.token_urlsafe(32)))


def public_link(config: WebConfig, signer: Signer, game_id: int) -> str:
    """The address of a game's public page."""
    return config.public_url(signer.public(game_id))


async def seat_link(
    config: WebConfig,
    signer: Signer,
    store: Store,
    now: float,
    game: GameRow,
    seat: int,
    user_id: int,
) -> tuple[str, float]:
    """A link to `seat`'s page for `user_id`, and when it stops working (the seat's web key
    is made when it has none: it names the hands the seat is in)."""
    player = game.player_at(seat)
    key = await store.web_key(game.id, player.position, secrets.token_urlsafe(12))
    expires = int(now + config.link_hours * 3600)
    token = SeatToken(game.id, seat, user_id, key, expires)
    return config.seat_url(signer.seat(token)), float(expires)


class WebLinks:
    """The links of a web view served by another process (the bot's web worker)."""

    def __init__(self, config: WebConfig, store: Store, clock: Callable[[], float]) -> None:
        self.config = config
        self.store = store
        self.clock = clock
        self.signer: Signer | None = None

    async def start(self) -> None:
        """Read (or make) the secret."""
        self.signer = await signer_of(self.config, self.store)

    async def close(self) -> None:
        """Nothing to stop here (the worker is stopped by the bot)."""

    def public_link(self, game_id: int) -> str:
        assert self.signer is not None
        return public_link(self.config, self.signer, game_id)

    async def seat_link(self, game: GameRow, seat: int, user_id: int) -> tuple[str, float]:
        assert self.signer is not None
        return await seat_link(
            self.config, self.signer, self.store, self.clock(), game, seat, user_id
        )
