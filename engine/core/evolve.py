"""Fast construction and copying of the engine's frozen dataclasses (they run on every action).

- `evolve(obj, **changes)`: `dataclasses.replace`, with a plain function made once per class
  and set of changed fields;
- `replacer(cls, *fields)`: that function for a call site that always changes the same fields,
  taking their values in order (no keywords to build and no function to look up per call);
- `quick_init`: a class decorator that gives a frozen slots dataclass a faster `__init__`
  (same signature, same result) for the records built on every action.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")

_MAKERS: dict[tuple[Any, ...], Callable[[Any, dict[str, Any]], Any]] = {}


def _maker(
    cls: type[Any], changed: tuple[str, ...], positional: bool = False
) -> Callable[..., Any]:
    # dataclasses.replace walks fields() and checks each one on every call; this builds, once
    # per class and set of changed fields, a plain function that passes every field, in order,
    # to the constructor: the changed ones from `c` (or, positional, from the parameters named
    # after them), the others from `o`.
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    unknown = sorted(set(changed) - set(names))
    if unknown:
        raise TypeError(f"unknown fields {unknown}")
    if len(set(changed)) != len(changed):
        raise TypeError(f"a field given twice: {list(changed)}")
    if positional and set(changed) & {"o", "n", "cls", "twin", "new", "set_class"}:
        raise TypeError(f"fields named as the copy's own variables: {list(changed)}")
    params = ", ".join(["o", *changed]) if positional else "o, c"

    def value(n: str) -> str:
        if n not in changed:
            return f"o.{n}"
        return n if positional else f"c[{n!r}]"

    args = ", ".join(value(n) for n in names)
    scope: dict[str, Any] = {"cls": cls}
    twin = _TWINS.get(cls)
    # The source is built only from the dataclass's own field names.
    if twin is None:
        exec(f"def make({params}):\n    return cls({args})\n", scope)
    else:
        # What the quick __init__ does (see quick_init), without the call.
        scope.update(twin=twin, new=object.__new__, set_class=_SET_CLASS)
        stores = "".join(f"    n.{n} = {value(n)}\n" for n in names)
        exec(
            f"def make({params}):\n    n = new(twin)\n{stores}    set_class(n, cls)\n"
            "    return n\n",
            scope,
        )
    maker: Callable[..., Any] = scope["make"]
    return maker


def evolve(obj: T, **changes: Any) -> T:
    """Return a copy of the frozen dataclass `obj` with `changes` applied."""
    key = (type(obj), *changes)
    make = _MAKERS.get(key)
    if make is None:
        make = _MAKERS[key] = _maker(type(obj), tuple(changes))
    result: T = make(obj, changes)
    return result


def replacer(cls: type[T], *fields: str) -> Callable[..., T]:
    """A function `(obj, *values)` returning what `evolve(obj, **dict(zip(fields, values)))`
    returns, for an `obj` of class `cls` exactly: for the copies made on every action, where
    evolve's keywords and the look-up of its function cost more than the copy. Make it once
    (at import), after `cls` has its quick_init."""
    return _maker(cls, fields, positional=True)


def _plain_record(cls: type[Any]) -> bool:
    if not dataclasses.is_dataclass(cls):
        return False
    params = dataclasses.fields(cls)
    names = [f.name for f in params]
    code = cls.__init__.__code__
    return bool(
        cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        and not hasattr(cls, "__post_init__")
        and list(code.co_varnames[1 : code.co_argcount]) == names
        and not code.co_kwonlyargcount
        and all(f.default_factory is dataclasses.MISSING for f in params)
        and all(isinstance(getattr(cls, n, None), MemberDescriptorType) for n in names)
    )


def quick_init_all(namespace: Mapping[str, Any]) -> None:
    """`quick_init` every plain frozen slots dataclass defined in the module whose globals are
    `namespace` (its events, its state records); the others keep their generated `__init__`."""
    module = namespace["__name__"]
    for value in list(namespace.values()):
        if (
            isinstance(value, type)
            and value.__module__ == module
            and getattr(value.__dict__.get("__init__"), "__qualname__", "")
            == f"{value.__qualname__}.__init__"
            and _plain_record(value)
        ):
            quick_init(value)


def quick_init(cls: type[T]) -> type[T]:
    """Give the frozen slots dataclass `cls` an `__init__` that sets each slot through its
    descriptor: the generated one goes through `object.__setattr__`, about twice as slow.

    Same parameters (defaults included) and the same instance. Only for plain records: every
    field a positional-or-keyword parameter of `__init__` (no InitVar, no kw_only), no
    `default_factory` and no `__post_init__`; anything else raises TypeError.
    """
    if not _plain_record(cls):
        raise TypeError(f"quick_init: {cls.__name__} is not a plain frozen slots dataclass")
    params = dataclasses.fields(cls)  # type: ignore[arg-type]
    setters: list[Any] = [getattr(cls, f.name) for f in params]
    scope: dict[str, Any] = {"cls": cls}
    signature = ["self"]
    body = []
    for f, slot in zip(params, setters, strict=True):
        scope[f"set_{f.name}"] = slot.__set__
        body.append(f"set_{f.name}(self, {f.name})")
        if f.default is dataclasses.MISSING:
            signature.append(f.name)
        else:
            scope[f"default_{f.name}"] = f.default
            signature.append(f"{f.name}=default_{f.name}")
    names = [f.name for f in params]
    twin = _twin(cls, names)
    if twin is not None:
        _TWINS[cls] = twin
    if len(names) >= _TWIN_FIELDS and twin is not None:
        # A wide record (a game State) is also built through its twin. Only for an instance of
        # `cls` itself (a subclass may have another layout).
        scope["twin"] = _TWINS[cls]
        scope["set_class"] = _SET_CLASS
        fast = [
            "set_class(self, twin)",
            *(f"self.{n} = {n}" for n in names),
            "set_class(self, cls)",
        ]
        lines = [
            "if type(self) is cls:",
            *(f"    {x}" for x in fast),
            "else:",
            *(f"    {x}" for x in body),
        ]
    else:
        lines = body or ["pass"]
    # The source is built only from the dataclass's own field names.
    text = "".join(f"    {x}\n" for x in lines)
    exec(f"def __init__({', '.join(signature)}):\n{text}", scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def _twin(cls: type[Any], names: list[str]) -> type[Any] | None:
    """A mutable twin of the slots record `cls`: the same instance layout, so that an instance
    can be filled as a twin, by plain attribute stores (several times cheaper than a call per
    slot), and then given its own class back. None when `cls` has fields or slots the twin
    would not have: its own slots must be its fields, and its bases be field-less slots
    dataclasses (Event)."""
    if cls.__slots__ != tuple(names):
        return None
    for base in cls.__mro__[1:-1]:
        if not dataclasses.is_dataclass(base) or base.__dict__.get("__slots__") != ():
            return None
    return type(
        f"_{cls.__name__}Fields",
        cls.__bases__,
        # A frozen base's checks (dataclass __setattr__) would make every store a Python call.
        {
            "__slots__": cls.__slots__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
        },
    )


# From this many fields a record is built through its twin class (see quick_init): below, the
# two class changes cost more than they save (a copy by `evolve` always gains: it calls no
# __init__).
_TWIN_FIELDS = 5
_TWINS: dict[type[Any], type[Any]] = {}
_SET_CLASS = object.__dict__["__class__"].__set__
