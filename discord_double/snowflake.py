"""Discord snowflake ids and timestamps as the double hands them out."""

from __future__ import annotations

import time
from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeGenerator:
    """Hands out realistic, strictly increasing Discord snowflakes."""

    def __init__(self, *, worker: int = 1, process: int = 0) -> None:
        """Create a generator for one (worker, process) pair."""
        self._worker = worker & 0x1F
        self._process = process & 0x1F
        self._increment = 0
        self._last = 0

    def next(self) -> int:
        """Return the next snowflake; later calls always return larger ids."""
        millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (
            (millis << 22)
            | (self._worker << 17)
            | (self._process << 12)
            | (self._increment & 0xFFF)
        )
        self._increment += 1
        # Many ids are minted within one millisecond; bumping keeps them unique and ordered.
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """Return the next snowflake whose shard, ``(id >> 22) % shard_count``, is ``shard_id``.

        The timestamp part is moved forward by less than ``shard_count`` milliseconds;
        ids handed out afterwards are still larger.
        """
        if shard_count < 1 or not 0 <= shard_id < shard_count:
            raise ValueError(f"no shard {shard_id} among {shard_count}")
        base = self.next()
        millis = base >> 22
        millis += (shard_id - millis) % shard_count
        candidate = (millis << 22) | (base & ((1 << 22) - 1))
        candidate = max(candidate, base)
        self._last = max(self._last, candidate)
        return candidate


def snowflake_time(snowflake: int) -> datetime:
    """Return the creation time encoded in a snowflake."""
    return datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, tz=UTC)


def now() -> datetime:
    """Return the current UTC time."""
    return datetime.now(tz=UTC)


def iso(moment: datetime | None) -> str | None:
    """Format a time the way Discord does (ISO 8601 with microseconds and offset)."""
    if moment is None:
        return None
    return moment.isoformat(timespec="microseconds")
