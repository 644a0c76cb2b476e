"""Component data of Rattus and Africanus, loaded from the JSON files in data/ (with provenance)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from engine.core.errors import InvariantError


class Region(StrEnum):
    """Every region of the Europe board and the North Africa board."""

    ANGLIA = "anglia"
    GALLIA = "gallia"
    HISPANIA = "hispania"
    GERMANIA = "germania"
    ITALIA = "italia"
    SCANDIA = "scandia"
    POLONIA = "polonia"
    HUNGARIA = "hungaria"
    BULGARIA = "bulgaria"
    TURCIA = "turcia"
    RUSSIA = "russia"
    TARTARIA = "tartaria"
    NA1 = "na1"
    NA2 = "na2"
    NA3 = "na3"
    NA4 = "na4"
    NA5 = "na5"


REGIONS: tuple[Region, ...] = tuple(Region)
REGION_INDEX: dict[Region, int] = {r: i for i, r in enumerate(REGIONS)}


class ClassCard(StrEnum):
    """The class cards: six of the base game and the four Orient cards of Africanus."""

    PEASANT = "peasant"
    MERCHANT = "merchant"
    MONK = "monk"
    KNIGHT = "knight"
    WITCH = "witch"
    KING = "king"
    ASTRONOMER = "astronomer"
    EXPLORER = "explorer"
    SULTAN = "sultan"
    CARAVANEER = "caravaneer"


BASE_CARDS: tuple[ClassCard, ...] = (
    ClassCard.PEASANT,
    ClassCard.MERCHANT,
    ClassCard.MONK,
    ClassCard.KNIGHT,
    ClassCard.WITCH,
    ClassCard.KING,
)
ORIENT_CARDS: tuple[ClassCard, ...] = (
    ClassCard.ASTRONOMER,
    ClassCard.EXPLORER,
    ClassCard.SULTAN,
    ClassCard.CARAVANEER,
)

# Token symbols: one letter per class, plus M (majority) and A (all).
CLASS_SYMBOLS = "PBCKWRO"


@dataclass(frozen=True, slots=True)
class TokenFace:
    """The front of a rat token: its limit and symbols."""

    id: str
    limit: int
    symbols: tuple[str, ...]
    starting: bool

    @property
    def majority(self) -> int:
        """How many M symbols the token shows."""
        return self.symbols.count("M")

    @property
    def all(self) -> int:
        """How many A symbols the token shows."""
        return self.symbols.count("A")

    @property
    def classes(self) -> tuple[str, ...]:
        """The class symbols of the token."""
        return tuple(s for s in self.symbols if s in CLASS_SYMBOLS)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready face, as shown to whoever may see it."""
        return {"id": self.id, "limit": self.limit, "symbols": list(self.symbols)}


@dataclass(frozen=True, slots=True)
class RegionCardFace:
    """An Africanus region card: a region and two class symbols, or the '?' wildcard."""

    id: str
    region: Region
    symbols: tuple[str, ...]
    wild: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready face."""
        return {
            "id": self.id,
            "region": self.region.value,
            "symbols": list(self.symbols),
            "wild": self.wild,
        }


@cache
def raw(name: str) -> dict[str, Any]:
    """The parsed JSON data file `name` ("base" or "africanus")."""
    text = resources.files("engine.rattus").joinpath("data", f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def region_names() -> dict[Region, str]:
    """Display name of every region."""
    names = {Region(r["id"]): str(r["name"]) for r in raw("base")["regions"]}
    names.update({Region(r["id"]): str(r["name"]) for r in raw("africanus")["regions"]})
    if set(names) != set(Region):
        raise InvariantError("rattus data: the regions and the Region enum disagree")
    return names


@cache
def card_info() -> dict[ClassCard, dict[str, str]]:
    """Name, class and symbol of every class card."""
    cards = raw("base")["class_cards"] + raw("africanus")["class_cards"]
    info = {ClassCard(c["id"]): {k: str(c[k]) for k in ("name", "class", "symbol")} for c in cards}
    if set(info) != set(ClassCard):
        raise InvariantError("rattus data: the class cards and the ClassCard enum disagree")
    return info


def card_symbol(card: ClassCard) -> str:
    """The symbol a rat token shows for this card's class."""
    return card_info()[card]["symbol"]


@cache
def token_faces(expansion: str) -> tuple[TokenFace, ...]:
    """The rat tokens of a game: the base set, or Africanus' own set which replaces it."""
    source = "africanus" if expansion == "africanus" else "base"
    return tuple(
        TokenFace(t["id"], int(t["limit"]), tuple(t["symbols"]), bool(t["starting"]))
        for t in raw(source)["tokens"]
    )


@cache
def region_cards() -> tuple[RegionCardFace, ...]:
    """The 51 Africanus region cards."""
    return tuple(
        RegionCardFace(c["id"], Region(c["region"]), tuple(c["symbols"]), bool(c["wild"]))
        for c in raw("africanus")["region_cards"]
    )
