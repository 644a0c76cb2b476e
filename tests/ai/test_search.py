"""The search AI (ai/): it sees only its seat's information, replays from its seed, keeps to
its budget, and always answers with a legal action."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from ai import BUDGETS, LEVELS, Budget, greedy, hard_budget, noisy, think
from ai.levels import hard_settings
from ai.search import Settings, _iterate, _kept, _Node, rewards
from bot.adapter import adapters
from engine.core.contract import Game
from engine.core.registry import get_game, registered_games

VARIANTS = [
    (name, dict(options)) for name in registered_games() for options in get_game(name).variants()
]
IDS = [f"{name}-{'-'.join(map(str, o.values())) or 'plain'}" for name, o in VARIANTS]


def positions(
    engine: Game[Any, Any], options: Mapping[str, Any], players: int, seed: int, every: int
) -> Iterator[tuple[Any, int]]:
    """Every `every`-th position of a seeded random game, with each seat to move that has a
    choice to make."""
    rnd = random.Random(seed)
    s = engine.new_game(players, seed, options or None)
    step = 0
    while not engine.is_over(s):
        if step % every == 0:
            for seat in sorted(engine.to_move(s)):
                if len(engine.legal_actions(s, seat)) > 1:
                    yield s, seat
        seat = min(engine.to_move(s))
        s = engine.apply(s, seat, rnd.choice(engine.legal_actions(s, seat))).state
        step += 1


def ratings(thought: Any) -> list[tuple[str, int, float, bool]]:
    """A thought's ratings in a comparable form."""
    return [(str(r.action), r.visits, r.value, r.greedy) for r in thought.ratings]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_redeal_is_canonical(name: str, options: dict[str, Any]) -> None:
    """A redeal depends only on what the seat knows: redealing a redeal of a state gives what
    redealing the state gives (same seed), for every seat, all game long."""
    engine = get_game(name)
    rnd = random.Random(7)
    checked = 0
    for players in (2, 4):
        for s, seat in positions(engine, options, players, players, every=4):
            x, y = rnd.getrandbits(62), rnd.getrandbits(62)
            once = engine.dump(engine.redeal(s, seat, y))
            twice = engine.dump(engine.redeal(engine.redeal(s, seat, x), seat, y))
            assert once == twice, (name, players, seat)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_no_peeking(name: str, options: dict[str, Any]) -> None:
    """The search decides the same, rating every action alike, for a state and for any redeal
    of it for the deciding seat (same search seed): it never reads what the seat cannot know."""
    engine = get_game(name)
    policy = adapters()[name].decide
    rnd = random.Random(11)
    budget = Budget(iterations=24)
    checked = 0
    for players in (2, 3):
        for k, (s, seat) in enumerate(positions(engine, options, players, 5 + players, every=9)):
            if k % 2:
                continue
            seed = rnd.getrandbits(40)
            # The defaults, the hard level's own settings for the game, and the other seats
            # played by the greedy AI from their views of each sample.
            for settings in (Settings(), hard_settings(name), Settings(opponents="policy")):
                truth = think(engine, s, seat, budget, seed, policy, settings)
                for _ in range(2):
                    other = engine.redeal(s, seat, rnd.getrandbits(62))
                    again = think(engine, other, seat, budget, seed, policy, settings)
                    assert again.action == truth.action, (name, players, seat, settings)
                    assert ratings(again) == ratings(truth)
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", registered_games())
def test_same_seed_same_choice(name: str) -> None:
    """Same state, seat, budget and seed: the same choice and ratings; the choice is legal."""
    engine = get_game(name)
    s, seat = next(iter(positions(engine, {}, 3, 4, every=6)))
    budget = Budget(iterations=40)
    first = think(engine, s, seat, budget, 99, adapters()[name].decide)
    second = think(engine, s, seat, budget, 99, adapters()[name].decide)
    assert first.action == second.action
    assert ratings(first) == ratings(second)
    assert first.action in engine.legal_actions(s, seat)
    assert [r.action for r in first.ratings] == engine.legal_actions(s, seat)


