"""Hostile input: a few thousand random interactions through the local Discord double.

Random users (players, strangers, people of another server), every command with random and
wrong-typed options and values no menu offers, forged and stale custom ids (other servers'
games, numbers past 64 bits), real buttons of every game (Rattus, Pied Piper, Rattus Cartus)
clicked by the wrong people, blank select values, hostile record uploads and uploads the
payload does not carry, option payloads unlike the registered commands (wrong types, unknown
or missing options, subcommands and groups that do not exist, objects not resolved). Seeded, so
a failure reproduces. After all of it: no traceback and no error was logged, every interaction
was answered in time, no reply showed a card from someone else's hand, and every game still
loads and replays to the same state.
"""

from __future__ import annotations

import json
import logging
import os
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.rattus.adapter import region_card
from bot.records import game_record, replay
from discord_double import DoubleChannel, DoubleMessage, DoubleUser, InteractionRecord
from engine.core import get_game
from engine.rattus import GAME
from engine.rattus.data import region_cards
from tests.bot.harness import World, running_bot, table, world

SEED = int(os.environ.get("FUZZ_SEED", "20261123"))
ROUNDS = int(os.environ.get("FUZZ_ROUNDS", "2500"))

STRINGS = [
    "",
    " ",
    "gallia",
    "atlantis",
    "open gallia",
    "place gallia 2",
    "take king",
    "plague italia +2",
    "done",
    "protect gallia-1 peasant",
    "choose 9",
    "standing ask",
    "x" * 3000,
    "../../etc/passwd",
    "fr/../../x",
    "<@123> @everyone",
    "'; DROP TABLE games; --",
    "ñ𝒳🐀\u202e\x00",
    "1e309",
    "-1",
    str(2**70),
]
NUMBERS: list[Any] = [0, 1, -1, 3, 7, 1000, 2**31, 2**53, 2**63, 2**64 + 5, -(2**63), 0.5, 1e308]
# Select values no option has: blank, or a picker's prefix with nothing (or only spaces) after.
BLANKS = ["", " ", "   ", "\t", "\n", "\u3000", "a:", "a: ", "a:   ", "g: ", "g:  ", " a:open"]


def option_value(
    rnd: random.Random,
    option: dict[str, Any],
    d: Any,
    channel: DoubleChannel,
    users: list[DoubleUser],
) -> Any:
    """A value for an option: often of its type, sometimes not; choices or values not offered."""
    kind = option.get("type")
    if rnd.random() < 0.15:  # the wrong type altogether
        return rnd.choice([rnd.choice(STRINGS), rnd.choice(NUMBERS), True, None, [], {}])
    if option.get("choices") and rnd.random() < 0.7:
        return rnd.choice(option["choices"])["value"]
    if kind == 3:
        return rnd.choice(STRINGS)
    if kind in (4, 10):
        return rnd.choice(NUMBERS)
    if kind == 5:
        return rnd.random() < 0.5
    if kind in (6, 9):
        return rnd.choice(users)
    if kind == 7:
        return channel
    if kind == 11:
        return d.upload(channel, "record.json", hostile_upload(rnd))
    return rnd.choice(STRINGS)


