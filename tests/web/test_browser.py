"""The web view in a real browser: Debian's Chromium driven by Playwright, against the real bot
playing through the local Discord double.

Skipped (and .ci/run then fails) when Chromium or Playwright is missing.
"""

from __future__ import annotations

import asyncio
import io
import shutil
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import port_for
import pytest
from PIL import Image

from bot.web import WebConfig
from discord_double.player import components
from tests.bot.harness import (
    current_turn,
    mover,
    running_bot,
    turn_control,
    two_player_game,
    use_control,
    world,
)
from tests.render.legibility import compare

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--font-render-hinting=none",
]
PHONE = {"width": 390, "height": 844}
NOW = 1_790_000_000.0

pytestmark = pytest.mark.browser

try:
    from playwright.async_api import Browser, Page, async_playwright
    from playwright.async_api import Error as PlaywrightError
except ImportError:  # pragma: no cover - the test extra installs it
    async_playwright = None


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    if async_playwright is None or not Path(CHROMIUM).exists():
        pytest.skip("needs Playwright and Debian's chromium (apt-get install chromium)")
    async with async_playwright() as playwright:
        found = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield found
        await found.close()


async def phone_page(browser: Browser) -> Page:
    context = await browser.new_context(
        viewport=PHONE, device_scale_factor=1, locale="en-US", timezone_id="UTC"
    )
    return await context.new_page()


def web_config() -> WebConfig:
    port = port_for.select_random()
    return WebConfig(base_url=f"http://127.0.0.1:{port}", port=port)


