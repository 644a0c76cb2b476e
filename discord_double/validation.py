"""Discord's request limits, enforced so the bot's bugs surface in tests, not in production."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from discord_double.models import FLAG_COMPONENTS_V2, JSON, DiscordHTTPError, walk_components

_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
_SELECT_TYPES = frozenset({3, 5, 6, 7, 8})


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
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_length(self, path: Sequence[str | int], value: Any, limit: int) -> None:
        """Record an error if ``value`` is a string longer than ``limit``."""
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def length_between(self, path: Sequence[str | int], value: Any, low: int, high: int) -> None:
        """Record an error unless ``value`` is a string of ``low``..``high`` characters."""
        if not isinstance(value, str) or not low <= len(value) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def raise_if_any(self) -> None:
        """Raise the collected errors, if any."""
        if self.errors:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", self.errors)


def form_error(field_name: str, code: str, message: str) -> DiscordHTTPError:
    """Return a 50035 Invalid Form Body error about one top-level field."""
    errors = FormErrors()
    errors.add((field_name,), code, message)
    return DiscordHTTPError(400, 50035, "Invalid Form Body", errors.errors)


def validate_message(payload: JSON) -> None:
    """Check content, embed and component limits of a message create or edit payload."""
    errors = FormErrors()
    errors.max_length(("content",), payload.get("content"), 2000)
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        errors.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for index, embed in enumerate(embeds):
        total += _validate_embed(errors, index, embed)
    if total > 6000:
        errors.add(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )
    flags = int(payload.get("flags") or 0)
    components = payload.get("components") or []
    if flags & FLAG_COMPONENTS_V2:
        if payload.get("content") or embeds:
            errors.add(
                ("content",),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with components v2",
            )
    else:
        _validate_legacy_components(errors, components)
    _validate_custom_ids(errors, components)
    errors.raise_if_any()


def _validate_embed(errors: FormErrors, index: int, embed: JSON) -> int:
    base: tuple[str | int, ...] = ("embeds", index)
    size = 0
    for key, limit in (("title", 256), ("description", 4096)):
        value = embed.get(key)
        errors.max_length((*base, key), value, limit)
        size += len(value) if isinstance(value, str) else 0
    fields = embed.get("fields") or []
    if len(fields) > 25:
        errors.add((*base, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for field_index, embed_field in enumerate(fields):
        name, value = embed_field.get("name"), embed_field.get("value")
        errors.length_between((*base, "fields", field_index, "name"), name, 1, 256)
        errors.length_between((*base, "fields", field_index, "value"), value, 1, 1024)
        size += len(name or "") + len(value or "")
    footer = (embed.get("footer") or {}).get("text")
    errors.max_length((*base, "footer", "text"), footer, 2048)
    author = (embed.get("author") or {}).get("name")
    errors.max_length((*base, "author", "name"), author, 256)
    return size + len(footer or "") + len(author or "")


def _validate_legacy_components(errors: FormErrors, components: list[JSON]) -> None:
    if len(components) > 5:
        errors.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for row_index, row in enumerate(components):
        path: tuple[str | int, ...] = ("components", row_index)
        if row.get("type") != 1:
            errors.add(
                (*path, "type"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "Top-level components must be action rows unless the IS_COMPONENTS_V2 flag is set",
            )
            continue
        children = row.get("components") or []
        if not 1 <= len(children) <= 5:
            errors.add(
                (*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
            )
        if any(c.get("type") in _SELECT_TYPES for c in children) and len(children) > 1:
            errors.add(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        for child_index, child in enumerate(children):
            _validate_component(errors, (*path, "components", child_index), child)


def _validate_component(errors: FormErrors, path: tuple[str | int, ...], component: JSON) -> None:
    kind = component.get("type")
    if kind == 2:
        errors.max_length((*path, "label"), component.get("label"), 80)
        style = component.get("style")
        if style == 5:
            if not component.get("url"):
                errors.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        elif style != 6 and not component.get("custom_id"):
            errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        if not component.get("label") and not component.get("emoji"):
            errors.add((*path, "label"), "BASE_TYPE_REQUIRED", "A label or emoji is required")
    elif kind in _SELECT_TYPES:
        errors.max_length((*path, "placeholder"), component.get("placeholder"), 150)
        if kind == 3:
            options = component.get("options") or []
            if not 1 <= len(options) <= 25:
                errors.add(
                    (*path, "options"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 25 in length.",
                )
            for option_index, option in enumerate(options):
                opath = (*path, "options", option_index)
                errors.length_between((*opath, "label"), option.get("label"), 1, 100)
                errors.length_between((*opath, "value"), option.get("value"), 1, 100)
                errors.max_length((*opath, "description"), option.get("description"), 100)
        max_values = component.get("max_values", 1)
        if not 1 <= int(max_values) <= 25:
            errors.add((*path, "max_values"), "NUMBER_TYPE_MAX", "int value should be <= 25.")


def _validate_custom_ids(errors: FormErrors, components: list[JSON]) -> None:
    seen: set[str] = set()
    for component in walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is None:
            continue
        if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
            errors.add(
                ("components",),
                "BASE_TYPE_BAD_LENGTH",
                f"custom_id {custom_id!r} must be between 1 and 100 in length.",
            )
        if custom_id in seen:
            errors.add(
                ("components",),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                f"Component custom id cannot be duplicated: {custom_id!r}",
            )
        seen.add(custom_id)


def validate_not_empty(
    content: str, embeds: list[JSON], components: list[JSON], attachments: int, extra: bool
) -> None:
    """Raise Discord's 50006 if the resulting message would show nothing."""
    if not content and not embeds and not components and not attachments and not extra:
        raise DiscordHTTPError(400, 50006, "Cannot send an empty message")


