"""Point the real, unmodified discord.py library at a Discord double (and back)."""

from __future__ import annotations

from collections.abc import Callable

from bot.endpoints import api_root, point_discord_py


def configure_discord_py(api_base: str, gateway_url: str | None = None) -> Callable[[], None]:
    """Make discord.py talk to ``api_base`` (``http://host:port``); return a restore function.

    The bot's own `point_discord_py` (what DISCORD_API_BASE / DISCORD_GATEWAY_URL use):
    ``Route.BASE`` for REST, webhooks and interaction callbacks, and the gateway URL, which
    a plain ``Client`` connects to without asking ``GET /gateway``.
    """
    if gateway_url is None:
        gateway_url = "ws" + api_root(api_base).removeprefix("http") + "/ws/"
    return point_discord_py(api_base, gateway_url)
