"""A player's private DM of a game is one message, edited in place, across restarts too: its
id is stored with the player, so a restarted bot edits it instead of sending a new one."""

from __future__ import annotations

import random
from pathlib import Path

from discord_double import DoubleUser
from tests.bot.harness import World, running_bot, world
from tests.bot.test_cartus_bot import cartus_table, game_state, open_game


def private_dms(w: World, user: DoubleUser) -> list[int]:
    """The ids of the DMs that told `user` their hand (not pickers, not notices)."""
    return [
        m.id
        for m in w.double.dms(user)
        if any("for your eyes only" in text for text in [m.text, *(e.content for e in m.edits)])
        and not m.interactive
    ]


async def test_the_private_dm_is_edited_after_a_restart(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        users = [w.alice, w.dave]
        rnd = random.Random(5)
        async with running_bot(w, seed=77, render_processes=0) as bot:
            await open_game(w, users)
            table = cartus_table(w, users)
            for _ in range(6):
                await table.play_one(rnd)
            await bot.service.idle()
            before = {u.id: private_dms(w, u) for u in users}
            edits = {u.id: len(w.double.message(before[u.id][0]).edits) for u in users}
            game, _ = await game_state(bot, w)
            assert {p.user_id: p.private_dm for p in game.seated()} == {
                u.id: before[u.id][0] for u in users
            }
        assert all(len(ids) == 1 for ids in before.values()), before

        def edited() -> bool:
            return all(len(w.double.message(before[u.id][0]).edits) > edits[u.id] for u in users)

        async with running_bot(w, seed=77, render_processes=0) as bot:
            table = cartus_table(w, users)
            for _ in range(40):
                await table.play_one(rnd)
                await bot.service.idle()
                if edited():
                    break
        for user in users:
            # Still one private DM each, and it changed after the restart.
            assert private_dms(w, user) == before[user.id]
            assert len(w.double.message(before[user.id][0]).edits) > edits[user.id]
