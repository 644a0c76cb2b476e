"""The strong Rattus AI: a one-turn greedy planner over its own model of the seat's view.

It never sees the State. From the view it builds a model: cubes, rat tokens per region (the
faces it looked at with the Witch, the others unknown), card holders, reserve and palace. An
unknown token is modelled as a draw from the faces not yet seen out of play (every face of the
game minus the faces of the latest ravage shown in `recent` and the faces this seat knows on the
board); the expected cube losses of a ravage are computed exactly over that mix, token by
token, as the rules reveal them (M first, then A and the class symbols of the cards held).

A position is worth, for each player: palace + cubes on the board minus the expected losses
they face (the final ravage strikes every region with rats) minus the immediate threat of the
next plague move + the cubes in reserve that can still be placed + a small bonus per class
card. Each call plans the rest of the turn greedily: every legal action is scored by the value
after it and after the best plague move that follows; the best one is played, and the next call
plans again from the new view (no memory is kept between calls).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import Any

from engine.rattus.actions import (
    Decline,
    EndTurn,
    Explore,
    KeepCard,
    KingMove,
    MerchantMove,
    MonkMove,
    MoveCaravan,
    MovePlague,
    PlaceCubes,
    PlaceDiplomat,
    PlaceOpening,
    PlaceRats,
    Protect,
    TakeCard,
    UseAstronomer,
    UseExplorer,
    WitchPeek,
    WitchSwap,
)
from engine.rattus.data import token_faces
from engine.rattus.view_types import RattusSeatView

# A token face as the model needs it: limit, number of M, number of A, class symbols.
Face = tuple[int, int, int, tuple[str, ...]]
# A face under given card holders: limit, M, A, class hits per seat.
Sig = tuple[int, int, int, tuple[int, ...]]
# What an outbreak does: M count, A count, class hits per seat.
Effect = tuple[int, int, tuple[int, ...]]
Cubes = tuple[int, ...]
Vector = list[float]

CARD_SYMBOLS_OF_MAJORITY = ("M", "A")


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


def _face(limit: int, symbols: Sequence[str]) -> Face:
    classes = tuple(s for s in symbols if s not in CARD_SYMBOLS_OF_MAJORITY)
    return (int(limit), symbols.count("M"), symbols.count("A"), classes)


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
        self.pool = self._pool(view)
        self._mixes: dict[tuple[int, ...], list[tuple[list[tuple[Effect, float]], float]]] = {}
        self._hits: dict[tuple[int, ...], dict[str, tuple[int, ...]]] = {}
        self._out: dict[tuple[Any, ...], dict[Cubes, float]] = {}
        self._loss: dict[tuple[Any, ...], tuple[float, ...]] = {}
        self._value: dict[tuple[Any, ...], tuple[float, ...]] = {}
        self._region_loss: dict[tuple[Any, ...], tuple[float, ...]] = {}
        self.top_limit = max((f[0] for f, _ in self.pool), default=0)
        self.zero: tuple[float, ...] = (0.0,) * self.n
        self.card_value = [self._card_value(c) for c in self.cards]

    # ------------------------------------------------------------ building from the view

    def _pool(self, view: RattusSeatView) -> list[tuple[Face, float]]:
        """The mix of faces an unknown token may show: every face minus the faces seen."""
        counts: dict[str, int] = {}
        faces: dict[str, Face] = {}
        for f in token_faces(str(view.get("expansion") or "")):
            counts[f.id] = counts.get(f.id, 0) + 1
            faces[f.id] = _face(f.limit, f.symbols)
        seen: list[str] = []
        recent = view["recent"]
        if recent is not None:
            seen += [x["id"] for x in recent["revealed"]]
        for region in view["regions"]:
            seen += [str(k["id"]) for k in region.get("known") or () if k]
        for fid in seen:
            if counts.get(fid, 0) > 0:
                counts[fid] -= 1
        mix: dict[Face, int] = {}
        for fid, k in counts.items():
            if k:
                mix[faces[fid]] = mix.get(faces[fid], 0) + k
        total = sum(mix.values())
        if not total:  # cannot happen in a real game; keep the model usable anyway
            mix = {faces[fid]: 1 for fid in faces}
            total = len(mix)
        return [(face, k / total) for face, k in mix.items()]

    def position(self, view: RattusSeatView) -> Pos:
        """The model of the view's position."""
        known: list[tuple[Face | None, ...]] = []
        for region in view["regions"]:
            marks = region.get("known")
            if marks is None:
                marks = [None] * int(region["tokens"])
            known.append(tuple(_face(k["limit"], k["symbols"]) if k else None for k in marks))
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

    # ------------------------------------------------------------ the ravage, exactly

    def hits_by_symbol(self, holders: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
        """Per class symbol: how many cubes each seat loses to it (one per matching card)."""
        table = self._hits.get(holders)
        if table is None:
            acc: dict[str, list[int]] = {}
            for symbol, holder in zip(self.symbols, holders, strict=True):
                row = acc.setdefault(symbol, [0] * self.n)
                if holder >= 0:
                    row[holder] += 1
            table = {s: tuple(v) for s, v in acc.items()}
            self._hits[holders] = table
        return table

    def sig(self, face: Face, holders: tuple[int, ...]) -> Sig:
        """The face as the ravage sees it under these card holders."""
        table = self.hits_by_symbol(holders)
        hits = [0] * self.n
        for symbol in face[3]:
            row = table.get(symbol)
            if row:
                for p in range(self.n):
                    hits[p] += row[p]
        return (face[0], face[1], face[2], tuple(hits))

    def mixes(self, holders: tuple[int, ...]) -> list[tuple[list[tuple[Effect, float]], float]]:
        """The unknown-token mix under these card holders, per number of cubes at stake (up
        to the highest limit): the outbreaks merged by effect, and the chance of a token whose
        limit is above the stake, which does nothing."""
        cached = self._mixes.get(holders)
        if cached is None:
            by_limit: list[dict[Effect, float]] = [{} for _ in range(self.top_limit + 1)]
            for face, q in self.pool:
                s = self.sig(face, holders)
                bucket = by_limit[min(s[0], self.top_limit)]
                e = (s[1], s[2], s[3])
                bucket[e] = bucket.get(e, 0.0) + q
            cached = []
            merged: dict[Effect, float] = {}
            for cap in range(self.top_limit + 1):
                for e, q in by_limit[cap].items():
                    merged[e] = merged.get(e, 0.0) + q
                calm = 1.0 - sum(merged.values())
                cached.append((list(merged.items()), max(0.0, calm)))
            self._mixes[holders] = cached
        return cached

    @staticmethod
    def outbreak(effect: Effect, cubes: Cubes) -> Cubes:
        """Cubes left after an outbreak (rules: M first, then A and the class symbols)."""
        majority, every, classes = effect
        if not (majority or every):
            return tuple(c - h if c > h else 0 for c, h in zip(cubes, classes, strict=True))
        hits = list(classes)
        if majority:
            top = max(cubes)
            for p, c in enumerate(cubes):
                if c == top:
                    hits[p] += majority
        if every:
            for p, c in enumerate(cubes):
                if c:
                    hits[p] += every
        return tuple(c - h if c > h else 0 for c, h in zip(cubes, hits, strict=True))

    def strike(self, sig: Sig, cubes: Cubes, extra: int) -> Cubes:
        """Cubes left after one revealed token whose face is known."""
        if sum(cubes) + extra < sig[0]:
            return cubes
        return self.outbreak((sig[1], sig[2], sig[3]), cubes)

    def _branches(
        self,
        cubes: Cubes,
        known: tuple[Sig, ...],
        unknown: int,
        extra: int,
        holders: tuple[int, ...],
    ) -> dict[tuple[Cubes, tuple[Sig, ...], int], float]:
        """The next reveal: (cubes left, known tokens left, unknown tokens left) -> chance."""
        total = len(known) + unknown
        out: dict[tuple[Cubes, tuple[Sig, ...], int], float] = {}
        if unknown:
            share = unknown / total
            mix, calm = self.mixes(holders)[min(sum(cubes) + extra, self.top_limit)]
            for e, q in mix:
                k = (self.outbreak(e, cubes), known, unknown - 1)
                out[k] = out.get(k, 0.0) + share * q
            if calm:
                k = (cubes, known, unknown - 1)
                out[k] = out.get(k, 0.0) + share * calm
        for i, s in enumerate(known):
            k = (self.strike(s, cubes, extra), known[:i] + known[i + 1 :], unknown)
            out[k] = out.get(k, 0.0) + 1 / total
        return out

    def outcomes(
        self,
        cubes: Cubes,
        known: tuple[Sig, ...],
        unknown: int,
        extra: int,
        holders: tuple[int, ...],
    ) -> dict[Cubes, float]:
        """Distribution of the cubes left after ravaging a region: tokens are revealed in a
        random order until none or no cube is left."""
        # Cards held by seats without cubes here cost nothing: forgetting them lets positions
        # that differ only there share the work.
        return self._outcomes(cubes, known, unknown, extra, _present(holders, cubes))

    def _outcomes(
        self,
        cubes: Cubes,
        known: tuple[Sig, ...],
        unknown: int,
        extra: int,
        holders: tuple[int, ...],
    ) -> dict[Cubes, float]:
        if not any(cubes) or not (known or unknown):
            return {cubes: 1.0}
        key = (cubes, known, unknown, extra, holders)
        cached = self._out.get(key)
        if cached is None:
            cached = {}
            for (after, rest, left), q in self._branches(
                cubes, known, unknown, extra, holders
            ).items():
                for c, q2 in self._outcomes(after, rest, left, extra, holders).items():
                    cached[c] = cached.get(c, 0.0) + q * q2
            self._out[key] = cached
        return cached

    def loss(
        self,
        cubes: Cubes,
        known: tuple[Sig, ...],
        unknown: int,
        extra: int,
        holders: tuple[int, ...],
    ) -> tuple[float, ...]:
        """Expected cubes each seat loses when the region is ravaged."""
        return self._lossrec(cubes, known, unknown, extra, _present(holders, cubes))

    def _lossrec(
        self,
        cubes: Cubes,
        known: tuple[Sig, ...],
        unknown: int,
        extra: int,
        holders: tuple[int, ...],
    ) -> tuple[float, ...]:
        # The recursion of `outcomes`, carrying only the expectation (cheaper).
        if not any(cubes) or not (known or unknown):
            return self.zero
        key = (cubes, known, unknown, extra, holders)
        cached = self._loss.get(key)
        if cached is None:
            n = self.n
            lost = [0.0] * n
            for (after, rest, left), q in self._branches(
                cubes, known, unknown, extra, holders
            ).items():
                later = self._lossrec(after, rest, left, extra, holders)
                for p in range(n):
                    lost[p] += q * (cubes[p] - after[p] + later[p])
            cached = tuple(lost)
            self._loss[key] = cached
        return cached

    def region_tokens(self, pos: Pos, r: int) -> tuple[tuple[Sig, ...], int]:
        """The region's known faces (as ravage signatures) and its number of unknown tokens."""
        faces = pos.known[r]
        holders = _present(pos.holders, pos.cubes[r])
        known = tuple(sorted(self.sig(f, holders) for f in faces if f is not None))
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
            cached = self.loss(cubes, known, unknown + more, 0, pos.holders)
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
        holders = _present(holders, cubes)
        w = self.w
        sigs = tuple(sorted(self.sig(f, holders) for f in known))
        tokens = len(sigs) + unknown
        if final:
            lost = self.loss(cubes, sigs, unknown, extra, holders)
            value = tuple(cubes[p] - lost[p] for p in range(self.n))
        else:
            if tokens == 0:
                lost = self.loss(cubes, (), 1, 0, holders)
                share = w.empty_risk
            else:
                lost = self.loss(cubes, sigs, unknown, 0, holders)
                # Cubes lost before the end go back to the reserve and may be placed again;
                # the final ravage takes them for good: the charge rises to 1 at the end.
                share = 1 - (1 - w.risk) * growth
            out = [cubes[p] - share * lost[p] for p in range(self.n)]
            if 0 < tokens < self.max_tokens and growth and w.growth:
                # More rats will come: charge a share of what one more token costs, taken as
                # what a lone token costs (cheap, and close enough for a ranking).
                single = self.loss(cubes, (), 1, 0, holders)
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
        dist = self.outcomes(cubes, known, unknown, 2 if neutral else 0, pos.holders)
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
            # Rules: the majority holders (at least 1 cube, ties all) add a cube in the
            # caravan's start and middle regions, if they have one in reserve.
            for r in (pos.caravan, self.index[action.middle.value]):
                counts: Cubes = p2.cubes[r] if r >= 0 else ()
                top = max(counts, default=0)
                for p in range(self.n) if top else ():
                    if counts[p] == top and p2.reserve[p] > 0:
                        p2.cubes[r] = _add(p2.cubes[r], p, 1)
                        p2.reserve = _bump(p2.reserve, p, -1)
            p2.caravan = self.index[action.target.value]
            p2.used = p2.used | {"caravaneer"}
            return p2
        return None


def _present(holders: tuple[int, ...], cubes: Cubes) -> tuple[int, ...]:
    """The card holders with cubes in the region (cards of the others cost nothing there)."""
    return tuple([h if h >= 0 and cubes[h] else -1 for h in holders])


def _add(row: Cubes, p: int, k: int) -> Cubes:
    return row[:p] + (row[p] + k,) + row[p + 1 :]


def _bump(row: list[int], p: int, k: int) -> list[int]:
    out = list(row)
    out[p] += k
    return out


# ---------------------------------------------------------------- decisions


def decide(
    view: RattusSeatView, legal: Sequence[Any], rnd: random.Random, weights: Weights = DEFAULT
) -> Any | None:
    """The strong choice among `legal`, or None when the AI does not model this decision."""
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
            if row[model.me] and row[model.me] == max(row):
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
