"""The rules of Rattus: set-up, turns, class abilities, spread, ravage, final round and scoring.

Every function is pure: it reads a State and returns a new one. `apply` checks, in this order,
that the game is not over, that the seat is to move, that the action is well formed, and then
the rules; a rejected action raises a RulesError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations_with_replacement
from typing import Any

from engine.core.contract import Step
from engine.core.errors import (
    GameFinished,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    register_messages,
)
from engine.core.events import Event
from engine.core.evolve import evolve
from engine.core.rng import Rng
from engine.rattus.actions import (
    Action,
    EndTurn,
    KingMove,
    MerchantMove,
    MonkMove,
    MovePlague,
    PlaceCubes,
    PlaceOpening,
    PlaceRats,
    TakeCard,
    WitchPeek,
    WitchSwap,
    well_formed,
)
from engine.rattus.board import EXPANSIONS, REMOVALS, board
from engine.rattus.data import (
    BASE_CARDS,
    REGION_INDEX,
    REGIONS,
    ClassCard,
    Region,
    card_info,
    card_symbol,
    region_names,
)
from engine.rattus.events import (
    ClassCardTaken,
    CubesMoved,
    CubesPlaced,
    CubeToPalace,
    FinalRavageBegan,
    FinalTurnBegan,
    GameEnded,
    GameEndTriggered,
    GameSetUp,
    PlagueMoved,
    RatTokenMoved,
    RatTokenPeeked,
    RatTokenRevealed,
    RatTokensAdded,
    RatTokenSeen,
    RatTokensSwapped,
    TurnBegan,
)
from engine.rattus.state import NO_FLAGS, Config, Ending, Phase, Recent, Reveal, State

MESSAGES: dict[str, str] = {
    "unknown_region": "There is no region called {region}.",
    "unknown_card": "There is no class card called {card}.",
    "bad_number": "{value} is not a valid {what}.",
    "bad_option": "Unknown game option {option}.",
    "bad_players": "This game takes {low} to {high} players, not {players}.",
    "region_not_in_play": "{region} is not in play in this game.",
    "card_not_in_play": "The {card} is not in play in this game.",
    "wrong_phase": "You cannot do that now: {phase}.",
    "opening_one_region": "Place both opening cubes in the same region.",
    "already_took_card": "You have already taken a class card this turn.",
    "already_hold_card": "You already hold the {card}.",
    "already_placed": "You have already placed cubes this turn.",
    "no_rats_to_place": (
        "{region} has no rat tokens, so you cannot place cubes there (only the Peasant can)."
    ),
    "wrong_cube_count": "In {region} you may place {allowed} cube(s), not {count}.",
    "no_cubes_left": "You have no cubes left in your supply.",
    "no_card": "You do not hold the {card}.",
    "ability_used": "You have already used the {card} this turn.",
    "region_has_rats": (
        "The King only takes a cube from a region without rat tokens, and {region} has some."
    ),
    "no_cube_there": "You have no cube in {region}.",
    "not_enough_cubes": "You have only {have} cube(s) in {region}.",
    "merchant_count": "The Merchant moves 1 to 3 cubes, not {count}.",
    "not_neighbour": "{target} is not a neighbour of {source}.",
    "region_full": "{region} already holds 3 rat tokens.",
    "no_such_token": "{region} has no rat token number {position}.",
    "same_token": "Look at a different rat token the second time.",
    "witch_decide": "You have looked at two rat tokens: swap them or keep them where they are.",
    "swap_needs_two": "You can only swap two rat tokens you looked at in different regions.",
    "plague_must_move": "The plague piece must leave {region}.",
    "plague_too_far": "The plague piece cannot reach {region} from {source} in {steps} step(s).",
    "knight_needed": "Only the Knight makes the plague piece count as two cubes.",
    "final_knight_counts": (
        "In the final round the plague piece moved by the Knight counts as two cubes: add +2."
    ),
    "spread_count": "Place exactly {count} rat token(s).",
}

PHASE_TEXT: dict[str, str] = {
    "opening": "the players are placing their opening cubes",
    "main": "take a card, place cubes, use your cards or move the plague",
    "witch": "finish the Witch's spell first",
    "spread": "place the new rat tokens first",
    "final": "in the final round you may only use your class cards",
    "over": "the game is over",
}


def _english_name(key: str, value: object) -> str:
    if key in ("region", "source", "target") and isinstance(value, str):
        try:
            return region_names()[Region(value)]
        except ValueError:
            return value
    if key == "card" and isinstance(value, str):
        try:
            return card_info()[ClassCard(value)]["name"]
        except ValueError:
            return value
    if key == "phase" and isinstance(value, str):
        return PHASE_TEXT.get(value, value)
    return ""


register_messages(MESSAGES, _english_name)

Handler = Callable[[State, int, Any, list[Event]], State]


# ---------------------------------------------------------------- small helpers


def _set(row: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return row[:i] + (value,) + row[i + 1 :]


def _add(row: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return row[:i] + (row[i] + delta,) + row[i + 1 :]


def _region(s: State, region: Region) -> int:
    i = REGION_INDEX[region]
    if not s.board.in_play[i]:
        raise IllegalAction("region_not_in_play", region=region.value)
    return i


def holds(s: State, seat: int, card: ClassCard) -> bool:
    """True when `seat` holds `card`."""
    cards = s.config.cards
    return card in cards and s.holders[cards.index(card)] == seat


def held(s: State, seat: int) -> frozenset[ClassCard]:
    """The class cards `seat` holds."""
    return frozenset(c for c, h in zip(s.config.cards, s.holders, strict=True) if h == seat)


def _require_ability(s: State, seat: int, card: ClassCard) -> None:
    if not holds(s, seat, card):
        raise IllegalAction("no_card", card=card.value)
    if card in s.used:
        raise IllegalAction("ability_used", card=card.value)


def _token(s: State, r: int, position: int, region: Region) -> int:
    tokens = s.board_tokens[r]
    if not 0 <= position < len(tokens):
        raise IllegalAction("no_such_token", region=region.value, position=position + 1)
    return tokens[position]


def _after_ability(s: State) -> Phase:
    return Phase.FINAL if s.final_order else Phase.MAIN


def _use(s: State, card: ClassCard, **flags: Any) -> Any:
    """The turn's flags with `card` marked as used (and other flag changes)."""
    return evolve(s.flags, used=s.flags.used | {card}, **flags)


# ---------------------------------------------------------------- set-up


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """Set up a game: starting rats, removed tokens, plague piece, opening order."""
    options = dict(options or {})
    expansion = str(options.pop("expansion", "") or "")
    removal = str(options.pop("removal", "standard") or "standard")
    chosen = options.pop("classes", None)
    if options:
        raise MalformedAction("bad_option", option=", ".join(sorted(options)))
    if expansion not in EXPANSIONS:
        raise MalformedAction("bad_option", option=f"expansion={expansion}")
    if removal not in REMOVALS:
        raise MalformedAction("bad_option", option=f"removal={removal}")
    high = 6 if expansion else 4
    if not 2 <= players <= high:
        raise MalformedAction("bad_players", low=2, high=high, players=players)
    b = board(expansion, players, removal)
    rng = Rng(seed)

    cards: tuple[ClassCard, ...]
    if expansion:
        if chosen:
            cards = tuple(ClassCard(c) for c in chosen)
            if len(set(cards)) != len(cards) or len(cards) != b.class_card_count:
                raise MalformedAction("bad_option", option="classes")
        else:
            # Africanus: "piochez au hasard le nombre de cartes nécessaire".
            pool, rng = rng.shuffled(tuple(ClassCard))
            cards = pool[: b.class_card_count]
        cards = tuple(c for c in ClassCard if c in cards)
    else:
        if chosen:
            raise MalformedAction("bad_option", option="classes")
        cards = BASE_CARDS

    # Rules, preparations 3-4: one starting rat face down in each region in play; the others
    # join the regular rats after some regular rats are removed unseen.
    starting, rng = rng.shuffled(b.starting)
    regular, rng = rng.shuffled(b.regular)
    tokens: list[tuple[int, ...]] = [() for _ in REGIONS]
    for region, token in zip(b.used, starting, strict=False):
        tokens[region] = (token,)
    unused_starting = starting[len(b.used) :]
    removed = tuple(sorted(regular[: b.removed_unseen]))
    supply = tuple(sorted(regular[b.removed_unseen :] + unused_starting))
    plague_i, rng = rng.below(len(b.used))

    order = tuple(range(players))
    rounds = [order if k % 2 == 0 else order[::-1] for k in range(b.opening_rounds)]
    opening = tuple(seat for rnd in rounds for seat in rnd)
    return State(
        config=Config(expansion, players, removal, cards),
        rng=rng,
        holders=tuple(-1 for _ in cards),
        board_tokens=tuple(tokens),
        cubes=tuple((0,) * players for _ in REGIONS),
        palace=(0,) * players,
        reserve=(b.cubes_per_player,) * players,
        supply=supply,
        removed=removed,
        revealed=(),
        known=tuple(frozenset() for _ in range(players)),
        plague=b.used[plague_i],
        phase=Phase.OPENING,
        active=opening[0],
        opening=opening,
    )


def setup_events(s: State) -> tuple[Event, ...]:
    """The public facts of the set-up."""
    b = s.board
    return (
        GameSetUp(
            players=s.players,
            regions=tuple(REGIONS[r] for r in b.used),
            plague=REGIONS[s.plague],
            cards=s.cards,
            rat_supply=len(s.supply),
            removed_unseen=len(s.removed),
        ),
    )


# ---------------------------------------------------------------- who moves, what is legal


def to_move(s: State) -> frozenset[int]:
    """Seats that must decide now."""
    if s.phase is Phase.OVER:
        return frozenset()
    return frozenset((s.active,))


def _place_counts(s: State, seat: int, r: int, peasant: bool) -> tuple[int, ...]:
    # Rules, phase B: as many cubes as rat tokens; the Peasant adds one (also where no rats are).
    res = s.reserve[seat]
    k = len(s.board_tokens[r])
    if res == 0 or (k == 0 and not peasant):
        return ()
    if not peasant:
        return (min(k, res),)
    if k == 0:
        return (1,)
    low, high = min(k, res), min(k + 1, res)
    return (low,) if low == high else (low, high)


def _spread_options(s: State, count: int) -> list[tuple[int, ...]]:
    b = s.board
    room = {n: b.max_tokens - len(s.board_tokens[n]) for n in b.neighbours[s.plague]}
    open_ = [n for n in b.neighbours[s.plague] if room[n] > 0]
    options = []
    for combo in combinations_with_replacement(open_, count):
        if all(combo.count(n) <= room[n] for n in set(combo)):
            options.append(combo)
    return options


def _ability_actions(s: State, seat: int, final: bool) -> list[Action]:
    usable = held(s, seat) - s.flags.used
    if not usable:
        return []
    b = s.board
    out: list[Action] = []
    tokens = s.board_tokens
    if final and ClassCard.PEASANT in usable and s.reserve[seat] > 0:
        # Final round: the Peasant adds one cube in any one region.
        out.extend(PlaceCubes(REGIONS[r], 1) for r in b.used)
    if ClassCard.KING in usable:
        out.extend(KingMove(REGIONS[r]) for r in b.used if not tokens[r] and s.cubes[r][seat])
    if ClassCard.MONK in usable:
        for r in b.used:
            targets = [REGIONS[n] for n in b.neighbours[r] if len(tokens[n]) < b.max_tokens]
            for pos in range(len(tokens[r])):
                out.extend(MonkMove(REGIONS[r], pos, t) for t in targets)
    if ClassCard.MERCHANT in usable:
        for r in b.used:
            have = min(3, s.cubes[r][seat])
            for n in b.neighbours[r]:
                out.extend(MerchantMove(REGIONS[r], REGIONS[n], k) for k in range(1, have + 1))
    if ClassCard.WITCH in usable:
        for r in b.used:
            out.extend(WitchPeek(REGIONS[r], pos) for pos in range(len(tokens[r])))
    return out


def _plague_actions(s: State, seat: int, final: bool) -> list[Action]:
    knight = holds(s, seat, ClassCard.KNIGHT)
    if final:
        if not knight or ClassCard.KNIGHT in s.used:
            return []
        dests = s.board.within(s.plague, s.board.knight_steps)
        return [MovePlague(REGIONS[r], True) for r in sorted(dests)]
    steps = s.board.knight_steps if knight else 1
    out: list[Action] = []
    for r in sorted(s.board.within(s.plague, steps)):
        out.append(MovePlague(REGIONS[r], False))
        if knight:
            out.append(MovePlague(REGIONS[r], True))
    return out


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of `seat` in a fixed order; empty when the seat is not to move."""
    if s.phase is Phase.OVER or seat != s.active:
        return []
    b = s.board
    phase = s.phase
    out: list[Action] = []
    if phase is Phase.OPENING:
        out.extend(PlaceOpening(REGIONS[r]) for r in b.used)
    elif phase is Phase.MAIN:
        if not s.took_card:
            out.extend(TakeCard(c) for c, h in zip(s.cards, s.holders, strict=True) if h != seat)
        if not s.placed and s.reserve[seat]:
            peasant = holds(s, seat, ClassCard.PEASANT)
            for r in b.used:
                out.extend(PlaceCubes(REGIONS[r], k) for k in _place_counts(s, seat, r, peasant))
        out.extend(_ability_actions(s, seat, final=False))
        out.extend(_plague_actions(s, seat, final=False))
    elif phase is Phase.WITCH:
        if len(s.witch) == 1:
            first = s.witch[0]
            for r in b.used:
                out.extend(
                    WitchPeek(REGIONS[r], pos)
                    for pos in range(len(s.board_tokens[r]))
                    if (r, pos) != first
                )
            out.append(WitchSwap(False))
        else:
            out.append(WitchSwap(False))
            if s.witch[0][0] != s.witch[1][0]:
                out.append(WitchSwap(True))
    elif phase is Phase.SPREAD:
        out.extend(
            PlaceRats(tuple(REGIONS[r] for r in combo))
            for combo in _spread_options(s, s.spread_left)
        )
    elif phase is Phase.FINAL:
        out.extend(_ability_actions(s, seat, final=True))
        out.extend(_plague_actions(s, seat, final=True))
        out.append(EndTurn())
    return out


# ---------------------------------------------------------------- apply


def apply(s: State, seat: int, action: Action) -> Step[State]:
    """Apply `action` by `seat`, or raise a RulesError and change nothing."""
    if s.phase is Phase.OVER:
        raise GameFinished()
    if seat != s.active:
        raise NotYourTurn()
    if not well_formed(action):
        raise MalformedAction("malformed", text=type(action).__name__)
    handler = _HANDLERS.get((s.phase, type(action)))
    if handler is None:
        raise IllegalAction("wrong_phase", phase=s.phase.value)
    events: list[Event] = []
    new = handler(s, seat, action, events)
    return Step(new, tuple(events))


def _opening(s: State, seat: int, a: PlaceOpening, ev: list[Event]) -> State:
    r = _region(s, a.region)
    second = a.second if a.second is not None else a.region
    r2 = _region(s, second)
    if r2 != r and not s.expansion:
        # Base rules, preparation 6: "chaque joueur place 2 de ses cubes sur une région".
        raise IllegalAction("opening_one_region")
    cubes = list(s.cubes)
    cubes[r] = _add(cubes[r], seat, 1)
    cubes[r2] = _add(cubes[r2], seat, 1)
    if r == r2:
        ev.append(CubesPlaced(seat, REGIONS[r], 2, opening=True))
    else:
        ev.append(CubesPlaced(seat, REGIONS[r], 1, opening=True))
        ev.append(CubesPlaced(seat, REGIONS[r2], 1, opening=True))
    rest = s.opening[1:]
    reserve = _add(s.reserve, seat, -2)
    if rest:
        return evolve(s, cubes=tuple(cubes), reserve=reserve, opening=rest, active=rest[0])
    ev.append(TurnBegan(0, 1))
    return evolve(
        s, cubes=tuple(cubes), reserve=reserve, opening=rest, phase=Phase.MAIN, active=0, turn=1
    )


def _take(s: State, seat: int, a: TakeCard, ev: list[Event]) -> State:
    if a.card not in s.cards:
        raise IllegalAction("card_not_in_play", card=a.card.value)
    if s.took_card:
        raise IllegalAction("already_took_card")
    i = s.cards.index(a.card)
    previous = s.holders[i]
    if previous == seat:
        raise IllegalAction("already_hold_card", card=a.card.value)
    ev.append(ClassCardTaken(seat, a.card, previous if previous >= 0 else None))
    return evolve(s, holders=_set(s.holders, i, seat), flags=evolve(s.flags, took_card=True))


def _place(s: State, seat: int, a: PlaceCubes, ev: list[Event]) -> State:
    r = _region(s, a.region)
    if s.phase is Phase.FINAL:
        # Final round: "Peasant: may add a cube of his own color in any one region."
        _require_ability(s, seat, ClassCard.PEASANT)
        if s.reserve[seat] == 0:
            raise IllegalAction("no_cubes_left")
        if a.count != 1:
            raise IllegalAction("wrong_cube_count", region=a.region.value, allowed=1, count=a.count)
        flags = _use(s, ClassCard.PEASANT)
    else:
        if s.placed:
            raise IllegalAction("already_placed")
        if s.reserve[seat] == 0:
            raise IllegalAction("no_cubes_left")
        counts = _place_counts(s, seat, r, holds(s, seat, ClassCard.PEASANT))
        if not counts:
            raise IllegalAction("no_rats_to_place", region=a.region.value)
        if a.count not in counts:
            allowed = " or ".join(str(c) for c in counts)
            raise IllegalAction(
                "wrong_cube_count", region=a.region.value, allowed=allowed, count=a.count
            )
        flags = evolve(s.flags, placed=True)
    ev.append(CubesPlaced(seat, a.region, a.count))
    cubes = _set_row(s.cubes, r, _add(s.cubes[r], seat, a.count))
    s = evolve(s, cubes=cubes, reserve=_add(s.reserve, seat, -a.count), flags=flags)
    return _after(s, ev)


def _set_row(
    rows: tuple[tuple[int, ...], ...], i: int, row: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return rows[:i] + (row,) + rows[i + 1 :]


def _king(s: State, seat: int, a: KingMove, ev: list[Event]) -> State:
    _require_ability(s, seat, ClassCard.KING)
    r = _region(s, a.region)
    if s.board_tokens[r]:
        raise IllegalAction("region_has_rats", region=a.region.value)
    if not s.cubes[r][seat]:
        raise IllegalAction("no_cube_there", region=a.region.value)
    ev.append(CubeToPalace(seat, a.region))
    s = evolve(
        s,
        cubes=_set_row(s.cubes, r, _add(s.cubes[r], seat, -1)),
        palace=_add(s.palace, seat, 1),
        flags=_use(s, ClassCard.KING),
    )
    return _after(s, ev)


def _monk(s: State, seat: int, a: MonkMove, ev: list[Event]) -> State:
    _require_ability(s, seat, ClassCard.MONK)
    src = _region(s, a.source)
    dst = _region(s, a.target)
    token = _token(s, src, a.position, a.source)
    if not s.board.is_neighbour(src, dst):
        raise IllegalAction("not_neighbour", source=a.source.value, target=a.target.value)
    if len(s.board_tokens[dst]) >= s.board.max_tokens:
        # Rules, Monk: "a player holding the Monk may not move a rat into a region already
        # containing 3 rats".
        raise IllegalAction("region_full", region=a.target.value)
    tokens = list(s.board_tokens)
    src_row = tokens[src]
    tokens[src] = src_row[: a.position] + src_row[a.position + 1 :]
    tokens[dst] = tokens[dst] + (token,)
    ev.append(RatTokenMoved(seat, a.source, a.position, a.target))
    s = evolve(s, board_tokens=tuple(tokens), flags=_use(s, ClassCard.MONK))
    return _after(s, ev)


def _merchant(s: State, seat: int, a: MerchantMove, ev: list[Event]) -> State:
    _require_ability(s, seat, ClassCard.MERCHANT)
    src = _region(s, a.source)
    dst = _region(s, a.target)
    if not s.board.is_neighbour(src, dst):
        raise IllegalAction("not_neighbour", source=a.source.value, target=a.target.value)
    if not 1 <= a.count <= 3:
        raise IllegalAction("merchant_count", count=a.count)
    have = s.cubes[src][seat]
    if not have:
        raise IllegalAction("no_cube_there", region=a.source.value)
    if have < a.count:
        raise IllegalAction("not_enough_cubes", have=have, region=a.source.value)
    cubes = _set_row(s.cubes, src, _add(s.cubes[src], seat, -a.count))
    cubes = _set_row(cubes, dst, _add(cubes[dst], seat, a.count))
    ev.append(CubesMoved(seat, a.source, a.target, a.count))
    return _after(evolve(s, cubes=cubes, flags=_use(s, ClassCard.MERCHANT)), ev)


def _peek(s: State, seat: int, a: WitchPeek, ev: list[Event]) -> State:
    if s.phase is Phase.WITCH:
        if len(s.witch) == 2:
            raise IllegalAction("witch_decide")
    else:
        _require_ability(s, seat, ClassCard.WITCH)
    r = _region(s, a.region)
    token = _token(s, r, a.position, a.region)
    if s.witch and s.witch[0] == (r, a.position):
        raise IllegalAction("same_token")
    face = s.board.faces[token]
    ev.append(RatTokenPeeked(seat, a.region, a.position))
    ev.append(RatTokenSeen(seat, a.region, a.position, face.id, face.limit, face.symbols))
    known = s.known[:seat] + (s.known[seat] | {token},) + s.known[seat + 1 :]
    flags = evolve(s.flags, witch=(*s.witch, (r, a.position)))
    return evolve(s, phase=Phase.WITCH, flags=flags, known=known)


def _swap(s: State, seat: int, a: WitchSwap, ev: list[Event]) -> State:
    if a.swap:
        if len(s.witch) != 2 or s.witch[0][0] == s.witch[1][0]:
            raise IllegalAction("swap_needs_two")
        (r1, p1), (r2, p2) = s.witch
        tokens = list(s.board_tokens)
        t1, t2 = tokens[r1][p1], tokens[r2][p2]
        tokens[r1] = _set(tokens[r1], p1, t2)
        tokens[r2] = _set(tokens[r2], p2, t1)
        ev.append(RatTokensSwapped(seat, REGIONS[r1], p1, REGIONS[r2], p2))
        s = evolve(s, board_tokens=tuple(tokens))
    s = evolve(s, flags=_use(s, ClassCard.WITCH, witch=()), phase=_after_ability(s))
    return _after(s, ev)


def _move_plague(s: State, seat: int, a: MovePlague, ev: list[Event]) -> State:
    b = s.board
    r = _region(s, a.region)
    final = s.phase is Phase.FINAL
    knight = holds(s, seat, ClassCard.KNIGHT)
    if final:
        _require_ability(s, seat, ClassCard.KNIGHT)
    if r == s.plague:
        raise IllegalAction("plague_must_move", region=a.region.value)
    steps = b.knight_steps if knight else 1
    if r not in b.within(s.plague, steps):
        raise IllegalAction(
            "plague_too_far", region=a.region.value, source=REGIONS[s.plague].value, steps=steps
        )
    if a.neutral and not knight:
        raise IllegalAction("knight_needed")
    if final and not a.neutral:
        raise IllegalAction("final_knight_counts")
    ev.append(PlagueMoved(seat, REGIONS[s.plague], a.region, a.neutral))
    recent = Recent(seat=seat, source=s.plague, target=r, neutral=a.neutral, final=final)
    if final:
        # Final round: "Il comptera alors comme deux cubes supplémentaires (neutres) jusqu'à
        # la fin de la partie." No spread and no ravage now.
        assert s.ending is not None
        s = evolve(
            s,
            plague=r,
            recent=recent,
            ending=evolve(s.ending, neutral=True),
            flags=_use(s, ClassCard.KNIGHT),
        )
        return _after(s, ev)
    s = evolve(s, plague=r, recent=recent)
    # Rules, the spread: 1 new rat if the plague region holds 1, 2 if it holds 2 or 3.
    k = len(s.board_tokens[r])
    count = min(0 if k == 0 else 1 if k == 1 else 2, len(s.supply))
    return _begin_spread(s, count, ev)


def _begin_spread(s: State, count: int, ev: list[Event]) -> State:
    b = s.board
    room = sum(b.max_tokens - len(s.board_tokens[n]) for n in b.neighbours[s.plague])
    # "In the rare event that all the neighboring regions of the Plague Region contain three
    # rats, no more rats are added."
    count = min(count, room)
    if count == 0:
        return _ravage_and_end(s, ev)
    options = _spread_options(s, count)
    if len(options) == 1:
        return _spread(s, options[0], ev)
    return evolve(s, phase=Phase.SPREAD, flags=evolve(s.flags, spread_left=count))


def _place_rats(s: State, seat: int, a: PlaceRats, ev: list[Event]) -> State:
    if len(a.regions) != s.spread_left:
        raise IllegalAction("spread_count", count=s.spread_left)
    idx = tuple(_region(s, r) for r in a.regions)
    b = s.board
    for r, region in zip(idx, a.regions, strict=True):
        if not b.is_neighbour(s.plague, r):
            raise IllegalAction(
                "not_neighbour", source=REGIONS[s.plague].value, target=region.value
            )
        if len(s.board_tokens[r]) + idx.count(r) > b.max_tokens:
            raise IllegalAction("region_full", region=region.value)
    return _spread(s, tuple(sorted(idx)), ev)


def _spread(s: State, targets: tuple[int, ...], ev: list[Event]) -> State:
    tokens = list(s.board_tokens)
    supply = list(s.supply)
    rng = s.rng
    for r in targets:
        i, rng = rng.below(len(supply))
        tokens[r] = tokens[r] + (supply.pop(i),)
    for r in sorted(set(targets)):
        ev.append(RatTokensAdded(s.active, REGIONS[r], targets.count(r)))
    recent = evolve(s.recent, spread=targets) if s.recent else None
    s = evolve(
        s,
        board_tokens=tuple(tokens),
        supply=tuple(supply),
        rng=rng,
        phase=Phase.MAIN,
        flags=evolve(s.flags, spread_left=0),
        recent=recent,
    )
    return _ravage_and_end(s, ev)


def _ravage_and_end(s: State, ev: list[Event]) -> State:
    neutral = bool(s.recent and s.recent.neutral)
    s = _ravage(s, s.plague, neutral, ev)
    return _end_turn(s, ev)


def _ravage(s: State, r: int, neutral: bool, ev: list[Event]) -> State:
    """Reveal the region's tokens one at a time in random order until no token or no cube."""
    tokens = list(s.board_tokens[r])
    cubes = list(s.cubes[r])
    if not tokens or not any(cubes):
        return s
    b = s.board
    n = s.players
    reserve = list(s.reserve)
    rng = s.rng
    revealed: list[int] = []
    reveals: list[Reveal] = []
    symbol_holders: dict[str, list[int]] = {}
    for card, holder in zip(s.cards, s.holders, strict=True):
        if holder >= 0:
            symbol_holders.setdefault(card_symbol(card), []).append(holder)
    while tokens and any(cubes):
        i, rng = rng.below(len(tokens))
        token = tokens.pop(i)
        face = b.faces[token]
        total = sum(cubes) + (2 if neutral else 0)
        outbreak = total >= face.limit
        losses = [0] * n
        if outbreak:
            hits = [0] * n
            # "The M symbols are always evaluated first": majority as the token is revealed;
            # a tie hits every tied player.
            for _ in range(face.majority):
                top = max(cubes)
                for p in range(n):
                    if top and cubes[p] == top:
                        hits[p] += 1
            for _ in range(face.all):
                for p in range(n):
                    if cubes[p]:
                        hits[p] += 1
            # One cube per matching class card held (Africanus: several cards of one class
            # each cost a cube).
            for symbol in face.classes:
                for holder in symbol_holders.get(symbol, ()):
                    hits[holder] += 1
            for p in range(n):
                losses[p] = min(hits[p], cubes[p])
                cubes[p] -= losses[p]
                reserve[p] += losses[p]
        revealed.append(token)
        reveals.append(Reveal(r, token, total, outbreak, tuple(losses)))
        ev.append(
            RatTokenRevealed(
                REGIONS[r], face.id, face.limit, face.symbols, total, outbreak, tuple(losses)
            )
        )
    gone = frozenset(revealed)
    known = tuple(k - gone if k & gone else k for k in s.known)
    recent = s.recent
    if recent is not None:
        recent = evolve(recent, reveals=recent.reveals + tuple(reveals))
    return evolve(
        s,
        board_tokens=_set_row(s.board_tokens, r, tuple(tokens)),
        cubes=_set_row(s.cubes, r, tuple(cubes)),
        reserve=tuple(reserve),
        revealed=s.revealed + tuple(revealed),
        known=known,
        rng=rng,
        recent=recent,
    )


def _end_turn(s: State, ev: list[Event]) -> State:
    # Game end: after the turn in which the rat supply ran out or a player has all cubes out.
    reason = ""
    if not s.supply:
        reason = "rat_supply_empty"
    elif 0 in s.reserve:
        reason = "all_cubes_placed"
    n = s.players
    if not reason:
        nxt = (s.active + 1) % n
        ev.append(TurnBegan(nxt, s.turn + 1))
        return evolve(s, active=nxt, turn=s.turn + 1, phase=Phase.MAIN, flags=NO_FLAGS)
    ev.append(GameEndTriggered(reason, s.active))
    # The final round is counter-clockwise, from the right of the last player, without them.
    order = tuple((s.active - i) % n for i in range(1, n))
    ending = Ending(reason=reason, last_regular=s.active, order=order)
    s = evolve(s, ending=ending, phase=Phase.FINAL, flags=NO_FLAGS)
    return _next_final(s, ev, begin=True)


def _only_end(s: State, seat: int) -> bool:
    return not _ability_actions(s, seat, final=True) and not _plague_actions(s, seat, final=True)


def _next_final(s: State, ev: list[Event], begin: bool) -> State:
    ending = s.ending
    assert ending is not None
    order = ending.order if begin else ending.order[1:]
    while order:
        seat = order[0]
        s = evolve(s, active=seat, ending=evolve(ending, order=order), flags=NO_FLAGS)
        if not _only_end(s, seat):
            ev.append(FinalTurnBegan(seat))
            return s
        order = order[1:]
    s = evolve(s, active=ending.last_regular, ending=evolve(ending, order=()), flags=NO_FLAGS)
    return _final_ravage(s, ev)


def _after(s: State, ev: list[Event]) -> State:
    """In the final round, move on when the player has nothing left to do."""
    if s.phase is Phase.FINAL and _only_end(s, s.active):
        return _next_final(s, ev, begin=False)
    return s


def _end_final(s: State, seat: int, a: EndTurn, ev: list[Event]) -> State:
    return _next_final(s, ev, begin=False)


def _final_ravage(s: State, ev: list[Event]) -> State:
    b = s.board
    neutral_region = s.plague if s.final_neutral else None
    ev.append(
        FinalRavageBegan(
            tuple(REGIONS[r] for r in b.used),
            REGIONS[neutral_region] if neutral_region is not None else None,
        )
    )
    s = evolve(
        s,
        recent=Recent(
            seat=s.last_regular,
            source=s.plague,
            target=s.plague,
            neutral=s.final_neutral,
            final=True,
        ),
    )
    for r in b.used:
        s = _ravage(s, r, r == neutral_region, ev)
    s = evolve(s, phase=Phase.OVER, active=s.last_regular)
    res = result(s)
    ev.append(
        GameEnded(
            tuple(row["seat"] for row in res["ranking"]),
            tuple(row["score"] for row in res["ranking"]),
        )
    )
    return s


_HANDLERS: dict[tuple[Phase, type[Action]], Handler] = {
    (Phase.OPENING, PlaceOpening): _opening,
    (Phase.MAIN, TakeCard): _take,
    (Phase.MAIN, PlaceCubes): _place,
    (Phase.MAIN, KingMove): _king,
    (Phase.MAIN, MonkMove): _monk,
    (Phase.MAIN, MerchantMove): _merchant,
    (Phase.MAIN, WitchPeek): _peek,
    (Phase.MAIN, MovePlague): _move_plague,
    (Phase.WITCH, WitchPeek): _peek,
    (Phase.WITCH, WitchSwap): _swap,
    (Phase.SPREAD, PlaceRats): _place_rats,
    (Phase.FINAL, PlaceCubes): _place,
    (Phase.FINAL, KingMove): _king,
    (Phase.FINAL, MonkMove): _monk,
    (Phase.FINAL, MerchantMove): _merchant,
    (Phase.FINAL, WitchPeek): _peek,
    (Phase.FINAL, MovePlague): _move_plague,
    (Phase.FINAL, EndTurn): _end_final,
}


# ---------------------------------------------------------------- the end


def is_over(s: State) -> bool:
    """True once the final ravage is done."""
    return s.phase is Phase.OVER


def tiebreak_position(s: State, seat: int) -> int:
    """0 for the player who would have moved next after the last turn, and so on."""
    last = s.last_regular if s.last_regular >= 0 else s.active
    return (seat - last - 1) % s.players


def scores(s: State) -> list[dict[str, int]]:
    """Each player's score breakdown: cubes on the board and in the palace."""
    out = []
    for p in range(s.players):
        on_board = sum(s.cubes[r][p] for r in s.board.used)
        out.append({"board": on_board, "palace": s.palace[p], "total": on_board + s.palace[p]})
    return out


def result(s: State) -> dict[str, Any]:
    """Final (or current) ranking: most cubes on the board and in the palace; ties go to
    whoever would have had the next turn."""
    rows = scores(s)
    order = sorted(range(s.players), key=lambda p: (-rows[p]["total"], tiebreak_position(s, p)))
    ranking = []
    for rank, p in enumerate(order, start=1):
        ranking.append(
            {
                "seat": p,
                "rank": rank,
                "score": rows[p]["total"],
                "breakdown": {k: v for k, v in rows[p].items() if k != "total"},
                "tiebreak": tiebreak_position(s, p),
            }
        )
    return {
        "over": is_over(s),
        "reason": s.end_reason or None,
        "winner": order[0] if is_over(s) else None,
        "ranking": ranking,
    }
