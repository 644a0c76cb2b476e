"""Hidden information: what a seat cannot know never changes its view, events or public text."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.rng import Rng
from engine.rattus import GAME
from engine.rattus.state import State
from tests.engine.builders import play, position, random_playout


def reshuffle_hidden(s: State, seat: int | None, rnd: random.Random) -> State:
    """Permute every token `seat` cannot know among the places they occupy, and the seed."""
    known = s.known[seat] if seat is not None else frozenset()
    slots: list[tuple[str, int, int]] = []
    hidden: list[int] = []
    for r, row in enumerate(s.board_tokens):
        for pos, t in enumerate(row):
            if t not in known:
                slots.append(("board", r, pos))
                hidden.append(t)
    hidden += list(s.supply) + list(s.removed)
    rnd.shuffle(hidden)
    rows = [list(row) for row in s.board_tokens]
    it = iter(hidden)
    for _, r, pos in slots:
        rows[r][pos] = next(it)
    rest = list(it)
    supply = tuple(sorted(rest[: len(s.supply)]))
    removed = tuple(sorted(rest[len(s.supply) :]))
    return replace(
        s,
        board_tokens=tuple(tuple(r) for r in rows),
        supply=supply,
        removed=removed,
        rng=Rng(rnd.getrandbits(63), rnd.randint(0, 1000)),
    )


def hidden_ids(s: State, seat: int | None) -> set[str]:
    known = s.known[seat] if seat is not None else frozenset()
    faces = s.board.faces
    face_down = {t for row in s.board_tokens for t in row}
    return {faces[t].id for t in (face_down - known) | set(s.supply) | set(s.removed)}


TOKEN_ID = re.compile(r"\b[RF]\d\d\b")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    shuffle=st.integers(min_value=0, max_value=2**32),
)
def test_views_do_not_depend_on_hidden_information(players: int, seed: int, shuffle: int) -> None:
    rnd = random.Random(shuffle)
    for k, (s, _, _) in enumerate(random_playout(players, seed, policy_seed=shuffle)):
        if k % 7:
            continue
        for seat in [None, *range(players)]:
            original = GAME.view(s, seat)
            other = reshuffle_hidden(s, seat, rnd)
            assert GAME.view(other, seat) == original
            text = json.dumps(original)
            assert not set(TOKEN_ID.findall(text)) & hidden_ids(s, seat)
            assert "seed" not in text and "rng" not in text


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
)
def test_events_show_faces_only_to_who_may_see_them(players: int, seed: int) -> None:
    for s, seat, action in random_playout(players, seed, policy_seed=seed):
        step = GAME.apply(s, seat, action)
        after = step.state
        for event in step.events:
            for viewer in [None, *range(players)]:
                if not event.visible_for(viewer):
                    continue
                text = json.dumps(event.to_dict())
                shown = set(TOKEN_ID.findall(text))
                assert not shown & hidden_ids(after, viewer), (viewer, event)


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
