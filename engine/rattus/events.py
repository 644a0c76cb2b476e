"""Events of Rattus: past-tense records, public unless `visible_to` says otherwise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.events import Event
from engine.core.evolve import quick_init_all
from engine.rattus.data import ClassCard, Region


@dataclass(frozen=True, slots=True)
class GameSetUp(Event):
    """The board is ready: regions in play, starting rats, where the plague starts."""

    players: int
    regions: tuple[Region, ...]
    plague: Region
    cards: tuple[ClassCard, ...]
    rat_supply: int
    removed_unseen: int
    kind: ClassVar[str] = "game_set_up"


@dataclass(frozen=True, slots=True)
class CubesPlaced(Event):
    """A player placed cubes in a region."""

    seat: int
    region: Region
    count: int
    opening: bool = False
    kind: ClassVar[str] = "cubes_placed"


@dataclass(frozen=True, slots=True)
class ClassCardTaken(Event):
    """A player took a class card from the display (previous None) or from another player."""

    seat: int
    card: ClassCard
    previous: int | None
    kind: ClassVar[str] = "class_card_taken"


@dataclass(frozen=True, slots=True)
class CubeToPalace(Event):
    """King: a cube moved from a rat-free region to the palace."""

    seat: int
    region: Region
    kind: ClassVar[str] = "cube_to_palace"


@dataclass(frozen=True, slots=True)
class RatTokenMoved(Event):
    """Monk: a face-down rat token moved to a neighbouring region."""

    seat: int
    source: Region
    position: int
    target: Region
    kind: ClassVar[str] = "rat_token_moved"


@dataclass(frozen=True, slots=True)
class CubesMoved(Event):
    """Merchant: cubes moved from one region to a neighbour."""

    seat: int
    source: Region
    target: Region
    count: int
    kind: ClassVar[str] = "cubes_moved"


@dataclass(frozen=True, slots=True)
class RatTokenPeeked(Event):
    """Witch: a player looked at a face-down rat token (public: which token, not its face)."""

    seat: int
    region: Region
    position: int
    kind: ClassVar[str] = "rat_token_peeked"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class RatTokenSeen(Event):
    """Witch, private: the face of the token the player looked at."""

    seat: int
    region: Region
    position: int
    token: str
    limit: int
    symbols: tuple[str, ...]
    kind: ClassVar[str] = "rat_token_seen"
    reveals: ClassVar[bool] = True

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the Witch's player sees the face."""
        return frozenset({self.seat})


@dataclass(frozen=True, slots=True)
class RatTokensSwapped(Event):
    """Witch: the two tokens looked at changed places."""

    seat: int
    first: Region
    first_position: int
    second: Region
    second_position: int
    kind: ClassVar[str] = "rat_tokens_swapped"


@dataclass(frozen=True, slots=True)
class PlagueMoved(Event):
    """The plague piece moved (neutral: the Knight made it count as two cubes)."""

    seat: int
    source: Region
    target: Region
    neutral: bool
    kind: ClassVar[str] = "plague_moved"


@dataclass(frozen=True, slots=True)
class RatTokensAdded(Event):
    """The spread: new face-down rat tokens from the supply went into a region."""

    seat: int
    region: Region
    count: int
    kind: ClassVar[str] = "rat_tokens_added"


@dataclass(frozen=True, slots=True)
class RatTokenRevealed(Event):
    """The ravage: a rat token was revealed (it leaves the game) and its effect applied."""

    region: Region
    token: str
    limit: int
    symbols: tuple[str, ...]
    cubes: int
    outbreak: bool
    losses: tuple[int, ...]
    kind: ClassVar[str] = "rat_token_revealed"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A player's regular turn began."""

    seat: int
    turn: int
    kind: ClassVar[str] = "turn_began"


@dataclass(frozen=True, slots=True)
class GameEndTriggered(Event):
    """The game will end: the supply of rats is empty or a player has all cubes on the board."""

    reason: str
    last_seat: int
    kind: ClassVar[str] = "game_end_triggered"


@dataclass(frozen=True, slots=True)
class FinalTurnBegan(Event):
    """A player's last use of their class cards in the final round began."""

    seat: int
    kind: ClassVar[str] = "final_turn_began"


