"""The web server: aiohttp's, in the bot's process, started only when the settings ask.

Routes (every one under a signed token; nothing lists games):

- ``/g/<token>``: a game's public page; ``…/state.json`` whose turn it is and since when;
  ``…/events`` the page's live updates (server-sent events); ``…/board/<digest>/<part>.png``
  the board's pictures; ``…/after/<n>`` (and ``…/after/<n>/<part>.png``) the board after the
  n-th run of the story, as `/game replay` shows an earlier turn.
- ``/s/<token>``: one seat's page (its hand and what it alone saw, with the public board);
  ``…/events``; ``…/private/<digest>.png`` the seat's private picture.
- ``/static/app.js``, ``/static/app.css``: the page's only script and style.

Forged, expired and revoked tokens get a plain 403 page. Each client (its address, or the
address a reverse proxy on this machine says it forwards for) may make WEB_RATE requests a
minute, in bursts of a quarter of that; more get 429.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from aiohttp import web

from bot.compose import game_lang
from bot.i18n import DEFAULT, LANGUAGES, t
from bot.rendering import Renderer
from bot.service import GameService
from bot.store import GameNotFound, GameRow
from bot.web import html, links
from bot.web.config import WebConfig
from bot.web.tables import Table, Tables, players_of
from bot.web.tokens import PublicToken, SeatToken, Signer

log = logging.getLogger(__name__)

POLL = 0.25  # seconds between two looks at the watched games' marks
POKE_DELAY = 0.05  # seconds between a change made here and the look it causes
KEEPALIVE = 15.0  # seconds between two comments on an idle event stream
KEPT = 512  # pages and boards kept in memory
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
    " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
STATIC = {"app.js": "text/javascript", "app.css": "text/css"}


class Refused(Exception):
    """A link that does not work (forged, expired, revoked): the plain 403 page."""


# ---------------------------------------------------------------------- rate limit


class RateLimit:
    """A token bucket per client: `per_minute` requests a minute, `burst` at once."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(4.0, per_minute / 4)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, client: str) -> bool:
        """Whether `client` may make one more request now."""
        now = self.clock()
        tokens, last = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if len(self._buckets) > 10_000:
            self._buckets = {
                k: v for k, v in self._buckets.items() if now - v[1] < self.burst / self.rate
            }
        if tokens < 1:
            self._buckets[client] = (tokens, now)
            return False
        self._buckets[client] = (tokens - 1, now)
        return True


def client_of(request: web.Request) -> str:
    """Who asks: the peer's address, or, when the peer is a reverse proxy on this machine,
    the address it says it forwards for (the last one it added)."""
    remote = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    try:
        local = ipaddress.ip_address(remote).is_loopback
    except ValueError:
        local = False
    if local and forwarded:
        return forwarded.split(",")[-1].strip()[:64] or remote
    return remote


# ---------------------------------------------------------------------- live updates


@dataclass(eq=False)
class Viewer:
    """One open page waiting for updates."""

    game_id: int
    seat: int | None
    lang: str
    token: SeatToken | None
    digest: str
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)


Load = Callable[[int, "SeatToken | None", str], Awaitable["tuple[str, str] | None"]]


