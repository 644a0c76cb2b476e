"""Injected failures: make chosen REST requests fail the way Discord (or the network) can.

A ``FaultRule`` matches requests by method and path pattern (``"POST /channels/{id}/messages"``:
``{anything}`` or ``*`` matches one path segment, a final ``**`` the rest, a literal matches
itself) and answers the next ``times`` of them (``None``: until cleared) with ``status``
(500, 502, 503, 429, ...), optionally after ``latency`` seconds, or drops the connection
without an answer. With ``processed=True`` Discord does the work first and only the answer
is lost (the message exists, the bot does not know), which is what makes retries risky.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from http import HTTPStatus

from discord_double.models import JSON
from discord_double.ratelimits import rate_limited_body, rate_limited_headers

# Route patterns for the requests a bot most often needs to see fail.
MESSAGE_CREATE = "POST /channels/{channel_id}/messages"
MESSAGE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
MESSAGE_DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
INTERACTION_CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"
FOLLOWUP = "POST /webhooks/{application_id}/{token}"
# Edits of an interaction's messages, "@original" included.
WEBHOOK_MESSAGE_EDIT = "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"
DM_OPEN = "POST /users/@me/channels"


@dataclass(eq=False)
class FaultRule:
    """Make matching requests fail; see the module docstring. ``clear()`` ends it."""

    route: str
    status: int | None = 500
    times: int | None = 1
    retry_after: float = 0.0
    via: bool = True
    global_: bool = False
    latency: float = 0.0
    drop: bool = False
    processed: bool = False
    body: JSON | None = None
    hits: int = 0
    cleared: bool = False
    method: str = field(init=False)
    segments: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        """Parse ``route`` into a method (``*`` for any) and path segments."""
        method, _, path = self.route.strip().partition(" ")
        if not path:
            method, path = "*", method
        if not path.startswith("/"):
            raise ValueError(f"fault route {self.route!r}: want 'METHOD /path/{{param}}'")
        self.method = method.upper()
        self.segments = tuple(_segments(path))
        if self.status is None and not self.drop and self.latency <= 0:
            raise ValueError("a fault needs a status, drop=True or a latency")
        if self.times is not None and self.times < 1:
            raise ValueError("times must be at least 1 (or None: until cleared)")

    @property
    def active(self) -> bool:
        """Whether the rule still applies to new requests."""
        return not self.cleared and (self.times is None or self.hits < self.times)

    @property
    def fails(self) -> bool:
        """Whether matching requests fail (rather than only being slowed down)."""
        return self.drop or self.status is not None

    def matches(self, method: str, path: str) -> bool:
        """Whether a request (path without ``/api/v10``) matches this rule."""
        if self.method not in ("*", method.upper()):
            return False
        parts = _segments(path)
        pattern = self.segments
        if pattern and pattern[-1] == "**":
            return len(parts) >= len(pattern) - 1 and _same(pattern[:-1], parts[: len(pattern) - 1])
        return len(parts) == len(pattern) and _same(pattern, parts)

    def clear(self) -> None:
        """Stop applying this rule."""
        self.cleared = True

    def describe(self) -> str:
        """Return a short label such as ``502``, ``429 no-Via``, ``drop`` or ``+0.2s``."""
        if self.drop:
            label = "drop"
        elif self.status is None:
            label = "latency"
        else:
            label = str(self.status)
            if self.status == 429:
                label += " global" if self.global_ else ""
                label += "" if self.via else " no-Via"
        if self.processed:
            label += " after processing"
        if self.latency > 0:
            label += f" +{self.latency:g}s"
        return label

    def response(self) -> tuple[int, JSON, dict[str, str]]:
        """Return the status, JSON body and headers of the failure (not for drops)."""
        assert self.status is not None
        status = self.status
        if status == 429:
            body = rate_limited_body(self.retry_after, global_=self.global_)
            headers = rate_limited_headers(self.retry_after, global_=self.global_, via=self.via)
        else:
            try:
                phrase = HTTPStatus(status).phrase
            except ValueError:
                phrase = "Error"
            body = {"message": f"{status}: {phrase}", "code": 0}
            headers = {"Via": "1.1 google"} if self.via else {}
        if self.body is not None:
            body = self.body
        return status, body, headers

    def __repr__(self) -> str:
        times = "until cleared" if self.times is None else f"{self.hits}/{self.times}"
        state = "cleared" if self.cleared else times
        return f"<FaultRule {self.route!r} {self.describe()} {state}>"


@dataclass
class InjectedFailure:
    """One request that an injected fault made fail (or slowed down)."""

    rule: FaultRule
    method: str
    path: str
    status: int | None  # None when the connection was dropped or only delayed
    dropped: bool
    processed: bool
    at: float

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> injected {self.rule.describe()}"


class FaultInjector:
    """The active fault rules of a double and what they did."""

    def __init__(self) -> None:
        """Start with no rules."""
        self.rules: list[FaultRule] = []
        self.injected: list[InjectedFailure] = []

    def add(self, rule: FaultRule) -> FaultRule:
        """Activate ``rule`` (later rules are tried after earlier ones)."""
        self.rules.append(rule)
        return rule

    def take(self, method: str, path: str) -> FaultRule | None:
        """Return the first active rule matching the request, counting the use."""
        for rule in self.rules:
            if rule.active and rule.matches(method, path):
                rule.hits += 1
                return rule
        return None

    def clear(self) -> None:
        """Deactivate every rule (records of past failures are kept)."""
        for rule in self.rules:
            rule.clear()
        self.rules.clear()

    def prune(self) -> None:
        """Forget rules that no longer apply."""
        self.rules = [r for r in self.rules if r.active]


def _segments(path: str) -> list[str]:
    return [s for s in path.split("?", 1)[0].split("/") if s]


def _same(pattern: tuple[str, ...], parts: list[str]) -> bool:
    return all(_segment_matches(p, s) for p, s in zip(pattern, parts, strict=True))


def _segment_matches(pattern: str, segment: str) -> bool:
    if pattern == "*" or (pattern.startswith("{") and pattern.endswith("}")):
        return True
    return pattern == segment
