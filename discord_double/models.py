"""Records kept by the Discord double: users, guilds, channels, messages, requests."""

from __future__ import annotations

import mimetypes
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from discord_double.snowflake import iso, now

JSON = dict[str, Any]

# Discord permission bits the double needs to reason about.
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = 8866461766385663
# What a fresh server grants @everyone (view, send, embed, attach, react, history, app commands...).
DEFAULT_EVERYONE_PERMISSIONS = 1760286008004161
# The bot's own role: the defaults plus managing messages and threads.
DEFAULT_BOT_PERMISSIONS = 1760303187881537

CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36

# Message flags the double interprets.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Component types the double reads (Components V2 adds sections, text displays, thumbnails,
# media galleries, files, separators and containers around buttons and selects).
BUTTON = 2
INTERACTIVE_TYPES = frozenset({BUTTON, 3, 5, 6, 7, 8})
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
CONTAINER = 17
ATTACHMENT_URL = "attachment://"

# Channel types.
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({10, PUBLIC_THREAD, PRIVATE_THREAD})
TEXT_LIKE_TYPES = frozenset({GUILD_TEXT, DM, 5, *THREAD_TYPES})

_MENTION = re.compile(r"<@!?(\d+)>")


class DoubleError(Exception):
    """A test drove the double in a way real Discord (or its client) would not allow."""


class DoubleTimeoutError(AssertionError):
    """A wait on the double timed out; the message lists what was recorded."""


class DiscordHTTPError(Exception):
    """An error answer in Discord's JSON error format."""

    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        """Build the error with HTTP status, Discord error code and message."""
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> JSON:
        """Return the JSON body Discord would send."""
        body: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


@dataclass(eq=False)
class DoubleUser:
    """A Discord user (a player, a guild owner or the bot itself)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    dms_open: bool = True

    @property
    def mention(self) -> str:
        """Return the ``<@id>`` mention string."""
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        """Return the global name, or the username if there is none."""
        return self.global_name or self.username

    def payload(self) -> JSON:
        """Return the user object Discord sends."""
        data: JSON = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
            "avatar_decoration_data": None,
            "primary_guild": None,
            "collectibles": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<DoubleUser {self.username} id={self.id}>"


@dataclass(eq=False)
class DoubleRole:
    """A guild role; the role whose id equals the guild id is @everyone."""

    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    color: int = 0

    @property
    def mention(self) -> str:
        """Return the ``<@&id>`` mention string."""
        return f"<@&{self.id}>"

    def payload(self) -> JSON:
        """Return the role object Discord sends."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class DoubleMember:
    """A user's membership in one guild."""

    user: DoubleUser
    guild_id: int
    nick: str | None = None
    role_ids: list[int] = field(default_factory=list)
    joined_at: datetime = field(default_factory=now)

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> JSON:
        """Return the guild member object Discord sends."""
        data: JSON = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class DoubleGuild:
    """A guild (server) with its roles, members and channel ids."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: dict[int, DoubleRole] = field(default_factory=dict)
    members: dict[int, DoubleMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    joined_at: datetime = field(default_factory=now)

    @property
    def everyone(self) -> DoubleRole:
        """Return the @everyone role."""
        return self.roles[self.id]

    def permissions_of(self, user_id: int) -> int:
        """Return a member's guild-wide permissions (owner and administrators get all)."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        perms = self.everyone.permissions
        if member is not None:
            for role_id in member.role_ids:
                role = self.roles.get(role_id)
                if role is not None:
                    perms |= role.permissions
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def __repr__(self) -> str:
        return f"<DoubleGuild {self.name!r} id={self.id}>"


