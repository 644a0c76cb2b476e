"""Rattus Cartus end to end: the real discord.py client against the local Discord double.

People only click what a person can click (buttons, pickers, DM pickers, slash commands); the
tests read the database only to know what to check. Every version of every public message
(each edit included) is recorded and scanned: no card of a hidden hand and no rat total
appears in it, nor in any of its buttons, before the game's end reveals them.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.games.cartus.adapter import ADAPTER
from bot.games.cartus.private import hand_line
from bot.games.cartus.words import card_name, card_phrase
from discord_double import DoubleMessage, DoubleUser
from discord_double.player import Table, components, turn_seq
from engine.cartus import GAME
from engine.cartus.data import card_ids
from tests.bot.harness import World, dm_versions, running_bot, world

PNG = b"\x89PNG\r\n\x1a\n"
MINUTE = 60.0
# Every way a line names one card (both languages); the bare pile words (Sword, Or...) also
# name a pile or a reason, and are left out.
CARD_WORDS = sorted(
    {card_name(c, lang) for c in card_ids() for lang in ("en", "fr") if c[-1].isdigit()}
    | {card_phrase(c, lang) for c in card_ids() for lang in ("en", "fr")},
    key=len,
    reverse=True,
)
# Lines that show cards everybody may see: cards turned face up, a Hospital discard, a Pass
# played, and the end.
SHOWN = ("🂡", "🏥", "🎫", "☠️", "⛪", "🐀 🟧", "🐀 🟦", "🐀 🟩", "🐀 🟨")
RAT_TOTAL = re.compile(r"(Your rats|Vos rats)|🐀 \d")


class Clock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Seen:
    """Every version of every public message of the channel (content and button labels)."""

    def __init__(self, w: World) -> None:
        self.w = w
        self.versions: list[tuple[str, list[str]]] = []

    def __call__(self, message: DoubleMessage, created: bool) -> None:
        if message.channel_id != self.w.channel.id or message.ephemeral_for is not None:
            return
        labels = [str(c.get("label") or "") for c in components(message)]
        labels += [str(o.get("label")) for c in components(message) for o in c.get("options", [])]
        self.versions.append((message.text, labels))

    def check(self) -> int:
        """Scan every version shown before the end; return how many lines were read."""
        read = 0
        for content, labels in self.versions:
            if "🏁" in content:
                continue  # the end reveals hands, rats and the Nun row
            # A turn message tells a player's turn on one line, its lines joined by " · ".
            for line in [*re.split(r"\n| · ", content), *labels]:
                read += 1
                if line.startswith(SHOWN) and "🃏" not in line:
                    assert not RAT_TOTAL.search(line.replace("🐀 🟧", "").replace("🐀 🟦", ""))
                    continue
                named = [word for word in CARD_WORDS if word in line]
                assert not named, (named, line)
                assert not RAT_TOTAL.search(line), line
                assert "Your hand" not in line and "Votre main" not in line, line
        return read


def cartus_table(w: World, users: list[DoubleUser]) -> Table:
    return Table(w.double, w.channel, users, command="cartus")


async def open_game(w: World, users: list[DoubleUser], **options: str) -> None:
    d = w.double
    r = await d.slash(users[0], w.channel, "game new", thread=False, game="cartus", **options)
    lobby = await (await r.wait_done()).wait_public()
    assert not lobby.ephemeral and "Rattus Cartus" in lobby.text, lobby.text
    for user in users[1:]:
        await (await d.slash(user, w.channel, "game join")).wait_done()
    start = await d.slash(users[0], w.channel, "game start")
    await start.wait_done()
    assert start.ephemeral and "started" in start.text


async def game_state(bot: Any, w: World) -> tuple[Any, Any]:
    game = await bot.service.store.latest_game_in(w.channel.id)
    assert game is not None
    return game, await bot.service.state_of(game)


def seat_users(game: Any, w: World) -> dict[int, DoubleUser]:
    users = {u.id: u for u in (w.alice, w.bob, w.carol, w.dave, w.erin)}
    return {p.seat: users[p.user_id] for p in game.seated() if p.user_id in users}


@pytest.mark.slow
async def test_a_whole_two_player_game_in_english(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w, seed=2012) as bot:
        d = w.double
        seen = Seen(w)
        d.observers.append(seen)
        await open_game(w, [w.alice, w.dave])
        table = cartus_table(w, [w.alice, w.dave])
        rnd = random.Random(12)
        moves = 0
        while not table.over():
            record = await table.play_one(rnd, use_slash=moves % 4 == 3)
            if moves % 4 == 3 or record.name.startswith(("rp:", "rb:")):
                assert record.text.startswith("✅"), record.text
            moves += 1
            assert moves < 900
            if moves == 12:
                # Mid-game: the private information, for its owner only, with its picture.
                hand = await d.slash(w.alice, w.channel, "game hand")
                await hand.wait_done()
                assert hand.ephemeral and "Your hand" in hand.text
                assert "Your rats:" in hand.text
                assert any(f.data.startswith(PNG) for f in hand.files)
                rules = await d.slash(w.dave, w.channel, "game rules")
                await rules.wait_done()
                assert rules.ephemeral and "Rattus Cartus in short" in rules.text
                assert "Supply: clockwise" in rules.text
        await bot.service.idle()
        final = d.channel_messages(w.channel)[-1]
        assert "🏁" in final.text and "🥇" in final.text and "VP" in final.text
        assert final.attachments and final.attachments[0].data.startswith(PNG)
        assert seen.check() > 200

        game, state = await game_state(bot, w)
        assert game.status == "over" and GAME.is_over(state)
        users = seat_users(game, w)
        for seat, user in users.items():
            dms = dm_versions(w, user)
            # The dealt hand came by DM; the last hand line is the hand the end revealed.
            first = GAME.setup_events(await bot.service.state_at(game, 0))
            dealt = next(e for e in first if e.kind == "hand_dealt" and e.seat == seat)
            assert any(all(card_name(c, "en") in m for c in dealt.cards) for m in dms)
            hands = [
                line for m in dms for line in m.splitlines() if line.startswith("🃏 Your hand")
            ]
            assert hands[-1] == hand_line(GAME.view(state, seat), "en")
            # Nobody's DMs show a rat total but their own (it ends as the revealed one).
            rats = [line for m in dms for line in m.splitlines() if line.startswith("🐀 Your")]
            assert rats and rats[-1] == f"🐀 Your rats: {GAME.view(state, seat)['rats']}."
        # The log and a replay of round 2 work once the game is over.
        log = await d.slash(w.alice, w.channel, "game log", page=1)
        await log.wait_done()
        assert log.ephemeral and "page 1/" in log.text and "Round 1/10" in log.text, log.text
        replay = await d.slash(w.dave, w.channel, "game replay", turn=2)
        await replay.wait_done()
        assert replay.ephemeral and "end of turn 2" in replay.text
        assert "takes the supply action" in replay.text, replay.text
        assert any(f.data.startswith(PNG) for f in replay.files)
        assert not d.unknown_requests


async def _settle(bot: Any, w: World) -> None:
    await bot.service.idle()


def _pickers(w: World, user: DoubleUser) -> list[DoubleMessage]:
    return [
        m
        for m in w.double.dms(user)
        if any(c.get("custom_id", "").startswith("rp:") for c in components(m))
    ]


async def _pick(w: World, user: DoubleUser, message: DoubleMessage, text: str) -> Any:
    """Choose `text` in a picker (through a narrower list when the picker groups options)."""
    d = w.double
    while True:
        taps = [c for c in components(message) if c["custom_id"].startswith("rb:")]
        if taps:
            # Cards placed face down: one button each, one tap.
            tap = next(c for c in taps if c["custom_id"].endswith(f":{text}"))
            record = await d.click(user, message, tap["custom_id"])
            await record.wait_done()
            return record
        select = next(c for c in components(message) if c["custom_id"].startswith("rp:"))
        values = [o["value"] for o in select["options"]]
        value = f"a:{text}"
        if value not in values:
            value = next(v for v in values if v.startswith("g:") and text.startswith(v[2:]))
        record = await d.select(user, message, select["custom_id"], [value])
        await record.wait_done()
        if value.startswith("a:"):
            return record
        message = d.message(message.id)


async def _act(w: World, table: Table, user: DoubleUser, text: str) -> None:
    """Play `text` from the turn message: its own button, or its verb's private picker."""
    d = w.double
    message = table.current_turn()
    assert message is not None, [(m.id, m.text[:200], components(m)) for m in table.messages()[-4:]]
    buttons = [c["custom_id"] for c in components(message) if c["custom_id"].startswith("rt:")]
    direct = [b for b in buttons if b.endswith(f":a:{text}")]
    if direct:
        record = await d.click(user, message, direct[0])
        await record.wait_acked()
        return
    verb = next(
        b for b in buttons if b.endswith(f":k:{ADAPTER.verb(text)}") or b.endswith(":k:any")
    )
    record = await d.click(user, message, verb)
    await record.wait_done()
    assert record.ephemeral and record.message is not None
    answer = await _pick(w, user, record.message, text)
    assert answer.text.startswith("✅"), answer.text


