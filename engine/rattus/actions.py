"""Actions of Rattus: one frozen dataclass per kind, with a text form that round-trips."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields
from functools import cache
from typing import ClassVar

from engine.core.evolve import quick_init_all
from engine.rattus.data import (
    REGION_INDEX,
    ClassCard,
    Region,
    card_info,
    region_cards,
    region_names,
)
from engine.rattus.errors import MalformedAction
from engine.rattus.state import Standing

_CARD_ORDER = {c: i for i, c in enumerate(ClassCard)}
# Region cards are named by their printed id ("gallia-2"); actions sort them in data order.
REGION_CARD_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(region_cards())}
_STANDING_ORDER = {s: i for i, s in enumerate(Standing)}


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every Rattus action."""

    verb: ClassVar[str] = ""
    order: ClassVar[int] = 0

    def sort_key(self) -> tuple[object, ...]:
        """The order of legal_actions: by kind, then field by field in board and card order."""
        key: list[object] = [self.order]
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Region):
                key.append(REGION_INDEX[value])
            elif isinstance(value, ClassCard):
                key.append(_CARD_ORDER[value])
            elif isinstance(value, tuple):
                key.append(tuple(REGION_INDEX[r] for r in value))
            elif value is None:
                key.append(-1)
            elif isinstance(value, Standing):
                key.append(_STANDING_ORDER[value])
            elif isinstance(value, str):
                key.append(REGION_CARD_INDEX.get(value, -1))
            else:
                key.append(value)
        return tuple(key)


@dataclass(frozen=True, slots=True)
class PlaceOpening(Action):
    """Set-up: place two cubes (in one region; Africanus allows two regions)."""

    region: Region
    second: Region | None = None
    verb: ClassVar[str] = "open"
    order: ClassVar[int] = 0

    def __post_init__(self) -> None:
        # One canonical form: "open a a" is "open a", and two regions come in board order.
        first, second = self.region, self.second
        if isinstance(second, Region) and isinstance(first, Region):
            if second == first:
                object.__setattr__(self, "second", None)
            elif REGION_INDEX[second] < REGION_INDEX[first]:
                object.__setattr__(self, "region", second)
                object.__setattr__(self, "second", first)

    def __str__(self) -> str:
        if self.second is None or self.second == self.region:
            return f"open {self.region}"
        return f"open {self.region} {self.second}"


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Phase A: take a class card from the display or from another player."""

    card: ClassCard
    verb: ClassVar[str] = "take"
    order: ClassVar[int] = 10

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class PlaceCubes(Action):
    """Phase B: place as many cubes as rat tokens in one region (+1 with the Peasant)."""

    region: Region
    count: int
    verb: ClassVar[str] = "place"
    order: ClassVar[int] = 20

    def __str__(self) -> str:
        return f"place {self.region} {self.count}"


@dataclass(frozen=True, slots=True)
class KingMove(Action):
    """King: move one of your cubes from a region without rats to the palace."""

    region: Region
    verb: ClassVar[str] = "king"
    order: ClassVar[int] = 30

    def __str__(self) -> str:
        return f"king {self.region}"


@dataclass(frozen=True, slots=True)
class MonkMove(Action):
    """Monk: move one rat token (by its position in the region, from 0) to a neighbour."""

    source: Region
    position: int
    target: Region
    verb: ClassVar[str] = "monk"
    order: ClassVar[int] = 40

    def __str__(self) -> str:
        return f"monk {self.source} {self.position + 1} {self.target}"


@dataclass(frozen=True, slots=True)
class MerchantMove(Action):
    """Merchant: move up to 3 of your cubes from one region to one neighbour.

    Africanus: `diplomat` says whether the cube carrying your diplomat is among them; it must
    be when all your cubes of the region move.
    """

    source: Region
    target: Region
    count: int
    diplomat: bool = False
    verb: ClassVar[str] = "merchant"
    order: ClassVar[int] = 50

    def __str__(self) -> str:
        text = f"merchant {self.source} {self.target} {self.count}"
        return text + " diplomat" if self.diplomat else text


@dataclass(frozen=True, slots=True)
class WitchPeek(Action):
    """Witch: look at one rat token (by its position in the region, from 0)."""

    region: Region
    position: int
    verb: ClassVar[str] = "peek"
    order: ClassVar[int] = 60

    def __str__(self) -> str:
        return f"peek {self.region} {self.position + 1}"


@dataclass(frozen=True, slots=True)
class WitchSwap(Action):
    """Witch: end the spell, swapping the two tokens looked at or not."""

    swap: bool
    verb: ClassVar[str] = "swap"
    order: ClassVar[int] = 70

    def __str__(self) -> str:
        return "swap" if self.swap else "keep"


@dataclass(frozen=True, slots=True)
class UseAstronomer(Action):
    """Astronomer (Africanus): draw 3 region cards, then keep one of them."""

    verb: ClassVar[str] = "astronomer"
    order: ClassVar[int] = 72

    def __str__(self) -> str:
        return "astronomer"


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    """Astronomer: keep the card drawn at this position (from 0); the others are discarded.

    The text names the position, not the card, so the log shows nobody the faces.
    """

    position: int
    verb: ClassVar[str] = "choose"
    order: ClassVar[int] = 73

    def __str__(self) -> str:
        return f"choose {self.position + 1}"


@dataclass(frozen=True, slots=True)
class UseExplorer(Action):
    """Explorer (Africanus): draw and reveal 3 region cards."""

    verb: ClassVar[str] = "explorer"
    order: ClassVar[int] = 74

    def __str__(self) -> str:
        return "explorer"


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Explorer: place one of your cubes in one of the revealed regions (None: no cube)."""

    region: Region | None
    verb: ClassVar[str] = "explore"
    order: ClassVar[int] = 75

    def __str__(self) -> str:
        return f"explore {self.region or 'none'}"


