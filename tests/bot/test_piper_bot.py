"""End to end: the Pied Piper through the real discord.py client and the local Discord double.

Players only do what a person can do (slash commands, buttons, pickers), and the tests check
what each of them sees: the channel (every post and every edit), ephemeral answers and DMs.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.games.piper import ADAPTER
from bot.i18n import language
from discord_double import DoubleMessage, DoubleUser
from discord_double.player import Table, components
from engine.piper import GAME
from tests.bot.harness import World, dm_versions, running_bot, world

PNG = b"\x89PNG\r\n\x1a\n"
CARDS = {
    "en": ("Forward 1", "Forward 2", "Back 1", "Sewer", "Melody"),
    "fr": ("Avance 1", "Avance 2", "Recule 1", "Égout", "Mélodie"),
}
PRIVATE_MARKS = ("🃏", "Your hand", "Votre main", "✅", "🂠 You", "🂠 Vous", "🂠 Your", "🂠 Votre")


@dataclass
class Snapshot:
    """A public channel message as it was at one post or edit."""

    text: str
    components: list[dict[str, Any]]
    files: list[tuple[str, bytes, str]]


@dataclass
class Watch:
    """Every public post and edit of the game channel, as a player saw it at the time."""

    channel_id: int
    bot_id: int
    seen: list[Snapshot] = field(default_factory=list)

    def __call__(self, message: DoubleMessage, created: bool) -> None:
        if (
            message.channel_id != self.channel_id
            or message.ephemeral_for is not None
            or message.author.id != self.bot_id
            or message.loading
        ):
            return
        self.seen.append(
            Snapshot(
                message.text,
                [dict(c) for c in components(message)],
                [(a.filename, a.data, a.description or "") for a in message.attachments],
            )
        )


def piper_table(w: World) -> Table:
    return Table(w.double, w.channel, [w.alice, w.bob, w.carol, w.dave, w.erin], command="piper")


async def open_game(
    w: World, lang: str, people: list[DoubleUser], ais: int, **options: Any
) -> Watch:
    d = w.double
    watch = Watch(w.channel.id, d.bot_user.id)
    d.observers.append(watch)
    r = await d.slash(
        people[0], w.channel, "game new", thread=False, game="piper", language=lang, **options
    )
    lobby = await (await r.wait_done()).wait_public()
    assert not lobby.ephemeral
    assert "The Pied Piper" in lobby.text or "Le Joueur de Flûte" in lobby.text
    for user in people[1:]:
        await (await d.slash(user, w.channel, "game join")).wait_done()
    for _ in range(ais):
        await (await d.slash(people[0], w.channel, "game add-ai")).wait_done()
    start = await d.slash(people[0], w.channel, "game start")
    await start.wait_done()
    assert start.ephemeral
    return watch


async def hand_of(w: World, user: DoubleUser) -> str:
    r = await w.double.slash(user, w.channel, "game hand")
    await r.wait_done()
    assert r.ephemeral, "/game hand must answer privately"
    return r.text


def check_public(watch: Watch, lang: str) -> None:
    """Nothing private in any public post or edit: no hand, no face-down card, no confirmation,
    no `play` button; every image a PNG."""
    assert watch.seen
    boards = 0
    for snap in watch.seen:
        for mark in PRIVATE_MARKS:
            assert mark not in snap.text, (mark, snap.text)
        # A turn message tells a player's turn on one line, its lines joined by " · ".
        for line in re.split(r"\n| · ", snap.text):
            if "face down under" in line or "face cachée sous" in line:
                assert not any(card in line for card in CARDS[lang]), line
        for c in snap.components:
            custom = str(c.get("custom_id", ""))
            assert not re.match(r"rt:\d+:\d+:a:play", custom), custom
            assert not any(card in str(c.get("label", "")) for card in CARDS[lang]), c
        for name, data, _ in snap.files:
            assert data.startswith(PNG) and name.startswith("board-"), name
            boards += 1
    assert boards >= 5


async def check_dms(w: World, bot: Any, game: Any, people: list[DoubleUser]) -> None:
    """Each person's hand reached them by DM each time their own action changed it (with the
    picture of it), and the dealt hand at the start."""
    d = w.double
    rows = await bot.service.store.actions(game.id)
    names = [p.name for p in game.seated()]
    first = await bot.service.state_at(game, 0)
    setup = [e.to_dict() for e in GAME.setup_events(first)]
    fled_at: dict[int, int] = {}
    for row in rows:
        for e in row.events:
            if e["type"] == "player_eliminated":
                fled_at[e["seat"]] = row.seq
    for user in people:
        seat = game.player_of(user.id).seat
        lang = language(user.locale)
        dms = d.dms(user)
        text = "\n".join(dm_versions(w, user))
        dealt = next(e for e in setup if e["type"] == "hand_dealt" and e["seat"] == seat)
        assert ADAPTER.narrate(dealt, names, lang) in text
        mine = [r for r in rows if r.seat == seat]
        checked = 0
        for n, row in enumerate(mine):
            gone = fled_at.get(seat)
            if gone is not None and (n + 1 == len(mine) or mine[n + 1].seq > gone):
                continue  # the hand left with its player, maybe in the same post
            before = GAME.view(await bot.service.state_at(game, row.seq - 1), seat)
            after = GAME.view(await bot.service.state_at(game, row.seq), seat)
            if before["hand"] == after["hand"]:
                continue
            line = ADAPTER.private_lines(after, seat, names, lang)[0]
            assert line in text, (user.username, row.seq, line)
            checked += 1
        assert checked >= 3, user.username
        for m in dms:
            # A DM that shows the hand comes with its picture (one who fled has none).
            if re.search(r"🃏 (Your hand|Votre main|Your action cards|Vos cartes Action)", m.text):
                assert any(a.data.startswith(PNG) for a in m.attachments), m.text


async def check_after_the_end(w: World, user: DoubleUser, variant_words: str | None) -> None:
    d = w.double
    rules = await d.slash(user, w.channel, "game rules")
    await rules.wait_done()
    assert rules.ephemeral and ("Pied Piper" in rules.text or "Joueur de Flûte" in rules.text)
    if variant_words:
        assert variant_words in rules.text, rules.text
    log = await d.slash(user, w.channel, "game log")
    await log.wait_done()
    assert log.ephemeral and re.search(r"[Pp]age", log.text)
    assert "🐀" in log.text or "🏆" in log.text or "▶️" in log.text, log.text
    for mark in PRIVATE_MARKS:
        assert mark not in log.text
    replay = await d.slash(user, w.channel, "game replay", turn=2)
    await replay.wait_done()
    assert replay.ephemeral and replay.files and replay.files[0].data.startswith(PNG)
    assert "(place " in replay.text, replay.text
    for mark in PRIVATE_MARKS:
        assert mark not in replay.text


@pytest.mark.slow
async def test_a_whole_two_player_game_in_english(tmp_path: Path) -> None:
    async with world(tmp_path) as w, running_bot(w, seed=31) as bot:
        d = w.double
        people = [w.alice, w.bob]
        watch = await open_game(w, "en", people, 0)
        table = piper_table(w)
        turn = table.current_turn()
        assert turn is not None
        mover = table.mover(turn)
        other = w.bob if mover is w.alice else w.alice
        assert mover is not None
        # The buttons: one that opens the mover's cards privately, never a card itself.
        assert [c["label"] for c in components(turn)] == ["Play a card"]
        # /piper play by hand, with autocomplete naming the mover's cards and the characters.
        cards = await d.autocomplete(mover, w.channel, "piper play", "card")
        assert cards and all(
            c["value"] in ("forward1", "forward2", "back1", "sewer", "plus1", "melody")
            for c in cards
        )
        card = cards[0]["value"]
        places = await d.autocomplete(mover, w.channel, "piper play", "character", card=card)
        assert places and all(re.search(r"\((place) \d\)$", p["name"]) for p in places), places
        refused = await d.slash(
            other, w.channel, "piper play", card=card, character=places[0]["value"]
        )
        await refused.wait_done()
        assert refused.ephemeral and re.search(r"not your|pas votre|pas à vous", refused.text)
        hidden = await d.slash(
            mover, w.channel, "piper play", card=card, character=places[0]["value"], hidden=True
        )
        await hidden.wait_done()
        assert hidden.ephemeral and ("face down" in hidden.text or "face cachée" in hidden.text)
        done = await d.slash(
            mover, w.channel, "piper play", card=card, character=places[0]["value"]
        )
        await done.wait_done()
        assert done.ephemeral and done.text.startswith("✅"), done.text
        await table.wait_after(0)
        rnd = random.Random(5)
        moves = 1
        while not table.over():
            await table.play_one(rnd, use_slash=moves % 4 == 3)
            moves += 1
            if moves == 6:
                for user in people:
                    text = await hand_of(w, user)
                    assert "Your hand" in text or "Votre main" in text
                    assert "🏠" in text
            assert moves < 400
        await bot.service.idle()
        await bot.publisher.idle()
        final = d.channel_messages(w.channel)[-1]
        assert "🏁" in final.text and "🥇" in final.text and "🥈" in final.text
        assert "The lowest counter wins" in final.text
        assert final.attachments and final.attachments[0].data.startswith(PNG)
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "over"
        assert GAME.is_over(await bot.service.state_of(game))
        check_public(watch, "en")
        await check_dms(w, bot, game, people)
        await check_after_the_end(w, w.bob, None)
        assert not d.unknown_requests


@pytest.mark.slow
async def test_a_whole_five_player_game_in_french_with_hidden_cards(tmp_path: Path) -> None:
    """Four people and an AI seat; one card a turn may go face down: it is named to its owner
    (DM, /game hand) and to nobody else until its character turns it up."""
    async with world(tmp_path) as w, running_bot(w, seed=2024) as bot:
        d = w.double
        people = [w.alice, w.bob, w.dave, w.erin]
        watch = await open_game(w, "fr", people, 1, variant="hidden")
        lobby = d.channel_messages(w.channel)[0]
        assert "vivons cachés" in lobby.text
        table = piper_table(w)
        game = await bot.service.store.open_game_in(w.channel.id)
        assert game is not None and len(game.seated()) == 5
        seat_user = {p.seat: d.user(p.user_id) for p in game.seated() if p.user_id}
        rnd = random.Random(12)
        moves = 0
        looked: set[tuple[int, int]] = set()
        while not table.over():
            await bot.service.idle()
            if table.over():
                break
            await table.play_one(rnd, use_slash=moves % 5 == 4)
            moves += 1
            assert moves < 1500
            if len(looked) >= 2 or table.over():
                continue
            game = await bot.service.store.get_game(game.id)
            state = await bot.service.state_of(game)
            public = GAME.view(state, None)
            for char in public["characters"]:
                for entry in char["cards"]:
                    owner = entry.get("seat")
                    if not entry.get("hidden") or owner not in seat_user:
                        continue
                    if (owner, char["slot"]) in looked:
                        continue
                    looked.add((owner, char["slot"]))
                    own = GAME.view(state, owner)
                    card = next(
                        c["card"]
                        for c in own["characters"][char["slot"] - 1]["cards"]
                        if c.get("hidden") and c.get("seat") == owner
                    )
                    user = seat_user[owner]
                    lang = language(user.locale)
                    name = ADAPTER.t(f"card.{card}", lang)
                    mine = await hand_of(w, user)
                    assert "🂠" in mine and name in mine.split("🂠", 1)[1], mine
                    # The DM goes out through the outbox, after the move's own answer.
                    await d.wait_for(
                        lambda user=user, name=name: any(
                            "🂠" in m and name in m for m in dm_versions(w, user)
                        ),
                        what="the DM naming the face-down card",
                    )
                    # Another person sees that a card lies there, never which one.
                    spy_seat, spy = next(
                        (s, u)
                        for s, u in seat_user.items()
                        if s != owner and not any(c.get("seat") == s for c in char["cards"])
                    )
                    theirs = await hand_of(w, spy)
                    spy_lang = language(spy.locale)
                    secret_line = ADAPTER.t(
                        "hand.hidden",
                        spy_lang,
                        card=ADAPTER.t(f"card.{card}", spy_lang),
                        character=ADAPTER.t(f"figure.{char['figure']}", spy_lang),
                        slot=char["slot"],
                    )
                    assert secret_line not in theirs and spy_seat != owner
        assert len(looked) >= 1, "no person placed a card face down: choose another seed"
        await bot.service.idle()
        await bot.publisher.idle()
        final = d.channel_messages(w.channel)[-1]
        assert "🏁" in final.text and "🥇" in final.text
        assert "Le compteur le plus bas gagne" in final.text
        assert final.text.count("\n🥇") + final.text.count("\n🥈") >= 2
        game = await bot.service.store.latest_game_in(w.channel.id)
        assert game is not None and game.status == "over"
        rows = await bot.service.store.actions(game.id)
        assert any(r.origin == "ai" for r in rows)
        events = [e for r in rows for e in r.events]
        assert any(e["type"] == "card_revealed" for e in events)
        # Each face-down card was told to its owner only, by DM, and shown to all once turned up.
        for row in rows:
            for e in row.events:
                if e["type"] != "hidden_card_played" or e["seat"] not in seat_user:
                    continue
                owner = seat_user[e["seat"]]
                line = ADAPTER.narrate(e, [p.name for p in game.seated()], language(owner.locale))
                assert any(line in m for m in dm_versions(w, owner))
                for user in people:
                    if user is not owner:
                        assert not any(line in m for m in dm_versions(w, user))
        check_public(watch, "fr")
        await check_dms(w, bot, game, people)
        await check_after_the_end(w, w.erin, "vivons cachés")
        assert not d.unknown_requests
