"""The strong Rattus AI: a one-turn greedy planner over its own model of the seat's view.

It never sees the State: it plans on the model of `model` (built from the seat's view only),
whose ravage odds come from `ravage`. Each call plans the rest of the turn greedily: every
legal action is scored by the value after it and after the best plague move that follows; the
best one is played, and the next call plans again from the new view (no memory is kept between
calls).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games.rattus.model import DEFAULT, Model, Pos, Vector, Weights
from engine.rattus.actions import (
    ChooseRavage,
    Decline,
    EndTurn,
    Explore,
    KeepCard,
    KingMove,
    MovePlague,
    PlaceCaravan,
    PlaceDiplomat,
    PlaceOpening,
    PlaceRats,
    Protect,
    UseAstronomer,
    UseExplorer,
    WitchPeek,
    WitchSwap,
)
from engine.rattus.view_types import RattusSeatView

__all__ = ["DEFAULT", "Weights", "decide"]


def decide(
    view: RattusSeatView, legal: Sequence[Any], rnd: random.Random, weights: Weights = DEFAULT
) -> Any | None:
    """The strong choice among `legal`, or None when the AI does not model this decision
    (then bot.ai plays a random legal action)."""
    if view.get("game") != "rattus" or view.get("seat") is None:
        return None
    phase = view.get("phase")
    model = Model(view, weights)
    pos = model.position(view)
    if phase == "opening":
        return _best_static(model, pos, legal, PlaceOpening)
    if phase == "spread":
        return _spread(model, pos, view, legal)
    if phase == "witch":
        return _witch(model, pos, view, legal)
    if phase == "main":
        return _main(model, pos, legal)
    if phase == "final":
        return _final(model, pos, legal)
    if phase == "explorer":
        return _best_static(model, pos, legal, Explore)
    if phase == "astronomer":
        return _keep(model, pos, view, legal)
    if phase == "caravan":
        return _place_caravan(model, pos, legal)
    if phase == "ravage_order":
        return _ravage_next(model, pos, legal)
    if phase == "reaction":
        # Protecting costs only the region card, and the window is only open when the card
        # saves cubes of this seat: what the standing order "always" does.
        return next((a for a in legal if isinstance(a, Protect)), None) or next(
            (a for a in legal if isinstance(a, Decline)), None
        )
    return None


def _best_static(model: Model, pos: Pos, legal: Sequence[Any], kind: type) -> Any | None:
    best, choice = -1e18, None
    for a in legal:
        if not isinstance(a, kind):
            continue
        p2 = model.apply(pos, a)
        if p2 is None:
            continue
        v = model.evaluate(p2)
        if v > best + 1e-9:
            best, choice = v, a
    return choice


def _spread(model: Model, pos: Pos, view: RattusSeatView, legal: Sequence[Any]) -> Any | None:
    best, choice = -1e18, None
    target = pos.plague
    recent = view["recent"]
    neutral = recent is not None and recent["neutral"]
    for a in legal:
        if not isinstance(a, PlaceRats):
            continue
        combo = tuple(model.index[r.value] for r in a.regions)
        v = model.after_plague(pos, target, neutral, combo)
        if v > best + 1e-9:
            best, choice = v, a
    return choice


def _costless(model: Model, pos: Pos, legal: Sequence[Any]) -> Any | None:
    """What only helps and is played first: the Witch's first look, then the Orient cards."""
    peek = _first_peek(model, pos, legal)
    return peek if peek is not None else _free_ability(model, pos, legal)


def _main(model: Model, pos: Pos, legal: Sequence[Any]) -> Any | None:
    """Regular turn: the witch first (free knowledge), then greedy on value."""
    free = _costless(model, pos, legal)
    if free is not None:
        return free
    best, choice = -1e18, None
    ranked: list[tuple[float, int, bool]] = []
    for a in legal:
        if isinstance(a, MovePlague):
            r = model.index[a.region.value]
            v = model.after_plague(pos, r, a.neutral)
            ranked.append((v, r, a.neutral))
            if v > best + 1e-9:
                best, choice = v, a
    # After another action, only the plague moves best now are tried again: an action
    # rarely turns a poor plague move into the best one, and this keeps decisions fast.
    ranked.sort(key=lambda x: -x[0])
    likely = [(r, neutral) for _v, r, neutral in ranked[: model.w.plague_moves]]
    base = model.evaluate(pos)
    shortlist: list[tuple[float, int, Any, Pos]] = []
    for i, a in enumerate(legal):
        if isinstance(a, MovePlague):
            continue
        p2 = model.apply(pos, a)
        if p2 is None:
            continue
        shortlist.append((model.evaluate(p2) - base, i, a, p2))
    shortlist.sort(key=lambda x: (-x[0], x[1]))
    exact: list[tuple[int, float, Any]] = []
    for _gain, i, a, p2 in shortlist[: model.w.shortlist]:
        moves = likely if p2.holders == pos.holders else None  # a new card may be the Knight
        exact.append((i, model.best_plague(p2, moves), a))
    exact.sort(key=lambda x: x[0])  # ties go to the earlier legal action
    for _i, v, a in exact:
        if v > best + 1e-6:
            best, choice = v, a
    return choice


