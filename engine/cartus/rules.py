"""The rules of Rattus Cartus: set-up, the five phases of a round, and the end.

Every function is pure: it reads a State and returns a new one. `apply` checks, in this order,
that the game is not over, that the seat is to move, that the action is well formed, and then
the rules; a rejected action raises a RulesError and changes nothing.

A round (rulebook "Déroulement de la partie"):

- A: the row of buildings is drawn; when all are of one type, the last is replaced from the
  replacement pile until they are not (COMPONENTS 4.5 #1).
- B: every seat takes the supply action of one building of the row, clockwise from the first
  player (a turn each) or all at once (one window; each answer stays secret until all are in).
- C: clockwise from the first player, every seat enters one building (or plays a Pass and
  comes back after the others) and places cards face down one by one, then says done.
- D: building by building from the left: the cards are revealed and resolved (influence in the
  building's class for each Population card and Joker, a rat for each Population card of
  another class), then the Sword and the Flute comparisons, then the building actions (premium
  holder first, then in entry order), then the played cards are discarded.
- E: the first-player card passes to the left.

Decisions that belong to a seat other than the one acting (cards given for a Sword, cards
given to a Guard Tower, the simultaneous supply) are windows; their defaults are in
`default_action` (and in data/cartus.json, "defaults").
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from engine.cartus import scoring
from engine.cartus.actions import (
    Action,
    Decline,
    Discard,
    Done,
    Enter,
    Give,
    Look,
    Place,
    PlayPass,
    Supply,
    Take,
    Target,
    Withdraw,
    well_formed,
)
from engine.cartus.data import (
    CARD_KINDS,
    CLASS_IDS,
    CLASSES,
    COPIES,
    FLUTE,
    JOKER,
    NUN_VALUES,
    PASS,
    PLACEABLE,
    POPULATION_KINDS,
    SPECIALS,
    SWORD,
    TYPES,
    BuildingType,
    Effect,
    building_id,
    building_info,
    building_supply,
    card_id,
    card_ids,
    card_index,
    nuns_of,
    player_counts,
    population_cards,
    setup_value,
    special_info,
)
from engine.cartus.errors import GameFinished, IllegalAction, MalformedAction, NotYourTurn
from engine.cartus.events import (
    ActionDeclined,
    ActionTaken,
    BuildingEntered,
    BuildingsDrawn,
    CardDiscarded,
    CardGiven,
    CardGivenShown,
    CardPlaced,
    CardsDrawn,
    CardsPlaced,
    CardsRevealed,
    GameEnded,
    GameSetUp,
    GuardTowerDemanded,
    HandDealt,
    InfluenceGained,
    NunLooked,
    NunSeen,
    PassPlayed,
    PlayedCardsDiscarded,
    PlayerScore,
    Points,
    PopulationReshuffled,
    PremiumAwarded,
    RatsChanged,
    Replacement,
    RevealedVisit,
    RoundBegan,
    RoundEnded,
    SeatCount,
    SpecialCompared,
    SupplyAnswered,
    SupplyTaken,
    TargetChosen,
    VisitsBegan,
)
from engine.cartus.state import (
    Cards,
    Config,
    Marks,
    Pending,
    Phase,
    Resolution,
    Stage,
    State,
    Table,
    Visit,
)
from engine.core.contract import TURN, WINDOW, Decision, Step
from engine.core.errors import InvariantError
from engine.core.events import Event
from engine.core.evolve import evolve
from engine.core.rng import Rng

# Enum members as module constants: looking one up on its class costs a call (3.11).
_FLUTE_TARGET = Phase.FLUTE_TARGET
_GAIN = Phase.GAIN
_GUARD_GIVE = Phase.GUARD_GIVE
_HOSPITAL = Phase.HOSPITAL
_LOOK = Phase.LOOK
_OVER = Phase.OVER
_PLACE = Phase.PLACE
_SUPPLY = Phase.SUPPLY
_SWORD_GIVE = Phase.SWORD_GIVE
_SWORD_TARGET = Phase.SWORD_TARGET
_VISIT = Phase.VISIT
_S_ACTIONS = Stage.ACTIONS
_S_CARDS = Stage.CARDS
_S_DISCARD = Stage.DISCARD
_S_FLUTE = Stage.FLUTE
_S_SWORD = Stage.SWORD


Handler = Callable[[State, int, Any, list[Event]], State]

OPTIONS = ("buildings", "supply", "everyone_dead")
SUPPLY_MODES = ("clockwise", "simultaneous")
DEAD_MODES = ("no_winner", "fewest_rats")
NUN_ROW = 5
WINDOW_PHASES = frozenset((_SWORD_GIVE, _GUARD_GIVE))
GIVE_LIMIT_GUARD = 3


# ---------------------------------------------------------------- small helpers


def _set(row: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*row[:i], value, *row[i + 1 :])


def _add(row: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return (*row[:i], row[i] + delta, *row[i + 1 :])


def _insert(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = bisect_right(hand, card)
    return (*hand[:i], card, *hand[i:])


def _remove(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return (*hand[:i], *hand[i + 1 :])


def _set_hand(s: State, seat: int, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    hands = s.cards.hands
    return (*hands[:seat], hand, *hands[seat + 1 :])


def _with_cards(s: State, **changes: Any) -> State:
    return evolve(s, cards=evolve(s.cards, **changes))


def _with_marks(s: State, **changes: Any) -> State:
    return evolve(s, marks=evolve(s.marks, **changes))


def _card(word: str) -> int:
    return card_index()[word]


def _ids(cards: tuple[int, ...] | list[int]) -> tuple[str, ...]:
    ids = card_ids()
    return tuple([ids[c] for c in cards])


def _scored(cards: tuple[int, ...]) -> int:
    """Population cards and Jokers among `cards`: what counts for influence and premiums."""
    return len([c for c in cards if c <= JOKER])


def _pile(card: int) -> int:
    return card - JOKER


def _clockwise(s: State, start: int) -> tuple[int, ...]:
    n = s.players
    return tuple((start + i) % n for i in range(n))


# ---------------------------------------------------------------- set-up


def _options(players: int, options: Mapping[str, Any] | None) -> tuple[str, str, Any]:
    opts = dict(options or {})
    unknown = sorted(k for k in opts if k not in OPTIONS)
    if unknown:
        raise MalformedAction("bad_option", option=", ".join(str(k) for k in unknown))
    if type(players) is not int or not 2 <= players <= 5:
        raise MalformedAction("bad_players", low=2, high=5, players=players)
    supply = opts.get("supply", "clockwise")
    if supply not in SUPPLY_MODES:
        raise MalformedAction("bad_option", option=f"supply={supply}")
    dead = opts.get("everyone_dead", "no_winner")
    if dead not in DEAD_MODES:
        raise MalformedAction("bad_option", option=f"everyone_dead={dead}")
    return str(supply), str(dead), opts.get("buildings", "one_type")


def _chosen_types(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or len(value) != len(CLASSES):
        raise MalformedAction("bad_buildings", detail="six types expected")
    types: list[int] = []
    for word in value:
        if not isinstance(word, str) or word not in BuildingType.__members__.values():
            raise MalformedAction("bad_buildings", detail=f"unknown type {str(word)[:30]}")
        types.append(TYPES.index(BuildingType(word)))
    classes = sorted(building_info(t * COPIES).klass for t in types)
    if classes != list(range(len(CLASSES))):
        raise IllegalAction("bad_buildings", detail="one type per class")
    return tuple(types)


def _select_buildings(value: Any, rng: Rng) -> tuple[str, tuple[int, ...], Rng]:
    """The 30 building cards of the game (rulebook "Choix des cartes Bâtiment")."""
    per_class = int(setup_value("buildings_per_class"))
    cards: list[int] = []
    if value == "one_type":
        # "en choisissant au hasard une carte Bâtiment par classe (et en incluant les 5
        # exemplaires de ce bâtiment)"
        for c in range(len(CLASSES)):
            k, rng = rng.below(2)
            t = 2 * c + k
            cards.extend(range(t * COPIES, t * COPIES + COPIES))
        return "one_type", tuple(sorted(cards)), rng
    if value == "random":
        # "en mélangeant toutes les cartes bâtiment d'une même classe et en piochant 5 cartes"
        for c in range(len(CLASSES)):
            pool = list(range(2 * c * COPIES, (2 * c + 2) * COPIES))
            for _ in range(per_class):
                i, rng = rng.below(len(pool))
                cards.append(pool.pop(i))
        return "random", tuple(sorted(cards)), rng
    if isinstance(value, str):
        raise MalformedAction("bad_buildings", detail=f"unknown mode {value[:30]}")
    for t in _chosen_types(value):
        cards.extend(range(t * COPIES, t * COPIES + COPIES))
    return "chosen", tuple(sorted(cards)), rng


def _specials_in_play(in_play: tuple[int, ...]) -> tuple[int, ...]:
    """Setup 6: a Joker pile, and the special piles the chosen buildings need."""
    types = {_TYPE_IDS[b // COPIES] for b in in_play}
    out = []
    for i, row in enumerate(special_info()):
        if row["building"] is None or row["building"] in types:
            out.append(JOKER + i)
    return tuple(out)


_TYPE_IDS = tuple(t.value for t in TYPES)


def _take_random(pile: list[int], rng: Rng) -> tuple[int, Rng]:
    i, rng = rng.below(len(pile))
    return pile.pop(i), rng


# A random number's range (engine.core.rng draws 64-bit numbers).
_DRAW_SPAN = 1 << 64


def _take_many(pile: list[int], k: int, rng: Rng) -> tuple[list[int], Rng]:
    """k cards drawn one after the other at random (k <= len(pile)), from as few random
    numbers as their range allows (one, unless k is large): a number's digits in the mixed
    radix n, n - 1, ... pick each card. (From one number whatever k, a range above 2^64
    could never be drawn: a draw of a dozen cards or more from a large pile hung.)"""
    n = len(pile)
    out: list[int] = []
    i = 0
    while i < k:
        span = 1
        j = i
        while j < k and span * (n - j) <= _DRAW_SPAN:
            span *= n - j
            j += 1
        r, rng = rng.below(span)
        for m in range(i, j):
            r, x = divmod(r, n - m)
            out.append(pile.pop(x))
        i = j
    return out, rng


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """Set up a game (rulebook "Mise en place") and play phase A of the first round."""
    supply, dead, buildings = _options(players, options)
    rng = Rng(seed)
    mode, in_play, rng = _select_buildings(buildings, rng)
    counts = player_counts(players)
    pile = list(in_play)
    spare = []
    for _ in range(counts.removed):
        card, rng = _take_random(pile, rng)
        spare.append(card)
    specials = _specials_in_play(in_play)
    piles = tuple(
        int(special_info()[i]["count"]) if JOKER + i in specials else 0
        for i in range(len(SPECIALS))
    )
    cards = list(population_cards())
    nuns, rng = _take_many(cards, int(setup_value("nun_row")), rng)
    hands = []
    for _ in range(players):
        hand, rng = _take_many(cards, int(setup_value("hand")), rng)
        hands.append(tuple(sorted(hand)))
    zeros = (0,) * players
    state = State(
        config=Config(
            players=players,
            rounds=counts.rounds,
            drawn=counts.drawn,
            supply=supply,
            everyone_dead=dead,
            buildings=mode,
            in_play=in_play,
            specials=specials,
        ),
        rng=rng,
        phase=_SUPPLY,
        round=0,
        first=int(setup_value("first_player")),
        table=Table(
            deck=tuple(sorted(pile)),
            spare=tuple(sorted(spare)),
            spare_bottom=(),
            row=(),
            replaced=(),
        ),
        cards=Cards(
            draw=tuple(cards), discard=(), piles=piles, hands=tuple(hands), nuns=tuple(nuns)
        ),
        marks=Marks(
            influence=tuple(zeros for _ in CLASSES),
            arrival=tuple(zeros for _ in CLASSES),
            clock=1,
            rats=(int(setup_value("rats")),) * players,
            vp=zeros,
            vp_supply=int(scoring.raw_vp()["count"]),
            looks=zeros,
        ),
    )
    return _begin_round(state, [])


def setup_events(s: State) -> tuple[Event, ...]:
    """The events of the set-up and of phase A of the first round (call it on the state that
    `new_game` returned): public facts, and each seat's dealt hand (private)."""
    cfg = s.config
    events: list[Event] = [
        GameSetUp(
            players=cfg.players,
            rounds=cfg.rounds,
            buildings_per_round=cfg.drawn,
            first_player=s.first,
            supply=cfg.supply,
            everyone_dead=cfg.everyone_dead,
            buildings=tuple(building_id(b) for b in cfg.in_play),
            replacement_pile=player_counts(cfg.players).removed,
            building_deck=len(cfg.in_play) - player_counts(cfg.players).removed,
            specials=tuple(card_id(c) for c in cfg.specials),
            hand_size=int(setup_value("hand")),
            starting_rats=int(setup_value("rats")),
            nun_row=len(s.nuns),
        )
    ]
    events.extend(HandDealt(p, _ids(h)) for p, h in enumerate(s.hands))
    events.extend(_round_events(s))
    return tuple(events)


