"""Issue 25: hostile interactions (blank select values, a file the payload does not carry,
options unlike the registered command) get a clear private answer in the user's language and
change nothing; the log has no traceback, and a payload unlike its command is one warning."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from discord_double import InteractionRecord
from discord_double.player import turn_choices
from tests.bot.harness import World, current_turn, running_bot, world


async def started(w: World, bot: Any) -> int:
    """A Rattus game of alice and bob, its first turn posted; its id."""
    d = w.double
    await (await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")).wait_done()
    await (await d.slash(w.bob, w.channel, "game join")).wait_done()
    await (await d.slash(w.alice, w.channel, "game start")).wait_done()
    await bot.service.idle()
    await bot.publisher.idle()
    game = await bot.service.store.open_game_in(w.channel.id)
    assert game is not None
    return game.id


def answered(r: InteractionRecord, key: str, lang: str) -> bool:
    """Whether the interaction was answered privately with that error, in that language."""
    return r.ephemeral and r.text == "⚠️ " + t(key, lang)


async def refused_to_both(w: World, message: Any, custom_id: str, **forged: Any) -> None:
    """A forged click on `custom_id`, by alice (English) and by bob (French), each answered
    privately with the "bad choice" error in their language."""
    for user, lang in ((w.alice, "en"), (w.bob, "fr")):
        r = await w.double.forge_click(user, message, custom_id, **forged)
        await r.wait_done()
        assert answered(r, "error.bad_choice", lang), (custom_id, forged, r.describe())


def clean(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Log records that are errors or carry a traceback."""
    return [
        f"{r.levelname} {r.name}: {r.getMessage()}"
        for r in caplog.records
        if r.exc_info or r.levelno >= logging.ERROR
    ]


@pytest.mark.slow
async def test_blank_select_values_are_refused_privately(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    async with world(tmp_path) as w, running_bot(w) as bot:
        game_id = await started(w, bot)
        message = current_turn(w)
        assert message is not None
        select = next(c for c in turn_choices(message) if c["custom_id"].startswith("rc:"))
        picker = f"rp:{game_id}:0:any"
        for custom_id, values in [
            (select["custom_id"], [" "]),
            (select["custom_id"], [""]),
            (select["custom_id"], ["   "]),
            (select["custom_id"], []),
            (picker, ["a: "]),
            (picker, ["g:  "]),
            (picker, ["a:"]),
        ]:
            await refused_to_both(w, message, custom_id, component_type=3, values=values)
        assert (await bot.service.store.get_game(game_id)).seq == 0
        assert clean(caplog) == []


@pytest.mark.slow
async def test_payloads_unlike_the_command_are_one_warning_and_a_private_answer(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        game_id = await started(w, bot)
        record = d.upload(w.channel, "record.json", b"{}")
        cases: list[tuple[str, list[dict[str, Any]]]] = [
            # A file named by id only (not in `resolved`).
            (
                "game",
                [
                    {
                        "name": "replay",
                        "type": 1,
                        "options": [
                            {"name": "turn", "type": 4, "value": 0},
                            {"name": "record", "type": 11, "value": str(record.id)},
                        ],
                    }
                ],
            ),
            # A user named by id only.
            (
                "game",
                [
                    {
                        "name": "takeover",
                        "type": 1,
                        "options": [{"name": "player", "type": 6, "value": str(w.alice.id)}],
                    }
                ],
            ),
            # A required option missing; an option of another type; one it does not have.
            ("game", [{"name": "takeover", "type": 1, "options": []}]),
            ("game", [{"name": "away", "type": 1, "options": [{"name": "days", "type": 3}]}]),
            ("game", [{"name": "undo", "type": 1, "options": [{"name": "x", "type": 5}]}]),
            # The group itself, a subcommand and a group that do not exist, another command.
            ("game", [{"name": "turn", "type": 4, "value": 1}]),
            ("game", [{"name": "kick", "type": 1, "options": []}]),
            ("game", [{"name": "old", "type": 2, "options": [{"name": "undo", "type": 1}]}]),
            ("game", [{"name": "undo", "type": 2, "options": [{"name": "undo", "type": 1}]}]),
            ("chess", [{"name": "move", "type": 1, "options": []}]),
        ]
        for name, options in cases:
            caplog.clear()
            r = await (await d.forge_slash(w.bob, w.channel, name, options)).wait_done()
            assert answered(r, "error.stale_command", "fr"), (options, r.describe())
            warnings = [x for x in caplog.records if x.levelno >= logging.WARNING]
            assert [x.levelno for x in warnings] == [logging.WARNING], (options, warnings)
            assert "does not match the registered command" in warnings[0].getMessage()
            assert clean(caplog) == [], options
        assert (await bot.service.store.get_game(game_id)).seq == 0
        game = await bot.service.store.get_game(game_id)
        assert not any(p.stand_in for p in game.players)


@pytest.mark.slow
async def test_what_reaches_the_command_anyway_is_answered_without_a_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Below the tree's check: a file that is not one, and discord.py's own
    CommandSignatureMismatch, are still answered privately, with no traceback."""
    caplog.set_level(logging.INFO)
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await started(w, bot)

        async def admit(interaction: Any) -> bool:
            return True

        monkeypatch.setattr(bot.tree, "interaction_check", admit)
        record = d.upload(w.channel, "record.json", b"{}")
        options = [
            {"name": "turn", "type": 4, "value": 0},
            {"name": "record", "type": 11, "value": str(record.id)},
        ]
        r = await d.forge_slash(
            w.bob, w.channel, "game", [{"name": "replay", "type": 1, "options": options}]
        )
        assert answered(await r.wait_done(), "error.record_missing", "fr"), r.describe()

        caplog.clear()
        missing = [{"name": "takeover", "type": 1, "options": []}]
        r = await (await d.forge_slash(w.alice, w.channel, "game", missing)).wait_done()
        assert answered(r, "error.stale_command", "en"), r.describe()
        warnings = [x for x in caplog.records if x.levelno >= logging.WARNING]
        assert [x.levelno for x in warnings] == [logging.WARNING], warnings
        assert "CommandSignatureMismatch" in warnings[0].getMessage()
        assert clean(caplog) == []


async def test_a_click_its_message_does_not_carry_is_refused_privately(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A custom_id of this bot's on a message that has no such component, or sent as a
    component of another type than the one it names, is refused in the clicker's language
    and changes nothing (the bot routes a click only to a component its message carries)."""
    caplog.set_level(logging.INFO)
    async with world(tmp_path) as w, running_bot(w) as bot:
        game_id = await started(w, bot)
        message = current_turn(w)
        assert message is not None
        control = turn_choices(message)[0]
        other = 3 if control["type"] == 2 else 2
        cases = [
            (f"rt:{game_id}:0:a:forged", 2, False),  # not on the message
            (control["custom_id"], other, True),  # passed off as another type of component
            (f"rl:{game_id}:start", 2, False),  # a lobby button on a turn message
        ]
        for custom_id, kind, added in cases:
            await refused_to_both(w, message, custom_id, component_type=kind, add_to_message=added)
        assert (await bot.service.store.get_game(game_id)).seq == 0
        assert clean(caplog) == []
