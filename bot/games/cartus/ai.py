"""A Rattus Cartus AI that plays from its own seat's view and legal actions only.

It never sees another hand, a face-down card it did not place, a nun card it did not look at
or another seat's rats: everything below reads `view` (engine.cartus.views) and picks one of
`legal`. The plan, in a few rules:

- Survive first. The nuns it has not seen are guessed pessimistically (their mean minus a
  margin that shrinks as it sees more of them); while its rats come close to that guess, rat
  discards are worth more (supply actions, Monastery, Hospital), and it looks at nun cards
  early (supply looks and the Fortune-teller's tent) to sharpen the guess.
- Never take a rat for influence unless it can afford it: it places Population cards of the
  building's class and Jokers, and off-class cards only with a wide safety margin.
- Choose the building where its cards bring the most: majority points it would gain on the
  class's track, the building's action (premium when it should out-play the players already
  in), a Sword or a Flute against players already in.
- Give away, and discard at the Hospital, its least useful cards first.

`decide(view, legal, rnd)` is pure and deterministic for a given `rnd`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cartus.actions import (
    Action,
    Decline,
    Discard,
    Done,
    Enter,
    Give,
    Look,
    Place,
    Supply,
    Take,
    Target,
    Withdraw,
)
from engine.cartus.view_types import CartusSeatView, RowBuildingView, VisitView

CLASSES = ("peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty")
MAJORITY = (10, 5, 2)
SPECIAL_VALUE = {"joker": 2.2, "sword": 1.1, "flute": 1.1, "pass": 0.6, "gold": 2.5}


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable numbers of the evaluation (measured with `python -m bench.cartus`)."""

    card: float = 0.8  # a Population card drawn into the hand
    rat: float = 1.0  # a rat discarded when safe
    danger: float = 1.2  # extra value per rat of a missing safety margin
    look: float = 1.6  # looking at a nun card not seen yet
    vp: float = 1.0  # a VP token
    influence: float = 0.45  # an influence point, on top of the majority points it moves
    majority: float = 0.6  # share of the majority points an influence gain would win now
    premium_later: float = 0.7  # chance to keep the premium when players still come after
    margin: float = 2.2  # nuns: the guess is mean - margin * sqrt(unseen cards)
    spare: float = 1.0  # rats kept below the guess, on top of the margin


DEFAULT = Weights()


class Seat:
    """What the AI reads from its view, computed once per decision."""

    def __init__(self, view: CartusSeatView, w: Weights) -> None:
        self.view = view
        self.w = w
        seat = view["seat"]
        if seat is None:
            raise ValueError("the AI plays from a seat's own view, not the public one")
        self.me: int = seat
        self.players: int = int(view["players"])
        self.hand: Counter[str] = Counter(c["card"] for c in view.get("hand") or ())
        self.card_class = {c["card"]: c["class"] for c in view.get("hand") or ()}
        self.rats: int = int(view.get("rats") or 0)
        known = view.get("nuns_known") or [None] * 5
        self.unseen = sum(1 for k in known if k is None)
        self.seen_nuns = sum(int(k["nuns"]) for k in known if k is not None)
        guess = self.seen_nuns + 2 * self.unseen - w.margin * math.sqrt(self.unseen)
        self.slack = guess - w.spare - self.rats  # rats it may still take
        self.last = bool(view.get("last_round"))
        self.rounds_left = int(view.get("rounds", 1)) - int(view.get("round", 1))
        self.tracks = [t["values"] for t in view["influence"]]

    def rat_value(self, extra: int = 0) -> float:
        """The worth of one rat less (or of not taking one), given the margin left."""
        slack = self.slack - extra
        return self.w.rat + (self.w.danger * min(4.0, 1.0 - slack) if slack < 1 else 0.0)

    def majority_gain(self, klass: int, k: int) -> float:
        """Majority points won now by k more influence on a track (ties go to the others:
        their markers arrived first)."""
        values = self.tracks[klass]

        def points(mine: int) -> int:
            if mine <= 0:
                return 0
            better = sum(1 for p, v in enumerate(values) if p != self.me and v >= mine)
            awards = MAJORITY[:2] if self.players == 2 else MAJORITY
            return awards[better] if better < len(awards) else 0

        return float(points(values[self.me] + k) - points(values[self.me]))

    def card_value(self, card: str) -> float:
        """How much a card in hand is worth keeping (for giving away and the Hospital)."""
        if card in SPECIAL_VALUE:
            return SPECIAL_VALUE[card]
        klass = CLASSES.index(self.card_class.get(card) or _class_of(card))
        on_row = sum(1 for b in self.view["row"] if b["class"] == CLASSES[klass])
        return 0.6 + 0.25 * on_row + 0.05 * float(self.tracks[klass][self.me])


CHARACTERS = ("peasant", "merchant", "monk", "knight", "witch", "king")


def _class_of(card: str) -> str:
    return CLASSES[CHARACTERS.index(card.rstrip("0123456789"))]


