"""Running the bot: settings from the environment, and one clear line when the token is bad."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE_URL, Config, ConfigError
from discord_double import DiscordDouble

ROOT = Path(__file__).resolve().parents[2]


def test_settings_from_the_environment() -> None:
    config = Config.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "DEV_GUILD_ID": "123",
            "LOG_LEVEL": "debug",
            "DISCORD_API_BASE": "http://127.0.0.1:9",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/ws/",
            "RENDER_PROCESSES": "0",
        }
    )
    assert config.token == "abc" and config.dev_guild_id == 123
    assert config.log_level == "DEBUG" and config.database_url == DEFAULT_DATABASE_URL
    assert config.api_base == "http://127.0.0.1:9" and config.render_processes == 0


def test_shard_settings() -> None:
    assert Config.from_env({"DISCORD_TOKEN": "x"}).shards is None  # one unsharded connection
    every = Config.from_env({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4"})
    assert every.shard_count == 4 and every.shard_ids is None
    assert every.shards is not None and every.shards.ids == (0, 1, 2, 3)  # SQLite is fine
    some = Config.from_env(
        {
            "DISCORD_TOKEN": "x",
            "SHARD_COUNT": "8",
            "SHARD_IDS": " 6-7, 2 ",
            "DATABASE_URL": "postgresql://bot@db/games",
        }
    )
    assert some.shard_ids == (2, 6, 7) and some.shards is not None
    assert some.shards.owns((6 << 22) | 17) and not some.shards.owns(1 << 22)


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID must be"),
        ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be"),
        ({"DISCORD_TOKEN": "x", "RENDER_PROCESSES": "-1"}, "RENDER_PROCESSES must be"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "0"}, "SHARD_COUNT must be a positive"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "two"}, "SHARD_COUNT must be a positive"),
        ({"DISCORD_TOKEN": "x", "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "1;2"}, "SHARD_IDS must list"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "3-4"}, "from 0 to 3"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "1,1"}, "different shards"),
        (
            {"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "0,1"},
            "must share one database: set DATABASE_URL=postgresql://",
        ),
    ],
)
def test_bad_settings_say_what_to_set(env: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        Config.from_env(env)


def _run(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE"))}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
def test_missing_token_ends_with_one_line(tmp_path: Path) -> None:
    done = _run({}, tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "rattus-bot: DISCORD_TOKEN is not set: put your bot token in .env or the environment"
        " (see .env.example and the README)."
    ]
    assert "Traceback" not in done.stderr


@pytest.mark.slow
async def test_rejected_token_ends_with_one_line(tmp_path: Path) -> None:
    async with DiscordDouble(token="the-right-token") as double:
        env = {
            "DISCORD_TOKEN": "a-wrong-token",
            "DISCORD_API_BASE": double.api_base,
            "DISCORD_GATEWAY_URL": double.gateway_url,
            "DATABASE_URL": f"sqlite:///{tmp_path}/bot.db",
        }
        done = await asyncio.to_thread(_run, env, tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .startswith("rattus-bot: Discord rejected DISCORD_TOKEN")
    )


@pytest.mark.slow
async def test_a_read_only_database_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    """A database the bot cannot write is refused at start, not at the first move."""
    from bot.store import Store

    path = tmp_path / "games.db"
    store = Store(f"sqlite:///{path}")
    await store.open()
    await store.close()
    async with DiscordDouble() as double:
        env = {
            "DISCORD_TOKEN": "any-token",
            "DISCORD_API_BASE": double.api_base,
            "DISCORD_GATEWAY_URL": double.gateway_url,
            "DATABASE_URL": f"sqlite:///{path}?mode=ro",
            "RENDER_PROCESSES": "0",
        }
        done = await asyncio.to_thread(_run, env, tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("rattus-bot: the database") and "cannot be" in last


@pytest.mark.slow
def test_no_network_ends_with_one_line(tmp_path: Path) -> None:
    """Nothing listens at the API address (no network, a proxy that is down): one line."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # free once closed: connections are refused
    env = {
        "DISCORD_TOKEN": "any-token",
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/",
        "DATABASE_URL": f"sqlite:///{tmp_path}/bot.db",
    }
    done = _run(env, tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"rattus-bot: cannot reach Discord at http://127.0.0.1:{port}/api/v10")
