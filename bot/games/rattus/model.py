"""The position model the Rattus AI reasons on, and its evaluation.

It never sees the State. From the seat's view it builds a model: cubes, rat tokens per region
(the faces it looked at with the Witch, the others unknown: see `ravage`), card holders,
reserve and palace.

A position is worth, for each player: palace + cubes on the board minus the expected losses
they face (the final ravage strikes every region with rats) minus the immediate threat of the
next plague move + the cubes in reserve that can still be placed + a small bonus per class
card. The model also plays the AI's own actions and the plague move on a position, so that the
planner (`ai`) can score what each choice leads to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import Any

from bot.games.rattus.ravage import Cubes, Face, Ravage, Sig, present, token_face, token_pool
from engine.rattus.actions import (
    Explore,
    KingMove,
    MerchantMove,
    MonkMove,
    MoveCaravan,
    PlaceCubes,
    PlaceOpening,
    TakeCard,
)
from engine.rattus.view_types import RattusSeatView

Vector = list[float]


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable numbers of the evaluation (measured with `python -m bench.ai`)."""

    risk: float = 1.0  # share of a region's expected ravage losses charged to its cubes early on
    empty_risk: float = 0.35  # a region without rats may get some: its cubes risk one token
    growth: float = 0.3  # regions get more rats before the end: share of one more token's risk
    threat: float = 0.5  # the next plague move: its expected losses, on top of `risk`
    reserve: float = 0.55  # a cube in reserve that can still be placed
    tempo: float = 1.5  # a cube lost now: the placement it took is wasted (on top of `reserve`)
    placements: float = 2.6  # cubes a player places per turn, to size what can still be placed
    rats_per_turn: float = 1.3  # rat tokens the spread takes from the supply per turn
    king: float = 0.9  # value of holding each class card for its ability
    peasant: float = 0.7
    knight: float = 0.35
    monk: float = 0.35
    merchant: float = 0.25
    witch: float = 0.3
    other_card: float = 0.15
    shortlist: int = 3  # actions whose value is computed with the plague move that follows
    plague_moves: int = 3  # plague moves tried after each of those actions


DEFAULT = Weights()


@dataclass(slots=True)
class Pos:
    """The AI's model of a position (its own guess, built from one seat's view only)."""

    cubes: list[Cubes]
    known: list[tuple[Face | None, ...]]  # per region, per token position: face or unknown
    holders: tuple[int, ...]  # per card, -1 when beside the board
    reserve: list[int]
    palace: list[int]
    plague: int
    supply: int
    took: bool
    placed: bool
    used: frozenset[str]
    final: bool  # the final round: the next thing to happen is the final ravage
    neutral: int  # region where the plague piece counts as two cubes at the end, or -1
    caravan: int = -1  # Africanus: the caravan's region, or -1

    def copy(self) -> Pos:
        """A copy whose lists can be changed freely."""
        return replace(self, cubes=list(self.cubes), known=list(self.known))

    def tokens(self, r: int) -> int:
        """Rat tokens in region r."""
        return len(self.known[r])