@pytest.mark.parametrize("name", registered_games())
def test_budget_by_iterations(name: str) -> None:
    """The search runs exactly its iterations (each one visit of a root action), whatever the
    milliseconds it is also given."""
    engine = get_game(name)
    s, seat = next(iter(positions(engine, {}, 2, 3, every=5)))
    for n in (1, 7, 60):
        thought = think(engine, s, seat, Budget(iterations=n, ms=60_000.0), 5)
        assert thought.iterations == n
        assert thought.failures == 0
        assert sum(r.visits for r in thought.ratings) == n


def test_budget_in_milliseconds_ends() -> None:
    """A budget of milliseconds alone ends the search (after at least one iteration)."""
    engine = get_game("cartus")
    s, seat = next(iter(positions(engine, {}, 2, 3, every=5)))
    for clock in ("cpu", "wall"):
        thought = think(engine, s, seat, Budget(ms=1.0, clock=clock), 5)  # type: ignore[arg-type]
        assert thought.iterations >= 1
        assert thought.action in engine.legal_actions(s, seat)


def test_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        Budget()


def _raising(view: Mapping[str, Any], legal: Sequence[Any], rnd: random.Random) -> Any:
    raise RuntimeError("a policy bug")


def _illegal(view: Mapping[str, Any], legal: Sequence[Any], rnd: random.Random) -> Any:
    return "not an action"


@pytest.mark.parametrize("name", registered_games())
@pytest.mark.parametrize("policy", [_raising, _illegal])
def test_failing_policy_falls_back(name: str, policy: Any) -> None:
    """A policy that raises or answers an illegal action: the search goes on without its bias
    (rollouts too) and still returns a legal action, saying the policy failed."""
    engine = get_game(name)
    s, seat = next(iter(positions(engine, {}, 2, 8, every=7)))
    for rollout in ("random", "policy"):
        settings = Settings(rollout=rollout, rollout_depth=4)  # type: ignore[arg-type]
        thought = think(engine, s, seat, Budget(iterations=10), 3, policy, settings)
        assert thought.policy_failed
        assert thought.action in engine.legal_actions(s, seat)
        assert not any(r.greedy for r in thought.ratings)


class _Broken:
    """An engine whose `apply` raises on samples (a bug met mid-search)."""

    def __init__(self, engine: Game[Any, Any]) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        raise RuntimeError("an engine bug")

    def advance(self, state: Any, seat: int, action: Any) -> Any:
        # (a game's advance, where it has one, is its apply without the events)
        return self.apply(state, seat, action).state


@pytest.mark.parametrize("name", registered_games())
def test_failing_engine_still_answers(name: str) -> None:
    """Every iteration failing still gives a legal action: the greedy AI's, else a random one."""
    engine = get_game(name)
    s, seat = next(iter(positions(engine, {}, 2, 8, every=7)))
    broken: Any = _Broken(engine)
    thought = think(broken, s, seat, Budget(iterations=5), 3, adapters()[name].decide)
    assert thought.failures == 5
    assert thought.action in engine.legal_actions(s, seat)
    blind = think(broken, s, seat, Budget(iterations=5), 3)
    assert blind.action in engine.legal_actions(s, seat)


class _Flaky(_Broken):
    """An engine whose every 37th `apply` raises."""

    calls = 0

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        self.calls += 1
        if self.calls % 37 == 0:
            raise RuntimeError("an engine bug, now and then")
        return self._engine.apply(state, seat, action)


def _grown(name: str, settings: Settings, iterations: int = 80) -> tuple[_Node, int]:
    """The tree the search grows from a 2-player position of `name`, and the seat searching."""
    engine = get_game(name)
    s, seat = next(iter(positions(engine, {}, 2, 6, every=5)))
    root = _Node()
    rnd = random.Random(4)
    legal = _kept(engine.legal_actions(s, seat), settings.left_out)
    decide = adapters()[name].decide
    for _ in range(iterations):
        _iterate(engine, s, seat, root, None, legal, rnd, settings, decide)
    return root, seat


def _depth(node: _Node) -> int:
    return 1 + max(map(_depth, node.children.values()), default=0) if node.children else 0


def _movers(node: _Node) -> set[int]:
    out: set[int] = set()
    for (mover, _), child in node.children.items():
        out |= {mover, *_movers(child)}
    return out


