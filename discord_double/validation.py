"""Discord's limits that its OpenAPI schema leaves out, so the bot's bugs surface in tests.

Every request body is first checked against Discord's OpenAPI specification
(``discord_double.schema``): types, enums, required fields, and the lengths and counts the
spec states (button labels 80, custom ids 1..100, 1..5 components per action row, 25 select
options, 10 embeds, 10 attachment entries...). What is left here is what a schema cannot
say (a limit over a whole message, a rule between two fields) or what the spec says more
loosely than Discord's documentation; each check cites the documented limit. Refusals are
Discord's 400 answer, code 50035 "Invalid Form Body", with errors keyed by field path.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from discord_double.models import (
    ATTACHMENT_URL,
    BUTTON,
    FILE,
    FLAG_COMPONENTS_V2,
    INTERACTIVE_TYPES,
    JSON,
    MEDIA_GALLERY,
    TEXT_DISPLAY,
    THUMBNAIL,
    DiscordHTTPError,
)

Path = tuple[str | int, ...]

_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
_ACTION_ROW = 1
_SELECT_TYPES = INTERACTIVE_TYPES - {BUTTON}
# Where a thumbnail and a file keep their media URL (a media gallery: in each item).
_MEDIA_KEYS = {THUMBNAIL: "media", FILE: "file"}
_LINK_STYLE = 5
_PREMIUM_STYLE = 6


class FormErrors:
    """Collects field errors and raises them as Discord's 50035 Invalid Form Body."""

    def __init__(self) -> None:
        """Start with no errors."""
        self.errors: JSON = {}

    def add(self, path: Sequence[str | int], code: str, message: str) -> None:
        """Record an error for the field at ``path`` (e.g. ``("embeds", 0, "title")``)."""
        node = self.errors
        for part in path:
            node = node.setdefault(str(part), {})
        entries = node.setdefault("_errors", [])
        entry = {"code": code, "message": message}
        if entry not in entries:
            entries.append(entry)

    def max_length(self, path: Sequence[str | int], value: Any, limit: int) -> None:
        """Record an error if ``value`` is a string longer than ``limit``."""
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def required(self, path: Sequence[str | int]) -> None:
        """Record that the field at ``path`` is missing (or empty, which Discord counts as so)."""
        self.add(path, "BASE_TYPE_REQUIRED", "This field is required")

    def raise_if_any(self) -> None:
        """Raise the collected errors, if any."""
        if self.errors:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", self.errors)


def form_error(field_name: str, code: str, message: str) -> DiscordHTTPError:
    """Return a 50035 Invalid Form Body error about one top-level field."""
    errors = FormErrors()
    errors.add((field_name,), code, message)
    return DiscordHTTPError(400, 50035, "Invalid Form Body", errors.errors)


# ---------------------------------------------------------------------------- messages


@dataclass
class MessageDraft:
    """A message as it would be after a create or an edit, checked before it is stored."""

    content: str
    embeds: list[JSON]
    components: list[JSON]
    flags: int
    # Filenames of the attachments it would have, in order.
    attachments: list[str]
    poll: bool = False
    stickers: bool = False


def validate_message(
    draft: MessageDraft, *, previous_flags: int | None = None, prefix: Path = ()
) -> None:
    """Check the limits of a message create or edit that the schema leaves out.

    ``previous_flags``: the flags of the message an edit changes (None for a new message).
    ``prefix``: where the message sits in the request (``("data",)`` for a callback).
    """
    errors = FormErrors()
    # Message resource, Create Message: "content: up to 2000 characters". The spec allows 4000
    # on Create and Edit Message (a Nitro user's limit), not a bot's.
    errors.max_length((*prefix, "content"), draft.content, 2000)
    _check_embeds(errors, prefix, draft.embeds)
    # Uploading files: at most 10 files per message. The spec's maxItems counts only the
    # ``attachments`` list, not files[n] parts sent without one.
    if len(draft.attachments) > 10:
        errors.add(
            (*prefix, "attachments"), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."
        )
    components_v2 = bool(draft.flags & FLAG_COMPONENTS_V2)
    if previous_flags is not None and previous_flags & FLAG_COMPONENTS_V2 and not components_v2:
        # Using message components: "once the message has been sent, the flag cannot be
        # removed from the message when editing the message".
        errors.add(
            (*prefix, "flags"),
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed from a message that has it",
        )
    if components_v2:
        _check_components_v2(errors, prefix, draft)
    else:
        _check_legacy_layout(errors, prefix, draft.components)
    _check_interactive(errors, prefix, draft.components)
    errors.raise_if_any()


