"""Translations with Project Fluent: every text the bot shows, in English and French.

The bot has one catalogue (`bot/locales/<lang>.ftl`) and every game one more
(`bot/games/<game>/locales/<lang>.ftl`) that falls back to the bot's. Code names a text by a
dotted key ("error.not_your_turn"), stored as the Fluent id with dashes ("error-not_your_turn");
plural forms are Fluent select expressions (`{ $count -> [one] … *[other] … }`), chosen with
the CLDR rules of the language. English rules errors come from the game's engine templates,
so the engine stays the one source of those sentences; other languages translate them.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from functools import cache, cached_property
from importlib import resources
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentNone, fluent_number
from fluent.syntax import ast, parse

from engine.core.errors import COMMON
from render.common import FLUENT_FUNCTIONS

LANGUAGES = ("en", "fr")
DEFAULT = "en"

# A variable anywhere in a pattern: `{ $x }`, a selector `{ $x -> …}`, a call `{ DE($x) }`.
_PLACEHOLDER = re.compile(r"\$(\w+)")
_LOCALES = {"en": ["en-US"], "fr": ["fr-FR"]}
# Fluent functions of the French catalogues: `{ DE($source, h: "yes") }` writes "d'Italia" or
# "de Gallia", `{ QUE($player) }` "qu'Alice" or "que Bruno" (h: "yes" for a region's name).
# They live in render/common.py, so that the renderers' words use the very same ones.
FUNCTIONS: dict[str, Any] = dict(FLUENT_FUNCTIONS)


def language(locale: object) -> str:
    """The bot language for a Discord locale (fr, fr-FR... -> fr; anything else -> en)."""
    text = str(getattr(locale, "value", locale) or "").lower()
    return "fr" if text.startswith("fr") else DEFAULT


def fluent_id(key: str) -> str:
    """The Fluent message id of a dotted key."""
    return key.replace(".", "-")


def command_id(text: str) -> str:
    """The Fluent id that translates a slash-command text (a name, description or choice)."""
    return "cmd-" + re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")


def from_format(template: str) -> str:
    """A `str.format` template ({name}) as a Fluent pattern ({ $name })."""
    return re.sub(r"\{(\w+)\}", r"{ $\1 }", template)


def _arg(value: Any) -> Any:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        # Ids and counts are written as digits: no thousands separator in a game number.
        return fluent_number(value, useGrouping=False)
    if value is None:
        return FluentNone("")
    return str(value)


# Parameter types whose value alone decides the text (anything else is formatted each time).
_PLAIN = frozenset({str, int, float, bool, type(None)})
MEMO_TEXTS = 8192  # formatted texts kept per catalogue (then it starts afresh)


class Catalog:
    """One package's texts in every language; keys it lacks come from `parent`."""

    def __init__(
        self,
        package: str,
        parent: Catalog | None = None,
        *,
        errors: Mapping[str, str] | None = None,
    ) -> None:
        self.package = package
        self.parent = parent
        # English rules errors as {key: str.format template}, from the engine's templates.
        self._extra = {f"error.{code}": text for code, text in (errors or {}).items()}
        # Texts already formatted, by (id, language, parameters, how commands are named):
        # the same labels and lines come back every turn, and Fluent formats slowly.
        self._memo: dict[tuple[Any, ...], str] = {}

    def _source(self, lang: str) -> str:
        folder = resources.files(self.package).joinpath("locales")
        path = folder.joinpath(f"{lang}.ftl")
        return path.read_text("utf-8") if path.is_file() else ""

    @cached_property
    def _bundles(self) -> dict[str, FluentBundle]:
        bundles = {}
        for lang in LANGUAGES:
            bundle = FluentBundle(_LOCALES[lang], functions=FUNCTIONS, use_isolating=False)
            if lang == DEFAULT and self._extra:
                extra = "\n".join(
                    f"{fluent_id(k)} = {from_format(v)}" for k, v in sorted(self._extra.items())
                )
                bundle.add_resource(FluentResource(extra))
            # The package's own file last: it may override an extra text.
            bundle.add_resource(FluentResource(self._source(lang)), allow_overrides=True)
            bundles[lang] = bundle
        return bundles

    @cached_property
    def _patterns(self) -> dict[str, dict[str, str]]:
        """The raw pattern text of every own key, per language (for tests and placeholders)."""
        out: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES:
            own: dict[str, str] = {}
            if lang == DEFAULT:
                own.update({fluent_id(k): from_format(v) for k, v in self._extra.items()})
            for entry in parse(self._source(lang)).body:
                if isinstance(entry, ast.Message) and entry.value is not None:
                    own[entry.id.name] = _serialize(entry.value)
            out[lang] = own
        return out

    def own_ids(self, lang: str) -> set[str]:
        """The Fluent ids this package defines itself in `lang`."""
        return set(self._patterns[lang])

    def pattern(self, key: str, lang: str) -> str | None:
        """The raw pattern of a key in a language (own or inherited), or None."""
        ident = fluent_id(key)
        found = self._patterns[lang].get(ident)
        if found is None and self.parent is not None:
            return self.parent.pattern(key, lang)
        return found

    def has(self, key: str) -> bool:
        """True when the key exists in English (here or in the parent)."""
        return self.pattern(key, DEFAULT) is not None

    def placeholders(self, key: str, lang: str = DEFAULT) -> set[str]:
        """The variables a text uses."""
        pattern = self.pattern(key, lang) or ""
        return set(_PLACEHOLDER.findall(pattern))

    def t(self, key: str, lang: str = DEFAULT, /, **params: Any) -> str:
        """The text of `key` in `lang` with its parameters filled in."""
        return self.text(fluent_id(key), lang, params, key)

    def text(self, ident: str, lang: str, params: Mapping[str, Any], key: str = "") -> str:
        """The text of a Fluent id (this catalogue, else the parent; else English)."""
        if not all(type(v) in _PLAIN for v in params.values()):
            return self._format(ident, lang, params, key)
        memo = (ident, lang, _mention, *((k, type(v), v) for k, v in params.items()))
        found = self._memo.get(memo)
        if found is None:
            found = self._format(ident, lang, params, key)
            if len(self._memo) >= MEMO_TEXTS:
                self._memo.clear()
            self._memo[memo] = found
        return found

    def _format(self, ident: str, lang: str, params: Mapping[str, Any], key: str) -> str:
        lang = lang if lang in LANGUAGES else DEFAULT
        for language_ in (lang, DEFAULT) if lang != DEFAULT else (lang,):
            catalog: Catalog | None = self
            while catalog is not None:
                bundle = catalog._bundles[language_]
                if bundle.has_message(ident):
                    message = bundle.get_message(ident)
                    if message.value is not None:
                        args = {k: _arg(v) for k, v in params.items()}
                        text, _errors = bundle.format_pattern(message.value, args)
                        return _with_mentions(str(text))
                catalog = catalog.parent
        raise KeyError(f"no text for {key or ident!r}")

    def command(self, english: str, lang: str) -> str | None:
        """The translation of a slash-command text, or None."""
        ident = command_id(english)
        catalog: Catalog | None = self
        while catalog is not None:
            if ident in catalog._patterns.get(lang, {}):
                return catalog.text(ident, lang, {})
            catalog = catalog.parent
        return None


