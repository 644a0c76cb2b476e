"""Translations: every text the bot shows, in English and French (bot/locales/*.json).

Keys are flat and dotted ("error.not_your_turn"). Parameters named region, source, target
and card are ids, turned into the language's names here, so callers never pre-translate.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "fr")
DEFAULT = "en"

_REGION_KEYS = {"region", "source", "target", "via", "first", "second", "region2"}
_CARD_KEYS = {"card", "protected", "class_card"}


def language(locale: object) -> str:
    """The bot language for a Discord locale (fr, fr-FR... -> fr; anything else -> en)."""
    text = str(getattr(locale, "value", locale) or "").lower()
    return "fr" if text.startswith("fr") else DEFAULT


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every key of one language.

    English rules errors come from the engine's own templates (error.<code>), so the engine
    stays the one source of those sentences; other languages translate them here.
    """
    text = resources.files("bot").joinpath("locales", f"{lang}.json").read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    if lang == DEFAULT:
        from engine.core.registry import get_game, registered_games

        for name in registered_games():
            for code, template in get_game(name).messages.codes().items():
                data.setdefault(f"error.{code}", template)
    return data


def has(key: str) -> bool:
    """True when the key exists (in English)."""
    return key in catalog(DEFAULT)


def name_of(kind: str, ident: str, lang: str) -> str:
    """The display name of a region or class card in a language."""
    return catalog(lang).get(f"{kind}.{ident}") or catalog(DEFAULT).get(f"{kind}.{ident}", ident)


def t(key: str, lang: str = DEFAULT, /, **params: Any) -> str:
    """The text of `key` in `lang` with its parameters filled in."""
    lang = lang if lang in LANGUAGES else DEFAULT
    template = catalog(lang).get(key)
    if template is None:
        template = catalog(DEFAULT).get(key)
    if template is None:
        raise KeyError(f"no text for {key!r}")
    return template.format_map(_Params(params, lang))


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


class _Params(dict[str, Any]):
    def __init__(self, params: Mapping[str, Any], lang: str) -> None:
        super().__init__()
        for key, value in params.items():
            if key in _REGION_KEYS and isinstance(value, str):
                value = name_of("region", value, lang)
            elif key in _CARD_KEYS and isinstance(value, str):
                value = name_of("card", value, lang)
            elif key in ("phase", "what") and isinstance(value, str):
                value = catalog(lang).get(f"{key}.{value}", value)
            elif key == "region_card" and isinstance(value, str) and "-" in value:
                from bot.games.rattus import region_card

                value = region_card(value, lang)
            self[key] = value

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