def _check_embeds(errors: FormErrors, prefix: Path, embeds: list[JSON]) -> None:
    total = 0
    for index, embed in enumerate(embeds):
        base = (*prefix, "embeds", index)
        for key in ("title", "description"):
            total += len(embed.get(key) or "")
        for field_index, embed_field in enumerate(embed.get("fields") or []):
            # Discord refuses an empty field name or value (the spec only caps their length).
            for key in ("name", "value"):
                if not embed_field.get(key):
                    errors.required((*base, "fields", field_index, key))
                total += len(embed_field.get(key) or "")
        total += len((embed.get("footer") or {}).get("text") or "")
        total += len((embed.get("author") or {}).get("name") or "")
    # Embed limits: "the combined sum of characters in all title, description, field.name,
    # field.value, footer.text, and author.name fields across all embeds attached to a
    # message must not exceed 6000 characters".
    if total > 6000:
        errors.add(
            (*prefix, "embeds"),
            "MAX_EMBED_SIZE_EXCEEDED",
            "Embed size exceeds maximum size of 6000",
        )


def _check_components_v2(errors: FormErrors, prefix: Path, draft: MessageDraft) -> None:
    # Components reference: with IS_COMPONENTS_V2 "the content, embeds, sticker_ids and poll
    # fields are disabled". (An empty content or embed list shows nothing and passes.)
    legacy = {
        "content": bool(draft.content),
        "embeds": bool(draft.embeds),
        "poll": draft.poll,
        "sticker_ids": draft.stickers,
    }
    for name, used in legacy.items():
        if used:
            errors.add(
                (*prefix, name),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                f"The '{name}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
    # Components reference: "a message can have up to 40 total components" (nested ones
    # count; the spec's maxItems 40 only bounds each list) and "up to 4000 characters" of
    # text across all its text displays.
    count = 0
    text = 0
    for path, component in _walk(draft.components, (*prefix, "components")):
        count += 1
        if component.get("type") == TEXT_DISPLAY:
            text += len(component.get("content") or "")
        for media_path, url in _media_urls(path, component):
            name = url.removeprefix(ATTACHMENT_URL)
            # Components reference (Unfurled Media Item): "attachment://<filename>" must name
            # an attachment of the message.
            if url.startswith(ATTACHMENT_URL) and name not in draft.attachments:
                errors.add(
                    media_path,
                    "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                    f"No attachment named {name!r} in this message",
                )
    if count > 40:
        errors.add(
            (*prefix, "components"),
            "MAX_COMPONENTS_EXCEEDED",
            f"A message can have at most 40 components, nested ones included; it has {count}",
        )
    if text > 4000:
        errors.add(
            (*prefix, "components"),
            "MAX_TEXT_DISPLAY_LENGTH_EXCEEDED",
            f"Text displays can hold at most 4000 characters in total; they hold {text}",
        )


def _check_legacy_layout(errors: FormErrors, prefix: Path, components: list[JSON]) -> None:
    # Message components (legacy): "messages can have up to 5 action rows", and only action
    # rows at the top level; the spec allows 40 of any V2 type (valid only with the flag).
    if len(components) > 5:
        errors.add((*prefix, "components"), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for index, row in enumerate(components):
        if row.get("type") != _ACTION_ROW:
            # Worded as the schema's own refusals of an unknown type (``schema._report``).
            errors.add(
                (*prefix, "components", index),
                "UNION_TYPE_CHOICES",
                'Value of field "type" must be one of (1,) without the IS_COMPONENTS_V2 flag.',
            )


def _check_interactive(errors: FormErrors, prefix: Path, components: list[JSON]) -> None:
    seen: set[str] = set()
    for path, component in _walk(components, (*prefix, "components")):
        kind = component.get("type")
        if kind == _ACTION_ROW:
            children = component.get("components") or []
            # Action row: "up to 5 buttons, or a single select menu".
            if len(children) > 1 and any(c.get("type") in _SELECT_TYPES for c in children):
                errors.add(
                    (*path, "components"),
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
        elif kind == BUTTON:
            _check_button(errors, path, component)
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            # Component reference: "custom_id must be unique per message".
            if custom_id in seen:
                errors.add(
                    (*path, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    f"Component custom id cannot be duplicated: {custom_id!r}",
                )
            seen.add(custom_id)


def _check_button(errors: FormErrors, path: Path, button: JSON) -> None:
    # Button: "non-link buttons must have a custom_id, and cannot have a url; link buttons
    # must have a url, and cannot have a custom_id"; premium buttons carry a sku_id and
    # nothing else; the others show a label or an emoji.
    style = button.get("style")
    if style == _LINK_STYLE:
        if not button.get("url"):
            errors.required((*path, "url"))
        if button.get("custom_id") is not None:
            errors.add(
                (*path, "custom_id"),
                "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                "A link button cannot have a custom_id",
            )
    elif style == _PREMIUM_STYLE:
        if not button.get("sku_id"):
            errors.required((*path, "sku_id"))
    else:
        if not button.get("custom_id"):
            errors.required((*path, "custom_id"))
        if button.get("url") is not None:
            errors.add(
                (*path, "url"),
                "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                "Only link buttons can have a url",
            )
    if style != _PREMIUM_STYLE and not button.get("label") and not button.get("emoji"):
        errors.add((*path, "label"), "BASE_TYPE_REQUIRED", "A label or emoji is required")


def _walk(components: list[JSON], path: Path) -> Iterator[tuple[Path, JSON]]:
    """Yield every component with its path, depth first (rows, containers, sections)."""
    for index, component in enumerate(components):
        here = (*path, index)
        yield here, component
        yield from _walk(component.get("components") or [], (*here, "components"))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield (*here, key), child
                yield from _walk(child.get("components") or [], (*here, key, "components"))


def _media_urls(path: Path, component: JSON) -> Iterator[tuple[Path, str]]:
    """Yield the media URLs a component shows, with their paths."""
    kind = component.get("type")
    if kind == MEDIA_GALLERY:
        for index, item in enumerate(component.get("items") or []):
            url = (item.get("media") or {}).get("url")
            if isinstance(url, str):
                yield (*path, "items", index, "media", "url"), url
    elif kind in _MEDIA_KEYS:
        key = _MEDIA_KEYS[kind]
        url = (component.get(key) or {}).get("url")
        if isinstance(url, str):
            yield (*path, key, "url"), url


def validate_not_empty(
    content: str, embeds: list[JSON], components: list[JSON], attachments: int, extra: bool
) -> None:
    """Raise Discord's 50006 if the resulting message would show nothing."""
    if not content and not embeds and not components and not attachments and not extra:
        raise DiscordHTTPError(400, 50006, "Cannot send an empty message")


# ---------------------------------------------------------------------------- interactions


def validate_choices(choices: Any) -> list[JSON]:
    """Check an autocomplete result beyond the schema (which caps 25 choices, names 1..100)."""
    errors = FormErrors()
    for index, choice in enumerate(choices or []):
        # Autocomplete choices: "value: max 100 characters if string"; the spec says 6000.
        value = choice.get("value") if isinstance(choice, dict) else None
        errors.max_length(("data", "choices", index, "value"), value, 100)
    errors.raise_if_any()
    return [c for c in choices or [] if c is not None]


# ---------------------------------------------------------------------------- commands


def validate_commands(commands: Any) -> list[JSON]:
    """Check a bulk command upsert beyond the schema (names, duplicates, option order)."""
    errors = FormErrors()
    listed: list[JSON] = list(commands or [])  # the schema checked: a list of objects
    # Application commands: "up to 100 global and 100 guild CHAT_INPUT commands" (the spec's
    # maxItems 130 counts every kind).
    if len([c for c in listed if c.get("type", 1) == 1]) > 100:
        errors.add((), "APPLICATION_COMMANDS_TOO_MANY", "Maximum number of commands reached (100)")
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(listed):
        kind = int(command.get("type") or 1)
        name = command.get("name")
        # Application commands: a name is unique per type.
        key = (kind, str(name))
        if key in seen:
            errors.add(
                (index, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {name!r}",
            )
        seen.add(key)
        if kind == 1:
            _check_chat_command(errors, (index,), command)
    errors.raise_if_any()
    return listed


def _check_chat_command(errors: FormErrors, path: Path, command: JSON) -> None:
    _check_name(errors, path, command)
    # Application command: a CHAT_INPUT command's "description: 1-100 characters"; the spec
    # allows an empty one (user and message commands have none).
    if not command.get("description"):
        errors.required((*path, "description"))
    seen_optional = False
    for index, option in enumerate(command.get("options") or []):
        opath = (*path, "options", index)
        if option.get("type") in (1, 2):
            _check_chat_command(errors, opath, option)
            continue
        _check_name(errors, opath, option)
        # Application command option: "required options must be listed before optional".
        if option.get("required"):
            if seen_optional:
                errors.add(
                    (*opath, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        # Autocomplete: "autocomplete may not be set to true if choices are present".
        if option.get("choices") and option.get("autocomplete"):
            errors.add(
                (*opath, "autocomplete"),
                "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
                "Autocomplete cannot be enabled on options with choices",
            )


def _check_name(errors: FormErrors, path: Path, command: JSON) -> None:
    # Application command naming: CHAT_INPUT names and option names match
    # ^[-_\p{L}\p{N}...]{1,32}$ and are lowercase; the spec only caps the length.
    name = command.get("name")
    if not isinstance(name, str) or not _COMMAND_NAME.match(name) or name.lower() != name:
        errors.add(
            (*path, "name"),
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name is invalid: {name!r}",
        )
