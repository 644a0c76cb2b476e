"""Requests checked against Discord's own OpenAPI specification (``spec/openapi.json``).

Every REST request the double receives is matched to its operation in the spec (path and
method); its JSON body (or the ``payload_json`` part of a multipart body) is validated with
``jsonschema`` against that operation's request-body schema, and the query parameters it
declares against theirs. A refused request gets Discord's answer, 400 with code 50035
"Invalid Form Body" and the errors keyed by field path (``validation.FormErrors``).

The spec is loaded once, on the first request; one validator per operation is built when
the operation is first used, then reused. ``$ref``s resolve through a ``referencing``
registry holding the spec's schemas. The vendored file is never edited: ``_adjust`` changes
the loaded copy where the spec is stricter than Discord, or to make unions fast and their
errors precise, and says why each time.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from jsonschema.protocols import Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from discord_double.models import JSON
from discord_double.validation import FormErrors

SPEC_FILE = Path(__file__).with_name("spec") / "openapi.json"
# The registry keeps each of the spec's schemas as a resource of its own, at this prefix plus
# its name: a "#/components/schemas/Name" reference becomes a direct lookup by URI, not a
# JSON-pointer walk through the spec (most of the validation time otherwise).
SCHEMA_URI = "urn:discord-api-spec:schema:"
_SCHEMA_POINTER = "#/components/schemas/"
_METHODS = ("get", "put", "post", "patch", "delete")
ErrorIter = Iterator[ValidationError]
_INTEGER_TEXT = re.compile(r"-?[0-9]+")
# Marks the "type" enum of a tagged union (see ``_tagged_union``), for Discord's error code.
_UNION_TAG = "x-double-union-tag"
# Keywords the double adds to the loaded schemas (``_nullable``, ``_tagged``, ``_integer``).
_NULLABLE = "x-double-nullable"
_TAGGED = "x-double-tagged"
_INTEGER = "x-double-integer"
# How many request bodies' verdicts are remembered (bots resend the same command list and
# the same deferrals over and over).
_MEMO_SIZE = 4096


@dataclass(frozen=True, eq=False)  # hashed by identity: one validator cache entry each
class Operation:
    """One operation of the spec: a path template and a method, with its schemas."""

    method: str
    template: str
    body: JSON | None
    # Whether the spec requires a body (a request without one is checked as ``{}``).
    body_required: bool
    query: Mapping[str, JSON]
    # The JSON types each query parameter's (unadjusted) schema names, to read its text.
    query_kinds: Mapping[str, tuple[str, ...]]


@dataclass
class _Node:
    """A path segment of the spec's paths: literal children, a parameter child, operations."""

    literal: dict[str, _Node] = field(default_factory=dict)
    parameter: _Node | None = None
    operations: dict[str, Operation] = field(default_factory=dict)


def check_request(method: str, path: str, query: Mapping[str, str], body: Any) -> None:
    """Raise Discord's 50035 if ``body`` or ``query`` break the operation's schemas.

    ``path`` is the API path without the version prefix (``/channels/1/messages``). A
    request the spec has no operation for is left to the route.
    """
    operation = find_operation(method, path)
    if operation is None:
        return
    errors = FormErrors()
    if body is None and operation.body_required:
        body = {}
    if body is not None and operation.body is not None:
        errors.errors.update(copy.deepcopy(_body_errors(operation, body)))
    for name, raw in query.items():
        if name in operation.query:
            validator = _query_validator(operation, name)
            value = _query_value(operation.query_kinds[name], raw)
            for error in validator.iter_errors(value):
                _report(error, errors, (name,))
    errors.raise_if_any()


# Recent verdicts: (operation, digest of the body) -> its form errors ({} if none).
_memo: OrderedDict[tuple[Operation, bytes], JSON] = OrderedDict()