def hostile_upload(rnd: random.Random) -> bytes:
    """A file someone might upload as a game record."""
    good = {
        "format": "rattus-bot-record",
        "version": 1,
        "game": "rattus",
        "seed": 5,
        "options": {},
        "players": [{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}],
        "actions": [{"seq": 1, "seat": 0, "action": "open gallia"}],
    }
    variants: list[Any] = [
        b"\x89PNG\r\n\x1a\n" + bytes(rnd.getrandbits(8) for _ in range(64)),
        b"not json at all",
        b"[1, 2, 3]",
        b"42",
        b'"a string"',
        b"null",
        json.dumps({}).encode(),
        json.dumps({**good, "game": "chess"}).encode(),
        json.dumps({**good, "game": None}).encode(),
        json.dumps({k: v for k, v in good.items() if k != "game"}).encode(),
        json.dumps({**good, "seed": "seed"}).encode(),
        json.dumps({**good, "seed": -(2**70)}).encode(),
        json.dumps({**good, "players": "everyone"}).encode(),
        json.dumps({**good, "players": [1, 2]}).encode(),
        json.dumps({**good, "players": [{"seat": 0}] * 40}).encode(),
        json.dumps({**good, "actions": [{"seat": "x", "action": 5}]}).encode(),
        json.dumps({**good, "actions": [{"seat": 0, "action": "fly to the moon"}]}).encode(),
        json.dumps({**good, "options": {"expansion": "mars"}}).encode(),
        json.dumps({**good, "options": ["x"]}).encode(),
        json.dumps(good).encode(),
        b"{" * 5000,
    ]
    return bytes(rnd.choice(variants))


def forged_custom_id(rnd: random.Random, games: list[int], seqs: list[int]) -> tuple[str, int]:
    """A custom id of one of the bot's templates (or not), with real or hostile numbers."""
    game = rnd.choice([*games, *games, 0, 999_999, 2**63, 2**70, 10**30])
    seq = rnd.choice([*seqs, 0, 1, 2**62, 2**63 + 7])
    text = rnd.choice(STRINGS)[:60] or "x"
    choice = rnd.randrange(7)
    if choice == 5:  # a turn message's select, or its id passed off as a button's
        verb = rnd.choice(["open", "place", "take", "plague", "choose", "keep", "x"])
        return f"rc:{game}:{seq}:{verb}", rnd.choice([3, 3, 2])
    if choice == 0:
        return f"rt:{game}:{seq}:{rnd.choice('ak')}:{text}", 2
    if choice == 1:
        return f"rp:{game}:{seq}:{rnd.choice(['any', 'open', 'place', 'take', 'x'])}", 3
    if choice == 2:
        return f"rl:{game}:{rnd.choice(['join', 'leave', 'ai', 'start'])}", 2
    if choice == 3:
        return f"rq:{rnd.choice([1, 2, 50, 2**63])}:{rnd.choice(['yes', 'no'])}", 2
    if choice == 4:
        return f"rt:{game}:{seq}", 2
    return rnd.choice(["", "x", "rt:", "rt:a:b:c:d", "rp:1:2", "🐀" * 30]), 2


def blank_values(rnd: random.Random) -> list[Any] | None:
    """The values of a select choice that chose nothing real: blank ones, none, or several."""
    return rnd.choice(
        [
            [rnd.choice(BLANKS)],
            [rnd.choice(BLANKS)],
            [rnd.choice(BLANKS)],
            [],
            None,
            [rnd.choice(BLANKS), rnd.choice(BLANKS)],
        ]
    )


def mismatched(
    rnd: random.Random,
    commands: list[tuple[str, list[str], list[dict[str, Any]]]],
    d: Any,
    channel: DoubleChannel,
    users: list[DoubleUser],
) -> tuple[str, Any]:
    """(command, options) of a payload unlike the registered command: a client that shows an
    older version of it, or a forged one."""
    kind = rnd.randrange(11)
    if kind == 0:  # a command with a required option, which will be missing
        commands = [c for c in commands if any(o.get("required") for o in c[2])] or commands
    name, path, options = rnd.choice(commands)
    raw = [
        {"name": o["name"], "type": o["type"], "value": option_value(rnd, o, d, channel, users)}
        for o in options
        if o.get("required") or rnd.random() < 0.5
    ]
    if kind == 0:  # a required option missing
        required = [o["name"] for o in options if o.get("required")]
        if required:
            raw = [o for o in raw if o["name"] != rnd.choice(required)]
    elif kind == 1:  # an option it does not declare
        raw.append({"name": rnd.choice(["x", "player", "turn", "🐀"]), "type": 4, "value": 1})
    elif kind == 2 and raw:  # an option declared with another type
        option = rnd.choice(raw)
        option["type"] = rnd.choice([t for t in (3, 4, 5, 6, 10, 11) if t != option["type"]])
    elif kind == 3:  # a group that does not exist
        sub = {"name": path[0], "type": 1, "options": raw}
        return name, [{"name": rnd.choice(["old", "admin", path[0]]), "type": 2, "options": [sub]}]
    elif kind == 4:  # the group invoked itself, with a subcommand's options
        return name, raw or [{"name": "turn", "type": 4, "value": 1}]
    elif kind == 5:  # a subcommand that does not exist (any more)
        return name, [{"name": rnd.choice(["players", "kick", "x"]), "type": 1, "options": raw}]
    elif kind == 6:  # a subcommand sent as a group of itself
        return name, [{"name": path[0], "type": 2, "options": [{"name": path[0], "type": 1}]}]
    elif kind == 7:  # a command this bot does not have
        return rnd.choice(["chess", "rattus-old", name.upper()]), [
            {"name": path[0], "type": 1, "options": raw}
        ]
    elif kind == 8:  # shapes that are not Discord's at all
        return name, rnd.choice([[{"name": path[0], "type": 1, "options": "x"}], [5], "x", {}])
    else:  # an object (a user, a file) the payload names but does not carry
        snowflakes = [o for o in options if o.get("type") in (6, 7, 9, 11)]
        if snowflakes:
            option = rnd.choice(snowflakes)
            raw = [o for o in raw if o["name"] != option["name"]]
            target: Any = rnd.choice([*users, d.upload(channel, "r.json", b"{}")])
            raw.append({"name": option["name"], "type": option["type"], "value": str(target.id)})
    return name, [{"name": path[0], "type": 1, "options": raw}]


def commands_of(d: Any) -> list[tuple[str, list[str], list[dict[str, Any]]]]:
    """(command, subcommand path, options) of every registered slash command."""
    out = []
    for command in d.commands():
        for sub in command.get("options") or []:
            if sub.get("type") == 1:
                out.append((command["name"], [sub["name"]], sub.get("options") or []))
    return out


def secret_cards(state: Any) -> dict[int, set[str]]:
    """For each seat: the words of every card in another seat's hand (any language)."""
    afr = state.africa
    if afr is None or GAME.is_over(state):
        return {}
    cards = region_cards()
    words: dict[int, set[str]] = {}
    for seat in range(state.players):
        others = {c for p in range(state.players) if p != seat for c in afr.hands[p]}
        words[seat] = {region_card(cards[c].id, lang) for c in others for lang in ("en", "fr")}
    return words


async def setup_games(w: World) -> tuple[list[int], dict[int, DoubleChannel]]:
    """An Africanus game (alice, bob, carol + an AI), a base game (dave, erin), a lobby, a Pied
    Piper game (carol, dave) and a Rattus Cartus game (bob, alice)."""
    d = w.double
    second = d.add_channel(w.guild, "second")
    third = d.add_channel(w.guild, "third")
    piper = d.add_channel(w.guild, "piper")
    cartus = d.add_channel(w.guild, "cartus")
    for channel, game, people in (
        (piper, "piper", (w.carol, w.dave)),
        (cartus, "cartus", (w.bob, w.alice)),
    ):
        await (await d.slash(people[0], channel, "game new", thread=False, game=game)).wait_done()
        await (await d.slash(people[1], channel, "game join")).wait_done()
        await (await d.slash(people[0], channel, "game start")).wait_done()
    r = await d.slash(
        w.alice, w.channel, "game new", thread=False, game="rattus", variant="africanus"
    )
    await r.wait_done()
    for user in (w.bob, w.carol):
        await (await d.slash(user, w.channel, "game join")).wait_done()
    await (await d.slash(w.alice, w.channel, "game add-ai")).wait_done()
    await (await d.slash(w.alice, w.channel, "game start")).wait_done()
    await (await d.slash(w.dave, second, "game new", thread=False, game="rattus")).wait_done()
    await (await d.slash(w.erin, second, "game join")).wait_done()
    await (await d.slash(w.dave, second, "game start")).wait_done()
    await (await d.slash(w.erin, third, "game new", thread=False, game="rattus")).wait_done()
    channels = (w.channel, second, third, piper, cartus)
    return [], {channel.id: channel for channel in channels}


