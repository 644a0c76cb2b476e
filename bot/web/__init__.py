"""A window on every game: its public page and each seat's private page, live, on the web.

Opt-in (WEB_BASE_URL and WEB_LISTEN): the bot then serves, from its own process, pages drawn
only from the engine's views (bot.web.tables), under HMAC-signed links (bot.web.tokens), with
live updates by server-sent events (bot.web.server.Hub). The channel's turn messages carry a
link to the public page; `/<game> web` gives a player their seat's link, privately.
"""

from bot.web.config import WebConfig
from bot.web.server import WebServer

__all__ = ["WebConfig", "WebServer"]
