"""`/<game> hint`: what the hard AI would play now for the asker's seat, and how it rates the
options, privately; only in a game whose `hints` setting is on (off by default).

The hint is the hard AI's own decision (bot.ai.think_hard, in the thinking worker), so it sees
exactly what the asker's seat may know: the search reads only redeals of the state for that
seat. `/game hint` cannot exist: `/game` already has the 25 subcommands Discord allows.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import discord

from bot.adapter import adapter_for
from bot.ai import HardChoice
from bot.errors import send_ephemeral, user_lang
from bot.i18n import t
from bot.interactions.base import Room, admitted, require_guild
from bot.service import BotError

Interaction = discord.Interaction[Any]

SHOWN = 5  # options rated in a hint
KEPT = 64  # the last hints given: asking again for the same decision does not search again
_given: OrderedDict[tuple[int, int, int, int], HardChoice] = OrderedDict()


class Hints(Room):
    """The hint of the asker's seat."""

    @admitted
    async def hint(self, interaction: Interaction) -> None:
        """The hard AI's choice for the asker's decision and its top options, privately."""
        require_guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game, seat = await self.my_seat(interaction)
        if game.status != "active":
            raise BotError("game_over")
        if not self.service.settings_of(game).hints:
            raise BotError("hints_off")
        state = await self.service.state_of(game)
        engine = self.service.engine(game)
        if not engine.legal_actions(state, seat):
            raise BotError("hint_not_now")
        # The line of play too: an undone action's seq may come again with another position.
        decision = (game.id, game.line, game.seq, seat)
        found = _given.get(decision)
        if found is None:
            key = f"{game.seed}:{game.seq}:{seat}:hint"
            found = await self.service.ai.think(game, state, seat, key)
            _given[decision] = found
            while len(_given) > KEPT:
                _given.popitem(last=False)
        chosen, ratings = found
        adapter = adapter_for(game.game)
        lang = user_lang(interaction)
        view = engine.view(state, seat)

        def label(action: str) -> str:
            return adapter.labels(action, lang, view)

        lines = [t("hint.choice", lang, action=label(chosen))]
        best = sorted(ratings, key=lambda r: (-r[1], -r[2]))[:SHOWN]
        if len(ratings) > 1 and any(visits for _, visits, _, _ in best):
            lines.append(t("hint.ratings", lang, count=len(ratings)))
            for rank, (action, visits, value, _) in enumerate(best, 1):
                lines.append(
                    t(
                        "hint.line",
                        lang,
                        rank=rank,
                        action=label(action),
                        score=round(100 * value),
                        tries=visits,
                    )
                )
        await send_ephemeral(interaction, "\n".join(lines)[:2000])
