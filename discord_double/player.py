"""A scripted person: reads the channel like a player and clicks what a player can click.

Used by the end-to-end tests, the demo and the bot benchmark. It only uses what Discord
shows a user (messages, buttons, selects, autocomplete), never the bot's database.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from discord_double.interactions import InteractionRecord
from discord_double.models import DoubleChannel, DoubleMessage, DoubleUser
from discord_double.server import DiscordDouble

TURN_ID = re.compile(r"^rt:(\d+):(\d+):([ak]):(.+)$")
TURN_SELECT_ID = re.compile(r"^rc:(\d+):(\d+):(\w+)$")
MENTION = re.compile(r"<@(\d+)>")


def components(message: DoubleMessage) -> list[dict[str, Any]]:
    """Every button and select of a message, at any depth (rows, containers, sections)."""
    return message.interactive


def turn_seq(message: DoubleMessage) -> int:
    """The game's number the buttons of a turn message were made for (-1 if none): the
    store's seq as the table counts it (GameRow.shown: a secret window's private answers
    are not counted)."""
    for c in components(message):
        m = TURN_ID.match(c.get("custom_id", "")) or TURN_SELECT_ID.match(c.get("custom_id", ""))
        if m:
            return int(m.group(2))
    return -1


def turn_choices(message: DoubleMessage) -> list[dict[str, Any]]:
    """The turn buttons ("rt:") and turn selects ("rc:") of a turn message."""
    return [c for c in components(message) if c.get("custom_id", "").startswith(("rt:", "rc:"))]


class Table:
    """One game channel as its players see it."""

    def __init__(
        self,
        double: DiscordDouble,
        channel: DoubleChannel,
        users: Sequence[DoubleUser],
        *,
        command: str = "rattus",
    ) -> None:
        self.double = double
        self.channel = channel
        self.users = {u.id: u for u in users}
        self.command = command  # the game's slash-command group (its `do` command)
        self.pickers: dict[int, int] = {}  # the picker each person tapped last

    def messages(self) -> list[DoubleMessage]:
        """Public messages of the channel, oldest first."""
        return [m for m in self.double.channel_messages(self.channel) if not m.deleted]

    def current_turn(self) -> DoubleMessage | None:
        """The newest message with live turn buttons."""
        best: DoubleMessage | None = None
        for m in self.messages():
            if turn_seq(m) >= 0 and (best is None or turn_seq(m) > turn_seq(best)):
                best = m
        return best

    def over(self) -> bool:
        """True once the final ranking was posted."""
        return any("🏁" in m.text for m in self.messages())

    def mover(self, message: DoubleMessage) -> DoubleUser | None:
        """The person a turn message asks to decide (None when only AI seats are asked)."""
        for line in reversed(message.text.splitlines()):
            ids = [int(i) for i in MENTION.findall(line) if int(i) in self.users]
            if ids:
                return self.users[ids[0]]
        return None

    def secret_window(self, message: DoubleMessage) -> bool:
        """A turn message that names nobody and offers one button for whoever is asked (a
        window whose seats are secret: each was asked by DM)."""
        controls = turn_choices(message)
        return (
            len(controls) == 1
            and controls[0]["custom_id"].endswith(":k:any")
            and not MENTION.search(message.text)
        )

    async def answer_secret(
        self, message: DoubleMessage, rnd: random.Random
    ) -> InteractionRecord | None:
        """Each person taps the window's button as anyone at the table may; the first one
        whose choices it opens answers (None: nobody is asked now, an AI seat answers)."""
        (control,) = turn_choices(message)
        for user in self.users.values():
            record = await self.double.click(user, message, control["custom_id"])
            await record.wait_done()
            picker = record.message
            if picker is not None and any(
                c.get("custom_id", "").startswith("rp:") for c in components(picker)
            ):
                return await self.pick_through(user, record, rnd)
        return None

    async def wait_after(self, seq: int, timeout: float = 60.0) -> None:
        """Wait until a turn message newer than `seq` exists, or the game is over (a post
        waits for AI seats still moving: hard ones think a second or two each)."""

        def ready() -> bool:
            latest = self.current_turn()
            return (latest is not None and turn_seq(latest) > seq) or self.over()

        await self.double.wait_for(ready, timeout=timeout, what=f"a turn after seq {seq}")

    async def pick_through(
        self, user: DoubleUser, record: InteractionRecord, rnd: random.Random
    ) -> InteractionRecord:
        """Follow an ephemeral picker until an action is chosen; return the last record.
        A picker of buttons (one per action) takes one tap, and may stay open with the next
        choices: the player remembers it, and taps there next (see `play_one`)."""
        message = record.message
        assert message is not None, "the picker was not shown"
        while True:
            taps = [c for c in components(message) if c.get("custom_id", "").startswith("rb:")]
            if taps:
                return await self.tap(user, message, rnd)
            select = next(
                c for c in components(message) if c.get("custom_id", "").startswith("rp:")
            )
            option = rnd.choice(select["options"])
            record = await self.double.select(user, message, select["custom_id"], [option["value"]])
            await record.wait_done()
            if option["value"].startswith("a:"):
                return record
            message = self.double.message(message.id)

    async def tap(
        self, user: DoubleUser, picker: DoubleMessage, rnd: random.Random
    ) -> InteractionRecord:
        """Tap one of a picker's action buttons; remember the picker if it stays open."""
        taps = [c for c in components(picker) if c.get("custom_id", "").startswith("rb:")]
        record = await self.double.click(user, picker, rnd.choice(taps)["custom_id"])
        await record.wait_done()
        self.pickers[user.id] = picker.id
        return record

    def open_picker(self, user: DoubleUser, seq: int) -> DoubleMessage | None:
        """The picker `user` tapped last, if it still offers buttons for the turn `seq`."""
        found = self.pickers.get(user.id)
        if found is None:
            return None
        picker = self.double.message(found)
        taps = [c for c in components(picker) if c.get("custom_id", "").startswith("rb:")]
        if taps and all(int(c["custom_id"].split(":")[2]) == seq for c in taps):
            return picker
        return None

    async def act_on(
        self, message: DoubleMessage, user: DoubleUser, rnd: random.Random
    ) -> InteractionRecord:
        """Act through one of the turn message's controls, picked at random: a select's
        option, a button that acts, or a button whose private picker is followed to an
        action. Return the deciding interaction once the bot acknowledged it."""
        control = rnd.choice(turn_choices(message))
        if control["custom_id"].startswith("rc:"):
            option = rnd.choice(control["options"])
            record = await self.double.select(
                user, message, control["custom_id"], [option["value"]]
            )
            await record.wait_acked()
            return record
        record = await self.double.click(user, message, control["custom_id"])
        if ":k:" in control["custom_id"]:
            await record.wait_done()
            return await self.pick_through(user, record, rnd)
        await record.wait_acked()
        return record

    async def play_one(self, rnd: random.Random, *, use_slash: bool = False) -> InteractionRecord:
        """The person to move makes one random legal move; return the deciding interaction."""
        await self.double.wait_for(
            lambda: self.current_turn() is not None or self.over(), timeout=15, what="a turn"
        )
        message = self.current_turn()
        assert message is not None, "no turn message"
        seq = turn_seq(message)
        user = self.mover(message)
        if user is None and self.secret_window(message):
            answered = await self.answer_secret(message, rnd)
            if answered is not None:
                return answered  # the window may still wait for others: no new turn yet
            await self.wait_after(seq)  # only AI seats were asked: they answer by themselves
            return await self.play_one(rnd, use_slash=use_slash)
        assert user is not None, f"no person is asked to move: {message.text!r}"
        if use_slash:
            choices = await self.double.autocomplete(
                user, self.channel, f"{self.command} do", "action", typed=""
            )
            assert choices, "autocomplete offers no legal action"
            record = await self.double.slash(
                user, self.channel, f"{self.command} do", action=rnd.choice(choices)["value"]
            )
            await record.wait_done()
        else:
            picker = self.open_picker(user, seq)
            if picker is not None:
                record = await self.tap(user, picker, rnd)
            else:
                record = await self.act_on(message, user, rnd)
        await self.wait_after(seq)
        return record
