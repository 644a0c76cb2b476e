"""quick_init's twin classes: records built or copied through a mutable twin (every plain record
for evolve; from 5 fields for __init__), including records of a field-less base such as Event."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

import pytest

from engine.core.events import Event
from engine.core.evolve import _TWINS, evolve, quick_init

T = TypeVar("T")


@quick_init
@dataclass(frozen=True, slots=True)
class Wide(Event):
    a: int
    b: str
    c: tuple[int, ...]
    d: bool
    e: int | None = None
    kind: ClassVar[str] = "wide"


@quick_init
@dataclass(frozen=True, slots=True)
class Small:
    a: int
    b: int = 2


@dataclass(frozen=True, slots=True)
class WithField:
    a: int


@quick_init
@dataclass(frozen=True, slots=True)
class Child(WithField):
    b: int = 2


@quick_init
@dataclass(frozen=True, slots=True)
class Boxed(Generic[T]):
    value: T
    more: int


def test_a_record_of_an_event_base_has_a_twin_and_stays_frozen() -> None:
    assert Wide in _TWINS and Small in _TWINS
    w = Wide(1, "b", (3,), True)
    assert type(w) is Wide
    assert dataclasses.astuple(w) == (1, "b", (3,), True, None)
    assert w == Wide(a=1, b="b", c=(3,), d=True, e=None)
    assert hash(w) == hash(Wide(1, "b", (3,), True))
    assert w.to_dict() == {"type": "wide", "a": 1, "b": "b", "c": [3], "d": True, "e": None}
    with pytest.raises(dataclasses.FrozenInstanceError):
        w.a = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del w.a
    assert pickle.loads(pickle.dumps(w)) == w


def test_evolve_through_a_twin_gives_what_replace_gives() -> None:
    w = Wide(1, "b", (3,), True, 5)
    for changes in ({"a": 7}, {"e": None, "b": "x"}, {}):
        new = evolve(w, **changes)
        assert type(new) is Wide and new == dataclasses.replace(w, **changes)
    s = evolve(Small(1), b=4)
    assert type(s) is Small and s == Small(1, 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.a = 0  # type: ignore[misc]


def test_no_twin_where_the_layout_could_differ() -> None:
    """A base with fields of its own, or a non-dataclass base (Generic), keeps the slot calls."""
    assert Child not in _TWINS and Boxed not in _TWINS
    assert Child(1) == Child(1, 2) and Boxed(1, 2).value == 1
    assert evolve(Child(1), b=3) == Child(1, 3)
