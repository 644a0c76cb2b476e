"""Events of the Pied Piper: past-tense records, public unless `visible_to` says otherwise.

Conventions: seats are 0-based; houses are their set-up places (0-based, ring order); `slot`
is a place of the character display, 1 to 4 (as in the action text); figures are named
"piper", "yellow", "red", "blue", "green", "purple", "orange"; action cards by their type
("forward1", "forward2", "back1", "sewer", "plus1", "melody"). A gap is named by the two
houses around it, `[after, before]`: the figures there face `before`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.events import Event
from engine.core.evolve import quick_init_all
from engine.piper.state import Crossing


def _only(seat: int) -> frozenset[int]:
    return frozenset({seat})


@dataclass(frozen=True, slots=True)
class GameSetUp(Event):
    """The ring is ready: houses (owner seat, None = neutral), the figures in each gap."""

    players: int
    variant: str | None
    houses: tuple[int | None, ...]  # owner of each house, in ring order
    gaps: tuple[tuple[str, ...], ...]  # figures in the gap after each house
    roof: int
    kind: ClassVar[str] = "game_set_up"


@dataclass(frozen=True, slots=True)
class DisplayDealt(Event):
    """Set-up: the four Character cards turned face up; `set_aside` extra Piper cards were set
    aside and shuffled back into the Character pile."""

    figures: tuple[str, ...]  # per place 1-4
    set_aside: int
    kind: ClassVar[str] = "display_dealt"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Set-up, private: the action cards a player was dealt."""

    seat: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "hand_dealt"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the player sees their hand."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A player's turn began; `cards` is how many they place (1 on the very first turn)."""

    seat: int
    turn: int
    cards: int
    kind: ClassVar[str] = "turn_began"


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A player placed an action card under a character (card None: face down).
    `count` is how many cards that character now holds."""

    seat: int
    slot: int
    character: str
    card: str | None
    hidden: bool
    count: int
    kind: ClassVar[str] = "card_played"


@dataclass(frozen=True, slots=True)
class HiddenCardPlayed(Event):
    """Private: which card the player placed face down."""

    seat: int
    slot: int
    character: str
    card: str
    kind: ClassVar[str] = "hidden_card_played"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the card's owner knows it."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A face-down card was turned face up (its character activates)."""

    seat: int  # who placed it
    slot: int
    character: str
    card: str
    kind: ClassVar[str] = "card_revealed"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class OrderAsked(Event):
    """Two characters activate and their order matters: the active player chooses."""

    seat: int
    slots: tuple[int, ...]
    kind: ClassVar[str] = "order_asked"


@dataclass(frozen=True, slots=True)
class CharacterActivated(Event):
    """A character with two cards activated. `effect`: "move" (a basic card, perhaps with a
    special), "two_moves" (two basic cards, in the order placed) or "nothing" (two specials);
    `chosen` is True when the active player chose to activate it first."""

    seat: int
    slot: int
    character: str
    cards: tuple[str, ...]  # in placement order
    placed_by: tuple[int, ...]
    effect: str
    chosen: bool = False
    kind: ClassVar[str] = "character_activated"


@dataclass(frozen=True, slots=True)
class FiguresMoved(Event):
    """Figures moved: `figure` is the one activated, `figures` all that moved (Melody takes
    the whole gap along). `card` is the basic card, `plus`/`melody` the special with it (or,
    p'tits rats, neither). `houses` is how far the move goes; `crossings` lists the houses
    crossed with the change to each counter and its new level (a crossing can put a house on
    the roof: the player is out, the events after this one say so, and the move goes on over
    the new ring). `interrupted`: the game ended before the move was done."""

    seat: int
    slot: int
    figure: str
    figures: tuple[str, ...]
    card: str
    plus: bool
    melody: bool
    direction: str  # "forward" or "back"
    sewer: bool
    houses: int
    start: tuple[int, int]  # the gap the move started in, [after, before]
    end: tuple[int, int]  # the gap the figures ended in (on the ring after the move)
    crossings: tuple[Crossing, ...]
    interrupted: bool
    kind: ClassVar[str] = "figures_moved"


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    """A counter reached the roof: the player fled, the house left the ring and its two gaps
    merged into `merged`. `by` took the counter and the `counters` the player held (None: the
    player was the active one, or it is the two-player game)."""

    seat: int
    house: int
    by: int | None
    counters: tuple[int, ...]  # the seats whose counters `by` took (the eliminated one first)
    merged: tuple[int, int]
    players_left: int
    kind: ClassVar[str] = "player_eliminated"


@dataclass(frozen=True, slots=True)
class HandDiscarded(Event):
    """An eliminated player's hand went face up to the discard pile."""

    seat: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "hand_discarded"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class CharacterReplaced(Event):
    """An activated Character card was discarded and a new one turned face up in its place."""

    slot: int
    old: str
    new: str
    kind: ClassVar[str] = "character_replaced"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class CharacterDeckReshuffled(Event):
    """The Character pile was empty: the discarded Character cards became the new pile."""

    cards: int
    kind: ClassVar[str] = "character_deck_reshuffled"


@dataclass(frozen=True, slots=True)
class ActionDeckReshuffled(Event):
    """The action pile was empty: the discard pile was shuffled into a new pile."""

    cards: int
    kind: ClassVar[str] = "action_deck_reshuffled"


@dataclass(frozen=True, slots=True)
class HandRefilled(Event):
    """A player drew action cards back up to four (public: how many)."""

    seat: int
    count: int
    kind: ClassVar[str] = "hand_refilled"


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Private: the action cards the player drew."""

    seat: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "cards_drawn"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the player sees what they drew."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over. `reason`: "two_left" (only two players left) or "roof" (two-player
    game). `winner` None with `draw` True: a tie on level and counters collected."""

    reason: str
    winner: int | None
    draw: bool
    ranking: tuple[int, ...]
    levels: tuple[int, ...]  # per seat in ranking order
    kind: ClassVar[str] = "game_ended"


# Built on every action: the faster constructor (same signature, same instances).
quick_init_all(globals())
