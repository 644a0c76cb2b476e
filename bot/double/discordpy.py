"""Point the real, unmodified discord.py library at a Discord double (and back)."""

from __future__ import annotations

from collections.abc import Callable


def configure_discord_py(api_base: str, gateway_url: str | None = None) -> Callable[[], None]:
    """Make discord.py talk to ``api_base`` (``http://host:port``); return a restore function.

    Sets ``discord.http.Route.BASE`` (REST, webhooks and interaction callbacks all use
    it) and ``DiscordWebSocket.DEFAULT_GATEWAY`` (a plain ``Client`` never asks
    ``GET /gateway``; it connects straight to that URL). A bot running in another
    process calls this too, e.g. from an environment variable naming the double.
    """
    import discord.gateway
    import discord.http
    import yarl

    base = api_base.rstrip("/")
    if gateway_url is None:
        gateway_url = "ws" + base.removeprefix("http") + "/ws/"
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def restore() -> None:
        """Put discord.py's original endpoints back."""
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore
