"""/game help and /game rules: private, in the asker's language, for the channel's game, within
Discord's limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.bot.harness import running_bot, world

MENTION = re.compile(r"</game hand:\d+>")


def text_of(record: object) -> str:
    """Everything the asker read: contents and embed descriptions of every answer."""
    parts = []
    for message in record.messages:  # type: ignore[attr-defined]
        assert message.ephemeral
        assert len(message.content) <= 2000 and len(message.embeds) <= 10
        assert (
            sum(len(e.get("description") or "") + len(e.get("title") or "") for e in message.embeds)
            <= 6000
        )
        for embed in message.embeds:
            assert len(embed.get("description") or "") <= 4096
        parts.append(message.content)
        parts += [
            str(e.get("title") or "") + "\n" + str(e.get("description") or "")
            for e in message.embeds
        ]
    return "\n".join(parts)


@pytest.mark.slow
async def test_help_without_a_game_lists_the_games_and_every_command(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        r = await (await d.slash(w.alice, w.channel, "game help")).wait_done()
        text = text_of(r)
        assert "How to play here" in text and "`game:rattus`" in text and "`game:piper`" in text
        assert MENTION.search(text)  # commands are clickable mentions
        group = bot.tree.get_command("game")
        for command in group.commands:  # type: ignore[union-attr]
            assert f"</game {command.name}:" in text, command.name
        fr = await (await d.slash(w.bob, w.channel, "game help")).wait_done()
        text = text_of(fr)
        assert "Comment jouer ici" in text and "Voir vos informations privées" in text
        assert "message privé" in text


@pytest.mark.slow
async def test_help_in_a_game_channel_explains_that_game_and_its_commands(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w):
        d = w.double
        await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="cartus")
        ).wait_done()
        r = await (await d.slash(w.alice, w.channel, "game help")).wait_done()
        text = text_of(r)
        assert "Rattus Cartus on Discord" in text and "</cartus play:" in text
        assert "</game abandon:" in text and "Pied Piper on Discord" not in text
        fr = await (await d.slash(w.bob, w.channel, "game help")).wait_done()
        text = text_of(fr)
        assert "Rattus Cartus sur Discord" in text and "Commandes de Rattus Cartus" in text


def test_long_texts_are_cut_at_line_breaks_within_the_limit() -> None:
    from bot.interactions.guide import _pages

    text = "\n".join(f"line {i} " + "x" * 50 for i in range(200))
    pages = _pages(text, 4000)
    assert len(pages) > 2 and all(len(p) <= 4000 for p in pages)
    assert "\n".join(pages) == text  # nothing lost, every cut at a line break
    assert _pages("word " * 2000, 300)[0].endswith("word")


@pytest.mark.slow
async def test_rules_cover_the_cards_in_play_in_both_languages(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w):
        d = w.double
        await (
            await d.slash(w.alice, w.channel, "game new", thread=False, game="rattus")
        ).wait_done()
        base = text_of(await (await d.slash(w.alice, w.channel, "game rules")).wait_done())
        assert "**Witch**:" in base and "**King**:" in base and "Sultan" not in base
        fr = text_of(await (await d.slash(w.bob, w.channel, "game rules")).wait_done())
        assert "**Sorcière**" in fr and "cartes Classe de cette partie" in fr

        other = d.add_channel(w.guild, "africa")
        await (
            await d.slash(
                w.alice, other, "game new", thread=False, game="rattus", variant="africanus"
            )
        ).wait_done()
        await (await d.slash(w.bob, other, "game join")).wait_done()
        lobby = text_of(await (await d.slash(w.alice, other, "game rules")).wait_done())
        assert "drawn at random" in lobby and "**Caravaneer**" in lobby and "Africanus" in lobby
        await (await d.slash(w.alice, other, "game start")).wait_done()
        started = text_of(await (await d.slash(w.alice, other, "game rules")).wait_done())
        cards = [line for line in started.splitlines() if line.startswith("• **")]
        assert 4 <= len(cards) < 10  # the cards drawn for this game, not every card

        nowhere = d.add_channel(w.guild, "empty")
        every = await (await d.slash(w.alice, nowhere, "game rules")).wait_done()
        text = text_of(every)  # every game's rules: long, so in several embeds
        assert "Cartus" in text and "Pied Piper" in text and "**Witch**" in text


def test_cartus_rules_list_the_buildings_in_play_card_by_card() -> None:
    """Issue 17: "/game rules that covers the expansion or variant in play, card by card":
    for Rattus Cartus, the buildings of the game with their premium and standard actions."""
    from bot.games.cartus.adapter import ADAPTER
    from engine.cartus import GAME

    state = GAME.new_game(3, 5, {})
    view = GAME.view(state, None)
    in_play = set(view["buildings_in_play"])
    for lang in ("en", "fr"):
        lines = ADAPTER.rules_detail({}, view, lang)
        assert len(lines) == 1 + len(in_play)
        assert all("★" in line and "☆" in line for line in lines[1:])
    english = "\n".join(ADAPTER.rules_detail({}, view, "en"))
    assert ("• **Farm** (Peasantry): ★ 4 Population cards · ☆ 2 Population cards" in english) == (
        "farm" in in_play
    )
    lobby = ADAPTER.rules_detail({"buildings": ["farm", "castle"]}, None, "fr")
    assert len(lobby) == 3 and "• **Château** (Chevalerie) : ★ 2 Épées · ☆ 1 Épée" in lobby
    assert len(ADAPTER.rules_detail({}, None, "en")) == 2 + 12  # a lobby: all it may draw