def decide(
    view: CartusSeatView, legal: Sequence[Action], rnd: random.Random, weights: Weights = DEFAULT
) -> Action:
    """The AI's choice among `legal` for the seat whose view this is."""
    if not legal:
        raise ValueError("nothing to choose from")
    if len(legal) == 1 or view.get("seat") is None:
        return legal[0]
    seat = Seat(view, weights)
    phase = view.get("phase")
    choice: Action | None = None
    if phase == "supply":
        choice = _supply(seat, legal)
    elif phase in ("visit", "place"):
        choice = _visit(seat, legal, phase == "place")
    elif phase in ("sword_give", "guard_give"):
        choice = _give(seat, legal)
    elif phase in ("sword_target", "flute_target"):
        choice = _target(seat, legal, phase == "sword_target")
    elif phase == "gain":
        choice = next((a for a in legal if isinstance(a, Take)), None)
    elif phase == "look":
        choice = _look(seat, legal)
    elif phase == "hospital":
        choice = _hospital(seat, legal)
    return choice if choice is not None and choice in legal else rnd.choice(list(legal))


# ---------------------------------------------------------------- phase B


def _first_unseen(seat: Seat) -> int:
    known = seat.view.get("nuns_known") or [None] * 5
    return next((i for i, k in enumerate(known) if k is None), 0)


def _supply(seat: Seat, legal: Sequence[Action]) -> Action | None:
    row = seat.view["row"]
    look_at = _first_unseen(seat)
    best: tuple[float, int] | None = None
    choice: Action | None = None
    for i, a in enumerate(legal):
        if not isinstance(a, Supply) or (a.look >= 0 and a.look != look_at):
            continue
        sup = row[a.building]["supply"]
        value = sup["draw"] * seat.w.card
        value += min(seat.rats, sup["rats"]) * seat.rat_value()
        if sup["look"] and seat.unseen:
            value += seat.w.look * (1.5 if seat.slack < 2 else 1.0)
        key = (value, -i)
        if best is None or key > best:
            best, choice = key, a
    return choice


# ---------------------------------------------------------------- phase C


def _my_visit(seat: Seat) -> tuple[int, VisitView] | None:
    for b in seat.view["row"]:
        for v in b["visits"]:
            if v["seat"] == seat.me and not v["done"]:
                return b["position"], v
    return None


def _prior(seat: Seat, building: RowBuildingView) -> list[VisitView]:
    """The visits already in a building, before this seat's."""
    return [v for v in building["visits"] if v["seat"] != seat.me]


def _plan(seat: Seat, building: RowBuildingView, cards: Counter[str]) -> Counter[str]:
    """The cards to place in a building, from the cards available."""
    klass = building["class"]
    plan: Counter[str] = Counter()
    for card, k in cards.items():
        if card in SPECIAL_VALUE:
            continue
        if (seat.card_class.get(card) or _class_of(card)) == klass:
            plan[card] = k
    prior = _prior(seat, building)
    on_class = sum(plan.values())
    best_prior = max((v["count"] for v in prior), default=-1)
    jokers = cards.get("joker", 0)
    if jokers and (seat.last or on_class + jokers > best_prior > on_class - 1 or on_class >= 2):
        plan["joker"] = jokers
    if prior:
        for special in ("sword", "flute"):
            if cards.get(special):
                plan[special] = cards[special]
    if seat.last and seat.slack > 3:
        # The last round: influence is all that is left; a few off-class cards if safe.
        room = int(seat.slack) - 3
        for card, k in sorted(cards.items()):
            if room <= 0:
                break
            if card in SPECIAL_VALUE or card in plan:
                continue
            take = min(k, room)
            plan[card] = take
            room -= take
    return plan


