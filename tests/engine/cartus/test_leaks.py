"""Hidden information: hands, face-down cards, nun looks and rat totals never reach a view or
an event they should not."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine.cartus import GAME
from engine.cartus.data import card_id
from engine.cartus.state import Phase, State
from engine.cartus.views import revealed
from tests.engine.cartus.builders import of, play, position, random_playout, visit

GAMES = [
    (2, 11, {}),
    (3, 12, {"supply": "simultaneous"}),
    (4, 13, {}),
    (5, 14, {"buildings": "random"}),
]


def states(players: int, seed: int, options: dict[str, str], every: int = 7) -> list[State]:
    return [
        s
        for k, (s, _, _) in enumerate(random_playout(players, seed, options, seed))
        if k % every == 0
    ]


def dumps(view: dict[str, object]) -> str:
    return json.dumps(view, sort_keys=True)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_private_keys_only_in_the_owners_view(
    players: int, seed: int, options: dict[str, str]
) -> None:
    for s in states(players, seed, options):
        public = GAME.view(s, None)
        for key in ("hand", "rats", "nuns_known", "my_supply"):
            assert key not in public
        for seat in range(players):
            mine = GAME.view(s, seat)
            assert [c["card"] for c in mine["hand"]] == [card_id(c) for c in s.hands[seat]]
            assert mine["rats"] == s.rats[seat]
            for i, known in enumerate(mine["nuns_known"]):
                assert (known is not None) == bool(s.looks[seat] >> i & 1)
            for building in mine["row"]:
                for v in building["visits"]:
                    assert (v["cards"] is not None) == (v["revealed"] or v["seat"] == seat)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_other_rat_totals_never_change_a_view(
    players: int, seed: int, options: dict[str, str]
) -> None:
    """COMPONENTS 4.5 #19: only the owner's view shows the total."""
    rnd = random.Random(seed)
    for s in states(players, seed, options):
        if s.phase is Phase.OVER:
            continue
        for seat in [None, *range(players)]:
            rats = tuple(r if p == seat else rnd.randrange(40) for p, r in enumerate(s.rats))
            other = replace(s, marks=replace(s.marks, rats=rats))
            assert GAME.view(other, seat) == GAME.view(s, seat)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_hands_face_down_cards_and_unseen_nuns_never_change_a_view(
    players: int, seed: int, options: dict[str, str]
) -> None:
    """Swapping a card a seat cannot see with a card of the draw pile leaves its view as is."""
    rnd = random.Random(seed)
    for s in states(players, seed, options, every=11):
        if s.phase is Phase.OVER or not s.cards.draw:
            continue
        for seat in [None, *range(players)]:
            spots = [
                ("hand", p, i) for p in range(players) if p != seat for i in range(len(s.hands[p]))
            ]
            spots += [
                ("visit", k, i)
                for k, v in enumerate(s.visits)
                if v.seat != seat and not revealed(s, v)
                for i in range(len(v.cards))
            ]
            mask = s.looks[seat] if seat is not None else 0
            spots += [("nun", i, 0) for i in range(5) if not mask >> i & 1]
            where, a, i = rnd.choice(spots)
            swapped = _swap(s, where, a, i, rnd.randrange(len(s.cards.draw)))
            assert GAME.view(swapped, seat) == GAME.view(s, seat), (where, seat)


