"""The contract test kit: what every game must satisfy, checked by random playouts.

In the spirit of OpenSpiel's random simulation test: from a seed, play random legal actions to
the end and check after every step that

- the decision names the seats to move, each of which (and only they) has legal actions, a
  window's default answer is one of them, and `default_action` refuses a seat not asked;
- legal actions are deterministic and their text form round-trips through `parse_action`;
- a rejected action (a seat not to move, an action legal earlier but not now, malformed text)
  raises RulesError and changes nothing; `apply` never mutates its input;
- `dump`/`load` round-trip, and states, views and events are JSON-ready;
- `redeal` of what a seat (or the public) cannot know leaves that seat's view unchanged, and
  what it may know of the decision (a secret window names only the seat itself), and no view
  carries the seed or the random generator;
- the same action applied after such a redeal shows that seat the same events, unless the
  step revealed something to it (then what it sees may differ, and it shows in its view),
  and its view after a step that revealed nothing to it is unchanged too;
- the game ends within a bound with a ranking of every seat, and replaying the recorded actions
  from the seed gives the same states and events.

Game-specific invariants (cube conservation and the like) stay in each game's own tests.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.contract import TURN, WINDOW, Game
from engine.core.errors import MalformedAction, NotYourTurn, RulesError


class ContractViolation(AssertionError):
    """A game broke the contract; the message says where (seed, step, seat)."""


@dataclass
class Playout:
    """What one checked playout did."""

    game: str
    players: int
    seed: int
    options: Mapping[str, Any]
    actions: list[tuple[int, str]] = field(default_factory=list)
    windows: int = 0
    rejected: int = 0
    compared: int = 0  # steps whose events were compared with those after a redeal
    final: dict[str, Any] = field(default_factory=dict)


def _json(value: Any, where: str) -> str:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise ContractViolation(f"{where} is not JSON-ready: {exc}") from None


def random_playout(
    game: Game[Any, Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    policy_seed: int = 0,
    max_steps: int = 20_000,
) -> Iterator[tuple[Any, int, Any]]:
    """(state, seat, action) for each step of a random game, without checks."""
    rnd = random.Random(policy_seed)
    state = game.new_game(players, seed, options)
    for _ in range(max_steps):
        if game.is_over(state):
            return
        seat = rnd.choice(sorted(game.to_move(state)))
        action = rnd.choice(game.legal_actions(state, seat))
        yield state, seat, action
        state = game.apply(state, seat, action).state
    raise ContractViolation(f"{game.name}: no end after {max_steps} steps (seed {seed})")


def check_playout(
    game: Game[Any, Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    policy_seed: int = 0,
    max_steps: int = 20_000,
    redeal_every: int = 5,
    round_trips: int = 8,
) -> Playout:
    """Play one random game and check the whole contract after every step."""
    options = dict(options or {})
    rnd = random.Random(policy_seed)
    report = Playout(game.name, players, seed, options)
    if players not in game.players(options):
        raise ContractViolation(f"{game.name}: {players} players not in {game.players(options)}")
    state = game.new_game(players, seed, options)
    events_seen: list[list[dict[str, Any]]] = [[e.to_dict() for e in game.setup_events(state)]]
    seen_texts: list[str] = []
    seats = range(players)
    for step in range(max_steps):
        where = f"{game.name} {players}p {options} seed {seed} step {step}"
        _check_state(game, state, seats, where, rnd, round_trips)
        if step % redeal_every == 0:
            _check_redeal(game, state, seats, where, rnd)
        if game.is_over(state):
            break
        decision = game.decision(state)
        if decision.kind == WINDOW:
            report.windows += 1
        seat = rnd.choice(sorted(decision.seats))
        legal = game.legal_actions(state, seat)
        texts = [str(a) for a in legal]
        seen_texts.extend(rnd.sample(texts, min(3, len(texts))))
        report.rejected += _check_rejections(
            game, state, seat, decision.seats, texts, seen_texts, where, rnd
        )
        action = rnd.choice(legal)
        before = _json(game.dump(state), where)
        applied = game.apply(state, seat, action)
        if step % redeal_every == 0:
            report.compared += _check_events(game, state, applied, seat, action, seats, where, rnd)
        if _json(game.dump(state), where) != before:
            raise ContractViolation(f"{where}: apply mutated its input")
        for event in applied.events:
            visible = event.visible_to
            if visible is not None and not visible <= set(seats):
                raise ContractViolation(f"{where}: {event.kind} visible to unknown seats {visible}")
        events_seen.append([_event_json(e, where) for e in applied.events])
        report.actions.append((seat, str(action)))
        state = applied.state
    else:
        raise ContractViolation(f"{game.name}: no end after {max_steps} steps (seed {seed})")
    result = game.result(state)
    ranking = result.get("ranking")
    if not isinstance(ranking, list) or sorted(r["seat"] for r in ranking) != list(seats):
        raise ContractViolation(f"{game.name}: the result must rank every seat once: {ranking}")
    for row in ranking:
        if not {"seat", "rank", "score", "breakdown"} <= set(row):
            raise ContractViolation(f"{game.name}: a ranking row lacks fields: {row}")
    _json(result, f"{game.name} result")
    report.final = game.dump(state)
    _check_replay(game, report, events_seen)
    return report


def _event_json(event: Any, where: str) -> dict[str, Any]:
    data: dict[str, Any] = event.to_dict()
    _json(data, f"{where}: event {event.kind}")
    return data


def _check_state(
    game: Game[Any, Any],
    state: Any,
    seats: range,
    where: str,
    rnd: random.Random,
    round_trips: int,
) -> None:
    decision = game.decision(state)
    movers = game.to_move(state)
    if decision.seats != movers:
        raise ContractViolation(f"{where}: decision seats {decision.seats} != to_move {movers}")
    if decision.kind not in (TURN, WINDOW) or not decision.phase:
        raise ContractViolation(f"{where}: bad decision {decision}")
    if game.is_over(state) != (not movers):
        raise ContractViolation(f"{where}: over={game.is_over(state)} but to_move={movers}")
    if not movers <= set(seats):
        raise ContractViolation(f"{where}: unknown seats to move {movers}")
    for seat in seats:
        legal = game.legal_actions(state, seat)
        if bool(legal) != (seat in movers):
            raise ContractViolation(f"{where}: seat {seat} legal={len(legal)} movers={movers}")
        if [str(a) for a in game.legal_actions(state, seat)] != [str(a) for a in legal]:
            raise ContractViolation(f"{where}: legal_actions of seat {seat} is not deterministic")
        for action in rnd.sample(legal, min(round_trips, len(legal))):
            text = str(action)
            if game.parse_action(text) != action or str(game.parse_action(text)) != text:
                raise ContractViolation(f"{where}: {text!r} does not round-trip")
        if decision.kind == WINDOW and seat in movers:
            default = game.default_action(state, seat)
            if default not in legal:
                raise ContractViolation(f"{where}: default {default} of seat {seat} not legal")
        elif seat not in movers or decision.kind == TURN:
            try:
                game.default_action(state, seat)
            except NotYourTurn:
                pass
            else:
                raise ContractViolation(f"{where}: default_action answered for seat {seat}")
    data = game.dump(state)
    text = _json(data, f"{where}: dump")
    again = game.load(json.loads(text))
    if again != state or _json(game.dump(again), where) != text:
        raise ContractViolation(f"{where}: dump/load does not round-trip")
    for viewer in [None, *seats]:
        view = _json(game.view(state, viewer), f"{where}: view of {viewer}")
        if '"rng"' in view or '"seed"' in view:
            raise ContractViolation(f"{where}: the view of {viewer} shows the random generator")


def _check_redeal(
    game: Game[Any, Any], state: Any, seats: range, where: str, rnd: random.Random
) -> None:
    decision = game.decision(state)
    if decision.secret and decision.kind != WINDOW:
        raise ContractViolation(f"{where}: only a window may be secret: {decision}")
    for viewer in [None, *seats]:
        other = game.redeal(state, viewer, rnd.getrandbits(62))
        if game.view(other, viewer) != game.view(state, viewer):
            raise ContractViolation(f"{where}: the view of {viewer} depends on what it cannot know")
        if game.decision(other).seen_by(viewer) != decision.seen_by(viewer):
            raise ContractViolation(
                f"{where}: what {viewer} may know of the decision depends on what it cannot know"
            )
        if viewer is not None and game.to_move(other) == game.to_move(state):
            mine = [str(a) for a in game.legal_actions(other, viewer)]
            if mine != [str(a) for a in game.legal_actions(state, viewer)]:
                raise ContractViolation(
                    f"{where}: the legal actions of {viewer} depend on what it cannot know"
                )


def _told(events: Any, viewer: int | None) -> list[dict[str, Any]]:
    """The events `viewer` may see, but those meant for it alone."""
    alone = frozenset() if viewer is None else frozenset({viewer})
    return [e.to_dict() for e in events if e.visible_for(viewer) and e.visible_to != alone]


def _check_events(
    game: Game[Any, Any],
    state: Any,
    applied: Any,
    seat: int,
    action: Any,
    seats: range,
    where: str,
    rnd: random.Random,
) -> int:
    """The events each viewer may see of a step, against the same step after a redeal of
    what that viewer cannot know: the same, unless the step revealed something to it (which
    its view then shows). Returns how many viewers were compared."""
    text = str(action)
    compared = 0
    for viewer in [None, *seats]:
        other = game.redeal(state, viewer, rnd.getrandbits(62))
        if seat not in game.to_move(other):
            continue
        # The same action, when it is legal there too (another seat's options may depend on
        # what the viewer cannot see).
        if text not in {str(a) for a in game.legal_actions(other, seat)}:
            continue
        again = game.apply(other, seat, game.parse_action(text))
        if game.view(applied.state, viewer) != game.view(again.state, viewer):
            # Only a step that showed this viewer something hidden (a revealing event, or
            # one meant for it alone) may leave it knowing something different.
            if not any(
                e.shows_hidden for e in (*applied.events, *again.events) if e.visible_for(viewer)
            ):
                raise ContractViolation(
                    f"{where}: after {text!r} by seat {seat}, the view of {viewer} depends on "
                    "what it cannot know, though nothing was revealed to it"
                )
            continue
        # It knows the same either way: so must be what it was told with others (its own
        # private events may differ where its view keeps no trace: the order of its draws).
        mine, theirs = _told(applied.events, viewer), _told(again.events, viewer)
        if mine != theirs:
            kinds = sorted({e["type"] for e in mine} ^ {e["type"] for e in theirs}) or sorted(
                {e["type"] for e in mine}
            )
            raise ContractViolation(
                f"{where}: after {text!r} by seat {seat}, the events {viewer} may see depend "
                f"on what it cannot know ({', '.join(kinds)})"
            )
        compared += 1
    return compared


def _check_rejections(
    game: Game[Any, Any],
    state: Any,
    seat: int,
    movers: frozenset[int],
    texts: list[str],
    seen: list[str],
    where: str,
    rnd: random.Random,
) -> int:
    before = _json(game.dump(state), where)
    tries: list[tuple[int, str]] = []
    idle = [s for s in range(len(game.seats_order(state))) if s not in movers]
    if idle and texts:
        tries.append((rnd.choice(idle), rnd.choice(texts)))
    stale = [t for t in rnd.sample(seen, min(6, len(seen))) if t not in texts]
    if stale:
        tries.append((seat, stale[0]))
    rejected = 0
    for who, text in tries:
        try:
            action = game.parse_action(text)
            game.apply(state, who, action)
        except RulesError:
            rejected += 1
        else:
            raise ContractViolation(f"{where}: seat {who} could play {text!r}, not offered")
        if _json(game.dump(state), where) != before:
            raise ContractViolation(f"{where}: a rejected action changed the state")
    for junk in ("", "?? 12 zz", "\x00", "a" * 300):
        try:
            game.parse_action(junk)
        except MalformedAction:
            rejected += 1
        else:
            raise ContractViolation(f"{where}: {junk[:20]!r} parsed as an action")
    return rejected


def _check_replay(
    game: Game[Any, Any], report: Playout, events_seen: list[list[dict[str, Any]]]
) -> None:
    state = game.new_game(report.players, report.seed, report.options)
    replayed = [[e.to_dict() for e in game.setup_events(state)]]
    for seat, text in report.actions:
        step = game.apply(state, seat, game.parse_action(text))
        replayed.append([e.to_dict() for e in step.events])
        state = step.state
    if game.dump(state) != report.final:
        raise ContractViolation(f"{game.name} seed {report.seed}: the replay ends elsewhere")
    if json.loads(json.dumps(replayed)) != json.loads(json.dumps(events_seen)):
        raise ContractViolation(f"{game.name} seed {report.seed}: the replay's events differ")
