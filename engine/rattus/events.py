"""Events of Rattus: past-tense records, public unless `visible_to` says otherwise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.events import Event
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
