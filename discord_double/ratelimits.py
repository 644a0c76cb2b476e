"""Discord's REST rate limits, enforced by the double: per-route buckets and the global limit.

Discord counts requests in buckets: a bucket is named by the ``X-RateLimit-Bucket`` hash
of a route (some routes share one) and counted separately for each top-level resource in
the path (the channel, guild, or webhook id and token), the "major parameters". Routes
with no bucket answer without rate-limit headers and only count towards the global limit
of 50 requests per second per bot token. Interaction callbacks and interaction webhooks
(follow-ups, ``@original`` edits) are exempt from the global limit; the webhooks have
their own per-token buckets.

Discord does not publish its per-route numbers ("they are subject to change, parse the
headers"). ``DEFAULT_BUCKETS`` holds the ones libraries have long observed; the DM-open
bucket is an assumption. Every window is multiplied by the limiter's ``scale`` so tests
can run a 5 s window in 100 ms while the client, which follows the headers, behaves the
same.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from discord_double.models import JSON

# Path parameters that key a bucket, as Discord's top-level resources do (our route
# templates call a webhook's id and token application_id and token).
MAJOR_PARAMETERS = ("channel_id", "guild_id", "application_id", "token")
GLOBAL_LIMIT = 50
GLOBAL_WINDOW = 1.0
# Discord's answers all pass through its Google front end; discord.py treats a 429
# without this header as a Cloudflare ban.
VIA = "1.1 google"
_PRUNE_AT = 4096


@dataclass(frozen=True)
class BucketRule:
    """A per-route limit: ``limit`` requests per ``window`` seconds for each major resource."""

    name: str
    routes: tuple[str, ...]
    limit: int
    window: float

    @property
    def hash(self) -> str:
        """Return the opaque ``X-RateLimit-Bucket`` value (stable for the name)."""
        return hashlib.md5(self.name.encode(), usedforsecurity=False).hexdigest()


_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
_REACTIONS = f"{_MESSAGE}/reactions"
_WEBHOOK = "/webhooks/{application_id}/{token}"

DEFAULT_BUCKETS: tuple[BucketRule, ...] = (
    BucketRule("message-create", ("POST /channels/{channel_id}/messages",), 5, 5.0),
    BucketRule("message-edit", (f"PATCH {_MESSAGE}",), 5, 5.0),
    BucketRule("message-delete", (f"DELETE {_MESSAGE}",), 3, 1.0),
    # Adding and removing reactions share one bucket on Discord.
    BucketRule(
        "reactions",
        (
            f"PUT {_REACTIONS}/{{emoji}}/@me",
            f"DELETE {_REACTIONS}/{{emoji}}/{{user_id}}",
            f"DELETE {_REACTIONS}",
        ),
        1,
        0.25,
    ),
    # Assumed: Discord does not say, and libraries report no fixed number.
    BucketRule("dm-open", ("POST /users/@me/channels",), 5, 5.0),
    # Interaction webhooks: per interaction token (follow-ups; edits of their messages).
    BucketRule("webhook-execute", (f"POST {_WEBHOOK}",), 5, 2.0),
    BucketRule(
        "webhook-message",
        (f"PATCH {_WEBHOOK}/messages/{{message_id}}", f"DELETE {_WEBHOOK}/messages/{{message_id}}"),
        5,
        2.0,
    ),
)


@dataclass
class RateLimitHit:
    """One 429 the double's rate limiter answered."""

    method: str
    path: str
    scope: str  # "user" (a route bucket) or "global"
    bucket: str | None
    retry_after: float
    at: float

    def __str__(self) -> str:
        where = f"bucket {self.bucket}" if self.bucket else "global limit"
        return f"{self.method} {self.path} -> 429 ({where}, retry after {self.retry_after:.3f}s)"


@dataclass
class RateDecision:
    """What the limiter says about one request: headers to add, and a 429 if limited."""

    headers: dict[str, str] = field(default_factory=dict)
    hit: RateLimitHit | None = None
    bucket: str | None = None

    def body(self) -> JSON:
        """Return Discord's 429 body (only meaningful when ``hit`` is set)."""
        assert self.hit is not None
        return rate_limited_body(self.hit.retry_after, global_=self.hit.scope == "global")


@dataclass
class _Window:
    count: int = 0
    reset_at: float = 0.0


def round_up(seconds: float) -> float:
    """Round a wait up to the millisecond, as Discord's headers show it (never early)."""
    # Rounding to the microsecond first drops float noise (0.1000000001 stays 0.100).
    return math.ceil(round(max(seconds, 0.0) * 1000, 3)) / 1000