def _body_errors(operation: Operation, body: Any) -> JSON:
    """Return the form errors of a body (``{}`` if none), remembering recent verdicts."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    key = (operation, hashlib.blake2b(text, digest_size=16).digest())
    found = _memo.get(key)
    if found is not None:
        _memo.move_to_end(key)
        return found
    errors = FormErrors()
    for error in _body_validator(operation).iter_errors(body):
        _report(error, errors, ())
    _memo[key] = errors.errors
    if len(_memo) > _MEMO_SIZE:
        _memo.popitem(last=False)
    return errors.errors


def find_operation(method: str, path: str) -> Operation | None:
    """Return the spec's operation for a request (None if the spec has none).

    A literal segment wins over a parameter (``/messages/@original`` over
    ``/messages/{message_id}``), as in Discord's router.
    """
    parts = [p for p in path.split("/") if p]
    return _walk(_operations(), parts, 0, method.lower())


def _walk(node: _Node, parts: list[str], depth: int, method: str) -> Operation | None:
    if depth == len(parts):
        return node.operations.get(method)
    literal = node.literal.get(parts[depth])
    if literal is not None:
        found = _walk(literal, parts, depth + 1, method)
        if found is not None:
            return found
    if node.parameter is not None:
        return _walk(node.parameter, parts, depth + 1, method)
    return None


# ---------------------------------------------------------------------------- loading


@functools.cache
def _spec() -> JSON:
    spec: JSON = json.loads(SPEC_FILE.read_text(encoding="utf-8"))
    return spec


@functools.cache
def _schemas() -> JSON:
    """Return the spec's component schemas, adjusted (see ``_adjust``)."""
    raw: JSON = _spec()["components"]["schemas"]
    schemas = {name: _adjust(schema, raw) for name, schema in raw.items()}
    # discord.py sends some snowflakes as JSON integers (attachment ids from
    # ``File.to_dict(index)``, emoji ids); Discord reads a snowflake from a string or an
    # integer, the spec only allows the string.
    schemas["SnowflakeType"] = {
        "type": ["string", "integer"],
        "pattern": raw["SnowflakeType"]["pattern"],
        "minimum": 0,
        "maximum": 2**64 - 1,
    }
    return schemas


@functools.cache
def _registry() -> Registry[Any]:
    return Registry().with_resources(
        (SCHEMA_URI + name, DRAFT202012.create_resource(schema))
        for name, schema in _schemas().items()
    )


@functools.cache
def _operations() -> _Node:
    """Return the spec's operations as a tree of path segments."""
    raw_schemas: JSON = _spec()["components"]["schemas"]
    root = _Node()
    for template, item in _spec()["paths"].items():
        node = root
        for segment in (s for s in template.split("/") if s):
            if segment.startswith("{"):
                node.parameter = node.parameter or _Node()
                node = node.parameter
            else:
                node = node.literal.setdefault(segment, _Node())
        for method in _METHODS:
            op = item.get(method)
            if op is None:
                continue
            request_body = op.get("requestBody") or {}
            content = request_body.get("content") or {}
            schema = (content.get("application/json") or {}).get("schema")
            parameters = [*item.get("parameters", ()), *op.get("parameters", ())]
            declared = [p for p in parameters if p.get("in") == "query" and "schema" in p]
            node.operations[method] = Operation(
                method=method,
                template=template,
                body=None if schema is None else _adjust(schema, raw_schemas),
                body_required=bool(request_body.get("required")),
                query={p["name"]: _adjust(p["schema"], raw_schemas) for p in declared},
                query_kinds={p["name"]: _json_types(p["schema"]) for p in declared},
            )
    return root


@functools.cache
def _body_validator(operation: Operation) -> Validator:
    assert operation.body is not None
    return _Validator(operation.body, registry=_registry())


@functools.cache
def _query_validator(operation: Operation, name: str) -> Validator:
    return _Validator(operation.query[name], registry=_registry())


def _json_types(schema: JSON) -> tuple[str, ...]:
    kinds = schema.get("type", "string")  # a $ref here is a snowflake: a string
    return (kinds,) if isinstance(kinds, str) else tuple(kinds)


def _query_value(kinds: tuple[str, ...], raw: str) -> Any:
    """Read a query string value as the JSON value its schema describes."""
    if "boolean" in kinds:
        # Discord reads true/false and 1/0 (discord.py's webhooks send with_response=1).
        lowered = raw.lower()
        if lowered in ("true", "1"):
            return True
        if lowered in ("false", "0"):
            return False
    if "integer" in kinds or "number" in kinds:
        try:
            return int(raw)
        except ValueError:
            return raw
    return raw


# ---------------------------------------------------------------------------- adjusting