@pytest.mark.parametrize("name", registered_games())
def test_the_tree_grows_no_deeper_than_its_settings(name: str) -> None:
    """`tree_depth` 1 compares the root's actions only (each then played out); without a
    limit the same iterations grow the tree below them."""
    shallow, _ = _grown(name, Settings(tree_depth=1))
    assert shallow.children and _depth(shallow) == 1
    assert sum(c.visits for c in shallow.children.values()) == 80
    deep, _ = _grown(name, Settings())
    assert _depth(deep) > 1


@pytest.mark.parametrize("name", registered_games())
def test_other_seats_played_by_the_policy_leave_no_nodes(name: str) -> None:
    """With `opponents` "policy" the tree holds the searching seat's decisions only: the other
    seats play the greedy AI's choice, from their views of the sample."""
    modelled, seat = _grown(name, Settings(opponents="policy"))
    assert _movers(modelled) == {seat}
    assert _depth(modelled) > 1
    searched, seat = _grown(name, Settings())
    assert _movers(searched) - {seat}


@pytest.mark.parametrize("name", registered_games())
def test_failed_iterations_do_not_spoil_the_tree(name: str) -> None:
    """Iterations that fail midway are dropped; the others still count, in full."""
    engine = get_game(name)
    s, seat = next(iter(positions(engine, {}, 2, 8, every=7)))
    flaky: Any = _Flaky(engine)
    thought = think(flaky, s, seat, Budget(iterations=60), 3, adapters()[name].decide)
    assert 0 < thought.failures < 30  # a failed node is tried again, not stuck unvisited
    assert sum(r.visits for r in thought.ratings) == 60 - thought.failures
    assert thought.action in engine.legal_actions(s, seat)


def _lone(engine: Game[Any, Any]) -> tuple[Any, int]:
    for seed in range(50):
        rnd = random.Random(seed)
        s = engine.new_game(2, seed)
        while not engine.is_over(s):
            seat = min(engine.to_move(s))
            legal = engine.legal_actions(s, seat)
            if len(legal) == 1:
                return s, seat
            s = engine.apply(s, seat, rnd.choice(legal)).state
    raise AssertionError("no position with a lone legal action")


@pytest.mark.parametrize("name", ["cartus"])
def test_a_lone_action_needs_no_search(name: str) -> None:
    engine = get_game(name)
    s, seat = _lone(engine)
    thought = think(engine, s, seat, Budget(iterations=50), 1)
    assert thought.action == engine.legal_actions(s, seat)[0]
    assert thought.iterations == 0


def test_rewards_from_the_ranking() -> None:
    """A seat's reward is the share of the others it ranks ahead of, a tie counting half."""

    class Ranked:
        def result(self, state: Any) -> dict[str, Any]:
            ranks = [1, 2, 2, 4]
            return {"ranking": [{"seat": p, "rank": r} for p, r in enumerate(ranks)]}

    assert rewards(Ranked(), None) == [1.0, 0.5, 0.5, 0.0]  # type: ignore[arg-type]
    # Played for first place: the winner takes it all, a shared first is shared.
    assert rewards(Ranked(), None, goal="first") == [1.0, 0.0, 0.0, 0.0]  # type: ignore[arg-type]

    class Tied(Ranked):
        def result(self, state: Any) -> dict[str, Any]:
            ranks = [1, 3, 1, 4]
            return {"ranking": [{"seat": p, "rank": r} for p, r in enumerate(ranks)]}

    assert rewards(Tied(), None, goal="first") == [0.5, 0.0, 0.5, 0.0]  # type: ignore[arg-type]


def test_levels_are_data_for_every_game() -> None:
    """easy, normal and hard are defined; hard has a budget for every registered game."""
    assert set(LEVELS) == {"easy", "normal", "hard"}
    assert 0 < LEVELS["easy"].epsilon < 1
    for name in registered_games():
        assert name in BUDGETS
        assert hard_budget(name).ms is not None