def _swap(s: State, where: str, a: int, i: int, d: int) -> State:
    draw = list(s.cards.draw)
    new = draw[d]
    if where == "hand":
        hand = list(s.hands[a])
        old, hand[i] = hand[i], new
        hands = tuple(tuple(sorted(hand)) if p == a else h for p, h in enumerate(s.hands))
        cards = replace(s.cards, hands=hands)
    elif where == "visit":
        v = s.visits[a]
        played = list(v.cards)
        old, played[i] = played[i], new
        visits = tuple(
            replace(v, cards=tuple(sorted(played))) if k == a else x for k, x in enumerate(s.visits)
        )
        s = replace(s, visits=visits)
        cards = s.cards
    else:
        nuns = list(s.nuns)
        old, nuns[a] = nuns[a], new
        cards = replace(s.cards, nuns=tuple(nuns))
    draw[d] = old
    return replace(s, cards=replace(cards, draw=tuple(sorted(draw))))


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_public_events_before_a_reveal_do_not_depend_on_hidden_cards(
    players: int, seed: int, options: dict[str, str]
) -> None:
    """Apply the same action to the position and to a redeal of everything its player cannot
    see: the public events are the same up to the first one that reveals something."""
    rnd = random.Random(seed)
    for k, (s, seat, action) in enumerate(random_playout(players, seed, options, seed)):
        if k % 3:
            continue
        other = GAME.redeal(s, seat, rnd.getrandbits(60))
        first = [e.to_dict() for e in _public_until_reveal(GAME.apply(s, seat, action).events)]
        again = [e.to_dict() for e in _public_until_reveal(GAME.apply(other, seat, action).events)]
        assert first == again, (k, str(action))


def _public_until_reveal(events: tuple[object, ...]) -> list:
    out = []
    for e in events:
        if e.reveals:  # type: ignore[attr-defined]
            break
        if e.visible_to is None:  # type: ignore[attr-defined]
            out.append(e)
    return out


def test_private_events_name_their_seats() -> None:
    """Draws, face-down placements, nun looks and cards handed over are private."""
    s = position(
        3,
        row=["monastery-1", "fortune_teller-2"],
        hands={0: ["sword", "witch0"], 1: ["peasant0", "peasant1", "monk0", "king0"]},
    )
    s, ev = play(s, (0, "supply 2 look 3"), (1, "supply 1"), (2, "supply 2 look 1"))
    assert {e.seat for e in of(ev, "cards_drawn")} == {0, 1, 2}
    assert all(e.visible_to == {e.seat} for e in of(ev, "cards_drawn"))
    assert all(e.visible_to == {e.seat} for e in of(ev, "nun_seen"))
    assert [e.positions for e in of(ev, "nun_looked")] == [(2,), (0,)]
    assert all(e.visible_to is None for e in of(ev, "nun_looked"))
    s, ev = play(s, *visit(0, 1, "sword"), *visit(1, 1), *visit(2, 2))
    assert all(e.visible_to == {0} for e in of(ev, "card_placed"))
    hand = len(s.hands[1])
    s, ev = play(s, (1, f"give {card_id(s.hands[1][0])}"))
    shown = of(ev, "card_given_shown")[0]
    assert shown.visible_to == {0, 1} and of(ev, "card_given")[0].visible_to is None
    assert len(s.hands[1]) == hand - 1
    text = dumps({"events": [e.to_dict() for e in ev if e.visible_to is None]})
    assert shown.card not in text.replace('"card": "sword"', "")


def test_the_public_never_sees_simultaneous_answers_before_all_are_in() -> None:
    s = position(3, row=["farm-1", "monastery-3"], options={"supply": "simultaneous"})
    s, ev = play(s, (1, "supply 2"))
    assert [e.to_dict() for e in ev] == [{"type": "supply_answered", "seat": 1, "waiting": [0, 2]}]
    assert GAME.view(s, None)["supply_answered"] == [1]
    assert (
        GAME.view(s, 0).get("my_supply") is None and GAME.view(s, 1)["my_supply"]["building"] == 1
    )
    other = replace(s, chosen=((-1, -1), (0, -1), (-1, -1)))
    assert GAME.view(other, None) == GAME.view(s, None) and GAME.view(other, 0) == GAME.view(s, 0)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_public_events_never_carry_a_rat_total(
    players: int, seed: int, options: dict[str, str]
) -> None:
    """Rats change in public (+1, -2), but a total is only revealed at the end."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(seed)
    while not GAME.is_over(s):
        seat = rnd.choice(sorted(GAME.to_move(s)))
        step = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))
        for event in step.events:
            data = event.to_dict()
            if event.visible_to is None and data["type"] not in ("player_score", "game_ended"):
                assert "rats" not in data, data
                if data["type"] != "influence_gained":  # an influence total is public
                    assert "total" not in data, data
        s = step.state
