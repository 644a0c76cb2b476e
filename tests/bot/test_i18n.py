"""Every text in English and French: catalogs, commands, events, actions, errors."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.app import RattusBot
from bot.config import Config
from bot.games.rattus import VERBS, describe, narrate, verb_label
from bot.i18n import LANGUAGES, catalog, language, placeholders
from bot.translator import CatalogTranslator
from engine.rattus import GAME
from tests.engine.builders import random_playout

ROOT = Path(__file__).resolve().parents[2]


def messages(lang: str) -> dict[str, str]:
    return {k: v for k, v in catalog(lang).items() if not k.startswith("cmd.")}


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    en, fr = messages("en"), messages("fr")
    assert sorted(set(en) - set(fr)) == [], "keys missing in French"
    assert sorted(set(fr) - set(en)) == [], "French keys with no English text"
    for key in en:
        assert placeholders(en[key]) == placeholders(fr[key]), key


def test_every_engine_error_code_is_translated() -> None:
    for code, template in GAME.messages.codes().items():
        assert f"error.{code}" in catalog("fr"), code
        assert placeholders(template) == placeholders(catalog("fr")[f"error.{code}"]), code


def test_every_literal_key_in_the_bot_exists() -> None:
    used = set()
    for path in (ROOT / "bot").rglob("*.py"):
        used |= set(re.findall(r"\bt\(\s*\"([a-z_]+\.[a-z0-9_.\-]+)\"", path.read_text("utf-8")))
    assert used, "the scan found no key"
    missing = sorted(k for k in used if k not in catalog("en"))
    assert missing == []


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
    bot = RattusBot(Config(token="x", database_url="sqlite://"), sync_commands=False)
    from bot.cogs.game import GameCog
    from bot.cogs.rattus import RattusCog

    await bot.add_cog(GameCog(bot))
    await bot.add_cog(RattusCog(bot))
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
    assert sorted(names) == ["partie", "rattus"]
    assert all(re.fullmatch(r"[-_a-z0-9]{1,32}", n) for n in names)
