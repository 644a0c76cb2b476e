"""A fast `dataclasses.replace` for the engine's frozen states (it runs on every action)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_MAKERS: dict[type[Any], Callable[..., Any]] = {}


def _maker(cls: type[T]) -> Callable[..., T]:
    # dataclasses.replace walks fields() and checks each one on every call; this builds, once
    # per class, a plain function that passes every field to the constructor.
    names = [f.name for f in dataclasses.fields(cls) if f.init]  # type: ignore[arg-type]
    args = ", ".join(f"{n}=c.pop({n!r}, o.{n})" for n in names)
    source = (
        "def make(o, c):\n"
        f"    new = cls({args})\n"
        "    if c:\n"
        "        raise TypeError(f'unknown fields {sorted(c)}')\n"
        "    return new\n"
    )
    scope: dict[str, Any] = {"cls": cls}
    # The source is built only from the dataclass's own field names.
    exec(source, scope)
    maker: Callable[..., T] = scope["make"]
    return maker


def evolve(obj: T, **changes: Any) -> T:
    """Return a copy of the frozen dataclass `obj` with `changes` applied."""
    cls = type(obj)
    make = _MAKERS.get(cls)
    if make is None:
        make = _MAKERS[cls] = _maker(cls)
    result: T = make(obj, changes)
    return result
