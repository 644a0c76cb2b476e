"""A counter-based random number generator that replays identically everywhere."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.core.evolve import quick_init

T = TypeVar("T")

_SPAN = 1 << 64
_blake2b = hashlib.blake2b
_from_bytes = int.from_bytes
_PERSON = b"rattus-rng"
# The hasher with its parameters set and nothing hashed yet: a copy of it, fed the text, hashes
# the same as a new blake2b(text, digest_size=8, person=_PERSON), for about half the cost of
# parsing the parameters again. Never updated itself.
_FRESH = _blake2b(digest_size=8, person=_PERSON)
_fresh = _FRESH.copy


def _raw(seed: int, counter: int) -> int:
    # The hashed text is f"{seed}:{counter}"; "%d" writes a plain int the same way, faster.
    text = (
        b"%d:%d" % (seed, counter)
        if type(seed) is int and type(counter) is int
        else (f"{seed}:{counter}".encode())
    )
    h = _fresh()
    h.update(text)
    return _from_bytes(h.digest(), "big")


@quick_init
@dataclass(frozen=True, slots=True)
class Rng:
    """Draw number `counter` of the stream `seed`: blake2b(seed, counter), never Python's random.

    The value only depends on the two integers, so a stored game replays the same on any
    machine and any Python version.
    """

    seed: int
    counter: int = 0

    def _raw(self, counter: int) -> int:
        return _raw(self.seed, counter)

    def below(self, n: int) -> tuple[int, Rng]:
        """Return a uniform integer in [0, n) and the generator to use next (n <= 2^64: a
        draw is 64 bits; above, no draw could ever be accepted)."""
        if n <= 0 or n > _SPAN:
            raise ValueError(f"Rng.below needs 1 <= n <= 2^64, not {n}")
        # Rejection sampling keeps every value exactly equally likely.
        limit = _SPAN - _SPAN % n
        seed = self.seed
        counter = self.counter
        if type(seed) is not int or type(counter) is not int:
            while True:
                raw = _raw(seed, counter)
                counter += 1
                if raw < limit:
                    return raw % n, Rng(seed, counter)
        while True:
            # _raw, inlined (a draw or more on most actions)
            h = _fresh()
            h.update(b"%d:%d" % (seed, counter))
            raw = _from_bytes(h.digest(), "big")
            counter += 1
            if raw < limit:
                return raw % n, Rng(seed, counter)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Return a Fisher-Yates shuffle of `items` and the generator to use next."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """Return one element of `items` and the generator to use next."""
        i, rng = self.below(len(items))
        return items[i], rng