class Model:
    """Static facts of the game and caches, built from one view; scores positions."""

    def __init__(self, view: RattusSeatView, weights: Weights = DEFAULT) -> None:
        self.w = weights
        self.n: int = int(view["players"])
        seat = view["seat"]
        if seat is None:
            raise ValueError("the AI plans from a seat's own view, not the public one")
        self.me: int = seat
        regions = view["regions"]
        self.ids: list[str] = [str(r["id"]) for r in regions]
        self.index: dict[str, int] = {rid: i for i, rid in enumerate(self.ids)}
        self.nbrs: list[tuple[int, ...]] = [
            tuple(self.index[n] for n in r["neighbours"] if n in self.index) for r in regions
        ]
        self.cards: tuple[str, ...] = tuple(str(c["card"]) for c in view["cards"])
        self.symbols: tuple[str, ...] = tuple(str(c["symbol"]) for c in view["cards"])
        self.knight_steps: int = int(view.get("knight_steps") or 2)
        self.max_tokens = 3
        self.ravage = Ravage.shared(self.n, self.symbols, token_pool(view))
        self.pool = self.ravage.pool
        self._value: dict[tuple[Any, ...], tuple[float, ...]] = {}
        self._region_loss: dict[tuple[Any, ...], tuple[float, ...]] = {}
        self.zero: tuple[float, ...] = self.ravage.zero
        self.card_value = [self._card_value(c) for c in self.cards]

    # ------------------------------------------------------------ building from the view

    def position(self, view: RattusSeatView) -> Pos:
        """The model of the view's position."""
        known: list[tuple[Face | None, ...]] = []
        for region in view["regions"]:
            marks = region.get("known")
            if marks is None:
                marks = [None] * int(region["tokens"])
            known.append(tuple(token_face(k["limit"], k["symbols"]) if k else None for k in marks))
        holders = tuple(-1 if c["holder"] is None else int(c["holder"]) for c in view["cards"])
        turn = view["turn_state"]
        final = view.get("phase") == "final"
        fin = view["final"]
        plague = self.index[str(view["plague"])]
        return Pos(
            cubes=[tuple(int(x) for x in r["cubes"]) for r in view["regions"]],
            known=known,
            holders=holders,
            reserve=[int(x) for x in view["reserve"]],
            palace=[int(x) for x in view["palace"]],
            plague=plague,
            supply=int(view.get("rat_supply") or 0),
            took=turn["took_card"],
            placed=turn["placed"],
            used=frozenset(turn["used"]),
            final=final,
            neutral=plague if fin is not None and fin["neutral"] else -1,
            caravan=self.index.get(str(view.get("caravan")), -1),
        )

    def _card_value(self, card: str) -> float:
        w = self.w
        return {
            "king": w.king,
            "peasant": w.peasant,
            "knight": w.knight,
            "monk": w.monk,
            "merchant": w.merchant,
            "witch": w.witch,
        }.get(card, w.other_card)

    # ------------------------------------------------------------ the ravage, as it stands

    def region_tokens(self, pos: Pos, r: int) -> tuple[tuple[Sig, ...], int]:
        """The region's known faces (as ravage signatures) and its number of unknown tokens."""
        faces = pos.known[r]
        holders = present(pos.holders, pos.cubes[r])
        known = tuple(sorted(self.ravage.sig(f, holders) for f in faces if f is not None))
        return known, len(faces) - len(known)

    def region_loss(self, pos: Pos, r: int, more: int = 0) -> tuple[float, ...]:
        """Expected losses if region r (with `more` unknown tokens added) were ravaged now."""
        cubes = pos.cubes[r]
        faces = pos.known[r]
        if not (faces or more) or not any(cubes):
            return self.zero
        key = (cubes, faces, pos.holders, more)
        cached = self._region_loss.get(key)
        if cached is None:
            known, unknown = self.region_tokens(pos, r)
            cached = self.ravage.loss(cubes, known, unknown + more, 0, pos.holders)
            self._region_loss[key] = cached
        return cached

    # ------------------------------------------------------------ the evaluation

    def turns_left(self, supply: int) -> float:
        """Turns each player still has, estimated from the rat supply."""
        return supply / self.w.rats_per_turn / self.n

    def region_value(
        self, pos: Pos, r: int, final: bool, supply: int, more: int = 0
    ) -> tuple[float, ...]:
        """Region r's worth to each seat: its cubes minus the losses they should suffer (with
        `more` unknown tokens added)."""
        cubes = pos.cubes[r]
        if not any(cubes):
            return self.zero
        faces = pos.known[r]
        extra = 2 if final and r == pos.neutral else 0
        growth = 0.0 if final else min(1.0, self.turns_left(supply) / 3)
        # Looked up by the raw region first (cheap); the work below is shared more widely.
        key = (cubes, faces, more, pos.holders, final, extra, growth)
        cached = self._value.get(key)
        if cached is None:
            cached = self._region_value(cubes, faces, more, pos.holders, final, extra, growth)
            self._value[key] = cached
        return cached

    def _region_value(
        self,
        cubes: Cubes,
        faces: tuple[Face | None, ...],
        more: int,
        holders: tuple[int, ...],
        final: bool,
        extra: int,
        growth: float,
    ) -> tuple[float, ...]:
        known = tuple(sorted(f for f in faces if f is not None))
        unknown = len(faces) - len(known) + more
        holders = present(holders, cubes)
        w = self.w
        sigs = tuple(sorted(self.ravage.sig(f, holders) for f in known))
        tokens = len(sigs) + unknown
        if final:
            lost = self.ravage.loss(cubes, sigs, unknown, extra, holders)
            value = tuple(cubes[p] - lost[p] for p in range(self.n))
        else:
            if tokens == 0:
                lost = self.ravage.loss(cubes, (), 1, 0, holders)
                share = w.empty_risk
            else:
                lost = self.ravage.loss(cubes, sigs, unknown, 0, holders)
                # Cubes lost before the end go back to the reserve and may be placed again;
                # the final ravage takes them for good: the charge rises to 1 at the end.
                share = 1 - (1 - w.risk) * growth
            out = [cubes[p] - share * lost[p] for p in range(self.n)]
            if 0 < tokens < self.max_tokens and growth and w.growth:
                # More rats will come: charge a share of what one more token costs, taken as
                # what a lone token costs (cheap, and close enough for a ranking).
                single = self.ravage.loss(cubes, (), 1, 0, holders)
                for p in range(self.n):
                    out[p] -= w.growth * growth * single[p]
            value = tuple(out)
        return value

    def player_terms(
        self, pos: Pos, out: Vector, reserve: Sequence[float], final: bool, supply: int
    ) -> None:
        """Add the palace, the reserve that can still be placed and the class cards held."""
        if final:
            for p in range(self.n):
                out[p] += pos.palace[p]
            return
        room = self.turns_left(supply) * self.w.placements
        for p in range(self.n):
            out[p] += pos.palace[p] + self.w.reserve * min(reserve[p], room)
        for value, holder in zip(self.card_value, pos.holders, strict=True):
            if holder >= 0:
                out[holder] += value

    def threat_share(self, plague: int) -> float:
        """Chance-weighted share of a neighbour's losses the next plague move costs."""
        nbrs = self.nbrs[plague]
        return self.w.threat / len(nbrs) if nbrs else 0.0

    def values(self, pos: Pos) -> Vector:
        """Each seat's worth in the position (no plague move pending)."""
        out = [0.0] * self.n
        final, supply = pos.final, pos.supply
        for r in range(len(self.ids)):
            v = self.region_value(pos, r, final, supply)
            for p in range(self.n):
                out[p] += v[p]
        self.player_terms(pos, out, pos.reserve, final, supply)
        if not final:
            # The next player moves the plague to a neighbour: its expected losses, now.
            share = self.threat_share(pos.plague)
            for r in self.nbrs[pos.plague]:
                lost = self.region_loss(pos, r)
                for p in range(self.n):
                    out[p] -= share * lost[p]
        return out

    def local(self, pos: Pos, regions: Sequence[int]) -> Vector:
        """The part of `values` that depends on the tokens of these regions."""
        out = [0.0] * self.n
        final, supply = pos.final, pos.supply
        nbrs = self.nbrs[pos.plague]
        share = self.threat_share(pos.plague)
        for r in regions:
            v = self.region_value(pos, r, final, supply)
            for p in range(self.n):
                out[p] += v[p]
            if not final and r in nbrs:
                lost = self.region_loss(pos, r)
                for p in range(self.n):
                    out[p] -= share * lost[p]
        return out

    def score(self, vals: Sequence[float]) -> float:
        """The AI's own worth against the others (the strongest weighs most)."""
        others = [v for p, v in enumerate(vals) if p != self.me]
        if not others:
            return vals[self.me]
        return vals[self.me] - (max(others) + sum(others) / len(others)) / 2

    def evaluate(self, pos: Pos) -> float:
        """The score of a position with no plague move pending."""
        return self.score(self.values(pos))

    # ------------------------------------------------------------ the plague move

    def spread_count(self, pos: Pos, target: int) -> int:
        """New rat tokens the plague brings (rules: 1 for one rat, 2 for two or three)."""
        k = pos.tokens(target)
        count = 0 if k == 0 else 1 if k == 1 else 2
        room = sum(self.max_tokens - pos.tokens(n) for n in self.nbrs[target])
        return min(count, pos.supply, room)

    def spread_options(self, pos: Pos, target: int, count: int) -> list[tuple[int, ...]]:
        """Where the new rats may go."""
        room = {n: self.max_tokens - pos.tokens(n) for n in self.nbrs[target]}
        open_ = [n for n in self.nbrs[target] if room[n] > 0]
        return [
            combo
            for combo in combinations_with_replacement(open_, count)
            if all(combo.count(n) <= room[n] for n in set(combo))
        ]

    def after_plague(
        self, pos: Pos, target: int, neutral: bool, spread: tuple[int, ...] | None = None
    ) -> float:
        """Score after the plague moves to `target`: the spread (the best one for the AI when
        `spread` is None), the ravage there, and the end of the game if it comes."""
        n = self.n
        count = self.spread_count(pos, target) if spread is None else len(spread)
        options = [spread] if spread is not None else self.spread_options(pos, target, count)
        if not options:
            options, count = [()], 0
        supply = max(0, pos.supply - count)
        cubes = pos.cubes[target]
        known, unknown = self.region_tokens(pos, target)
        dist = self.ravage.outcomes(cubes, known, unknown, 2 if neutral else 0, pos.holders)
        lost = [sum(q * (cubes[p] - c[p]) for c, q in dist.items()) for p in range(n)]
        reserve = [pos.reserve[p] + lost[p] for p in range(n)]
        final = supply == 0 or any(r < 0.5 for r in reserve)
        if final and pos.neutral >= 0:
            pos = replace(pos, neutral=-1)
        nbrs = self.nbrs[target]
        base = [0.0] * n
        for r in range(len(self.ids)):
            if r != target and r not in nbrs:
                v = self.region_value(pos, r, final, supply)
                for p in range(n):
                    base[p] += v[p]
        # The ravaged region keeps its surviving cubes, now without rats (tokens only remain
        # where no cube survived, and then nothing is at stake there).
        empty = pos.copy()
        empty.known[target] = ()
        for c, q in dist.items():
            empty.cubes[target] = c
            v = self.region_value(empty, target, final, supply)
            for p in range(n):
                base[p] += q * v[p]
        self.player_terms(pos, base, reserve, final, supply)
        if not final and self.w.tempo:
            for p in range(n):
                base[p] -= self.w.tempo * lost[p]
        # Each neighbour's worth with the rats it may receive, and the threat of the next
        # plague move, which starts from `target`.
        share = 0.0 if final else self.threat_share(target)
        parts: dict[tuple[int, int], tuple[float, ...]] = {}
        for nb in nbrs:
            for k in range(max((o.count(nb) for o in options), default=0) + 1):
                v = self.region_value(pos, nb, final, supply, more=k)
                if share and (pos.known[nb] or k):
                    hit = self.region_loss(pos, nb, more=k)
                    v = tuple(v[p] - share * hit[p] for p in range(n))
                parts[nb, k] = v
        best = -1e18
        for combo in options:
            vals = list(base)
            for nb in nbrs:
                v = parts[nb, combo.count(nb)]
                for p in range(n):
                    vals[p] += v[p]
            best = max(best, self.score(vals))
        return best

    def plague_targets(self, pos: Pos) -> list[tuple[int, bool]]:
        """Plague moves open to the AI in this position (the Knight: further, and +2)."""
        knight = any(
            c == "knight" and h == self.me for c, h in zip(self.cards, pos.holders, strict=True)
        )
        steps = self.knight_steps if knight else 1
        seen: set[int] = set()
        frontier = {pos.plague}
        for _ in range(steps):
            frontier = {n for f in sorted(frontier) for n in self.nbrs[f]}
            seen |= frontier
        seen.discard(pos.plague)
        out: list[tuple[int, bool]] = []
        for r in sorted(seen):
            out.append((r, False))
            if knight:
                out.append((r, True))
        return out

    def best_plague(self, pos: Pos, moves: Sequence[tuple[int, bool]] | None = None) -> float:
        """Score after the best plague move from this position (among `moves` if given)."""
        if moves is None:
            moves = self.plague_targets(pos)
        return max(
            (self.after_plague(pos, r, neutral) for r, neutral in moves),
            default=self.evaluate(pos),
        )

    # ------------------------------------------------------------ actions on the model

    def apply(self, pos: Pos, action: Any) -> Pos | None:
        """The model after one of the AI's own actions, or None for an action it does not
        model."""
        me = self.me
        p2 = pos.copy()
        if isinstance(action, PlaceOpening):
            regions = [action.region.value, (action.second or action.region).value]
            for rid in regions:
                r = self.index[rid]
                p2.cubes[r] = _add(p2.cubes[r], me, 1)
            p2.reserve = _bump(p2.reserve, me, -2)
            return p2
        if isinstance(action, TakeCard):
            i = self.cards.index(action.card.value)
            p2.holders = p2.holders[:i] + (me,) + p2.holders[i + 1 :]
            p2.took = True
            return p2
        if isinstance(action, PlaceCubes):
            r = self.index[action.region.value]
            p2.cubes[r] = _add(p2.cubes[r], me, action.count)
            p2.reserve = _bump(p2.reserve, me, -action.count)
            p2.placed = True
            if p2.final:
                p2.used = p2.used | {"peasant"}
            return p2
        if isinstance(action, KingMove):
            r = self.index[action.region.value]
            p2.cubes[r] = _add(p2.cubes[r], me, -1)
            p2.palace = _bump(p2.palace, me, 1)
            p2.used = p2.used | {"king"}
            return p2
        if isinstance(action, MonkMove):
            src, dst = self.index[action.source.value], self.index[action.target.value]
            row = p2.known[src]
            face = row[action.position]
            p2.known[src] = row[: action.position] + row[action.position + 1 :]
            p2.known[dst] = (*p2.known[dst], face)
            p2.used = p2.used | {"monk"}
            return p2
        if isinstance(action, MerchantMove):
            src, dst = self.index[action.source.value], self.index[action.target.value]
            p2.cubes[src] = _add(p2.cubes[src], me, -action.count)
            p2.cubes[dst] = _add(p2.cubes[dst], me, action.count)
            p2.used = p2.used | {"merchant"}
            return p2
        if isinstance(action, Explore):
            if action.region is not None:
                r = self.index[action.region.value]
                p2.cubes[r] = _add(p2.cubes[r], me, 1)
                p2.reserve = _bump(p2.reserve, me, -1)
            return p2
        if isinstance(action, MoveCaravan):
            for r in (pos.caravan, self.index[action.middle.value]):
                self.caravan_bonus(p2, r)
            p2.caravan = self.index[action.target.value]
            p2.used = p2.used | {"caravaneer"}
            return p2
        return None

    def caravan_bonus(self, pos: Pos, r: int) -> None:
        """In `pos` (changed in place), the caravan leaves or passes region r (-1: none):
        its majority holders (at least 1 cube, ties all) add a cube there, if they have one
        in reserve."""
        counts: Cubes = pos.cubes[r] if r >= 0 else ()
        top = max(counts, default=0)
        for p in range(self.n) if top else ():
            if counts[p] == top and pos.reserve[p] > 0:
                pos.cubes[r] = _add(pos.cubes[r], p, 1)
                pos.reserve = _bump(pos.reserve, p, -1)


def _add(row: Cubes, p: int, k: int) -> Cubes:
    return row[:p] + (row[p] + k,) + row[p + 1 :]


def _bump(row: list[int], p: int, k: int) -> list[int]:
    out = list(row)
    out[p] += k
    return out
