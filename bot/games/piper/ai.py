"""The Pied Piper AI: a greedy look at the whole turn, from its own seat's view only.

It rebuilds a game state from the view (what it cannot see is filled in: the other hands and
the pile with cards left over, another seat's face-down card as a Forward 1), tries every pair
of cards it may place this turn (and, when two characters activate, both orders) on the
engine's own rules, and scores where the figures and counters end: a game won or lost outright
first; with three players left, an estimate of its chance to win (the one nearest the roof is
likeliest out, and the lower of the other two wins); otherwise its own counter against the
others'. A counter is read with the threat on its house: the figures facing it (more when their
character is in the display, more again when it already holds a card). The best few turns are
then weighed against the next player, who can only activate a character already holding one
card and does so about half the time, with a card like those still unseen
(`rules.preview_activation`).

Pure: the same view, legal actions and Random give the same action; it never sees the state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core.errors import RulesError
from engine.core.rng import Rng
from engine.piper import rules
from engine.piper.actions import Action, PlayCard
from engine.piper.components import (
    CARD_INDEX,
    CARDS,
    PIPER,
    Card,
    Variant,
    character_figures,
    character_ids,
    characters_in_play,
    deck_counts,
    figures,
)
from engine.piper.state import Config, Phase, Placed, State, Turn
from engine.piper.view_types import PiperSeatView

FIGURE_INDEX = {name: i for i, name in enumerate(figures())}
CHARACTER_INDEX = {name: i for i, name in enumerate(character_ids())}
UNSEEN = Card.FORWARD1  # what another seat's face-down card is taken for (the commonest card)


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each part of a position counts."""

    win: float = 1000.0
    threat: float = 2.0  # the figures facing a house, in counter levels (tuned on 900 games)
    others: float = 0.6  # the others' counters against one's own
    lead: float = 0.4  # the gap to the best placed opponent
    shortlist: int = 8  # the best turns (one or two cards) weighed against the next player
    complete: float = 0.5  # chance a character holding one card activates before our turn
    chance: float = 100.0  # three left: the estimated chance to win, in score points
    beta: float = 1.0  # how sharply the one nearest the roof is the likeliest out
    spread: float = 1.0  # how sure a lead in counters is


DEFAULT = Weights()


def decide(
    view: PiperSeatView,
    legal: Sequence[Action],
    rnd: random.Random,
    weights: Weights = DEFAULT,
) -> Action:
    """The AI's action among `legal` (a legal one always)."""
    if not legal:
        raise ValueError("the AI has nothing to choose from")
    if len(legal) == 1:
        return legal[0]
    seat = view.get("seat")
    if seat is None or view.get("game") != "piper":
        return rnd.choice(list(legal))
    try:
        state = from_view(view, rnd)
        choice = _best(state, int(seat), legal, rnd, weights)
    except Exception:
        # A view this AI does not understand (a key renamed, a new card) must not stop the
        # game: it plays a legal action anyway.
        choice = None
    return choice if choice is not None and choice in legal else rnd.choice(list(legal))


# ------------------------------------------------------------------ the state from a view