@pytest.mark.slow
async def test_thousands_of_hostile_interactions(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Every level of the bot's own logging, the libraries' from INFO: a traceback logged at
    # any level fails the test.
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.DEBUG, logger="bot")
    rnd = random.Random(SEED)
    async with world(tmp_path) as w, running_bot(w) as bot:
        d = w.double
        elsewhere = d.add_guild("Another server")
        foreign = d.add_channel(elsewhere, "theirs")
        stranger = d.add_user("stranger")
        _, channels = await setup_games(w)
        await (
            await d.slash(stranger, foreign, "game new", thread=False, game="rattus")
        ).wait_done()
        users = [w.alice, w.bob, w.carol, w.dave, w.erin, stranger]
        places = [*channels.values(), foreign]
        commands = commands_of(d)
        store = bot.service.store

        async def game_ids() -> list[int]:
            found = []
            for channel in places:
                game = await store.latest_game_in(channel.id)
                if game is not None:
                    found.append(game.id)
            return found

        unanswered: list[str] = []
        leaks: list[str] = []
        counts: dict[str, int] = {}
        for step in range(ROUNDS):
            user = rnd.choice(users)
            channel = rnd.choice(places)
            games = await game_ids()
            seqs = [(await store.get_game(g)).seq for g in games]
            what = rnd.choices(
                ["slash", "forged", "real", "autocomplete", "replay", "dm", "mismatch", "blank"],
                weights=[30, 21, 24, 7, 5, 2, 7, 4],
            )[0]
            counts[what] = counts.get(what, 0) + 1
            record: InteractionRecord
            if what == "slash" or what == "dm":
                name, path, options = rnd.choice(commands)
                target = d.dm_channel(user) if what == "dm" else channel
                raw = [
                    {
                        "name": o["name"],
                        "type": o["type"],
                        "value": option_value(rnd, o, d, channel, users),
                    }
                    for o in options
                    if o.get("required") or rnd.random() < 0.6
                ]
                if rnd.random() < 0.1:
                    raw.append({"name": "not_an_option", "type": 3, "value": "x"})
                record = await d.forge_slash(
                    user, target, name, [{"name": path[0], "type": 1, "options": raw}]
                )
            elif what == "autocomplete":
                name, path, options = rnd.choice(commands)
                if not options:
                    continue
                focused = rnd.choice(options)
                raw = [
                    {
                        "name": o["name"],
                        "type": o["type"],
                        "value": str(option_value(rnd, o, d, channel, users)),
                        **({"focused": True} if o is focused else {}),
                    }
                    for o in options
                    if o is focused or rnd.random() < 0.5
                ]
                record = await d.forge_slash(
                    user, channel, name, [{"name": path[0], "type": 1, "options": raw}], kind=4
                )
            elif what == "mismatch":
                name, raw_options = mismatched(rnd, commands, d, channel, users)
                kind = 4 if rnd.random() < 0.2 else 2
                if isinstance(raw_options, list) and all(isinstance(o, dict) for o in raw_options):
                    record = await d.forge_slash(user, channel, name, raw_options, kind=kind)
                else:  # not even a list of options: sent exactly as it is
                    data = {"id": str(d.next_id()), "name": name, "type": 1, "options": raw_options}
                    record = await d.forge_interaction(user, channel, kind, data, name=name)
            elif what == "replay":
                attachment = d.upload(channel, "record.json", hostile_upload(rnd))
                # The file, or only its id: the payload does not carry it (`resolved`).
                value: Any = rnd.choice(
                    [attachment, attachment, str(attachment.id), str(attachment.id + 1)]
                )
                options = [
                    {"name": "turn", "type": 4, "value": rnd.choice([0, 1, 3, 10**6])},
                    {"name": "record", "type": 11, "value": value},
                ]
                record = await d.forge_slash(
                    user, channel, "game", [{"name": "replay", "type": 1, "options": options}]
                )
            else:
                messages: list[DoubleMessage] = [
                    m for m in table(w).messages()[-15:] if m.interactive
                ] + [m for c in places for m in d.channel_messages(c)[-5:] if m.interactive]
                if not messages:
                    continue
                message = rnd.choice(messages)
                if what == "blank":
                    selects = [
                        c["custom_id"]
                        for c in message.interactive
                        if c.get("type") == 3 and c.get("custom_id")
                    ]
                    if games:  # a real game's current numbers, in another select's id
                        pick = rnd.randrange(len(games))
                        game_seq = f"{games[pick]}:{seqs[pick]}"
                        selects.append(f"rc:{game_seq}:{rnd.choice(['open', 'play', 'x'])}")
                        selects.append(f"rp:{game_seq}:{rnd.choice(['any', 'open', 'x'])}")
                    if not selects:
                        continue
                    record = await d.forge_click(
                        user,
                        message,
                        rnd.choice(selects),
                        component_type=3,
                        values=blank_values(rnd),
                    )
                elif what == "real":
                    ids = [
                        (c["custom_id"], c.get("type", 2), c)
                        for c in message.interactive
                        if c.get("custom_id")
                    ]
                    if not ids:
                        continue
                    custom_id, kind, component = rnd.choice(ids)
                    values = None
                    if kind == 3:
                        offered = [o["value"] for o in component.get("options", [])]
                        values = [rnd.choice([*offered, "a:take king", "g:", "zzz", *BLANKS])]
                    record = await d.forge_click(
                        user, message, custom_id, component_type=kind, values=values
                    )
                else:
                    custom_id, kind = forged_custom_id(rnd, games, seqs)
                    values = [rnd.choice(STRINGS)[:90] or "a:"] if kind == 3 else None
                    record = await d.forge_click(
                        user, message, custom_id, component_type=kind, values=values
                    )
            if not await record.wait_settled():
                unanswered.append(f"{step} {what} {record!r}")
            # What this user was shown must hold no card from another seat's hand.
            africa = await store.open_game_in(w.channel.id)
            if africa is not None and africa.status == "active" and africa.game == "rattus":
                state = await bot.service.state_of(africa)
                secrets = secret_cards(state)
                player = africa.player_of(user.id)
                seat = player.seat if player is not None else None
                hidden = (
                    secrets.get(seat, set())
                    if seat is not None
                    else set().union(*secrets.values())
                    if secrets
                    else set()
                )
                for message in record.messages:
                    text = message.text + " ".join(a.description or "" for a in message.attachments)
                    if "Traceback" in text:
                        leaks.append(f"{step}: a traceback shown")
                    shown = [card for card in hidden if card in text]
                    if shown:
                        leaks.append(f"{step} {what}: {shown} in {text[:200]!r}")
        await bot.service.idle()
        print(f"fuzz: {counts} over {ROUNDS} rounds (seed {SEED})")

        errors = [
            f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR
        ]
        assert errors == [], errors[:5]
        tracebacks = [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.exc_info]
        assert tracebacks == [], tracebacks[:5]
        assert unanswered == [], unanswered[:5]
        assert leaks == [], leaks[:5]
        assert sum(counts.values()) > ROUNDS * 0.8
        # Every game still loads, and replays from its record to the same position.
        for game_id in await game_ids():
            game = await store.get_game(game_id)
            if game.status not in ("active", "over"):
                continue
            state = await bot.service.state_at(game, game.seq)
            record_ = await game_record(bot.service, game, full=True)
            view, _ = replay(record_, 10**6)
            assert view == get_game(game.game).view(state, None)
