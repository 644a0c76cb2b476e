"""Interaction records and the slash-command option builder of the Discord double."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

from discord_double.models import (
    JSON,
    DoubleAttachment,
    DoubleChannel,
    DoubleError,
    DoubleGuild,
    DoubleMessage,
    DoubleUser,
)

if TYPE_CHECKING:
    from discord_double.server import DiscordDouble

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Interaction callback types.
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

# Application command option types.
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11

_TYPE_NAMES = {2: "slash", 3: "component", 4: "autocomplete", 5: "modal"}

# Converts a user-facing value (DoubleUser, DoubleChannel, (filename, bytes)...) of an
# option of the given type into its snowflake string, adding it to ``resolved``.
Resolver = Callable[[int, Any, JSON], str]


@dataclass
class InteractionResponse:
    """One thing the bot did with an interaction's token, in order."""

    kind: str
    callback_type: int | None
    payload: Any
    message: DoubleMessage | None
    at: float


@dataclass(eq=False)
class InteractionRecord:
    """An interaction the double sent, and everything the bot answered to it."""

    double: DiscordDouble = field(repr=False)
    id: int
    token: str
    type: int
    user: DoubleUser
    channel: DoubleChannel
    guild: DoubleGuild | None
    data: JSON
    payload: JSON = field(repr=False)
    name: str = ""
    component_message: DoubleMessage | None = None
    responses: list[InteractionResponse] = field(default_factory=list)
    ack_type: int | None = None
    original: DoubleMessage | None = None
    followups: list[DoubleMessage] = field(default_factory=list)
    choices: list[JSON] | None = None
    modal: JSON | None = None
    created_at: float = 0.0
    acked_at: float | None = None
    done_at: float | None = None
    ack_revision: int = 0
    expired: bool = False
    issued_at: float = 0.0
    forged: bool = False

    @property
    def token_expires_at(self) -> float | None:
        """Return when the interaction token stops working, on the double's clock."""
        ttl = self.double.interaction_token_ttl
        return None if ttl is None else self.issued_at + ttl

    @property
    def token_expired(self) -> bool:
        """Whether follow-ups and edits with this token now answer 401 (50027)."""
        expires = self.token_expires_at
        return expires is not None and self.double.now() >= expires

    @property
    def acknowledged(self) -> bool:
        """Whether the bot answered the interaction callback (in any way)."""
        return self.ack_type is not None

    @property
    def done(self) -> bool:
        """Whether the user sees a final answer (a deferred answer has been filled in)."""
        kind = self.ack_type
        if kind is None:
            return False
        if kind == DEFERRED_CHANNEL_MESSAGE:
            original = self.original
            if original is not None and original.deleted:
                # A removed deferred answer is replaced by the follow-up that comes next.
                return bool(self.followups)
            return original is None or not original.loading
        if kind == DEFERRED_UPDATE_MESSAGE:
            target = self.component_message
            edited = target is not None and (
                target.deleted or len(target.revisions) > self.ack_revision
            )
            return edited or bool(self.followups)
        return True

    @property
    def deferred(self) -> bool:
        """Whether the bot first answered with a deferral (type 5 or 6)."""
        return self.ack_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    async def wait_acked(self, timeout: float | None = None) -> Self:
        """Wait until the bot acknowledged the interaction; return self."""
        await self.double.wait_for(
            lambda: self._check_expired() or self.acknowledged,
            timeout=timeout,
            what=f"{self!r} to be acknowledged",
        )
        return self

    async def wait_done(self, timeout: float | None = None) -> Self:
        """Wait until the interaction has its final visible answer; return self."""
        await self.double.wait_for(
            lambda: self._check_expired() or self.done,
            timeout=timeout,
            what=f"{self!r} to be answered",
        )
        return self

    async def wait_settled(self, timeout: float | None = None) -> bool:
        """Wait until the bot acknowledged or Discord's ack deadline passed; return if acked.

        For interactions a bot may rightly ignore (forged ones): this never raises for
        silence. It waits at most the double's ``ack_deadline`` (which must be set).
        """
        deadline = self.double.ack_deadline
        if deadline is None:
            raise DoubleError("wait_settled needs the double's ack_deadline")
        loop = asyncio.get_running_loop()

        def settled() -> bool:
            late = loop.time() - self.created_at > deadline
            return self.acknowledged or self.expired or late

        limit = deadline + self.double.default_timeout if timeout is None else timeout
        await self.double.wait_for(settled, timeout=limit, what=f"{self!r} to settle")
        return self.acknowledged

    def _check_expired(self) -> bool:
        # Fail at once instead of timing out: a late callback will never succeed, and on
        # Discord a click nobody acknowledged in time fails for its user at the deadline.
        deadline = self.double.ack_deadline
        if (
            not self.expired
            and not self.acknowledged
            and deadline is not None
            and asyncio.get_running_loop().time() - self.created_at > deadline
        ):
            self.expired = True
        if self.expired:
            raise DoubleError(
                f"{self!r}: the bot acknowledged after Discord's deadline "
                f"({self.double.ack_deadline}s), so Discord would have shown an error"
            )
        return False

    @property
    def message(self) -> DoubleMessage | None:
        """Return the main message the user saw as the answer (None for autocomplete/modal)."""
        kind = self.ack_type
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            original = self.original
            if original is not None and original.deleted and self.followups:
                # The bot removed its deferred answer and answered with a follow-up instead.
                return self.followups[0]
            return original
        if kind == UPDATE_MESSAGE:
            return self.component_message
        if kind == DEFERRED_UPDATE_MESSAGE:
            target = self.component_message
            if target is not None and len(target.revisions) > self.ack_revision:
                return target
            return self.followups[0] if self.followups else target
        return None

    @property
    def messages(self) -> list[DoubleMessage]:
        """Return the answer message followed by every follow-up, current versions."""
        primary = self.message
        result = [primary] if primary is not None else []
        result.extend(m for m in self.followups if m is not primary)
        return result

    @property
    def public(self) -> DoubleMessage | None:
        """Return the first answer message everybody in the channel sees (None while there
        is none): a public response, or a public follow-up of a private one."""
        candidates: list[DoubleMessage | None] = list(self.followups)
        if self.ack_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            candidates.insert(0, self.original)
        for message in candidates:
            if message is not None and not (
                message.deleted or message.ephemeral or message.loading
            ):
                return message
        return None

    async def wait_public(self, timeout: float | None = None) -> DoubleMessage:
        """Wait until the bot posted a public answer to the interaction; return it."""
        return await self.double.wait_for(
            lambda: None if self._check_expired() else self.public,
            timeout=timeout,
            what=f"{self!r} to be answered in public",
        )

    @property
    def content(self) -> str:
        """Return the content of the main answer message."""
        return self.message.content if self.message is not None else ""

    @property
    def text(self) -> str:
        """Return what all answer messages read (content, embeds, text displays)."""
        return "\n".join(m.text for m in self.messages if m.text)

    @property
    def embeds(self) -> list[JSON]:
        """Return the embeds of the main answer message."""
        return self.message.embeds if self.message is not None else []

    @property
    def components(self) -> list[JSON]:
        """Return the components of the main answer message."""
        return self.message.components if self.message is not None else []

    @property
    def files(self) -> list[DoubleAttachment]:
        """Return the attachments of all answer messages, in order."""
        return [a for m in self.messages for a in m.attachments]

    @property
    def ephemeral(self) -> bool:
        """Whether the main answer is visible only to the interacting user."""
        return self.message is not None and self.message.ephemeral

    @property
    def ack_latency(self) -> float | None:
        """Return seconds from dispatch to the callback (None if not acknowledged)."""
        return None if self.acked_at is None else self.acked_at - self.created_at

    @property
    def done_latency(self) -> float | None:
        """Return seconds from dispatch to the final answer (None if not done)."""
        return None if self.done_at is None else self.done_at - self.created_at

    def describe(self) -> str:
        """Return a multi-line human summary (used in timeout errors)."""
        lines = [repr(self)]
        for response in self.responses:
            shown = response.message if response.message is not None else response.payload
            lines.append(f"  {response.kind} type={response.callback_type}: {shown!r}"[:300])
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = "done" if self.done else ("acked" if self.acknowledged else "pending")
        if self.expired:
            state = "expired (acknowledged too late)"
        label = _TYPE_NAMES.get(self.type, str(self.type))
        return (
            f"<Interaction {self.id} {label} {self.name!r} by {self.user.username} "
            f"ack={self.ack_type} {state}>"
        )


