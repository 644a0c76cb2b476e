"""The exact odds of a Rattus ravage, as the AI models them: what each seat expects to lose when
a region's rat tokens are revealed.

A rat token is a face: its limit, its number of M, its number of A and its class symbols. An
unknown token is modelled as a draw from the faces not yet seen out of play (every face of the
game minus the faces of the latest ravage shown in `recent` and the faces this seat knows on the
board); the expected cube losses of a ravage are computed exactly over that mix, token by
token, as the rules reveal them (M first, then A and the class symbols of the cards held). The
planner asks the same questions many times per decision: every answer is remembered.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, ClassVar

from engine.rattus.data import token_faces
from engine.rattus.view_types import RattusSeatView

# A token face as the model needs it: limit, number of M, number of A, class symbols.
Face = tuple[int, int, int, tuple[str, ...]]
# A face under given card holders: limit, M, A, class hits per seat.
Sig = tuple[int, int, int, tuple[int, ...]]
# What an outbreak does: M count, A count, class hits per seat.
Effect = tuple[int, int, tuple[int, ...]]
Cubes = tuple[int, ...]

CARD_SYMBOLS_OF_MAJORITY = ("M", "A")
# The instances kept for later decisions (`Ravage.shared`), and the answers one may hold
# before it is made afresh (a few MB at most in all).
MAX_KEPT_MIXES = 8
MAX_KEPT_ODDS = 100_000


def token_face(limit: int, symbols: Sequence[str]) -> Face:
    """A token face as the model needs it."""
    classes = tuple(s for s in symbols if s not in CARD_SYMBOLS_OF_MAJORITY)
    return (int(limit), symbols.count("M"), symbols.count("A"), classes)


def token_pool(view: RattusSeatView) -> list[tuple[Face, float]]:
    """The mix of faces an unknown token may show: every face minus the faces seen."""
    counts: dict[str, int] = {}
    faces: dict[str, Face] = {}
    for f in token_faces(str(view.get("expansion") or "")):
        counts[f.id] = counts.get(f.id, 0) + 1
        faces[f.id] = token_face(f.limit, f.symbols)
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


def present(holders: tuple[int, ...], cubes: Cubes) -> tuple[int, ...]:
    """The card holders with cubes in the region (cards of the others cost nothing there)."""
    return tuple([h if h >= 0 and cubes[h] else -1 for h in holders])


class Ravage:
    """The ravage odds of one game (its seats, its class cards, its unknown-token mix), with
    the caches that make them cheap to ask again.

    `shared` gives the same instance to every decision with the same seats, class cards and
    mix (the next decisions of a round, the other seats' too): its answers depend on nothing
    else, so what one decision worked out the next ones read."""

    _kept: ClassVar[OrderedDict[tuple[Any, ...], Ravage]] = OrderedDict()
    # The bot decides for several AI seats at once, in threads: one at a time picks or makes
    # an instance (its caches only ever gain finished answers, which any thread may read).
    _keeping: ClassVar[threading.Lock] = threading.Lock()

    @classmethod
    def shared(cls, n: int, symbols: tuple[str, ...], pool: list[tuple[Face, float]]) -> Ravage:
        """The instance for these seats, class cards and mix (made when there is none)."""
        key = (n, symbols, tuple(pool))
        with cls._keeping:
            found = cls._kept.get(key)
            if found is None or len(found._loss) + len(found._out) > MAX_KEPT_ODDS:
                found = cls._kept[key] = cls(n, symbols, pool)
                while len(cls._kept) > MAX_KEPT_MIXES:
                    cls._kept.popitem(last=False)
            else:
                cls._kept.move_to_end(key)
            return found

    def __init__(self, n: int, symbols: tuple[str, ...], pool: list[tuple[Face, float]]) -> None:
        self.n = n
        self.symbols = symbols  # the class symbol of each class card, in the view's order
        self.pool = pool  # the unknown-token mix: (face, chance)
        self.top_limit = max((f[0] for f, _ in pool), default=0)
        self.zero: tuple[float, ...] = (0.0,) * n
        self._mixes: dict[tuple[int, ...], list[tuple[list[tuple[Effect, float]], float]]] = {}
        self._hits: dict[tuple[int, ...], dict[str, tuple[int, ...]]] = {}
        self._out: dict[tuple[Any, ...], dict[Cubes, float]] = {}
        self._loss: dict[tuple[Any, ...], tuple[float, ...]] = {}
        self._struck: dict[tuple[Effect, Cubes], Cubes] = {}

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
            struck = self._struck
            for e, q in mix:
                after = struck.get((e, cubes))
                if after is None:
                    after = struck[(e, cubes)] = self.outbreak(e, cubes)
                k = (after, known, unknown - 1)
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
        return self._outcomes(cubes, known, unknown, extra, present(holders, cubes))

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
        return self._lossrec(cubes, known, unknown, extra, present(holders, cubes))

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