def _adjust(node: Any, raw: JSON) -> Any:
    """Return a copy of a schema node that validates as Discord does, quickly.

    Children are adjusted first. ``raw`` holds the spec's schemas by name, to look into the
    branches of unions.
    """
    if isinstance(node, list):
        return [_adjust(child, raw) for child in node]
    if not isinstance(node, dict):
        return node
    node = {key: _adjust(value, raw) for key, value in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(_SCHEMA_POINTER):
        node["$ref"] = SCHEMA_URI + ref.removeprefix(_SCHEMA_POINTER)
    for key in ("oneOf", "anyOf"):
        branches = node.get(key)
        if not isinstance(branches, list):
            continue
        rest = {k: v for k, v in node.items() if k not in (key, "x-discord-union")}
        if branches and all(set(b) <= {"const", "title", "description"} for b in branches):
            # An enum written as one titled constant per value: the same set as an enum,
            # checked at once instead of trying every branch.
            return {**rest, "enum": [b["const"] for b in branches]}
        others = [b for b in branches if b != {"type": "null"}]
        if len(branches) == 2 and len(others) == 1:
            # "null or X": the same values; errors in X point into X, not at a union.
            return {**rest, _NULLABLE: others[0]}
        tagged = _tagged_union(branches, raw)
        if tagged is not None:
            return {**rest, **tagged}
        # Any other union (a nonce: an integer or a string of 25 characters): a value may
        # fit two branches once integers may be written as strings (below), and Discord
        # takes it as the first it fits, so one fitting branch is enough.
        return {**rest, "anyOf": branches}
    enum = node.get("enum")
    if isinstance(enum, list) and _within(enum, node.get("allOf"), raw):
        # A component's "type": {"enum": [2], "allOf": [MessageComponentTypes]}: the enum
        # already says it all; the allOf only costs a lookup per component.
        del node["allOf"]
    kinds = node.get("type")
    is_integer = kinds == "integer" or (isinstance(kinds, list) and "integer" in kinds)
    if is_integer and not {"enum", "const", "allOf", "oneOf", "anyOf"} & set(node):
        # The spec's README: "some int-parseable strings are typed as integers (Discord
        # accepts both)", e.g. ``default_member_permissions``, which discord.py sends as a
        # string. Such a string is accepted; its range is not checked.
        return {_INTEGER: node}
    return node


def _within(enum: list[Any], all_of: Any, raw: JSON) -> bool:
    """Whether ``allOf`` is one reference to an enum holding every value of ``enum``."""
    if not isinstance(all_of, list) or len(all_of) != 1:
        return False
    ref = all_of[0].get("$ref") if isinstance(all_of[0], dict) else None
    if not isinstance(ref, str):
        return False
    target = raw.get(ref.removeprefix(SCHEMA_URI)) or {}
    values = target.get("enum")
    if values is None and isinstance(target.get("oneOf"), list):
        values = [b.get("const") for b in target["oneOf"] if isinstance(b, dict)]
    return isinstance(values, list) and all(v in values for v in enum)


def _tagged_union(branches: list[Any], raw: JSON) -> JSON | None:
    """Rewrite a union of object schemas told apart by their ``type`` as a tagged union.

    Discord's unions of components, command options and interaction callbacks
    (``x-discord-union``) are all of this kind: each branch requires ``type`` and allows
    values no other branch allows. The rewrite accepts exactly the same objects, but checks
    only the branch an object's ``type`` picks (not all seven), so an error points at the
    field inside that branch, as Discord's do, and an unknown ``type`` gets its own error.
    """
    tags: dict[str, str] = {}
    for branch in branches:
        ref = branch.get("$ref") if isinstance(branch, dict) else None
        if not isinstance(ref, str) or set(branch) != {"$ref"}:
            return None
        target = raw.get(ref.removeprefix(SCHEMA_URI))
        if not isinstance(target, dict) or "type" not in target.get("required", ()):
            return None
        values = (target.get("properties") or {}).get("type", {}).get("enum")
        if not isinstance(values, list) or not values:
            return None
        for value in values:
            if not isinstance(value, int) or str(value) in tags:
                return None
            tags[str(value)] = ref
    return {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": sorted(int(t) for t in tags), _UNION_TAG: True}},
        _TAGGED: tags,
    }


def _nullable(validator: Any, schema: JSON, instance: Any, _: JSON) -> ErrorIter:
    """``x-double-nullable``: null, or a value ``schema`` accepts."""
    if instance is not None:
        yield from validator.descend(instance, schema)


def _integer(validator: Any, schema: JSON, instance: Any, _: JSON) -> ErrorIter:
    """``x-double-integer``: a value ``schema`` accepts, or an integer written as a string."""
    if not isinstance(instance, str):
        yield from validator.descend(instance, schema)
    elif not _INTEGER_TEXT.fullmatch(instance):
        yield ValidationError(f"{instance!r} is not an integer")


def _tagged(validator: Any, tags: JSON, instance: Any, _: JSON) -> ErrorIter:
    """``x-double-tagged``: check an object against the branch its ``type`` names.

    An object without a known ``type`` is reported by the ``properties`` beside it.
    """
    if isinstance(instance, dict):
        tag = instance.get("type")
        if isinstance(tag, int) and not isinstance(tag, bool) and str(tag) in tags:
            yield from validator.descend(instance, {"$ref": tags[str(tag)]})


# Draft 2020-12 plus the two keywords above (``extend`` is unannotated in types-jsonschema).
_Validator: type[Draft202012Validator] = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator, {_NULLABLE: _nullable, _TAGGED: _tagged, _INTEGER: _integer}
)


