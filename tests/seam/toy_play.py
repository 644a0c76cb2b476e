"""Rat Race, a game added as its three packages only, played through the contract kit and the
local Discord double. Run by test_toy_game.py in an interpreter of its own: the toy packages
join `engine`, `render` and `bot.games` here, before anything imports the bot, and leave the
other tests' games alone.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import bot.games
import engine
import render

TOY = Path(__file__).resolve().parent / "toy"
engine.__path__.append(str(TOY / "engine"))
render.__path__.append(str(TOY / "render"))
bot.games.__path__.append(str(TOY / "bot" / "games"))

from bot.adapter import adapter_for  # noqa: E402
from discord_double.player import Table, components, turn_seq  # noqa: E402
from engine.core.registry import get_game, registered_games  # noqa: E402
from engine.core.testing import check_playout  # noqa: E402
from tests.bot.harness import running_bot, world  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


def test_the_toy_game_is_found_by_the_three_packages() -> None:
    assert "toy" in registered_games()
    assert adapter_for("toy").title("fr") == "Course aux rats"
    assert (
        render.renderer_for("toy").summary(
            get_game("toy").view(get_game("toy").new_game(2, 1), None), ["A", "B"], lang="fr"
        )
        == "Tas : 9 · A : 0 · B : 0"
    )


def test_the_toy_game_keeps_the_contract() -> None:
    game = get_game("toy")
    for players in game.players():
        for seed in range(20):
            check_playout(game, players, seed)


async def test_a_whole_toy_game_through_the_double(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w, render_processes=0):
        d = w.double
        r = await d.slash(w.alice, w.channel, "game new", thread=False, game="toy")
        lobby = await (await r.wait_done()).wait_public()
        assert "Rat Race" in lobby.text
        join = next(c for c in components(lobby) if c["custom_id"].endswith(":join"))
        await (await d.click(w.bob, d.message(lobby.id), join["custom_id"])).wait_done()
        started = await d.slash(w.alice, w.channel, "game start")
        await started.wait_done()
        assert started.ephemeral and "started" in started.text

        # Each player was told their own bonus card, and only theirs, by DM.
        bonuses = {}
        for user in (w.alice, w.bob):
            await d.wait_for(lambda u=user: bool(d.dms(u)), timeout=10, what="a DM")
            text = " ".join(m.text for m in d.dms(user))
            found = re.search(r"(?:bonus card is worth|carte bonus vaut) (\d)", text)
            assert found, text
            bonuses[user.id] = int(found.group(1))

        players = Table(d, w.channel, [w.alice, w.bob], command="toy")
        rnd = random.Random(3)
        # Buttons, `/toy do`, and `/toy take` completed from the legal actions.
        move = 0
        while not players.over():
            message = players.current_turn()
            if move % 3 == 2 and message is not None:
                user = players.mover(message)
                assert user is not None
                choices = await d.autocomplete(user, w.channel, "toy take", "rats", typed="")
                assert choices and {c["value"] for c in choices} <= {"1", "2"}
                record = await d.slash(user, w.channel, "toy take", rats=choices[0]["value"])
                await record.wait_done()
                assert record.text.startswith("✅"), record.text
                await players.wait_after(turn_seq(message))
            else:
                await players.play_one(rnd, use_slash=move % 3 == 1)
            move += 1
            assert move < 20

        public = d.channel_messages(w.channel)
        final = public[-1]
        assert "🏁" in final.text and "🥇" in final.text
        assert final.attachments and final.attachments[0].data.startswith(PNG)
        # The bonus cards reach the channel only with the end of the game.
        shown = [i for i, m in enumerate(public) if "Bonus cards:" in m.text]
        assert shown and shown[0] >= len(public) - 2
        for m in public[: shown[0]]:
            assert "bonus card is worth" not in m.text and "carte bonus" not in m.text
        told = public[shown[0]].text
        for user in (w.alice, w.bob):
            assert f"{user.username} {bonuses[user.id]}" in told.casefold(), told
