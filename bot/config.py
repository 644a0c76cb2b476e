"""Settings from the environment (and a .env file): every one is documented in .env.example."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from bot.shards import Shards, parse_ids
from bot.web.config import WebConfig

DEFAULT_DATABASE_URL = "sqlite:///rattus.sqlite3"


class ConfigError(Exception):
    """A setting is missing or malformed; the message names what to set."""


@dataclass(frozen=True, slots=True)
class Config:
    """The bot's settings."""

    token: str
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    render_threads: int = 2
    render_processes: int = 1
    ai_processes: int = 1  # worker processes the hard AI thinks in (0: a thread)
    # At most this many search iterations per hard decision (None: the level's own budget):
    # a slow machine, or tests, where hard must stay quick.
    ai_hard_iterations: int | None = None
    # Sharding: None runs one unsharded connection, as a small bot does. With a count, this
    # process connects shard_ids of shard_count (all of them when shard_ids is None).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # The web view (bot/web): None keeps it off (WEB_BASE_URL and WEB_LISTEN turn it on).
    web: WebConfig | None = None

    @property
    def shards(self) -> Shards | None:
        """The shards this process looks after (None: not sharded, everything is ours)."""
        if self.shard_count is None:
            return None
        return Shards.of(self.shard_count, self.shard_ids)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, load_dotenv: bool = True) -> Config:
        """Read the settings; raise ConfigError with one clear sentence when one is wrong."""
        if env is None:
            if load_dotenv:
                from dotenv import find_dotenv
                from dotenv import load_dotenv as _load

                # The .env of the directory the bot is started from (or a parent of it).
                _load(find_dotenv(usecwd=True), override=False)
            env = os.environ
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put your bot token in .env or the environment"
                " (see .env.example and the README)."
            )
        guild = env.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if not isinstance(logging.getLevelName(level), int):
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
        threads = env.get("RENDER_THREADS", "2").strip() or "2"
        if not threads.isdigit() or int(threads) < 1:
            raise ConfigError(f"RENDER_THREADS must be a positive number, not {threads!r}.")
        processes = env.get("RENDER_PROCESSES", "1").strip() or "1"
        if not processes.isdigit():
            raise ConfigError(f"RENDER_PROCESSES must be 0 or more, not {processes!r}.")
        thinkers = env.get("AI_PROCESSES", "1").strip() or "1"
        if not thinkers.isdigit():
            raise ConfigError(f"AI_PROCESSES must be 0 or more, not {thinkers!r}.")
        cap = env.get("AI_HARD_ITERATIONS", "").strip()
        if cap and (not cap.isdigit() or int(cap) < 1):
            raise ConfigError(f"AI_HARD_ITERATIONS must be a positive number, not {cap!r}.")
        shard_count, shard_ids = _shards(env)
        database_url = env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
        if shard_count is not None and shard_ids is not None and len(shard_ids) < shard_count:
            from bot.store.base import StoreError, backend_name

            try:
                backend = backend_name(database_url)
            except StoreError as exc:
                raise ConfigError(str(exc)) from None
            if backend != "postgres":
                raise ConfigError(
                    "SHARD_IDS leaves some shards to other bot processes, which must share one"
                    " database: set DATABASE_URL=postgresql://user:password@host/database."
                )
        web = _web(env, shard_count is not None)
        return cls(
            token=token,
            database_url=database_url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            api_base=env.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=env.get("DISCORD_GATEWAY_URL", "").strip() or None,
            render_threads=int(threads),
            render_processes=int(processes),
            ai_processes=int(thinkers),
            ai_hard_iterations=int(cap) if cap else None,
            shard_count=shard_count,
            shard_ids=shard_ids,
            web=web,
        )


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS, checked."""
    count_text = env.get("SHARD_COUNT", "").strip()
    ids_text = env.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT: set how many shards there are in all.")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a positive number, not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, None
    try:
        ids = parse_ids(ids_text)
    except ValueError:
        raise ConfigError(
            f"SHARD_IDS must list shard numbers such as 0,1 or 0-3, not {ids_text!r}."
        ) from None
    if any(i >= count for i in ids) or len(set(ids)) != len(ids):
        raise ConfigError(
            f"SHARD_IDS must name different shards from 0 to {count - 1} (SHARD_COUNT is"
            f" {count}), not {ids_text!r}."
        )
    return count, tuple(sorted(ids))


def _web(env: Mapping[str, str], sharded: bool) -> WebConfig | None:
    """The web view's settings (WEB_BASE_URL, WEB_LISTEN, WEB_SECRET, WEB_LINK_HOURS,
    WEB_RATE), checked; None when it stays off."""
    base = env.get("WEB_BASE_URL", "").strip()
    listen = env.get("WEB_LISTEN", "").strip()
    if not base and not listen:
        return None
    if not base or not listen:
        raise ConfigError(
            "The web view needs both WEB_BASE_URL (the address people open) and WEB_LISTEN"
            " (host:port the bot listens on)."
        )
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise ConfigError(f"WEB_BASE_URL must be an http(s) address, not {base!r}.")
    host, _, port = listen.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 <= int(port) < 65536:
        raise ConfigError(f"WEB_LISTEN must be host:port (127.0.0.1:8080), not {listen!r}.")
    secret = env.get("WEB_SECRET", "").strip() or None
    if secret is not None and len(secret) < 32:
        raise ConfigError("WEB_SECRET must be at least 32 characters (or unset: one is made).")
    hours = env.get("WEB_LINK_HOURS", "").strip() or "72"
    try:
        link_hours = float(hours)
    except ValueError:
        link_hours = 0.0
    if not 0 < link_hours <= 24 * 365:
        raise ConfigError(f"WEB_LINK_HOURS must be a number of hours, not {hours!r}.")
    process = env.get("WEB_PROCESS", "").strip() or "1"
    if process not in ("0", "1"):
        raise ConfigError(f"WEB_PROCESS must be 1 (a worker process) or 0, not {process!r}.")
    rate = env.get("WEB_RATE", "").strip() or "240"
    if not rate.isdigit() or int(rate) < 1:
        raise ConfigError(f"WEB_RATE must be a positive number of requests a minute, not {rate!r}.")
    return WebConfig(
        base_url=base.rstrip("/"),
        host=host,
        port=int(port),
        secret=secret,
        link_hours=link_hours,
        rate=int(rate),
        reuse_port=sharded,
        process=process == "1",
    )
