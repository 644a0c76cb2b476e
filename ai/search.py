"""Information-set Monte Carlo tree search (single observer) over the game contract.

The searching seat sees only what it may know. Every iteration starts from a fresh sample of
the hidden information, `engine.redeal(state, seat, seed_i)`: the real state's hidden parts
(other hands, face-down tokens, draw piles) are never read, since a canonical redeal depends
only on what the seat knows. One tree is shared by all samples; its nodes are keyed by the
actions from the root (with the seat that chose each), so a node holds the statistics of every
sample in which its actions were legal. Selection is UCB1 with availability counts (an action
is only compared with the others where it was available), each seat maximising its own reward;
the game's greedy AI, given the seat's view of the root, biases the root towards its choice.
Below the tree, a cheap rollout (random legal actions) runs a few decisions, and the position
is scored from the game's ranking (`engine.result`, which every game computes mid-game too).
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from ai.policy import Decide, guarded, random_policy
from engine.core.contract import Game, Seat

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Budget:
    """How long the search may think: iterations, milliseconds, or both (whichever ends
    first). Milliseconds are of this process's CPU time by default (what a loaded machine
    cannot shrink), or of the wall clock. Iterations give the same answer on every machine."""

    iterations: int | None = None
    ms: float | None = None
    clock: Literal["cpu", "wall"] = "cpu"

    def __post_init__(self) -> None:
        if self.iterations is None and self.ms is None:
            raise ValueError("a budget needs iterations or milliseconds")


@dataclass(frozen=True, slots=True)
class Settings:
    """How the search plays (the defaults are the measured ones, see bench/ai.py)."""

    exploration: float = 0.7  # UCB1's constant, rewards being in [0, 1]
    # Decisions played below the tree before the position is scored (None: to the end).
    rollout_depth: int | None = 12
    # "random": random legal actions; "policy": the game's greedy AI (a view per decision:
    # many times slower, so fewer iterations).
    rollout: Literal["random", "policy"] = "random"
    # How many decisions deep the tree grows below the root (None: without limit); below it
    # the rollout plays. 1: only the root's actions are compared (each then played out).
    tree_depth: int | None = None
    # How the other seats play in the tree: "search", each choosing by UCB for itself; or
    # "policy", by the game's greedy AI from its view of the sample (the tree then holds only
    # the searching seat's decisions).
    opponents: Literal["search", "policy"] = "search"
    # Progressive bias of the greedy AI's choice at the root: weight / (1 + visits) added to
    # its score, so the search leaves it only when the samples say another action is better.
    prior_weight: float = 2.0
    # The search plays another action than the greedy AI's only when that action's mean
    # reward beats the greedy one's by this much (0: the most visited action, plainly).
    override_margin: float = 0.03
    # A position not over is scored half by its ranking, half by each seat's score margin
    # over its best rival (a logistic of margin / margin_scale); 0: by its ranking alone.
    margin_scale: float = 3.0
    # Verbs of actions the search never plays while it has another choice: a game's steps
    # that only undo another (Rattus Cartus's withdraw of a card just placed), with which a
    # search that remembers nothing of the turn so far can go round in circles.
    left_out: frozenset[str] = frozenset()
    # Verbs of the decisions where the search may play other than the greedy AI (None: all):
    # elsewhere it still rates the actions (a hint shows them) but plays the greedy choice.
    searched: frozenset[str] | None = None
    # What a ranking is worth to a seat: "first", a win (a shared first place shared);
    # "share", the share of the other seats it ranks ahead of (a tie counting half). Alike
    # at 2 players; at 4, playing for first won 9 of 16 seeded Rattus games against three
    # normal seats where playing for a share won 5 (bench/ai.py, 300 ms a decision).
    goal: Literal["share", "first"] = "first"
    # An action attribute that only changes what the other seats see, never the position (a
    # card played face down): an action with it set and its twin without are one choice to
    # the search, which plays only the twin (a redeal knows every card, so both lead to the
    # same samples) and spends its visits once: the twin carries the rating, the action with
    # it set none. The policy then chooses between the twins of the chosen action.
    twin: str | None = None


@dataclass(frozen=True, slots=True)
class Rating(Generic[A]):
    """How the search rated one legal action: how often it tried it and its mean reward for
    the seat (0 = last, 1 = first, from the ranking), and whether the greedy AI chose it."""

    action: A
    visits: int
    value: float
    greedy: bool


@dataclass(frozen=True, slots=True)
class Thought(Generic[A]):
    """The search's choice, its rating of every legal action (in legal order), what it cost,
    and whether the policy failed (the search then ran without its bias)."""

    action: A
    ratings: tuple[Rating[A], ...]
    iterations: int
    policy_failed: bool = False
    failures: int = 0  # iterations abandoned because the engine raised (a bug): none expected


class _Node:
    """The statistics of one action from its parent, for the seat that chose it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def rewards(
    engine: Game[Any, Any], state: Any, margin_scale: float = 0.0, goal: str = "share"
) -> list[float]:
    """Each seat's reward in [0, 1] from the game's ranking (final, or of the position so far):
    the share of the other seats it ranks ahead of, a tie counting half (`goal` "share"), or
    1 for first place, shared among the seats that share it ("first"). With a `margin_scale`
    a position not over counts its score margins for half: whether a higher score is better
    is read from the ranking itself (the Pied Piper ranks the lowest first)."""
    ranking = engine.result(state)["ranking"]
    ranks = {int(row["seat"]): int(row["rank"]) for row in ranking}
    n = len(ranks)
    out = [0.0] * n
    if n < 2:
        return out
    if goal == "first":
        firsts = [p for p, rp in ranks.items() if rp == 1]
        for p in firsts:
            out[p] = 1.0 / len(firsts)
    else:
        out = _shares(ranks)
    if margin_scale <= 0 or engine.is_over(state):
        return out
    scores = {int(row["seat"]): float(row["score"]) for row in ranking}
    rows = sorted(ranking, key=lambda row: int(row["rank"]))
    sign = 1.0 if float(rows[0]["score"]) >= float(rows[-1]["score"]) else -1.0
    for p, sp in scores.items():
        rival = max(sign * sq for q, sq in scores.items() if q != p)
        margin = (sign * sp - rival) / margin_scale
        out[p] = 0.5 * out[p] + 0.5 / (1.0 + math.exp(-max(-30.0, min(30.0, margin))))
    return out


