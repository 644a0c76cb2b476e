"""How a search scores a position that is not over, where a game's ranking so far misjudges it.

`ai.search.rewards` scores a position from the game's ranking (half) and each seat's score
margin (half). That suits games whose points so far say who is ahead. In Rattus Cartus they do
not: at the end a seat whose rats outnumber the nuns of the Nun row is dead and loses whatever
its points, and mid-game the ranking knows only the points. A judge is named by the search's
settings (`Settings.judge`) and reads the searched sample (a determinization: every hidden
card in it is a sample of what the seat may not see, never the real one).

Measured (bench/ai.py, hard against normal at 2 players, 300 ms a decision, seeds 0-399):
Cartus's judge won 243.5 of 400 games where the ranking and margins won 240.5, no better
within the noise; no level uses it yet (`--settings judge=cartus` tries it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from engine.cartus.data import nuns_of
from engine.core.contract import Game

Judge = Callable[[Game[Any, Any, Any], Any, float], list[float]]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


# Rats: how fast survival falls as a seat's rats come near the nuns (a margin of one rat
# is worth about 0.7, of three 0.95).
RAT_SCALE = 1.2


def cartus(engine: Game[Any, Any, Any], state: Any, margin_scale: float) -> list[float]:
    """Each seat's chance to win, were the game to end about now: it survives (its rats, in
    the sample, against the sample's Nun row, with some slack for what it may still take)
    and, among the survivors, it has the most points (a logistic of each margin over
    `margin_scale`), the others' chances taken as independent."""
    ranking = engine.result(state)["ranking"]
    score = {int(r["seat"]): float(r["score"]) for r in ranking}
    nuns = sum(nuns_of(c) for c in state.nuns)
    rats = state.rats
    survive = [_logistic((nuns - rats[p] + 0.5) / RAT_SCALE) for p in range(len(rats))]
    scale = margin_scale if margin_scale > 0 else 3.0
    out = []
    for p in range(len(rats)):
        chance = survive[p]
        for q in range(len(rats)):
            if q != p:
                beaten = _logistic((score[p] - score[q]) / scale)
                chance *= 1.0 - survive[q] + survive[q] * beaten
        out.append(chance)
    return out


JUDGES: dict[str, Judge] = {"cartus": cartus}
