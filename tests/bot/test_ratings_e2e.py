"""Ratings as players see them through the local Discord double, in English and French: the
game-over message with each person's change, /standing leaderboard and profile, and the user
install's /standing in a DM (your games from anywhere; a clear answer where a server is
needed)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.compose import rating
from bot.service import StaleAction
from bot.store import StaleGame
from tests.bot.harness import World, running_bot, two_player_game, world


async def finish(w: World, bot: GameBot, seed: int = 3, channel: Any = None) -> int:
    """Play a channel's game to its end with random legal actions (through the service:
    what is tested here is what comes after); returns its id."""
    game = await bot.service.store.open_game_in((channel or w.channel).id)
    assert game is not None
    rnd = random.Random(seed)
    for _ in range(5000):
        game = await bot.service.store.get_game(game.id)
        if game.status != "active":
            break
        state = await bot.service.state_of(game)
        engine = bot.service.engine(game)
        seat = sorted(engine.to_move(state))[0]
        user = game.player_at(seat).user_id
        assert user is not None
        try:
            await bot.service.act(game.id, user, rnd.choice(engine.legal_actions(state, seat)))
        except (StaleAction, StaleGame):
            continue
    await bot.service.idle()
    await bot.publisher.idle()
    assert game.status == "over"
    return game.id


@pytest.mark.slow
async def test_ratings_leaderboard_and_profile_in_both_languages(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_game(w)
        game_id = await finish(w, bot)
        changes = await bot.service.ratings.table.changes(game_id)
        assert sorted(c.identity for c in changes) == sorted([f"u:{w.alice.id}", f"u:{w.bob.id}"])
        winner, loser = changes  # best rank first
        assert winner.delta > 0 > loser.delta

        # The game-over message shows each person's change (the game speaks English).
        final = d.channel_messages(w.channel)[-1]
        assert "🏁" in final.text and "📈 Ratings" in final.text
        assert f"({rating(winner.delta, 'en', signed=True)})" in final.text
        assert f"({rating(loser.delta, 'en', signed=True)})" in final.text

        # The leaderboard: by the conservative rating, games, and the note on few games.
        board = await (await d.slash(w.alice, w.channel, "standing leaderboard")).wait_done()
        assert board.ephemeral
        text = board.text
        assert "Rattus: leaderboard" in text and "2 rated players" in text
        first = text.index(f"<@{winner.identity[2:]}>")
        assert first < text.index(f"<@{loser.identity[2:]}>")
        assert "1 game" in text and "Fewer than 5 games" in text
        assert rating(winner.after, "en") in text
        fr = await (await d.slash(w.bob, w.channel, "standing leaderboard")).wait_done()
        assert "Rattus : classement" in fr.text and "2 joueurs classés" in fr.text
        assert "Moins de 5 parties" in fr.text and rating(winner.after, "fr") in fr.text
        public = await (
            await d.slash(w.alice, w.channel, "standing leaderboard", public=True)
        ).wait_done()
        assert not public.ephemeral
        # The expansion is a ladder of its own, offered by autocomplete; nobody is on it yet.
        offered = await d.autocomplete(
            w.alice, w.channel, "standing leaderboard", "game", typed="afri"
        )
        assert [c["value"] for c in offered] == ["rattus+africanus"]
        empty = await (
            await d.slash(w.alice, w.channel, "standing leaderboard", game="rattus+africanus")
        ).wait_done()
        assert "Africanus" in empty.text and "Nobody is rated" in empty.text
        bad = await (
            await d.slash(w.alice, w.channel, "standing leaderboard", game="chess")
        ).wait_done()
        assert bad.ephemeral and "did not understand" in bad.text

        # Profiles: one's own, and someone else's; English and French.
        mine = await (await d.slash(w.alice, w.channel, "standing profile")).wait_done()
        assert mine.ephemeral and "**Alice** on this server" in mine.text
        assert "**Rattus**" in mine.text and "Last game:" in mine.text
        assert "Time to decide" in mine.text and "median" in mine.text
        theirs = await (
            await d.slash(w.bob, w.channel, "standing profile", player=w.alice)
        ).wait_done()
        assert "**Alice** sur ce serveur" in theirs.text and "Dernière partie" in theirs.text
        assert "Temps de décision" in theirs.text

        # A second game in progress: the asker's games from anywhere, in a DM through the
        # user install; the leaderboard there says it needs a server.
        other = d.add_channel(w.guild, "second")
        await (
            await d.slash(w.alice, other, "game new", thread=False, game="rattus", language="fr")
        ).wait_done()
        await (await d.slash(w.bob, other, "game join")).wait_done()
        await (await d.slash(w.alice, other, "game start")).wait_done()
        await bot.service.idle()
        # Someone else's profile shows their games in progress that the asker may see.
        seen = await (
            await d.slash(w.dave, w.channel, "standing profile", player=w.alice)
        ).wait_done()
        assert "One game in progress" in seen.text and f"/{other.id}/" in seen.text
        dm = d.dm_channel(w.alice)
        games = await (await d.slash_user_installed(w.alice, dm, "standing games")).wait_done()
        assert "game in progress" in games.text and f"/{other.id}/" in games.text
        refused = await (
            await d.slash_user_installed(w.alice, dm, "standing leaderboard")
        ).wait_done()
        assert "This needs a server" in refused.text
        own = await (await d.slash_user_installed(w.alice, dm, "standing profile")).wait_done()
        assert "on every server" in own.text and w.guild.name in own.text
        nosy = await (
            await d.slash_user_installed(w.alice, dm, "standing profile", player=w.bob)
        ).wait_done()
        assert "server you share" in nosy.text
        bob_dm = d.dm_channel(w.bob)
        french = await (await d.slash_user_installed(w.bob, bob_dm, "standing games")).wait_done()
        assert "partie en cours" in french.text

        # Only Manage Server recomputes; the recomputation changes nothing here.
        before = await bot.service.ratings.table.board(w.guild.id, "rattus", limit=10)
        done = await (await d.slash(w.alice, w.channel, "standing recompute")).wait_done()
        assert "Ratings recomputed" in done.text or "Only a member" in done.text
        assert await bot.service.ratings.table.board(w.guild.id, "rattus", limit=10) == before

        # The second game, played in French, ends: its message gives the changes in French.
        second = await finish(w, bot, seed=4, channel=other)
        final = d.channel_messages(other)[-1]
        assert "📈 Cotes (μ − 3σ)" in final.text and "→" in final.text
        count, rows = await bot.service.ratings.table.board(w.guild.id, "rattus", limit=10)
        assert count == 2 and all(r.games == 2 for r in rows)
        assert len(await bot.service.ratings.table.changes(second)) == 2
        assert not d.unknown_requests


def test_ratings_read_in_each_language() -> None:
    assert rating(-1.25, "en") == "\u22121.2" or rating(-1.25, "en") == "\u22121.3"
    assert rating(3.0, "fr") == "3,0"
    assert rating(2.5, "en", signed=True) == "+2.5"
    assert rating(-0.01, "en") == "0.0"