def find_command(commands: list[JSON], name: str, kind: int = 1) -> JSON | None:
    """Return the registered command with this name and type, if any."""
    for command in commands:
        if command.get("name") == name and int(command.get("type", 1)) == kind:
            return command
    return None


def build_command_options(
    command: JSON,
    path: list[str],
    values: dict[str, Any],
    resolve: Resolver,
    *,
    focused: str | None = None,
    typed: str = "",
) -> tuple[list[JSON], JSON]:
    """Build the nested ``options`` and ``resolved`` of an application command interaction.

    ``path`` holds the subcommand group / subcommand names after the command name.
    With ``focused`` set this builds an autocomplete request instead: that option
    carries the partially ``typed`` text and required options may be missing.
    """
    definitions: list[JSON] = list(command.get("options") or [])
    resolved: JSON = {}
    chain: list[JSON] = []
    shown = command.get("name", "?")
    for word in path:
        match = next(
            (
                o
                for o in definitions
                if o.get("name") == word and o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if match is None:
            names = [o.get("name") for o in definitions if o.get("type") in (1, 2)]
            raise DoubleError(f"/{shown} has no subcommand {word!r}; it has {names}")
        chain.append(match)
        shown = f"{shown} {word}"
        definitions = list(match.get("options") or [])
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in definitions):
        names = [o.get("name") for o in definitions]
        raise DoubleError(f"/{shown} is a group; name one of its subcommands: {names}")

    known = {str(o.get("name")): o for o in definitions}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise DoubleError(f"/{shown} has no option(s) {unknown}; it has {sorted(known)}")
    if focused is not None:
        option = known.get(focused)
        if option is None:
            raise DoubleError(f"/{shown} has no option {focused!r}; it has {sorted(known)}")
        if not option.get("autocomplete"):
            raise DoubleError(f"option {focused!r} of /{shown} has no autocomplete")

    leaf: list[JSON] = []
    for option in definitions:
        name = option["name"]
        kind = int(option["type"])
        if name == focused:
            leaf.append({"type": kind, "name": name, "value": typed, "focused": True})
            continue
        if name not in values:
            if option.get("required") and focused is None:
                raise DoubleError(f"/{shown} needs the required option {name!r}")
            continue
        value = _convert(option, values[name], resolve, resolved, shown)
        leaf.append({"type": kind, "name": name, "value": value})

    options = leaf
    for parent in reversed(chain):
        options = [{"type": parent["type"], "name": parent["name"], "options": options}]
    return options, resolved


def _convert(option: JSON, value: Any, resolve: Resolver, resolved: JSON, shown: str) -> Any:
    kind = int(option["type"])
    name = option["name"]
    converted: Any
    if kind == STRING:
        converted = str(value)
        low, high = option.get("min_length"), option.get("max_length")
        if (low is not None and len(converted) < low) or (
            high is not None and len(converted) > high
        ):
            raise DoubleError(f"option {name!r} of /{shown}: length must be in [{low}, {high}]")
    elif kind == INTEGER:
        if isinstance(value, bool) or int(value) != value:
            raise DoubleError(f"option {name!r} of /{shown} takes an integer, not {value!r}")
        converted = int(value)
    elif kind == NUMBER:
        converted = float(value)
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise DoubleError(f"option {name!r} of /{shown} takes a bool, not {value!r}")
        converted = value
    elif kind in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
        return resolve(kind, value, resolved)
    else:
        raise DoubleError(f"option {name!r} of /{shown} has unsupported type {kind}")
    if kind in (INTEGER, NUMBER):
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and converted < low) or (high is not None and converted > high):
            raise DoubleError(f"option {name!r} of /{shown} must be in [{low}, {high}]")
    choices = option.get("choices")
    if choices and converted not in [c.get("value") for c in choices]:
        allowed = [c.get("value") for c in choices]
        raise DoubleError(f"option {name!r} of /{shown} must be one of {allowed}, not {value!r}")
    return converted


def now_monotonic() -> float:
    """Return the running loop's clock (what interaction latencies are measured with)."""
    return asyncio.get_running_loop().time()