def from_view(view: PiperSeatView, rnd: random.Random) -> State:
    """A state the seat cannot tell from the real one: everything in its view as it is, and
    what it cannot see filled in from the cards left over."""
    players = int(view["players"])
    seat = view["seat"]
    variant = Variant(view.get("variant") or "")
    owners = tuple(-1 if h["owner"] is None else int(h["owner"]) for h in view["houses"])
    levels = tuple(int(h["level"] or 0) for h in view["houses"])
    gaps = tuple(
        tuple(sorted(FIGURE_INDEX[f["figure"]] for f in g["figures"])) for g in view["gaps"]
    )
    display = tuple(CHARACTER_INDEX[c["card"]] for c in view["characters"])
    pool = list(deck_counts(variant))

    def take(card: Card) -> Card:
        pool[CARD_INDEX[card]] = max(0, pool[CARD_INDEX[card]] - 1)
        return card

    under = []
    for char in view["characters"]:
        row = []
        for entry in char["cards"]:
            known = entry.get("card")
            card = take(Card(known) if known else UNSEEN)
            row.append(Placed(card, int(entry["seat"]), bool(entry.get("hidden"))))
        under.append(tuple(row))
    hand = tuple(take(Card(c)) for c in view.get("hand") or [])
    discard = [0] * len(CARDS)
    for name, n in (view.get("discard_cards") or {}).items():
        discard[CARD_INDEX[Card(name)]] = int(n)
        pool[CARD_INDEX[Card(name)]] = max(0, pool[CARD_INDEX[Card(name)]] - int(n))
    hands: list[tuple[Card, ...]] = []
    for p, size in enumerate(view["hands"]):
        if p == seat:
            hands.append(rules.sorted_hand(hand))
            continue
        cards = []
        for _ in range(int(size)):
            t = max(range(len(CARDS)), key=lambda i: pool[i])
            pool[t] = max(0, pool[t] - 1)
            cards.append(CARDS[t])
        hands.append(rules.sorted_hand(cards))
    deck = list(pool)
    size = int(view.get("deck") or 0)
    while sum(deck) > size:
        deck[max(range(len(CARDS)), key=lambda i: deck[i])] -= 1
    deck[CARD_INDEX[UNSEEN]] += size - sum(deck)
    chars = [c for c in characters_in_play(players) if c not in display]
    # The Character discard pile is face up: which cards it holds is in the view.
    shown = [CHARACTER_INDEX[c] for c in view.get("character_discard_cards") or ()]
    if shown:
        chars = shown + [c for c in chars if c not in shown]
    n_discard = int(view.get("character_discard") or 0)
    turn_view = view.get("this_turn") or {}
    placed = tuple(display[s - 1] for s in turn_view.get("placed") or [])
    phase = Phase(view["phase"])
    active = view["active"]
    if active is None:  # over: nobody moves (decide plays a legal action then)
        raise ValueError("a finished game has no turn to rebuild")
    return State(
        config=Config(players, variant, owners),
        rng=Rng(rnd.getrandbits(62)),
        ring=tuple(int(h) for h in view["ring"]),
        gaps=gaps,
        levels=levels,
        display=display,
        under=tuple(under),
        char_deck=tuple(chars[n_discard:]) or tuple(chars),
        char_discard=tuple(chars[:n_discard]) if chars[n_discard:] else (),
        deck=tuple(deck),
        discard=tuple(discard),
        hands=tuple(hands),
        collected=tuple(tuple(int(x) for x in c) for c in view["collected"]),
        out=tuple(int(x) for x in view["eliminated"]),
        active=active,
        phase=phase,
        turn=int(view["turn"]),
        flow=Turn(
            left=int(turn_view.get("cards_left", 0)),
            placed=placed,
            hidden=bool(turn_view.get("hidden_used")),
            pending=tuple(int(s) for s in turn_view.get("pending") or []),
        ),
    )


# ------------------------------------------------------------------ choosing


