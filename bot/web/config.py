"""The web view's settings (read from the environment by bot.config)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True)
class WebConfig:
    """Where the web view listens and how people reach it."""

    base_url: str  # the address people use (https://games.example.org/play)
    host: str = "127.0.0.1"
    port: int = 8080
    secret: str | None = None  # None: one made once and kept in the database
    link_hours: float = 72.0  # how long a seat's link works
    rate: int = 240  # requests a minute per client
    reuse_port: bool = False  # several processes listen on one port (sharded bots)
    # Served by a worker process of the bot (WEB_PROCESS=1, the default from the environment),
    # so that the pages take none of the bot's own time; False: in the bot's event loop.
    process: bool = False

    @property
    def prefix(self) -> str:
        """The path under which the pages are reached (a reverse proxy's sub-folder)."""
        return urlsplit(self.base_url).path.rstrip("/")

    def public_url(self, token: str) -> str:
        """The address of a public page."""
        return f"{self.base_url.rstrip('/')}/g/{token}"

    def seat_url(self, token: str) -> str:
        """The address of a seat's page."""
        return f"{self.base_url.rstrip('/')}/s/{token}"
