"""Which games a bot process looks after when the bot runs as several sharded processes.

Discord sends a server's (guild's) events to shard `(guild_id >> 22) % shard_count`. A process
that connects shards `ids` of `count` answers only those servers' interactions; it also runs
only their games' scheduled jobs, AI seats and outbox posts, so no two processes do the same
background work. Direct messages (no server) reach shard 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard that receives a server's events (shard 0 for direct messages)."""
    if guild_id is None or count <= 1:
        return 0
    return (guild_id >> 22) % count


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process connects: `ids` among `count` (all of them by default)."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("a shard count is at least 1")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be between 0 and {self.count - 1}")
        if len(set(self.ids)) != len(self.ids):
            raise ValueError("shard ids must differ")

    @classmethod
    def of(cls, count: int, ids: Iterable[int] | None = None) -> Shards:
        """The shards `ids` (sorted) of `count`; every shard when `ids` is None."""
        return cls(count, tuple(sorted(range(count) if ids is None else ids)))

    @property
    def everything(self) -> bool:
        """True when this process owns every shard (then nothing needs filtering)."""
        return len(self.ids) == self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether a server's games are this process's work."""
        return shard_of(guild_id, self.count) in self.ids


def split(ids: Iterable[int], processes: int) -> list[tuple[int, ...]]:
    """Share shard ids among `processes` as evenly as possible, in contiguous runs
    (10 shards in 3 processes: 0-3, 4-6, 7-9)."""
    ordered = sorted(ids)
    if not 1 <= processes <= len(ordered):
        raise ValueError(f"{processes} process(es) cannot share {len(ordered)} shard(s)")
    size, extra = divmod(len(ordered), processes)
    out: list[tuple[int, ...]] = []
    start = 0
    for n in range(processes):
        end = start + size + (1 if n < extra else 0)
        out.append(tuple(ordered[start:end]))
        start = end
    return out


def parse_ids(text: str) -> list[int]:
    """Shard ids written as `0,1,2`, `0-3` or a mix (`0-3,8`); ValueError when malformed."""
    out: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(part)
        if dash:
            if int(high) < int(low):
                raise ValueError(part)
            out.extend(range(int(low), int(high) + 1))
        else:
            out.append(int(low))
    if not out:
        raise ValueError(text)
    return out


def format_ids(ids: Iterable[int]) -> str:
    """Shard ids as SHARD_IDS takes them (`0,1,2`)."""
    return ",".join(str(i) for i in sorted(ids))