def _shares(ranks: Mapping[int, int]) -> list[float]:
    """Each seat's share of the other seats it ranks ahead of, a tie counting half."""
    n = len(ranks)
    out = [0.0] * n
    for p, rp in ranks.items():
        ahead = 0.0
        for q, rq in ranks.items():
            if q != p:
                ahead += 1.0 if rp < rq else 0.5 if rp == rq else 0.0
        out[p] = ahead / (n - 1)
    return out


def think(
    engine: Game[Any, A],
    state: Any,
    seat: Seat,
    budget: Budget,
    seed: int,
    policy: Decide | None = None,
    settings: Settings | None = None,
    *,
    rate: bool = True,
) -> Thought[A]:
    """Search from `seat`'s information in `state` and return its choice with its ratings.

    `policy` is the game's greedy AI over views (the root's prior; the rollouts' policy when
    `settings.rollout` is "policy"); None searches without it. Only `seat`'s view of `state`,
    its legal actions and redeals of `state` for `seat` are read. With `rate` False only the
    choice is wanted (an AI seat's move, not a hint): a decision where the settings keep the
    policy's choice whatever the search finds (no `searched` verb in it) is answered at once,
    unsearched, with the same choice.
    """
    settings = settings or Settings()
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    rnd = random.Random(seed)
    prior: A | None = None
    failed = False
    if policy is not None:
        try:
            choice = policy(engine.view(state, seat), legal, random.Random(seed))
        except Exception:
            choice = None
        if choice is not None and choice in legal:
            prior = choice
        else:
            failed = True
    if len(legal) == 1:
        only = legal[0]
        return Thought(only, (Rating(only, 0, 0.0, only == prior),), 0, failed)

    choices = _kept(legal, settings.left_out, settings.twin)
    if not rate and prior is not None and not _searched(choices, settings):
        return Thought(prior, (Rating(prior, 0, 0.0, True),), 0, failed)
    # The prior as the search plays it (its twin without the attribute, see Settings.twin).
    seed_prior = _twin_of(prior, settings.twin) if prior is not None else None
    root = _Node()
    now = time.process_time if budget.clock == "cpu" else time.perf_counter
    deadline = None if budget.ms is None else now() + budget.ms / 1000
    cap = budget.iterations
    iterations = failures = 0
    while (cap is None or iterations < cap) and (
        deadline is None or iterations == 0 or now() < deadline
    ):
        iterations += 1
        try:
            _iterate(engine, state, seat, root, seed_prior, choices, rnd, settings, policy)
        except Exception:
            failures += 1

    ratings = []
    for a in legal:
        node = root.children.get((seat, a))  # a twin the search never played: no node
        visits = node.visits if node is not None else 0
        value = node.total / node.visits if node is not None and node.visits else 0.0
        ratings.append(Rating(a, visits, value, a == prior))
    if all(r.visits == 0 for r in ratings):
        fallback = (
            prior
            if prior is not None and seed_prior in choices
            else random_policy({}, choices, rnd)
        )
        return Thought(fallback, tuple(ratings), iterations, failed, failures)
    # Chosen among the actions as the search played them: the greedy AI's choice through its
    # twin.
    played = (
        ratings
        if seed_prior == prior
        else [Rating(r.action, r.visits, r.value, r.action == seed_prior) for r in ratings]
    )
    # The most visited action (robust child); ties go to the better mean, then to the greedy
    # AI's choice, then to the legal order. The greedy AI's choice stands unless that action
    # beats it by the override margin.
    best = max(played, key=lambda r: (r.visits, r.value, r.greedy))
    if prior is not None and not _searched(choices, settings):
        best = next(r for r in played if r.greedy)
    elif prior is not None and not best.greedy and settings.override_margin > 0:
        mine = next(r for r in played if r.greedy)
        if mine.visits and best.value < mine.value + settings.override_margin:
            best = mine
    if best.greedy and prior is not None:
        action = prior
    elif settings.twin is not None:
        action = _pick_twin(engine, state, seat, legal, best.action, policy, seed, settings.twin)
    else:
        action = best.action
    return Thought(action, tuple(ratings), iterations, failed, failures)


