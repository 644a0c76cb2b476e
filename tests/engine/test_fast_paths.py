"""The engine's fast paths give what the plain code gives: wide records (game states) built by
quick_init and evolve through a twin class are the same records, of the right class, still
frozen, subclasses keeping their own class; Rng draws hash f"{seed}:{counter}" as before."""

from __future__ import annotations

import dataclasses
import hashlib
import pickle
from dataclasses import dataclass

import pytest

from engine.core.evolve import evolve, quick_init
from engine.core.rng import Rng


@dataclass(frozen=True, slots=True)
class WidePlain:
    a: int
    b: tuple[int, ...]
    c: str
    d: int | None
    e: frozenset[int]
    f: int = 6
    g: str = "g"


@quick_init
@dataclass(frozen=True, slots=True)
class Wide:
    a: int
    b: tuple[int, ...]
    c: str
    d: int | None
    e: frozenset[int]
    f: int = 6
    g: str = "g"


class WideChild(Wide):
    __slots__ = ("extra",)


def test_wide_records_are_the_same_records() -> None:
    """Positional, keyword and default arguments; equality, hash, repr, pickling, frozen."""
    args = (1, (2,), "c", None, frozenset({3}))
    plain, quick = WidePlain(*args), Wide(*args)
    assert type(quick) is Wide
    assert dataclasses.astuple(plain) == dataclasses.astuple(quick)
    assert quick == Wide(a=1, b=(2,), c="c", d=None, e=frozenset({3}), f=6, g="g")
    assert hash(quick) == hash(Wide(*args))
    assert repr(quick) == repr(plain).replace("WidePlain", "Wide")
    assert pickle.loads(pickle.dumps(quick)) == quick
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Wide(1, (), "c", None)  # type: ignore[call-arg]


def test_evolve_of_a_wide_record() -> None:
    """evolve gives a new record of the same class with the changes, the original unchanged."""
    quick = Wide(1, (2,), "c", None, frozenset())
    changed = evolve(quick, a=5, g="h")
    assert type(changed) is Wide and changed == Wide(5, (2,), "c", None, frozenset(), 6, "h")
    assert quick == Wide(1, (2,), "c", None, frozenset())
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.b = ()  # type: ignore[misc]


def test_a_subclass_keeps_its_class() -> None:
    """A subclass with another layout is built field by field, as its own class."""
    child = WideChild(1, (2,), "c", None, frozenset())
    assert type(child) is WideChild
    assert child.a == 1 and child.g == "g"
    assert type(evolve(child, a=2)) is WideChild


def _reference_below(seed: int, counter: int, n: int) -> tuple[int, int]:
    span = 1 << 64
    limit = span - span % n
    while True:
        text = f"{seed}:{counter}".encode()
        digest = hashlib.blake2b(text, digest_size=8, person=b"rattus-rng").digest()
        raw = int.from_bytes(digest, "big")
        counter += 1
        if raw < limit:
            return raw % n, counter


def test_rng_draws_hash_the_same_text() -> None:
    """Plain, negative and huge seeds (and a bool, which f-strings write as "True") draw what
    blake2b of f"{seed}:{counter}" gives."""
    for seed in (0, 1, 12345, -7, 2**80 + 3):
        for counter in (0, 5, 999):
            for n in (1, 2, 6, 97, 2**63 + 1):
                value, rng = Rng(seed, counter).below(n)
                assert (value, rng.counter) == _reference_below(seed, counter, n)
    value, rng = Rng(True, 2).below(10)  # a bool seed keeps its old text
    assert (value, rng.counter) == _reference_below(True, 2, 10)
