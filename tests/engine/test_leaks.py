"""Hidden information: what a seat cannot know never changes its view, events or public text."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rattus import GAME
from engine.rattus.data import region_cards
from engine.rattus.redeal import hidden_hands, secret_drawn
from engine.rattus.state import Phase, State
from tests.engine.builders import africa_position, play, position, random_playout

GAMES = [("", 2), ("", 3), ("", 4)] + [("africanus", n) for n in (2, 3, 4, 5, 6)]


def options(expansion: str) -> dict[str, object] | None:
    return {"expansion": expansion} if expansion else None


def reshuffle_hidden(s: State, seat: int | None, rnd: random.Random) -> State:
    """Permute every token and region card `seat` cannot know among the places they occupy,
    give the other seats random standing orders, and change the seed."""
    return GAME.redeal(s, seat, rnd.getrandbits(62))


def hidden_ids(s: State, seat: int | None) -> set[str]:
    known = s.known[seat] if seat is not None else frozenset()
    faces = s.board.faces
    face_down = {t for row in s.board_tokens for t in row}
    return {faces[t].id for t in (face_down - known) | set(s.supply) | set(s.removed)}


def hidden_cards(s: State, seat: int | None, discard: bool) -> set[str]:
    """Region cards `seat` may not see: other hands, the draw pile, someone else's Astronomer
    draw, and (for views, which show only its size) the discard pile."""
    afr = s.africa
    if afr is None:
        return set()
    cards = [c for p in hidden_hands(s, seat) for c in afr.hands[p]] + list(afr.deck)
    if discard:
        cards += list(afr.discard)
    if secret_drawn(s, seat):
        cards += list(afr.drawn)
    ids = region_cards()
    return {ids[c].id for c in cards}


TOKEN_ID = re.compile(r"\b[RF]\d\d\b")
CARD_ID = re.compile(r"\b[a-z]+\d?-[123]\b")


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    shuffle=st.integers(min_value=0, max_value=2**32),
)
@pytest.mark.slow
def test_views_do_not_depend_on_hidden_information(
    game: tuple[str, int], seed: int, shuffle: int
) -> None:
    expansion, players = game
    rnd = random.Random(shuffle)
    for k, (s, _, _) in enumerate(
        random_playout(players, seed, options(expansion), policy_seed=shuffle)
    ):
        if k % 7 and s.phase not in (Phase.REACTION, Phase.ASTRONOMER, Phase.EXPLORER):
            continue
        for seat in [None, *range(players)]:
            original = GAME.view(s, seat)
            other = reshuffle_hidden(s, seat, rnd)
            assert GAME.view(other, seat) == original
            text = json.dumps(original)
            assert not set(TOKEN_ID.findall(text)) & hidden_ids(s, seat)
            assert not set(CARD_ID.findall(text)) & hidden_cards(s, seat, discard=True)
            assert "seed" not in text and "rng" not in text


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
)
@pytest.mark.slow
def test_events_show_faces_only_to_who_may_see_them(game: tuple[str, int], seed: int) -> None:
    expansion, players = game
    for s, seat, action in random_playout(players, seed, options(expansion), policy_seed=seed):
        step = GAME.apply(s, seat, action)
        after = step.state
        for event in step.events:
            for viewer in [None, *range(players)]:
                if not event.visible_for(viewer):
                    continue
                text = json.dumps(event.to_dict())
                shown = set(TOKEN_ID.findall(text))
                assert not shown & hidden_ids(after, viewer), (viewer, event)
                cards = set(CARD_ID.findall(text))
                assert not cards & hidden_cards(after, viewer, discard=False), (viewer, event)
                if event.kind == "standing_order_set":
                    assert viewer == seat


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
)
def test_the_final_ravage_shows_every_token_and_only_then(game: tuple[str, int], seed: int) -> None:
    """Rules, game end: "one at a time all the rat tokens are revealed". Every token on the
    board when the final ravage begins is shown by then (in the events and the final public
    view); until that moment the views hold no face down token (the test above)."""
    expansion, players = game
    earlier = 0  # tokens revealed before the final ravage
    shown: list[str] = []  # tokens revealed in it
    final = False
    s = None
    for s, seat, action in random_playout(players, seed, options(expansion), policy_seed=seed):
        step = GAME.apply(s, seat, action)
        for event in step.events:
            final = final or event.kind == "final_ravage_began"
            if event.kind == "rat_token_revealed":
                if final:
                    shown.append(event.to_dict()["token"])
                else:
                    earlier += 1
        s = step.state
    assert s is not None and GAME.is_over(s) and final
    # Nothing is left face down on the board; the tokens revealed since the final ravage began
    # are those the events showed, in order, and those of the final public view.
    assert not any(s.board_tokens)
    faces = s.board.faces
    assert [faces[t].id for t in s.revealed[earlier:]] == shown
    assert [x["id"] for x in GAME.view(s, None)["recent"]["revealed"]] == shown


def test_setup_events_show_each_hand_to_its_owner_only() -> None:
    s = GAME.new_game(4, 9, {"expansion": "africanus"})
    for event in GAME.setup_events(s):
        for viewer in [None, 0, 1, 2, 3]:
            if event.visible_for(viewer):
                cards = set(CARD_ID.findall(json.dumps(event.to_dict())))
                assert not cards & hidden_cards(s, viewer, discard=False)


def test_witch_peek_is_private_but_public_knows_it_happened() -> None:
    s = position(2, tokens={"gallia": ["R24"]}, holders={"witch": 0})
    after, events = play(s, (0, "peek gallia 1"))
    public = [e.to_dict() for e in events if e.visible_for(None)]
    assert public == [{"type": "rat_token_peeked", "seat": 0, "region": "gallia", "position": 0}]
    assert all(not e.visible_for(1) for e in events if e.kind == "rat_token_seen")
    assert GAME.view(after, 1)["regions"][1]["known"] == [None]
    assert GAME.view(after, 0)["regions"][1]["known"] == [
        {"id": "R24", "limit": 3, "symbols": ["M", "P"]}
    ]


def test_astronomer_cards_stay_with_their_owner() -> None:
    s = africa_position(3, holders={"astronomer": 1}, active=1, hands={1: ["gallia-1"]})
    s, events = play(s, (1, "astronomer"))
    for viewer in (None, 0, 2):
        text = json.dumps([e.to_dict() for e in events if e.visible_for(viewer)])
        assert not set(CARD_ID.findall(text))
        assert GAME.view(s, viewer)["astronomer"]["cards"] is None
    s, events = play(s, (1, "choose 1"))
    for viewer in (None, 0, 2):
        text = json.dumps([e.to_dict() for e in events if e.visible_for(viewer)])
        assert not set(CARD_ID.findall(text))


@pytest.mark.slow
def test_views_of_one_position_share_only_what_all_may_see() -> None:
    """Views of a position reuse its public part (bot and renderer ask for the public view and
    each seat's in a row): each seat's view is what it would be on its own, in any order."""
    from engine.rattus import views

    rnd = random.Random(8)
    for expansion, players in GAMES:
        s = GAME.new_game(players, rnd.getrandbits(32), options(expansion))
        for _ in range(60):
            if GAME.is_over(s):
                break
            alone = {}
            for seat in (None, *range(players)):
                views._last = None  # nothing cached: as if no other view was asked for
                alone[seat] = json.dumps(GAME.view(s, seat))
            for seat in rnd.sample([None, *range(players)], players + 1):
                assert json.dumps(GAME.view(s, seat)) == alone[seat]
            seat = sorted(GAME.to_move(s))[0]
            s = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat))).state