def test_easy_and_normal_answer_legally() -> None:
    """normal plays the greedy AI (guarded: a legal action even when it fails); easy, noise."""
    engine = get_game("piper")
    decide = adapters()["piper"].decide
    s, seat = next(iter(positions(engine, {}, 3, 2, every=3)))
    legal = engine.legal_actions(s, seat)
    view = engine.view(s, seat)
    assert greedy(decide)(view, legal, random.Random(1)) == decide(view, legal, random.Random(1))
    assert greedy(_raising)(view, legal, random.Random(1)) in legal
    picks = {str(noisy(decide, 1.0)(view, legal, random.Random(k))) for k in range(30)}
    assert len(picks) > 1


def test_ai_imports_neither_bot_nor_discord() -> None:
    """ai/ is pure: the greedy AI is a parameter, never an import."""
    code = (
        "import sys, ai, ai.search, ai.levels, ai.policy; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('bot', 'discord', 'render')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_hard_beats_random_play() -> None:
    """A strength smoke test: the search (a small budget, with no greedy AI to lean on) wins
    most seeded 2-player Pied Piper games against random play, seats alternated."""
    engine = get_game("piper")
    wins = 0
    for game in range(6):
        s = engine.new_game(2, game)
        rnd = random.Random(game)
        hard = game % 2
        step = 0
        while not engine.is_over(s):
            seat = min(engine.to_move(s))
            legal = engine.legal_actions(s, seat)
            if seat == hard:
                action = think(engine, s, seat, Budget(iterations=60), game * 1000 + step).action
            else:
                action = rnd.choice(legal)
            s = engine.apply(s, seat, action).state
            step += 1
        firsts = [r["seat"] for r in engine.result(s)["ranking"] if r["rank"] == 1]
        wins += firsts == [hard]
    assert wins >= 5


def test_hard_finishes_a_cartus_game() -> None:
    """With its level's settings, hard ends its turns in Cartus (the search alone could play
    and withdraw the same card for ever): a seeded 2-player game against normal ends."""
    engine = get_game("cartus")
    decide = adapters()["cartus"].decide
    s = engine.new_game(2, 0)
    step = 0
    while not engine.is_over(s) and step < 400:
        seat = min(engine.to_move(s))
        legal = engine.legal_actions(s, seat)
        if seat == 0:
            budget = Budget(iterations=8)
            action = think(engine, s, seat, budget, step, decide, hard_settings("cartus")).action
        else:
            action = greedy(decide)(engine.view(s, seat), legal, random.Random(step))
        s = engine.apply(s, seat, action).state
        step += 1
    assert engine.is_over(s)


def test_left_out_verbs_are_never_played_while_another_action_is_legal() -> None:
    """Cartus's hard settings leave withdrawing out: in positions where the seat could take a
    placed card back, the search plays something else, yet rates every legal action (a hint
    lists them all); with nothing else legal, a left-out action is still played."""
    engine = get_game("cartus")
    settings = Settings(left_out=frozenset({"withdraw"}))
    found = 0
    for s, seat in positions(engine, {}, 2, 3, 1):
        legal = engine.legal_actions(s, seat)
        if not any(a.verb == "withdraw" for a in legal):
            continue
        found += 1
        thought = think(engine, s, seat, Budget(iterations=40), found, None, settings)
        assert thought.action.verb != "withdraw"
        assert [r.action for r in thought.ratings] == legal
        assert all(r.visits == 0 for r in thought.ratings if r.action.verb == "withdraw")
        if found == 5:
            break
    assert found == 5
    only = [a for a in legal if a.verb == "withdraw"][:1]
    assert only
    assert _kept(only, settings.left_out) == only


def test_the_search_overrides_the_greedy_ai_only_where_its_settings_say() -> None:
    """With `searched` verbs (Cartus: its supply action and the building entered), a decision
    offering none of them plays the greedy AI's choice, the actions still rated (a hint shows
    them, unless only the choice is wanted); one offering them is the search's to make."""
    engine = get_game("cartus")
    decide = adapters()["cartus"].decide
    settings = hard_settings("cartus")
    assert settings.searched == frozenset({"supply", "enter"})
    placing = entering = 0
    for s, seat in positions(engine, {}, 2, 5, 1):
        legal = engine.legal_actions(s, seat)
        verbs = {a.verb for a in legal}
        thought = think(engine, s, seat, Budget(iterations=30), 1, decide, settings)
        if verbs & settings.searched:
            entering += 1
        else:
            greedy_choice = decide(engine.view(s, seat), legal, random.Random(1))
            assert thought.action == greedy_choice
            assert sum(r.visits for r in thought.ratings) > 0
            # An AI seat's move (no ratings wanted): the same choice, with no search at all.
            quick = think(engine, s, seat, Budget(iterations=30), 1, decide, settings, rate=False)
            assert quick.action == greedy_choice and quick.iterations == 0
            placing += 1
        if placing >= 4 and entering >= 2:
            break
    assert placing >= 4 and entering >= 2


def africanus_windows(players: int, seeds: range) -> Iterator[tuple[Any, int]]:
    """Positions of seeded random Africanus games, everyone's standing order "ask", where a
    reaction window asks two seats or more; with each seat asked."""
    from engine.rattus.state import Phase

    engine = get_game("rattus")
    for seed in seeds:
        rnd = random.Random(seed)
        s = engine.new_game(players, seed, {"expansion": "africanus"})
        for p in range(players):
            s = engine.apply(s, p, engine.parse_action("standing ask")).state
        while not engine.is_over(s):
            if s.phase is Phase.REACTION and len(s.africa.ravage.asked) >= 2:
                for seat in s.africa.ravage.asked:
                    yield s, seat
            seat = min(engine.to_move(s))
            s = engine.apply(s, seat, rnd.choice(engine.legal_actions(s, seat))).state


def test_who_else_a_window_asks_is_sampled_like_the_hands() -> None:
    """Africanus: who else an open window asks follows from the others' hands and standing
    orders, as secret as they are. A seat asked finds two positions alike that differ only in
    that (another seat asked or not, its order "never" or "ask"): redealt alike, searched
    alike; and a redeal asks the seat still, the others as its own dealt hands would."""
    from engine.core.evolve import evolve
    from engine.rattus.state import Standing

    engine = get_game("rattus")
    policy = adapters()["rattus"].decide
    checked = 0
    rnd = random.Random(5)
    for s, seat in africanus_windows(4, range(6)):
        afr = s.africa
        others = [p for p in range(4) if p != seat]
        twin = evolve(
            s,
            africa=evolve(
                afr,
                standing=tuple(Standing.NEVER if p != seat else afr.standing[p] for p in range(4)),
                ravage=evolve(afr.ravage, asked=(seat,)),
            ),
        )
        y = rnd.getrandbits(62)
        dealt = engine.redeal(s, seat, y)
        assert engine.dump(dealt) == engine.dump(engine.redeal(twin, seat, y))
        assert seat in dealt.africa.ravage.asked
        assert set(dealt.africa.ravage.asked) - {seat} <= set(others)
        if checked % 4 == 0:
            budget = Budget(iterations=12)
            a = think(engine, s, seat, budget, y, policy)
            b = think(engine, twin, seat, budget, y, policy)
            assert (a.action, a.ratings) == (b.action, b.ratings)
        checked += 1
        if checked >= 16:
            break
    assert checked >= 16


def test_a_variant_plays_with_its_own_settings_in_the_bot_and_the_benchmark(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ai.levels import VARIANT_SETTINGS, variant_of
    from bench.ai import _hard_settings
    from bot import ai as bot_ai

    engine = get_game("piper")
    seen: list[Settings] = []
    real_think = bot_ai.ai.think

    def spy(*args: Any, settings: Settings, **kwargs: Any) -> Any:
        seen.append(settings)
        return real_think(*args, settings=settings, **kwargs)

    monkeypatch.setattr(bot_ai.ai, "think", spy)
    s = engine.new_game(2, 1, {"variant": "ptits_rats"})
    wanted = VARIANT_SETTINGS[("piper", "ptits_rats")]
    assert variant_of(engine.view(s, None)) == "ptits_rats"
    assert hard_settings("piper", "ptits_rats") == _hard_settings("piper_ptits_rats") == wanted
    # The bot's hard seat (a worker's think_hard, from the state's dump) searches with them.
    bot_ai.think_hard("piper", engine.dump(s), min(engine.to_move(s)), 1, Budget(iterations=3))
    assert seen == [wanted]
    plain = engine.new_game(2, 1)
    assert variant_of(engine.view(plain, None)) == ""
    assert hard_settings("piper", "") == hard_settings("piper") == Settings()
    assert hard_settings("piper", "hidden") == _hard_settings("piper_hidden")
    assert hard_settings("piper", "hidden") == Settings(twin="hidden")
    assert _hard_settings("cartus_variants") == hard_settings("cartus")


def test_twins_are_one_choice_and_the_policy_hides_the_chosen_card() -> None:
    """With `twin` "hidden" (the Pied Piper's hidden cards), a card played face down and the
    same card face up are one choice: the search never plays a hidden card itself (in its tree
    or its rollouts) and rates it through its face-up twin (a hint lists each card once), and
    the policy chooses between the chosen twins (the greedy AI hides a card whose character
    holds none yet)."""
    engine = get_game("piper")
    decide = adapters()["piper"].decide
    settings = Settings(twin="hidden")
    played: list[Any] = []
    real_apply = engine.apply
    real_advance = engine.advance  # type: ignore[attr-defined]

    class Spy:
        def __getattr__(self, name: str) -> Any:
            return getattr(engine, name)

        def apply(self, s: Any, seat: int, a: Any) -> Any:
            played.append(a)
            return real_apply(s, seat, a)

        def advance(self, s: Any, seat: int, a: Any) -> Any:
            played.append(a)
            return real_advance(s, seat, a)

    found = hidden_choices = 0
    for s, seat in positions(engine, {"variant": "hidden"}, 2, 4, 1):
        legal = engine.legal_actions(s, seat)
        twins = [a for a in legal if getattr(a, "hidden", False)]
        if not twins:
            continue
        found += 1
        played.clear()
        spy: Any = Spy()
        thought = think(spy, s, seat, Budget(iterations=60), found, decide, settings)
        assert played and not any(getattr(a, "hidden", False) for a in played)
        assert [r.action for r in thought.ratings] == legal
        by_action = {r.action: r for r in thought.ratings}
        assert all(by_action[a].visits == 0 for a in twins)  # rated as their face-up twins
        assert sum(r.visits for r in thought.ratings) > 0
        chosen = thought.action
        if chosen.hidden:
            hidden_choices += 1
        pair = [a for a in legal if (a.card, a.slot) == (chosen.card, chosen.slot)]
        assert chosen == decide(engine.view(s, seat), pair, random.Random(found)) or any(
            r.greedy and r.action == chosen for r in thought.ratings
        )
        if found == 6:
            break
    assert found == 6 and hidden_choices > 0
    assert _kept(twins, frozenset(), "hidden") == twins  # nothing else: still played


class _WithoutAdvance:
    """A game as the search sees it, its `advance` hidden: the search then applies."""

    def __init__(self, engine: Game[Any, Any]) -> None:
        self._engine = engine
        self.applied = 0

    def apply(self, *args: Any) -> Any:
        self.applied += 1
        return self._engine.apply(*args)

    def __getattr__(self, name: str) -> Any:
        if name == "advance":
            raise AttributeError(name)
        return getattr(self._engine, name)


@pytest.mark.parametrize("variant", [{}, {"variant": "ptits_rats"}, {"variant": "hidden"}])
def test_a_game_s_advance_searches_as_its_apply_does(variant: dict[str, str]) -> None:
    """The Pied Piper offers `advance` (apply's next state without its events): the search
    plays with it, and finds what it finds by applying, rating for rating."""
    engine = get_game("piper")
    assert hasattr(engine, "advance")
    settings = hard_settings("piper", variant.get("variant"))
    checked = 0
    for s, seat in positions(engine, variant, 3, 11, every=7):
        plain = _WithoutAdvance(engine)
        budget = Budget(iterations=60)
        fast = think(engine, s, seat, budget, 3, adapters()["piper"].decide, settings)
        slow = think(plain, s, seat, budget, 3, adapters()["piper"].decide, settings)  # type: ignore[arg-type]
        assert plain.applied > 60  # (the tree and the rollouts applied)
        assert fast.action == slow.action
        assert ratings(fast) == ratings(slow)
        checked += 1
        if checked == 3:
            break
    assert checked == 3
