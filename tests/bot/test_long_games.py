"""Games that never stall, tried through the local Discord double with a test clock (no real
waiting): a player who leaves, a stalled game and its buttons, an idle game ended, away and
quiet hours, turn notices by DM (also with DMs closed), and the catch-up digest."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.bot.harness import World, current_turn, mover, running_bot, table, world

HOUR = 3600.0
DAY = 24 * HOUR


class Clock:
    """Wall time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0  # a Thursday in 2027, 08:00 UTC

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * HOUR


async def two_player_game(w: World, *extra: object, **settings: object) -> None:
    d = w.double
    await (await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")).wait_done()
    await (await d.slash(w.bob, w.channel, "game join")).wait_done()
    for user in extra:
        await (await d.slash(user, w.channel, "game join")).wait_done()
    if settings:
        r = await d.slash(w.alice, w.channel, "game settings", **settings)
        await r.wait_done()
        assert r.ephemeral
    await (await d.slash(w.alice, w.channel, "game start")).wait_done()


def texts(w: World) -> list[str]:
    return [m.text for m in table(w).messages()]


@pytest.mark.slow
async def test_a_player_who_leaves_mid_turn_is_replaced_by_the_ai(tmp_path: Path) -> None:
    clock = Clock()
    async with world(tmp_path) as w, running_bot(w, clock=clock) as bot:
        d = w.double
        await two_player_game(w, w.dave)
        await bot.service.idle()
        turn = current_turn(w)
        assert turn is not None
        leaver = mover(w, turn)
        r = await d.slash(leaver, w.channel, "game leave")
        await r.wait_done()
        await bot.service.idle()
        # The channel is told, the AI played the seat's turn, and the game goes on.
        assert any(
            "left the game: the AI plays their seat" in t or "a quitté la partie" in t
            for t in texts(w)
        )
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None and game.status == "active"
        rows = await bot.service.store.actions(game.id)
        seat = game.player_of(leaver.id).seat  # type: ignore[union-attr]
        assert [r.origin for r in rows if r.seat == seat][-1] == "ai"
        latest = current_turn(w)
        assert latest is not None and f"<@{leaver.id}>" not in latest.text
        # The two others leave as well: nobody is left playing, the game ends with its board.
        for user in (w.alice, w.bob, w.dave):
            if user is leaver:
                continue
            await (await d.slash(user, w.channel, "game leave")).wait_done()
        await bot.service.idle()
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "abandoned"
        final = table(w).messages()[-1]
        assert "Nobody is left playing" in final.text or "Plus personne" in final.text
        assert final.attachments and final.attachments[0].filename.endswith(".png")


@pytest.mark.slow
async def test_a_stalled_game_offers_its_buttons_and_the_ai_plays_the_turn(tmp_path: Path) -> None:
    clock = Clock()
    async with world(tmp_path) as w, running_bot(w, clock=clock) as bot:
        d = w.double
        await two_player_game(w, reminder_hours=2, max_reminders=2)
        await bot.service.idle()
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None
        seq = game.seq
        for _ in range(2):
            clock.advance(2.1)
            await bot.scheduler.run_due()
        reminders = [t for t in texts(w) if "(reminder" in t or "(rappel" in t]
        assert len(reminders) == 2
        clock.advance(2.1)
        await bot.scheduler.run_due()
        stalled = [m for m in table(w).messages() if "stalled" in m.text or "bloquée" in m.text]
        assert len(stalled) == 1
        ids = [c["custom_id"] for row in stalled[0].components for c in row["components"]]
        assert [i.rsplit(":", 1)[1] for i in ids] == ["ai", "skip", "wait", "end"]
        # Someone who does not play cannot choose; a player can.
        stranger = await d.click(w.erin, stalled[0], ids[0])
        await stranger.wait_done()
        assert stranger.ephemeral and (await bot.service.store.get_game(game.id)).seq == seq
        r = await d.click(w.bob, stalled[0], ids[0])
        await r.wait_done()
        await bot.service.idle()
        game = await bot.service.store.get_game(game.id)
        assert game.seq > seq
        rows = await bot.service.store.actions(game.id, after=seq)
        assert rows and rows[0].origin == "clock-ai"
        assert d.message(stalled[0].id).components == []


@pytest.mark.slow
async def test_an_idle_game_ends_with_its_board(tmp_path: Path) -> None:
    clock = Clock()
    async with world(tmp_path) as w, running_bot(w, clock=clock) as bot:
        await two_player_game(w, idle_days=10, max_reminders=0)
        await bot.service.idle()
        clock.advance(9.5 * 24)
        await bot.scheduler.run_due()
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "active"
        clock.advance(1 * 24)
        await bot.scheduler.run_due()
        await bot.service.idle()
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "abandoned"
        final = table(w).messages()[-1]
        assert "10 days" in final.text or "10 jours" in final.text
        assert final.attachments and f"<@{w.alice.id}>" in final.text


@pytest.mark.slow
async def test_away_lets_the_ai_play_and_quiet_hours_hold_the_reminders(tmp_path: Path) -> None:
    clock = Clock()
    async with world(tmp_path) as w, running_bot(w, clock=clock) as bot:
        d = w.double
        await two_player_game(w, reminder_hours=1)
        await bot.service.idle()
        turn = current_turn(w)
        assert turn is not None
        user = mover(w, turn)
        other = w.bob if user is w.alice else w.alice
        # Quiet hours for the player to move, 08:00 to 12:00 in UTC: it is 08:00 now.
        r = await d.slash(user, w.channel, "game quiet", timezone="UTC", **{"from": 8, "until": 12})
        await r.wait_done()
        assert r.ephemeral
        clock.advance(1.5)
        await bot.scheduler.run_due()
        assert not any("(reminder" in t or "(rappel" in t for t in texts(w))
        clock.advance(2.6)  # 12:06: quiet hours are over
        await bot.scheduler.run_due()
        assert any(f"<@{user.id}>" in t and ("(reminder" in t or "(rappel" in t) for t in texts(w))
        # Away for two days: the AI plays the turn at once.
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None
        seq = game.seq
        r = await d.slash(user, w.channel, "game away", days=2)
        await r.wait_done()
        await bot.service.idle()
        rows = await bot.service.store.actions(game.id, after=seq)
        seat = game.player_of(user.id).seat  # type: ignore[union-attr]
        assert rows and all(r.origin == "ai" for r in rows if r.seat == seat)
        # Back: the player plays their own turns again.
        r = await d.slash(user, w.channel, "game away", days=0)
        await r.wait_done()
        assert r.ephemeral and ("back" in r.text or "retour" in r.text)
        assert other is not user


@pytest.mark.slow
async def test_turn_notices_by_dm_and_closed_dms(tmp_path: Path) -> None:
    clock = Clock()
    async with world(tmp_path) as w, running_bot(w, clock=clock) as bot:
        d = w.double
        await two_player_game(w, w.carol)
        for user in (w.alice, w.bob, w.carol):
            await (await d.slash(user, w.channel, "game notify", on=True)).wait_done()
        rnd = random.Random(3)
        for _ in range(8):
            await bot.service.idle()
            await table(w).play_one(rnd)
        await bot.service.idle()
        for user in (w.alice, w.bob):
            assert [m for m in d.dms(user) if "🔔" in m.text], "a turn notice by DM"
        assert not d.dms(w.carol)  # her DMs are closed: the channel pings her instead
        assert any(f"<@{w.carol.id}>" in t for t in texts(w))
        assert sum("direct messages" in t for t in texts(w)) == 1


@pytest.mark.slow
async def test_the_catch_up_digest_matches_the_log(tmp_path: Path) -> None:
    clock = Clock()
    async with world(tmp_path) as w, running_bot(w, clock=clock) as bot:
        d = w.double
        await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        ).wait_done()
        await (await d.slash(w.alice, w.channel, "game add-ai")).wait_done()
        await (await d.slash(w.alice, w.channel, "game start")).wait_done()
        rnd = random.Random(9)
        for _ in range(30):
            await bot.service.idle()
            if table(w).over():
                break
            await table(w).play_one(rnd)
        await bot.service.idle()
        r = await d.slash(w.alice, w.channel, "game catchup")
        await r.wait_done()
        assert r.ephemeral and r.text.startswith("📰")
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None
        seat = game.player_of(w.alice.id).seat  # type: ignore[union-attr]
        rows = await bot.service.store.actions(game.id)
        last = max(r.seq for r in rows if r.seat == seat)
        since = [r for r in rows if r.seq > last]
        count = len(since)
        assert str(count) in r.text.splitlines()[0] or count == 1
        lost = sum(
            sum(e["losses"])
            for row in since
            for e in row.events
            if e["type"] == "rat_token_revealed" and "visible_to" not in e
        )
        if lost:
            assert "−" in r.text
