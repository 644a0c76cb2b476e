"""Actions of Rattus Cartus: one frozen dataclass per kind, with a text form that round-trips.

The text grammar (lower-case words; every number is 1-based: buildings of the row from the
left, nun cards of the Nun row from the left, seats in seat order; cards by their id, see
`engine.cartus.data`: ``peasant0`` .. ``king4``, ``joker``, ``sword``, ``flute``, ``pass``,
``gold``):

    supply <b>              phase B: take the supply action of building b
    supply <b> look <n>     ... whose action looks at a nun card: look at nun card n
    pass                    phase C: play a Pass card instead of entering now
    enter <b>               phase C: put your visit disc on building b
    play <card>             phase C: place one card face down in the building you entered
    withdraw <card>         phase C: take back a card you placed (before done)
    done                    phase C: finish placing cards; Hospital: discard no more cards
    target <seat>           Sword / Flute tie: the seat that gives its cards / gets the rat
    give <card>             a Sword or Guard Tower window: give one card of your hand
    take                    a building action that gives something: take it
    decline                 ... or decline it
    look <n>                Fortune-teller's tent (standard): look at nun card n
    look <n> <m>            Fortune-teller's tent (premium): look at two different nun cards
    discard <card>          Hospital: discard a card of your hand and one rat

Actions hold 0-based numbers (`building`, `seat`, `first`...) and card ids; `str(action)`
prints the text above and `parse_action(text)` reads it back (case-insensitive).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar

from engine.cartus.data import card_index
from engine.cartus.errors import MalformedAction
from engine.core.errors import InvariantError
from engine.core.evolve import quick_init_all

MAX_POSITION = 9  # numbers above this are never an action's building, nun card or seat


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every Cartus action."""

    verb: ClassVar[str] = ""
    order: ClassVar[int] = 0

    def sort_key(self) -> tuple[int, ...]:
        """The order of legal_actions: by kind, then field by field (cards in card order)."""
        key = [self.order]
        for name in _names(type(self)):
            value = getattr(self, name)
            key.append(card_index()[value] if isinstance(value, str) else value)
        return tuple(key)


@dataclass(frozen=True, slots=True)
class Supply(Action):
    """Phase B: take the supply action of building `building` (looking at nun card `look`)."""

    building: int
    look: int = -1
    verb: ClassVar[str] = "supply"
    order: ClassVar[int] = 0

    def __str__(self) -> str:
        text = f"supply {self.building + 1}"
        return text if self.look < 0 else f"{text} look {self.look + 1}"


