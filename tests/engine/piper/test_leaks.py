"""Hidden information: the other hands, the draw pile and the face-down cards never reach a view,
an event or a text that may not see them."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.events import Event
from engine.piper import GAME
from engine.piper.state import State
from tests.engine.piper.builders import play, position, random_playout

HIDDEN = {"variant": "hidden"}


def viewers(s: State) -> list[int | None]:
    return [None, *range(s.players)]


def check_views(s: State) -> None:
    """No view shows another seat's hand or the type of another seat's face-down card."""
    for seat in viewers(s):
        view = GAME.view(s, seat)
        text = json.dumps(view)
        assert '"rng"' not in text and '"seed"' not in text
        if seat is None:
            assert "hand" not in view
        else:
            assert view["hand"] == [c.value for c in s.hands[seat]]
        for k, character in enumerate(view["characters"]):
            for entry, placed in zip(character["cards"], s.under[k], strict=True):
                assert entry["seat"] == placed.seat
                if placed.hidden:
                    assert entry["hidden"] is True
                    assert ("card" in entry) == (seat == placed.seat)
                else:
                    assert entry == {
                        "card": placed.card.value,
                        "seat": placed.seat,
                        "hidden": False,
                    }


def check_events(events: tuple[Event, ...], s: State) -> None:
    for event in events:
        data = event.to_dict()
        json.dumps(data)
        if data["type"] == "card_played" and data["hidden"]:
            assert data["card"] is None and event.visible_to is None
        if data["type"] in ("hidden_card_played", "cards_drawn", "hand_dealt"):
            assert event.visible_to == frozenset({data["seat"]})


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**62),
)
def test_views_and_events_of_whole_hidden_games(players: int, seed: int) -> None:
    """Every step of a random hidden-cards game: views and events keep each secret."""
    for event in GAME.setup_events(GAME.new_game(players, seed, HIDDEN)):
        assert event.visible_to is None or event.kind == "hand_dealt"
    for state, seat, action in random_playout(players, seed, HIDDEN, policy_seed=seed):
        check_views(state)
        check_events(GAME.apply(state, seat, action).events, state)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**62),
    variant=st.sampled_from([None, HIDDEN, {"variant": "ptits_rats"}]),
)
def test_public_events_never_depend_on_what_the_public_cannot_see(
    players: int, seed: int, variant: dict[str, str] | None
) -> None:
    """Dealing again everything the active player cannot see (the other hands, the pile, the
    others' face-down cards) changes no public event of its action, unless that action turns a
    face-down card up (the face is then public) or discards an eliminated hand face up; and
    no seat's view changes."""
    rnd = random.Random(seed)
    compared = 0
    for state, seat, action in random_playout(players, seed, variant, policy_seed=seed):
        other = GAME.redeal(state, seat, rnd.getrandbits(62))
        for viewer in viewers(state):
            if viewer in (None, seat):
                assert GAME.view(other, viewer) == GAME.view(state, viewer)
        mine = GAME.apply(state, seat, action).events
        theirs = GAME.apply(other, seat, action).events
        if any(e.kind in ("card_revealed", "hand_discarded") for e in (*mine, *theirs)):
            continue

        def public(events: tuple[Event, ...]) -> list[dict[str, object]]:
            return [e.to_dict() for e in events if e.visible_to is None and not e.reveals]

        assert public(mine) == public(theirs)
        compared += 1
    assert compared


def test_a_face_down_card_type_is_nowhere_in_the_public_or_another_seats_eyes() -> None:
    """A tracer: the only Melody cards in sight are seat 0's, one of them face down. The word
    "melody" appears in no public view or event, and not in seat 1's view, until it is
    revealed."""
    s = position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        hands={
            0: ["melody", "melody", "sewer", "sewer"],
            1: ["forward1", "forward1", "sewer", "back1"],
            2: ["forward1", "forward1", "forward2", "back1"],
        },
        variant="hidden",
    )
    s, events = play(s, (0, "play melody 1 hidden"), (0, "play sewer 2"))
    # The other Melody cards are in the draw pile (only its size is shown), none face up.
    assert s.discard[5] == 0
    for viewer in (None, 1, 2):
        assert "melody" not in json.dumps(GAME.view(s, viewer))
        visible = [e.to_dict() for e in events if e.visible_for(viewer)]
        assert "melody" not in json.dumps(visible)
    assert "melody" in json.dumps(GAME.view(s, 0))
    # Seat 1 completes the yellow rat: now the card is face up for everyone.
    s, events = play(s, (1, "play forward1 1"), (1, "play sewer 3"))
    public = json.dumps([e.to_dict() for e in events if e.visible_to is None])
    assert "melody" in public