@dataclass(eq=False)
class DoubleChannel:
    """A text channel, category, thread or DM channel."""

    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    parent_id: int | None = None
    topic: str | None = None
    position: int = 0
    recipient: DoubleUser | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    deleted: bool = False
    bot_can_send: bool = True
    last_message_id: int | None = None
    message_count: int = 0
    thread_member_ids: set[int] = field(default_factory=set)
    created_at: datetime = field(default_factory=now)
    archived_at: datetime = field(default_factory=now)

    @property
    def is_thread(self) -> bool:
        """Whether this channel is a thread."""
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        """Whether this is a DM channel."""
        return self.type == DM

    @property
    def mention(self) -> str:
        """Return the ``<#id>`` mention string."""
        return f"<#{self.id}>"

    def payload(self) -> JSON:
        """Return the channel object Discord sends."""
        if self.type == DM:
            recipients = [self.recipient.payload()] if self.recipient else []
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": _opt_str(self.last_message_id),
                "recipients": recipients,
                "flags": 0,
            }
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": _opt_str(self.guild_id),
            "name": self.name,
            "parent_id": _opt_str(self.parent_id),
            "last_message_id": _opt_str(self.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            data.update(
                {
                    "owner_id": _opt_str(self.owner_id),
                    "message_count": self.message_count,
                    "total_message_sent": self.message_count,
                    "member_count": len(self.thread_member_ids),
                    "thread_metadata": {
                        "archived": self.archived,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": iso(self.archived_at),
                        "locked": self.locked,
                        "invitable": True,
                        "create_timestamp": iso(self.created_at),
                    },
                }
            )
        else:
            data.update(
                {
                    "position": self.position,
                    "permission_overwrites": [],
                    "topic": self.topic,
                    "nsfw": False,
                    "default_auto_archive_duration": 1440,
                }
            )
        return data

    def __repr__(self) -> str:
        return f"<DoubleChannel {self.name!r} type={self.type} id={self.id}>"


@dataclass(eq=False)
class DoubleAttachment:
    """A file attached to a message (or to a slash command option), bytes included."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        """Return the size in bytes."""
        return len(self.data)

    @property
    def media_type(self) -> str:
        """Return the content type Discord reports (from the upload, else the filename)."""
        return (
            self.content_type
            or mimetypes.guess_type(self.filename)[0]
            or "application/octet-stream"
        )

    def payload(self) -> JSON:
        """Return the attachment object Discord sends."""
        data: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.media_type,
            "flags": 0,
        }
        size = png_size(self.data)
        if size is not None:
            data["width"], data["height"] = size
        if self.description is not None:
            data["description"] = self.description
        return data

    def media_payload(self) -> JSON:
        """Return the unfurled media item Discord shows for ``attachment://<filename>``."""
        data: JSON = {
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.media_type,
            "attachment_id": str(self.id),
            "flags": 0,
            "loading_state": 2,  # loaded
        }
        size = png_size(self.data)
        if size is not None:
            data["width"], data["height"] = size
        return data

    def __repr__(self) -> str:
        return f"<DoubleAttachment {self.filename!r} {self.size} bytes>"


@dataclass
class MessageRevision:
    """What a message looked like before one of its edits."""

    content: str
    embeds: list[JSON]
    components: list[JSON]
    attachments: list[DoubleAttachment]
    flags: int
    replaced_at: datetime


@dataclass(eq=False)
class DoubleMessage:
    """A message as the double stores it; always reflects the latest edit."""

    id: int
    channel_id: int
    guild_id: int | None
    author: DoubleUser
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[DoubleAttachment] = field(default_factory=list)
    flags: int = 0
    tts: bool = False
    type: int = 0
    order: int = 0
    created_at: datetime = field(default_factory=now)
    edited_at: datetime | None = None
    ephemeral_for: DoubleUser | None = None
    interaction_id: int | None = None
    interaction_metadata: JSON | None = None
    webhook_id: int | None = None
    message_reference: JSON | None = None
    thread_id: int | None = None
    pinned: bool = False
    deleted: bool = False
    reactions: dict[str, list[int]] = field(default_factory=dict)
    revisions: list[MessageRevision] = field(default_factory=list)
    nonce: str | int | None = None

    @property
    def ephemeral(self) -> bool:
        """Whether only one user can see this message."""
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        """Whether this is a deferred "Bot is thinking..." message not filled in yet."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edits(self) -> list[MessageRevision]:
        """Return the earlier versions of this message, oldest first."""
        return self.revisions

    @property
    def files(self) -> list[DoubleAttachment]:
        """Return the attachments (alias kept for symmetry with interaction results)."""
        return self.attachments

    @property
    def text(self) -> str:
        """Return what a person reads: the content, every embed's text, every text display.

        Joined by newlines, in order (a Components V2 message has only text displays).
        """
        parts = [self.content]
        for embed in self.embeds:
            parts.extend(
                str(embed.get(key, "")) for key in ("title", "description") if embed.get(key)
            )
            for embed_field in embed.get("fields", []):
                parts.append(f"{embed_field.get('name', '')}: {embed_field.get('value', '')}")
            if footer := embed.get("footer", {}).get("text"):
                parts.append(str(footer))
            if author := embed.get("author", {}).get("name"):
                parts.append(str(author))
        for component in self.walk_components():
            if component.get("type") == TEXT_DISPLAY and component.get("content"):
                parts.append(str(component["content"]))
        return "\n".join(p for p in parts if p)

    def walk_components(self) -> Iterator[JSON]:
        """Yield every component, depth first (rows, containers, sections, accessories)."""
        yield from walk_components(self.components)

    @property
    def media(self) -> list[DoubleAttachment]:
        """Return the attachments its media galleries, thumbnails and files show, in order."""
        by_name = {a.filename: a for a in self.attachments}
        shown = []
        for component in self.walk_components():
            for url in media_urls(component):
                attachment = by_name.get(url.removeprefix(ATTACHMENT_URL))
                if url.startswith(ATTACHMENT_URL) and attachment is not None:
                    shown.append(attachment)
        return shown

    @property
    def interactive(self) -> list[JSON]:
        """Return its buttons and selects at any depth, in order (what a person can use)."""
        return [c for c in self.walk_components() if c.get("type") in INTERACTIVE_TYPES]

    def components_payload(self) -> list[JSON]:
        """Return the components as Discord sends them back.

        As sent, except that a media item naming ``attachment://<filename>`` is unfurled
        into that attachment's URL, size and id, and a file component gets its name and size.
        """
        if not self.flags & FLAG_COMPONENTS_V2:
            return self.components
        by_name = {a.filename: a for a in self.attachments}
        return [_unfurl(c, by_name) for c in self.components]

    @property
    def buttons(self) -> list[JSON]:
        """Return every button component."""
        return [c for c in self.walk_components() if c.get("type") == 2]

    @property
    def custom_ids(self) -> list[str]:
        """Return the custom ids of all interactive components."""
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    def find_component(self, custom_id: str | None = None, *, label: str | None = None) -> JSON:
        """Return the component with this custom id (or button label); raise DoubleError if none."""
        for component in self.walk_components():
            if custom_id is not None and component.get("custom_id") == custom_id:
                return component
            if label is not None and component.get("label") == label:
                return component
        wanted = f"custom_id={custom_id!r}" if custom_id is not None else f"label={label!r}"
        shown = [(c.get("label"), c.get("custom_id")) for c in self.walk_components()]
        raise DoubleError(f"message {self.id} has no component with {wanted}; it has {shown}")

    def snapshot(self) -> MessageRevision:
        """Return the current state as a revision record."""
        return MessageRevision(
            content=self.content,
            embeds=list(self.embeds),
            components=list(self.components),
            attachments=list(self.attachments),
            flags=self.flags,
            replaced_at=now(),
        )

    def mentioned_user_ids(self) -> list[int]:
        """Return the ids of users mentioned as ``<@id>`` in the content."""
        return [int(m) for m in _MENTION.findall(self.content)]

    def __repr__(self) -> str:
        extra = " ephemeral" if self.ephemeral else ""
        extra += " deleted" if self.deleted else ""
        shown = f"content={self.content!r}"
        return f"<DoubleMessage id={self.id} channel={self.channel_id}{extra} {shown}>"


# Request categories (``RequestRecord.category``); see ``DiscordDouble.request_counts``.
REQUEST_CATEGORIES = ("interaction", "channel", "dm", "setup", "other")


@dataclass
class RequestRecord:
    """One HTTP request the bot made to the double's REST API.

    ``category``: ``"interaction"`` (callbacks and interaction webhooks), ``"channel"``
    (anything under ``/channels/{id}`` of a guild channel or thread), ``"dm"`` (opening a
    DM channel, anything under ``/channels/{id}`` of a DM channel), ``"setup"`` (gateway,
    ``/users/@me``, application info and commands) or ``"other"``.
    ``route``: the matched route template (None for unknown routes).
    ``at``: the event loop's clock when the request arrived.
    ``fault``: what an injected fault did to it (``"502"``, ``"drop"``...), else None.
    ``bucket``: the rate-limit bucket it counted in (when rate limits are on).
    ``rate_limit``: ``"user"`` or ``"global"`` if the double's limiter answered 429.
    Status 0 means no answer was sent (the connection was dropped).
    """

    method: str
    path: str
    query: dict[str, str]
    status: int = 0
    body: Any = None
    category: str = "other"
    route: str | None = None
    at: float = 0.0
    fault: str | None = None
    bucket: str | None = None
    rate_limit: str | None = None

    def __str__(self) -> str:
        extra = f" [{self.fault}]" if self.fault else ""
        extra += f" [rate limited: {self.rate_limit}]" if self.rate_limit else ""
        return f"{self.method} {self.path} -> {self.status}{extra}"


def media_urls(component: JSON) -> list[str]:
    """Return the media URLs one component shows (gallery items, thumbnail, file)."""
    kind = component.get("type")
    if kind == MEDIA_GALLERY:
        media = [item.get("media") or {} for item in component.get("items") or []]
    elif kind == THUMBNAIL:
        media = [component.get("media") or {}]
    elif kind == FILE:
        media = [component.get("file") or {}]
    else:
        return []
    return [m["url"] for m in media if isinstance(m.get("url"), str)]


def png_size(data: bytes) -> tuple[int, int] | None:
    """Return a PNG's (width, height) from its header, or None if it is no PNG."""
    if len(data) < 24 or not data.startswith(b"\x89PNG\r\n\x1a\n") or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _unfurl(component: JSON, by_name: dict[str, DoubleAttachment]) -> JSON:
    def media(item: Any) -> Any:
        url = item.get("url") if isinstance(item, dict) else None
        if not isinstance(url, str) or not url.startswith(ATTACHMENT_URL):
            return item
        attachment = by_name.get(url.removeprefix(ATTACHMENT_URL))
        return item if attachment is None else {**item, **attachment.media_payload()}

    shown = dict(component)
    kind = component.get("type")
    if kind == MEDIA_GALLERY:
        shown["items"] = [
            {**item, "media": media(item.get("media"))} for item in component.get("items") or []
        ]
    elif kind == THUMBNAIL:
        shown["media"] = media(component.get("media"))
    elif kind == FILE:
        shown["file"] = media(component.get("file"))
        url = str((component.get("file") or {}).get("url", ""))
        attachment = by_name.get(url.removeprefix(ATTACHMENT_URL))
        if url.startswith(ATTACHMENT_URL) and attachment is not None:
            shown.update(name=attachment.filename, size=attachment.size)
    if isinstance(component.get("components"), list):
        shown["components"] = [_unfurl(c, by_name) for c in component["components"]]
    if isinstance(component.get("accessory"), dict):
        shown["accessory"] = _unfurl(component["accessory"], by_name)
    return shown


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Yield every component in a component tree, depth first."""
    for component in components:
        yield component
        children: list[JSON] = list(component.get("components", []))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                children.append(child)
        yield from walk_components(children)


def _opt_str(value: int | None) -> str | None:
    return None if value is None else str(value)
