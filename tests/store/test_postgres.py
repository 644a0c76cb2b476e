"""What only the PostgreSQL backend has: lock timeouts, read-only servers, migrations by two
processes at once, the column types."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

import bot.store.postgres as pg
from bot.store import Store, StoreBusy, StoreError, StoreReadOnly, migrations
from discord_double import DiscordDouble
from tests.bot.test_main import _run as run_bot


async def make_read_only(conn: asyncpg.Connection, url: str) -> None:
    """New sessions of this database start read-only (as on a hot standby)."""
    name = url.rsplit("/", 1)[1]
    await conn.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')


async def test_two_processes_starting_at_once_migrate_once(postgres_url: str) -> None:
    stores = [Store(postgres_url) for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))
    try:
        conn = await asyncpg.connect(postgres_url)
        try:
            rows = await conn.fetch("SELECT version, name FROM schema_version ORDER BY version")
        finally:
            await conn.close()
        assert [(r["version"], r["name"]) for r in rows] == [
            (n, name) for n, name, _ in migrations("postgres")
        ]
    finally:
        for s in stores:
            await s.close()


async def test_the_schema_holds_discord_ids_and_json(postgres_url: str) -> None:
    store = Store(postgres_url)
    await store.open()
    await store.close()
    conn = await asyncpg.connect(postgres_url)
    try:
        types = {
            (r["table_name"], r["column_name"]): r["data_type"]
            for r in await conn.fetch(
                "SELECT table_name, column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = 'public'"
            )
        }
        index = await conn.fetchval(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'games_open_in_channel'"
        )
    finally:
        await conn.close()
    for column in ("id", "guild_id", "channel_id", "creator_id", "seed", "turn_message_id"):
        assert types["games", column] == "bigint", column
    for table, column in [("players", "user_id"), ("actions", "actor_id"), ("requests", "id")]:
        assert types[table, column] == "bigint"
    for table, column in [
        ("games", "options"),
        ("games", "settings"),
        ("actions", "events"),
        ("snapshots", "state"),
        ("outbox", "payload"),
        ("jobs", "seats"),
        ("requests", "needed"),
    ]:
        assert types[table, column] == "jsonb", (table, column)
    assert types["jobs", "due_at"] == "double precision"
    assert "UNIQUE" in index and "WHERE" in index  # one open game per channel


async def test_a_lock_held_too_long_is_store_busy_and_changes_nothing(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pg, "LOCK_TIMEOUT", 0.3)
    store = Store(postgres_url)
    await store.open()
    try:
        game_id = await store.create_game(
            guild_id=1, channel_id=2, game="rattus", options={}, settings={}, creator_id=3, seed=4
        )
        await store.add_player(game_id, user_id=3, name="ana")
        await store.start_game(game_id, {0: 0}, {})
        other = await asyncpg.connect(postgres_url)  # another process, stuck mid-transaction
        try:
            async with other.transaction():
                await other.execute("SELECT * FROM games WHERE id = $1 FOR UPDATE", game_id)
                with pytest.raises(StoreBusy, match="stayed locked"):
                    await store.append(
                        game_id,
                        expected_seq=0,
                        seat=0,
                        actor_id=3,
                        origin="player",
                        action="a",
                        events=[],
                        state={},
                        over=False,
                    )
                assert (await store.get_game(game_id)).seq == 0  # reads do not wait
        finally:
            await other.close()
        assert await store.count_actions(game_id) == 0
        kwargs = dict(seat=0, actor_id=3, origin="player", events=[], state={}, over=False)
        assert await store.append(game_id, expected_seq=0, action="a", **kwargs) == 1
    finally:
        await store.close()


async def test_a_read_only_database_is_refused_at_open(postgres_url: str) -> None:
    store = Store(postgres_url)
    await store.open()  # migrated while it could be written
    await store.close()
    conn = await asyncpg.connect(postgres_url)
    try:
        await make_read_only(conn, postgres_url)
    finally:
        await conn.close()
    again = Store(postgres_url)
    with pytest.raises(StoreReadOnly, match="cannot be written"):
        await again.open()
    await again.close()


async def test_an_empty_read_only_database_is_refused_at_open(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        await make_read_only(conn, postgres_url)
    finally:
        await conn.close()
    store = Store(postgres_url)
    with pytest.raises(StoreReadOnly):
        await store.open()


async def test_an_unreachable_server_is_one_clear_error_without_the_password() -> None:
    store = Store("postgresql://bot:s3cret@127.0.0.1:1/rattus")
    with pytest.raises(StoreError, match="cannot be reached") as err:
        await store.open()
    assert "s3cret" not in str(err.value)
    assert "postgresql://bot:***@127.0.0.1:1/rattus" in str(err.value)


async def _start_bot(database_url: str, tmp_path: Path) -> str:
    """Run `python -m bot` against the Discord double; its last line of stderr."""
    async with DiscordDouble() as double:
        env = {
            "DISCORD_TOKEN": "any-token",
            "DISCORD_API_BASE": double.api_base,
            "DISCORD_GATEWAY_URL": double.gateway_url,
            "DATABASE_URL": database_url,
            "RENDER_PROCESSES": "0",
        }
        done = await asyncio.to_thread(run_bot, env, tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("postgresql://bot:s3cret@127.0.0.1:1/rattus", "cannot be reached"),
        ("mysql://bot@127.0.0.1/rattus", "scheme 'mysql' is not supported"),
    ],
)
@pytest.mark.slow
async def test_the_bot_stops_with_one_line_when_it_cannot_use_the_database(
    url: str, words: str, tmp_path: Path
) -> None:
    last = await _start_bot(url, tmp_path)
    assert last.startswith("rattus-bot: ") and words in last and "s3cret" not in last


@pytest.mark.slow
async def test_the_bot_stops_with_one_line_on_a_read_only_postgresql(
    postgres_url: str, tmp_path: Path
) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        await make_read_only(conn, postgres_url)
    finally:
        await conn.close()
    last = await _start_bot(postgres_url, tmp_path)
    assert last.startswith("rattus-bot: the database postgresql://") and "cannot be written" in last


async def test_a_change_announced_by_one_process_is_heard_by_the_others(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process that owns a game hears when another one changed it (a click that reached
    the other process), and, after losing its listening connection, that it may have missed
    some: then it looks at everything again."""
    monkeypatch.setattr(pg, "LISTEN_CHECK", 0.2)
    owner, other = Store(postgres_url), Store(postgres_url)
    await owner.open()
    await other.open()
    heard: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    gaps: asyncio.Queue[None] = asyncio.Queue()
    try:
        await owner.listen(
            lambda game, guild: heard.put_nowait((game, guild)), lambda: gaps.put_nowait(None)
        )
        await other.announce(12, 2**62 + 5)
        assert await heard.get() == (12, 2**62 + 5)

        # The server ends the listening session: the store listens again and says so.
        conn = await asyncpg.connect(postgres_url)
        try:
            await conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = 'rattus-bot-listener'"
            )
        finally:
            await conn.close()
        await gaps.get()
        await other.announce(13, 7)
        assert await heard.get() == (13, 7)
    finally:
        await owner.close()
        await other.close()
    assert heard.empty()