@dataclass(frozen=True, slots=True)
class PlaceDiplomat(Action):
    """Sultan (Africanus): put a diplomat under one of your cubes in a region."""

    region: Region
    verb: ClassVar[str] = "sultan"
    order: ClassVar[int] = 76

    def __str__(self) -> str:
        return f"sultan {self.region}"


@dataclass(frozen=True, slots=True)
class MoveCaravan(Action):
    """Caravaneer (Africanus): move the caravan exactly two regions, through `middle`."""

    middle: Region
    target: Region
    verb: ClassVar[str] = "caravan"
    order: ClassVar[int] = 78

    def __str__(self) -> str:
        return f"caravan {self.middle} {self.target}"

    @staticmethod
    def from_words(args: list[str]) -> Action:
        """One region places the caravan at set-up; two move it."""
        if len(args) == 1:
            return PlaceCaravan(parse_region(args[0]))
        _expect(args, 2)
        return MoveCaravan(parse_region(args[0]), parse_region(args[1]))


@dataclass(frozen=True, slots=True)
class PlaceCaravan(Action):
    """Set-up (Africanus, with the Caravaneer): the last player places the caravan."""

    region: Region
    verb: ClassVar[str] = "caravan"
    order: ClassVar[int] = 5

    def __str__(self) -> str:
        return f"caravan {self.region}"


@dataclass(frozen=True, slots=True)
class MovePlague(Action):
    """Phase C: move the plague piece (the Knight: further, and optionally as 2 cubes)."""

    region: Region
    neutral: bool = False
    verb: ClassVar[str] = "plague"
    order: ClassVar[int] = 90

    def __str__(self) -> str:
        return f"plague {self.region}" + (" +2" if self.neutral else "")


@dataclass(frozen=True, slots=True)
class PlaceRats(Action):
    """The spread: place the new rat tokens in neighbours of the plague region."""

    regions: tuple[Region, ...]
    verb: ClassVar[str] = "rats"
    order: ClassVar[int] = 100

    def __post_init__(self) -> None:
        # The rats are identical face down: only the multiset of regions matters.
        regions = self.regions
        if isinstance(regions, tuple) and all(isinstance(r, Region) for r in regions):
            ordered = tuple(sorted(regions, key=lambda r: REGION_INDEX[r]))
            object.__setattr__(self, "regions", ordered)

    def __str__(self) -> str:
        return "rats " + " ".join(r.value for r in self.regions)


@dataclass(frozen=True, slots=True)
class Protect(Action):
    """Ravage (Africanus): play a region card from your hand onto one of your class cards.

    The class card does not count as yours for the rest of this region's ravage.
    """

    card: str  # the region card's printed id, e.g. "gallia-2"
    class_card: ClassCard
    verb: ClassVar[str] = "protect"
    order: ClassVar[int] = 110

    def __str__(self) -> str:
        return f"protect {self.card} {self.class_card}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Ravage (Africanus): play no (more) region card on this rat token."""

    verb: ClassVar[str] = "pass"
    order: ClassVar[int] = 120

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ChooseRavage(Action):
    """Final ravage (Africanus): the last player picks the next region to ravage."""

    region: Region
    verb: ClassVar[str] = "ravage"
    order: ClassVar[int] = 130

    def __str__(self) -> str:
        return f"ravage {self.region}"