@dataclass(frozen=True, slots=True)
class PlayPass(Action):
    """Phase C: play a Pass card; your visit comes after everyone else's."""

    verb: ClassVar[str] = "pass"
    order: ClassVar[int] = 10

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Enter(Action):
    """Phase C: put your visit disc on the leftmost free slot of a building."""

    building: int
    verb: ClassVar[str] = "enter"
    order: ClassVar[int] = 11

    def __str__(self) -> str:
        return f"enter {self.building + 1}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Phase C: place a card of your hand face down in the building you entered."""

    card: str
    verb: ClassVar[str] = "play"
    order: ClassVar[int] = 20

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Phase C: take back into your hand a card you placed, before you are done."""

    card: str
    verb: ClassVar[str] = "withdraw"
    order: ClassVar[int] = 21

    def __str__(self) -> str:
        return f"withdraw {self.card}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish placing cards (phase C) or discarding cards (Hospital)."""

    verb: ClassVar[str] = "done"
    order: ClassVar[int] = 90

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Sword or Flute: pick, among the seats tied for fewest, the one the card works on."""

    seat: int
    verb: ClassVar[str] = "target"
    order: ClassVar[int] = 30

    def __str__(self) -> str:
        return f"target {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """A give window (Sword, Guard Tower): hand over one card of your choice."""

    card: str
    verb: ClassVar[str] = "give"
    order: ClassVar[int] = 40

    def __str__(self) -> str:
        return f"give {self.card}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """A building action that gives something: take it."""

    verb: ClassVar[str] = "take"
    order: ClassVar[int] = 50

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """A building action that gives something: decline it (COMPONENTS 4.5 #10)."""

    verb: ClassVar[str] = "decline"
    order: ClassVar[int] = 51

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Look(Action):
    """Fortune-teller's tent: look at one nun card, or two different ones (premium)."""

    first: int
    second: int = -1
    verb: ClassVar[str] = "look"
    order: ClassVar[int] = 60

    def __post_init__(self) -> None:
        # One canonical form: two nun cards in row order ("look 4 2" is "look 2 4").
        first, second = self.first, self.second
        if isinstance(first, int) and isinstance(second, int) and 0 <= second < first:
            object.__setattr__(self, "first", second)
            object.__setattr__(self, "second", first)

    def __str__(self) -> str:
        if self.second < 0:
            return f"look {self.first + 1}"
        return f"look {self.first + 1} {self.second + 1}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Hospital: discard a card of your hand to discard one rat."""

    card: str
    verb: ClassVar[str] = "discard"
    order: ClassVar[int] = 70

    def __str__(self) -> str:
        return f"discard {self.card}"


_NAMES: dict[type[Action], tuple[str, ...]] = {}


def _names(kind: type[Action]) -> tuple[str, ...]:
    names = _NAMES.get(kind)
    if names is None:
        names = _NAMES[kind] = tuple(f.name for f in fields(kind))
    return names


KINDS: tuple[type[Action], ...] = (
    Supply,
    PlayPass,
    Enter,
    Place,
    Withdraw,
    Done,
    Target,
    Give,
    Take,
    Decline,
    Look,
    Discard,
)
_VERBS: dict[str, type[Action]] = {k.verb: k for k in KINDS}


def _number(word: str, what: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= MAX_POSITION:
        raise MalformedAction("bad_number", what=f"{what} number", value=word[:20])
    return int(word) - 1


def _card(word: str) -> str:
    if word not in card_index():
        raise MalformedAction("unknown_card_id", card=word[:20])
    return word


def parse_action(text: str) -> Action:
    """Parse the text form of an action (`str(action)` gives it back)."""
    words = text.casefold().split()
    if not words or words[0] not in _VERBS:
        raise MalformedAction("malformed", text=text[:40])
    kind, args = _VERBS[words[0]], words[1:]
    n = len(args)
    if kind is Supply and n == 1:
        return Supply(_number(args[0], "building"))
    if kind is Supply and n == 3 and args[1] == "look":
        return Supply(_number(args[0], "building"), _number(args[2], "nun card"))
    if kind in (Enter,) and n == 1:
        return Enter(_number(args[0], "building"))
    if kind is Target and n == 1:
        return Target(_number(args[0], "seat"))
    if kind is Look and n in (1, 2):
        first = _number(args[0], "nun card")
        return Look(first, _number(args[1], "nun card") if n == 2 else -1)
    if kind in (Place, Withdraw, Give, Discard) and n == 1:
        return _card_action(kind, _card(args[0]))
    if kind in (PlayPass, Done, Take, Decline) and n == 0:
        return _bare(kind)
    raise MalformedAction("malformed", text=text[:40])


@cache
def _bare(kind: type[Action]) -> Action:
    return kind()


@cache
def _card_action(kind: type[Action], card: str) -> Action:
    action: Action = kind(card)  # type: ignore[call-arg]
    return action


def well_formed(action: object) -> bool:
    """True when `action` is an Action whose fields have the right types and ranges."""
    check = _CHECKS.get(type(action))
    if check is None:
        return _well_formed(action)
    return check(action)


# The check of each action kind (it runs on every action): fields of exactly int or str are
# checked here, anything else by `_well_formed`, which gives the same answers for them.


def _no_field(action: Action) -> bool:
    return True


def _card_field(action: Place | Withdraw | Give | Discard) -> bool:
    card = action.card
    if type(card) is str:
        return card in card_index()
    return _well_formed(action)


def _one_int(value: object, action: Action) -> bool:
    if type(value) is int:
        return -1 <= value < MAX_POSITION
    return _well_formed(action)


def _two_ints(first: object, second: object, action: Action) -> bool:
    if type(first) is int and type(second) is int:
        return -1 <= first < MAX_POSITION and -1 <= second < MAX_POSITION
    return _well_formed(action)


_CHECKS: dict[type, Callable[[Any], bool]] = {
    Supply: lambda a: _two_ints(a.building, a.look, a),
    PlayPass: _no_field,
    Enter: lambda a: _one_int(a.building, a),
    Place: _card_field,
    Withdraw: _card_field,
    Done: _no_field,
    Target: lambda a: _one_int(a.seat, a),
    Give: _card_field,
    Take: _no_field,
    Decline: _no_field,
    Look: lambda a: _two_ints(a.first, a.second, a),
    Discard: _card_field,
}
if set(_CHECKS) != set(KINDS):
    raise InvariantError("cartus: an action kind without a field check, or a check without a kind")


def _well_formed(action: object) -> bool:
    if not isinstance(action, Action) or type(action) is Action:
        return False
    for name in _names(type(action)):
        value = getattr(action, name)
        if isinstance(value, bool):
            return False
        if isinstance(value, int):
            if not -1 <= value < MAX_POSITION:
                return False
        elif not isinstance(value, str) or value not in card_index():
            return False
    return True


# Built on every action: the faster constructor (same signature, same instances).
quick_init_all(globals())