def _round_events(s: State) -> list[Event]:
    return [
        RoundBegan(s.round, s.config.rounds, s.first, s.last_round),
        BuildingsDrawn(
            s.round,
            tuple(building_id(b) for b in s.row),
            tuple(Replacement(building_id(a), building_id(b)) for a, b in s.table.replaced),
        ),
    ]


# ---------------------------------------------------------------- phase A


def _from_spare(spare: list[int], bottom: list[int], rng: Rng) -> tuple[int | None, Rng]:
    """The top card of the replacement pile: an unseen card (at random), then the seen ones
    sent to the bottom, in order."""
    if spare:
        return _take_random(spare, rng)
    if bottom:
        return bottom.pop(0), rng
    return None, rng


def _begin_round(s: State, ev: list[Event]) -> State:
    """Phase A, then the start of phase B."""
    rng = s.rng
    deck = list(s.table.deck)
    row, rng = _take_many(deck, min(s.config.drawn, len(deck)), rng)
    spare, bottom = list(s.table.spare), list(s.table.spare_bottom)
    replaced: list[tuple[int, int]] = []
    # Rules A: "Si toutes les cartes piochées sont identiques, remplacez la dernière carte
    # piochée par la première carte de la pioche de remplacement (remettez la carte remplacée
    # au bas de cette dernière pioche). Si la nouvelle carte est à nouveau identique,
    # recommencez". Identical = same type (COMPONENTS 4.5 #1). The loop is bounded: a pile
    # that only holds the same type would cycle.
    for _ in range(len(spare) + len(bottom) + 1):
        if len(row) < 2 or len({b // COPIES for b in row}) > 1:
            break
        new, rng = _from_spare(spare, bottom, rng)
        if new is None:
            break
        bottom.append(row[-1])
        replaced.append((row[-1], new))
        row[-1] = new
    # Phase B: clockwise turns, or every seat answering at once (-1: no answer yet).
    order: tuple[int, ...] = ()
    chosen: tuple[tuple[int, int], ...] = ()
    if s.config.supply == "simultaneous":
        chosen = ((-1, -1),) * s.players
    else:
        order = _clockwise(s, s.first)
    s = evolve(
        s,
        rng=rng,
        round=s.round + 1,
        table=Table(tuple(deck), tuple(spare), tuple(bottom), tuple(row), tuple(replaced)),
        visits=(),
        res=None,
        phase=_SUPPLY,
        order=order,
        chosen=chosen,
    )
    ev.extend(_round_events(s))
    return s


# ---------------------------------------------------------------- who decides


def to_move(s: State) -> frozenset[int]:
    """Seats that must decide now."""
    phase = s.phase
    if phase is _PLACE or phase is _VISIT:
        # `_movers` for the commonest phases, inlined: the seat first in `order`.
        order = s.order
        return _ALONE[order[0]] if order else frozenset()
    movers = _movers(s)
    return _ALONE[movers[0]] if len(movers) == 1 else frozenset(movers)


_ALONE = tuple(frozenset((p,)) for p in range(5))  # to_move's usual answer, made once


def _movers(s: State) -> tuple[int, ...]:
    phase = s.phase
    if phase is _OVER:
        return ()
    if phase is _SUPPLY:
        if s.chosen:
            return tuple(p for p, (b, _) in enumerate(s.chosen) if b < 0)
        return s.order[:1]
    if phase is _VISIT or phase is _PLACE:
        return s.order[:1]
    pending = _pending(s)
    if phase in WINDOW_PHASES:
        return tuple(p for p, k in enumerate(pending.owed) if k > 0)
    return (pending.seat,)


def decision(s: State) -> Decision:
    """The decision open now."""
    movers = frozenset(_movers(s))
    phase = s.phase
    window = phase in WINDOW_PHASES or (phase is _SUPPLY and bool(s.chosen))
    return Decision(movers, WINDOW if window else TURN, phase.value)


def _pending(s: State) -> Pending:
    """The decision the resolution waits for (the invariant of `_waiting`)."""
    res = s.res
    pending = res.pending if res is not None else None
    if pending is None:
        raise InvariantError(f"cartus: phase {s.phase} with no decision pending")
    return pending


def _waiting(s: State) -> tuple[Resolution, Pending]:
    """The building resolution and the decision it waits for. Invariant: every phase that
    waits on a building (a target, cards owed, a gain, a look, the Hospital) has both."""
    res = s.res
    pending = res.pending if res is not None else None
    if res is None or pending is None:
        raise InvariantError(f"cartus: phase {s.phase} with no decision pending")
    return res, pending


def _resolution(s: State) -> Resolution:
    """The building resolution under way. Invariant: set from the first reveal to the end of
    the round (`_advance` keeps it in locals and writes it when a decision waits)."""
    res = s.res
    if res is None:
        raise InvariantError(f"cartus: phase {s.phase} with no building being resolved")
    return res


def _visit(s: State) -> Visit:
    """The visit being placed (phase PLACE)."""
    return s.visits[-1]


# ---------------------------------------------------------------- legal actions


@lru_cache(maxsize=4096)
def _supply_actions(row: tuple[int, ...]) -> tuple[Action, ...]:
    out: list[Action] = []
    for b, card in enumerate(row):
        if building_supply(card).look:
            out.extend(Supply(b, n) for n in range(NUN_ROW))
        else:
            out.append(Supply(b))
    return tuple(out)


@cache
def _enter_actions(n: int, passing: bool) -> tuple[Action, ...]:
    head: tuple[Action, ...] = (PlayPass(),) if passing else ()
    return head + tuple(Enter(b) for b in range(n))


_CARD_ACTIONS: dict[str, tuple[Action, ...]] = {}


def _card_actions(kind: type[Action]) -> tuple[Action, ...]:
    """The action of `kind` for each card kind, made once (legal_actions builds many)."""
    made = _CARD_ACTIONS.get(kind.verb)
    if made is None:
        made = tuple(kind(card_id(c)) for c in range(CARD_KINDS))  # type: ignore[call-arg]
        _CARD_ACTIONS[kind.verb] = made
    return made


def _kinds(
    kind: type[Action], cards: tuple[int, ...], only: frozenset[int] | None = None
) -> list[Action]:
    """One action of `kind` per distinct card of a sorted tuple (of `only` cards), in order."""
    made = _card_actions(kind)
    out: list[Action] = []
    last = -1
    for c in cards:
        if c != last:
            last = c
            if only is None or c in only:
                out.append(made[c])
    return out


def _place_actions(hand: tuple[int, ...], placed: tuple[int, ...]) -> list[Action]:
    # Not cached: in random games fewer than 1 in 5 (hand, placed) pairs come back. What
    # `_kinds` does, inlined (the most frequent decision of a game): one action per distinct
    # card of each sorted tuple, placeable cards only from the hand.
    place = _CARD_ACTIONS.get(Place.verb) or _card_actions(Place)
    withdraw = _CARD_ACTIONS.get(Withdraw.verb) or _card_actions(Withdraw)
    out: list[Action] = []
    last = -1
    for c in hand:
        if c != last:
            last = c
            if c < PASS:
                out.append(place[c])
    last = -1
    for c in placed:
        if c != last:
            last = c
            out.append(withdraw[c])
    out.append(_DONE)
    return out


# Placeable cards are those below the Pass in card order (Population cards, Joker, Sword,
# Flute): `_place_actions` relies on it.
if frozenset(range(PASS)) != PLACEABLE:
    raise InvariantError("cartus: the placeable cards are not those before the Pass")
_DONE = Done()


@cache
def _look_actions(count: int) -> tuple[Action, ...]:
    if count >= 2:
        return tuple(Look(a, b) for a, b in combinations(range(NUN_ROW), 2))
    return tuple(Look(a) for a in range(NUN_ROW))


_GAIN_ACTIONS = (Take(), Decline())


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of `seat`, sorted; empty when the seat is not to move."""
    phase = s.phase
    if phase is _PLACE:
        # The commonest decision first, `_movers` inlined.
        order = s.order
        if not order or order[0] != seat:
            return []
        return _place_actions(s.cards.hands[seat], s.visits[-1].cards)
    if seat not in _movers(s):
        return []
    hand = s.cards.hands[seat]
    if phase is _SUPPLY:
        return list(_supply_actions(s.table.row))
    if phase is _VISIT:
        return list(_enter_actions(len(s.table.row), PASS in hand))
    if phase in WINDOW_PHASES:
        return _kinds(Give, hand)
    pending = _pending(s)
    if phase is _SWORD_TARGET or phase is _FLUTE_TARGET:
        return [Target(p) for p in sorted(pending.candidates)]
    if phase is _GAIN:
        return list(_GAIN_ACTIONS)
    if phase is _LOOK:
        return list(_look_actions(pending.left))
    if phase is _HOSPITAL:
        return [*_kinds(Discard, hand), _DONE]
    raise InvariantError(f"cartus: no actions listed for phase {phase}")


def default_action(s: State, seat: int) -> Action:
    """A window's documented default (data/cartus.json, "defaults"):

    - a seat asked to give cards (Sword, Guard Tower) gives the first card of its hand in
      card order (Population cards by class, Peasantry first and fewest nuns first, then
      Jokers, Swords, Flutes, Passes, Gold), one card per action until it owes nothing;
    - simultaneous supply: the first building's supply action, looking (when it looks) at
      the leftmost nun card the seat has not looked at yet (the leftmost when it saw all).

    Raises NotYourTurn for a seat not asked in an open window, and during ordinary turns.
    """
    d = decision(s)
    if d.kind != WINDOW or seat not in d.seats:
        raise NotYourTurn()
    if s.phase is _SUPPLY:
        if not building_supply(s.row[0]).look:
            return Supply(0)
        unseen = [n for n in range(NUN_ROW) if not s.looks[seat] >> n & 1]
        return Supply(0, unseen[0] if unseen else 0)
    return Give(card_id(s.hands[seat][0]))


# ---------------------------------------------------------------- apply


def apply(s: State, seat: int, action: Action) -> Step[State]:
    """Apply `action` by `seat`, or raise a RulesError and change nothing."""
    phase = s.phase
    if phase is _PLACE or phase is _VISIT:
        # `_movers` for the commonest phases, inlined: the first seat of `order`.
        order = s.order
        if not order or order[0] != seat:
            raise NotYourTurn()
    elif phase is _OVER:
        raise GameFinished()
    elif seat not in _movers(s):
        raise NotYourTurn()
    if not well_formed(action):
        raise MalformedAction("malformed", text=type(action).__name__)
    handler = _HANDLERS.get((phase, type(action)))
    if handler is None:
        raise IllegalAction("wrong_phase", phase=phase.value)
    events: list[Event] = []
    return Step(handler(s, seat, action, events), tuple(events))


def _hand_card(s: State, seat: int, word: str) -> int:
    card = _card(word)
    if card not in s.hands[seat]:
        raise IllegalAction("no_card", card=word)
    return card


# ---------------------------------------------------------------- cards moving


def _draw(s: State, seat: int, n: int, reason: str, ev: list[Event]) -> tuple[State, int]:
    """`seat` draws up to n Population cards (see `_drawn`)."""
    cards, rng, got = _drawn(s.cards, s.rng, seat, n, reason, ev)
    if not got:
        return s, 0
    return evolve(s, rng=rng, cards=cards), got


def _drawn(
    c: Cards, rng: Rng, seat: int, n: int, reason: str, ev: list[Event]
) -> tuple[Cards, Rng, int]:
    """`seat` draws up to n Population cards (the discard pile becomes the draw pile when it
    runs out; when both are empty, it takes what is left, COMPONENTS 4.5 #11): the cards, the
    generator and how many were drawn."""
    draw, discard = list(c.draw), c.discard
    got: list[int] = []
    while len(got) < n:
        if not draw:
            if not discard:
                break
            # Rules, set-up 5: "Lorsqu'elle est épuisée, mélangez la défausse pour former une
            # nouvelle pioche de population." (the pile is drawn from at random)
            ev.append(PopulationReshuffled(len(discard)))
            draw, discard = list(discard), ()
        taken, rng = _take_many(draw, min(n - len(got), len(draw)), rng)
        got += taken
    if not got:
        return c, rng, 0
    hands = c.hands
    hand = tuple(sorted(hands[seat] + tuple(got)))
    ev.append(CardsDrawn(seat, _ids(sorted(got)), reason))
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    return Cards(tuple(draw), discard, c.piles, hands, c.nuns), rng, len(got)


def _available(s: State) -> int:
    return len(s.cards.draw) + len(s.cards.discard)


def _lose_rats(s: State, seat: int, n: int) -> tuple[State, int]:
    """Discard up to n rats (see `_rats_lost`). Returns the change."""
    marks, delta = _rats_lost(s.marks, seat, n)
    return (evolve(s, marks=marks) if delta else s), delta


def _rats_lost(marks: Marks, seat: int, n: int) -> tuple[Marks, int]:
    """Discard up to n rats; never below 0 (COMPONENTS 4.5 #2). Returns the change."""
    lost = min(n, marks.rats[seat])
    if not lost:
        return marks, 0
    return evolve(marks, rats=_add(marks.rats, seat, -lost)), -lost


def _to_discard(s: State, cards: list[int]) -> State:
    """Cards leave play: Population cards to the discard pile, the others to their piles."""
    pop = [c for c in cards if c < POPULATION_KINDS]
    piles = s.piles
    for c in cards:
        if c >= JOKER:
            piles = _add(piles, _pile(c), 1)
    discard = tuple(sorted(s.cards.discard + tuple(pop))) if pop else s.cards.discard
    return _with_cards(s, discard=discard, piles=piles)


def _look(s: State, seat: int, positions: tuple[int, ...], reason: str, ev: list[Event]) -> State:
    return evolve(s, marks=_looked(s.marks, s.cards.nuns, seat, positions, reason, ev))


def _looked(
    marks: Marks,
    nuns: tuple[int, ...],
    seat: int,
    positions: tuple[int, ...],
    reason: str,
    ev: list[Event],
) -> Marks:
    ev.append(NunLooked(seat, positions, reason))
    mask = marks.looks[seat]
    for n in positions:
        card = nuns[n]
        ev.append(NunSeen(seat, n, card_id(card), nuns_of(card)))
        mask |= 1 << n
    return evolve(marks, looks=_set(marks.looks, seat, mask))


# ---------------------------------------------------------------- phase B


def _supply(s: State, seat: int, a: Supply, ev: list[Event]) -> State:
    if not 0 <= a.building < len(s.row):
        raise IllegalAction("no_building", position=a.building + 1)
    sup = building_supply(s.row[a.building])
    if sup.look and a.look < 0:
        raise IllegalAction("look_needed", position=a.building + 1)
    if not sup.look and a.look >= 0:
        raise IllegalAction("no_look", position=a.building + 1)
    if a.look >= NUN_ROW:
        raise IllegalAction("no_nun_card", position=a.look + 1)
    if s.chosen:
        # Simultaneous (COMPONENTS 4.5 #2): the answer stays secret until every seat is in.
        chosen = (*s.chosen[:seat], (a.building, a.look), *s.chosen[seat + 1 :])
        waiting = tuple(p for p, (b, _) in enumerate(chosen) if b < 0)
        ev.append(SupplyAnswered(seat, waiting))
        if waiting:
            return evolve(s, chosen=chosen)
        took = s.cards, s.marks, s.rng
        for p in _clockwise(s, s.first):
            b, look = chosen[p]
            took = _take_supply(s.table.row, *took, p, b, look, ev)
        cards, marks, rng = took
        return _begin_visits(s, ev, cards=cards, marks=marks, rng=rng, chosen=())
    cards, marks, rng = _take_supply(
        s.table.row, s.cards, s.marks, s.rng, seat, a.building, a.look, ev
    )
    order = s.order[1:]
    if order:
        return evolve(s, cards=cards, marks=marks, rng=rng, order=order)
    return _begin_visits(s, ev, cards=cards, marks=marks, rng=rng)


def _take_supply(
    row: tuple[int, ...],
    cards: Cards,
    marks: Marks,
    rng: Rng,
    seat: int,
    b: int,
    look: int,
    ev: list[Event],
) -> tuple[Cards, Marks, Rng]:
    """Rules B: "Chaque joueur choisit et effectue l'action de soutien de l'une des cartes
    Bâtiment piochée." Compulsory, all of it (COMPONENTS 4.5 #2). Returns the records it
    changes: the state is built once, by the caller."""
    card = row[b]
    sup = building_supply(card)
    at = len(ev)
    drawn = 0
    if sup.draw:
        cards, rng, drawn = _drawn(cards, rng, seat, sup.draw, "supply", ev)
    marks, delta = _rats_lost(marks, seat, sup.rats)
    # The action comes first, before the cards drawn.
    nun = look if look >= 0 else None
    ev.insert(at, SupplyTaken(seat, b, building_id(card), drawn, delta, nun))
    if delta:
        ev.append(RatsChanged(seat, delta, "supply", None))
    if look >= 0:
        marks = _looked(marks, cards.nuns, seat, (look,), "supply", ev)
    return cards, marks, rng


# ---------------------------------------------------------------- phase C


def _begin_visits(s: State, ev: list[Event], **changes: Any) -> State:
    """Phase C begins (with the `changes` of the action that ended phase B)."""
    order = _clockwise(s, s.first)
    ev.append(VisitsBegan(order))
    return evolve(s, phase=_VISIT, order=order, **changes)


def _play_pass(s: State, seat: int, a: PlayPass, ev: list[Event]) -> State:
    # Laissez-passer: "Quand vous jouez une carte Laissez-passer, le tour passe au joueur
    # suivant. Lorsque tous les joueurs sont entrés dans un bâtiment (ou ont joué une carte
    # Laissez-passer), le tour vous revient". The Pass goes back to its pile.
    if PASS not in s.hands[seat]:
        raise IllegalAction("no_pass")
    order = (*s.order[1:], seat)
    ev.append(PassPlayed(seat, order))
    cards = evolve(
        s.cards,
        hands=_set_hand(s, seat, _remove(s.hands[seat], PASS)),
        piles=_add(s.piles, _pile(PASS), 1),
    )
    return evolve(s, cards=cards, order=order)


def _enter(s: State, seat: int, a: Enter, ev: list[Event]) -> State:
    # Rules C: "en plaçant l'un de ses marqueurs sur le plus à gauche des emplacements libres
    # de la carte Bâtiment".
    b = a.building
    if not 0 <= b < len(s.row):
        raise IllegalAction("no_building", position=b + 1)
    visits = s.visits
    slot = 1 + len([v for v in visits if v.building == b])
    visit = Visit(seat, b, slot, len(visits), ())
    ev.append(BuildingEntered(seat, b, building_id(s.row[b]), slot))
    return evolve(s, phase=_PLACE, visits=(*visits, visit))


# Placing and withdrawing are the hottest steps of a game (cards go one at a time): the
# helpers (_card, _insert, _remove) are inlined and the records rebuilt field by field, without
# `evolve`.


def _place(s: State, seat: int, a: Place, ev: list[Event]) -> State:
    word = a.card
    card = card_index()[word]
    if card not in PLACEABLE:
        # COMPONENTS 4.5 #3: Population cards, Jokers, Swords and Flutes only.
        raise IllegalAction("not_placeable", card=word)
    c = s.cards
    hands = c.hands
    hand = hands[seat]
    if card not in hand:
        raise IllegalAction("no_card", card=word)
    visit = s.visits[-1]
    placed = visit.cards
    i = bisect_right(placed, card)
    placed = (*placed[:i], card, *placed[i:])
    ev.append(CardPlaced(seat, visit.building, word, False, len(placed)))
    i = hand.index(card)
    hand = (*hand[:i], *hand[i + 1 :])
    return _moved(s, c, (*hands[:seat], hand, *hands[seat + 1 :]), visit, placed)


def _withdraw(s: State, seat: int, a: Withdraw, ev: list[Event]) -> State:
    word = a.card
    card = card_index()[word]
    visit = s.visits[-1]
    placed = visit.cards
    if card not in placed:
        raise IllegalAction("not_placed", card=word)
    i = placed.index(card)
    placed = (*placed[:i], *placed[i + 1 :])
    ev.append(CardPlaced(seat, visit.building, word, True, len(placed)))
    c = s.cards
    hands = c.hands
    hand = hands[seat]
    i = bisect_right(hand, card)
    hand = (*hand[:i], card, *hand[i:])
    return _moved(s, c, (*hands[:seat], hand, *hands[seat + 1 :]), visit, placed)


def _moved(
    s: State, c: Cards, hands: tuple[tuple[int, ...], ...], visit: Visit, placed: tuple[int, ...]
) -> State:
    """A card went between a hand and the visit being placed: the new hands and cards placed."""
    cards = Cards(c.draw, c.discard, c.piles, hands, c.nuns)
    done = Visit(visit.seat, visit.building, visit.slot, visit.order, placed, visit.done)
    return State(
        s.config, s.rng, s.phase, s.round, s.first, s.table, cards, s.marks, s.order,
        s.chosen, (*s.visits[:-1], done), s.res,
    )  # fmt: skip


def _done_placing(s: State, seat: int, a: Done, ev: list[Event]) -> State:
    # Rules C: "Il annonce le nombre de cartes de sa main qu'il va utiliser dans ce bâtiment
    # (« zéro » est possible)."
    visit = _visit(s)
    ev.append(
        CardsPlaced(seat, visit.building, building_id(s.row[visit.building]), len(visit.cards))
    )
    done = Visit(visit.seat, visit.building, visit.slot, visit.order, visit.cards, True)
    visits = (*s.visits[:-1], done)
    order = s.order[1:]
    if order:
        return evolve(s, phase=_VISIT, order=order, visits=visits)
    return _begin_resolution(evolve(s, order=(), visits=visits), ev)


# ---------------------------------------------------------------- phase D


def _entrants(s: State, b: int) -> list[Visit]:
    """The visits of building b, in entry order."""
    return [v for v in s.visits if v.building == b]


def _begin_resolution(s: State, ev: list[Event]) -> State:
    winner2 = -1
    if s.config.players == 2:
        # "Le joueur qui a joué le plus de cartes Population et Joker (peu importe dans quel
        # bâtiment il est entré) peut réaliser l'action privilège de son bâtiment [...] En cas
        # d'égalité, le premier joueur à être entré dans un bâtiment remporte l'égalité."
        best = max(s.visits, key=lambda v: (_scored(v.cards), -v.order))
        winner2 = best.seat
    return _advance(s, ev, 0, _S_CARDS, -1, (), winner2)


# A decision met during the resolution: the phase that asks for it and what it waits for.
Wait = tuple[Phase, Pending]


def _advance(
    s: State,
    ev: list[Event],
    b: int,
    stage: Stage,
    premium: int,
    queue: tuple[int, ...],
    winner2: int,
) -> State:
    """Resolve automatically from building b at `stage` until a decision is needed or the
    round ends.

    The resolution under way is kept in locals (the fields of a Resolution: building, stage,
    premium holder, queue, winner2) and only written, as a Resolution, into the state that
    waits for a decision (s.res may be stale meanwhile: nothing called from here reads it).
    The visits do not change in phase D: the building's entrants are listed once.
    """
    buildings = len(s.table.row)
    entrants = _entrants(s, b)
    wait: Wait | None
    while True:
        if b >= buildings:
            return _end_round(s, ev)
        if stage is _S_CARDS:
            if not entrants:
                b, premium, queue = b + 1, -1, ()
                entrants = _entrants(s, b)
                continue
            s = _resolve_cards(s, b, entrants, ev)
            stage = _S_SWORD
        elif stage is _S_SWORD:
            s, wait = _compare(s, b, entrants, SWORD, ev)
            if wait is not None:
                break
            stage = _S_FLUTE
        elif stage is _S_FLUTE:
            s, wait = _compare(s, b, entrants, FLUTE, ev)
            if wait is not None:
                break
            s, premium, queue = _begin_actions(s, b, entrants, winner2, ev)
            stage = _S_ACTIONS
        elif stage is _S_ACTIONS:
            if not queue:
                stage = _S_DISCARD
                continue
            seat = queue[0]
            queue = queue[1:]
            s, wait = _start_action(s, b, seat, seat == premium, ev)
            if wait is not None:
                break
        else:
            played = [c for v in entrants for c in v.cards]
            ev.append(PlayedCardsDiscarded(b, _ids(sorted(played))))
            s = _to_discard(s, played)
            b, stage, premium, queue = b + 1, _S_CARDS, -1, ()
            entrants = _entrants(s, b)
    phase, pending = wait
    return evolve(s, phase=phase, res=Resolution(b, stage, premium, queue, pending, winner2))


def _continue(s: State, ev: list[Event], res: Resolution) -> State:
    """Go on with the resolution `res` once the decision it waited for is made."""
    return _advance(s, ev, res.building, res.stage, res.premium, res.queue, res.winner2)


def _gain_influence(
    s: State, seat: int, klass: int, n: int, b: int, reason: str, ev: list[Event]
) -> State:
    track = s.influence[klass]
    total = track[seat] + n
    # The marker goes on top of any already there (COMPONENTS 4.5 #17): its arrival time.
    ev.append(InfluenceGained(seat, CLASS_IDS[klass], n, total, b, reason))
    influence = (*s.influence[:klass], _set(track, seat, total), *s.influence[klass + 1 :])
    arrival = s.arrival[klass]
    arrivals = (*s.arrival[:klass], _set(arrival, seat, s.marks.clock), *s.arrival[klass + 1 :])
    return _with_marks(s, influence=influence, arrival=arrivals, clock=s.marks.clock + 1)


def _resolve_cards(s: State, b: int, entrants: list[Visit], ev: list[Event]) -> State:
    """Rules D a: reveal, then in entry order: influence for each Population card and Joker,
    a rat for each Population card of another class."""
    card = s.table.row[b]
    klass = building_info(card).klass
    ev.append(
        CardsRevealed(
            b,
            building_id(card),
            CLASS_IDS[klass],
            tuple([RevealedVisit(v.seat, v.slot, _ids(v.cards)) for v in entrants]),
        )
    )
    marks = s.marks
    track, arrival = list(marks.influence[klass]), list(marks.arrival[klass])
    rats = list(marks.rats)
    clock = marks.clock
    # Population cards of this class are klass * NUN_VALUES .. + NUN_VALUES - 1 (klass_of).
    # The cards placed are sorted: they are counted by bisection.
    low = klass * NUN_VALUES
    high = low + NUN_VALUES
    for v in entrants:
        cards = v.cards
        scored = bisect_right(cards, JOKER)  # _scored: Population cards and Jokers
        if scored:
            # The marker goes on top of any already there (COMPONENTS 4.5 #17).
            track[v.seat] += scored
            arrival[v.seat] = clock
            clock += 1
            ev.append(InfluenceGained(v.seat, CLASS_IDS[klass], scored, track[v.seat], b, "cards"))
        # Population cards of another class: all of them but those of this class.
        off = bisect_left(cards, POPULATION_KINDS) - bisect_left(cards, high)
        off += bisect_left(cards, low)
        if off:
            rats[v.seat] += off
            ev.append(RatsChanged(v.seat, off, "off_class", b))
    marks = Marks(
        (*marks.influence[:klass], tuple(track), *marks.influence[klass + 1 :]),
        (*marks.arrival[:klass], tuple(arrival), *marks.arrival[klass + 1 :]),
        clock,
        tuple(rats),
        marks.vp,
        marks.vp_supply,
        marks.looks,
    )
    return evolve(s, marks=marks)


def _compare(
    s: State, b: int, entrants: list[Visit], special: int, ev: list[Event]
) -> tuple[State, Wait | None]:
    """The Sword or Flute comparison of building b, once per building (COMPONENTS 4.5 #5)."""
    played = [v.cards.count(special) for v in entrants]
    most = max(played)
    if not most:
        return s, None  # nobody played one: nothing to say
    name = card_id(special)
    counts = tuple(SeatCount(v.seat, k) for v, k in zip(entrants, played, strict=True))
    if min(played) == most:
        # "lorsque tous les joueurs ont joué le même nombre de cartes spéciales ..., rien ne
        # se passe."
        ev.append(SpecialCompared(name, b, counts, None, (), None, 0))
        return s, None
    winner = entrants[played.index(most)].seat  # the first in wins a tie for most
    fewest = min(played)
    losers = tuple(v.seat for v, k in zip(entrants, played, strict=True) if k == fewest)
    if len(losers) > 1:
        # "c'est le joueur qui a joué le plus grand nombre de cartes ... qui choisit"
        ev.append(SpecialCompared(name, b, counts, winner, losers, None, 0))
        phase = _SWORD_TARGET if special == SWORD else _FLUTE_TARGET
        return s, (phase, Pending(seat=winner, candidates=losers))
    target = losers[0]
    owed = len(s.hands[target]) // 2 if special == SWORD else 0
    ev.append(SpecialCompared(name, b, counts, winner, losers, target, owed))
    return _special_effect(s, b, special, winner, target, ev)


def _special_effect(
    s: State, b: int, special: int, winner: int, target: int, ev: list[Event]
) -> tuple[State, Wait | None]:
    if special == FLUTE:
        # COMPONENTS 4.5 #6: the receiver gains 1 rat, the giver loses 1 (not below 0).
        s, delta = _lose_rats(s, winner, 1)
        ev.append(RatsChanged(winner, delta, "flute_given", b))
        s = _with_marks(s, rats=_add(s.rats, target, 1))
        ev.append(RatsChanged(target, 1, "flute_received", b))
        return s, None
    # Épée: "doit donner la moitié des cartes de sa main, arrondi à l'inférieur"; the giver
    # chooses the cards (COMPONENTS 4.5 #5).
    owed = len(s.hands[target]) // 2
    if not owed:
        return s, None
    debts = _set((0,) * s.players, target, owed)
    return s, (_SWORD_GIVE, Pending(seat=winner, owed=debts))


def _target(s: State, seat: int, a: Target, ev: list[Event]) -> State:
    res, pending = _waiting(s)
    if a.seat not in pending.candidates:
        raise IllegalAction("not_candidate", seat=a.seat + 1)
    special = SWORD if s.phase is _SWORD_TARGET else FLUTE
    cards = len(s.hands[a.seat]) // 2 if special == SWORD else 0
    ev.append(TargetChosen(seat, a.seat, card_id(special), res.building, cards))
    s, wait = _special_effect(s, res.building, special, seat, a.seat, ev)
    if wait is not None:
        phase, pending = wait
        return evolve(s, phase=phase, res=evolve(res, pending=pending))
    return _after_special(s, res, special, ev)


def _after_special(s: State, res: Resolution, special: int, ev: list[Event]) -> State:
    """The comparison of `special` is over: on to the next stage of the resolution `res`."""
    b, winner2 = res.building, res.winner2
    if special == SWORD:
        return _advance(s, ev, b, _S_FLUTE, res.premium, res.queue, winner2)
    s, premium, queue = _begin_actions(s, b, _entrants(s, b), winner2, ev)
    return _advance(s, ev, b, _S_ACTIONS, premium, queue, winner2)


def _give(s: State, seat: int, a: Give, ev: list[Event]) -> State:
    card = _hand_card(s, seat, a.card)
    res, pending = _waiting(s)
    receiver = pending.seat
    hands = _set_hand(s, seat, _remove(s.hands[seat], card))
    hands = (*hands[:receiver], _insert(hands[receiver], card), *hands[receiver + 1 :])
    owed = _add(pending.owed, seat, -1)
    reason = "sword" if s.phase is _SWORD_GIVE else "guard_tower"
    ev.append(CardGiven(seat, receiver, reason, owed[seat]))
    ev.append(CardGivenShown(seat, receiver, a.card, reason))
    if any(owed):
        pending = evolve(pending, owed=owed)
        return evolve(s, cards=evolve(s.cards, hands=hands), res=evolve(res, pending=pending))
    s = _with_cards(s, hands=hands)
    if reason == "sword":
        return _after_special(s, res, SWORD, ev)
    return _continue(s, ev, res)


def _begin_actions(
    s: State, b: int, entrants: list[Visit], winner2: int, ev: list[Event]
) -> tuple[State, int, tuple[int, ...]]:
    """Rules D b: the premium holder (most Population cards and Jokers, first in on a tie; at
    2 players only the round's single premium holder) first, then the others in entry order.
    In the last round nobody acts: the premium holder gains 1 influence instead. Returns the
    state, the premium holder (-1: none) and the queue of seats to act."""
    if s.config.players == 2:
        premium = winner2 if any(v.seat == winner2 for v in entrants) else -1
    else:
        premium = max(entrants, key=lambda v: (_scored(v.cards), -v.slot)).seat
    standard = tuple(v.seat for v in entrants if v.seat != premium)
    card = s.table.row[b]
    last = s.last_round
    ev.append(
        PremiumAwarded(b, building_id(card), premium if premium >= 0 else None, standard, last)
    )
    if last:
        # "Lors du dernier tour de jeu, aucune action n'est réalisée dans les bâtiments. Le
        # joueur qui aurait dû réaliser l'action privilège gagne un point d'influence dans la
        # classe correspondante." (COMPONENTS 4.5 #12)
        if premium >= 0:
            s = _gain_influence(s, premium, building_info(card).klass, 1, b, "last_round", ev)
        queue: tuple[int, ...] = ()
    else:
        queue = ((premium,) if premium >= 0 else ()) + standard
    return s, premium, queue


def _effect(s: State, b: int, premium: bool) -> Effect:
    info = building_info(s.table.row[b])
    return info.premium if premium else info.standard


def immune_seats(s: State) -> tuple[int, ...]:
    """Seats that entered a Guard Tower this round (COMPONENTS 4.5 #8)."""
    return tuple(sorted({v.seat for v in s.visits if s.row[v.building] // COPIES == _GUARD_TOWER}))


_GUARD_TOWER = TYPES.index(BuildingType.GUARD_TOWER)


def guard_owed(s: State, seat: int) -> tuple[int, ...]:
    """Per seat, the cards it would give to `seat`'s Guard Tower premium now."""
    # "chaque joueur qui n'est pas entré dans la Tour de garde ce tour-ci doit vous donner
    # trois cartes de sa main s'il possède au moins autant de cartes que vous [...] si ce
    # joueur possède moins de trois cartes, mais au moins autant que vous, il vous donne
    # toutes ses cartes." Hand sizes are compared once (COMPONENTS 4.5 #8).
    own = len(s.hands[seat])
    immune = immune_seats(s)
    return tuple(
        min(GIVE_LIMIT_GUARD, len(h)) if p not in immune and p != seat and len(h) >= own else 0
        for p, h in enumerate(s.hands)
    )


def _start_action(
    s: State, b: int, seat: int, premium: bool, ev: list[Event]
) -> tuple[State, Wait | None]:
    """Start a seat's building action at building b; the decision it waits for, if any."""
    eff = _effect(s, b, premium)
    bid = building_id(s.table.row[b])
    kind = eff.effect

    def taken(amount: int, card: str | None = None, empty: bool = False) -> None:
        ev.append(ActionTaken(seat, b, bid, premium, kind, amount, card, empty))

    def wait(phase: Phase, left: int) -> Wait:
        return phase, Pending(seat=seat, premium=premium, left=left)

    if kind == "draw" or kind == "draw_per_influence":
        amount = eff.amount
        if kind == "draw_per_influence":
            kind = "draw"
            # COMPONENTS 4.5 #9: influence scored this round = Population cards and Jokers
            # played in the Brewery; the standard action counts pairs.
            mine = [v for v in _entrants(s, b) if v.seat == seat]
            amount = _scored(mine[0].cards) // eff.per
        if not amount:
            taken(0)
            return s, None
        if not _available(s):
            taken(0, empty=True)
            return s, None
        return s, wait(_GAIN, amount)
    if kind == "take":
        amount = min(eff.amount, s.piles[_pile(eff.card)])
        if not amount:
            taken(0, card_id(eff.card), empty=True)
            return s, None
        return s, wait(_GAIN, amount)
    if kind == "guard_tower":
        if not any(guard_owed(s, seat)):
            ev.append(GuardTowerDemanded(seat, b, len(s.hands[seat]), (), immune_seats(s)))
            taken(0)
            return s, None
        return s, wait(_GAIN, 0)
    if kind == "discard_rats":
        s, delta = _lose_rats(s, seat, eff.amount)
        taken(-delta)
        if delta:
            ev.append(RatsChanged(seat, delta, "monastery", b))
        return s, None
    if kind == "vp":
        amount = min(eff.amount, s.marks.vp_supply)
        taken(amount, empty=amount < eff.amount)
        marks = evolve(s.marks, vp=_add(s.vp, seat, amount), vp_supply=s.marks.vp_supply - amount)
        return evolve(s, marks=marks), None
    if kind == "look":
        return s, wait(_LOOK, eff.amount)
    if kind == "hospital":
        # amount: the hand cards it may discard, one rat each.
        taken(eff.cards)
        if eff.rats:
            s, delta = _lose_rats(s, seat, eff.rats)
            if delta:
                ev.append(RatsChanged(seat, delta, "hospital", b))
        if not s.hands[seat]:
            return s, None
        return s, wait(_HOSPITAL, eff.cards)
    # The Guard Tower's standard action: "aucune action" (its visit gives the immunity).
    taken(0)
    return s, None


def _resume(s: State, ev: list[Event]) -> State:
    return _continue(s, ev, _resolution(s))


def _take(s: State, seat: int, a: Take, ev: list[Event]) -> State:
    res, pending = _waiting(s)
    b = res.building
    eff = _effect(s, b, pending.premium)
    bid = building_id(s.table.row[b])
    kind = eff.effect
    if kind == "guard_tower":
        owed = guard_owed(s, seat)
        givers = tuple(SeatCount(p, k) for p, k in enumerate(owed) if k)
        ev.append(ActionTaken(seat, b, bid, True, kind, sum(owed), None, False))
        ev.append(GuardTowerDemanded(seat, b, len(s.hands[seat]), givers, immune_seats(s)))
        pending = Pending(seat=seat, premium=True, owed=owed)
        return evolve(s, phase=_GUARD_GIVE, res=evolve(res, pending=pending))
    if kind == "take":
        n = pending.left
        hand = tuple(sorted(s.hands[seat] + (eff.card,) * n))
        ev.append(ActionTaken(seat, b, bid, pending.premium, kind, n, card_id(eff.card), False))
        s = _with_cards(s, hands=_set_hand(s, seat, hand), piles=_add(s.piles, _pile(eff.card), -n))
        return _resume(s, ev)
    at = len(ev)
    s, n = _draw(s, seat, pending.left, building_info(s.table.row[b]).type.value, ev)
    # The action comes first, before the cards drawn.
    ev.insert(at, ActionTaken(seat, b, bid, pending.premium, "draw", n, None, n < pending.left))
    return _resume(s, ev)


def _decline(s: State, seat: int, a: Decline, ev: list[Event]) -> State:
    res, pending = _waiting(s)
    b = res.building
    eff = _effect(s, b, pending.premium)
    effect = "draw" if eff.effect == "draw_per_influence" else eff.effect
    ev.append(ActionDeclined(seat, b, building_id(s.table.row[b]), pending.premium, effect))
    return _resume(s, ev)


def _look_action(s: State, seat: int, a: Look, ev: list[Event]) -> State:
    res, pending = _waiting(s)
    positions = (a.first,) if a.second < 0 else (a.first, a.second)
    if len(positions) != pending.left:
        raise IllegalAction("look_count", count=pending.left)
    for n in positions:
        if not 0 <= n < NUN_ROW:
            raise IllegalAction("no_nun_card", position=n + 1)
    if len(set(positions)) != len(positions) or positions != tuple(sorted(positions)):
        # COMPONENTS 4.5 #21: two different positions (written in row order).
        raise IllegalAction("same_nun_card")
    b = res.building
    ev.append(
        ActionTaken(
            seat, b, building_id(s.row[b]), pending.premium, "look", len(positions), None, False
        )
    )
    s = _look(s, seat, positions, "fortune_teller", ev)
    return _resume(s, ev)


def _hospital_discard(s: State, seat: int, a: Discard, ev: list[Event]) -> State:
    # Hôpital: "vous pouvez défausser jusqu'à 3 cartes de votre main pour vous défausser d'un
    # même nombre de rats". The card is shown as it goes to its pile.
    card = _hand_card(s, seat, a.card)
    res, pending = _waiting(s)
    b = res.building
    left = pending.left - 1
    ev.append(CardDiscarded(seat, a.card, b, left))
    s = _with_cards(s, hands=_set_hand(s, seat, _remove(s.hands[seat], card)))
    s = _to_discard(s, [card])
    s, delta = _lose_rats(s, seat, 1)
    if delta:
        ev.append(RatsChanged(seat, delta, "hospital", b))
    if left and s.hands[seat]:
        return evolve(s, res=evolve(res, pending=evolve(pending, left=left)))
    return _resume(s, ev)


def _hospital_done(s: State, seat: int, a: Done, ev: list[Event]) -> State:
    return _resume(s, ev)


# ---------------------------------------------------------------- phase E and the end


def _end_round(s: State, ev: list[Event]) -> State:
    # Rules E: "Le premier joueur donne la carte premier joueur à son voisin de gauche".
    nxt = (s.first + 1) % s.players
    over = s.last_round
    ev.append(RoundEnded(s.round, None if over else nxt))
    if over:
        table = evolve(s.table, row=(), replaced=())
        return _finish(evolve(s, first=nxt, visits=(), res=None, order=(), table=table), ev)
    # _begin_round replaces the table's row and the visits, resolution and order.
    return _begin_round(evolve(s, first=nxt), ev)


def _finish(s: State, ev: list[Event]) -> State:
    s = evolve(s, phase=_OVER)
    res = scoring.result(s)
    for row in res["ranking"]:
        p = row["seat"]
        lines = tuple([Points(k, v) for k, v in row["breakdown"].items()])
        ev.append(
            PlayerScore(
                p, row["rank"], row["score"], lines, row["rats"], row["dead"], row["winner"],
                _ids(s.hands[p]),
            )
        )  # fmt: skip
    ev.append(
        GameEnded(
            nun_row=_ids(s.nuns),
            nuns=res["nuns"],
            dead=tuple(r["seat"] for r in res["ranking"] if r["dead"]),
            winners=tuple(res["winners"]),
            everyone_dead=res["everyone_dead"],
            ranking=tuple(r["seat"] for r in res["ranking"]),
            scores=tuple(r["score"] for r in res["ranking"]),
        )
    )
    return s


def is_over(s: State) -> bool:
    """True once the last round has ended."""
    return s.phase is _OVER


_HANDLERS: dict[tuple[Phase, type[Action]], Handler] = {
    (_SUPPLY, Supply): _supply,
    (_VISIT, PlayPass): _play_pass,
    (_VISIT, Enter): _enter,
    (_PLACE, Place): _place,
    (_PLACE, Withdraw): _withdraw,
    (_PLACE, Done): _done_placing,
    (_SWORD_TARGET, Target): _target,
    (_FLUTE_TARGET, Target): _target,
    (_SWORD_GIVE, Give): _give,
    (_GUARD_GIVE, Give): _give,
    (_GAIN, Take): _take,
    (_GAIN, Decline): _decline,
    (_LOOK, Look): _look_action,
    (_HOSPITAL, Discard): _hospital_discard,
    (_HOSPITAL, Done): _hospital_done,
}

__all__ = [
    "apply",
    "decision",
    "default_action",
    "is_over",
    "legal_actions",
    "new_game",
    "setup_events",
    "to_move",
]
