"""Component data of the Pied Piper, read from data/components.json (with its provenance)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from engine.core.errors import InvariantError


class Card(StrEnum):
    """The six action card types (the hand is a multiset of these)."""

    FORWARD1 = "forward1"
    FORWARD2 = "forward2"
    BACK1 = "back1"
    SEWER = "sewer"
    PLUS1 = "plus1"
    MELODY = "melody"


CARDS: tuple[Card, ...] = tuple(Card)
CARD_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
SPECIALS: frozenset[Card] = frozenset((Card.PLUS1, Card.MELODY))


class Variant(StrEnum):
    """The game's variants ("" is the plain game); they cannot be combined."""

    PLAIN = ""
    PTITS_RATS = "ptits_rats"
    HIDDEN = "hidden"


@dataclass(frozen=True, slots=True)
class Move:
    """What a basic card does: how many houses, which way, over or under."""

    houses: int
    direction: int  # +1 forward (the green arrow), -1 back (the red arrow)
    sewer: bool


@cache
def raw() -> dict[str, Any]:
    """The parsed data file."""
    text = resources.files("engine.piper").joinpath("data", "components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def value(key: str) -> int:
    """An integer entry of the data file ({"value": n, ...})."""
    return int(raw()[key]["value"])


@cache
def figures() -> tuple[str, ...]:
    """Every figure id: the piper first (index 0), then the rat colours in data order."""
    ids = tuple(str(f["id"]) for f in raw()["figures"])
    if ids[0] != "piper" or any(f["kind"] != "rat" for f in raw()["figures"][1:]):
        raise InvariantError("piper data: the figures are not the piper, then the rats")
    return ids


PIPER = 0  # the piper's figure index


@cache
def figure_names() -> dict[str, str]:
    """English name of every figure ("yellow rat", "Pied Piper")."""
    return {str(f["id"]): str(f["en"]) for f in raw()["figures"]}


@cache
def card_names() -> dict[Card, str]:
    """English name of every action card type."""
    names = {Card(c["id"]): str(c["en"]) for c in raw()["action_cards"]}
    if set(names) != set(Card):
        raise InvariantError("piper data: the action cards and the Card enum disagree")
    return names


@cache
def moves() -> dict[Card, Move]:
    """The basic cards' moves."""
    return {
        Card(c["id"]): Move(int(c["houses"]), int(c["direction"]), bool(c["sewer"]))
        for c in raw()["action_cards"]
        if c["kind"] == "basic"
    }


@cache
def deck_counts(variant: Variant) -> tuple[int, ...]:
    """How many action cards of each type (Card order) a game of this variant uses."""
    removed = set(raw()["ptits_rats"]["removed"]) if variant is Variant.PTITS_RATS else set()
    counts = {Card(c["id"]): int(c["count"]) for c in raw()["action_cards"]}
    return tuple(0 if c.value in removed else counts[c] for c in CARDS)


@cache
def house_owners(players: int) -> tuple[int, ...]:
    """The owner seat of each house in ring order (-1 for a neutral house)."""
    owners = raw()["houses"][str(players)]["owners"]
    return tuple(-1 if o is None else int(o) for o in owners)


@cache
def character_figures() -> tuple[int, ...]:
    """The figure (index) of each of the 21 Character cards; a card's id is its index here."""
    info = raw()["character_cards"]
    cards = [PIPER] * int(info["piper"])
    for figure in range(1, len(figures())):
        cards += [figure] * int(info["per_rat_colour"])
    if len(cards) != int(info["total"]):
        raise InvariantError(f"piper data: {len(cards)} character cards, not {info['total']}")
    return tuple(cards)


@cache
def character_ids() -> tuple[str, ...]:
    """Printed-style id of each Character card: "piper-1", "yellow-3"..."""
    seen: dict[int, int] = {}
    out = []
    for figure in character_figures():
        seen[figure] = seen.get(figure, 0) + 1
        out.append(f"{figures()[figure]}-{seen[figure]}")
    return tuple(out)


def rats_in_play(players: int) -> int:
    """Rats on the ring: one per house, plus the extra one next to the piper."""
    return len(house_owners(players)) + 1


@cache
def characters_in_play(players: int) -> tuple[int, ...]:
    """The Character cards of a game (ids, sorted): the Piper cards and those of the rat
    colours in play; the others are removed."""
    rats = rats_in_play(players)
    return tuple(i for i, f in enumerate(character_figures()) if f <= rats)