def _policy(view: dict[str, Any], legal: list[str], rnd: random.Random) -> str:
    """Bring Swords into play: enter the Castle, take what is offered, place every Sword in the
    building everyone enters, and keep the visits short."""
    phase = view["phase"]
    if phase == "visit":
        castle = [b["position"] for b in view["row"] if b["type"] == "castle"]
        return f"enter {castle[0] + 1}" if castle else "enter 1"
    if phase == "place":
        if "play sword" in legal:
            return "play sword"
        plays = [a for a in legal if a.startswith("play")]
        placed = sum(
            len(v["cards"] or [])
            for b in view["row"]
            for v in b["visits"]
            if v["seat"] == view["seat"]
        )
        return plays[0] if plays and placed < 1 else "done"
    if phase == "gain":
        return "take"
    if phase == "hospital":
        return "done"
    return rnd.choice(legal)


@pytest.mark.slow
async def test_four_players_a_simultaneous_supply_and_sword_windows_by_dm(tmp_path: Path) -> None:
    """Windows reach their seats by DM with a picker; one Sword window is answered by its
    giver, another times out (a test clock: no waiting) and the default is given and logged;
    a simultaneous supply is answered in secret by three and times out for the fourth."""
    async with world(tmp_path) as w, running_bot(w, seed=1347) as bot:
        d = w.double
        clock = Clock()
        bot.scheduler.clock = clock
        seen = Seen(w)
        d.observers.append(seen)
        people = [w.alice, w.bob, w.dave, w.erin]
        await open_game(
            w,
            people,
            variant="simultaneous",
            setup="Farm, Marketplace, Monastery, Castle, Fortune-teller's tent, Palace",
        )
        table = cartus_table(w, people)
        rnd = random.Random(5)
        supply_timeout = sword_answered = sword_timeout = False
        for _ in range(400):
            await _settle(bot, w)
            game, state = await game_state(bot, w)
            users = seat_users(game, w)
            decision = GAME.decision(state)
            if GAME.is_over(state) or (supply_timeout and sword_answered and sword_timeout):
                break
            if decision.window:
                # The turn message asks privately: one button that opens each seat's picker.
                turn = table.current_turn()
                assert turn is not None and turn_seq(turn) == game.seq
                assert [c["custom_id"].split(":")[-1] for c in components(turn)] == ["any"]
                seats = sorted(decision.seats)
                for seat in seats:
                    picker = _pickers(w, users[seat])[-1]
                    legal = [str(a) for a in GAME.legal_actions(state, seat)]
                    offered = [
                        o["value"][2:]
                        for c in components(picker)
                        for o in c.get("options", [])
                        if c["custom_id"].startswith("rp:")
                    ]
                    assert offered == legal  # exactly this seat's choices, in its own DMs
                    assert "⏳" in picker.text
                if decision.phase == "supply" and not supply_timeout:
                    # Three answer in secret; the last lets the window run out.
                    late = seats[-1]
                    for seat in seats[:-1]:
                        picker = _pickers(w, users[seat])[-1]
                        answer = await _pick(w, users[seat], picker, rnd.choice(legal))
                        assert answer.text.startswith("✅"), answer.text
                    await _settle(bot, w)
                    game, before = await game_state(bot, w)
                    assert GAME.to_move(before) == {late}
                    expected = str(GAME.default_action(before, late))
                    await _time_out(bot, clock, w)
                    game, after = await game_state(bot, w)
                    rows = await bot.service.store.actions(game.id)
                    mine = [r for r in rows if r.seat == late and r.origin == "timeout"]
                    assert [r.action for r in mine] == [expected]
                    assert GAME.decision(after).phase != "supply"
                    _assert_logged(seen, users[late])
                    supply_timeout = True
                    continue
                if decision.phase == "sword_give" and not sword_answered:
                    (giver,) = seats
                    owed = int(GAME.view(state, giver)["pending"]["owed"][str(giver)])
                    dm = _pickers(w, users[giver])[-1].text
                    assert "Sword!" in dm or "Épée !" in dm
                    for _ in range(owed):
                        game, now = await game_state(bot, w)
                        legal = [str(a) for a in GAME.legal_actions(now, giver)]
                        # The giver chooses: the last card, never the default first one.
                        await _pick(w, users[giver], _pickers(w, users[giver])[-1], legal[-1])
                        await _settle(bot, w)
                    rows = await bot.service.store.actions(game.id)
                    given = [r for r in rows if r.seat == giver and r.action.startswith("give")]
                    assert len(given) >= owed and all(r.origin == "player" for r in given)
                    sword_answered = True
                    continue
                if decision.phase == "sword_give" and sword_answered:
                    (giver,) = seats
                    expected = [str(GAME.default_action(state, giver))]
                    count = len(await bot.service.store.actions(game.id))
                    await _time_out(bot, clock, w)
                    game, after = await game_state(bot, w)
                    rows = (await bot.service.store.actions(game.id))[count:]
                    timed = [r for r in rows if r.origin == "timeout"]
                    assert timed and {r.seat for r in timed} == {giver}
                    assert timed[0].action == expected[0]
                    assert all(r.action.startswith("give") for r in timed)
                    assert GAME.decision(after).phase != "sword_give"
                    _assert_logged(seen, users[giver])
                    sword_timeout = True
                    continue
                # Any other window: every seat answers through its DM picker.
                for seat in seats:
                    legal = [str(a) for a in GAME.legal_actions(state, seat)]
                    await _pick(w, users[seat], _pickers(w, users[seat])[-1], legal[0])
                    await _settle(bot, w)
                continue
            (seat,) = decision.seats
            legal = [str(a) for a in GAME.legal_actions(state, seat)]
            await _act(w, table, users[seat], _policy(GAME.view(state, seat), legal, rnd))
        assert supply_timeout and sword_answered and sword_timeout
        assert seen.check() > 100
        # Every DM picker went to a seat that was asked, and no DM shows another seat's hand.
        game, state = await game_state(bot, w)
        users = seat_users(game, w)
        for seat, user in users.items():
            hands = [
                line
                for m in d.dms(user)
                for line in m.text.splitlines()
                if line.startswith(("🃏 Your hand", "🃏 Votre main"))
            ]
            lang = "fr" if user.locale == "fr" else "en"
            assert hands and hands[-1] == hand_line(GAME.view(state, seat), lang)
            # A board brought by a DM picker's answer is posted in the channel, not the DM.
            assert not any(
                c.get("custom_id", "").startswith("rt:") for m in d.dms(user) for c in components(m)
            )
        assert not d.unknown_requests


