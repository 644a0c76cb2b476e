"""Component data of Rattus Cartus, read from data/cartus.json (every value with its provenance).

Cards are small integers so that hands, piles and the nun row are cheap tuples:

- a Population card is `class * 5 + nuns` (0..29): its class (Peasantry .. Royalty) and the
  number of nun symbols it prints (0..4); its text id is the class's character and the nuns,
  e.g. ``monk3`` (a Church card with three nuns);
- the Joker and the special cards follow: 30 joker, 31 sword, 32 flute, 33 pass, 34 gold.

That numbering is also the documented *card order* (Peasantry first, fewest nuns first, then
Joker, Sword, Flute, Pass, Gold): hands are kept sorted in it, and a seat that lets a give
window run out gives the first cards in it.

A building card is `type * 5 + copy` (0..59); its text id is ``<type>-<copy + 1>``, e.g.
``monastery-3``. Its type fixes the class and the premium and standard actions; its copy fixes
the supply action printed on it (a [PROP] of COMPONENTS 4.3).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from engine.core.errors import InvariantError


class Klass(StrEnum):
    """The six classes of the population, in board order."""

    PEASANTRY = "peasantry"
    BOURGEOISIE = "bourgeoisie"
    CHURCH = "church"
    CHIVALRY = "chivalry"
    MAGIC = "magic"
    ROYALTY = "royalty"


class Special(StrEnum):
    """The Joker and the special cards, in card order."""

    JOKER = "joker"
    SWORD = "sword"
    FLUTE = "flute"
    PASS = "pass"
    GOLD = "gold"


class BuildingType(StrEnum):
    """The twelve building types, two per class, in class order."""

    FARM = "farm"
    BREWERY = "brewery"
    MARKETPLACE = "marketplace"
    OFFICE = "office"
    MONASTERY = "monastery"
    HOSPITAL = "hospital"
    CASTLE = "castle"
    GUARD_TOWER = "guard_tower"
    FORTUNE_TELLER = "fortune_teller"
    PIPER_HUT = "piper_hut"
    PALACE = "palace"
    TREASURY = "treasury"


CLASSES: tuple[Klass, ...] = tuple(Klass)
SPECIALS: tuple[Special, ...] = tuple(Special)
TYPES: tuple[BuildingType, ...] = tuple(BuildingType)
NUN_VALUES = 5  # 0..4 nuns per Population card
POPULATION_KINDS = len(CLASSES) * NUN_VALUES  # 30
JOKER = POPULATION_KINDS
SWORD = JOKER + 1
FLUTE = JOKER + 2
PASS = JOKER + 3
GOLD = JOKER + 4
CARD_KINDS = GOLD + 1
COPIES = 5
BUILDING_CARDS = len(TYPES) * COPIES  # 60
PLACEABLE = frozenset((*range(POPULATION_KINDS), JOKER, SWORD, FLUTE))


@cache
def raw() -> dict[str, Any]:
    """The data file as loaded."""
    text = resources.files("engine.cartus").joinpath("data", "cartus.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@dataclass(frozen=True, slots=True)
class Effect:
    """A building action: what it does and how much (per: Brewery's cards per influence)."""

    # draw, draw_per_influence, take, discard_rats, hospital, guard_tower, look, vp or none
    effect: str
    amount: int = 0
    card: int = -1  # take: the card kind taken
    per: int = 1  # draw_per_influence
    rats: int = 0  # hospital: rats discarded first
    cards: int = 0  # hospital: hand cards that may be discarded, one rat each


@dataclass(frozen=True, slots=True)
class BuildingInfo:
    """One building type: its class, names and its two actions."""

    type: BuildingType
    klass: int
    en: str
    fr: str
    premium: Effect
    standard: Effect


@dataclass(frozen=True, slots=True)
class SupplyAction:
    """The supply action printed on a building copy: draw, discard rats, look at a nun card."""

    draw: int
    rats: int
    look: int


@dataclass(frozen=True, slots=True)
class PlayerCounts:
    """What the player count fixes."""

    rounds: int
    drawn: int
    removed: int


def _effect(d: dict[str, Any]) -> Effect:
    card = SPECIALS.index(Special(d["card"])) + JOKER if "card" in d else -1
    return Effect(
        effect=d["effect"],
        amount=int(d.get("amount", 0)),
        card=card,
        per=int(d.get("per", 1)),
        rats=int(d.get("rats", 0)),
        cards=int(d.get("cards", 0)),
    )


@cache
def buildings() -> tuple[BuildingInfo, ...]:
    """The twelve building types, in BuildingType order."""
    rows = {b["id"]: b for b in raw()["buildings"]}
    out = []
    for t in TYPES:
        b = rows[t.value]
        out.append(
            BuildingInfo(
                type=t,
                klass=CLASSES.index(Klass(b["class"])),
                en=b["en"],
                fr=b["fr"],
                premium=_effect(b["premium"]),
                standard=_effect(b["standard"]),
            )
        )
    return tuple(out)


@cache
def supply_actions() -> tuple[SupplyAction, ...]:
    """The supply action of each of the 5 copies of every type."""
    copies = raw()["supply_actions"]["copies"]
    if len(copies) != COPIES:
        raise InvariantError(f"cartus data: {len(copies)} supply actions, not one per copy")
    return tuple(SupplyAction(int(c["draw"]), int(c["rats"]), int(c["look"])) for c in copies)


@cache
def player_counts(players: int) -> PlayerCounts:
    """Rounds, buildings drawn per round and buildings removed, for a player count."""
    d = raw()["players"][str(players)]
    counts = PlayerCounts(int(d["rounds"]), int(d["drawn"]), int(d["removed"]))
    used = len(CLASSES) * setup_value("buildings_per_class")
    # COMPONENTS 4.2: 30 - removed = rounds x drawn, so the deck runs out with the last round.
    if used - counts.removed != counts.rounds * counts.drawn:
        raise InvariantError(
            f"cartus data: the building deck does not last {players} players' rounds"
        )
    return counts


def setup_value(key: str) -> Any:
    """A set-up value (hand size, starting rats, nun row...)."""
    return raw()["setup"][key]["value"]


@cache
def nun_mix() -> tuple[int, ...]:
    """How many Population cards of one class print 0, 1, 2, 3 and 4 nuns."""
    mix = raw()["population"]["nuns_per_class"]["value"]
    counts = tuple(int(mix[str(n)]) for n in range(NUN_VALUES))
    if sum(counts) != raw()["population"]["per_class"]["value"]:
        raise InvariantError("cartus data: the nun mix does not add up to the cards of a class")
    return counts


@cache
def special_info() -> tuple[dict[str, Any], ...]:
    """The Joker and special cards' rows of the data file, in Special order."""
    rows = {s["id"]: s for s in raw()["specials"]}
    return tuple(rows[s.value] for s in SPECIALS)


@cache
def population_cards() -> tuple[int, ...]:
    """The 84 Population cards (kinds, sorted)."""
    mix = nun_mix()
    return tuple(
        c * NUN_VALUES + n for c in range(len(CLASSES)) for n in range(5) for _ in range(mix[n])
    )


def klass_of(card: int) -> int:
    """Class index of a Population card."""
    return card // NUN_VALUES


def nuns_of(card: int) -> int:
    """Nun symbols printed on a Population card (0 for any other card)."""
    return card % NUN_VALUES if card < POPULATION_KINDS else 0


def is_population(card: int) -> bool:
    """True for a Population card."""
    return card < POPULATION_KINDS


@cache
def card_ids() -> tuple[str, ...]:
    """Text id of every card kind, by kind: ``peasant0`` .. ``king4``, ``joker`` .. ``gold``."""
    chars = {Klass(c["id"]): c["character"] for c in raw()["classes"]}
    pop = [f"{chars[k]}{n}" for k in CLASSES for n in range(NUN_VALUES)]
    return (*pop, *(s.value for s in SPECIALS))


@cache
def card_index() -> dict[str, int]:
    """Card kind by text id."""
    return {c: i for i, c in enumerate(card_ids())}


def card_id(card: int) -> str:
    """Text id of a card kind."""
    return card_ids()[card]


def building_type(card: int) -> BuildingType:
    """Type of a building card."""
    return TYPES[card // COPIES]


def building_info(card: int) -> BuildingInfo:
    """Type information of a building card."""
    return buildings()[card // COPIES]


def building_supply(card: int) -> SupplyAction:
    """The supply action printed on a building card."""
    return supply_actions()[card % COPIES]


@cache
def building_ids() -> tuple[str, ...]:
    """Text id of every building card: ``farm-1`` .. ``treasury-5``."""
    return tuple(f"{t.value}-{c + 1}" for t in TYPES for c in range(COPIES))


@cache
def building_index() -> dict[str, int]:
    """Building card by text id."""
    return {b: i for i, b in enumerate(building_ids())}


def building_id(card: int) -> str:
    """Text id of a building card."""
    return building_ids()[card]


CLASS_IDS: tuple[str, ...] = tuple(k.value for k in CLASSES)


def card_dict(card: int) -> dict[str, Any]:
    """A card as the views show it: {card, kind, class, nuns} (a new dict each time)."""
    return dict(_card_dicts()[card])


@cache
def _card_dicts() -> tuple[dict[str, Any], ...]:
    return tuple(_make_card_dict(c) for c in range(CARD_KINDS))


def _make_card_dict(card: int) -> dict[str, Any]:
    if card < POPULATION_KINDS:
        return {
            "card": card_id(card),
            "kind": "population",
            "class": CLASSES[klass_of(card)].value,
            "nuns": nuns_of(card),
        }
    return {"card": card_id(card), "kind": SPECIALS[card - JOKER].value, "class": None, "nuns": 0}


def building_dict(card: int) -> dict[str, Any]:
    """A building card as the views show it: {id, type, class, supply} (a new dict)."""
    made = _building_dicts()[card]
    return {**made, "supply": dict(made["supply"])}


@cache
def _building_dicts() -> tuple[dict[str, Any], ...]:
    return tuple(_make_building_dict(b) for b in range(BUILDING_CARDS))


def _make_building_dict(card: int) -> dict[str, Any]:
    info = building_info(card)
    sup = building_supply(card)
    return {
        "id": building_id(card),
        "type": info.type.value,
        "class": CLASSES[info.klass].value,
        "supply": {"draw": sup.draw, "rats": sup.rats, "look": sup.look},
    }


def english_card(card: int) -> str:
    """A card's English name: "Monk (3 nuns)", "Sword"."""
    if card < POPULATION_KINDS:
        row = raw()["classes"][klass_of(card)]
        n = nuns_of(card)
        return f"{row['character_en']} ({n} nun{'' if n == 1 else 's'})"
    return str(special_info()[card - JOKER]["en"])
