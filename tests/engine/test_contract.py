"""The contract test kit on every registered game, every variant and every player count."""

from __future__ import annotations

import pytest

from engine.core.registry import get_game, registered_games
from engine.core.testing import check_playout

CASES = [
    (name, variant, players)
    for name in registered_games()
    for variant in get_game(name).variants()
    for players in get_game(name).players(variant)
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant", "players"), CASES, ids=str)
@pytest.mark.parametrize("seed", [1, 20261123])
def test_random_playouts_keep_the_contract(
    name: str, variant: dict[str, object], players: int, seed: int
) -> None:
    report = check_playout(get_game(name), players, seed, variant, policy_seed=seed)
    assert report.actions, "a game without a single action"
    assert report.rejected > 0
    assert report.compared > 0, "no step's events were compared after a redeal"
