"""The web view's pages over HTTP: what each reader sees, the links' safety, the headers."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.adapter import adapter_for
from bot.compose import names_of
from bot.web import html
from bot.web.server import CSP
from bot.web.tokens import SeatToken, Signer
from tests.web.conftest import PEOPLE, Site, play, site_of, start_game

# Every game and variant, at a count with several people (each has a page of their own).
GAMES = [
    ("rattus", {}, 3),
    ("rattus", {"expansion": "africanus"}, 4),
    ("piper", {}, 3),
    ("piper", {"variant": "hidden"}, 3),
    ("cartus", {}, 3),
]


async def pages(site: Site, game_id: int) -> tuple[str, dict[int, str]]:
    """The public page and every seat's page of a game, as fetched."""
    game = await site.game(game_id)
    status, public, _ = await site.get(site.web.public_link(game_id))
    assert status == 200
    seats: dict[int, str] = {}
    if game.status != "active":
        return public, seats  # seat pages end with the game
    for player in game.seated():
        assert player.seat is not None and player.user_id is not None
        url, _ = await site.web.seat_link(game, player.seat, player.user_id)
        status, text, _ = await site.get(url)
        assert status == 200, text
        seats[player.seat] = text
    return public, seats


async def check_secrets(site: Site, game_id: int) -> int:
    """Each seat's secrets (what its private lines say that the public page does not) are on
    its own page and on no other page; the count of secrets checked."""
    game = await site.game(game_id)
    engine = site.service.engine(game)
    adapter = adapter_for(game.game)
    state = await site.service.state_of(game)
    public, seats = await pages(site, game_id)
    names = names_of(game)
    own: dict[int, set[str]] = {}
    for seat in seats:
        lines = adapter.private_lines(engine.view(state, seat), seat, names, "en")
        own[seat] = {html.markdown(line) for line in lines}
    checked = 0
    for seat, secrets in own.items():
        for secret in secrets:
            if secret in public:
                continue  # said publicly as well: no secret
            assert secret in seats[seat], f"seat {seat}'s page lacks {secret!r}"
            checked += 1
            for other, text in seats.items():
                if other != seat and secret not in own[other]:
                    assert secret not in text, f"seat {other}'s page shows {seat}'s {secret!r}"
    return checked


async def check_redeals(site: Site, game_id: int, seed: int) -> None:
    """Each reader's page is the same for the position and for any position that differs
    only in what that reader cannot see (a redeal for them): the page cannot tell them."""
    game = await site.game(game_id)
    engine = site.service.engine(game)
    state = await site.service.state_of(game)
    readers: list[int | None] = [None, *(p.seat for p in game.seated())]
    real = site.service.state_of
    try:
        for seat in readers:
            expected = await site.web.tables.table(game, seat, "en")
            other = engine.redeal(state, seat, seed)

            async def redealt(row: Any, other: Any = other) -> Any:
                return other

            site.service.state_of = redealt  # type: ignore[method-assign]
            found = await site.web.tables.table(game, seat, "en")
            site.service.state_of = real  # type: ignore[method-assign]
            assert found.digest == expected.digest, f"seat {seat} tells the redeal apart"
            links = site.web.links(game_id, None, "en")
            assert html.fragment(found, links, [], "") == html.fragment(expected, links, [], "")
    finally:
        site.service.state_of = real  # type: ignore[method-assign]


async def whole_game(site: Site, game: str, options: dict[str, Any], count: int, limit: int) -> int:
    game_id = await start_game(site.service, game, count, options)
    rnd = random.Random(f"{game}{options}")
    checked = 0
    for step in range(limit):
        if step % 4 == 0:
            await check_redeals(site, game_id, seed=step)
        if step % 12 == 0:
            checked += await check_secrets(site, game_id)
        if not await play(site.service, game_id, rnd):
            break
    checked += await check_secrets(site, game_id)
    return checked


@pytest.mark.parametrize(("game", "options", "count"), GAMES)
async def test_pages_keep_every_seat_secret_early(
    site: Site, game: str, options: dict[str, Any], count: int
) -> None:
    """The first forty decisions of each game: every seat's page shows its own secrets and
    no other page does; no page tells a redeal of what its reader cannot see."""
    checked = await whole_game(site, game, options, count, limit=40)
    assert checked > 0  # there were secrets to look for


@pytest.mark.slow
@pytest.mark.parametrize(("game", "options", "count"), GAMES)
async def test_pages_keep_every_seat_secret_whole_games(
    tmp_path: Path, game: str, options: dict[str, Any], count: int
) -> None:
    """The same, for whole games to their end (and the final page shows the ranking)."""
    async with site_of(tmp_path) as site:
        await whole_game(site, game, options, count, limit=5000)
        game_row = await site.game(1)
        assert game_row.status == "over"
        _, text, _ = await site.get(site.web.public_link(1))
        assert "Final ranking" in text