def _twin_of(action: A, twin: str | None) -> A:
    """The action the search plays for `action`: itself, or with its `twin` attribute unset."""
    if twin is None or not getattr(action, twin, False):
        return action
    return dataclasses.replace(action, **{twin: False})  # type: ignore[type-var]


def _pick_twin(
    engine: Game[Any, A],
    state: Any,
    seat: Seat,
    legal: Sequence[A],
    action: A,
    policy: Decide | None,
    seed: int,
    twin: str,
) -> A:
    """Between the search's choice and its twins, what the policy would play (the choice
    itself without a policy, or if the policy fails)."""
    played = _twin_of(action, twin)
    twins = [a for a in legal if _twin_of(a, twin) == played]
    if len(twins) < 2 or policy is None:
        return action
    try:
        chosen = policy(engine.view(state, seat), twins, random.Random(seed))
    except Exception:
        return action
    return chosen if chosen in twins else action


def _searched(choices: Sequence[Any], settings: Settings) -> bool:
    """Whether the search may override the policy's choice among `choices` (the settings
    name no verbs, or one of the choices has a verb they name)."""
    verbs = settings.searched
    return verbs is None or any(getattr(a, "verb", None) in verbs for a in choices)


Advance = Callable[[Any, Seat, Any], Any]


def advancer(engine: Game[Any, Any]) -> Advance:
    """The next state after an action, as the search needs it: the game's `advance(state,
    seat, action)` where it offers one (apply's state without the events, or what only the
    views show: cheaper), else `apply(...).state`."""
    advance: Advance | None = getattr(engine, "advance", None)
    if advance is not None:
        return advance
    apply = engine.apply
    return lambda state, seat, action: apply(state, seat, action).state


