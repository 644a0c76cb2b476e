"""The rules of the Pied Piper: set-up, turns, activations, moves, eliminations and the end.

Every function is pure: it reads a State and returns a new one. `apply` checks, in this order,
that the game is not over, that the seat is to move, that the action is well formed, and then
the rules; a rejected action raises a RulesError and changes nothing.

Rule references quote the French rulebook (shared/rules/001_cf69301c13b96017.txt); decisions
where it is silent follow shared/COMPONENTS.md §5.6 (cited as "5.6 #n").
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from functools import lru_cache
from operator import attrgetter
from typing import Any, TypeVar

from engine.core.contract import Step
from engine.core.errors import InvariantError
from engine.core.events import Event
from engine.core.evolve import replacer
from engine.core.rng import Rng
from engine.piper.actions import SLOTS, Action, ChooseFirst, PlayCard, well_formed
from engine.piper.components import (
    CARD_INDEX,
    CARDS,
    PIPER,
    SPECIALS,
    Card,
    Variant,
    character_figures,
    characters_in_play,
    deck_counts,
    figures,
    house_owners,
    moves,
    raw,
    value,
)
from engine.piper.errors import GameFinished, IllegalAction, MalformedAction, NotYourTurn
from engine.piper.events import (
    ActionDeckReshuffled,
    CardPlayed,
    CardRevealed,
    CardsDrawn,
    CharacterActivated,
    CharacterDeckReshuffled,
    CharacterReplaced,
    DisplayDealt,
    FiguresMoved,
    GameEnded,
    GameSetUp,
    HandDealt,
    HandDiscarded,
    HandRefilled,
    HiddenCardPlayed,
    OrderAsked,
    PlayerEliminated,
    TurnBegan,
)
from engine.piper.state import Config, Crossing, Moved, Phase, Placed, Recent, State, Turn

ROOF = value("roof")
FLOOR = value("counter_floor")
START = value("counter_start")
HAND = value("hand_size")
DISPLAY = value("display_size")
PER_CHARACTER = value("cards_per_character")
PER_TURN = value("cards_per_turn")
FIRST_TURN = value("first_turn_cards")
MAX_PIPERS = value("display_max_pipers")
HIDDEN_PER_TURN = int(raw()["hidden"]["max_per_turn"])
LOW, HIGH = int(raw()["players"]["min"]), int(raw()["players"]["max"])
if DISPLAY != SLOTS:
    raise InvariantError("piper data: the row's size and the action text's places disagree")
if HIDDEN_PER_TURN != 1:
    raise InvariantError("piper data: a turn tracks one face-down card, the data file says more")

FIGURES = figures()
# Enum members read through their class, and `.value`, cost a Python call each on Python 3.11:
# the rules read them on every action, so from module constants.
_OVER, _PLAY, _ORDER = Phase.OVER, Phase.PLAY, Phase.ORDER
_HIDDEN, _PTITS_RATS = Variant.HIDDEN, Variant.PTITS_RATS
_MELODY, _PLUS1 = Card.MELODY, Card.PLUS1
CARD_VALUE: dict[Card, str] = {c: c.value for c in Card}
_PLACES = range(DISPLAY)
CHAR_FIGURE = character_figures()
MOVES = moves()
# A placed card's parts, for map() (a comprehension is a function call of its own on 3.11).
_CARD_OF, _SEAT_OF, _HIDDEN_OF = attrgetter("card"), attrgetter("seat"), attrgetter("hidden")


# ---------------------------------------------------------------- small helpers


def figure_of(card: int) -> int:
    """The figure (index) a Character card shows."""
    return CHAR_FIGURE[card]


def figure_name(figure: int) -> str:
    """A figure's id: "piper", "yellow"..."""
    return FIGURES[figure]


def _slot_name(s: State, k: int) -> str:
    return FIGURES[CHAR_FIGURE[s.display[k]]]


@lru_cache(maxsize=16)
def _houses_of(owners: tuple[int, ...]) -> dict[int, int]:
    return {o: h for h, o in enumerate(owners) if o >= 0}


def house_of(s: State, seat: int) -> int:
    """The house (id) of a seat."""
    return _houses_of(s.config.owners)[seat]


def level_of(s: State, seat: int) -> int:
    """A seat's rat counter."""
    return s.levels[_houses_of(s.config.owners)[seat]]


def draw_cards(deck: list[int], count: int, rng: Rng) -> tuple[list[Card], Rng]:
    """Draw `count` cards at random from the counts in `deck` (changed in place)."""
    out: list[Card] = []
    total = sum(deck)
    for _ in range(count):
        k, rng = rng.below(total)
        total -= 1
        for t, n in enumerate(deck):
            if k < n:
                deck[t] -= 1
                out.append(CARDS[t])
                break
            k -= n
    return out, rng


def sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=CARD_INDEX.__getitem__))