@dataclass(frozen=True, slots=True)
class FinalRavageBegan(Event):
    """The plague ravages every region, one after the other."""

    regions: tuple[Region, ...]
    neutral_region: Region | None
    kind: ClassVar[str] = "final_ravage_began"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: final scores in ranking order."""

    ranking: tuple[int, ...]
    scores: tuple[int, ...]
    kind: ClassVar[str] = "game_ended"


# ---------------------------------------------------------------- Africanus


def _only(seat: int) -> frozenset[int]:
    return frozenset({seat})


@dataclass(frozen=True, slots=True)
class RegionCardsDealt(Event):
    """Set-up, private: the region cards a player was dealt."""

    seat: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "region_cards_dealt"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the player sees their hand."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class CaravanPlaced(Event):
    """Set-up: the last player placed the caravan."""

    seat: int
    region: Region
    kind: ClassVar[str] = "caravan_placed"


@dataclass(frozen=True, slots=True)
class CaravanMoved(Event):
    """Caravaneer: the caravan moved two regions."""

    seat: int
    source: Region
    middle: Region
    target: Region
    kind: ClassVar[str] = "caravan_moved"


@dataclass(frozen=True, slots=True)
class CaravanCubeAdded(Event):
    """Caravaneer: a player with the majority where the caravan passed added a cube there."""

    seat: int
    region: Region
    kind: ClassVar[str] = "caravan_cube_added"


@dataclass(frozen=True, slots=True)
class RegionDeckReshuffled(Event):
    """The region card draw pile ran out: the discard pile became the new draw pile."""

    cards: int
    kind: ClassVar[str] = "region_deck_reshuffled"


@dataclass(frozen=True, slots=True)
class AstronomerDrew(Event):
    """Astronomer: a player drew region cards (public: how many, not which)."""

    seat: int
    count: int
    kind: ClassVar[str] = "astronomer_drew"


@dataclass(frozen=True, slots=True)
class RegionCardsDrawn(Event):
    """Astronomer, private: the faces of the cards drawn, in draw order."""

    seat: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "region_cards_drawn"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the Astronomer's player sees the cards."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class AstronomerKept(Event):
    """Astronomer: the player kept one card and discarded the others face down."""

    seat: int
    discarded: int
    kind: ClassVar[str] = "astronomer_kept"


@dataclass(frozen=True, slots=True)
class RegionCardKept(Event):
    """Astronomer, private: the card kept."""

    seat: int
    card: str
    kind: ClassVar[str] = "region_card_kept"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the Astronomer's player sees the card kept."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class ExplorerRevealed(Event):
    """Explorer: a player drew and revealed region cards."""

    seat: int
    cards: tuple[str, ...]
    regions: tuple[Region, ...]
    kind: ClassVar[str] = "explorer_revealed"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class ExplorerPlaced(Event):
    """Explorer: the player placed a cube in one revealed region (None: no cube); the cards
    were discarded."""

    seat: int
    region: Region | None
    kind: ClassVar[str] = "explorer_placed"


@dataclass(frozen=True, slots=True)
class DiplomatPlaced(Event):
    """Sultan: a diplomat went under one of the player's cubes."""

    seat: int
    region: Region
    kind: ClassVar[str] = "diplomat_placed"


@dataclass(frozen=True, slots=True)
class DiplomatMoved(Event):
    """Merchant: the cube carrying the player's diplomat moved with the others."""

    seat: int
    source: Region
    target: Region
    kind: ClassVar[str] = "diplomat_moved"


@dataclass(frozen=True, slots=True)
class DiplomatReturned(Event):
    """The cube carrying a diplomat left its region (plague or palace): back to the supply."""

    seat: int
    region: Region
    reason: str  # "plague" or "palace"
    kind: ClassVar[str] = "diplomat_returned"


@dataclass(frozen=True, slots=True)
class ReactionWindowOpened(Event):
    """A revealed rat token would cost cubes to someone who asked to decide on region cards:
    the token's effects wait while region cards may be played. Who was asked is secret (each
    asked seat learns it from its own view); the token's face is shown here first."""

    region: Region
    token: str
    limit: int
    symbols: tuple[str, ...]
    kind: ClassVar[str] = "reaction_window_opened"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class RegionCardPlayed(Event):
    """A player's region card protects a class card for this region's ravage (shown when
    the token's window closes, or at once when no window opened; how it was decided, by
    the player or by their standing order, is not said)."""

    seat: int
    card: str
    class_card: ClassCard
    region: Region
    kind: ClassVar[str] = "region_card_played"


@dataclass(frozen=True, slots=True)
class RegionCardCommitted(Event):
    """Private: a player's region card will protect a class card, shown to everyone when
    the open window closes (`standing`: played by their standing order)."""

    seat: int
    card: str
    class_card: ClassCard
    region: Region
    standing: bool
    kind: ClassVar[str] = "region_card_committed"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the player: nobody may learn who was asked or how they answered."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class ProtectionDeclined(Event):
    """Private: a seat asked in a reaction window played no (more) region card."""

    seat: int
    kind: ClassVar[str] = "protection_declined"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the player: a decline would tell everyone the seat was asked."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class RegionCardsDiscarded(Event):
    """The region's ravage ended: the region cards played on class cards were discarded."""

    region: Region
    cards: tuple[str, ...]
    kind: ClassVar[str] = "region_cards_discarded"


@dataclass(frozen=True, slots=True)
class StandingOrderSet(Event):
    """Private: a player set their standing order for region cards."""

    seat: int
    standing: str
    kind: ClassVar[str] = "standing_order_set"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Only the player knows their standing order."""
        return _only(self.seat)


@dataclass(frozen=True, slots=True)
class RavageRegionChosen(Event):
    """Final ravage: the last player chose the next region to ravage."""

    seat: int
    region: Region
    kind: ClassVar[str] = "ravage_region_chosen"


@dataclass(frozen=True, slots=True)
class HandsRevealed(Event):
    """End of game: every player showed the region cards left in hand."""

    hands: tuple[tuple[str, ...], ...]
    kind: ClassVar[str] = "hands_revealed"


# Built on every action: the faster constructor (same signature, same instances).
quick_init_all(globals())