class Hub:
    """Tells open pages when what they show changed.

    It looks at the marks of the games someone watches (`Store.marks`: one query for all of
    them) a few times a second, and at once when this process changed a game (`poke`): so a
    change made by any process sharing the database reaches every viewer. A changed mark
    makes each (seat, language) watched read its page again; only viewers whose page differs
    from what they have are sent it (nothing is sent for what they cannot see)."""

    def __init__(
        self,
        marks: Callable[[list[int]], Awaitable[Mapping[int, Any]]],
        load: Load,
        poll: float = POLL,
    ) -> None:
        self.marks = marks
        self.load = load
        self.poll = poll
        self.viewers: dict[int, set[Viewer]] = {}
        self._seen: dict[int, Any] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="web-hub")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for viewers in self.viewers.values():
            for viewer in viewers:
                viewer.queue.put_nowait(None)

    def add(self, viewer: Viewer) -> None:
        self.viewers.setdefault(viewer.game_id, set()).add(viewer)

    def remove(self, viewer: Viewer) -> None:
        found = self.viewers.get(viewer.game_id)
        if found is not None:
            found.discard(viewer)
            if not found:
                del self.viewers[viewer.game_id]
                self._seen.pop(viewer.game_id, None)

    def poke(self, game_id: int) -> None:
        """This process changed a game: look in a moment rather than at the next poll (the
        moment lets the channel's post go first: the pages are not what people wait for)."""
        if game_id in self.viewers:
            asyncio.get_running_loop().call_later(POKE_DELAY, self._wake.set)

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            self._wake.clear()
            if not self.viewers:
                continue
            try:
                await self.look()
            except Exception:
                log.exception("the web view could not look at its games")
                await asyncio.sleep(1.0)

    async def look(self) -> None:
        """Send every viewer whose page changed its new page."""
        ids = list(self.viewers)
        marks = await self.marks(ids)
        for game_id in ids:
            mark = marks.get(game_id)
            if game_id in self._seen and self._seen[game_id] == mark:
                continue
            self._seen[game_id] = mark
            await self.refresh(game_id)

    async def refresh(self, game_id: int) -> None:
        """Read the pages of one game again for everyone watching it."""
        viewers = list(self.viewers.get(game_id, ()))
        done: dict[tuple[Any, str], tuple[str, str] | None] = {}
        for viewer in viewers:
            key = (viewer.token or viewer.seat, viewer.lang)
            if key not in done:
                done[key] = await self.load(game_id, viewer.token, viewer.lang)
            found = done[key]
            if found is None:
                viewer.queue.put_nowait(None)  # the link no longer holds: the page says so
            elif found[0] != viewer.digest:
                viewer.digest = found[0]
                viewer.queue.put_nowait(found[1])


# ---------------------------------------------------------------------- the server