def rate_limited_body(retry_after: float, *, global_: bool) -> JSON:
    """Return the body Discord sends with a 429."""
    return {
        "message": "You are being rate limited.",
        "retry_after": round_up(retry_after),
        "global": global_,
    }


def rate_limited_headers(retry_after: float, *, global_: bool, via: bool = True) -> dict[str, str]:
    """Return the headers of a 429 beyond the bucket's own (scope, Retry-After, Via)."""
    headers = {
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": "global" if global_ else "user",
    }
    if global_:
        headers["X-RateLimit-Global"] = "true"
    if via:
        headers["Via"] = VIA
    return headers


class RateLimiter:
    """Counts requests in Discord's buckets and answers 429 like Discord when over a limit.

    ``enabled``: when False nothing is counted and no rate-limit header is sent.
    ``clock``: the monotonic clock windows are measured on (tests may substitute one).
    ``scale``: every window (and so every reset and retry_after) is multiplied by it.
    """

    def __init__(
        self,
        *,
        enabled: bool,
        scale: float = 1.0,
        buckets: Iterable[BucketRule] = DEFAULT_BUCKETS,
        global_limit: int = GLOBAL_LIMIT,
        global_window: float = GLOBAL_WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Create a limiter; windows are measured on ``clock`` (a monotonic clock)."""
        if scale <= 0:
            raise ValueError("rate limit scale must be positive")
        self.enabled = enabled
        self.scale = scale
        self.global_limit = global_limit
        self.global_window = global_window
        self.clock = clock
        self.hits: list[RateLimitHit] = []
        self.buckets: tuple[BucketRule, ...] = ()
        self._by_route: dict[str, BucketRule] = {}
        self._windows: dict[tuple[str, tuple[str, ...]], _Window] = {}
        self._global = _Window()
        self.set_buckets(buckets)

    def set_buckets(self, buckets: Iterable[BucketRule]) -> None:
        """Replace the per-route bucket table (and forget all counts)."""
        self.buckets = tuple(buckets)
        self._by_route = {route: rule for rule in self.buckets for route in rule.routes}
        self.reset()

    def bucket_for(self, method: str, route: str | None) -> BucketRule | None:
        """Return the bucket of a route template (``None`` if it has none)."""
        if route is None:
            return None
        return self._by_route.get(f"{method} {route}")

    def reset(self) -> None:
        """Forget every count (windows start afresh); recorded hits are kept."""
        self._windows.clear()
        self._global = _Window()

    def check(
        self,
        method: str,
        path: str,
        route: str | None,
        params: Mapping[str, str],
        *,
        exempt_from_global: bool,
    ) -> RateDecision:
        """Count one request; return its headers and, if over a limit, the 429 to answer."""
        decision = RateDecision()
        if not self.enabled:
            return decision
        now = self.clock()
        if not exempt_from_global:
            allowed, wait = _take(
                self._global, self.global_limit, self.global_window * self.scale, now
            )
            if not allowed:
                decision.hit = self._hit(method, path, "global", None, wait, now)
                decision.headers.update(rate_limited_headers(wait, global_=True))
                return decision
        rule = self.bucket_for(method, route)
        if rule is None:
            return decision
        decision.bucket = rule.name
        key = (rule.name, tuple(params[p] for p in MAJOR_PARAMETERS if p in params))
        if key not in self._windows and len(self._windows) >= _PRUNE_AT:
            # Every interaction token opens buckets; forget the windows that are over.
            self._windows = {k: w for k, w in self._windows.items() if w.reset_at > now}
        window = self._windows.setdefault(key, _Window())
        allowed, wait = _take(window, rule.limit, rule.window * self.scale, now)
        decision.headers.update(
            {
                "X-RateLimit-Limit": str(rule.limit),
                "X-RateLimit-Remaining": str(rule.limit - window.count),
                "X-RateLimit-Reset": f"{time.time() + round_up(wait):.3f}",
                "X-RateLimit-Reset-After": f"{round_up(wait):.3f}",
                "X-RateLimit-Bucket": rule.hash,
            }
        )
        if not allowed:
            decision.hit = self._hit(method, path, "user", rule.name, wait, now)
            decision.headers.update(rate_limited_headers(wait, global_=False))
        return decision

    def _hit(
        self, method: str, path: str, scope: str, bucket: str | None, wait: float, now: float
    ) -> RateLimitHit:
        hit = RateLimitHit(method, path, scope, bucket, round_up(wait), now)
        self.hits.append(hit)
        return hit


def _take(window: _Window, limit: int, length: float, now: float) -> tuple[bool, float]:
    """Take one request from a fixed window that opens at its first request."""
    if now >= window.reset_at:
        window.count = 0
        window.reset_at = now + length
    if window.count >= limit:
        return False, window.reset_at - now
    window.count += 1
    return True, window.reset_at - now
