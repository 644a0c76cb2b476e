"""The turn message's controls: one tap acts wherever the choice is public.

Rattus: "Le joueur actif doit obligatoirement [...] placer des cubes [...] Il peut aussi
[...] utiliser les pouvoirs des cartes Classe [...]" Every one of those choices is made on
the turn message itself: a button for a lone action, a menu for several of one kind.
"""

from __future__ import annotations

import asyncio
import copy
import random
import types
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.adapter import GameAdapter, adapter_for
from bot.interactions import play
from bot.ui import MAX_ROWS, bound_items, turn_view
from discord_double.player import turn_choices
from engine.rattus import GAME
from tests.bot.harness import current_turn, mover, running_bot, turn_control, use_control, world
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


@pytest.mark.slow
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

    def describe(self, action: str, lang: str, view: Any = None) -> str:
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


@pytest.mark.slow
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
            assert r.ephemeral and r.text, r
        assert (await bot.service.store.get_game(game.id)).seq == game.seq
        assert d.message(message.id).components == before


def board_files(response: Any) -> list[str]:
    """Names of the board images an answer to an interaction carried."""
    payload = response.payload if isinstance(response.payload, dict) else {}
    data = payload.get("data", payload) or {}
    return [str(a.get("filename", "")) for a in data.get("attachments") or []]


async def play_until(w: Any, bot: Any, rnd: random.Random, want_same_mover: bool) -> Any:
    """Public one-tap moves until one keeps (or passes) the turn as wanted: its record."""
    for _ in range(60):
        message = current_turn(w)
        assert message is not None
        user = mover(w, message)
        controls = [c for c in turn_choices(message) if ":k:" not in c["custom_id"]]
        if not controls:
            return None
        control = rnd.choice(controls)
        option = rnd.randrange(len(control.get("options") or [None]))
        record = await use_control(w, user, message, control, option)
        await record.wait_acked()
        await bot.service.idle()
        await bot.publisher.idle()
        after = current_turn(w)
        if (after is not None and after.id == message.id) == want_same_mover:
            return record
    return None


@pytest.mark.slow
async def test_a_click_that_keeps_the_turn_is_answered_by_the_edited_turn_in_one_call(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """The mover goes on: the click's own answer is the edited turn message (its story and
    controls; it keeps the board it was posted with, nothing uploaded again), one call, no
    webhook edit after it. (The answer is given all the time it needs here: how soon it is
    ready is the benchmark's business, not this test's.)"""
    monkeypatch.setattr(play, "ANSWER_WAIT", 60.0)
    async with world(tmp_path) as w, running_bot(w) as bot:
        await first_turn(w, bot)
        record = await play_until(w, bot, random.Random(3), want_same_mover=True)
        assert record is not None, "no move kept the turn"
        (answer,) = record.responses
        assert answer.kind == "callback" and answer.callback_type == 7
        assert not board_files(answer)  # the attachment the message has is kept
        media = [
            item["media"]["url"]
            for c in answer.payload["data"]["components"]
            for inner in c.get("components", [])
            if inner["type"] == 12
            for item in inner["items"]
        ]
        turn = current_turn(w)
        assert turn is not None and media
        assert media == [f"attachment://{a.filename}" for a in turn.attachments]


@pytest.mark.slow
async def test_a_click_that_passes_the_turn_is_answered_then_followed_by_the_new_turn(
    tmp_path: Path,
) -> None:
    """The turn passes: the answer is the clicked message shrunk to the one line of its turn
    (its controls and board gone, no board needed: one call), and the new turn message (a
    new message, so the next player is notified) follows on the same interaction."""
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await first_turn(w, bot)
        mark = d.request_mark()
        record = await play_until(w, bot, random.Random(4), want_same_mover=False)
        assert record is not None, "no move passed the turn"
        kinds = [(r.kind, r.callback_type) for r in record.responses]
        assert kinds == [("callback", 7), ("followup", None)]
        kept = record.responses[0].payload["data"]["components"]
        assert kept and all(c["type"] == 10 for c in kept)  # one line of text, nothing else
        assert "<@" in record.responses[1].message.text
        assert any(n.startswith("board-") for n in board_files(record.responses[1]))
        assert d.request_counts(mark)["channel"] == 0


@pytest.mark.slow
async def test_a_click_not_answered_in_time_is_answered_by_removing_its_controls(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """No wait at all: the click is answered at once (its controls removed), and the edited
    turn follows by editing that answer, still without a rate-limited call."""
    monkeypatch.setattr(play, "ANSWER_WAIT", 0.0)
    async with world(tmp_path) as w, running_bot(w) as b:
        d = w.double
        await first_turn(w, b)
        mark = d.request_mark()
        record = await play_until(w, b, random.Random(3), want_same_mover=True)
        assert record is not None
        kinds = [(r.kind, r.callback_type) for r in record.responses]
        assert kinds == [("callback", 7), ("edit", None)]
        assert not board_files(record.responses[0]) and not board_files(record.responses[1])
        assert d.request_counts(mark)["channel"] == 0


async def test_an_item_rebuilt_from_its_id_hands_its_click_over_as_routing_does() -> None:
    """discord.py's own dispatch rebuilds an item (`from_custom_id`) and calls its callback;
    the bot routes a click by its custom_id alone (`clicked`). Both reach the same handler
    with the same arguments, read from the custom_id (and a select's choice)."""

    class Routes:
        def __init__(self) -> None:
            self.calls: list[tuple[str, tuple[Any, ...]]] = []

        def too_late(self, interaction: Any) -> bool:
            return False

        def __getattr__(self, name: str) -> Any:
            async def handler(interaction: Any, *args: Any) -> None:
                self.calls.append((name, args))

            return handler

    routes = Routes()
    items: dict[str, Any] = {cls.__name__: cls for cls in bound_items(routes)}

    def click() -> Any:
        return types.SimpleNamespace(data={"values": ["open gallia"]})

    built = [
        items["TurnSelect"](5, 7, "open"),
        items["PickSelect"](5, 7, "open"),
        items["TurnButton"](5, 7, "a", "take king", label="Take"),
        items["PickButton"](5, 7, "place", "place 1 gallia", label="Place"),
        items["LobbyButton"](5, "join", label="Join"),
        items["RequestButton"](9, "no", label="No"),
        items["RematchButton"](5, label="Again"),
        items["StallButton"](5, 7, "ai", label="AI"),
        items["AbandonButton"](5, 42, "yes", label="Yes"),
    ]
    for item in built:
        await item.callback(click())
        match = type(item).__discord_ui_compiled_template__.fullmatch(item.custom_id)
        assert match is not None
        await type(item).clicked(click(), match)
    assert routes.calls[::2] == routes.calls[1::2]
    assert routes.calls[::2] == [
        ("turn_select", (5, 7, "open", "open gallia")),
        ("picked", (5, 7, "open", "open gallia")),
        ("turn_button", (5, 7, "a", "take king")),
        ("picked", (5, 7, "place", "a:place 1 gallia")),
        ("lobby_button", (5, "join")),
        ("vote", (9, False)),
        ("rematch", (5,)),
        ("stall_choice", (5, 7, "ai")),
        ("abandon_choice", (5, 42, True)),
    ]