def _final(model: Model, pos: Pos, legal: Sequence[Any]) -> Any | None:
    """Final round: use the abilities while they protect the AI's cubes, then stop."""
    free = _costless(model, pos, legal)
    if free is not None:
        return free
    best, choice = model.evaluate(pos), None
    for a in legal:
        if isinstance(a, EndTurn):
            continue
        if isinstance(a, MovePlague):
            p2 = pos.copy()
            p2.plague = model.index[a.region.value]
            p2.neutral = p2.plague
            v = model.evaluate(p2)
        else:
            p3 = model.apply(pos, a)
            if p3 is None:
                continue
            v = model.evaluate(p3)
            if isinstance(a, KingMove):
                v += 1e-3  # the palace is safe from whatever the others still do
        if v > best + 1e-6:
            best, choice = v, a
    if choice is None:
        for a in legal:
            if isinstance(a, EndTurn):
                return a
    return choice


# ---------------------------------------------------------------- Africanus


def _free_ability(model: Model, pos: Pos, legal: Sequence[Any]) -> Any | None:
    """The Orient cards that only ever help, played before the plague moves: the Astronomer
    (a region card more), the Explorer (a free cube, which may be declined) and the Sultan's
    diplomat, put where the AI's cubes stand to lose most (it is removed last)."""
    for a in legal:
        if isinstance(a, UseAstronomer | UseExplorer):
            return a
    diplomats = [a for a in legal if isinstance(a, PlaceDiplomat)]
    if not diplomats:
        return None

    def stake(a: PlaceDiplomat) -> tuple[float, int]:
        r = model.index[a.region.value]
        return (model.region_loss(pos, r, more=1)[model.me], pos.cubes[r][model.me])

    return max(diplomats, key=stake)


def _keep(model: Model, pos: Pos, view: RattusSeatView, legal: Sequence[Any]) -> Any | None:
    """Astronomer: keep the region card worth most: a point at the end where the AI holds
    the majority, and a protection for the class cards it holds (a "?" fits any)."""
    astronomer = view.get("astronomer")
    drawn = (astronomer["cards"] if astronomer is not None else None) or []
    mine = {sym for sym, h in zip(model.symbols, pos.holders, strict=True) if h == model.me}

    def worth(a: KeepCard) -> float:
        if a.position >= len(drawn):
            return -1.0
        card = drawn[a.position]
        r = model.index.get(str(card["region"]), -1)
        value = 0.0
        if r >= 0:
            row = pos.cubes[r]
            if _leads(row, model.me):
                value += 1.0
            elif row[model.me]:
                value += 0.4
        if card["wild"]:
            value += 0.6
        elif mine & set(card["symbols"]):
            value += 0.5
        return value

    keeps = [a for a in legal if isinstance(a, KeepCard)]
    return max(keeps, key=worth) if keeps else None


def _place_caravan(model: Model, pos: Pos, legal: Sequence[Any]) -> Any | None:
    """Set-up, the last player places the caravan: where the AI gains most when it leaves.
    "Dans la région d'origine de la Caravane [...] le joueur qui dispose d'une majorité de
    cubes peut placer un cube supplémentaire": the region whose majority bonus is worth most
    to the AI (its own majority, or, failing one, where no rival has it), then the one
    whose neighbours (where its first move passes) it holds most."""
    base = model.evaluate(pos)

    def worth(a: PlaceCaravan) -> tuple[float, int]:
        r = model.index[a.region.value]
        p2 = pos.copy()
        model.caravan_bonus(p2, r)
        held = sum(1 for n in model.nbrs[r] if _leads(pos.cubes[n], model.me))
        return round(model.evaluate(p2) - base, 9), held

    places = [a for a in legal if isinstance(a, PlaceCaravan)]
    return max(places, key=worth) if places else None