async def _time_out(bot: Any, clock: Clock, w: World) -> None:
    """Let the game's decision time pass, and run what is due."""
    await _settle(bot, w)
    clock.now += 59 * MINUTE
    assert await bot.scheduler.run_due() == 0  # not yet
    clock.now += 2 * MINUTE
    assert await bot.scheduler.run_due() >= 1
    await _settle(bot, w)


def _assert_logged(seen: Seen, user: DoubleUser) -> None:
    """The channel said who did not answer in time (its notice, and each default played)."""
    lines = [line for content, _ in seen.versions for line in content.splitlines()]
    late = [line for line in lines if "did not answer in time" in line]
    assert any(user.username.casefold() in line.casefold() for line in late), late


async def test_cards_placed_face_down_take_one_tap_each_in_a_picker_that_stays_open(
    tmp_path: Path,
) -> None:
    async with world(tmp_path) as w, running_bot(w, seed=2012, render_processes=0) as bot:
        d = w.double
        users = [w.alice, w.dave]
        await open_game(w, users)
        table = cartus_table(w, users)
        rnd = random.Random(3)
        placed = 0
        for _ in range(200):
            turn = table.current_turn()
            assert turn is not None and not table.over()
            user = table.mover(turn)
            opens = [c for c in components(turn) if c["custom_id"].endswith(":k:cards")]
            if user is None or not opens:
                await table.play_one(rnd)
                continue
            record = await d.click(user, turn, opens[0]["custom_id"])
            picker = (await record.wait_done()).message
            assert picker is not None and record.ephemeral
            dms = len(d.dms(user))
            while True:
                taps = [c for c in components(picker) if c["custom_id"].startswith("rb:")]
                cards = [c for c in taps if c["custom_id"].split(":")[-1].startswith("play ")]
                # One button per choice, each naming its card (never a public button).
                assert taps and all(c["type"] == 2 and c["label"] != "…" for c in taps)
                if not cards:
                    break
                tap = await d.click(user, picker, cards[0]["custom_id"])
                await tap.wait_done()
                placed += 1
                picker = d.message(picker.id)  # the same message, edited in place
                assert picker.text.startswith("✅ "), picker.text
                assert cards[0]["label"] in picker.text.splitlines()[0]
                seqs = {c["custom_id"].split(":")[2] for c in components(picker)}
                assert seqs and seqs != {cards[0]["custom_id"].split(":")[2]}
            # No new DM for any card: the confirmation is the edited picker.
            assert len(d.dms(user)) == dms
            if placed >= 2:
                break
            await table.play_one(rnd)
        assert placed >= 2
        await bot.service.idle()
