"""evolve, replacer and quick_init: the same records as dataclasses.replace and the generated
__init__."""

from __future__ import annotations

import dataclasses
from dataclasses import InitVar, dataclass, field
from typing import ClassVar

import pytest

from engine.core.evolve import evolve, quick_init, replacer


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: tuple[int, ...]
    c: str = "c"
    d: int | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class Quick:
    a: int
    b: tuple[int, ...]
    c: str = "c"
    d: int | None = None
    kind: ClassVar[str] = "quick"


@dataclass(frozen=True, slots=True)
class Base:
    a: int


@quick_init
@dataclass(frozen=True, slots=True)
class Child(Base):
    b: int = 2


def test_quick_init_builds_the_same_record() -> None:
    """Positional, keyword and default arguments give what the dataclass's own __init__ gives."""
    for args, kwargs in (((1, (2,)), {}), ((1,), {"b": (), "d": 4}), ((), {"a": 0, "b": (1,)})):
        plain, quick = Plain(*args, **kwargs), Quick(*args, **kwargs)  # type: ignore[arg-type]
        assert dataclasses.astuple(plain) == dataclasses.astuple(quick)
    assert Quick(1, (2,)) == Quick(a=1, b=(2,), c="c", d=None)
    assert hash(Quick(1, (2,))) == hash(Quick(1, (2,)))
    assert Child(1) == Child(a=1, b=2) and Child(1, 3).b == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        Quick(1, ()).a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Quick(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick(1, (), e=3)  # type: ignore[call-arg]


def test_quick_init_refuses_what_is_not_a_plain_record() -> None:
    """A __post_init__, a default_factory, an InitVar or a mutable class keep their __init__."""

    @dataclass(frozen=True, slots=True)
    class Post:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = field(default_factory=list)

    @dataclass(frozen=True)
    class Init:
        a: int
        b: InitVar[int]

    @dataclass(slots=True)
    class Mutable:
        a: int

    @dataclass(frozen=True)
    class NoSlots:
        a: int

    for cls in (Post, Factory, Init, Mutable, NoSlots):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_evolve_matches_replace() -> None:
    """Any set of changed fields, in any order; an unknown field raises TypeError."""
    for cls in (Plain, Quick):
        obj = cls(1, (2, 3), "x", 4)
        for changes in ({}, {"a": 5}, {"d": None, "b": ()}, {"b": (), "d": None}, {"c": "y"}):
            assert evolve(obj, **changes) == dataclasses.replace(obj, **changes)
        with pytest.raises(TypeError):
            evolve(obj, e=1)
    assert evolve(Child(1), b=5) == Child(1, 5)


def test_replacer_matches_evolve() -> None:
    """A replacer of some fields, given their values in order, copies as evolve does, on a
    plain dataclass and a quick one; unknown fields, a field named twice and a field named
    like the copy's own variables are refused when it is made."""
    for cls in (Plain, Quick):
        obj = cls(1, (2, 3), "x", 4)
        new = {"a": 9, "b": (7,), "c": "z", "d": None}
        for fields in ((), ("a",), ("d", "b"), ("b", "d"), ("c", "a", "d", "b")):
            values = [new[f] for f in fields]
            copy = replacer(cls, *fields)(obj, *values)
            assert type(copy) is cls
            assert copy == evolve(obj, **dict(zip(fields, values, strict=True)))
        with pytest.raises(TypeError):
            replacer(cls, "e")
        with pytest.raises(TypeError):
            replacer(cls, "a", "a")

    @dataclass(frozen=True, slots=True)
    class Clash:
        o: int
        n: int = 0

    with pytest.raises(TypeError):
        replacer(Clash, "o")
    assert replacer(Child, "b")(Child(1), 5) == Child(1, 5)
