"""What the bot says and offers for Rat Race: its words come from locales/, the rest is the
generic adapter's default."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from discord.ext import commands

from bot.adapter import GameAdapter, who


class ToyAdapter(GameAdapter):
    name = "toy"
    command = "toy"
    verbs = ("take",)

    def narrate(self, event: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
        if event["type"] == "bonuses_shown":
            shown = ", ".join(
                f"{who(names, seat)} {value}" for seat, value in enumerate(event["values"])
            )
            return self.t("event.bonuses_shown", lang, bonuses=shown)
        return super().narrate(event, names, lang)

    def describe(self, action: str, lang: str, view: Mapping[str, Any] | None = None) -> str:
        return self.t("action.take", lang, n=int(action.split()[1]))

    def private_lines(
        self, view: Mapping[str, Any], seat: int, names: Sequence[str], lang: str
    ) -> list[str]:
        return [self.t("hand.bonus", lang, value=view["bonus"])]

    def secret(self, view: Mapping[str, Any]) -> Any:
        return view["bonus"]

    def decide(self, view: Mapping[str, Any], legal: Sequence[Any], rnd: random.Random) -> Any:
        """Leave the other player no last rat when it can: take what makes the pile a
        multiple of three."""
        for action in legal:
            if (view["pile"] - action.n) % 3 == 0:
                return action
        return rnd.choice(list(legal))

    def cog(self, rooms: Any) -> commands.Cog:
        from bot.games.toy.cog import ToyCog

        return ToyCog(rooms)


ADAPTER = ToyAdapter()
