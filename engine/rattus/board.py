"""The static board of one configuration: regions in play, neighbours, tokens, set-up numbers."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.errors import InvariantError
from engine.rattus.data import (
    REGION_INDEX,
    REGIONS,
    ClassCard,
    Region,
    TokenFace,
    raw,
    region_cards,
    token_faces,
)

EXPANSIONS = ("", "africanus")
REMOVALS = ("standard", "alternative")


@dataclass(frozen=True, slots=True)
class Board:
    """Everything fixed for a game: which regions, who neighbours whom, the token set."""

    expansion: str
    players: int
    used: tuple[int, ...]
    in_play: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    arrows: frozenset[tuple[int, int]]
    reach: tuple[tuple[frozenset[int], ...], ...]
    faces: tuple[TokenFace, ...]
    starting: tuple[int, ...]
    regular: tuple[int, ...]
    cubes_per_player: int
    max_tokens: int
    removed_unseen: int
    opening_rounds: int
    knight_steps: int
    class_card_count: int
    region_cards: tuple[int, ...] = ()  # Africanus: the region cards of the regions in play
    hand_size: int = 0
    diplomats: int = 0
    diplomats_with: ClassCard | None = None  # Africanus: the class card that brings them

    def is_neighbour(self, a: int, b: int) -> bool:
        """True when regions a and b (both in play) are neighbours, arrows included."""
        return b in self.neighbours[a]

    def within(self, start: int, steps: int) -> frozenset[int]:
        """Regions reachable from `start` in 1..steps moves, `start` itself excluded."""
        return self.reach[start][steps]


def _player_limits(expansion: str) -> tuple[int, int]:
    return (2, 6) if expansion == "africanus" else (2, 4)


@cache
def board(expansion: str, players: int, removal: str = "standard") -> Board:
    """The Board for an expansion ("" or "africanus"), a player count and a removal table."""
    if expansion not in EXPANSIONS:
        raise ValueError(f"unknown expansion {expansion!r}")
    low, high = _player_limits(expansion)
    if not low <= players <= high:
        raise ValueError(f"{players} players: this game takes {low} to {high}")
    base = raw("base")
    afr = raw("africanus")
    if players <= 4:
        # Rulebook: 2 players use the light regions, 3 add the medium ones, 4 use all 12.
        used_ids = [Region(r["id"]) for r in base["regions"] if r["min_players"] <= players]
    else:
        excluded = {Region(x) for x in afr["regions_by_players"][str(players)]["exclude"]}
        used_ids = [Region(r["id"]) for r in base["regions"] + afr["regions"]]
        used_ids = [r for r in used_ids if r not in excluded]
    used = tuple(sorted(REGION_INDEX[r] for r in used_ids))
    in_play = tuple(i in used for i in range(len(REGIONS)))

    edges = list(base["adjacency"])
    if expansion == "africanus":
        edges += afr["adjacency"]
    adj: list[set[int]] = [set() for _ in REGIONS]
    arrows: set[tuple[int, int]] = set()
    for e in edges:
        a, b = REGION_INDEX[Region(e["a"])], REGION_INDEX[Region(e["b"])]
        if in_play[a] and in_play[b]:
            adj[a].add(b)
            adj[b].add(a)
            if e["arrow"]:
                arrows.add((min(a, b), max(a, b)))
    neighbours = tuple(tuple(sorted(s)) for s in adj)
    for r in used:
        if not neighbours[r]:
            raise InvariantError(f"rattus data: {REGIONS[r]} has no neighbour at {players} players")

    max_steps = 3
    reach: list[tuple[frozenset[int], ...]] = []
    for r in range(len(REGIONS)):
        levels: list[frozenset[int]] = [frozenset()]
        frontier = {r}
        seen: set[int] = set()
        for _ in range(max_steps):
            frontier = {n for f in frontier for n in neighbours[f]}
            seen |= frontier
            levels.append(frozenset(seen - {r}))
        reach.append(tuple(levels))

    faces = token_faces(expansion)
    starting = tuple(i for i, f in enumerate(faces) if f.starting)
    regular = tuple(i for i, f in enumerate(faces) if not f.starting)

    if expansion == "africanus":
        row = afr["players"][str(players)]
        removed = int(row["removed_unseen"])
        if removal == "alternative":
            removed = int(afr["removed_unseen_alternative"][str(players)])
        opening_rounds = int(row["opening_rounds"])
        knight_steps = int(row["knight_steps"])
        class_cards = int(row["class_cards"])
        # "Avant de les mélanger, retirez du jeu les cartes Région correspondant aux régions
        # qui ne sont pas accessibles."
        cards = tuple(i for i, c in enumerate(region_cards()) if in_play[REGION_INDEX[c.region]])
        hand_size = int(afr["hand_size"]["value"])
        diplomats = int(afr["diplomats"]["value"])
        diplomats_with: ClassCard | None = ClassCard(afr["diplomats"]["only_with"])
    else:
        cards, hand_size, diplomats, diplomats_with = (), 0, 0, None
        removed = int(base["players"][str(players)]["removed_unseen"])
        opening_rounds, knight_steps, class_cards = 2, 2, 6
    return Board(
        expansion=expansion,
        players=players,
        used=used,
        in_play=in_play,
        neighbours=neighbours,
        arrows=frozenset(arrows),
        reach=tuple(reach),
        faces=faces,
        starting=starting,
        regular=regular,
        cubes_per_player=int(base["cubes_per_player"]["value"]),
        max_tokens=int(base["max_tokens_per_region"]["value"]),
        removed_unseen=removed,
        opening_rounds=opening_rounds,
        knight_steps=knight_steps,
        class_card_count=class_cards,
        region_cards=cards,
        hand_size=hand_size,
        diplomats=diplomats,
        diplomats_with=diplomats_with,
    )