def _best(
    state: State, seat: int, legal: Sequence[Action], rnd: random.Random, w: Weights
) -> Action | None:
    if state.phase is Phase.ORDER:
        scored = [(_score(_after(state, seat, [a], w), seat, w), i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]
    # Face up or face down changes nothing on the board: decide on the face-up cards, then
    # hide what the others would rather not see.
    plays = [a for a in legal if isinstance(a, PlayCard) and not a.hidden]
    lines: list[tuple[float, float, PlayCard, State]] = []
    for a in plays:
        try:
            first = rules.apply(state, seat, a, trial=True).state
        except RulesError:
            continue
        if first.phase is Phase.PLAY and first.active == seat and first.flow.left > 0:
            for b in rules.legal_actions(first, seat):
                if isinstance(b, PlayCard) and not b.hidden:
                    end = _after(first, seat, [b], w)
                    lines.append((_score(end, seat, w), rnd.random(), a, end))
        else:
            end = _resolve(first, seat, w)
            lines.append((_score(end, seat, w), rnd.random(), a, end))
    if not lines:
        return None
    lines.sort(key=lambda line: (line[0], line[1]), reverse=True)
    weighed = sorted(
        (
            (_expected(end, seat, value, w), tie, a, end)
            for value, tie, a, end in lines[: w.shortlist]
        ),
        key=lambda line: (line[0], line[1]),
        reverse=True,
    )
    choice: PlayCard | None = weighed[0][2]
    assert choice is not None
    hidden = PlayCard(choice.card, choice.slot, True)
    if hidden in legal and len(state.under[choice.slot - 1]) == 0:
        # A card that does not activate yet: face down, the others cannot plan on it.
        return hidden
    return choice


def _expected(s: State, seat: int, value: float, w: Weights) -> float:
    """The score once the next player has played: only a character already holding one card
    can activate on that turn; each is completed about half the time, by a card like those
    still unseen."""
    if s.phase is not Phase.PLAY or s.active == seat:
        return value
    loaded = [k for k in range(len(s.under)) if len(s.under[k]) == 1]
    if not loaded:
        return value
    odds = _card_odds(s)
    total = value
    for k in loaded:
        gain = 0.0
        for card, p in odds:
            t = rules.preview_activation(s, k + 1, card, s.active)
            gain += p * (_score(t, seat, w) - value)
        total += w.complete * gain
    return total


def _card_odds(s: State) -> list[tuple[Card, float]]:
    """How likely an unseen card is of each type (from the cards not face up)."""
    counts = list(deck_counts(s.variant))
    for row in s.under:
        for p in row:
            counts[CARD_INDEX[p.card]] = max(0, counts[CARD_INDEX[p.card]] - 1)
    for t, n in enumerate(s.discard):
        counts[t] = max(0, counts[t] - n)
    total = sum(counts) or 1
    return [(CARDS[t], n / total) for t, n in enumerate(counts) if n]


def _after(state: State, seat: int, actions: Sequence[Action], w: Weights) -> State:
    for a in actions:
        state = rules.apply(state, seat, a, trial=True).state
    return _resolve(state, seat, w)


def _resolve(state: State, seat: int, w: Weights) -> State:
    """When the activation order is still to choose, the better one."""
    if state.phase is not Phase.ORDER or state.active != seat:
        return state
    outcomes = [_after(state, seat, [a], w) for a in rules.legal_actions(state, seat)]
    return max(outcomes, key=lambda s: _score(s, seat, w))


# ------------------------------------------------------------------ scoring


def _score(s: State, seat: int, w: Weights) -> float:
    if s.phase is Phase.OVER:
        # Only a win is worth ending the game for; a draw beats a loss; among losses, a
        # better place.
        result = rules.result(s)
        if result["winner"] == seat:
            return w.win - rules.level_of(s, seat)
        rank = int(next(r["rank"] for r in result["ranking"] if r["seat"] == seat))
        if result["draw"] and rank == 1:
            return 0.0
        return -w.win - 10.0 * rank
    if seat in s.out:
        return -w.win - 10.0 * (s.players - len(s.out) + 1)
    threats = _threats(s)
    mine = _risk(rules.level_of(s, seat) + w.threat * threats.get(seat, 0.0))
    others = [
        _risk(rules.level_of(s, p) + w.threat * threats.get(p, 0.0))
        for p in range(s.players)
        if p != seat and p not in s.out
    ]
    if not others:
        return -mine
    alive = [p for p in range(s.players) if p not in s.out]
    if len(alive) == 3 and s.players > 2 and w.chance:
        # Three left: the next one out ends the game, and the lower of the other two wins.
        return w.chance * _win_chance(s, seat, alive, threats, w) - 0.01 * mine
    return -mine + w.others * sum(others) / len(others) + w.lead * (min(others) - mine)


def _win_chance(
    s: State, seat: int, alive: Sequence[int], threats: Mapping[int, float], w: Weights
) -> float:
    """About how likely `seat` is to win when the first of three to reach the roof ends it:
    whoever is nearest the roof is likeliest out; then `seat` wins if it is below the other
    survivor (a tie goes to whoever took the counter, usually not `seat`)."""
    near = {p: rules.level_of(s, p) + w.threat * threats.get(p, 0.0) for p in alive}
    weights = {p: math.exp(w.beta * near[p]) for p in alive}
    total = sum(weights.values())
    chance = 0.0
    for out in alive:
        if out == seat:
            continue
        other = next(p for p in alive if p not in (seat, out))
        gap = near[other] - near[seat] - 0.5
        chance += weights[out] / total / (1.0 + math.exp(-gap / w.spread))
    return chance


def _risk(x: float) -> float:
    """Counters weigh more near the roof."""
    return x + 0.35 * max(0.0, x - 3.0) ** 2


def _threats(s: State) -> dict[int, float]:
    """For each player's house: the figures that may cross it soon (rats up, the piper down)."""
    figure_of = character_figures()
    ready = [0.25] * len(figures())  # a figure without a character in the display
    for char, cards in zip(s.display, s.under, strict=True):
        f = figure_of[char]
        ready[f] = max(ready[f], 1.0 + 0.6 * len(cards))
    out: dict[int, float] = {}
    gaps = s.gaps
    owners = s.config.owners
    for pos, house in enumerate(s.ring):
        owner = owners[house]
        if owner < 0:
            continue
        total = 0.0
        # Figures in the gap before the house face it (Forward 1 or 2 crosses it), two gaps
        # before only Forward 2 does, the gap after it only Back 1.
        for gap, weight in ((gaps[pos - 1], 0.35), (gaps[pos - 2], 0.1575), (gaps[pos], 0.1225)):
            for f in gap:
                total += -weight * ready[f] if f == PIPER else weight * ready[f]
        out[owner] = total
    return out