class WebServer:
    """The pages of every game, drawn from views; `start()` listens, `close()` stops."""

    def __init__(
        self,
        config: WebConfig,
        service: GameService,
        renderer: Renderer,
        *,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.config = config
        self.service = service
        self.renderer = renderer
        self.clock = clock or service.clock
        self.tables = Tables(service)
        self.signer: Signer | None = None
        self.limit = RateLimit(config.rate)
        self.hub = Hub(self.service.store.marks, self._update)
        self._tables: OrderedDict[tuple[Any, ...], asyncio.Future[Table]] = OrderedDict()
        self._boards: OrderedDict[tuple[int, str], asyncio.Future[dict[str, bytes]]] = OrderedDict()
        self._fragments: OrderedDict[tuple[str, str], str] = OrderedDict()
        self._privates: OrderedDict[tuple[int, str], bytes | None] = OrderedDict()
        self._runner: web.AppRunner | None = None
        self._static = {
            name: (resources.files("bot.web").joinpath("static", name).read_bytes(), kind)
            for name, kind in STATIC.items()
        }
        self.port = config.port

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Make or read the secret, and listen."""
        self.signer = await links.signer_of(self.config, self.service.store)
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.add_routes(
            [
                web.get("/static/{name}", self._static_file),
                web.get("/g/{token}", self._page),
                web.get("/g/{token}/state.json", self._state),
                web.get("/g/{token}/events", self._events),
                web.get("/g/{token}/board/{digest}/{part}.png", self._board),
                web.get("/g/{token}/after/{number:\\d{1,6}}", self._after),
                web.get("/g/{token}/after/{number:\\d{1,6}}/{part}.png", self._after_image),
                web.get("/s/{token}", self._page),
                web.get("/s/{token}/events", self._events),
                web.get("/s/{token}/private/{digest}.png", self._private),
            ]
        )
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(
            self._runner, self.config.host, self.config.port, reuse_port=self.config.reuse_port
        )
        await site.start()
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        self.hub.start()
        log.info("web view on %s:%s (%s)", self.config.host, self.port, self.config.base_url)

    async def close(self) -> None:
        """Stop listening; open event streams end."""
        await self.hub.stop()
        if self._runner is not None:
            await self._runner.cleanup()

    def changed(self, game_id: int) -> None:
        """A game changed in this process (its pages are looked at now)."""
        self.hub.poke(game_id)

    # ------------------------------------------------------------------ links

    def public_link(self, game_id: int) -> str:
        """The address of a game's public page."""
        assert self.signer is not None
        return links.public_link(self.config, self.signer, game_id)

    async def seat_link(self, game: GameRow, seat: int, user_id: int) -> tuple[str, float]:
        """A link to `seat`'s page for `user_id`, and when it stops working."""
        assert self.signer is not None
        store = self.service.store
        return await links.seat_link(
            self.config, self.signer, store, self.clock(), game, seat, user_id
        )

    # ------------------------------------------------------------------ guard

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not self.limit.allow(client_of(request)):
            response: web.StreamResponse = web.Response(
                status=429, text="Too many requests: wait a moment.", headers={"Retry-After": "5"}
            )
        else:
            try:
                response = await handler(request)
            except Refused:
                response = self._refuse(request)
            except web.HTTPException as exc:
                response = web.Response(status=exc.status, text=exc.reason)
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    def _lang(self, request: web.Request, game: GameRow | None = None) -> str:
        asked = request.query.get("lang", "")
        if asked in LANGUAGES:
            return asked
        for part in request.headers.get("Accept-Language", "").split(","):
            code = part.split(";")[0].strip().lower()[:2]
            if code in LANGUAGES:
                return code
        return game_lang(game) if game is not None else DEFAULT

    def _refuse(self, request: web.Request) -> web.Response:
        lang = self._lang(request)
        links = html.Links(page="", public="", static=f"{self.config.prefix}/static")
        return web.Response(
            status=403,
            text=html.refused(lang, links),
            content_type="text/html",
            headers={"Cache-Control": "no-store"},
        )

    def _read(self, token: str) -> PublicToken | SeatToken | None:
        return self.signer.read(token) if self.signer is not None else None

    async def _reader(self, request: web.Request) -> tuple[GameRow, SeatToken | None, str]:
        """Who reads: the game the request's token names, the seat token (None: the public
        page) and the language; Refused (a 403 page) when the token is forged, expired or
        revoked."""
        found = await self._game(request)
        if found is None:
            raise Refused()
        return found[0], found[1], self._lang(request, found[0])

    async def _game(self, request: web.Request) -> tuple[GameRow, SeatToken | None] | None:
        """The game a request's token names, and the seat token (None: public), or None
        when the token is forged, expired or revoked."""
        found = self._read(request.match_info["token"])
        kind = "s" if request.path.startswith("/s/") else "g"
        if found is None or (kind == "s") != isinstance(found, SeatToken):
            return None
        try:
            game = await self.service.store.get_game(found.game_id)
        except GameNotFound:
            return None
        if isinstance(found, SeatToken):
            return (game, found) if self._holds(game, found) else None
        return game, None

    def _holds(self, game: GameRow, token: SeatToken) -> bool:
        """Whether a seat's link still works: the game goes on, the seat is still held by
        the person it was given to, as when it was given, and the link has not expired."""
        if game.status != "active" or token.expires < self.clock():
            return False
        try:
            player = game.player_at(token.seat)
        except KeyError:
            return False
        return (
            player.user_id == token.user_id
            and player.web_key == token.key
            and player.left_at is None
            and not player.automated
        )

    # ------------------------------------------------------------------ pages

    async def table(self, game: GameRow, seat: int | None, lang: str) -> Table:
        """A reader's page of a game (kept while the game does not change; readers asking
        at once share one reading)."""
        key = (game.id, game.version, seat, lang, players_of(game, lang))
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = asyncio.ensure_future(self.tables.table(game, seat, lang))
            while len(self._tables) > KEPT:
                self._tables.popitem(last=False)
        else:
            self._tables.move_to_end(key)
        try:
            return await asyncio.shield(found)
        except Exception:
            self._tables.pop(key, None)
            raise

    async def _drawn(
        self, key: tuple[int, str], draw: Callable[[], Awaitable[list[tuple[str, bytes]]]]
    ) -> dict[str, bytes]:
        """A board's pictures by part, drawn once however many readers ask at once."""
        found = self._boards.get(key)
        if found is None:

            async def parts() -> dict[str, bytes]:
                return dict(await draw())

            found = self._boards[key] = asyncio.ensure_future(parts())
            while len(self._boards) > KEPT // 4:
                self._boards.popitem(last=False)
        try:
            return await asyncio.shield(found)
        except Exception:
            self._boards.pop(key, None)
            raise

    def _parts(self, table: Table) -> list[tuple[str, str]]:
        """The board's pictures of a page (part, alt)."""
        if table.status == "lobby":
            return []
        from render import PARTS, parts_renderer, renderer_for

        drawn = parts_renderer(renderer_for(table.game)) is not None
        names = PARTS if drawn else ("board",)
        alt = "\n".join(table.summary)
        return [
            (part, alt if n == 0 else t("web.players_alt", table.lang))
            for n, part in enumerate(names)
        ]

    def links(self, game_id: int, token: SeatToken | None, lang: str) -> html.Links:
        """Where the parts of a reader's page are."""
        assert self.signer is not None
        prefix = self.config.prefix
        public = f"{prefix}/g/{self.signer.public(game_id)}"
        page = public if token is None else f"{prefix}/s/{self.signer.seat(token)}"
        return html.Links(page=page, public=public, static=f"{prefix}/static", lang=lang)

    async def _render(
        self, game: GameRow, token: SeatToken | None, lang: str
    ) -> tuple[Table, str, str]:
        """A reader's page: its table, its digest and the inside of its <main>."""
        seat = token.seat if token is not None else None
        table = await self.table(game, seat, lang)
        public = table if seat is None else await self.table(game, None, lang)
        links = self.links(game.id, token, lang)
        digest = table.digest if seat is None else f"{table.digest}{public.digest}"
        key = (links.page, digest)
        inner = self._fragments.get(key)
        if inner is None:
            inner = self._fragments[key] = html.fragment(
                table, links, self._parts(public), public.digest
            )
            while len(self._fragments) > KEPT:
                self._fragments.popitem(last=False)
        return table, digest, inner

    async def _update(
        self, game_id: int, token: SeatToken | None, lang: str
    ) -> tuple[str, str] | None:
        try:
            game = await self.service.store.get_game(game_id)
        except GameNotFound:
            return None
        if token is not None and not self._holds(game, token):
            return None
        _, digest, inner = await self._render(game, token, lang)
        return digest, inner

    async def _page(self, request: web.Request) -> web.StreamResponse:
        game, token, lang = await self._reader(request)
        table, digest, inner = await self._render(game, token, lang)
        text = html.page(table, self.links(game.id, token, lang), inner, digest)
        cache = "no-store" if token is not None else "no-cache"
        return web.Response(text=text, content_type="text/html", headers={"Cache-Control": cache})

    async def _state(self, request: web.Request) -> web.StreamResponse:
        game, _, lang = await self._reader(request)
        table = await self.table(game, None, lang)
        document = {
            "game": game.game,
            "id": game.id,
            "title": table.title,
            "status": game.status,
            "to_move": list(table.movers),
            "headline": table.headline,
            "since": _iso(table.since),
            "players": [name for name, _ in table.players],
            "ranking": list(table.ranking),
            "digest": table.digest,
        }
        return web.json_response(document, headers={"Cache-Control": "no-cache"})

    async def _board(self, request: web.Request) -> web.StreamResponse:
        kept = self._kept_board(request)
        if kept is not None:
            return kept
        game, _, lang = await self._reader(request)
        table = await self.table(game, None, lang)
        part = request.match_info["part"]
        key = (game.id, f"{table.digest}:{lang}")

        async def draw() -> list[tuple[str, bytes]]:
            drawn, _ = await self.renderer.board_parts(
                game.game, table.view, list(table.names), lang
            )
            return drawn

        parts = await self._drawn(key, draw)
        data = parts.get(part)
        if data is None:
            raise web.HTTPNotFound()
        current = request.match_info["digest"] == table.digest
        cache = "private, max-age=31536000, immutable" if current else "no-store"
        return web.Response(body=data, content_type="image/png", headers={"Cache-Control": cache})

    def _kept_board(self, request: web.Request) -> web.Response | None:
        """A picture of a public board already drawn, served without reading the game: its
        address names the page it belongs to (a digest) and its language."""
        token = self._read(request.match_info["token"])
        lang = request.query.get("lang", "")
        if not isinstance(token, PublicToken) or lang not in LANGUAGES:
            return None
        found = self._boards.get((token.game_id, f"{request.match_info['digest']}:{lang}"))
        if found is None or not found.done() or found.exception() is not None:
            return None
        data = found.result().get(request.match_info["part"])
        if data is None:
            return None
        cache = "private, max-age=31536000, immutable"
        return web.Response(body=data, content_type="image/png", headers={"Cache-Control": cache})

    async def _private(self, request: web.Request) -> web.StreamResponse:
        game, token, lang = await self._reader(request)
        if token is None:
            raise Refused()
        table = await self.table(game, token.seat, lang)
        key = (game.id, f"{token.seat}:{table.digest}")
        if key in self._privates:
            data = self._privates[key]
        else:
            data = await self.renderer.private(game.game, table.view, list(table.names), lang)
            self._privates[key] = data
            while len(self._privates) > KEPT // 4:
                self._privates.popitem(last=False)
        if data is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=data, content_type="image/png", headers={"Cache-Control": "no-store"}
        )

    async def _after(self, request: web.Request) -> web.StreamResponse:
        game, _, lang = await self._reader(request)
        table = await self.table(game, None, lang)
        earlier = await self.tables.earlier(game, table, int(request.match_info["number"]))
        if earlier is None:
            raise web.HTTPNotFound()
        group, _ = earlier
        links = self.links(game.id, None, lang)
        text = html.earlier_page(table, group, len(table.story), links, self._parts(table))
        return web.Response(
            text=text, content_type="text/html", headers={"Cache-Control": "no-cache"}
        )

    async def _after_image(self, request: web.Request) -> web.StreamResponse:
        game, _, lang = await self._reader(request)
        number = int(request.match_info["number"])
        table = await self.table(game, None, lang)
        earlier = await self.tables.earlier(game, table, number)
        if earlier is None:
            raise web.HTTPNotFound()
        group, view = earlier
        key = (game.id, f"after:{game.line}:{group.seq}:{lang}")

        async def draw() -> list[tuple[str, bytes]]:
            drawn, _ = await self.renderer.board_parts(game.game, view, list(table.names), lang)
            return drawn

        parts = await self._drawn(key, draw)
        data = parts.get(request.match_info["part"])
        if data is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=data, content_type="image/png", headers={"Cache-Control": "private, max-age=600"}
        )

    async def _events(self, request: web.Request) -> web.StreamResponse:
        game, token, lang = await self._reader(request)
        viewer = Viewer(
            game.id, token.seat if token else None, lang, token, request.query.get("d", "")
        )
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
            }
        )
        for name, value in HEADERS.items():
            response.headers[name] = value
        await response.prepare(request)
        self.hub.add(viewer)
        try:
            # What changed between the page and this stream (or while it was reconnecting).
            now = await self._update(game.id, token, lang)
            if now is None:
                await _send(response, "gone", "")
                return response
            if now[0] != viewer.digest:
                viewer.digest = now[0]
                await _send(response, "page", json.dumps({"digest": now[0], "html": now[1]}))
            while True:
                try:
                    inner = await asyncio.wait_for(viewer.queue.get(), KEEPALIVE)
                except TimeoutError:
                    if token is not None and token.expires < self.clock():
                        await _send(response, "gone", "")
                        break
                    await response.write(b": still here\n\n")
                    continue
                if inner is None:
                    await _send(response, "gone", "")
                    break
                await _send(response, "page", json.dumps({"digest": viewer.digest, "html": inner}))
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.hub.remove(viewer)
        return response

    async def _static_file(self, request: web.Request) -> web.StreamResponse:
        found = self._static.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        data, kind = found
        return web.Response(
            body=data, content_type=kind, headers={"Cache-Control": "public, max-age=3600"}
        )


async def _send(response: web.StreamResponse, event: str, data: str) -> None:
    await response.write(f"event: {event}\ndata: {data}\n\n".encode())


def _iso(at: float | None) -> str | None:
    from datetime import UTC, datetime

    if at is None:
        return None
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
