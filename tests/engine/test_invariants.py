"""What the engine relies on survives `python -O`: no `assert` in it, broken invariants raise
InvariantError (never a RulesError), and every game makes its four error kinds with
`engine.core.errors.error_kinds`."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from engine.cartus import GAME as CARTUS
from engine.cartus.state import Phase as CartusPhase
from engine.core import errors as core
from engine.core.errors import ErrorKinds, InvariantError, Messages, RulesError, error_kinds
from engine.rattus import GAME as RATTUS
from engine.rattus.rules import diplomat_counts, region_card_points
from engine.rattus.state import Phase
from tests.engine.builders import play, position

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("rattus", "cartus", "piper")


def test_the_engine_has_no_assert() -> None:
    """`python -O` removes asserts, so nothing the engine relies on may be one."""
    found = set()
    for path in sorted((ROOT / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        if any(isinstance(node, ast.Assert) for node in ast.walk(tree)):
            found.add(path.relative_to(ROOT).as_posix())
    assert not found


@pytest.mark.slow
def test_the_engine_keeps_its_contract_under_python_o() -> None:
    """The contract kit on every game and variant (smallest player count), with asserts off;
    a broken invariant still raises there."""
    script = textwrap.dedent(
        """
        from dataclasses import replace

        from engine.core.errors import InvariantError
        from engine.core.registry import get_game, registered_games
        from engine.core.testing import check_playout
        from engine.rattus import GAME
        from engine.rattus.state import Phase

        if __debug__:
            raise SystemExit("asserts are on")
        for name in registered_games():
            game = get_game(name)
            for variant in game.variants():
                players = min(game.players(variant))
                report = check_playout(game, players, 7, variant, policy_seed=7)
                if not report.actions or not report.rejected:
                    raise SystemExit(f"{name} {variant}: nothing played or refused")
        broken = replace(GAME.new_game(2, 1), phase=Phase.REACTION)
        try:
            GAME.to_move(broken)
        except InvariantError:
            print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:] or done.stdout[-2000:]
    assert done.stdout.strip() == "ok"


# ---------------------------------------------------------------- invariants


def test_invariant_error_is_a_bug_not_a_refusal() -> None:
    assert issubclass(InvariantError, RuntimeError)
    assert not issubclass(InvariantError, RulesError)


def test_rattus_broken_states_raise_invariant_error() -> None:
    s = RATTUS.new_game(2, 1)
    # A reaction window, a caravan or a final round that the state does not carry.
    with pytest.raises(InvariantError, match="no reaction window"):
        RATTUS.to_move(replace(s, phase=Phase.REACTION))
    with pytest.raises(InvariantError, match="Africanus step on a base-game state"):
        RATTUS.legal_actions(replace(s, phase=Phase.CARAVAN), s.active)
    final = replace(position(2, plague="hispania"), phase=Phase.FINAL)
    with pytest.raises(InvariantError, match="no game end recorded"):
        play(final, (0, "done"))


def test_cartus_broken_states_raise_invariant_error() -> None:
    s = CARTUS.new_game(2, 1)
    for phase in (CartusPhase.GAIN, CartusPhase.SWORD_GIVE, CartusPhase.LOOK):
        with pytest.raises(InvariantError, match="no decision pending"):
            CARTUS.legal_actions(replace(s, phase=phase), 0)


def test_africanus_scores_refuse_a_base_game() -> None:
    """Programming misuse of a pure function: a ValueError, not a rules error."""
    s = RATTUS.new_game(2, 1)
    for score in (region_card_points, diplomat_counts):
        with pytest.raises(ValueError, match="does not use Africanus") as err:
            score(s)
        assert not isinstance(err.value, RulesError)


def test_unknown_class_card_in_the_set_up_is_a_bad_option() -> None:
    """A class card id that does not exist (the set-up's text) is refused as a bad option."""
    classes = ["king", "monk", "merchant", "witch", "knight", "peasant", "jester", "sultan"]
    with pytest.raises(core.MalformedAction) as err:
        RATTUS.new_game(5, 1, {"expansion": "africanus", "classes": classes})
    assert err.value.code == "bad_option"
    assert err.value.game == "rattus"
    assert err.value.message == "Unknown game option classes."


# ---------------------------------------------------------------- the four error kinds

KINDS = (
    ("MalformedAction", core.MalformedAction),
    ("IllegalAction", core.IllegalAction),
    ("NotYourTurn", core.NotYourTurn),
    ("GameFinished", core.GameFinished),
)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_makes_its_error_kinds_from_its_messages(game: str) -> None:
    module = importlib.import_module(f"engine.{game}.errors")
    for name, base in KINDS:
        kind = getattr(module, name)
        assert issubclass(kind, base) and kind is not base
        assert kind.__name__ == kind.__qualname__ == name
        assert kind.__module__ == module.__name__
        assert kind.messages is module.MESSAGES
    errors = [
        module.MalformedAction(text="fly"),
        module.IllegalAction("wrong_phase", phase="over"),
        module.NotYourTurn(),
        module.GameFinished(),
    ]
    for error, (_, base) in zip(errors, KINDS, strict=True):
        assert error.game == game
        with pytest.raises(base):
            raise error
    assert errors[1].code == "wrong_phase"
    assert errors[1].message == "You cannot do that now: the game is over."
    assert errors[2].message == "It is not your turn."


def test_the_games_error_kinds_are_distinct() -> None:
    illegal = {importlib.import_module(f"engine.{g}.errors").IllegalAction for g in GAMES}
    assert len(illegal) == len(GAMES)


def test_error_kinds_of_a_new_game() -> None:
    messages = Messages("toy", {"too_big": "{thing} is too big."}, lambda k, v: f"the {v}")
    kinds = error_kinds(messages, "tests.toy")
    assert isinstance(kinds, ErrorKinds)
    assert [k.__name__ for k in kinds] == [name for name, _ in KINDS]
    error = kinds.illegal("too_big", thing="box")
    assert (error.code, error.message, error.game) == ("too_big", "the box is too big.", "toy")
    assert isinstance(error, core.IllegalAction)
    assert kinds.not_your_turn().code == "not_your_turn"  # a common code
    assert kinds.finished().message == "This game is over."
    assert kinds.malformed(text="x").code == "malformed"
    with pytest.raises(RuntimeError, match="unregistered"):
        kinds.illegal("too_small")
    # Another call makes other classes: each game makes its kinds once, in its errors module.
    assert error_kinds(messages, "tests.toy").illegal is not kinds.illegal
