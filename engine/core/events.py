"""Events: past-tense records of what happened, each with who may see it."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any, ClassVar

Seat = int


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. `visible_to` None means public; otherwise only those seats see it."""

    kind: ClassVar[str] = "event"
    # True for events that show anyone something hidden until then (a token turned face up, a
    # private look, a card drawn): undo never crosses such an event.
    reveals: ClassVar[bool] = False

    @property
    def visible_to(self) -> frozenset[Seat] | None:
        """Seats allowed to see this event; None for everyone."""
        return None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: {"type": kind, **fields}."""
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        visible = self.visible_to
        if visible is not None:
            out["visible_to"] = sorted(visible)
        return out

    def visible_for(self, seat: Seat | None) -> bool:
        """True when `seat` (None = the public) may see this event."""
        visible = self.visible_to
        return visible is None or (seat is not None and seat in visible)

    @property
    def shows_hidden(self) -> bool:
        """True when this event showed someone hidden information (it is revealing, or private)."""
        return self.reveals or self.visible_to is not None


def to_plain(value: Any) -> Any:
    """Turn enums, tuples, frozensets and dataclasses into JSON-ready values."""
    return _plain(value)