@dataclass(frozen=True, slots=True)
class SetStanding(Action):
    """Africanus: your standing order for region cards; any time, even off-turn (private)."""

    standing: Standing
    verb: ClassVar[str] = "standing"
    order: ClassVar[int] = 300

    def __str__(self) -> str:
        return f"standing {self.standing}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Final round: end your last use of your class cards."""

    verb: ClassVar[str] = "done"
    order: ClassVar[int] = 200

    def __str__(self) -> str:
        return "done"


BASE_ACTIONS: tuple[type[Action], ...] = (
    PlaceOpening,
    TakeCard,
    PlaceCubes,
    KingMove,
    MonkMove,
    MerchantMove,
    WitchPeek,
    WitchSwap,
    MovePlague,
    PlaceRats,
    EndTurn,
)

AFRICANUS_ACTIONS: tuple[type[Action], ...] = (
    UseAstronomer,
    KeepCard,
    UseExplorer,
    Explore,
    PlaceDiplomat,
    MoveCaravan,
    Protect,
    Decline,
    ChooseRavage,
    SetStanding,
)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


@cache
def _region_lookup() -> dict[str, Region]:
    table: dict[str, Region] = {}
    for region, name in region_names().items():
        table[_fold(region.value)] = region
        table[_fold(name)] = region
    return table


@cache
def _card_lookup() -> dict[str, ClassCard]:
    table: dict[str, ClassCard] = {}
    for card, info in card_info().items():
        table[_fold(card.value)] = card
        table[_fold(info["name"])] = card
    return table


def parse_region_card(word: str) -> str:
    """A region card's printed id ("gallia-2"), ignoring case."""
    card = _fold(word)
    if card not in REGION_CARD_INDEX:
        raise MalformedAction("unknown_region_card", region_card=word)
    return card


def parse_region(word: str) -> Region:
    """A region from its id or name, ignoring case and accents."""
    try:
        return _region_lookup()[_fold(word)]
    except KeyError:
        raise MalformedAction("unknown_region", region=word) from None


def parse_card(word: str) -> ClassCard:
    """A class card from its id or name, ignoring case and accents."""
    try:
        return _card_lookup()[_fold(word)]
    except KeyError:
        raise MalformedAction("unknown_card", card=word) from None


def parse_int(word: str, *, low: int, high: int, what: str) -> int:
    """A whole number in [low, high], or MalformedAction."""
    try:
        value = int(word)
    except ValueError:
        raise MalformedAction("bad_number", what=what, value=word) from None
    if not low <= value <= high:
        raise MalformedAction("bad_number", what=what, value=word)
    return value


_VERBS: dict[str, type[Action]] = {}


def register_verbs(kinds: tuple[type[Action], ...]) -> None:
    """Make the text verbs of these action kinds known to parse_action."""
    for kind in kinds:
        _VERBS[kind.verb] = kind
    _VERBS["keep"] = WitchSwap


register_verbs(BASE_ACTIONS)
register_verbs(AFRICANUS_ACTIONS)


def parse_action(text: str) -> Action:
    """Parse the text form of an action (`str(action)` gives it back)."""
    words = text.split()
    if not words:
        raise MalformedAction("malformed", text=text)
    verb, args = words[0].casefold(), words[1:]
    kind = _VERBS.get(verb)
    if kind is None:
        raise MalformedAction("malformed", text=text)
    try:
        return _build(kind, verb, args)
    except (IndexError, TypeError):
        raise MalformedAction("malformed", text=text) from None


def _expect(args: list[str], n: int) -> None:
    if len(args) != n:
        raise IndexError