# A command named in a text, `/game hand` or `/game away days:0`: its path (English, as the
# catalogues write it) and what follows (options to type).
_COMMAND = re.compile(r"`/([a-z][\w-]*(?: [a-z][\w-]*)?)((?: [^`]*)?)`")
_mention: Callable[[str], str] | None = None


def use_command_mentions(mention: Callable[[str], str] | None) -> None:
    """Have every text name slash commands with `mention` ("game hand" -> </game hand:id>,
    which Discord shows clickable and in each reader's language); None: as written."""
    global _mention
    _mention = mention


def command_mentions() -> Callable[[str], str] | None:
    """How texts name slash commands now (a text made with another must be made again)."""
    return _mention


def _with_mentions(text: str) -> str:
    mention = _mention
    if mention is None or "`/" not in text:
        return text

    def replace(found: re.Match[str]) -> str:
        named = mention(found.group(1))
        rest = found.group(2).strip()
        return f"{named} `{rest}`" if rest else named

    return _COMMAND.sub(replace, text)


def _serialize(pattern: ast.Pattern) -> str:
    from fluent.syntax.serializer import serialize_pattern

    return str(serialize_pattern(pattern)).strip()


BOT = Catalog("bot", errors=COMMON.templates)


def t(key: str, lang: str = DEFAULT, /, **params: Any) -> str:
    """A text of the bot itself (not of one game) in `lang`."""
    return BOT.t(key, lang, **params)


def has(key: str) -> bool:
    """True when the bot's catalogue has the key (in English)."""
    return BOT.has(key)


@cache
def placeholders(template: str) -> set[str]:
    """The parameter names a `str.format` template uses."""
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}