def _action_value(seat: Seat, building: RowBuildingView, premium: bool, k: int) -> float:
    w = seat.w
    kind = building["type"]
    if seat.last:
        return (w.influence + seat.majority_gain(CLASSES.index(building["class"]), 1) * w.majority
                if premium else 0.0)  # fmt: skip
    two = 2 if premium else 1
    if kind == "farm":
        return (4 if premium else 2) * w.card
    if kind == "brewery":
        return (k if premium else k // 2) * w.card
    if kind == "marketplace":
        return two * SPECIAL_VALUE["joker"] * 0.8
    if kind == "office":
        return two * SPECIAL_VALUE["pass"] * 0.6
    if kind == "monastery":
        return min(seat.rats, two) * seat.rat_value()
    if kind == "hospital":
        rats = seat.rats - (1 if premium else 0)
        junk = sum(1 for c in seat.hand.elements() if seat.card_value(c) < seat.rat_value())
        discards = min(3 if premium else 2, junk, max(0, rats))
        return (1 if premium and seat.rats else 0) * seat.rat_value() + discards * 0.5
    if kind == "castle":
        return two * SPECIAL_VALUE["sword"] * 0.6
    if kind == "piper_hut":
        return two * SPECIAL_VALUE["flute"] * 0.6
    if kind == "fortune_teller":
        return min(two, seat.unseen) * w.look
    if kind == "palace":
        return two * w.vp
    if kind == "treasury":
        return two * SPECIAL_VALUE["gold"] * 0.7
    if kind == "guard_tower":
        if not premium:
            return 0.3
        counts = seat.view["hand_counts"]
        mine = sum(seat.hand.values()) - k
        owed = sum(min(3, int(h)) for p, h in enumerate(counts) if p != seat.me and h >= mine)
        return owed * 0.5
    return 0.0


def _value(seat: Seat, building: RowBuildingView, plan: Counter[str]) -> float:
    w = seat.w
    klass = CLASSES.index(building["class"])
    k = sum(n for c, n in plan.items() if c not in SPECIAL_VALUE or c == "joker")
    off = sum(
        n
        for c, n in plan.items()
        if c not in SPECIAL_VALUE and (seat.card_class.get(c) or _class_of(c)) != building["class"]
    )
    value = k * w.influence + seat.majority_gain(klass, k) * w.majority
    value -= sum(seat.rat_value(extra) for extra in range(off))
    value -= sum(seat.card_value(c) * 0.15 * n for c, n in plan.items())  # cards leave the hand
    prior = _prior(seat, building)
    best_prior = max((v["count"] for v in prior), default=-1)
    premium = k > best_prior
    if seat.players == 2:
        others = [v["count"] for b in seat.view["row"] for v in b["visits"] if v["seat"] != seat.me]
        premium = k > max(others, default=-1)
    chance = 1.0 if not premium else (1.0 if not _later(seat) else w.premium_later)
    value += chance * _action_value(seat, building, premium, k) if premium else 0.0
    value += (1 - chance if premium else 1.0) * _action_value(seat, building, False, k)
    if prior:
        hands = seat.view["hand_counts"]
        if plan.get("sword"):
            value += 0.5 * min(hands[v["seat"]] for v in prior) / 2 * seat.w.card
        if plan.get("flute"):
            value += seat.rat_value() + 0.5
    return value


def _later(seat: Seat) -> bool:
    """True when players still have to visit after this seat."""
    order = seat.view.get("visit_order") or []
    return len([p for p in order if p != seat.me]) > 0


def _visit(seat: Seat, legal: Sequence[Action], placing: bool) -> Action | None:
    row = seat.view["row"]
    if placing:
        mine = _my_visit(seat)
        if mine is None:
            return None
        b, visit = mine
        placed: Counter[str] = Counter(visit["cards"] or ())
        plan = _plan(seat, row[b], seat.hand + placed)
        for card in sorted(placed):
            if placed[card] > plan[card]:
                return Withdraw(card)
        for card in sorted(plan):
            if plan[card] > placed[card]:
                return Place(card)
        return Done()
    best: tuple[float, int] | None = None
    choice: Action | None = None
    for a in legal:
        if not isinstance(a, Enter):
            continue
        building = row[a.building]
        value = _value(seat, building, _plan(seat, building, seat.hand))
        key = (value, -a.building)
        if best is None or key > best:
            best, choice = key, a
    return choice


# ---------------------------------------------------------------- phase D


def _give(seat: Seat, legal: Sequence[Action]) -> Action | None:
    gives = [a for a in legal if isinstance(a, Give)]
    return min(gives, key=lambda a: (seat.card_value(a.card), a.card), default=None)


def _target(seat: Seat, legal: Sequence[Action], sword: bool) -> Action | None:
    targets = [a for a in legal if isinstance(a, Target)]
    hands = seat.view["hand_counts"]

    def strength(p: int) -> float:
        return float(sum(t[p] for t in seat.tracks) + 2 * int(seat.view["vp_tokens"][p]))

    if sword:
        return max(targets, key=lambda a: (hands[a.seat], -a.seat), default=None)
    return max(targets, key=lambda a: (strength(a.seat), -a.seat), default=None)


def _look(seat: Seat, legal: Sequence[Action]) -> Action | None:
    known = seat.view.get("nuns_known") or [None] * 5
    unseen = [i for i, k in enumerate(known) if k is None]

    def fresh(a: Look) -> int:
        return sum(1 for p in (a.first, a.second) if p in unseen)

    looks = [a for a in legal if isinstance(a, Look)]
    return max(looks, key=lambda a: (fresh(a), -a.first, -a.second), default=None)


def _hospital(seat: Seat, legal: Sequence[Action]) -> Action | None:
    if seat.rats <= 0:
        return next((a for a in legal if isinstance(a, Done)), None)
    discards = [a for a in legal if isinstance(a, Discard)]
    worst = min(discards, key=lambda a: (seat.card_value(a.card), a.card), default=None)
    if worst is not None and seat.card_value(worst.card) < seat.rat_value() + 0.4:
        return worst
    return next((a for a in legal if isinstance(a, Done)), None)


__all__ = ["DEFAULT", "Decline", "Weights", "decide"]
