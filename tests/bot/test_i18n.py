"""Every text in English and French: catalogs, commands, events, actions, errors."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.adapter import adapter_for, adapters
from bot.app import GameBot
from bot.config import Config
from bot.games.rattus.adapter import VERBS, describe, narrate, verb_label
from bot.i18n import BOT, LANGUAGES, Catalog, fluent_id, language
from bot.translator import CatalogTranslator
from engine.rattus import GAME
from tests.engine.builders import random_playout

ROOT = Path(__file__).resolve().parents[2]
CATALOGS: list[tuple[str, Catalog]] = [
    ("bot", BOT),
    *((name, a.catalog) for name, a in sorted(adapters().items())),
]


def messages(catalog: Catalog, lang: str) -> set[str]:
    return {i for i in catalog.own_ids(lang) if not i.startswith("cmd-")}


FTL_FILES = sorted(
    p.relative_to(ROOT).as_posix()
    for p in ROOT.glob("**/locales/*.ftl")
    if not p.relative_to(ROOT).as_posix().startswith(".")
)


@pytest.mark.parametrize("path", FTL_FILES)
def test_every_catalogue_file_parses_whole_with_each_key_once(path: str) -> None:
    # Fluent skips what it cannot parse and lets a later message of the same id replace an
    # earlier one, silently: a stray brace was dropped as junk, and one key stood for two
    # texts (a request's "your agreement is not needed" read as a window's "nothing to
    # decide").
    from fluent.syntax import ast, parse

    body = parse((ROOT / path).read_text("utf-8")).body
    junk = [entry.content.strip()[:80] for entry in body if isinstance(entry, ast.Junk)]
    assert junk == [], f"{path}: text Fluent cannot parse"
    ids = [entry.id.name for entry in body if isinstance(entry, ast.Message | ast.Term)]
    assert sorted({i for i in ids if ids.count(i) > 1}) == [], f"{path}: keys defined twice"


@pytest.mark.parametrize(("name", "catalog"), CATALOGS, ids=[n for n, _ in CATALOGS])
def test_both_languages_have_the_same_keys_and_placeholders(name: str, catalog: Catalog) -> None:
    en, fr = messages(catalog, "en"), messages(catalog, "fr")
    assert sorted(en - fr) == [], "keys missing in French"
    assert sorted(fr - en) == [], "French keys with no English text"
    for ident in en:
        key = ident.replace("-", ".")
        assert catalog.placeholders(key, "en") == catalog.placeholders(key, "fr"), ident


@pytest.mark.parametrize("name", sorted(adapters()))
def test_every_engine_error_code_is_translated(name: str) -> None:
    adapter = adapters()[name]
    for code in adapter.engine.messages.codes():
        key = f"error.{code}"
        assert adapter.catalog.pattern(key, "fr") is not None, code
        assert adapter.catalog.placeholders(key, "en") == adapter.catalog.placeholders(key, "fr"), (
            code
        )


def test_every_literal_key_in_the_bot_exists() -> None:
    """Generic modules use the bot's catalogue; a game package may use its own as well."""
    pattern = re.compile(r"\bt\(\s*\"([a-z_]+\.[a-z0-9_.\-]+)\"")
    used = 0
    missing = []
    for path in (ROOT / "bot").rglob("*.py"):
        keys = set(pattern.findall(path.read_text("utf-8")))
        used += len(keys)
        parts = path.relative_to(ROOT / "bot").parts
        in_game = parts[0] == "games" and len(parts) > 2
        if parts == ("adapter.py",):
            # The adapter's base class asks every game for these texts.
            catalogs = [a.catalog for a in adapters().values()]
        else:
            catalogs = [adapters()[parts[1]].catalog if in_game else BOT]
        missing += [f"{path.name}: {k}" for c in catalogs for k in sorted(keys) if not c.has(k)]
    assert used, "the scan found no key"
    assert missing == []


def test_keys_have_one_fluent_id() -> None:
    assert fluent_id("error.not_your_turn") == "error-not_your_turn"
    assert fluent_id("lobby.button.join") == "lobby-button-join"


def test_french_plurals_come_from_the_language_rules() -> None:
    """Fluent picks the CLDR plural category: French counts 0 and 1 as singular."""
    en = BOT.t("pick.group", "en", label="x", count=1)
    assert "1" in en
    assert BOT.t("status.title", "fr", count=12345).startswith("12345")


def test_languages_from_discord_locales() -> None:
    assert language(discord.Locale.french) == "fr"
    assert language("fr") == "fr"
    assert language(discord.Locale.american_english) == "en"
    assert language(discord.Locale.german) == "en"
    assert language(None) == "en"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_and_action_of_a_game_has_words(lang: str) -> None:
    kinds = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        s = GAME.new_game(players, seed)
        names = [f"P{i}" for i in range(players)]
        for event in GAME.setup_events(s):
            assert narrate(event.to_dict(), names, lang)
        for state, seat, action in random_playout(players, seed, policy_seed=seed):
            for legal in GAME.legal_actions(state, seat):
                label = describe(str(legal), lang)
                assert label and "{" not in label, str(legal)
            for event in GAME.apply(state, seat, action).events:
                data = event.to_dict()
                kinds.add(data["type"])
                line = narrate(data, names, lang)
                if data["type"] not in ("turn_began", "game_ended"):
                    assert line and "{" not in line, data
    assert {"plague_moved", "rat_token_revealed", "cubes_placed"} <= kinds
    for verb in (*VERBS, "any"):
        assert verb_label(verb, lang)


async def test_every_slash_command_text_is_translated() -> None:
    """Names, descriptions, parameters and choices all have a French localisation."""
    bot = GameBot(Config(token="x", database_url="sqlite://"), sync_commands=False)
    from bot.cogs.game import GameCog

    await bot.add_cog(GameCog(bot.interactions))
    for adapter in adapters().values():
        await bot.add_cog(adapter.cog(bot.interactions))
    translator = CatalogTranslator()
    missing: list[str] = []

    def check(payload: dict, where: str) -> None:
        if "fr" not in (payload.get("name_localizations") or {}):
            missing.append(f"{where} name {payload['name']!r}")
        if "description" in payload and "fr" not in (
            payload.get("description_localizations") or {}
        ):
            missing.append(f"{where} description of {payload['name']!r}")
        for choice in payload.get("choices", []):
            if "fr" not in (choice.get("name_localizations") or {}):
                missing.append(f"{where} choice {choice['name']!r}")
        for option in payload.get("options", []):
            check(option, f"{where}/{payload['name']}")

    for command in bot.tree.get_commands():
        check(await command.get_translated_payload(bot.tree, translator), "")
    assert missing == []
    names = [
        (await c.get_translated_payload(bot.tree, translator))["name_localizations"]["fr"]
        for c in bot.tree.get_commands()
    ]
    assert sorted(names) == sorted(["partie", *(a.command for a in adapters().values())])
    assert all(re.fullmatch(r"[-_a-z0-9]{1,32}", n) for n in names)


def test_a_game_lacking_a_required_text_is_named_with_what_it_lacks(monkeypatch) -> None:
    """Every game must have its title, rules and help in every language: the check names
    what is missing (adapters() refuses such a game when it loads)."""
    from bot.adapter import REQUIRED_TEXTS, missing_texts

    catalog = adapter_for("piper").catalog
    assert missing_texts(catalog) == [] and "help.game" in REQUIRED_TEXTS
    own = catalog.own_ids
    monkeypatch.setattr(
        catalog, "own_ids", lambda lang: own(lang) - {"help-game"} if lang == "fr" else own(lang)
    )
    assert missing_texts(catalog) == ["fr: help-game"]