_SORTED_HANDS: dict[tuple[Card, ...], tuple[Card, ...]] = {}


def _sorted_hand(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    # sorted_hand, remembered: every turn's refill sorts a hand of four (a few thousand keys).
    got = _SORTED_HANDS.get(cards)
    if got is None:
        got = _SORTED_HANDS[cards] = sorted_hand(cards)
    return got


def _variant(options: Mapping[str, Any]) -> Variant:
    raw_value = options.get("variant", "")
    values = list(raw_value) if isinstance(raw_value, list | tuple) else [raw_value]
    chosen: list[Variant] = []
    for v in values:
        text = "" if v is None else str(v).strip().casefold().replace("'", "").replace("-", "_")
        try:
            variant = Variant(text)
        except ValueError:
            raise MalformedAction("bad_variant", variant=str(v)[:40]) from None
        if variant is not Variant.PLAIN and variant not in chosen:
            chosen.append(variant)
    if len(chosen) > 1:
        # 5.6 #12: the two variants may not be combined.
        raise IllegalAction("variants_combined")
    return chosen[0] if chosen else Variant.PLAIN


_R = TypeVar("_R")
# A record or event built on most actions takes few values (a card, a seat, a place, a
# counter...): each value is built once and then shared, since they are immutable and a shared
# one equals a new one in every way but identity. A playout (thousands per AI move) otherwise
# builds several on every action, each a constructor call several times dearer than a look-up.
# Each field must always be passed with the same type at every call (True and 1 are one key).
# Most values are few, but a turn number is not: a bot runs for weeks, so the table starts
# afresh when it reaches SHARED_LIMIT (a few thousand values fill it in ordinary play).
_SHARED: dict[tuple[object, ...], Any] = {}
SHARED_LIMIT = 1 << 16


def _shared(cls: type[_R], *fields: object) -> _R:
    """`cls(*fields)`, one instance per value."""
    key = (cls, *fields)
    got: _R | None = _SHARED.get(key)
    if got is None:
        if len(_SHARED) >= SHARED_LIMIT:
            _SHARED.clear()
        got = _SHARED[key] = cls(*fields)
    return got


# ---------------------------------------------------------------- set-up


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """Set up a game: the ring, the figures, the Character display, the hands."""
    options = dict(options or {})
    variant = _variant(options)
    unknown = sorted(k for k in options if k != "variant")
    if unknown:
        raise MalformedAction("bad_option", option=", ".join(unknown)[:80])
    if type(players) is not int or not LOW <= players <= HIGH:
        raise MalformedAction("bad_players", low=LOW, high=HIGH, players=players)
    owners = house_owners(players)
    houses = len(owners)
    # Set-up 3 and 5.6 #1: a rat in every gap; the extra rat and the piper in the gap between
    # the last house and the first player's, all facing forward (rat colour k is figure k+1).
    gaps = [(k + 1,) for k in range(houses - 1)] + [(PIPER, houses, houses + 1)]
    rng = Rng(seed)
    # Set-up 4: four Character cards face up, at most one Piper among them; extra Pipers are
    # set aside, replaced, and shuffled back once the display is complete (5.6 #4).
    pile = list(characters_in_play(players))
    display: list[int] = []
    aside: list[int] = []
    while len(display) < DISPLAY:
        k, rng = rng.below(len(pile))
        card = pile.pop(k)
        if CHAR_FIGURE[card] == PIPER and sum(CHAR_FIGURE[c] == PIPER for c in display) >= (
            MAX_PIPERS
        ):
            aside.append(card)
        else:
            display.append(card)
    # Set-up 5: shuffle the action cards and deal 4 to each player.
    deck = list(deck_counts(variant))
    hands = []
    for _ in range(players):
        cards, rng = draw_cards(deck, HAND, rng)
        hands.append(sorted_hand(cards))
    return State(
        config=Config(players, variant, owners),
        rng=rng,
        ring=tuple(range(houses)),
        gaps=tuple(gaps),
        levels=(START,) * houses,
        display=tuple(display),
        under=((),) * DISPLAY,
        char_deck=tuple(sorted(pile + aside)),
        char_discard=(),
        deck=tuple(deck),
        discard=(0,) * len(CARDS),
        hands=tuple(hands),
        collected=((),) * players,
        out=(),
        active=0,
        phase=_PLAY,
        turn=1,
        # "Lors du premier tour, et uniquement lors de celui-ci, le premier joueur ... pose une
        # carte Action ... Et il pioche une carte Action".
        flow=Turn(left=FIRST_TURN),
        set_aside=len(aside),
    )


def setup_events(s: State) -> tuple[Event, ...]:
    """The set-up: the ring, the display, each hand (private), and the first turn."""
    events: list[Event] = [
        GameSetUp(
            players=s.players,
            variant=s.variant.value or None,
            houses=tuple(None if o < 0 else o for o in s.config.owners),
            gaps=tuple(tuple(FIGURES[f] for f in g) for g in s.gaps),
            roof=ROOF,
        ),
        DisplayDealt(tuple(_slot_name(s, k) for k in range(DISPLAY)), s.set_aside),
    ]
    for seat, hand in enumerate(s.hands):
        events.append(HandDealt(seat, tuple(c.value for c in hand)))
    events.append(TurnBegan(s.active, s.turn, s.flow.left))
    return tuple(events)


# ---------------------------------------------------------------- who moves, what is legal


def to_move(s: State) -> frozenset[int]:
    """The active player, until the game is over."""
    if s.phase is _OVER:
        return frozenset()
    return _ALONE[s.active]


_ALONE = tuple(frozenset((seat,)) for seat in range(8))  # shared: frozensets are immutable


def open_places(s: State) -> tuple[int, ...]:
    """Places (1-4) that can take the active player's next card: fewer than two cards, and not
    the Character card that got this turn's first card."""
    placed = s.flow.placed
    under = s.under
    display = s.display
    # (a loop: a comprehension is a function made and called on Python 3.11, for 4 places)
    places = []
    for k in _PLACES:
        if len(under[k]) < PER_CHARACTER and display[k] not in placed:
            places.append(k + 1)
    return tuple(places)


def may_hide(s: State) -> bool:
    """True when the active player may place the next card face down."""
    return s.config.variant is _HIDDEN and not s.flow.hidden


def _play_actions(
    types: tuple[Card, ...], slots: tuple[int, ...], hidden: bool
) -> tuple[Action, ...]:
    out: list[Action] = []
    for card in types:
        for slot in slots:
            out.append(PlayCard(card, slot))
            if hidden:
                out.append(PlayCard(card, slot, True))
    return tuple(out)


# legal_actions runs on every decision of a playout and depends only on small keys: the open
# places on the cards under each place and which places got this turn's card (at most 3^4 x 2^4
# keys), the actions on the hand, those places and the face-down card (a few thousand keys).
_OPEN: dict[tuple[tuple[int, ...], tuple[bool, ...]], tuple[int, ...]] = {}
_ACTIONS: dict[tuple[tuple[Card, ...], tuple[int, ...], bool], tuple[Action, ...]] = {}
_NONE_PLACED = (False,) * DISPLAY


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of `seat`, sorted (empty when it is not to move)."""
    if s.phase is _OVER or seat != s.active:
        return []
    flow = s.flow
    if s.phase is _ORDER:
        return [ChooseFirst(slot) for slot in flow.pending]
    placed = flow.placed
    key = (
        tuple(map(len, s.under)),
        tuple(map(placed.__contains__, s.display)) if placed else _NONE_PLACED,
    )
    slots = _OPEN.get(key)
    if slots is None:
        slots = _OPEN[key] = open_places(s)
    hand = s.hands[seat]
    hidden = s.config.variant is _HIDDEN and not flow.hidden
    actions = _ACTIONS.get((hand, slots, hidden))
    if actions is None:
        actions = _ACTIONS[hand, slots, hidden] = _play_actions(
            tuple(dict.fromkeys(hand)), slots, hidden
        )
    return list(actions)


# ---------------------------------------------------------------- the workspace


class _Work:
    """A mutable copy of a State for the duration of one action: the rules change lists in
    place, and one State is built at the end (a frozen State per small change would cost more
    than the rules themselves)."""

    __slots__ = (
        "active",
        "char_deck",
        "char_discard",
        "collected",
        "config",
        "deck",
        "discard",
        "display",
        "gaps",
        "hands",
        "hidden",
        "left",
        "levels",
        "out",
        "pending",
        "phase",
        "placed",
        "quiet",
        "reason",
        "recent",
        "ring",
        "rng",
        "set_aside",
        "turn",
        "under",
    )

    def __init__(self, s: State | _Work) -> None:
        if isinstance(s, _Work):
            self._copy(s)
            return
        self.config = s.config
        self.rng = s.rng
        # The ring, the display, the Character piles, who is out and who took which counters
        # change on few actions: kept as the State's tuples, replaced whole when they change.
        self.ring = s.ring
        self.gaps = list(map(list, s.gaps))
        self.levels = list(s.levels)
        self.display = s.display
        self.under = list(s.under)
        self.char_deck = s.char_deck
        self.char_discard = s.char_discard
        self.deck = list(s.deck)
        self.discard = list(s.discard)
        self.hands = list(s.hands)
        self.collected = s.collected
        self.out = s.out
        self.active = s.active
        self.phase = s.phase
        self.turn = s.turn
        self.left = s.flow.left
        self.placed = s.flow.placed
        self.hidden = s.flow.hidden
        self.pending = s.flow.pending
        self.recent = s.recent
        self.set_aside = s.set_aside
        self.reason = s.reason
        self.quiet = False  # a trial run (the activation order): no events, no `recent`

    def _copy(self, w: _Work) -> None:
        # Every list copied (the gaps one level deeper), everything else shared: immutable.
        self.config = w.config
        self.rng = w.rng
        self.ring = w.ring
        self.gaps = list(map(list, w.gaps))
        self.levels = w.levels[:]
        self.display = w.display
        self.under = w.under[:]
        self.char_deck = w.char_deck
        self.char_discard = w.char_discard
        self.deck = w.deck[:]
        self.discard = w.discard[:]
        self.hands = w.hands[:]
        self.collected = w.collected
        self.out = w.out
        self.active = w.active
        self.phase = w.phase
        self.turn = w.turn
        self.left = w.left
        self.placed = w.placed
        self.hidden = w.hidden
        self.pending = w.pending
        self.recent = w.recent
        self.set_aside = w.set_aside
        self.reason = w.reason
        self.quiet = w.quiet

    def frozen(self) -> State:
        """The State this workspace describes."""
        # Positional, in State's field order (keywords cost more, on every action).
        return State(
            self.config,
            self.rng,
            self.ring,
            tuple(map(tuple, self.gaps)),
            tuple(self.levels),
            self.display,
            tuple(self.under),
            self.char_deck,
            self.char_discard,
            tuple(self.deck),
            tuple(self.discard),
            tuple(self.hands),
            self.collected,
            self.out,
            self.active,
            self.phase,
            self.turn,
            _shared(Turn, self.left, self.placed, self.hidden, self.pending),
            self.recent,
            self.set_aside,
            self.reason,
        )

    def board(self) -> tuple[object, ...]:
        """What an activation order can change: the ring, figures, counters, who is out and
        in which order, who took which counters, the end; as a hashable snapshot (equal for
        equal boards)."""
        return (
            self.ring,
            tuple(map(tuple, self.gaps)),
            tuple(self.levels),
            self.out,
            self.collected,
            self.phase,
            self.reason,
        )


def _name(w: _Work, k: int) -> str:
    return FIGURES[CHAR_FIGURE[w.display[k]]]


# ---------------------------------------------------------------- apply


def apply(s: State, seat: int, action: Action, *, trial: bool = False) -> Step[State]:
    """Apply `action` by `seat`, or raise a RulesError and change nothing. `trial` (for AIs
    trying moves) skips the moves' events and the record of the latest turn; the state is
    otherwise the same."""
    if s.phase is _OVER:
        raise GameFinished()
    if seat != s.active:
        raise NotYourTurn()
    if not well_formed(action):
        raise MalformedAction("malformed", text=type(action).__name__)
    events: list[Event] = []
    if isinstance(action, PlayCard):
        if s.phase is not _PLAY:
            raise IllegalAction("wrong_phase", phase=s.phase.value)
        _check_play(s, seat, action)
        if s.flow.left > 1 and s.config.variant is not _PTITS_RATS:
            # Not the turn's last card: nothing moves, so only the hand, the card's place and
            # the turn change (the workspace would copy every list for that).
            return Step(_place_only(s, seat, action, events), tuple(events))
        w = _Work(s)
        w.quiet = trial
        _play(w, seat, action, events)
    elif isinstance(action, ChooseFirst):
        if s.phase is not _ORDER:
            raise IllegalAction("wrong_phase", phase=s.phase.value)
        if action.slot not in s.flow.pending:
            raise IllegalAction("not_activating", slot=action.slot)
        w = _Work(s)
        w.quiet = trial
        _choose(w, action, events)
    else:
        # `well_formed` admits only the two kinds above: a new kind must be handled here.
        raise InvariantError(f"piper: no rules for the action kind {type(action).__name__}")
    return Step(w.frozen(), tuple(events))


def _check_play(s: State, seat: int, a: PlayCard) -> None:
    if a.card not in s.hands[seat]:
        raise IllegalAction("card_not_in_hand", card=CARD_VALUE[a.card])
    k = a.slot - 1
    char = s.display[k]
    name = FIGURES[CHAR_FIGURE[char]]
    # "il ne peut jamais y avoir plus de 2 cartes Action sous une même carte Personnage".
    if len(s.under[k]) >= PER_CHARACTER:
        raise IllegalAction("character_full", character=name, slot=a.slot)
    # Règle n°1: "un joueur ne peut pas poser 2 cartes Action sous la même carte Personnage".
    if char in s.flow.placed:
        raise IllegalAction("same_character", character=name, slot=a.slot)
    if a.hidden:
        if s.config.variant is not _HIDDEN:
            raise IllegalAction("hidden_not_allowed")
        if s.flow.hidden:
            raise IllegalAction("one_hidden")


def _place_only(s: State, seat: int, a: PlayCard, ev: list[Event]) -> State:
    """`_play` of a card after which the turn goes on: the same State and events."""
    k = a.slot - 1
    hands = s.hands
    hand = hands[seat]
    i = hand.index(a.card)
    under = s.under
    cards = (*under[k], _shared(Placed, a.card, seat, a.hidden))
    name = FIGURES[CHAR_FIGURE[s.display[k]]]
    hidden = a.hidden
    ev.append(
        _shared(
            CardPlayed,
            seat,
            a.slot,
            name,
            None if hidden else CARD_VALUE[a.card],
            hidden,
            len(cards),
        )
    )
    if hidden:
        ev.append(HiddenCardPlayed(seat, a.slot, name, CARD_VALUE[a.card]))
    flow = s.flow
    return _with_card_placed(
        s,
        (*hands[:seat], hand[:i] + hand[i + 1 :], *hands[seat + 1 :]),
        (*under[:k], cards, *under[k + 1 :]),
        _shared(
            Turn, flow.left - 1, (*flow.placed, s.display[k]), flow.hidden or hidden, flow.pending
        ),
    )


_with_card_placed = replacer(State, "hands", "under", "flow")


def _play(w: _Work, seat: int, a: PlayCard, ev: list[Event]) -> None:
    k = a.slot - 1
    hand = w.hands[seat]
    i = hand.index(a.card)
    w.hands[seat] = hand[:i] + hand[i + 1 :]
    w.under[k] = (*w.under[k], _shared(Placed, a.card, seat, a.hidden))
    name = _name(w, k)
    shown = None if a.hidden else CARD_VALUE[a.card]
    ev.append(_shared(CardPlayed, seat, a.slot, name, shown, a.hidden, len(w.under[k])))
    if a.hidden:
        ev.append(HiddenCardPlayed(seat, a.slot, name, CARD_VALUE[a.card]))
    w.left -= 1
    w.placed = (*w.placed, w.display[k])
    w.hidden = w.hidden or a.hidden
    if w.config.variant is _PTITS_RATS:
        _resolve_now(w, k, ev)
    elif w.left == 0:
        _after_placing(w, ev)


# ---------------------------------------------------------------- activations


def _after_placing(w: _Work, ev: list[Event]) -> None:
    """Tour 3: the characters holding two cards activate; their face-down cards are turned
    up first; the active player orders them when the order matters."""
    under = w.under
    ready = []
    for k in _PLACES:
        if len(under[k]) >= PER_CHARACTER:
            ready.append(k)
    if not ready:
        _end_turn(w, ev)
        return
    _reveal(w, ready, ev)
    if len(ready) > 1 and _order_matters(w, ready):
        # "Si 2 cartes Personnage doivent être activées, c'est le joueur actif qui décide quel
        # personnage sera activé en premier."
        w.pending = tuple(k + 1 for k in ready)
        w.phase = _ORDER
        ev.append(OrderAsked(w.active, w.pending))
        return
    _activate_all(w, ready, ev, chosen=False)


def _reveal(w: _Work, ready: Sequence[int], ev: list[Event]) -> None:
    """Hidden variant: "Les cartes posées face cachée sont révélées lors de l'activation de la
    carte Personnage (... après la phase de pose)". All of this turn's activating characters
    are turned up when the placing is over, so the active player orders them knowingly."""
    for k in ready:
        cards = w.under[k]
        if any(map(_HIDDEN_OF, cards)):
            for p in cards:
                if p.hidden:
                    ev.append(CardRevealed(p.seat, k + 1, _name(w, k), CARD_VALUE[p.card]))
            w.under[k] = tuple(_shared(Placed, p.card, p.seat, False) for p in cards)


def _order_matters(w: _Work, ready: Sequence[int]) -> bool:
    """True when activating the characters in another order can end elsewhere."""
    if _commute(w, ready):
        return False
    outcomes: set[tuple[object, ...]] = set()
    for first in ready:
        t = _Work(w)
        t.quiet = True
        for k in [first, *(k for k in ready if k != first)]:
            _activate(t, k, [], chosen=False)
            if t.phase is _OVER:
                break
        outcomes.add(t.board())
    return len(outcomes) > 1


def _commute(w: _Work, ready: Sequence[int]) -> bool:
    """A quick sufficient test that the order cannot matter: different figures, no Melody (a
    gap's company would depend on the order), no counter that could reach the roof (the ring
    would change under the other move), and no counter the piper could hold at 0 (a rat
    crossing first would then count)."""
    figures = [CHAR_FIGURE[w.display[k]] for k in ready]
    if len(set(figures)) < len(figures):
        return False
    up = down = 0
    for k, figure in zip(ready, figures, strict=True):
        for p in w.under[k]:
            if p.card is _MELODY:
                return False
            reach = MOVES[p.card].houses if p.card in MOVES else 1
            if figure == PIPER:
                down += reach
            else:
                up += reach
    if max(w.levels) + up >= ROOF:
        return False
    if down:
        owners = w.config.owners
        if min(w.levels[h] for h in w.ring if owners[h] >= 0) < down:
            return False
    return True


def _choose(w: _Work, a: ChooseFirst, ev: list[Event]) -> None:
    order = [a.slot - 1, *(p - 1 for p in w.pending if p != a.slot)]
    w.phase = _PLAY
    w.pending = ()
    _activate_all(w, order, ev, chosen=True)


def _activate_all(w: _Work, order: Sequence[int], ev: list[Event], chosen: bool) -> None:
    for n, k in enumerate(order):
        _activate(w, k, ev, chosen=chosen and n == 0)
        if w.phase is _OVER:
            return
    # "Une fois les cartes Action résolues, ces dernières sont défaussées ... La ou les cartes
    # Personnage activées ... sont également défaussées ... puis remplacées" (5.6 #5: after
    # both activations, the discarded cards joining a reshuffle).
    _replace_characters(w, sorted(order), ev)
    _end_turn(w, ev)


def _activate(w: _Work, k: int, ev: list[Event], chosen: bool) -> None:
    """One character with two cards: resolve them "en respectant l'ordre de pose"."""
    cards = w.under[k]
    figure = CHAR_FIGURE[w.display[k]]
    types = list(map(_CARD_OF, cards))
    basics: list[Card] = []
    specials: list[Card] = []
    for c in types:
        (specials if c in SPECIALS else basics).append(c)
    if len(basics) >= 2:
        effect = "two_moves"
    elif basics:
        effect = "move"
    else:
        # "Une carte Personnage peut recevoir 2 cartes Action spéciales ... rien ne se passe".
        effect = "nothing"
    if not w.quiet:
        ev.append(
            CharacterActivated(
                w.active,
                k + 1,
                FIGURES[figure],
                tuple(map(CARD_VALUE.__getitem__, types)),
                tuple(map(_SEAT_OF, cards)),
                effect,
                chosen,
            )
        )
    w.under[k] = ()
    for c in types:
        w.discard[CARD_INDEX[c]] += 1
    if effect == "two_moves":
        for card in basics:
            _move(w, k + 1, figure, card, False, False, ev)
            if w.phase is _OVER:
                # "On ne résout pas la seconde action."
                break
    elif effect == "move":
        special = specials[0] if specials else None
        _move(w, k + 1, figure, basics[0], special is _PLUS1, special is _MELODY, ev)


def _resolve_now(w: _Work, k: int, ev: list[Event]) -> None:
    """P'tits rats: "chaque joueur applique immédiatement les effets de la carte qu'il pose";
    "une carte Personnage est toujours défaussée après que sa seconde carte Action ait été
    activée" (then replaced at once, so the display always shows four)."""
    placed = w.under[k][-1]
    _move(w, k + 1, CHAR_FIGURE[w.display[k]], placed.card, False, False, ev)
    if w.phase is _OVER:
        return
    if len(w.under[k]) >= PER_CHARACTER:
        for p in w.under[k]:
            w.discard[CARD_INDEX[p.card]] += 1
        w.under[k] = ()
        _replace_characters(w, [k], ev)
    if w.left == 0 or w.active in w.out:
        _end_turn(w, ev)


def _replace_characters(w: _Work, places: Sequence[int], ev: list[Event]) -> None:
    display = list(w.display)
    pile = list(w.char_deck)
    discard = list(w.char_discard)
    discard.extend([display[k] for k in places])
    discard.sort()
    rng = w.rng
    for k in places:
        if not pile:
            # "Si la pioche des cartes Personnage est vide, on reconstitue celle-ci en
            # mélangeant les cartes Personnage défaussées précédemment."
            pile.extend(discard)
            discard.clear()
            ev.append(CharacterDeckReshuffled(len(pile)))
        i, rng = rng.below(len(pile))
        old = display[k]
        display[k] = new = pile.pop(i)
        ev.append(
            _shared(CharacterReplaced, k + 1, FIGURES[CHAR_FIGURE[old]], FIGURES[CHAR_FIGURE[new]])
        )
    w.rng = rng
    w.display, w.char_deck, w.char_discard = tuple(display), tuple(pile), tuple(discard)


def preview_activation(s: State, slot: int, card: Card, seat: int) -> State:
    """What the character in `slot` (1-4) would do if `seat` put `card` under it and it
    activated now: the board after its move (no events, no refill, no draw). For AIs that
    weigh what the next player may complete; the rules never call it."""
    w = _Work(s)
    w.quiet = True
    k = slot - 1
    w.under[k] = (*w.under[k], Placed(card, seat))
    _activate(w, k, [], chosen=False)
    return w.frozen()


# ---------------------------------------------------------------- moves


def _move(
    w: _Work, slot: int, figure: int, card: Card, plus: bool, melody: bool, ev: list[Event]
) -> None:
    """Move a figure (with Melody: its whole gap) house by house; an elimination on the way
    changes the ring and the move goes on over it (5.6 #8) unless the game has ended."""
    m = MOVES[card]
    steps = m.houses + (1 if plus else 0)  # 5.6 #6
    forward = m.direction > 0
    ring = w.ring
    gaps = w.gaps
    i = 0
    while figure not in gaps[i]:
        i += 1
    # 5.6 #7: the figures in the gap when the move starts go along; nobody joins on the way.
    group = tuple(gaps[i]) if melody else (figure,)
    piper = PIPER in group
    # Règle n°2 and 5.6 #7: one net change per house crossed (rats +1 each, the piper -1).
    sewer = m.sewer
    net = 0 if sewer else len(group) - 2 * piper
    quiet = w.quiet
    start = (0, 0) if quiet else (ring[i], ring[(i + 1) % len(ring)])
    levels = w.levels
    owners = w.config.owners
    crossings: list[Crossing] = []
    later: list[Event] = []
    interrupted = False
    for step in range(steps):
        n = len(ring)
        if forward:
            pos = j = (i + 1) % n
        else:
            pos, j = i, (i - 1) % n
        if melody:
            gaps[i] = [f for f in gaps[i] if f not in group]
            gaps[j] = sorted(gaps[j] + list(group))
        else:
            gaps[i].remove(figure)
            insort(gaps[j], figure)
        i = j
        house = ring[pos]
        owner = owners[house]
        if owner < 0:
            # "Les maisons neutres ... sont considérées comme les autres maisons lors des
            # déplacements" but have no counter.
            if not quiet:
                crossings.append(_shared(Crossing, house, None, 0, None, sewer, False))
            continue
        before = levels[house]
        after = before + net
        if after > ROOF:
            after = ROOF
        elif after < FLOOR:
            after = FLOOR
        levels[house] = after
        roof = after >= ROOF
        if not quiet:
            crossings.append(_shared(Crossing, house, owner, after - before, after, sewer, roof))
        if not roof:
            continue
        # "Dès que le compteur Rat d'un joueur atteint le toit de sa maison au cours de la
        # résolution d'une carte Action, ce dernier s'enfuit et est éliminé"; "s'il y avait
        # des figurines de part et d'autre de la maison retirée, ces dernières sont
        # rassemblées".
        gaps[(pos - 1) % n] = sorted(gaps[(pos - 1) % n] + gaps[pos])
        del gaps[pos]
        ring = w.ring = ring[:pos] + ring[pos + 1 :]
        i = (pos - 1) % n
        if i > pos:
            i -= 1
        _eliminate(w, owner, house, (ring[i], ring[(i + 1) % len(ring)]), later)
        if w.phase is _OVER:
            interrupted = step < steps - 1
            break
    if quiet:
        return
    end = (ring[i], ring[(i + 1) % len(ring)])
    crossed = tuple(crossings)
    ev.append(
        FiguresMoved(
            w.active,
            slot,
            FIGURES[figure],
            _names(group),
            CARD_VALUE[card],
            plus,
            melody,
            "forward" if m.direction > 0 else "back",
            m.sewer,
            steps,
            start,
            end,
            crossed,
            interrupted,
        )
    )
    moved = Moved(group, m.direction, crossed, end[0])
    if later:
        ev.extend(later)
        eliminated = tuple(e.seat for e in later if isinstance(e, PlayerEliminated))
    else:
        eliminated = ()
    recent = w.recent
    if recent is None or recent.turn != w.turn:
        w.recent = Recent(w.active, w.turn, (moved,), eliminated)
    else:
        w.recent = Recent(
            recent.seat, recent.turn, (*recent.moves, moved), (*recent.eliminated, *eliminated)
        )
    if w.phase is _OVER:
        ev.append(_ended_event(w.frozen()))


@lru_cache(maxsize=512)
def _names(group: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(FIGURES[f] for f in group)


def _eliminate(w: _Work, seat: int, house: int, merged: tuple[int, int], ev: list[Event]) -> None:
    """A player fled: out of the game; the active player takes the counter and every counter
    it held (not when eliminating himself, 5.6 #10, nor at two players, where the game ends);
    the hand goes face up to the discard pile."""
    w.out = (*w.out, seat)
    by: int | None = None
    taken: tuple[int, ...] = ()
    if w.config.players > 2 and seat != w.active:
        # "le joueur dont c'est le tour récupère le compteur Rat du joueur éliminé (et
        # éventuellement les autres compteurs que ce dernier possédait ...)".
        by = w.active
        collected = list(w.collected)
        taken = (seat, *collected[seat])
        collected[by] = (*collected[by], *taken)
        collected[seat] = ()
        w.collected = tuple(collected)
    left = w.config.players - len(w.out)
    ev.append(PlayerEliminated(seat, house, by, taken, merged, left))
    hand = w.hands[seat]
    if hand:
        ev.append(HandDiscarded(seat, tuple(map(CARD_VALUE.__getitem__, hand))))
        for c in hand:
            w.discard[CARD_INDEX[c]] += 1
        w.hands[seat] = ()
    if w.config.players == 2:
        # "Fin de la partie à 2 joueurs: La partie s'achève dès que le compteur Rat d'un joueur
        # atteint le toit de sa maison. Son adversaire remporte immédiatement la partie."
        w.phase, w.reason = _OVER, "roof"
    elif left <= 2:
        # "La partie prend fin dès qu'il n'y a plus que 2 joueurs en jeu" (5.6 #9: at once,
        # even in the middle of a card).
        w.phase, w.reason = _OVER, "two_left"


def _end_turn(w: _Work, ev: list[Event]) -> None:
    """Tour 4: the active player draws back to 4 cards (reshuffling the discard pile when the
    pile runs out); then the next player still in the game plays."""
    seat = w.active
    if seat not in w.out:
        need = HAND - len(w.hands[seat])
        drawn: list[Card] = []
        while need > 0:
            if not sum(w.deck):
                # "Si la pioche des cartes Action est vide, on reconstitue celle-ci en
                # mélangeant les cartes Action défaussées précédemment" (5.6 #5: this turn's
                # discards included).
                w.deck, w.discard = w.discard, [0] * len(CARDS)
                ev.append(ActionDeckReshuffled(sum(w.deck)))
                if not sum(w.deck):
                    # Every card is in a hand or under a character: the loop would never end.
                    raise InvariantError("piper: no action card left to draw, even reshuffled")
            take = min(need, sum(w.deck))
            cards, w.rng = draw_cards(w.deck, take, w.rng)
            drawn += cards
            need -= take
        if drawn:
            w.hands[seat] = _sorted_hand((*w.hands[seat], *drawn))
            ev.append(_shared(HandRefilled, seat, len(drawn)))
            ev.append(_shared(CardsDrawn, seat, tuple(map(CARD_VALUE.__getitem__, drawn))))
    key = (w.config.players, w.out, seat)
    active = _NEXT_SEATS.get(key)
    if active is None:
        active = _NEXT_SEATS[key] = next_seat(*key)
    w.active = active
    w.turn += 1
    w.phase = _PLAY
    w.left, w.placed, w.hidden, w.pending = PER_TURN, (), False, ()
    ev.append(_shared(TurnBegan, w.active, w.turn, PER_TURN))


_NEXT_SEATS: dict[tuple[int, tuple[int, ...], int], int] = {}  # by players, out, seat


def next_seat(players: int, out: Sequence[int], seat: int) -> int:
    """The next player in turn order who is still in the game."""
    for k in range(1, players + 1):
        p = (seat + k) % players
        if p not in out:
            return p
    raise InvariantError("piper: nobody left to play (the game ends with two players left)")


# ---------------------------------------------------------------- the end


def is_over(s: State) -> bool:
    """True once the game has ended."""
    return s.phase is _OVER


def _ended_event(s: State) -> GameEnded:
    res = result(s)
    order = tuple(row["seat"] for row in res["ranking"])
    return GameEnded(
        s.reason,
        res["winner"],
        bool(res["draw"]),
        order,
        tuple(row["score"] for row in res["ranking"]),
    )


def result(s: State) -> dict[str, Any]:
    """The (final, or current) ranking. "Le vainqueur parmi les 2 joueurs restants est celui
    dont le compteur Rat est au niveau le plus bas. En cas d'égalité, le joueur possédant le
    plus de compteurs Rat adverses ... En cas de nouvelle égalité, refaites une partie !" (a
    draw: both rank first). Below them, the eliminated players in reverse order of elimination
    (5.6 #13). The score is the rat counter (lower is better)."""
    alive = [p for p in range(s.players) if p not in s.out]
    held = [len(c) for c in s.collected]

    def key(p: int) -> tuple[int, int]:
        return (level_of(s, p), -held[p])

    alive.sort(key=lambda p: (*key(p), p))
    rows: list[dict[str, Any]] = []
    for p in alive:
        rank = 1 + sum(1 for q in alive if key(q) < key(p))
        rows.append(_row(s, p, rank, held))
    for n, p in enumerate(reversed(s.out)):
        rows.append(_row(s, p, len(alive) + n + 1, held))
    over = is_over(s)
    best = [r for r in rows if r["rank"] == 1]
    return {
        "over": over,
        "reason": s.reason or None,
        "winner": best[0]["seat"] if over and len(best) == 1 else None,
        "draw": over and len(best) > 1,
        "ranking": rows,
    }


def _row(s: State, seat: int, rank: int, held: list[int]) -> dict[str, Any]:
    level = level_of(s, seat)
    return {
        "seat": seat,
        "rank": rank,
        "score": level,
        "breakdown": {
            "level": level,
            "counters_collected": held[seat],
            "eliminated": s.out.index(seat) + 1 if seat in s.out else None,
        },
    }