async def test_public_page_shows_board_story_and_state(site: Site) -> None:
    game_id = await start_game(site.service, "rattus", 2)
    rnd = random.Random(1)
    for _ in range(3):
        await play(site.service, game_id, rnd)
    status, text, headers = await site.get(site.web.public_link(game_id))
    assert status == 200
    assert headers["Content-Security-Policy"] == CSP
    assert headers["Referrer-Policy"] == "no-referrer"
    images = re.findall(r'<img src="([^"]+)"', text)
    assert [i.rsplit("/", 1)[1] for i in images] == ["map.png?lang=en", "players.png?lang=en"]
    for src in images:
        async with site.http.get(site.root + src) as response:
            assert response.status == 200
            assert response.content_type == "image/png"
            assert (await response.read())[:8] == b"\x89PNG\r\n\x1a\n"
    assert "The story, newest first" in text
    assert text.count('class="after"') >= 2
    status, body, _ = await site.get(site.web.public_link(game_id) + "/state.json")
    found = json.loads(body)
    game = await site.game(game_id)
    engine = site.service.engine(game)
    movers = sorted(engine.decision(await site.service.state_of(game)).seats)
    assert found["to_move"] == [names_of(game)[s] for s in movers]
    assert found["status"] == "active" and found["since"].endswith("Z")
    # An earlier turn's board, as /game replay shows it.
    after = re.findall(r'href="([^"]+/after/1)"', text)[0]
    status, earlier, _ = await site.get(after)
    assert status == 200 and "/after/1/map.png?lang=en" in earlier
    status, _, _ = await site.get(after + "/map.png")
    assert status == 200
    status, _, _ = await site.get(after[:-1] + "999")
    assert status == 404


async def test_pages_in_french(site: Site) -> None:
    game_id = await start_game(site.service, "piper", 2)
    status, text, _ = await site.get(site.web.public_link(game_id) + "?lang=fr")
    assert status == 200 and '<html lang="fr">' in text and "Le récit" in text
    # The board's words are drawn in the page's language, whatever the browser's.
    assert re.findall(r'<img src="[^"]+/map\.png\?lang=(\w+)"', text) == ["fr"]
    status, text, _ = await site.get(
        site.web.public_link(game_id), headers={"Accept-Language": "fr-FR,fr;q=0.9"}
    )
    assert '<html lang="fr">' in text


async def test_no_inline_script_style_or_outside_asset(site: Site) -> None:
    game_id = await start_game(site.service, "cartus", 2)
    game = await site.game(game_id)
    url, _ = await site.web.seat_link(game, 0, game.player_at(0).user_id or 0)
    for address in (site.web.public_link(game_id), url):
        _, text, headers = await site.get(address)
        assert headers["Content-Security-Policy"] == CSP
        scripts = re.findall(r"<script[^>]*>", text)
        assert scripts == ['<script src="/static/app.js" defer>']
        assert "<style" not in text and " style=" not in text
        assert not re.search(r"\son\w+=", text)
        for link in re.findall(r'(?:src|href)="([^"]+)"', text):
            assert link.startswith("/"), link  # nothing from another site
    for name in ("app.js", "app.css"):
        status, _, headers = await site.get(f"/static/{name}")
        assert status == 200 and headers["X-Content-Type-Options"] == "nosniff"
    status, _, _ = await site.get("/static/other.js")
    assert status == 404
    # No page lists games.
    for path in ("/", "/g", "/g/", "/s/", "/games"):
        status, _, _ = await site.get(path)
        assert status in (403, 404)