def _build(kind: type[Action], verb: str, args: list[str]) -> Action:
    custom = getattr(kind, "from_words", None)
    if custom is not None:
        action: Action = custom(args)
        return action
    if kind is PlaceOpening:
        if len(args) not in (1, 2):
            raise IndexError
        second = parse_region(args[1]) if len(args) == 2 else None
        return PlaceOpening(parse_region(args[0]), second)
    if kind is TakeCard:
        _expect(args, 1)
        return TakeCard(parse_card(args[0]))
    if kind is PlaceCubes:
        _expect(args, 2)
        return PlaceCubes(parse_region(args[0]), parse_int(args[1], low=1, high=9, what="count"))
    if kind is KingMove:
        _expect(args, 1)
        return KingMove(parse_region(args[0]))
    if kind is MonkMove:
        _expect(args, 3)
        pos = parse_int(args[1], low=1, high=9, what="position") - 1
        return MonkMove(parse_region(args[0]), pos, parse_region(args[2]))
    if kind is MerchantMove:
        if len(args) == 4 and args[3].casefold() != "diplomat":
            raise IndexError
        if len(args) not in (3, 4):
            raise IndexError
        count = parse_int(args[2], low=1, high=3, what="count")
        return MerchantMove(parse_region(args[0]), parse_region(args[1]), count, len(args) == 4)
    if kind is WitchPeek:
        _expect(args, 2)
        pos = parse_int(args[1], low=1, high=9, what="position") - 1
        return WitchPeek(parse_region(args[0]), pos)
    if kind is WitchSwap:
        _expect(args, 0)
        return WitchSwap(verb == "swap")
    if kind is MovePlague:
        if len(args) == 2 and args[1] != "+2":
            raise IndexError
        if len(args) not in (1, 2):
            raise IndexError
        return MovePlague(parse_region(args[0]), len(args) == 2)
    if kind is PlaceRats:
        if not 1 <= len(args) <= 2:
            raise IndexError
        return PlaceRats(tuple(parse_region(a) for a in args))
    if kind is EndTurn:
        _expect(args, 0)
        return EndTurn()
    return _build_africanus(kind, args)


def _build_africanus(kind: type[Action], args: list[str]) -> Action:
    if kind in (UseAstronomer, UseExplorer, Decline):
        _expect(args, 0)
        return kind()
    if kind is KeepCard:
        _expect(args, 1)
        return KeepCard(parse_int(args[0], low=1, high=9, what="position") - 1)
    if kind is Explore:
        _expect(args, 1)
        return Explore(None if args[0].casefold() == "none" else parse_region(args[0]))
    if kind is PlaceDiplomat:
        _expect(args, 1)
        return PlaceDiplomat(parse_region(args[0]))
    if kind is Protect:
        _expect(args, 2)
        return Protect(parse_region_card(args[0]), parse_card(args[1]))
    if kind is ChooseRavage:
        _expect(args, 1)
        return ChooseRavage(parse_region(args[0]))
    if kind is SetStanding:
        _expect(args, 1)
        try:
            return SetStanding(Standing(args[0].casefold()))
        except ValueError:
            raise MalformedAction("bad_standing", value=args[0]) from None
    raise IndexError


# Each action class's (field, annotation) pairs: dataclasses.fields() costs more than the checks.
_SCHEMAS: dict[type, tuple[tuple[str, str], ...]] = {}
# Actions found well formed (by id; legal_actions hands out the same objects again and again).
_WELL_FORMED: dict[int, Action] = {}


def well_formed(action: object) -> bool:
    """True when `action` is an Action whose fields have the right types and ranges."""
    if _WELL_FORMED.get(id(action)) is action:
        return True
    if not isinstance(action, Action) or type(action) is Action:
        return False
    if _fields_ok(action):
        # Actions are frozen and a well-formed one holds only immutable values: the answer
        # stays true. Held here, so that no other object can take its id meanwhile.
        if len(_WELL_FORMED) >= 1 << 14:
            _WELL_FORMED.clear()
        _WELL_FORMED[id(action)] = action
        return True
    return False


def _fields_ok(action: Action) -> bool:
    schema = _SCHEMAS.get(type(action))
    if schema is None:
        schema = _SCHEMAS[type(action)] = tuple((f.name, str(f.type)) for f in fields(action))
    for name, kind in schema:
        value = getattr(action, name)
        if kind in ("Region",) and not isinstance(value, Region):
            return False
        if kind == "Region | None" and value is not None and not isinstance(value, Region):
            return False
        if kind == "ClassCard" and not isinstance(value, ClassCard):
            return False
        if kind == "int" and (type(value) is not int or value < 0):
            return False
        if kind == "bool" and type(value) is not bool:
            return False
        if kind == "str" and type(value) is not str:
            return False
        if kind == "Standing" and not isinstance(value, Standing):
            return False
        if kind == "tuple[Region, ...]" and (
            not isinstance(value, tuple) or not all(isinstance(r, Region) for r in value)
        ):
            return False
    return True


# Built on every action: the faster constructor (same signature, same instances).
quick_init_all(globals())
