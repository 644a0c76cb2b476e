"""Set-up of Rattus for 2, 3 and 4 players (rules, "Preparations"; COMPONENTS.md 1.2)."""

from __future__ import annotations

import pytest

from engine.core.errors import MalformedAction
from engine.rattus import GAME
from engine.rattus.data import REGIONS
from engine.rattus.state import Phase


@pytest.mark.parametrize(
    ("players", "regions", "removed", "supply"),
    [(2, 8, 12, 29), (3, 10, 6, 33), (4, 12, 0, 37)],
)
def test_setup_numbers(players: int, regions: int, removed: int, supply: int) -> None:
    """Rules: "In a 2/3-player game, only 8/10 regions are used, thus only 8/10 starting rats
    are placed on the board"; "With 2 players, remove 12 rat tokens. With 3 players, remove 6
    rat tokens. The remaining starting rat tokens are mixed together with the regular rats";
    "The Plague Piece is placed in a randomly chosen region"; 20 cubes in each colour."""
    for seed in range(20):
        s = GAME.new_game(players, seed)
        b = s.board
        assert len(b.used) == regions
        faces = b.faces
        on_board = [t for r in b.used for t in s.board_tokens[r]]
        assert len(on_board) == regions
        assert all(faces[t].starting for t in on_board)
        assert all(len(s.board_tokens[r]) == 1 for r in b.used)
        assert all(not s.board_tokens[r] for r in range(len(REGIONS)) if r not in b.used)
        assert len(s.removed) == removed
        assert not any(faces[t].starting for t in s.removed)  # only regular rats are removed
        assert len(s.supply) == supply
        assert sorted(on_board + list(s.supply) + list(s.removed)) == list(range(49))
        assert s.plague in b.used
        assert s.reserve == (20,) * players
        assert s.phase is Phase.OPENING


def test_regions_by_player_count() -> None:
    """Rules: 2 players use the light regions, 3 add the middle ones, 4 use all (COMPONENTS 1.1)."""
    light = {"anglia", "gallia", "hispania", "germania", "italia", "scandia", "polonia", "hungaria"}
    used = {n: {REGIONS[r].value for r in GAME.new_game(n, 1).board.used} for n in (2, 3, 4)}
    assert used[2] == light
    assert used[3] == light | {"bulgaria", "turcia"}
    assert used[4] == light | {"bulgaria", "turcia", "russia", "tartaria"}


def test_setup_is_random_but_reproducible() -> None:
    assert GAME.new_game(4, 11) == GAME.new_game(4, 11)
    plagues = {GAME.new_game(4, seed).plague for seed in range(40)}
    assert len(plagues) > 4


def test_bad_player_counts_and_options() -> None:
    with pytest.raises(MalformedAction) as err:
        GAME.new_game(5, 1)
    assert err.value.code == "bad_players"
    assert err.value.message == "This game takes 2 to 4 players, not 5."
    with pytest.raises(MalformedAction) as err:
        GAME.new_game(3, 1, {"colour": "red"})
    assert err.value.code == "bad_option"
    assert err.value.message == "Unknown game option colour."


def test_adjacency_data_satisfies_the_known_facts() -> None:
    """COMPONENTS.md 1.3: facts the adjacency list must respect."""
    b = GAME.new_game(4, 1).board
    idx = {r.value: i for i, r in enumerate(REGIONS)}

    def nb(a: str, c: str) -> bool:
        return b.is_neighbour(idx[a], idx[c])

    assert nb("gallia", "hispania")  # the rulebook's spread example
    assert idx["scandia"] in b.within(idx["italia"], 2)  # the Knight example
    assert not b.within(idx["italia"], 1) >= {idx["scandia"]}
    assert nb("russia", "tartaria")
    assert nb("hispania", "italia") and not nb("italia", "polonia")
    assert not nb("hispania", "polonia") and not nb("germania", "turcia")
    assert nb("anglia", "gallia") or nb("anglia", "hispania")
    for n in (2, 3, 4):
        board = GAME.new_game(n, 1).board
        # Every region in play can be reached from every other one.
        start = board.used[0]
        seen, todo = {start}, [start]
        while todo:
            for m in board.neighbours[todo.pop()]:
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        assert seen == set(board.used)