def validate_choices(choices: Any) -> list[JSON]:
    """Check an autocomplete result (at most 25 choices, names 1..100 chars)."""
    errors = FormErrors()
    if not isinstance(choices, list):
        errors.add(("data", "choices"), "BASE_TYPE_REQUIRED", "This field is required")
        errors.raise_if_any()
        return []
    if len(choices) > 25:
        errors.add(("data", "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for index, choice in enumerate(choices):
        errors.length_between(("data", "choices", index, "name"), choice.get("name"), 1, 100)
        value = choice.get("value")
        if isinstance(value, str):
            errors.max_length(("data", "choices", index, "value"), value, 100)
        elif not isinstance(value, int | float) or isinstance(value, bool):
            errors.add(
                ("data", "choices", index, "value"), "BASE_TYPE_REQUIRED", "Invalid choice value"
            )
    errors.raise_if_any()
    return list(choices)


def validate_commands(commands: Any) -> list[JSON]:
    """Check a bulk command upsert (names, descriptions, option counts, duplicates)."""
    errors = FormErrors()
    if not isinstance(commands, list):
        errors.add((), "BASE_TYPE_ARRAY", "Must be an array.")
        errors.raise_if_any()
    if len([c for c in commands if c.get("type", 1) == 1]) > 100:
        errors.add((), "APPLICATION_COMMANDS_TOO_MANY", "Maximum number of commands reached (100)")
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        kind = int(command.get("type", 1))
        name = command.get("name")
        key = (kind, str(name))
        if key in seen:
            errors.add(
                (index, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {name!r}",
            )
        seen.add(key)
        if kind == 1:
            _validate_chat_command(errors, (index,), command, depth=0)
        else:
            errors.length_between((index, "name"), name, 1, 32)
    errors.raise_if_any()
    return list(commands)


def _validate_chat_command(
    errors: FormErrors, path: tuple[str | int, ...], command: JSON, *, depth: int
) -> None:
    name = command.get("name")
    if not isinstance(name, str) or not _COMMAND_NAME.match(name) or name.lower() != name:
        errors.add(
            (*path, "name"),
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name is invalid: {name!r}",
        )
    errors.length_between((*path, "description"), command.get("description"), 1, 100)
    options = command.get("options") or []
    if len(options) > 25:
        errors.add((*path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    seen_optional = False
    for index, option in enumerate(options):
        opath = (*path, "options", index)
        kind = option.get("type")
        if kind in (1, 2):
            if depth >= 2 or (kind == 2 and depth >= 1):
                errors.add((*opath, "type"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Bad nest")
            _validate_chat_command(errors, opath, option, depth=depth + 1)
            continue
        _validate_chat_command_leaf(errors, opath, option)
        if option.get("required"):
            if seen_optional:
                errors.add(
                    (*opath, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True


def _validate_chat_command_leaf(
    errors: FormErrors, path: tuple[str | int, ...], option: JSON
) -> None:
    name = option.get("name")
    if not isinstance(name, str) or not _COMMAND_NAME.match(name) or name.lower() != name:
        errors.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", f"Bad name {name!r}")
    errors.length_between((*path, "description"), option.get("description"), 1, 100)
    choices = option.get("choices") or []
    if len(choices) > 25:
        errors.add((*path, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    if choices and option.get("autocomplete"):
        errors.add(
            (*path, "autocomplete"),
            "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
            "Autocomplete cannot be enabled on options with choices",
        )
