"""Where discord.py sends its requests: Discord itself, or an HTTP / gateway proxy.

DISCORD_API_BASE may be given with or without the `/api/v10` suffix (proxy guides write it
both ways); the gateway URL is used as given.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_VERSION = re.compile(r"/api(/v\d+)?/?$")


def api_root(base: str) -> str:
    """`http://host:port` from `http://host:port`, `…/api` or `…/api/v10` (any trailing /)."""
    return _VERSION.sub("", base.strip().rstrip("/"))


def point_discord_py(api_base: str | None, gateway_url: str | None = None) -> Callable[[], None]:
    """Make discord.py talk to `api_base` (REST, webhooks, interaction callbacks) and
    `gateway_url` (the websocket); None keeps the current one. Returns a function that puts
    the previous endpoints back."""
    import discord.gateway
    import discord.http
    import yarl

    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    if api_base:
        discord.http.Route.BASE = api_root(api_base) + "/api/v10"
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def restore() -> None:
        """Put discord.py's previous endpoints back."""
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore
