"""Builders for engine tests: a game position written the way the rulebook describes it."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from engine.core.rng import Rng
from engine.rattus import GAME
from engine.rattus.actions import REGION_CARD_INDEX, Action, SetStanding
from engine.rattus.data import REGION_INDEX, ClassCard, Region
from engine.rattus.state import Phase, Standing, State


def token_index(state: State, token_id: str) -> int:
    """Index of the token with printed id `token_id` (e.g. "R04")."""
    for i, face in enumerate(state.board.faces):
        if face.id == token_id:
            return i
    raise KeyError(token_id)


def position(
    players: int = 4,
    *,
    cubes: Mapping[str, Sequence[int]] | None = None,
    tokens: Mapping[str, Sequence[str]] | None = None,
    holders: Mapping[str, int] | None = None,
    plague: str | None = None,
    active: int = 0,
    phase: Phase = Phase.MAIN,
    palace: Sequence[int] | None = None,
    seed: int = 1,
    expansion: str = "",
    supply: Sequence[str] | None = None,
    classes: Sequence[str] | None = None,
    **fields: object,
) -> State:
    """A position with exactly these cubes, tokens (printed ids), card holders and plague.

    Regions not named have no cubes and no tokens; every other token is in the supply (or,
    when `supply` names the supply, removed unseen); the reserve holds the cubes not on the
    board or in the palace.
    """
    options: dict[str, object] = {}
    if expansion:
        options["expansion"] = expansion
        count = 8 if players >= 5 else 6
        chosen = list(classes or []) + [str(h) for h in (holders or {}) if h not in (classes or [])]
        for card in ClassCard:
            if len(chosen) >= count:
                break
            if card.value not in chosen:
                chosen.append(card.value)
        options["classes"] = chosen
    s = GAME.new_game(players, seed, options or None)
    b = s.board
    board_tokens: list[tuple[int, ...]] = [() for _ in s.board_tokens]
    placed: set[int] = set()
    for name, ids in (tokens or {}).items():
        idx = tuple(token_index(s, t) for t in ids)
        board_tokens[REGION_INDEX[Region(name)]] = idx
        placed.update(idx)
    cube_rows = [(0,) * players for _ in s.cubes]
    for name, row in (cubes or {}).items():
        assert len(row) == players
        cube_rows[REGION_INDEX[Region(name)]] = tuple(row)
    pal = tuple(palace) if palace else (0,) * players
    reserve = tuple(
        b.cubes_per_player - pal[p] - sum(r[p] for r in cube_rows) for p in range(players)
    )
    hold = [-1] * len(s.cards)
    for card, seat in (holders or {}).items():
        hold[s.cards.index(ClassCard(card))] = seat
    rest = set(range(len(b.faces))) - placed
    if supply is None:
        pile, removed = tuple(sorted(rest)), ()
    else:
        pile = tuple(sorted(token_index(s, t) for t in supply))
        removed = tuple(sorted(rest - set(pile)))
    return replace(
        s,
        board_tokens=tuple(board_tokens),
        cubes=tuple(cube_rows),
        palace=pal,
        reserve=reserve,
        holders=tuple(hold),
        supply=pile,
        removed=removed,
        plague=REGION_INDEX[Region(plague)] if plague else s.plague,
        phase=phase,
        active=active,
        opening=(),
        turn=1,
        **fields,  # type: ignore[arg-type]
    )


def card_index(card_id: str) -> int:
    """Index of the region card with printed id `card_id` (e.g. "gallia-2")."""
    return REGION_CARD_INDEX[card_id]


def africa_position(
    players: int = 4,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    standing: Mapping[int, str] | None = None,
    diplomats: Mapping[str, Sequence[int]] | None = None,
    caravan: str | None = None,
    deck: Sequence[str] | None = None,
    **kwargs: object,
) -> State:
    """An Africanus `position(...)` with these hands (other seats: none), standing orders
    (others: always), diplomats (region -> seats), caravan and draw pile (default: every other
    card of the regions in play; when given, the rest is in the discard pile)."""
    s = position(players, expansion="africanus", **kwargs)  # type: ignore[arg-type]
    assert s.africa is not None
    hand_rows = [
        tuple(sorted(card_index(c) for c in (hands or {}).get(p, ()))) for p in range(players)
    ]
    in_hands = {c for h in hand_rows for c in h}
    rest = [c for c in s.board.region_cards if c not in in_hands]
    if deck is None:
        pile, discard = tuple(rest), ()
    else:
        pile = tuple(sorted(card_index(c) for c in deck))
        discard = tuple(c for c in rest if c not in pile)
    masks = [0] * len(s.board_tokens)
    for name, seats in (diplomats or {}).items():
        for p in seats:
            masks[REGION_INDEX[Region(name)]] |= 1 << p
    africa = replace(
        s.africa,
        hands=tuple(hand_rows),
        deck=pile,
        discard=discard,
        standing=tuple(Standing((standing or {}).get(p, "always")) for p in range(players)),
        diplomats=tuple(masks),
        caravan=REGION_INDEX[Region(caravan)] if caravan else -1,
    )
    return replace(s, africa=africa)


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[object]]:
    """Apply (seat, "action text") moves in order; return the state and all events."""
    events: list[object] = []
    for seat, text in moves:
        step = GAME.apply(state, seat, GAME.parse_action(text))
        state = step.state
        events.extend(step.events)
    return state, events


def with_seeds(state: State, seeds: range = range(2000)) -> Iterator[State]:
    """The same position under different chance streams, to find the rulebook's luck."""
    for seed in seeds:
        yield replace(state, rng=Rng(seed))


def random_playout(
    players: int, seed: int, options: Mapping[str, object] | None = None, policy_seed: int = 0
) -> Iterator[tuple[State, int, Action]]:
    """Yield (state, seat, action) for a whole game of random legal actions."""
    s = GAME.new_game(players, seed, options)
    rnd = random.Random(policy_seed)
    if s.africa is not None:
        # A random mix of standing orders, set off-turn, so that reaction windows open.
        for seat in range(players):
            action: Action = SetStanding(rnd.choice(list(Standing)))
            yield s, seat, action
            s = GAME.apply(s, seat, action).state
    while not GAME.is_over(s):
        seat = rnd.choice(sorted(GAME.to_move(s)))
        action = rnd.choice(GAME.legal_actions(s, seat))
        yield s, seat, action
        s = GAME.apply(s, seat, action).state
