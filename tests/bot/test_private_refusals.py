"""Issue 25: a command whose answer may be a refusal is deferred privately, so a refusal is never
seen by the channel, not even as a passing "thinking…" message; once it succeeds, the asker is
confirmed privately and the channel told in a message of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import t
from discord_double import DoubleMessage
from tests.bot.harness import running_bot, two_player_game, world


@pytest.mark.slow
async def test_refused_commands_leave_nothing_public_at_any_moment(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        await two_player_game(w)
        await bot.service.idle()
        await bot.publisher.idle()
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None
        empty = d.add_channel(w.guild, "empty")

        # Every message the double stores or changes, as it was at that moment: a public
        # "thinking" message deleted a moment later is caught here too.
        seen: list[tuple[DoubleMessage, bool, bool]] = []
        d.observers.append(lambda m, created: seen.append((m, m.ephemeral, m.loading)))
        refusals = [
            (w.carol, w.channel, "game takeover", {"player": w.alice}),  # an outsider
            (w.dave, w.channel, "game undo", {}),  # not a player
            (w.erin, w.channel, "game takeback", {}),
            (w.carol, w.channel, "game remove", {"player": w.bob}),  # the game has started
            (w.bob, w.channel, "game new", {"game": "rattus", "thread": False}),  # busy here
            (w.dave, empty, "game board", {"public": True}),  # no game there
        ]
        for user, channel, command, options in refusals:
            r = await (await d.slash(user, channel, command, **options)).wait_done()
            assert r.ack_type == 5 and r.ephemeral, (command, r.describe())
            assert r.content.startswith("⚠️"), (command, r.content)
            assert r.followups == [] and r.public is None, command
        public = [(m, loading) for m, ephemeral, loading in seen if not ephemeral]
        assert public == [], [(m.content, loading) for m, loading in public]
        after = await bot.service.store.get_game(game.id)
        assert after.seq == game.seq and not any(p.stand_in for p in after.players)
        assert await bot.service.store.open_game_in(empty.id) is None

        # The same command from a player: a private confirmation, then the channel is told,
        # and neither was ever a public "thinking" message.
        seen.clear()
        r = await (await d.slash(w.bob, w.channel, "game takeover", player=w.bob)).wait_done()
        told = await r.wait_public()
        assert r.ephemeral and r.content == t("posted", "fr")  # bob's Discord is in French
        assert "The AI now plays for" in told.content  # in the game's language
        assert told.channel_id == w.channel.id
        public = [(m, loading) for m, ephemeral, loading in seen if not ephemeral]
        assert [m for m, _ in public] == [told]
        assert not any(loading for _, loading in public)
        assert not d.unknown_requests
