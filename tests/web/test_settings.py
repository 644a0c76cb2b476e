"""The web view's settings, and `/<game> web` where the view is off."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Config, ConfigError
from bot.web.tokens import PublicToken, SeatToken, Signer
from tests.bot.harness import running_bot, two_player_game, world

BASE = {"DISCORD_TOKEN": "t"}


def test_off_unless_both_are_set() -> None:
    assert Config.from_env(BASE, load_dotenv=False).web is None
    found = Config.from_env(
        {**BASE, "WEB_BASE_URL": "https://games.example.org/rattus/", "WEB_LISTEN": "0.0.0.0:8080"},
        load_dotenv=False,
    ).web
    assert found is not None
    assert (found.host, found.port, found.prefix) == ("0.0.0.0", 8080, "/rattus")
    assert found.public_url("p1.x") == "https://games.example.org/rattus/g/p1.x"
    assert not found.reuse_port
    assert found.process  # a worker process of the bot serves the pages by default
    inline = Config.from_env(
        {**BASE, "WEB_BASE_URL": "http://h", "WEB_LISTEN": "h:1", "WEB_PROCESS": "0"},
        load_dotenv=False,
    ).web
    assert inline is not None and not inline.process
    sharded = Config.from_env(
        {**BASE, "WEB_BASE_URL": "http://h", "WEB_LISTEN": "[::1]:80", "SHARD_COUNT": "2"},
        load_dotenv=False,
    ).web
    assert sharded is not None and sharded.host == "::1" and sharded.reuse_port


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"WEB_BASE_URL": "http://h"}, "both"),
        ({"WEB_LISTEN": "127.0.0.1:80"}, "both"),
        ({"WEB_BASE_URL": "ftp://h", "WEB_LISTEN": "127.0.0.1:80"}, "http(s)"),
        ({"WEB_BASE_URL": "http://h", "WEB_LISTEN": "8080"}, "host:port"),
        ({"WEB_BASE_URL": "http://h", "WEB_LISTEN": "h:99999"}, "host:port"),
        ({"WEB_BASE_URL": "http://h", "WEB_LISTEN": "h:1", "WEB_SECRET": "short"}, "32"),
        ({"WEB_BASE_URL": "http://h", "WEB_LISTEN": "h:1", "WEB_LINK_HOURS": "x"}, "hours"),
        ({"WEB_BASE_URL": "http://h", "WEB_LISTEN": "h:1", "WEB_RATE": "0"}, "WEB_RATE"),
        ({"WEB_BASE_URL": "http://h", "WEB_LISTEN": "h:1", "WEB_PROCESS": "yes"}, "WEB_PROCESS"),
    ],
)
def test_bad_settings_are_named(env: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError) as found:
        Config.from_env({**BASE, **env}, load_dotenv=False)
    assert says in str(found.value)


def test_tokens_round_trip_and_refuse_changes() -> None:
    signer = Signer("a secret of at least sixteen")
    public = signer.public(12)
    assert signer.read(public) == PublicToken(12)
    seat = SeatToken(12, 3, 4242, "abcdefgh1234", 1_800_000_000)
    text = signer.seat(seat)
    assert signer.read(text) == seat
    assert signer.read(text.replace("-3-", "-2-")) is None
    assert signer.read(public.replace("p12", "p13")) is None
    assert signer.read(Signer("another secret of sixteen").public(12)) is None
    for junk in ("", ".", "p12", "p12.", "a.b.c", "x" * 300, "p12.\u00e9"):
        assert signer.read(junk) is None
    with pytest.raises(ValueError):
        Signer("short")


async def test_web_command_when_the_view_is_off(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        await two_player_game(w)
        await bot.service.idle()
        answer = await (await w.double.slash(w.alice, w.channel, "rattus web")).wait_done()
        assert answer.ephemeral and "WEB_BASE_URL" in answer.text
        assert not w.double.unknown_requests