# ---------------------------------------------------------------------------- errors


def _report(error: ValidationError, errors: FormErrors, prefix: Sequence[str | int]) -> None:
    """Add one schema error to ``errors`` with the code and wording Discord uses."""
    path = [*prefix, *error.absolute_path]
    keyword = error.validator
    value: Any = error.validator_value
    instance = error.instance
    if keyword in ("oneOf", "anyOf"):
        branch = _closest_branch(error.context or [])
        if branch:
            for inner in branch:
                _report(inner, errors, prefix)
            return
        errors.add(path, "UNION_TYPE_CHOICES", "Value matches none of the allowed shapes.")
    elif keyword == "required":
        for name in value:
            if isinstance(instance, dict) and name not in instance:
                errors.add([*path, name], "BASE_TYPE_REQUIRED", "This field is required")
    elif keyword == "type":
        kinds = [value] if isinstance(value, str) else list(value)
        code, message = _type_error(kinds, instance)
        errors.add(path, code, message)
    elif keyword in ("maxLength", "maxItems", "maxProperties"):
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {value} or fewer in length.")
    elif keyword in ("minLength", "minItems", "minProperties"):
        errors.add(path, "BASE_TYPE_MIN_LENGTH", f"Must be {value} or more in length.")
    elif keyword == "maximum":
        errors.add(path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {value}.")
    elif keyword == "minimum":
        errors.add(
            path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {value}."
        )
    elif keyword == "enum" and isinstance(error.schema, dict) and error.schema.get(_UNION_TAG):
        shown = ", ".join(str(v) for v in value)
        errors.add(
            path[:-1], "UNION_TYPE_CHOICES", f'Value of field "type" must be one of ({shown}).'
        )
    elif keyword in ("enum", "const"):
        shown = ", ".join(str(v) for v in (value if keyword == "enum" else [value]))
        errors.add(path, "BASE_TYPE_CHOICES", f"Value must be one of {{{shown}}}.")
    elif keyword == _INTEGER:
        errors.add(path, "NUMBER_TYPE_COERCE", f'Value "{instance}" is not int.')
    elif keyword == "pattern":
        errors.add(path, "STRING_TYPE_REGEX", "String value did not match validation regex.")
    else:
        errors.add(path, "BASE_TYPE_INVALID", error.message)


def _type_error(kinds: list[str], instance: Any) -> tuple[str, str]:
    if instance is None:
        return "BASE_TYPE_REQUIRED", "This field is required"
    if "integer" in kinds or "number" in kinds:
        kind = "int" if "integer" in kinds else "float"
        return "NUMBER_TYPE_COERCE", f'Value "{instance}" is not {kind}.'
    if "boolean" in kinds:
        return "BOOLEAN_TYPE_CONVERT", "Must be either true or false."
    if "object" in kinds:
        return "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"
    if "array" in kinds:
        return "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"
    return "STRING_TYPE_CONVERT", "Could not interpret value as string."


def _closest_branch(context: Iterable[ValidationError]) -> list[ValidationError]:
    """Return the errors of the union branch the value came closest to matching.

    Only untagged unions get here (``_tagged_union`` handles the rest): the branch with the
    fewest type mismatches wins, then the one with the fewest errors.
    """
    by_branch: dict[Any, list[ValidationError]] = {}
    for error in context:
        key = error.relative_schema_path[0] if error.relative_schema_path else None
        by_branch.setdefault(key, []).append(error)
    if not by_branch:
        return []

    def mismatch(error: ValidationError) -> bool:
        return error.validator in ("type", "enum", "const", _INTEGER)

    def distance(errors: list[ValidationError]) -> tuple[int, int]:
        return sum(mismatch(e) for e in errors), len(errors)

    return min(by_branch.values(), key=distance)
