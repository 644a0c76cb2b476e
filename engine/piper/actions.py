"""Actions of the Pied Piper: one frozen dataclass per kind, with a text form that round-trips.

Text grammar (lower case; words separated by spaces; `str(action)` gives the canonical form,
`parse_action` also accepts upper case, accents and the aliases listed below):

    play <card> <slot>            place an action card of that type from your hand, face up,
                                  under the character in place <slot> (1-4, left to right)
    play <card> <slot> hidden     the same, face down (hidden-cards variant; one per turn)
    activate <slot>               two characters activate this turn and their order matters:
                                  the character in place <slot> is activated first

    <card> is one of forward1, forward2, back1, sewer, plus1, melody
    (aliases: f1, f2, b1, +1, egout/égout, melodie/mélodie).

Examples: `play forward2 3`, `play plus1 2 hidden`, `activate 4`. Actions name card *types*
(a hand is a multiset) and display places, never a card another player holds.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import ClassVar

from engine.core.evolve import quick_init_all
from engine.piper.components import CARD_INDEX, Card
from engine.piper.errors import MalformedAction

SLOTS = 4  # places in the character display (checked against the data at import, in rules)


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every Pied Piper action."""

    verb: ClassVar[str] = ""
    order: ClassVar[int] = 0

    def sort_key(self) -> tuple[int, ...]:
        """The order of legal_actions: by kind, then by field."""
        return (self.order,)


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Place an action card of type `card` under the character in place `slot` (1-4)."""

    card: Card
    slot: int
    hidden: bool = False
    verb: ClassVar[str] = "play"
    order: ClassVar[int] = 0

    def __str__(self) -> str:
        text = f"play {self.card.value} {self.slot}"
        return text + " hidden" if self.hidden else text

    def sort_key(self) -> tuple[int, ...]:
        """Card type, then place, then face up before face down."""
        return (self.order, CARD_INDEX[self.card], self.slot, int(self.hidden))


@dataclass(frozen=True, slots=True)
class ChooseFirst(Action):
    """Activate the character in place `slot` first (when two activate and order matters)."""

    slot: int
    verb: ClassVar[str] = "activate"
    order: ClassVar[int] = 1

    def __str__(self) -> str:
        return f"activate {self.slot}"

    def sort_key(self) -> tuple[int, ...]:
        """By place."""
        return (self.order, self.slot)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


_CARD_WORDS: dict[str, Card] = {c.value: c for c in Card}
_CARD_WORDS.update(
    {
        "f1": Card.FORWARD1,
        "f2": Card.FORWARD2,
        "b1": Card.BACK1,
        "+1": Card.PLUS1,
        "egout": Card.SEWER,
        "melodie": Card.MELODY,
    }
)


def parse_card(word: str) -> Card:
    """An action card type from its id or an alias, ignoring case and accents."""
    card = _CARD_WORDS.get(_fold(word))
    if card is None:
        raise MalformedAction("unknown_action_card", card=word[:40])
    return card


def parse_slot(word: str) -> int:
    """A display place, 1 to 4."""
    if not (word.isdigit() and len(word) == 1 and 1 <= int(word) <= SLOTS):
        raise MalformedAction("bad_slot", value=word[:40])
    return int(word)


def parse_action(text: str) -> Action:
    """Parse the text form of an action (`str(action)` gives it back)."""
    words = text.split()
    if not words:
        raise MalformedAction("malformed", text=text[:80])
    verb, args = _fold(words[0]), words[1:]
    if verb == "play" and len(args) in (2, 3):
        hidden = len(args) == 3
        if hidden and _fold(args[2]) != "hidden":
            raise MalformedAction("malformed", text=text[:80])
        return PlayCard(parse_card(args[0]), parse_slot(args[1]), hidden)
    if verb == "activate" and len(args) == 1:
        return ChooseFirst(parse_slot(args[0]))
    raise MalformedAction("malformed", text=text[:80])


def well_formed(action: object) -> bool:
    """True when `action` is a Pied Piper action whose fields have the right types and ranges."""
    if isinstance(action, PlayCard):
        return (
            isinstance(action.card, Card)
            and type(action.slot) is int
            and 1 <= action.slot <= SLOTS
            and type(action.hidden) is bool
        )
    if isinstance(action, ChooseFirst):
        return type(action.slot) is int and 1 <= action.slot <= SLOTS
    return False


# Built on every action: the faster constructor (same signature, same instances).
quick_init_all(globals())
