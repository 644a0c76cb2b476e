"""Actions of Rattus: one frozen dataclass per kind, with a text form that round-trips."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields
from functools import cache
from typing import ClassVar

from engine.core.errors import MalformedAction
from engine.rattus.data import REGION_INDEX, ClassCard, Region, card_info, region_names

_CARD_ORDER = {c: i for i, c in enumerate(ClassCard)}


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
    order: ClassVar[int] = 1

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class PlaceCubes(Action):
    """Phase B: place as many cubes as rat tokens in one region (+1 with the Peasant)."""

    region: Region
    count: int
    verb: ClassVar[str] = "place"
    order: ClassVar[int] = 2

    def __str__(self) -> str:
        return f"place {self.region} {self.count}"


@dataclass(frozen=True, slots=True)
class KingMove(Action):
    """King: move one of your cubes from a region without rats to the palace."""

    region: Region
    verb: ClassVar[str] = "king"
    order: ClassVar[int] = 3

    def __str__(self) -> str:
        return f"king {self.region}"


@dataclass(frozen=True, slots=True)
class MonkMove(Action):
    """Monk: move one rat token (by its position in the region, from 0) to a neighbour."""

    source: Region
    position: int
    target: Region
    verb: ClassVar[str] = "monk"
    order: ClassVar[int] = 4

    def __str__(self) -> str:
        return f"monk {self.source} {self.position + 1} {self.target}"


@dataclass(frozen=True, slots=True)
class MerchantMove(Action):
    """Merchant: move up to 3 of your cubes from one region to one neighbour."""

    source: Region
    target: Region
    count: int
    verb: ClassVar[str] = "merchant"
    order: ClassVar[int] = 5

    def __str__(self) -> str:
        return f"merchant {self.source} {self.target} {self.count}"


@dataclass(frozen=True, slots=True)
class WitchPeek(Action):
    """Witch: look at one rat token (by its position in the region, from 0)."""

    region: Region
    position: int
    verb: ClassVar[str] = "peek"
    order: ClassVar[int] = 6

    def __str__(self) -> str:
        return f"peek {self.region} {self.position + 1}"


@dataclass(frozen=True, slots=True)
class WitchSwap(Action):
    """Witch: end the spell, swapping the two tokens looked at or not."""

    swap: bool
    verb: ClassVar[str] = "swap"
    order: ClassVar[int] = 7

    def __str__(self) -> str:
        return "swap" if self.swap else "keep"


@dataclass(frozen=True, slots=True)
class MovePlague(Action):
    """Phase C: move the plague piece (the Knight: further, and optionally as 2 cubes)."""

    region: Region
    neutral: bool = False
    verb: ClassVar[str] = "plague"
    order: ClassVar[int] = 9

    def __str__(self) -> str:
        return f"plague {self.region}" + (" +2" if self.neutral else "")


@dataclass(frozen=True, slots=True)
class PlaceRats(Action):
    """The spread: place the new rat tokens in neighbours of the plague region."""

    regions: tuple[Region, ...]
    verb: ClassVar[str] = "rats"
    order: ClassVar[int] = 10

    def __post_init__(self) -> None:
        # The rats are identical face down: only the multiset of regions matters.
        regions = self.regions
        if isinstance(regions, tuple) and all(isinstance(r, Region) for r in regions):
            ordered = tuple(sorted(regions, key=lambda r: REGION_INDEX[r]))
            object.__setattr__(self, "regions", ordered)

    def __str__(self) -> str:
        return "rats " + " ".join(r.value for r in self.regions)


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Final round: end your last use of your class cards."""

    verb: ClassVar[str] = "done"
    order: ClassVar[int] = 20

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
        _expect(args, 3)
        count = parse_int(args[2], low=1, high=3, what="count")
        return MerchantMove(parse_region(args[0]), parse_region(args[1]), count)
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
    raise IndexError


def well_formed(action: object) -> bool:
    """True when `action` is an Action whose fields have the right types and ranges."""
    if not isinstance(action, Action) or type(action) is Action:
        return False
    for f in fields(action):
        value = getattr(action, f.name)
        kind = f.type
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
        if kind == "tuple[Region, ...]" and (
            not isinstance(value, tuple) or not all(isinstance(r, Region) for r in value)
        ):
            return False
    return True
