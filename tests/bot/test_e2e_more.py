"""End to end: Africanus with five players, and a stand-in AI, through the real client."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.games.rattus.adapter import region_card
from discord_double.player import turn_choices
from tests.bot.harness import (
    buttons,
    dm_versions,
    game_over,
    running_bot,
    table,
    two_player_game,
    world,
)

CARD_TEXT = re.compile(r"[A-Z][a-z]+ \([^)]*\)")


@pytest.mark.slow
async def test_five_players_with_africanus_each_dm_holds_only_their_own_cards(
    tmp_path: Path,
) -> None:
    """Issue 6: a whole 5-player Africanus game; every player's DMs hold exactly their own
    hand and nobody else's."""
    async with world(tmp_path) as w, running_bot(w, seed=5150) as bot:
        d = w.double
        r = await d.slash(
            w.alice, w.channel, "game new", thread=False, game="rattus", variant="africanus"
        )
        await r.wait_done()
        assert "Africanus" in (await r.wait_public()).text
        people = [w.alice, w.bob, w.dave, w.erin]
        for user in people[1:]:
            await (await d.slash(user, w.channel, "game join")).wait_done()
        await (await d.slash(w.alice, w.channel, "game add-ai")).wait_done()
        # Bob wants to be asked about region cards: his windows come by DM.
        start = await d.slash(w.alice, w.channel, "game start")
        await start.wait_done()
        standing = await d.slash(w.bob, w.channel, "rattus standing", order="ask")
        await standing.wait_done()
        assert standing.ephemeral and "ask" not in d.channel_messages(w.channel)[-1].text
        rnd = random.Random(9)
        moves = 0
        while not game_over(w):
            await bot.service.idle()
            if game_over(w):
                break
            await table(w).play_one(rnd)
            moves += 1
            assert moves < 1500
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "over" and len(game.seated()) == 5
        rows = await bot.service.store.actions(game.id)
        engine = bot.service.engine(game)
        first = await bot.service.state_at(game, 0)
        events = [e.to_dict() for e in engine.setup_events(first)]
        events += [e for row in rows for e in row.events]
        seat_of = {p.user_id: p.seat for p in game.seated() if p.user_id}
        for user in people:
            seat = seat_of[user.id]
            known = {
                region_card(card, "en")
                for e in events
                if seat in e.get("visible_to", [])
                for card in (
                    e.get("cards") or [e.get("card")] if "card" in e else e.get("cards", [])
                )
                if isinstance(card, str) and "-" in card
            }
            others = {
                region_card(card, "en")
                for e in events
                if e["type"] == "region_cards_dealt" and e["visible_to"] != [seat]
                for card in e["cards"]
            }
            dms = dm_versions(w, user)
            dealt = next(
                e for e in events if e["type"] == "region_cards_dealt" and e["visible_to"] == [seat]
            )
            hand_text = [region_card(c, "en") for c in dealt["cards"]]
            hand_text_fr = [region_card(c, "fr") for c in dealt["cards"]]
            # The dealt hand reached its owner...
            assert any(
                all(c in m for c in hand_text) or all(c in m for c in hand_text_fr) for m in dms
            ), user
            # ...and every card named in a DM is one this seat privately knew.
            for message in dms:
                for line in message.splitlines():
                    if not line.startswith(("🃏", "🔭")):
                        continue
                    named = set(CARD_TEXT.findall(line))
                    assert named <= known | {region_card(c, "fr") for c in _ids(events, seat)}, (
                        user,
                        line,
                    )
                    assert not named & (others - known), (user, line)
        # Bob's "ask" standing order brought his reaction windows to his DMs, with his options.
        # (Whom a window asks is in no event: the game is replayed to find Bob's windows.)
        bob_seat = seat_of[w.bob.id]
        windows = []
        state = first
        for row in rows:
            step = engine.apply(state, row.seat, engine.parse_action(row.action))
            opened = any(e.kind == "reaction_window_opened" for e in step.events)
            if opened and bob_seat in engine.to_move(step.state):
                windows.append(row.seq)
            state = step.state
        assert windows, "no window asked Bob: choose another seed"
        pickers = [
            m
            for m in d.dms(w.bob)
            if any(c.get("custom_id", "").startswith("rp:") for c in buttons(m))
        ]
        assert len(pickers) >= len(windows) > 0
        assert not any(
            any(c.get("custom_id", "").startswith("rp:") for c in buttons(m))
            for user in (w.alice, w.dave, w.erin)
            for m in d.dms(user)
        )
        # Region cards never appear in a public message before the end shows the hands.
        assert not any("🃏" in m.text or "🔭" in m.text for m in d.channel_messages(w.channel))
        assert not d.unknown_requests


def _ids(events: list[dict], seat: int) -> set[str]:
    out: set[str] = set()
    for e in events:
        if seat in e.get("visible_to", []):
            out.update(c for c in e.get("cards", []) if isinstance(c, str))
            if isinstance(e.get("card"), str):
                out.add(e["card"])
    return out


@pytest.mark.slow
async def test_a_stand_in_ai_takes_a_turn_and_the_player_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    """Issue 7: /game takeover lets the AI play a seat; /game takeback returns it."""
    async with world(tmp_path) as w, running_bot(w, seed=77) as bot:
        d = w.double
        await two_player_game(w)
        r = await d.slash(w.bob, w.channel, "game takeover", player=str(w.bob.id))
        told = await (await r.wait_done()).wait_public()
        assert "AI" in told.text or "IA" in told.text
        rnd = random.Random(4)
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None
        # Alice plays; Bob's seat is played by the AI, which the channel says each time.
        for _ in range(12):
            await bot.service.idle()
            turn = table(w).current_turn()
            assert turn is not None and table(w).mover(turn) in (w.alice, None)
            if table(w).mover(turn) is w.alice:
                await table(w).play_one(rnd)
        await bot.service.idle()
        rows = await bot.service.store.actions(game.id)
        bob_seat = next(p.seat for p in game.seated() if p.user_id == w.bob.id)
        assert [r.origin for r in rows if r.seat == bob_seat]
        assert all(r.origin == "ai" for r in rows if r.seat == bob_seat)
        stand_in_lines = [
            m
            for m in d.channel_messages(w.channel)
            if "AI plays for" in m.text or "L'IA joue pour" in m.text
        ]
        assert stand_in_lines
        back = await d.slash(w.bob, w.channel, "game takeback")
        await back.wait_done()
        game = await bot.service.store.get_game(game.id)
        bob = game.player_of(w.bob.id)
        assert bob is not None and not bob.stand_in
        # From now on Bob is mentioned again when it is his decision.
        while True:
            await bot.service.idle()
            turn = table(w).current_turn()
            assert turn is not None
            if table(w).mover(turn) is w.bob:
                assert turn_choices(turn)
                break
            await table(w).play_one(rnd)
