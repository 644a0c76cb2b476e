"""The AI seats: the strong Rattus AI wins, sees only its view, and answers every decision."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.ai import choose_action
from bot.games.rattus.ai import decide
from engine.rattus import GAME
from engine.rattus.data import REGION_INDEX, Region
from engine.rattus.state import Ending, Flags, Phase, State
from tests.engine.builders import africa_position, position, random_playout, token_index
from tests.engine.test_leaks import reshuffle_hidden

# A sample of the benchmark (`python -m bench.ai` plays 200 games): fixed seeds, so the test is
# deterministic; the strong AI sits first in even games and second in odd ones.
SAMPLE_GAMES = 24
SAMPLE_WINS = 20  # the benchmark wins every game; random play wins about half


def play(seed: int, strong_seat: int, players: int = 2, options: Any = None) -> Iterator[State]:
    """Yield each state of a game where `strong_seat` plays the strong AI and the others play
    at random, as the bot seeds them; the last state yielded is the finished game."""
    s = GAME.new_game(players, seed, options)
    step = 0
    while not GAME.is_over(s):
        yield s
        seat = min(GAME.to_move(s))
        legal = GAME.legal_actions(s, seat)
        rnd = random.Random(f"{seed}:{step}:{seat}")
        level = "strong" if seat == strong_seat else "random"
        s = GAME.apply(
            s, seat, choose_action(GAME, GAME.view(s, seat), legal, rnd, level=level)
        ).state
        step += 1
    yield s


@pytest.mark.slow
def test_strong_ai_beats_the_random_player() -> None:
    wins = 0
    for k in range(SAMPLE_GAMES):
        *_, end = play(100 + k, k % 2)
        wins += GAME.result(end)["winner"] == k % 2
    assert wins >= SAMPLE_WINS, f"won {wins} of {SAMPLE_GAMES}"


@pytest.mark.slow
def test_the_choice_depends_only_on_the_view() -> None:
    """Reshuffling what the seat cannot know (face-down tokens it has not looked at, the
    supply, the removed tokens, the seed) changes neither its view nor its choice."""
    shuffler = random.Random(7)
    states = [
        (s, seat)
        for seed, seat, players in [(3, 0, 2), (4, 1, 3)]
        for i, s in enumerate(play(seed, seat, players))
        if i % 3 == 0 and not GAME.is_over(s) and seat in GAME.to_move(s)
    ]
    # A seat that looked at tokens with the Witch: what it saw stays, the rest is reshuffled.
    witch = position(
        2,
        cubes={"hispania": [3, 0], "germania": [0, 2], "gallia": [1, 1]},
        tokens={"hispania": ["R20", "R05"], "germania": ["R38"], "gallia": ["R11", "R40"]},
        holders={"witch": 0},
        plague="anglia",
    )
    witch = GAME.apply(witch, 0, GAME.parse_action("peek hispania 1")).state
    states.append((witch, 0))
    for k, (s, seat) in enumerate(states):
        view = GAME.view(s, seat)
        legal = GAME.legal_actions(s, seat)
        first = choose_action(GAME, view, legal, random.Random(k))
        other = reshuffle_hidden(s, seat, shuffler)
        assert other != s
        assert GAME.view(other, seat) == view
        assert GAME.legal_actions(other, seat) == legal
        assert choose_action(GAME, GAME.view(other, seat), legal, random.Random(k)) == first
    assert len(states) > 15


@pytest.mark.slow
def test_same_view_same_choice() -> None:
    """Deterministic: the same view (even a JSON copy), legal list and Random give the same
    action, whatever the order of the dict keys."""
    for s in list(play(11, 0))[::9]:
        seat = min(GAME.to_move(s), default=0)
        legal = GAME.legal_actions(s, seat)
        if not legal:
            continue
        view = GAME.view(s, seat)
        text = json.dumps(view, sort_keys=True)
        shuffled = json.loads(text)
        a = choose_action(GAME, view, legal, random.Random(3))
        assert choose_action(GAME, shuffled, list(legal), random.Random(3)) == a
        assert choose_action(GAME, copy.deepcopy(view), legal, random.Random(3)) == a
        assert json.dumps(view, sort_keys=True) == text  # the view is not changed


@pytest.mark.parametrize(
    ("players", "expansion"),
    [(2, ""), (3, ""), (4, ""), (2, "africanus"), (5, "africanus")],
)
@pytest.mark.slow
def test_every_decision_gets_a_legal_answer(players: int, expansion: str) -> None:
    """Along random games, every seat asked gets a legal action, and the strong AI models
    every decision (the caravan's set-up and the order of the final ravage included)."""
    options = {"expansion": expansion} if expansion else None
    phases: set[str] = set()
    for i, (s, seat, _) in enumerate(random_playout(players, 40 + players, options)):
        if i % 2 and s.phase in (Phase.MAIN, Phase.SPREAD):
            continue
        legal = GAME.legal_actions(s, seat)
        if not legal:
            continue
        view = GAME.view(s, seat)
        choice = decide(view, legal, random.Random(i))
        assert choice is not None, (s.phase, [str(a) for a in legal])
        assert choice in legal
        assert choose_action(GAME, view, legal, random.Random(i)) in legal
        phases.add(s.phase.value)
    assert {"opening", "main", "final"} <= phases
    if (players, expansion) == (5, "africanus"):
        assert {"caravan", "ravage_order", "reaction"} <= phases


def test_unknown_decisions_fall_back_to_a_legal_action() -> None:
    class Other:
        name = "other-game"

    assert choose_action(Other(), {"game": "other"}, ["a", "b"], random.Random(1)) in ("a", "b")  # type: ignore[arg-type]
    s = GAME.new_game(2, 1)
    view = GAME.view(s, 0)
    # An action kind the AI has never heard of (another developer's new action).
    odd = ["caravan somewhere", "protect card"]
    assert choose_action(GAME, view, odd, random.Random(2)) in odd
    broken = {**view, "regions": "not a list"}
    legal = GAME.legal_actions(s, 0)
    assert choose_action(GAME, broken, legal, random.Random(2)) in legal


def test_a_failing_or_illegal_skip_still_plays_a_legal_action(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The "skip" clock policy asks the game's `skip`, guarded like the AI: a game's code
    that raises or answers something illegal must not stop the game."""
    from bot.adapter import adapter_for
    from bot.ai import skip_action

    adapter = adapter_for("rattus")
    s = GAME.new_game(2, 1)
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    assert skip_action(adapter, view, legal, random.Random(3)) in legal

    def broken(*_: Any) -> Any:
        raise RuntimeError("a bug in a game's skip")

    original = adapter.skip
    try:
        adapter.skip = broken  # type: ignore[method-assign]
        assert skip_action(adapter, view, legal, random.Random(3)) in legal
        assert "skip failed" in caplog.text
        adapter.skip = lambda *_: "fly to the moon"  # type: ignore[method-assign]
        assert skip_action(adapter, view, legal, random.Random(3)) in legal
    finally:
        adapter.skip = original  # type: ignore[method-assign]


def test_levels() -> None:
    s = GAME.new_game(2, 1)
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    assert choose_action(GAME, view, legal, random.Random(5), level="random") == random.Random(
        5
    ).choice(legal)
    with pytest.raises(ValueError, match="unknown AI level"):
        choose_action(GAME, view, legal, random.Random(5), level="grandmaster")
    with pytest.raises(ValueError):
        choose_action(GAME, view, [], random.Random(5))


def choice(s: State, seat: int = 0) -> str:
    """The strong AI's action in this position, as text."""
    legal = GAME.legal_actions(s, seat)
    return str(choose_action(GAME, GAME.view(s, seat), legal, random.Random(0)))


def test_plague_goes_where_the_opponent_loses_most() -> None:
    s = position(
        2,
        cubes={"polonia": [0, 5], "hungaria": [5, 0]},
        tokens={"polonia": ["R20", "R27", "R13"], "hungaria": ["R21", "R22", "R14"]},
        plague="germania",
        flags=Flags(took_card=True, placed=True),
    )
    assert choice(s) == "plague polonia"


def test_takes_the_king_and_banks_a_cube() -> None:
    s = position(
        2,
        cubes={"anglia": [3, 0], "gallia": [0, 2]},
        tokens={"gallia": ["R20"], "germania": ["R30"]},
        plague="italia",
        flags=Flags(placed=True),
    )
    assert choice(s) == "take king"
    s = GAME.apply(s, 0, GAME.parse_action("take king")).state
    assert choice(s) == "king anglia"


def test_new_rats_go_next_to_the_opponent() -> None:
    s = position(
        2,
        cubes={"anglia": [0, 4], "hispania": [4, 0], "gallia": [1, 1]},
        tokens={"gallia": ["R24"], "anglia": ["R30"], "hispania": ["R31"]},
        plague="gallia",
        phase=Phase.SPREAD,
        flags=Flags(took_card=True, placed=True, spread_left=1),
    )
    assert choice(s) == "rats anglia"


def test_witch_swaps_a_bad_token_into_the_opponents_region() -> None:
    s = position(
        2,
        cubes={"hispania": [3, 0], "germania": [0, 2]},
        tokens={"hispania": ["R20"], "germania": ["R38"]},
        holders={"witch": 0},
        plague="anglia",
    )
    s, _ = GAME.apply(s, 0, GAME.parse_action("peek hispania 1")).state, None
    assert choice(s).startswith("peek germania")
    s = GAME.apply(s, 0, GAME.parse_action("peek germania 1")).state
    assert choice(s) == "swap"
    view = GAME.view(s, 0)
    assert view["regions"][2]["known"][0]["id"] == "R20"  # what the seat saw stays its own


def test_final_round_merchant_takes_cubes_out_of_danger() -> None:
    s = position(
        2,
        cubes={"gallia": [3, 1], "hispania": [0, 0]},
        tokens={"gallia": ["R04", "R20", "R10"], "italia": ["R30"]},
        holders={"merchant": 0},
        plague="polonia",
        phase=Phase.FINAL,
        ending=Ending(reason="rat_supply_empty", last_regular=1, order=(0,)),
        supply=(),
    )
    assert choice(s) in ("merchant gallia hispania 3", "merchant gallia anglia 3")
    assert token_index(s, "R04") >= 0


# Africanus: the Orient cards.


def play_text(s: State, text: str, seat: int = 0) -> State:
    return GAME.apply(s, seat, GAME.parse_action(text)).state


def test_astronomer_keeps_the_card_of_a_region_it_holds() -> None:
    """ "Astronome : piochez 3 cartes Région, gardez-en 1": the card worth a point at the end
    (a majority of cubes in its region) is the one to keep."""
    s = africa_position(
        2,
        cubes={"hispania": [3, 1], "gallia": [0, 4]},
        tokens={"gallia": ["F20"]},
        holders={"astronomer": 0},
        plague="polonia",
        deck=["gallia-2", "hispania-2", "polonia-2"],
        flags=Flags(took_card=True, placed=True),
    )
    assert choice(s) == "astronomer"
    s = play_text(s, "astronomer")
    drawn = GAME.view(s, 0)["astronomer"]["cards"]
    kept = int(choice(s).split()[1]) - 1
    assert drawn[kept]["region"] == "hispania"


def test_explorer_places_its_cube_where_no_rat_is() -> None:
    """ "Explorateur : révélez 3 cartes Région, vous pouvez placer un cube dans l'une de ces
    régions": the safest of the three."""
    s = africa_position(
        2,
        cubes={"anglia": [1, 2], "scandia": [2, 1]},
        tokens={"anglia": ["F20", "F21", "F22"], "scandia": ["F23", "F24", "F25"]},
        holders={"explorer": 0},
        plague="polonia",
        deck=["anglia-2", "scandia-2", "italia-2"],
        flags=Flags(took_card=True, placed=True),
    )
    assert choice(s) == "explorer"
    s = play_text(s, "explorer")
    assert choice(s) == "explore italia"


def test_caravan_goes_through_the_region_the_ai_holds() -> None:
    """ "Dans la région d'origine de la Caravane, puis dans la région qu'elle traverse, le
    joueur qui dispose d'une majorité de cubes peut placer un cube supplémentaire"."""
    s = africa_position(
        2,
        cubes={"hispania": [2, 0], "germania": [0, 3]},
        holders={"caravaneer": 0},
        caravan="gallia",
        plague="polonia",
        flags=Flags(took_card=True, placed=True),
    )
    assert choice(s) == "caravan hispania italia"


def test_the_caravan_is_set_up_where_the_ai_holds_the_majority() -> None:
    """ "Le dernier joueur [...] place la pièce Caravane dans la région de son choix": where
    its first move gives the AI a cube, not a rival (the AI is seat 1, the last player)."""
    s = africa_position(
        2,
        cubes={"hispania": [2, 0], "germania": [0, 2], "italia": [1, 1]},
        holders={"caravaneer": -1},
        plague="polonia",
        phase=Phase.CARAVAN,
        active=1,
    )
    assert [str(a) for a in GAME.legal_actions(s, 1)][:2] == ["caravan anglia", "caravan gallia"]
    assert choice(s, seat=1) == "caravan germania"
    # Seat 0 would put it in Hispania, where it holds the majority.
    assert choice(replace(s, active=0), seat=0) == "caravan hispania"


def test_the_final_ravage_starts_where_the_ai_stands_to_lose_most() -> None:
    """The last player picks the order of the final ravage: the AI's own cubes most at risk
    first, where its region cards protect before they run out."""
    s = africa_position(
        2,
        cubes={"hispania": [1, 1], "gallia": [3, 1], "italia": [0, 2]},
        tokens={"hispania": ["F20"], "gallia": ["F21", "F22"], "italia": ["F23", "F24"]},
        holders={"merchant": 0},
        plague="polonia",
        phase=Phase.RAVAGE_ORDER,
        active=0,
        ending=Ending(reason="rat_supply_empty", last_regular=0, order=()),
    )
    assert s.africa is not None
    left = tuple(REGION_INDEX[Region(r)] for r in ("hispania", "gallia", "italia"))
    s = replace(s, africa=replace(s.africa, left=tuple(sorted(left))))
    legal = [str(a) for a in GAME.legal_actions(s, 0)]
    assert sorted(legal) == ["ravage gallia", "ravage hispania", "ravage italia"]
    assert choice(s) == "ravage gallia"


def test_sultan_shields_the_cubes_most_at_risk() -> None:
    s = africa_position(
        2,
        cubes={"hispania": [3, 0], "anglia": [1, 0]},
        tokens={"hispania": ["F20", "F21", "F22"]},
        holders={"sultan": 0},
        plague="polonia",
        flags=Flags(took_card=True, placed=True),
    )
    assert choice(s) == "sultan hispania"