async def test_forged_expired_and_revoked_links_get_403(site: Site) -> None:
    service = site.service
    game_id = await start_game(service, "rattus", 2)
    game = await site.game(game_id)
    ana = game.player_of(PEOPLE[0].id)
    assert ana is not None and ana.seat is not None
    url, until = await site.web.seat_link(game, ana.seat, PEOPLE[0].id)
    assert (await site.get(url))[0] == 200
    token = url.rsplit("/", 1)[1]
    signer = site.web.signer
    assert signer is not None
    found = signer.read(token)
    assert isinstance(found, SeatToken)

    async def status_of(address: str) -> int:
        status, text, headers = await site.get(address)
        if status == 403:
            assert "This link does not work" in text and headers["Cache-Control"] == "no-store"
        return status

    # Forged: another signature, another seat, another person, a public token as a seat's,
    # a token of another secret, a seat token on the public path, garbage.
    base = site.root
    forged = [
        f"{base}/s/{token[:-2]}xx",
        f"{base}/s/{token.replace(f'-{found.seat}-', f'-{1 - found.seat}-', 1)}",
        f"{base}/s/{signer.public(game_id)}",
        f"{base}/s/{Signer('another secret of enough length').seat(found)}",
        f"{base}/g/{token}",
        f"{base}/g/p{game_id}",
        f"{base}/g/{'x' * 500}",
        f"{base}/s/{signer.seat(SeatToken(game_id, 1 - ana.seat, PEOPLE[0].id, found.key, 9**9))}",
    ]
    for address in forged:
        assert await status_of(address) == 403, address
    # Expired.
    site.clock.now = until + 1
    assert await status_of(url) == 403
    site.clock.now = until - 3600
    assert await status_of(url) == 200
    # Revoked: the seat changes hands (a stand-in takes over, then gives it back).
    await service.store.set_player_flag(game_id, ana.position, "stand_in", True)
    assert await status_of(url) == 403
    await service.store.set_player_flag(game_id, ana.position, "stand_in", False)
    assert await status_of(url) == 403  # the old link stays dead after the takeback
    game = await site.game(game_id)
    fresh, _ = await site.web.seat_link(game, ana.seat, PEOPLE[0].id)
    assert await status_of(fresh) == 200
    # Left the game.
    await service.store.mark_left(game_id, ana.position)
    assert await status_of(fresh) == 403
    await service.store.mark_left(game_id, ana.position, left=False)
    assert await status_of(fresh) == 403
    game = await site.game(game_id)
    last, _ = await site.web.seat_link(game, ana.seat, PEOPLE[0].id)
    assert await status_of(last) == 200
    # The game ends: seat pages stop, the public page stays.
    await service.store.set_status(game_id, "abandoned")
    assert await status_of(last) == 403
    assert await status_of(site.web.public_link(game_id)) == 200


async def test_too_many_requests_get_429(tmp_path: Path) -> None:
    async with site_of(tmp_path, rate=8) as site:
        game_id = await start_game(site.service, "rattus", 2)
        statuses = [(await site.get(site.web.public_link(game_id)))[0] for _ in range(8)]
        assert statuses[0] == 200 and statuses[-1] == 429
        # Another client (behind this machine's reverse proxy) is not held back.
        status, _, _ = await site.get(
            site.web.public_link(game_id), headers={"X-Forwarded-For": "203.0.113.9"}
        )
        assert status == 200


async def read_event(stream: Any, timeout: float = 30.0) -> tuple[str, str]:
    """The next event of a server-sent event stream (comments skipped)."""
    kind, data = "", ""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            raise TimeoutError("no event")
        raw = await asyncio.wait_for(stream.content.readline(), left)
        line = raw.decode().rstrip("\n")
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            data = line[6:]
        elif line == "" and kind:
            return kind, data


async def test_live_updates_only_when_the_reader_sees_a_change(site: Site) -> None:
    service = site.service
    game_id = await start_game(service, "rattus", 2)
    _, text, _ = await site.get(site.web.public_link(game_id))
    events = re.findall(r'data-events="([^"]+)"', text)[0].replace("&amp;", "&")
    async with site.http.get(site.root + events) as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        await play(service, game_id, random.Random(5))
        kind, data = await read_event(stream)
        assert kind == "page"
        update = json.loads(data)
        assert update["digest"] != re.findall(r'data-digest="([^"]+)"', text)[0]
        assert "The story, newest first" in update["html"]
        # A change the page does not show (a player's own preferences) sends nothing.
        game = await site.game(game_id)
        player = game.seated()[0]
        await service.store.set_player_flag(game_id, player.position, "muted", True)
        site.web.changed(game_id)
        with pytest.raises(TimeoutError):
            await read_event(stream, timeout=1.0)
    # A stream with an old digest is sent the page at once (a reconnection after a change).
    stale = re.sub(r"d=[0-9a-f]+", "d=old", events)
    async with site.http.get(site.root + stale) as stream:
        kind, _ = await read_event(stream)
        assert kind == "page"


async def test_seat_stream_ends_when_the_seat_changes_hands(site: Site) -> None:
    service = site.service
    game_id = await start_game(service, "rattus", 2)
    game = await site.game(game_id)
    player = game.seated()[0]
    assert player.seat is not None and player.user_id is not None
    url, _ = await site.web.seat_link(game, player.seat, player.user_id)
    _, text, _ = await site.get(url)
    assert "Only you see this" in text
    events = re.findall(r'data-events="([^"]+)"', text)[0].replace("&amp;", "&")
    async with site.http.get(site.root + events) as stream:
        await service.store.set_player_flag(game_id, player.position, "stand_in", True)
        site.web.changed(game_id)
        kind, _ = await read_event(stream)
        assert kind == "gone"