async def wait_until(page: Page, expression: str, timeout: float = 20.0) -> None:
    """Wait until `expression` is true in the page (evaluated from outside it: the page's own
    Content-Security-Policy forbids the string evaluation Playwright's waits use)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if await page.evaluate(expression):
                return
        except PlaywrightError as exc:  # the page reloading meanwhile
            if "context was destroyed" not in str(exc):
                raise
        assert time.monotonic() < deadline, f"never true: {expression}"
        await asyncio.sleep(0.05)


async def images_loaded(page: Page, selector: str) -> list[int]:
    """The natural widths of the images under `selector`, once they have loaded."""
    await wait_until(page, f"[...document.querySelectorAll({selector!r})].every(i => i.complete)")
    widths: list[int] = await page.eval_on_selector_all(
        selector, "images => images.map(i => i.naturalWidth)"
    )
    return widths


async def test_public_page_renders_and_updates_live(
    tmp_path: Path, browser: Browser, update_golden: bool
) -> None:
    async with world(tmp_path) as w, running_bot(w, web=web_config(), clock=lambda: NOW) as bot:
        await two_player_game(w)
        await bot.service.idle()
        assert bot.web is not None
        # The channel's turn message links to the page.
        turn = current_turn(w)
        assert turn is not None
        links = [c.get("url") for c in components(turn) if c.get("style") == 5]
        assert links == [bot.web.public_link(1)]
        page = await phone_page(browser)
        response = await page.goto(bot.web.public_link(1))
        assert response is not None and response.status == 200
        widths = await images_loaded(page, ".board img")
        assert len(widths) == 2 and all(width > 300 for width in widths)
        story = await page.inner_text(".story")
        assert "The plague starts in" in story
        # The time is the reader's own (UTC here), written by the page's script.
        assert "Bob's turn" in await page.inner_text(".headline") or "Alice's turn" in (
            await page.inner_text(".headline")
        )
        since = await page.inner_text(".since")
        assert since.startswith("Since ") and "UTC" not in since
        shot = await page.screenshot()
        compare("web_public_phone", Image.open(io.BytesIO(shot)).convert("RGB"), update_golden)
        # A move made through Discord reaches the open page without a reload.
        await page.evaluate("window.__same_page = true")
        digest = await page.get_attribute("#table", "data-digest")
        moved = time.monotonic()
        await use_control(w, mover(w, turn), turn, turn_control(turn))
        await wait_until(page, f"document.getElementById('table').dataset.digest !== {digest!r}")
        print(f"page updated {time.monotonic() - moved:.2f} s after the click")
        assert await page.evaluate("window.__same_page === true")
        assert "placed" in (await page.inner_text(".story")).lower() or "cube" in (
            await page.inner_text(".story")
        )
        assert all(width > 300 for width in await images_loaded(page, ".board img"))
        # An earlier board, as /game replay shows it.
        await page.click(".story li:last-child a.after")
        assert all(width > 300 for width in await images_loaded(page, ".board img"))
        # A forged link is refused with a plain page.
        forged = await page.goto(bot.web.public_link(1)[:-3] + "abc")
        assert forged is not None and forged.status == 403
        assert "This link does not work" in await page.inner_text("h1")


async def test_seat_page_shows_its_hand_and_ends_when_the_seat_changes_hands(
    tmp_path: Path, browser: Browser
) -> None:
    async with world(tmp_path) as w, running_bot(w, web=web_config(), clock=lambda: NOW) as bot:
        d = w.double
        await two_player_game(w, game="cartus")
        await bot.service.idle()
        asked = await (await d.slash(w.bob, w.channel, "cartus web")).wait_done()
        assert asked.ephemeral and asked.message is not None, asked.text
        urls = [str(c["url"]) for c in components(asked.message) if c.get("style") == 5]
        assert len(urls) == 2 and "/s/" in urls[0] and "/g/" in urls[1]
        page = await phone_page(browser)
        response = await page.goto(urls[0])
        assert response is not None and response.status == 200
        private = await page.inner_text(".private")
        assert "Only you see this" in private and "hand" in private.lower()
        game = await bot.service.store.get_game(1)
        seat = game.player_of(w.bob.id)
        assert seat is not None and seat.seat is not None
        adapter_lines = await _private_lines(bot, 1, seat.seat)
        for line in adapter_lines[:3]:
            assert line.replace("*", "") in private.replace("*", "")
        # The public page never shows it.
        public = await (await phone_page(browser)).goto(urls[1])
        assert public is not None
        assert "Only you see this" not in await public.text()
        # Bob leaves: his open page turns into the refusal by itself.
        await (await d.slash(w.bob, w.channel, "game leave")).wait_done()
        await wait_until(
            page,
            "!!document.querySelector('h1') &&"
            " document.querySelector('h1').textContent.includes('does not work')",
        )
        again = await page.goto(urls[0])
        assert again is not None and again.status == 403


async def _private_lines(bot: Any, game_id: int, seat: int) -> list[str]:
    from bot.adapter import adapter_for
    from bot.compose import names_of

    game = await bot.service.store.get_game(game_id)
    engine = bot.service.engine(game)
    view = engine.view(await bot.service.state_of(game), seat)
    lines: list[str] = adapter_for(game.game).private_lines(view, seat, names_of(game), "en")
    return lines


def plain(text: str) -> str:
    """A line as a browser shows it: no markdown marks, spaces collapsed."""
    return " ".join(text.replace("**", "").replace("`", "").replace("*", "").split())


GAMES = [
    ("rattus", {}, 3),
    ("rattus", {"expansion": "africanus"}, 4),
    ("piper", {}, 3),
    ("piper", {"variant": "hidden"}, 3),
    ("cartus", {}, 3),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "options", "count"), GAMES)
async def test_whole_games_show_each_seat_only_its_own_secrets_in_chromium(
    tmp_path: Path, browser: Browser, game: str, options: dict[str, Any], count: int
) -> None:
    """Whole games of every game, looked at in Chromium every few decisions: each seat's page
    shows that seat's secrets (its private lines that the public page does not say), and the
    public page and the other seats' pages never show them."""
    import random

    from bot.adapter import adapter_for
    from bot.compose import names_of
    from tests.web.conftest import play, site_of, start_game

    async with site_of(tmp_path) as site:
        game_id = await start_game(site.service, game, count, options)
        rnd = random.Random(f"browser {game}{options}")
        page = await phone_page(browser)
        checked = 0
        for step in range(5000):
            row = await site.game(game_id)
            if step % 15 == 0 and row.status == "active":
                engine = site.service.engine(row)
                state = await site.service.state_of(row)
                names = names_of(row)
                adapter = adapter_for(row.game)
                await page.goto(site.web.public_link(game_id))
                public = plain(await page.inner_text("body"))
                texts: dict[int, str] = {}
                own: dict[int, set[str]] = {}
                for player in row.seated():
                    assert player.seat is not None and player.user_id is not None
                    url, _ = await site.web.seat_link(row, player.seat, player.user_id)
                    await page.goto(url)
                    texts[player.seat] = plain(await page.inner_text("body"))
                    view = engine.view(state, player.seat)
                    lines = adapter.private_lines(view, player.seat, names, "en")
                    own[player.seat] = {plain(line) for line in lines}
                for seat, secrets in own.items():
                    for secret in secrets - {""}:
                        if secret in public:
                            continue
                        assert secret in texts[seat], f"seat {seat} does not see {secret!r}"
                        checked += 1
                        assert secret not in public
                        for other, text in texts.items():
                            if other != seat and secret not in own[other]:
                                assert secret not in text, f"seat {other} sees {seat}'s {secret!r}"
            if not await play(site.service, game_id, rnd):
                break
        assert (await site.game(game_id)).status == "over"
        assert checked > 0
