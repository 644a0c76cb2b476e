"""The turn message's controls: one tap acts wherever the choice is public.

Rattus: "Le joueur actif doit obligatoirement [...] placer des cubes [...] Il peut aussi
[...] utiliser les pouvoirs des cartes Classe [...]" Every one of those choices is made on
the turn message itself: a button for a lone action, a menu for several of one kind.
"""

from __future__ import annotations

import asyncio
import copy
import random
from pathlib import Path
from typing import Any

import discord

from bot.adapter import GameAdapter, adapter_for
from bot.ui import MAX_ROWS, turn_view
from engine.rattus import GAME
from tests.bot.harness import running_bot, turn_control, world
from tests.bot.test_e2e import first_turn

RATTUS = adapter_for("rattus")


def controls(view: discord.ui.View) -> list[tuple[str, int, list[str]]]:
    """(custom_id, row, option values) of every item of a view, as Discord receives it."""
    out = []
    for row, payload in enumerate(view.to_components()):
        for c in payload["components"]:
            out.append((c["custom_id"], row, [o["value"] for o in c.get("options", [])]))
    return out


def test_the_first_turn_is_one_menu_of_regions() -> None:
    state = GAME.new_game(2, 1, {})
    seat = next(iter(GAME.to_move(state)))
    legal = [str(a) for a in GAME.legal_actions(state, seat)]
    view = turn_view(RATTUS, 7, 0, {seat: legal}, "en")
    assert view is not None
    assert controls(view) == [("rc:7:0:open", 0, legal)]
    (select,) = view.to_components()[0]["components"]
    assert select["placeholder"] and select["min_values"] == select["max_values"] == 1
    assert all(0 < len(o["label"]) <= 100 for o in select["options"])


def test_every_rattus_decision_is_one_tap_or_a_private_picker() -> None:
    """Across random games: a public verb with several actions is a menu (when it fits), a
    lone public action a button, and nothing private is ever listed."""
    rnd = random.Random(5)
    menus = 0
    for g in range(12):
        state = GAME.new_game(3, g, {"expansion": "africanus"} if g % 2 else {})
        for _ in range(200):
            if GAME.is_over(state):
                break
            seats = sorted(GAME.to_move(state))
            seat = seats[0]
            legal = {s: [str(a) for a in GAME.legal_actions(state, s)] for s in seats}
            view = turn_view(RATTUS, 1, 0, legal, "en", window=len(seats) > 1)
            assert view is not None
            rows = {row for _, row, _ in controls(view)}
            assert len(rows) <= MAX_ROWS
            for custom_id, _, options in controls(view):
                if custom_id.startswith("rc:"):
                    menus += 1
                    verb = custom_id.split(":")[3]
                    assert verb in RATTUS.listed_verbs
                    assert 1 < len(options) <= 25
                    assert not any(RATTUS.is_private(x) for x in options)
                    assert options == [x for x in legal[seat] if RATTUS.verb(x) == verb]
            state = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat))).state
    assert menus > 100


class Many(GameAdapter):
    """Seven verbs of several public actions each: more menus than a message has rows."""

    name = "rattus"
    verbs = tuple(f"v{i}" for i in range(7))
    listed_verbs = frozenset(verbs)

    def label(self, action: str, lang: str, view: Any = None) -> str:
        return action

    def verb_label(self, verb: str, lang: str) -> str:
        return verb


def test_menus_that_do_not_fit_become_picker_buttons() -> None:
    actions = [f"v{i} {j}" for i in range(7) for j in range(3)] + ["v6 x"]
    view = turn_view(Many(), 1, 2, {0: actions}, "en")
    assert view is not None
    found = controls(view)
    menus = [c for c, _, _ in found if c.startswith("rc:")]
    pickers = [c for c, _, _ in found if ":k:" in c]
    assert menus == [f"rc:1:2:v{i}" for i in range(4)]  # the game's first verbs keep menus
    assert pickers == ["rt:1:2:k:v4", "rt:1:2:k:v5", "rt:1:2:k:v6"]
    assert len({row for _, row, _ in found}) == MAX_ROWS


async def test_a_forged_menu_choice_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """A choice that is not one of the menu's: another verb's action, a private one, none."""
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        game, message, user = await first_turn(w, bot)
        control = turn_control(message)
        before = copy.deepcopy(message.components)
        forged = [["take king"], ["choose 1"], ["open atlantis"], [], ["open gallia", "x"]]
        records = [
            await d.forge_click(user, message, control["custom_id"], component_type=3, values=v)
            for v in forged
        ]
        records.append(await d.forge_click(user, message, control["custom_id"], component_type=2))
        await asyncio.gather(*(r.wait_done() for r in records))
        for r in records:
            assert r.ephemeral and r.content, r
        assert (await bot.service.store.get_game(game.id)).seq == game.seq
        assert d.message(message.id).components == before