def _iterate(
    engine: Game[Any, A],
    state: Any,
    seat: Seat,
    root: _Node,
    prior: A | None,
    root_legal: Sequence[A],
    rnd: random.Random,
    settings: Settings,
    policy: Decide | None,
) -> None:
    det = engine.redeal(state, seat, rnd.getrandbits(62))
    advance = advancer(engine)
    node = root
    path: list[tuple[_Node, Seat]] = []
    c = settings.exploration
    left_out, twin = settings.left_out, settings.twin
    tree_depth = settings.tree_depth
    others = policy if settings.opponents == "policy" else None
    while not engine.is_over(det):
        if tree_depth is not None and len(path) >= tree_depth:
            break
        at_root = node is root
        mover = seat if at_root else min(engine.to_move(det))
        if others is not None and mover != seat:
            legal = _kept(engine.legal_actions(det, mover), left_out, twin)
            a = guarded(others, engine.view(det, mover), legal, rnd)
            det = advance(det, mover, a)
            continue
        legal = root_legal if at_root else _kept(engine.legal_actions(det, mover), left_out, twin)
        children = node.children
        untried: list[A] = []
        for a in legal:
            child = children.get((mover, a))
            # A node without visits was expanded by an iteration that failed: tried again.
            if child is None or not child.visits:
                untried.append(a)
            else:
                child.avail += 1
        if untried:
            if at_root and prior is not None and prior in untried:
                a = prior
            else:
                a = untried[rnd.randrange(len(untried))]
            child = children.get((mover, a)) or children.setdefault((mover, a), _Node())
            child.avail += 1
            det = advance(det, mover, a)
            path.append((child, mover))
            break
        best_score = -math.inf
        best: A = legal[0]
        for a in legal:
            child = children[(mover, a)]
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if at_root and a == prior:
                score += settings.prior_weight / (1 + child.visits)
            if score > best_score:
                best_score, best = score, a
        node = children[(mover, best)]
        det = advance(det, mover, best)
        path.append((node, mover))
    det = _rollout(engine, det, rnd, settings, policy, advance)
    reward = rewards(engine, det, settings.margin_scale, settings.goal)
    for child, mover in path:
        child.visits += 1
        child.total += reward[mover]


def _rollout(
    engine: Game[Any, A],
    det: Any,
    rnd: random.Random,
    settings: Settings,
    policy: Decide | None,
    advance: Advance,
) -> Any:
    depth = settings.rollout_depth
    use_policy = settings.rollout == "policy" and policy is not None
    steps = 0
    empty: Mapping[str, Any] = {}
    left_out, twin = settings.left_out, settings.twin
    while (depth is None or steps < depth) and not engine.is_over(det):
        mover = min(engine.to_move(det))
        legal = _kept(engine.legal_actions(det, mover), left_out, twin)
        if use_policy and policy is not None:
            a = guarded(policy, engine.view(det, mover), legal, rnd)
        else:
            a = random_policy(empty, legal, rnd)
        det = advance(det, mover, a)
        steps += 1
    return det


def _kept(legal: Sequence[A], left_out: frozenset[str], twin: str | None = None) -> Sequence[A]:
    """The legal actions the search considers: those whose verb is not left out and that are
    not the twin of another (with the `twin` attribute set), or all of them when that leaves
    none."""
    if not left_out and twin is None:
        return legal
    kept = [
        a
        for a in legal
        if getattr(a, "verb", None) not in left_out and not (twin and getattr(a, twin, False))
    ]
    return kept or legal