def _leads(row: Sequence[int], seat: int) -> bool:
    return bool(row[seat]) and row[seat] == max(row)


def _ravage_next(model: Model, pos: Pos, legal: Sequence[Any]) -> Any | None:
    """The final ravage, in the order the last player picks: the region where the AI stands
    to lose most goes first, so that its region cards protect where they save most before
    they run out; then where its rivals lose most (their cards are spent first where they
    matter least to the AI); ties in board order."""
    me = model.me

    def stake(a: ChooseRavage) -> tuple[float, float]:
        lost = model.region_loss(pos, model.index[a.region.value])
        return (round(lost[me], 9), round(sum(lost) - lost[me], 9))

    regions = [a for a in legal if isinstance(a, ChooseRavage)]
    return max(regions, key=stake) if regions else None


# ---------------------------------------------------------------- the Witch


def _stake(model: Model, pos: Pos, r: int) -> float:
    """How much the AI stands to gain by knowing region r's tokens: its own expected losses
    there first, then what the others lose (where the plague may go)."""
    lost = model.region_loss(pos, r)
    mine = lost[model.me]
    others = sum(lost) - mine
    return 2 * mine + 0.5 * others


def _first_peek(model: Model, pos: Pos, legal: Sequence[Any]) -> Any | None:
    peeks = [a for a in legal if isinstance(a, WitchPeek)]
    if not peeks:
        return None
    best, choice = 1e-6, None
    for a in peeks:
        r = model.index[a.region.value]
        if pos.known[r][a.position] is not None:
            continue
        s = _stake(model, pos, r)
        if s > best:
            best, choice = s, a
    return choice


def _witch(model: Model, pos: Pos, view: RattusSeatView, legal: Sequence[Any]) -> Any | None:
    """Between the Witch's looks: look where a swap would pay most, then swap if it helps."""
    looks = [(model.index[x["region"]], x["position"]) for x in view["turn_state"]["witch"]]
    swap = next((a for a in legal if isinstance(a, WitchSwap) and a.swap), None)
    keep = next((a for a in legal if isinstance(a, WitchSwap) and not a.swap), None)
    if len(looks) >= 2:
        if swap is None:
            return keep
        p2 = _swapped(pos, looks[0], looks[1])
        return swap if model.evaluate(p2) > model.evaluate(pos) + 1e-6 else keep
    if not looks:
        return None
    first = looks[0]
    if pos.known[first[0]][first[1]] is None:
        return keep
    base = model.values(pos)
    best = 1e-3
    choice_: Any = keep
    for a in legal:
        if not isinstance(a, WitchPeek):
            continue
        r = model.index[a.region.value]
        if r == first[0]:
            continue
        gain = _swap_gain(model, pos, first, (r, a.position), base)
        if gain > best:
            best, choice_ = gain, a
    return choice_


def _swapped(pos: Pos, a: tuple[int, int], b: tuple[int, int]) -> Pos:
    p2 = pos.copy()
    fa, fb = pos.known[a[0]][a[1]], pos.known[b[0]][b[1]]
    row = list(p2.known[a[0]])
    row[a[1]] = fb
    p2.known[a[0]] = tuple(row)
    row = list(p2.known[b[0]])
    row[b[1]] = fa
    p2.known[b[0]] = tuple(row)
    return p2


def _swap_gain(
    model: Model, pos: Pos, first: tuple[int, int], second: tuple[int, int], base: Vector
) -> float:
    """Expected gain of looking at `second` and then swapping it with `first` when it helps.
    Only the two regions change, so only their part of the value is computed again."""
    regions = (first[0], second[0])
    old = model.local(pos, regions)
    rest = [b - o for b, o in zip(base, old, strict=True)]

    def worth(p: Pos) -> float:
        part = model.local(p, regions)
        return model.score([x + y for x, y in zip(rest, part, strict=True)])

    if pos.known[second[0]][second[1]] is not None:
        return max(0.0, worth(_swapped(pos, first, second)) - worth(pos))
    gain = 0.0
    for face, q in model.pool:
        p2 = pos.copy()
        row = list(p2.known[second[0]])
        row[second[1]] = face
        p2.known[second[0]] = tuple(row)
        gain += q * max(0.0, worth(_swapped(p2, first, second)) - worth(p2))
    return gain
