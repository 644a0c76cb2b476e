"""The rules of Rattus: set-up, turns, class abilities, spread, ravage, final round and scoring;
with the Africanus expansion also region cards, the Orient cards, diplomats and the caravan.

Every function is pure: it reads a State and returns a new one. `apply` checks, in this order,
that the game is not over, that the seat is to move, that the action is well formed, and then
the rules; a rejected action raises a RulesError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement, compress
from typing import Any

from engine.core.contract import Step
from engine.core.errors import InvariantError
from engine.core.events import Event
from engine.core.evolve import evolve, replacer
from engine.core.rng import Rng
from engine.rattus import protection
from engine.rattus.actions import (
    REGION_CARD_INDEX,
    Action,
    ChooseRavage,
    Decline,
    EndTurn,
    Explore,
    KeepCard,
    KingMove,
    MerchantMove,
    MonkMove,
    MoveCaravan,
    MovePlague,
    PlaceCaravan,
    PlaceCubes,
    PlaceDiplomat,
    PlaceOpening,
    PlaceRats,
    Protect,
    SetStanding,
    TakeCard,
    UseAstronomer,
    UseExplorer,
    WitchPeek,
    WitchSwap,
    well_formed,
)
from engine.rattus.board import EXPANSIONS, REMOVALS, Board, board
from engine.rattus.data import (
    BASE_CARDS,
    REGION_INDEX,
    REGIONS,
    ClassCard,
    Region,
    TokenFace,
    card_symbol,
    raw,
    region_cards,
)
from engine.rattus.errors import GameFinished, IllegalAction, MalformedAction, NotYourTurn
from engine.rattus.events import (
    AstronomerDrew,
    AstronomerKept,
    CaravanCubeAdded,
    CaravanMoved,
    CaravanPlaced,
    ClassCardTaken,
    CubesMoved,
    CubesPlaced,
    CubeToPalace,
    DiplomatMoved,
    DiplomatPlaced,
    DiplomatReturned,
    ExplorerPlaced,
    ExplorerRevealed,
    FinalRavageBegan,
    FinalTurnBegan,
    GameEnded,
    GameEndTriggered,
    GameSetUp,
    HandsRevealed,
    PlagueMoved,
    ProtectionDeclined,
    RatTokenMoved,
    RatTokenPeeked,
    RatTokenRevealed,
    RatTokensAdded,
    RatTokenSeen,
    RatTokensSwapped,
    RavageRegionChosen,
    ReactionWindowOpened,
    RegionCardCommitted,
    RegionCardKept,
    RegionCardPlayed,
    RegionCardsDealt,
    RegionCardsDiscarded,
    RegionCardsDrawn,
    RegionDeckReshuffled,
    StandingOrderSet,
    TurnBegan,
)
from engine.rattus.state import (
    NO_FLAGS,
    Africa,
    Config,
    Ending,
    Flags,
    Phase,
    Ravage,
    Recent,
    Reveal,
    Standing,
    State,
)

# Enum members read through their class cost a Python call each on Python 3.11 (the enum
# metaclass's __getattr__ hook), and the rules read them on every action: module constants.
_ASTRONOMER = Phase.ASTRONOMER
_CARAVAN = Phase.CARAVAN
_EXPLORER = Phase.EXPLORER
_FINAL = Phase.FINAL
_MAIN = Phase.MAIN
_OPENING = Phase.OPENING
_OVER = Phase.OVER
_RAVAGE_ORDER = Phase.RAVAGE_ORDER
_REACTION = Phase.REACTION
_SPREAD = Phase.SPREAD
_WITCH = Phase.WITCH
_NEVER, _ASK = Standing.NEVER, Standing.ASK
_CARD_ASTRONOMER = ClassCard.ASTRONOMER
_CARD_CARAVANEER = ClassCard.CARAVANEER
_CARD_EXPLORER = ClassCard.EXPLORER
_CARD_KING = ClassCard.KING
_CARD_KNIGHT = ClassCard.KNIGHT
_CARD_MERCHANT = ClassCard.MERCHANT
_CARD_MONK = ClassCard.MONK
_CARD_PEASANT = ClassCard.PEASANT
_CARD_SULTAN = ClassCard.SULTAN
_CARD_WITCH = ClassCard.WITCH
# Likewise the State's shortcuts (s.board, s.players, s.used...) are properties, a call each:
# the rules read the records behind them (s.config.board, s.flags.used).

Handler = Callable[[State, int, Any, list[Event]], State]


# ---------------------------------------------------------------- small helpers


def _set(row: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return row[:i] + (value,) + row[i + 1 :]


def _add(row: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return row[:i] + (row[i] + delta,) + row[i + 1 :]


class _Work:
    """A mutable copy of a State for the length of one plague turn (the move, the spread, the
    ravage and the end of the turn) or of a final ravage: each step changes its fields, and one
    State is built at the end. A State is made field by field, and one per step (four or five
    in a plague turn) cost more than some of the steps themselves."""

    __slots__ = (
        "active",
        "africa",
        "board_tokens",
        "config",
        "cubes",
        "ending",
        "flags",
        "holders",
        "known",
        "opening",
        "palace",
        "phase",
        "plague",
        "recent",
        "removed",
        "reserve",
        "revealed",
        "rng",
        "supply",
        "turn",
    )

    def __init__(self, s: State) -> None:
        self.config = s.config
        self.rng = s.rng
        self.holders = s.holders
        self.board_tokens = s.board_tokens
        self.cubes = s.cubes
        self.palace = s.palace
        self.reserve = s.reserve
        self.supply = s.supply
        self.removed = s.removed
        self.revealed = s.revealed
        self.known = s.known
        self.plague = s.plague
        self.phase = s.phase
        self.active = s.active
        self.turn = s.turn
        self.opening = s.opening
        self.flags = s.flags
        self.ending = s.ending
        self.recent = s.recent
        self.africa = s.africa

    def state(self) -> State:
        """The State these fields make."""
        return State(
            self.config,
            self.rng,
            self.holders,
            self.board_tokens,
            self.cubes,
            self.palace,
            self.reserve,
            self.supply,
            self.removed,
            self.revealed,
            self.known,
            self.plague,
            self.phase,
            self.active,
            self.turn,
            self.opening,
            self.flags,
            self.ending,
            self.recent,
            self.africa,
        )


def _region(s: State, region: Region) -> int:
    i = REGION_INDEX[region]
    if not s.config.board.in_play[i]:
        raise IllegalAction("region_not_in_play", region=region.value)
    return i


def holds(s: State, seat: int, card: ClassCard) -> bool:
    """True when `seat` holds `card`."""
    cards = s.config.cards
    return card in cards and s.holders[cards.index(card)] == seat


def held(s: State, seat: int) -> frozenset[ClassCard]:
    """The class cards `seat` holds."""
    return _holding(s, seat)[0]


def _take_list(s: State, seat: int) -> tuple[Action, ...]:
    """The class cards `seat` may take: every card it does not hold."""
    return _holding(s, seat)[1]


def _holding(s: State, seat: int) -> tuple[frozenset[ClassCard], tuple[Action, ...]]:
    """The class cards `seat` holds, and the actions taking the others. Kept per seat for the
    latest holders asked of: they change only when a card is taken, and the decisions in
    between ask again (a cache of every holders seen missed about half the time)."""
    global _LATEST_HOLDING
    holders, cards = s.holders, s.config.cards
    latest = _LATEST_HOLDING
    if latest[0] is not holders or latest[1] is not cards:
        # (replaced whole: nothing else is kept)
        latest = _LATEST_HOLDING = (holders, cards, {})
    got = latest[2].get(seat)
    if got is None:
        got = latest[2][seat] = (
            frozenset(compress(cards, map(seat.__eq__, holders))),
            tuple(map(_TAKE_ACTIONS.__getitem__, compress(cards, map(seat.__ne__, holders)))),
        )
    return got


_Holding = dict[int, tuple[frozenset[ClassCard], tuple[Action, ...]]]
_LATEST_HOLDING: tuple[tuple[int, ...], tuple[ClassCard, ...], _Holding] = ((), (), {})


# The caches of what legal_actions derives from a few fields (it runs on every step of every
# playout) are cleared when they reach this size, so memory stays bounded.
_CACHE_LIMIT = 1 << 15


# Final round: "They are neither allowed to take any new cards, add cubes (exception:
# Peasant) nor move the plague piece (exception: Knight)"; the class cards whose power adds
# cubes are not offered then (a proposal: see "final_round" in data/africanus.json).
NOT_IN_FINAL_ROUND = frozenset(ClassCard(c) for c in raw("africanus")["final_round"]["not_offered"])


def _require_ability(s: State, seat: int, card: ClassCard) -> None:
    if not holds(s, seat, card):
        raise IllegalAction("no_card", card=card.value)
    if card in s.flags.used:
        raise IllegalAction("ability_used", card=card.value)
    if s.phase is _FINAL and card in NOT_IN_FINAL_ROUND:
        raise IllegalAction("final_no_cubes", card=card.value)


def _token(s: State, r: int, position: int, region: Region) -> int:
    tokens = s.board_tokens[r]
    if not 0 <= position < len(tokens):
        raise IllegalAction("no_such_token", region=region.value, position=position + 1)
    return tokens[position]


def _after_ability(s: State) -> Phase:
    return _FINAL if s.final_order else _MAIN


def _use(s: State, card: ClassCard) -> Flags:
    """The turn's flags with `card` marked as used."""
    return _with_used(s.flags, s.flags.used | {card})


# The copies made on most actions, as evolve makes them, each for the fields it changes, given
# in this order (see engine.core.evolve.replacer: evolve's keywords cost more than the copy).
_with_took_card = replacer(Flags, "took_card")
_with_placed = replacer(Flags, "placed")
_with_used = replacer(Flags, "used")
_with_witch = replacer(Flags, "witch")
_with_spread_left = replacer(Flags, "spread_left")
_with_spread = replacer(Recent, "spread")
_with_reveals = replacer(Recent, "reveals")
_with_holders_flags = replacer(State, "holders", "flags")
_with_cubes_reserve_flags = replacer(State, "cubes", "reserve", "flags")
_with_cubes_palace_flags = replacer(State, "cubes", "palace", "flags")
_with_cubes_flags = replacer(State, "cubes", "flags")
_with_tokens_flags = replacer(State, "board_tokens", "flags")
_with_phase_flags_known = replacer(State, "phase", "flags", "known")
_with_flags_phase = replacer(State, "flags", "phase")
_with_opening = replacer(State, "cubes", "reserve", "opening", "active")


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
            try:
                cards = tuple(ClassCard(c) for c in chosen)
            except ValueError:  # a class card id that does not exist, from the set-up text
                raise MalformedAction("bad_option", option="classes") from None
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
    africa = None
    if expansion:
        africa, rng = _deal(b.region_cards, players, b.hand_size, rng)
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
        phase=_OPENING,
        active=opening[0],
        opening=opening,
        africa=africa,
    )


def _deal(cards: tuple[int, ...], players: int, size: int, rng: Rng) -> tuple[Africa, Rng]:
    # Africanus, preparation: "Les cartes Région sont mélangées, et chaque joueur en reçoit 3."
    # The pile stays sorted and every draw takes a card at random: the same as shuffling.
    deck = list(cards)
    hands = []
    for _ in range(players):
        hand = []
        for _ in range(size):
            i, rng = rng.below(len(deck))
            hand.append(deck.pop(i))
        hands.append(tuple(sorted(hand)))
    africa = Africa(
        hands=tuple(hands),
        deck=tuple(deck),
        discard=(),
        standing=(Standing.ALWAYS,) * players,
        diplomats=(0,) * len(REGIONS),
    )
    return africa, rng


def card_id(card: int) -> str:
    """Printed id of a region card."""
    return region_cards()[card].id


def setup_events(s: State) -> tuple[Event, ...]:
    """The events of the set-up: public facts, and each player's dealt hand (private)."""
    b = s.config.board
    events: list[Event] = [
        GameSetUp(
            players=s.config.players,
            regions=tuple(REGIONS[r] for r in b.used),
            plague=REGIONS[s.plague],
            cards=s.config.cards,
            rat_supply=len(s.supply),
            removed_unseen=len(s.removed),
        )
    ]
    if s.africa is not None:
        for seat, hand in enumerate(s.africa.hands):
            events.append(RegionCardsDealt(seat, tuple(card_id(c) for c in hand)))
    return tuple(events)


# ---------------------------------------------------------------- who moves, what is legal


def to_move(s: State) -> frozenset[int]:
    """Seats that must decide now: the active player, or the seats asked in a reaction window."""
    if s.phase is _OVER:
        return frozenset()
    if s.phase is _REACTION:
        return frozenset(_window(s).asked)
    return _ALONE[s.active]


_ALONE = tuple(frozenset((seat,)) for seat in range(8))  # shared: frozensets are immutable


def _africa(s: State | _Work) -> Africa:
    """The Africanus part of a state whose phase or pieces say the expansion is in play.

    Invariant: only Africanus phases, pieces (diplomats, region cards) and the Africanus
    ravage lead here. Actions a player may try in a base game use `_afr`, which refuses them.
    """
    afr = s.africa
    if afr is None:
        raise InvariantError(f"rattus: an Africanus step on a base-game state (phase {s.phase})")
    return afr


def _window(s: State) -> Ravage:
    """The open reaction window. Invariant: phase REACTION always has one."""
    afr = s.africa
    rv = afr.ravage if afr is not None else None
    if rv is None:
        raise InvariantError(f"rattus: no reaction window open in phase {s.phase}")
    return rv


def has_diplomat(s: State, r: int, seat: int) -> bool:
    """True when `seat` has a diplomat under one of its cubes in region `r`."""
    return s.africa is not None and bool(s.africa.diplomats[r] >> seat & 1)


def diplomats_in_game(s: State) -> int:
    """Diplomats in the game. Africanus, preparation: "Si la carte Sultan est en jeu, les
    pions Diplomate sont placés près du plateau de jeu": none without the Sultan."""
    b = s.config.board
    if s.africa is None or b.diplomats_with not in s.config.cards:
        return 0
    return b.diplomats


def diplomats_left(s: State) -> int:
    """Diplomats still in the common supply."""
    if s.africa is None:
        return 0
    return diplomats_in_game(s) - sum(map(int.bit_count, s.africa.diplomats))


def _token_counts(tokens: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """How many rat tokens lie in each region. The latest answer is kept: the decisions of a
    turn (and the spread after the plague moved) ask it again of the same regions."""
    global _LATEST_COUNTS
    latest = _LATEST_COUNTS
    if latest[0] is tokens:
        return latest[1]
    counts = tuple(map(len, tokens))
    _LATEST_COUNTS = (tokens, counts)  # one pair, replaced whole: nothing else is kept
    return counts


_LATEST_COUNTS: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] = ((), ())


def _place_counts(res: int, k: int, peasant: bool) -> tuple[int, ...]:
    # Rules, phase B: as many cubes as rat tokens; the Peasant adds one (also where no rats are).
    if res == 0 or (k == 0 and not peasant):
        return ()
    if not peasant:
        return (min(k, res),)
    if k == 0:
        return (1,)
    low, high = min(k, res), min(k + 1, res)
    return (low,) if low == high else (low, high)


def _spread_options(s: State | _Work, count: int) -> list[tuple[int, ...]]:
    b = s.config.board
    room = {n: b.max_tokens - len(s.board_tokens[n]) for n in b.neighbours[s.plague]}
    open_ = [n for n in b.neighbours[s.plague] if room[n] > 0]
    if count == 1:
        return [(n,) for n in open_]
    if count == 2:
        # combinations_with_replacement(open_, 2), in its order, keeping a region twice only
        # where it has room for two
        pairs: list[tuple[int, ...]] = []
        for i, first in enumerate(open_):
            for second in open_[i:]:
                if first != second or room[first] >= 2:
                    pairs.append((first, second))
        return pairs
    options = []
    for combo in combinations_with_replacement(open_, count):
        if all(combo.count(n) <= room[n] for n in set(combo)):
            options.append(combo)
    return options


def _ability_actions(
    s: State, seat: int, final: bool, counts: tuple[int, ...] | None = None
) -> list[Action]:
    usable = held(s, seat) - s.flags.used
    if final:
        usable -= NOT_IN_FINAL_ROUND
    if not usable:
        return []
    return _usable_actions(s, seat, usable, final, counts or _token_counts(s.board_tokens))


def _usable_actions(
    s: State, seat: int, usable: frozenset[ClassCard], final: bool, counts: tuple[int, ...]
) -> list[Action]:
    """The class abilities `usable` (held, not used this turn), in the order of the list."""
    b = s.config.board
    out: list[Action] = []
    if final and _CARD_PEASANT in usable and s.reserve[seat] > 0:
        # Final round: the Peasant adds one cube in any one region.
        out.extend(_place_a(r, 1) for r in b.used)
    if _CARD_KING in usable:
        cubes = s.cubes
        for r in b.used:
            if not counts[r] and cubes[r][seat]:
                out.append(_king_a(r))
    if _CARD_MONK in usable:
        out.extend(_monk_list(b, counts))
    if _CARD_MERCHANT in usable:
        dips = s.africa.diplomats if s.africa is not None else None
        cubes = s.cubes
        moves = _merchant_moves(b)
        for r in b.used:
            have = cubes[r][seat]
            if not have:
                continue
            if dips is not None and dips[r] >> seat & 1:
                out.extend(_diplomat_merchant(s, seat, r, have))
                continue
            out.extend(moves[r][min(3, have)])
    if _CARD_WITCH in usable:
        out.extend(_peek_list(b, counts))
    if s.africa is not None and usable & _ORIENT:
        out.extend(_orient_actions(s, s.africa, seat, usable))
    return out


# The lists of actions that depend only on the board and how many rat tokens lie in each
# region, made once per such position: legal_actions runs on every step of every playout.
# Keyed by the board's id (boards are made once per configuration and kept), and checked
# against the board itself; cleared when full, so memory stays bounded.
_Listed = dict[tuple[Any, ...], tuple[Board, tuple[Action, ...]]]
_TOKEN_LISTS: _Listed = {}
_PEEK_LISTS: _Listed = {}
_PLACE_LISTS: _Listed = {}
_SpreadLists = tuple[tuple[tuple[int, ...], ...], tuple[Action, ...]]
_SPREAD_LISTS: dict[tuple[int, int, tuple[int, ...], int], tuple[Board, _SpreadLists]] = {}
_MerchantMoves = tuple[tuple[tuple[Action, ...], ...], ...]
_MERCHANT_MOVES: dict[int, tuple[Board, _MerchantMoves]] = {}


def _monk_list(b: Board, counts: tuple[int, ...]) -> tuple[Action, ...]:
    """The Monk's moves: any token of a region in play to a neighbour with room."""
    key = (id(b), counts)
    got = _TOKEN_LISTS.get(key)
    if got is not None and got[0] is b:
        return got[1]
    top = b.max_tokens
    if top not in counts:
        # (with no region full, every neighbour has room)
        return _joined(_TOKEN_LISTS, key, b, _rows(b).monk, counts)
    monk: list[Action] = []
    for r in b.used:
        if counts[r]:
            targets = tuple([n for n in b.neighbours[r] if counts[n] < top])
            monk.extend(_monk_region(r, counts[r], targets))
    out = tuple(monk)
    if len(_TOKEN_LISTS) >= _CACHE_LIMIT:
        _TOKEN_LISTS.clear()
    _TOKEN_LISTS[key] = (b, out)
    return out


@cache
def _monk_region(r: int, k: int, targets: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(_monk_a(r, pos, t) for pos in range(k) for t in targets)


def _peek_list(b: Board, counts: tuple[int, ...]) -> tuple[Action, ...]:
    """The Witch's looks: any token of a region in play."""
    key = (id(b), counts)
    got = _PEEK_LISTS.get(key)
    if got is not None and got[0] is b:
        return got[1]
    return _joined(_PEEK_LISTS, key, b, _rows(b).peek, counts)


@cache
def _peek_region(r: int, k: int) -> tuple[Action, ...]:
    return tuple(_peek_a(r, pos) for pos in range(k))


def _place_list(b: Board, counts: tuple[int, ...], res: int, peasant: bool) -> tuple[Action, ...]:
    """Where and how many cubes the player may place (phase B)."""
    # Only min(tokens, res) and min(tokens + 1, res) matter: a reserve above the most tokens a
    # region may hold, plus one, lists the same.
    res = min(res, b.max_tokens + 1)
    key = (id(b), counts, res, peasant)
    got = _PLACE_LISTS.get(key)
    if got is not None and got[0] is b:
        return got[1]
    return _joined(_PLACE_LISTS, key, b, _rows(b).place[peasant][res], counts)


class _Rows:
    """The actions legal_actions lists region by region, made once per board: per region and
    per number of rat tokens there. A position's list joins its regions' rows (a playout sees
    many positions once: their lists are made often)."""

    __slots__ = ("board", "monk", "peek", "place", "plague")

    def __init__(self, b: Board) -> None:
        self.board = b  # (checked by the cache: boards are kept, but ids can be reused)
        ks = range(b.max_tokens + 1)
        # Rows of the regions not in play stay empty (they never hold tokens, but the Peasant
        # may add a cube where no rats are).
        self.peek = tuple(
            tuple(_peek_region(r, k) if b.in_play[r] else () for k in ks)
            for r in range(len(REGIONS))
        )
        # the Monk's moves when no region is full
        self.monk = tuple(
            tuple(_monk_region(r, k, b.neighbours[r]) if b.in_play[r] else () for k in ks)
            for r in range(len(REGIONS))
        )
        # [peasant][reserve, at most max_tokens + 1][region][tokens]
        self.place = tuple(
            tuple(
                tuple(
                    tuple(_place_region(r, k, res, peasant) if b.in_play[r] else () for k in ks)
                    for r in range(len(REGIONS))
                )
                for res in range(b.max_tokens + 2)
            )
            for peasant in (False, True)
        )
        # [knight][plague region]: the plague's moves outside the final round
        self.plague = tuple(
            tuple(
                _plague_list(
                    b.expansion, b.players, r, b.knight_steps if knight else 1, knight, False
                )
                if b.in_play[r]
                else ()
                for r in range(len(REGIONS))
            )
            for knight in (False, True)
        )


_ROWS: dict[int, _Rows] = {}


def _rows(b: Board) -> _Rows:
    got = _ROWS.get(id(b))
    if got is not None and got.board is b:
        return got
    if len(_ROWS) >= 64:
        _ROWS.clear()
    got = _ROWS[id(b)] = _Rows(b)
    return got


def _joined(
    cache: _Listed,
    key: tuple[Any, ...],
    b: Board,
    rows: tuple[tuple[tuple[Action, ...], ...], ...],
    counts: tuple[int, ...],
) -> tuple[Action, ...]:
    """The rows of the regions in play, each for the number of its rat tokens, in region
    order; kept in `cache` under `key`."""
    listed: list[Action] = []
    for r in b.used:
        listed += rows[r][counts[r]]
    out = tuple(listed)
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = (b, out)
    return out


@cache
def _place_region(r: int, k: int, res: int, peasant: bool) -> tuple[Action, ...]:
    return tuple(_place_a(r, n) for n in _place_counts(res, k, peasant))


def _merchant_moves(b: Board) -> _MerchantMoves:
    """The Merchant's moves (no diplomat involved) from each region r of 1 to `top` cubes, at
    [r][top] for top 0 to 3; made once per board."""
    got = _MERCHANT_MOVES.get(id(b))
    if got is not None and got[0] is b:
        return got[1]
    moves = tuple(
        tuple(
            tuple(_merchant_a(r, n, k, False) for n in b.neighbours[r] for k in range(1, top + 1))
            for top in range(4)
        )
        for r in range(len(REGIONS))
    )
    if len(_MERCHANT_MOVES) >= 64:
        _MERCHANT_MOVES.clear()
    _MERCHANT_MOVES[id(b)] = (b, moves)
    return moves


def _spread_list(s: State | _Work, count: int, counts: tuple[int, ...]) -> _SpreadLists:
    """Where the new rat tokens may go (the spread): the choices, and their actions."""
    b = s.config.board
    key = (id(b), s.plague, tuple(map(counts.__getitem__, b.neighbours[s.plague])), count)
    got = _SPREAD_LISTS.get(key)
    if got is not None and got[0] is b:
        return got[1]
    options = tuple(_spread_options(s, count))
    lists = (options, tuple(map(_rats_a, options)))
    if len(_SPREAD_LISTS) >= _CACHE_LIMIT:
        _SPREAD_LISTS.clear()
    _SPREAD_LISTS[key] = (b, lists)
    return lists


_ORIENT = frozenset((_CARD_ASTRONOMER, _CARD_EXPLORER, _CARD_SULTAN, _CARD_CARAVANEER))


def _diplomat_merchant(s: State, seat: int, r: int, have: int) -> list[Action]:
    # The cube carrying the diplomat may move (not into a region where the seat has one); it
    # must move when every cube of the seat leaves.
    out: list[Action] = []
    for n in s.config.board.neighbours[r]:
        free = not has_diplomat(s, n, seat)
        for k in range(1, min(3, have) + 1):
            if k < have:
                out.append(_merchant_a(r, n, k, False))
            if free:
                out.append(_merchant_a(r, n, k, True))
    return out


def _orient_actions(s: State, afr: Africa, seat: int, usable: frozenset[ClassCard]) -> list[Action]:
    b = s.config.board
    out: list[Action] = []
    can_draw = bool(afr.deck or afr.discard)
    if _CARD_ASTRONOMER in usable and can_draw:
        out.append(_USE_ASTRONOMER)
    if _CARD_EXPLORER in usable and can_draw:
        out.append(_USE_EXPLORER)
    if _CARD_SULTAN in usable and diplomats_left(s):
        cubes, diplomats = s.cubes, afr.diplomats
        out += [_diplomat_a(r) for r in b.used if cubes[r][seat] and not diplomats[r] >> seat & 1]
    if _CARD_CARAVANEER in usable and afr.caravan >= 0:
        out.extend(_caravan_actions(s.config.expansion, s.config.players, afr.caravan))
    return out


# Actions are immutable values: the common ones are made once and shared (legal_actions
# builds thousands per game).


@cache
def _place_a(r: int, k: int) -> Action:
    return PlaceCubes(REGIONS[r], k)


@cache
def _king_a(r: int) -> Action:
    return KingMove(REGIONS[r])


@cache
def _monk_a(r: int, pos: int, t: int) -> Action:
    return MonkMove(REGIONS[r], pos, REGIONS[t])


@cache
def _merchant_a(r: int, n: int, k: int, diplomat: bool) -> Action:
    return MerchantMove(REGIONS[r], REGIONS[n], k, diplomat)


@cache
def _peek_a(r: int, pos: int) -> Action:
    return WitchPeek(REGIONS[r], pos)


_TAKE_ACTIONS: dict[ClassCard, Action] = {c: TakeCard(c) for c in ClassCard}


_USE_ASTRONOMER: Action = UseAstronomer()
_USE_EXPLORER: Action = UseExplorer()
_KEEP: Action = WitchSwap(False)
_SWAP: Action = WitchSwap(True)
_END_TURN: Action = EndTurn()


@cache
def _diplomat_a(r: int) -> Action:
    return PlaceDiplomat(REGIONS[r])


@cache
def _rats_a(combo: tuple[int, ...]) -> Action:
    return PlaceRats(tuple(REGIONS[r] for r in combo))


@cache
def _caravan_actions(expansion: str, players: int, start: int) -> tuple[Action, ...]:
    b = board(expansion, players)
    return tuple(
        MoveCaravan(REGIONS[m], REGIONS[e])
        for m in b.neighbours[start]
        for e in b.neighbours[m]
        if e != start
    )


@cache
def _plague_list(
    expansion: str, players: int, start: int, steps: int, knight: bool, final: bool
) -> tuple[Action, ...]:
    dests = sorted(board(expansion, players).within(start, steps))
    if final:
        return tuple(MovePlague(REGIONS[r], True) for r in dests)
    out: list[Action] = []
    for r in dests:
        out.append(MovePlague(REGIONS[r], False))
        if knight:
            out.append(MovePlague(REGIONS[r], True))
    return tuple(out)


def _plague_actions(s: State, seat: int, final: bool) -> tuple[Action, ...]:
    knight = holds(s, seat, _CARD_KNIGHT)
    if final and (not knight or _CARD_KNIGHT in s.flags.used):
        return ()
    steps = s.config.board.knight_steps if knight else 1
    return _plague_list(s.config.expansion, s.config.players, s.plague, steps, knight, final)


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of `seat` in a fixed order; empty when the seat is not to move.

    Setting a standing order (Africanus) is allowed at any time but is not listed here.
    """
    phase = s.phase
    if phase is _REACTION:
        return _reaction_actions(s, seat) if seat in _window(s).asked else []
    if phase is _OVER or seat != s.active:
        return []
    b = s.config.board
    out: list[Action] = []
    if phase is _OPENING:
        out.extend(_opening_actions(s.config.expansion, s.config.players))
    elif phase is _MAIN:
        # What _ability_actions and _plague_actions list, from the cards held looked up once.
        flags = s.flags
        mine = held(s, seat)
        counts = _token_counts(s.board_tokens)
        if not flags.took_card:
            out.extend(_take_list(s, seat))
        reserve = s.reserve[seat]
        if not flags.placed and reserve:
            out.extend(_place_list(b, counts, reserve, _CARD_PEASANT in mine))
        usable = mine - flags.used if flags.used else mine
        if usable:
            out.extend(_usable_actions(s, seat, usable, False, counts))
        out.extend(_rows(b).plague[_CARD_KNIGHT in mine][s.plague])
    elif phase is _WITCH:
        if len(s.flags.witch) == 1:
            # Every look but the first one (the looks are the shared values _peek_a makes).
            first = _peek_a(*s.flags.witch[0])
            looks = _peek_list(b, _token_counts(s.board_tokens))
            out += [look for look in looks if look is not first]
            out.append(_KEEP)
        else:
            out.append(_KEEP)
            if s.flags.witch[0][0] != s.flags.witch[1][0]:
                out.append(_SWAP)
    elif phase is _SPREAD:
        out.extend(_spread_list(s, s.flags.spread_left, _token_counts(s.board_tokens))[1])
    elif phase is _FINAL:
        out.extend(_ability_actions(s, seat, final=True))
        out.extend(_plague_actions(s, seat, final=True))
        out.append(_END_TURN)
    else:
        out.extend(_africanus_phase_actions(s, seat))
    return out


@cache
def _opening_actions(expansion: str, players: int) -> tuple[Action, ...]:
    used = board(expansion, players).used
    out: list[Action] = []
    for i, r in enumerate(used):
        out.append(PlaceOpening(REGIONS[r]))
        if expansion:
            # Africanus: "place deux de ses cubes dans n'importe quelle(s) région(s)".
            out.extend(PlaceOpening(REGIONS[r], REGIONS[r2]) for r2 in used[i + 1 :])
    return tuple(out)


def _africanus_phase_actions(s: State, seat: int) -> list[Action]:
    afr = _africa(s)
    phase = s.phase
    b = s.config.board
    if phase is _CARAVAN:
        return [PlaceCaravan(REGIONS[r]) for r in b.used]
    if phase is _ASTRONOMER:
        return [KeepCard(i) for i in range(len(afr.drawn))]
    if phase is _EXPLORER:
        out: list[Action] = [Explore(None)]
        if s.reserve[seat]:
            regions = sorted({protection.card_region(c) for c in afr.drawn})
            out.extend(Explore(REGIONS[r]) for r in regions)
        return out
    if phase is _RAVAGE_ORDER:
        return [ChooseRavage(REGIONS[r]) for r in sorted(afr.left)]
    raise InvariantError(f"rattus: no actions listed for phase {phase}")


def _reaction_actions(s: State, seat: int) -> list[Action]:
    afr = _africa(s)
    protected = _in_force(_window(s))
    mine = [c for c in held(s, seat) if c not in protected]
    out: list[Action] = [
        Protect(card_id(card), c)
        for card in afr.hands[seat]
        for c in sorted(mine, key=_CARD_RANK.__getitem__)
        if protection.fits(card, c)
    ]
    out.append(Decline())
    return out


_CARD_RANK = {c: i for i, c in enumerate(ClassCard)}


# ---------------------------------------------------------------- apply


def apply(s: State, seat: int, action: Action) -> Step[State]:
    """Apply `action` by `seat`, or raise a RulesError and change nothing."""
    if s.phase is _OVER:
        raise GameFinished()
    if type(action) is SetStanding:
        # Africanus: a standing order may be set at any time, off-turn too.
        return _set_standing(s, seat, action)
    if s.phase is _REACTION:
        if seat not in _window(s).asked:
            raise NotYourTurn()
    elif seat != s.active:
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
    if r2 != r and not s.config.expansion:
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
        return _with_opening(s, tuple(cubes), reserve, rest, rest[0])
    s = evolve(s, cubes=tuple(cubes), reserve=reserve, opening=rest)
    if _CARD_CARAVANEER in s.config.cards:
        # Africanus, preparation: "Si la carte Caravanier est en jeu, le dernier joueur (celui
        # assis à la droite du premier joueur) place la pièce Caravane dans la région de son
        # choix".
        return evolve(s, phase=_CARAVAN, active=s.config.players - 1)
    return _first_turn(s, ev)


def _first_turn(s: State, ev: list[Event]) -> State:
    ev.append(TurnBegan(0, 1))
    return evolve(s, phase=_MAIN, active=0, turn=1)


def _place_caravan(s: State, seat: int, a: PlaceCaravan, ev: list[Event]) -> State:
    r = _region(s, a.region)
    afr = _africa(s)
    ev.append(CaravanPlaced(seat, a.region))
    return _first_turn(evolve(s, africa=evolve(afr, caravan=r)), ev)


def _take(s: State, seat: int, a: TakeCard, ev: list[Event]) -> State:
    if a.card not in s.config.cards:
        raise IllegalAction("card_not_in_play", card=a.card.value)
    if s.flags.took_card:
        raise IllegalAction("already_took_card")
    i = s.config.cards.index(a.card)
    previous = s.holders[i]
    if previous == seat:
        raise IllegalAction("already_hold_card", card=a.card.value)
    ev.append(ClassCardTaken(seat, a.card, previous if previous >= 0 else None))
    return _with_holders_flags(s, _set(s.holders, i, seat), _with_took_card(s.flags, True))


def _place(s: State, seat: int, a: PlaceCubes, ev: list[Event]) -> State:
    r = _region(s, a.region)
    if s.phase is _FINAL:
        # Final round: "Peasant: may add a cube of his own color in any one region."
        _require_ability(s, seat, _CARD_PEASANT)
        if s.reserve[seat] == 0:
            raise IllegalAction("no_cubes_left")
        if a.count != 1:
            raise IllegalAction("wrong_cube_count", region=a.region.value, allowed=1, count=a.count)
        flags = _use(s, _CARD_PEASANT)
    else:
        if s.flags.placed:
            raise IllegalAction("already_placed")
        if s.reserve[seat] == 0:
            raise IllegalAction("no_cubes_left")
        counts = _place_counts(
            s.reserve[seat], len(s.board_tokens[r]), holds(s, seat, _CARD_PEASANT)
        )
        if not counts:
            raise IllegalAction("no_rats_to_place", region=a.region.value)
        if a.count not in counts:
            allowed = " or ".join(str(c) for c in counts)
            raise IllegalAction(
                "wrong_cube_count", region=a.region.value, allowed=allowed, count=a.count
            )
        flags = _with_placed(s.flags, True)
    ev.append(CubesPlaced(seat, a.region, a.count))
    cubes = _set_row(s.cubes, r, _add(s.cubes[r], seat, a.count))
    s = _with_cubes_reserve_flags(s, cubes, _add(s.reserve, seat, -a.count), flags)
    return _after(s, ev)


def _set_row(
    rows: tuple[tuple[int, ...], ...], i: int, row: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    # (through a list: for a row per region, cheaper than slicing and joining three tuples)
    out = list(rows)
    out[i] = row
    return tuple(out)


def _king(s: State, seat: int, a: KingMove, ev: list[Event]) -> State:
    _require_ability(s, seat, _CARD_KING)
    r = _region(s, a.region)
    if s.board_tokens[r]:
        raise IllegalAction("region_has_rats", region=a.region.value)
    if not s.cubes[r][seat]:
        raise IllegalAction("no_cube_there", region=a.region.value)
    ev.append(CubeToPalace(seat, a.region))
    if s.cubes[r][seat] == 1 and has_diplomat(s, r, seat):
        # The King takes ordinary cubes first; when the diplomat's cube is the last one, it
        # leaves the region and the diplomat goes back to the supply (a project decision:
        # diplomats belong to regions, and the palace is not one).
        s = _drop_diplomat(s, r, seat, "palace", ev)
    s = _with_cubes_palace_flags(
        s,
        _set_row(s.cubes, r, _add(s.cubes[r], seat, -1)),
        _add(s.palace, seat, 1),
        _use(s, _CARD_KING),
    )
    return _after(s, ev)


def _drop_diplomat(s: State, r: int, seat: int, reason: str, ev: list[Event]) -> State:
    """`seat`'s diplomat in region `r` goes back to the supply (it has one there)."""
    afr = _africa(s)
    ev.append(DiplomatReturned(seat, REGIONS[r], reason))
    diplomats = _set(afr.diplomats, r, afr.diplomats[r] & ~(1 << seat))
    return evolve(s, africa=evolve(afr, diplomats=diplomats))


def _monk(s: State, seat: int, a: MonkMove, ev: list[Event]) -> State:
    _require_ability(s, seat, _CARD_MONK)
    src = _region(s, a.source)
    dst = _region(s, a.target)
    token = _token(s, src, a.position, a.source)
    if not s.config.board.is_neighbour(src, dst):
        raise IllegalAction("not_neighbour", source=a.source.value, target=a.target.value)
    if len(s.board_tokens[dst]) >= s.config.board.max_tokens:
        # Rules, Monk: "a player holding the Monk may not move a rat into a region already
        # containing 3 rats".
        raise IllegalAction("region_full", region=a.target.value)
    tokens = list(s.board_tokens)
    src_row = tokens[src]
    tokens[src] = src_row[: a.position] + src_row[a.position + 1 :]
    tokens[dst] = tokens[dst] + (token,)
    ev.append(RatTokenMoved(seat, a.source, a.position, a.target))
    s = _with_tokens_flags(s, tuple(tokens), _use(s, _CARD_MONK))
    return _after(s, ev)


def _merchant(s: State, seat: int, a: MerchantMove, ev: list[Event]) -> State:
    _require_ability(s, seat, _CARD_MERCHANT)
    src = _region(s, a.source)
    dst = _region(s, a.target)
    if not s.config.board.is_neighbour(src, dst):
        raise IllegalAction("not_neighbour", source=a.source.value, target=a.target.value)
    if not 1 <= a.count <= 3:
        raise IllegalAction("merchant_count", count=a.count)
    have = s.cubes[src][seat]
    if not have:
        raise IllegalAction("no_cube_there", region=a.source.value)
    if have < a.count:
        raise IllegalAction("not_enough_cubes", have=have, region=a.source.value)
    carried = has_diplomat(s, src, seat)
    if a.diplomat:
        if not carried:
            raise IllegalAction("no_diplomat_there", region=a.source.value)
        # Sultan: "vous ne pouvez pas déplacer un cube avec un pion Diplomate dans une région
        # contenant déjà l'un de vos cubes avec un pion Diplomate."
        if has_diplomat(s, dst, seat):
            raise IllegalAction("diplomat_already_there", region=a.target.value)
    elif carried and a.count == have:
        raise IllegalAction("diplomat_must_move", region=a.source.value)
    cubes = _set_row(s.cubes, src, _add(s.cubes[src], seat, -a.count))
    cubes = _set_row(cubes, dst, _add(cubes[dst], seat, a.count))
    ev.append(CubesMoved(seat, a.source, a.target, a.count))
    s = _with_cubes_flags(s, cubes, _use(s, _CARD_MERCHANT))
    if a.diplomat:
        afr = _africa(s)  # `carried` above: the seat has a diplomat in `src`
        bit = 1 << seat
        diplomats = _set(afr.diplomats, src, afr.diplomats[src] & ~bit)
        diplomats = _set(diplomats, dst, diplomats[dst] | bit)
        ev.append(DiplomatMoved(seat, a.source, a.target))
        s = evolve(s, africa=evolve(afr, diplomats=diplomats))
    return _after(s, ev)


def _peek(s: State, seat: int, a: WitchPeek, ev: list[Event]) -> State:
    if s.phase is _WITCH:
        if len(s.flags.witch) == 2:
            raise IllegalAction("witch_decide")
    else:
        _require_ability(s, seat, _CARD_WITCH)
    r = _region(s, a.region)
    token = _token(s, r, a.position, a.region)
    if s.flags.witch and s.flags.witch[0] == (r, a.position):
        raise IllegalAction("same_token")
    face = s.config.board.faces[token]
    ev.append(RatTokenPeeked(seat, a.region, a.position))
    ev.append(RatTokenSeen(seat, a.region, a.position, face.id, face.limit, face.symbols))
    known = s.known[:seat] + (s.known[seat] | {token},) + s.known[seat + 1 :]
    flags = _with_witch(s.flags, (*s.flags.witch, (r, a.position)))
    return _with_phase_flags_known(s, _WITCH, flags, known)


def _swap(s: State, seat: int, a: WitchSwap, ev: list[Event]) -> State:
    if a.swap:
        if len(s.flags.witch) != 2 or s.flags.witch[0][0] == s.flags.witch[1][0]:
            raise IllegalAction("swap_needs_two")
        (r1, p1), (r2, p2) = s.flags.witch
        tokens = list(s.board_tokens)
        t1, t2 = tokens[r1][p1], tokens[r2][p2]
        tokens[r1] = _set(tokens[r1], p1, t2)
        tokens[r2] = _set(tokens[r2], p2, t1)
        ev.append(RatTokensSwapped(seat, REGIONS[r1], p1, REGIONS[r2], p2))
        s = evolve(s, board_tokens=tuple(tokens))
    flags = _with_witch(_use(s, _CARD_WITCH), ())
    s = _with_flags_phase(s, flags, _after_ability(s))
    return _after(s, ev)


def _move_plague(s: State, seat: int, a: MovePlague, ev: list[Event]) -> State:
    b = s.config.board
    r = _region(s, a.region)
    final = s.phase is _FINAL
    knight = holds(s, seat, _CARD_KNIGHT)
    if final:
        _require_ability(s, seat, _CARD_KNIGHT)
    if r == s.plague:
        raise IllegalAction("plague_must_move", region=a.region.value)
    steps = b.knight_steps if knight else 1
    if r not in b.reach[s.plague][steps]:  # b.within(s.plague, steps)
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
        ending = _ending(s)
        s = evolve(
            s,
            plague=r,
            recent=recent,
            ending=evolve(ending, neutral=True),
            flags=_use(s, _CARD_KNIGHT),
        )
        return _after(s, ev)
    w = _Work(s)
    w.plague = r
    w.recent = recent
    # Rules, the spread: 1 new rat if the plague region holds 1, 2 if it holds 2 or 3.
    k = len(s.board_tokens[r])
    count = min(0 if k == 0 else 1 if k == 1 else 2, len(s.supply))
    return _begin_spread(w, count, ev)


def _begin_spread(w: _Work, count: int, ev: list[Event]) -> State:
    b = w.config.board
    tokens = w.board_tokens
    room = 0
    for n in b.neighbours[w.plague]:
        room += b.max_tokens - len(tokens[n])
    # "In the rare event that all the neighboring regions of the Plague Region contain three
    # rats, no more rats are added."
    count = min(count, room)
    if count == 0:
        return _ravage_and_end(w, ev)
    options = _spread_list(w, count, _token_counts(tokens))[0]
    if len(options) == 1:
        return _spread(w, options[0], ev)
    w.phase = _SPREAD
    w.flags = _with_spread_left(w.flags, count)
    return w.state()


def _place_rats(s: State, seat: int, a: PlaceRats, ev: list[Event]) -> State:
    if len(a.regions) != s.flags.spread_left:
        raise IllegalAction("spread_count", count=s.flags.spread_left)
    idx = tuple([_region(s, r) for r in a.regions])
    b = s.config.board
    around = b.neighbours[s.plague]
    for r, region in zip(idx, a.regions, strict=True):
        if r not in around:  # b.is_neighbour(s.plague, r)
            raise IllegalAction(
                "not_neighbour", source=REGIONS[s.plague].value, target=region.value
            )
        if len(s.board_tokens[r]) + idx.count(r) > b.max_tokens:
            raise IllegalAction("region_full", region=region.value)
    return _spread(_Work(s), tuple(sorted(idx)), ev)


def _spread(w: _Work, targets: tuple[int, ...], ev: list[Event]) -> State:
    tokens = list(w.board_tokens)
    supply = list(w.supply)
    rng = w.rng
    for r in targets:
        i, rng = rng.below(len(supply))
        tokens[r] = tokens[r] + (supply.pop(i),)
    for r in sorted(set(targets)):
        ev.append(RatTokensAdded(w.active, REGIONS[r], targets.count(r)))
    if w.recent:
        w.recent = _with_spread(w.recent, targets)
    w.board_tokens = tuple(tokens)
    w.supply = tuple(supply)
    w.rng = rng
    w.phase = _MAIN
    # The turn's flags still count the tokens to place: the end of the turn clears them, or
    # _ravage_and_end when the ravage waits for a reaction window.
    return _ravage_and_end(w, ev)


def _ravage_and_end(w: _Work, ev: list[Event]) -> State:
    neutral = bool(w.recent and w.recent.neutral)
    if w.africa is not None:
        if _ravage_africa(w, w.plague, neutral, ev):
            if w.flags.spread_left:
                w.flags = _with_spread_left(w.flags, 0)
            return w.state()
    else:
        _ravage(w, w.plague, neutral, ev)
    return _end_turn(w, ev)


_SYMBOLS: dict[int, tuple[TokenFace, tuple[int, int, tuple[str, ...]]]] = {}


def _symbols(face: TokenFace) -> tuple[int, int, tuple[str, ...]]:
    """A face's M and A symbol counts and class symbols, worked out once per face (faces are
    made once per game set and kept; checked by identity)."""
    got = _SYMBOLS.get(id(face))
    if got is not None and got[0] is face:
        return got[1]
    parts = (face.majority, face.all, face.classes)
    if len(_SYMBOLS) >= 4096:
        _SYMBOLS.clear()
    _SYMBOLS[id(face)] = (face, parts)
    return parts


def _ravage(w: _Work, r: int, neutral: bool, ev: list[Event]) -> None:
    """Base game: reveal the region's tokens one at a time in random order until no token or
    no cube; in the final ravage the tokens left are then shown too (see _show_rest)."""
    tokens = list(w.board_tokens[r])
    cubes = list(w.cubes[r])
    final = w.ending is not None
    if not tokens or not (any(cubes) or final):
        return
    b = w.config.board
    n = w.config.players
    reserve = list(w.reserve)
    rng = w.rng
    revealed: list[int] = []
    reveals: list[Reveal] = []
    by_symbol: BySymbol | None = None
    while tokens and any(cubes):
        i, rng = rng.below(len(tokens))
        token = tokens.pop(i)
        face = b.faces[token]
        total = sum(cubes) + (2 if neutral else 0)
        outbreak = total >= face.limit
        losses = [0] * n
        if outbreak:
            majority, every, classes = _symbols(face)
            if by_symbol is None:
                by_symbol = _by_symbol(w)
            hits = [0] * n
            # "The M symbols are always evaluated first": majority as the token is revealed;
            # a tie hits every tied player.
            for _ in range(majority):
                top = max(cubes)
                for p in range(n):
                    if top and cubes[p] == top:
                        hits[p] += 1
            for _ in range(every):
                for p in range(n):
                    if cubes[p]:
                        hits[p] += 1
            for symbol in classes:
                for _card, holder in by_symbol.get(symbol, ()):
                    hits[holder] += 1
            for p in range(n):
                hit = hits[p]
                if hit:
                    have = cubes[p]
                    lost = hit if hit < have else have
                    losses[p] = lost
                    cubes[p] = have - lost
                    reserve[p] += lost
        revealed.append(token)
        lost_row = tuple(losses)
        reveals.append(Reveal(r, token, total, outbreak, lost_row))
        ev.append(
            RatTokenRevealed(
                REGIONS[r], face.id, face.limit, face.symbols, total, outbreak, lost_row
            )
        )
    if final:
        revealed += tokens
        reveals += _show_rest(w, r, tokens, ev)
        tokens = []
    gone = frozenset(revealed)
    # (the same tuple when nothing was revealed)
    w.known = _forget(w.known, gone)
    recent = w.recent
    if recent is not None:
        w.recent = _with_reveals(recent, recent.reveals + tuple(reveals))
    w.board_tokens = _set_row(w.board_tokens, r, tuple(tokens))
    w.cubes = _set_row(w.cubes, r, tuple(cubes))
    w.reserve = tuple(reserve)
    w.revealed = w.revealed + tuple(revealed)
    w.rng = rng


def _forget(known: tuple[frozenset[int], ...], gone: frozenset[int]) -> tuple[frozenset[int], ...]:
    """What each seat knows of the face-down tokens once the tokens `gone` are revealed (the
    same tuple when that changes nothing)."""
    for k in known:
        if not k.isdisjoint(gone):
            return tuple([x - gone if x & gone else x for x in known])
    return known


def _show_rest(s: State | _Work, r: int, tokens: list[int], ev: list[Event]) -> list[Reveal]:
    """Final ravage: the tokens still face down in region `r` once no cube is left there to
    evaluate them against. Rules, game end: "the plague ravages all the 12 regions, that is,
    one at a time all the rat tokens are revealed and evaluated"; FR: "tous les jetons rats
    sont retournés l'un après l'autre". Each is shown, in placement order (no chance is drawn,
    so every other result of the game stays as it was), with 0 cubes and no effect."""
    faces = s.config.board.faces
    none = (0,) * s.config.players
    out = []
    for token in tokens:
        face = faces[token]
        out.append(Reveal(r, token, 0, False, none))
        ev.append(RatTokenRevealed(REGIONS[r], face.id, face.limit, face.symbols, 0, False, none))
    return out


# ---------------------------------------------------------------- Africanus: the ravage

Protections = tuple[tuple[int, int, ClassCard], ...]
BySymbol = dict[str, list[tuple[ClassCard, int]]]


def _by_symbol(s: State | _Work) -> BySymbol:
    """The held class cards by their token symbol (shared between calls: read it only)."""
    global _LATEST_BY_SYMBOL
    cards, holders = s.config.cards, s.holders
    latest = _LATEST_BY_SYMBOL
    # (the holders change only when a card is taken: a turn's ravages ask of the same tuple)
    if latest[1] is holders and latest[0] is cards:
        return latest[2]
    key = (cards, holders)
    out = _BY_SYMBOL.get(key)
    if out is None:
        out = {}
        for card, holder in zip(key[0], key[1], strict=True):
            if holder >= 0:
                out.setdefault(_SYMBOL_OF[card], []).append((card, holder))
        if len(_BY_SYMBOL) >= _CACHE_LIMIT:
            _BY_SYMBOL.clear()
        _BY_SYMBOL[key] = out
    _LATEST_BY_SYMBOL = (cards, holders, out)  # one triple, replaced whole
    return out


_BY_SYMBOL: dict[tuple[tuple[ClassCard, ...], tuple[int, ...]], BySymbol] = {}
_LATEST_BY_SYMBOL: tuple[tuple[ClassCard, ...], tuple[int, ...], BySymbol] = ((), (), {})
_SYMBOL_OF = {card: card_symbol(card) for card in ClassCard}


def _hits(
    face: TokenFace, cubes: list[int], by_symbol: BySymbol, protected: set[ClassCard], n: int
) -> list[int]:
    """Cubes each seat would lose to `face` before the cap at its cubes in the region."""
    hits = [0] * n
    majority, every, classes = _symbols(face)
    # "The M symbols are always evaluated first": majority as the token is revealed; a tie
    # hits every tied player.
    for _ in range(majority):
        top = max(cubes)
        if top:
            for p in range(n):
                if cubes[p] == top:
                    hits[p] += 1
    for _ in range(every):
        for p in range(n):
            if cubes[p]:
                hits[p] += 1
    # One cube per matching class card held: "Si plusieurs cartes d'une même classe sont en
    # jeu, les joueurs retireront du plateau un cube de population pour chaque carte
    # correspondante en leur possession". A protected class card counts as not held.
    for symbol in classes:
        for card, holder in by_symbol.get(symbol, ()):
            if card not in protected:
                hits[holder] += 1
    return hits


def window_plays(
    s: State | _Work,
    face: TokenFace,
    cubes: list[int],
    hits: list[int],
    protected: set[ClassCard],
    hands: list[tuple[int, ...]],
    standing: Sequence[Standing],
    seats: Iterable[int] | None = None,
) -> tuple[list[int], list[tuple[int, int, ClassCard]]]:
    """Africanus, a token revealed in a region (`cubes`, each seat's `hits` before any
    protection): the seats it asks (standing order "ask") and the region cards the "always"
    seats play on it at once, in seat order (of `seats`, by default every seat). Only seats
    it would cost cubes, with a card that can protect a hit class card, take part. The cards
    played leave `hands` and their class cards join `protected` (both changed here)."""
    by_symbol = _by_symbol(s)
    asked: list[int] = []
    auto: list[tuple[int, int, ClassCard]] = []
    for p in range(len(hands)) if seats is None else seats:
        if not (hits[p] and cubes[p] and hands[p]) or standing[p] is _NEVER:
            continue
        targets = _targets(face, by_symbol, protected, p)
        if not targets:
            continue
        costs = protection.card_costs(hands[p], p, s.cubes)
        pairs = protection.plan(hands[p], targets, hits[p], cubes[p], costs)
        if not pairs:
            continue
        if standing[p] is _ASK:
            asked.append(p)
            continue
        for card, c in pairs:
            hands[p] = tuple(x for x in hands[p] if x != card)
            auto.append((p, card, c))
            protected.add(c)
    return asked, auto


def _targets(
    face: TokenFace, by_symbol: BySymbol, protected: set[ClassCard], seat: int
) -> list[ClassCard]:
    """The seat's unprotected class cards the token hits (region cards never stop M or A)."""
    return [
        card
        for symbol in _symbols(face)[2]
        for card, holder in by_symbol.get(symbol, ())
        if holder == seat and card not in protected
    ]


def _ravage_africa(
    w: _Work,
    r: int,
    neutral: bool,
    ev: list[Event],
    protections: Protections = (),
    pending: int = -1,
) -> bool:
    """Africanus: ravage region `r` as in the base game, with region cards.

    Right after each reveal and before its effects, seats whose cubes it would cost may play
    region cards on their class cards: `always` seats do it now (protection.plan), `ask` seats
    get a reaction window, and the ravage pauses (returns True) until they answer. With
    a window open, the `always` seats' cards wait unseen with the asked seats' answers, so
    that nobody learns from the order of events who was asked or who has which standing
    order; all are shown when the window closes. A protection lasts for the rest of this
    region's ravage; the cards are then discarded. `pending` resumes the ravage with the
    effects of a token revealed before the window.
    """
    afr = _africa(w)
    tokens = list(w.board_tokens[r])
    cubes = list(w.cubes[r])
    final = w.ending is not None
    if pending < 0 and (not tokens or not (any(cubes) or final)):
        return False
    n = w.config.players
    faces = w.config.board.faces
    region = REGIONS[r]
    reserve = list(w.reserve)
    hands = list(afr.hands)
    standing = afr.standing
    rng = w.rng
    extra = 2 if neutral else 0
    diplomats = afr.diplomats[r]
    revealed: list[int] = []
    reveals: list[Reveal] = []
    prot = list(protections)
    protected = {c for _, _, c in prot} if prot else set()
    by_symbol = _by_symbol(w)
    paused: Ravage | None = None
    while True:
        if pending >= 0:
            token, pending = pending, -1
            face = faces[token]
            total = sum(cubes) + extra
            outbreak = True  # windows only open on an outbreak
            hits = None
        else:
            if not tokens or not any(cubes):
                break
            i, rng = rng.below(len(tokens))
            token = tokens.pop(i)
            revealed.append(token)
            face = faces[token]
            total = sum(cubes) + extra
            outbreak = total >= face.limit
            hits = None
            if outbreak and _symbols(face)[2] and any(hands):
                hits = _hits(face, cubes, by_symbol, protected, n)
                asked, auto = window_plays(w, face, cubes, hits, protected, hands, standing)
                if auto:
                    hits = None  # protections changed what the token costs
                if asked:
                    ev.append(ReactionWindowOpened(region, face.id, face.limit, face.symbols))
                    ev.extend(
                        RegionCardCommitted(p, card_id(card), c, region, True)
                        for p, card, c in auto
                    )
                    paused = Ravage(r, neutral, token, tuple(asked), tuple(prot), tuple(auto))
                    break
                prot.extend(auto)
                ev.extend(RegionCardPlayed(p, card_id(card), c, region) for p, card, c in auto)
        losses = [0] * n
        if outbreak:
            if hits is None:
                hits = _hits(face, cubes, by_symbol, protected, n)
            for p in range(n):
                hit = hits[p]
                if hit:
                    have = cubes[p]
                    loss = hit if hit < have else have
                    losses[p] = loss
                    cubes[p] = have - loss
                    reserve[p] += loss
        reveals.append(Reveal(r, token, total, outbreak, tuple(losses)))
        ev.append(
            RatTokenRevealed(
                region, face.id, face.limit, face.symbols, total, outbreak, tuple(losses)
            )
        )
        if diplomats and outbreak:
            for p in range(n):
                if not cubes[p] and diplomats >> p & 1:
                    # Sultan: the diplomat's cube dies last; then "ce dernier retourne alors
                    # dans la réserve".
                    diplomats &= ~(1 << p)
                    ev.append(DiplomatReturned(p, region, "plague"))
    if paused is None and final and tokens:
        # Final ravage: the tokens left once the region's cubes are gone are shown too, before
        # the region cards are discarded ("lorsque tous les rats de la région ont été révélés").
        revealed += tokens
        reveals += _show_rest(w, r, tokens, ev)
        tokens = []
    discard = afr.discard
    if paused is None and prot:
        # "La carte Région est défaussée lorsque tous les rats de la région ont été révélés".
        played = tuple(sorted(c for _, c, _ in prot))
        ev.append(RegionCardsDiscarded(region, tuple(card_id(c) for c in played)))
        discard = tuple(sorted(discard + played))
    gone = frozenset(revealed)
    # (the same tuple when nothing was revealed)
    known = _forget(w.known, gone)
    recent = w.recent
    if recent is not None and reveals:
        recent = _with_reveals(recent, recent.reveals + tuple(reveals))
    africa = afr
    if prot or paused or afr.ravage or diplomats != afr.diplomats[r]:
        africa = evolve(
            afr,
            hands=tuple(hands),
            discard=discard,
            diplomats=_set(afr.diplomats, r, diplomats),
            ravage=paused,
        )
    w.board_tokens = _set_row(w.board_tokens, r, tuple(tokens))
    w.cubes = _set_row(w.cubes, r, tuple(cubes))
    w.reserve = tuple(reserve)
    w.revealed = w.revealed + tuple(revealed)
    w.known = known
    w.rng = rng
    w.recent = recent
    w.africa = africa
    if paused:
        w.phase = _REACTION
    return paused is not None


def _in_force(rv: Ravage) -> set[ClassCard]:
    """Class cards protected on the token of an open window: shown, or played unseen."""
    return {c for _, _, c in rv.protections} | {c for _, _, c in rv.pending}


def _window_plan(s: State, seat: int) -> tuple[protection.Pair, ...]:
    """What the default policy would still play for `seat` in the open reaction window."""
    rv = _window(s)
    afr = _africa(s)
    face = s.config.board.faces[rv.token]
    cubes = list(s.cubes[rv.region])
    protected = _in_force(rv)
    by_symbol = _by_symbol(s)
    hits = _hits(face, cubes, by_symbol, protected, s.config.players)
    targets = _targets(face, by_symbol, protected, seat)
    hand = afr.hands[seat]
    costs = protection.card_costs(hand, seat, s.cubes)
    return protection.plan(hand, targets, hits[seat], cubes[seat], costs)


def default_reaction(s: State, seat: int) -> Action:
    """What `seat`'s default would answer in the open reaction window (the standing order
    `always`, see engine.rattus.protection): the bot applies it when the reaction times out.

    Raises NotYourTurn when `seat` is not asked.
    """
    if s.phase is not _REACTION or seat not in _window(s).asked:
        raise NotYourTurn()
    pairs = _window_plan(s, seat)
    if pairs:
        card, class_card = pairs[0]
        return Protect(card_id(card), class_card)
    return Decline()


def _protect(s: State, seat: int, a: Protect, ev: list[Event]) -> State:
    afr = _africa(s)
    rv = _window(s)
    card = REGION_CARD_INDEX.get(a.card)
    if card is None:
        raise MalformedAction("unknown_region_card", region_card=a.card)
    if card not in afr.hands[seat]:
        raise IllegalAction("not_in_hand", region_card=a.card)
    if not holds(s, seat, a.class_card):
        raise IllegalAction("no_card", card=a.class_card.value)
    if a.class_card in _in_force(rv):
        raise IllegalAction("already_protected", card=a.class_card.value)
    if not protection.fits(card, a.class_card):
        raise IllegalAction("card_does_not_fit", region_card=a.card, card=a.class_card.value)
    ev.append(RegionCardCommitted(seat, a.card, a.class_card, REGIONS[rv.region], False))
    hand = tuple(x for x in afr.hands[seat] if x != card)
    rv = evolve(rv, pending=(*rv.pending, (seat, card, a.class_card)))
    hands = afr.hands[:seat] + (hand,) + afr.hands[seat + 1 :]
    s = evolve(s, africa=evolve(afr, hands=hands, ravage=rv))
    if _window_plan(s, seat):
        return s  # another card would still save a cube: the seat may play it, or pass
    return _answered(s, seat, ev)


def _decline(s: State, seat: int, a: Decline, ev: list[Event]) -> State:
    ev.append(ProtectionDeclined(seat))
    return _answered(s, seat, ev)


def _answered(s: State, seat: int, ev: list[Event]) -> State:
    afr = _africa(s)
    rv = _window(s)
    asked = tuple(p for p in rv.asked if p != seat)
    if asked:
        return evolve(s, africa=evolve(afr, ravage=evolve(rv, asked=asked)))
    # Everyone answered: the cards played on this token are shown together, in seat order,
    # then the token's effects apply and the ravage goes on.
    played = sorted(rv.pending, key=lambda x: x[0])
    region = REGIONS[rv.region]
    ev.extend(RegionCardPlayed(p, card_id(card), c, region) for p, card, c in played)
    w = _Work(s)
    w.phase = _MAIN
    w.africa = evolve(afr, ravage=None)
    if _ravage_africa(w, rv.region, rv.neutral, ev, (*rv.protections, *played), rv.token):
        return w.state()
    if w.ending is not None:
        return _continue_final(w.state(), ev)
    return _end_turn(w, ev)


def _set_standing(s: State, seat: int, a: SetStanding) -> Step[State]:
    if not well_formed(a):
        raise MalformedAction("malformed", text=type(a).__name__)
    if not 0 <= seat < s.config.players:
        raise NotYourTurn()
    afr = s.africa
    if afr is None:
        raise IllegalAction("not_africanus")
    standing = afr.standing[:seat] + (a.standing,) + afr.standing[seat + 1 :]
    new = evolve(s, africa=evolve(afr, standing=standing))
    return Step(new, (StandingOrderSet(seat, a.standing.value),))


# ---------------------------------------------------------------- Africanus: Orient cards


def _afr(s: State) -> Africa:
    """The Africanus part, for an Orient card a player may try to use in a base game."""
    afr = s.africa
    if afr is None:
        raise IllegalAction("not_africanus")
    return afr


def _draw(
    afr: Africa, rng: Rng, count: int, ev: list[Event]
) -> tuple[tuple[int, ...], Africa, Rng]:
    deck = list(afr.deck)
    discard = afr.discard
    drawn: list[int] = []
    for _ in range(count):
        if not deck:
            if not discard:
                break
            # "Lorsque la pile de cartes Région est épuisée, la défausse est mélangée pour
            # former une nouvelle pile de cartes Région".
            deck, discard = list(discard), ()
            ev.append(RegionDeckReshuffled(len(deck)))
        i, rng = rng.below(len(deck))
        drawn.append(deck.pop(i))
    return tuple(drawn), evolve(afr, deck=tuple(deck), discard=discard), rng


def _astronomer(s: State, seat: int, a: UseAstronomer, ev: list[Event]) -> State:
    # Astronomer: "piocher 3 nouvelles cartes Région, en choisir une et défausser les deux
    # autres."
    _require_ability(s, seat, _CARD_ASTRONOMER)
    afr = _afr(s)
    if not (afr.deck or afr.discard):
        raise IllegalAction("no_region_cards_left")
    drawn, afr, rng = _draw(afr, s.rng, 3, ev)
    ev.append(AstronomerDrew(seat, len(drawn)))
    ev.append(RegionCardsDrawn(seat, tuple(card_id(c) for c in drawn)))
    s = evolve(
        s,
        rng=rng,
        flags=_use(s, _CARD_ASTRONOMER),
        africa=evolve(afr, drawn=drawn),
        phase=_ASTRONOMER,
    )
    if len(drawn) == 1:
        return _keep(s, seat, KeepCard(0), ev)
    return s


def _keep(s: State, seat: int, a: KeepCard, ev: list[Event]) -> State:
    afr = _africa(s)
    drawn = afr.drawn
    if not a.position < len(drawn):
        raise IllegalAction("no_such_card", count=len(drawn))
    kept = drawn[a.position]
    rest = drawn[: a.position] + drawn[a.position + 1 :]
    ev.append(AstronomerKept(seat, len(rest)))
    ev.append(RegionCardKept(seat, card_id(kept)))
    hands = afr.hands[:seat] + (tuple(sorted((*afr.hands[seat], kept))),) + afr.hands[seat + 1 :]
    afr = evolve(afr, hands=hands, discard=tuple(sorted(afr.discard + rest)), drawn=())
    return _after(evolve(s, africa=afr, phase=_after_ability(s)), ev)


def _explorer(s: State, seat: int, a: UseExplorer, ev: list[Event]) -> State:
    # Explorer: "piocher et révéler 3 cartes Région. Il peut alors placer l'un de ses cubes
    # dans une des 3 régions indiquées. Les trois cartes Région sont ensuite défaussées."
    _require_ability(s, seat, _CARD_EXPLORER)
    afr = _afr(s)
    if not (afr.deck or afr.discard):
        raise IllegalAction("no_region_cards_left")
    drawn, afr, rng = _draw(afr, s.rng, 3, ev)
    ev.append(
        ExplorerRevealed(
            seat,
            tuple(card_id(c) for c in drawn),
            tuple(REGIONS[protection.card_region(c)] for c in drawn),
        )
    )
    s = evolve(
        s,
        rng=rng,
        flags=_use(s, _CARD_EXPLORER),
        africa=evolve(afr, drawn=drawn),
        phase=_EXPLORER,
    )
    if not s.reserve[seat]:
        return _explore(s, seat, Explore(None), ev)
    return s


def _explore(s: State, seat: int, a: Explore, ev: list[Event]) -> State:
    afr = _africa(s)
    cubes, reserve = s.cubes, s.reserve
    if a.region is not None:
        r = _region(s, a.region)
        if r not in {protection.card_region(c) for c in afr.drawn}:
            raise IllegalAction("not_explored", region=a.region.value)
        if not reserve[seat]:
            raise IllegalAction("no_cubes_left")
        cubes = _set_row(cubes, r, _add(cubes[r], seat, 1))
        reserve = _add(reserve, seat, -1)
    ev.append(ExplorerPlaced(seat, a.region))
    afr = evolve(afr, discard=tuple(sorted(afr.discard + afr.drawn)), drawn=())
    s = evolve(s, cubes=cubes, reserve=reserve, africa=afr, phase=_after_ability(s))
    return _after(s, ev)


def _sultan(s: State, seat: int, a: PlaceDiplomat, ev: list[Event]) -> State:
    # Sultan: "placer un pion Diplomate sous l'un de ses cubes présents dans une région du
    # plateau (qui ne contient pas déjà un pion Diplomate sous un cube de sa couleur)".
    _require_ability(s, seat, _CARD_SULTAN)
    afr = _afr(s)
    r = _region(s, a.region)
    if not s.cubes[r][seat]:
        raise IllegalAction("no_cube_there", region=a.region.value)
    if afr.diplomats[r] >> seat & 1:
        raise IllegalAction("diplomat_already_there", region=a.region.value)
    if not diplomats_left(s):
        raise IllegalAction("no_diplomat_left")
    ev.append(DiplomatPlaced(seat, a.region))
    afr = evolve(afr, diplomats=_set(afr.diplomats, r, afr.diplomats[r] | 1 << seat))
    return _after(evolve(s, africa=afr, flags=_use(s, _CARD_SULTAN)), ev)


def _caravan(s: State, seat: int, a: MoveCaravan, ev: list[Event]) -> State:
    # Caravaneer: "déplacer la pièce Caravane de deux régions. Dans la région d'origine de la
    # Caravane, puis dans la région qu'elle traverse, le joueur qui dispose d'une majorité de
    # cubes peut placer un cube supplémentaire [...] Si plusieurs joueurs se partagent une
    # majorité (minimum 1 cube), chacun peut placer un cube [...] Aucun cube n'est ajouté dans
    # la région où la Caravane termine son déplacement [...] La Caravane ne peut revenir lors
    # d'un même tour dans la région d'origine de son déplacement."
    _require_ability(s, seat, _CARD_CARAVANEER)
    afr = _afr(s)
    b = s.config.board
    start = afr.caravan
    m = _region(s, a.middle)
    e = _region(s, a.target)
    if not b.is_neighbour(start, m):
        raise IllegalAction("not_neighbour", source=REGIONS[start].value, target=a.middle.value)
    if not b.is_neighbour(m, e):
        raise IllegalAction("not_neighbour", source=a.middle.value, target=a.target.value)
    if e == start:
        raise IllegalAction("caravan_return", region=a.target.value)
    ev.append(CaravanMoved(seat, REGIONS[start], a.middle, a.target))
    cubes, reserve = s.cubes, s.reserve
    for r in (start, m):
        row = cubes[r]
        top = max(row)
        if not top:
            continue
        for p in range(s.config.players):
            # A majority holder with no cube left in reserve adds nothing.
            if row[p] == top and reserve[p]:
                row = _add(row, p, 1)
                reserve = _add(reserve, p, -1)
                ev.append(CaravanCubeAdded(p, REGIONS[r]))
        cubes = _set_row(cubes, r, row)
    s = evolve(
        s,
        cubes=cubes,
        reserve=reserve,
        africa=evolve(afr, caravan=e),
        flags=_use(s, _CARD_CARAVANEER),
    )
    return _after(s, ev)


def _end_turn(w: _Work, ev: list[Event]) -> State:
    # Game end: after the turn in which the rat supply ran out or a player has all cubes out.
    reason = ""
    if not w.supply:
        reason = "rat_supply_empty"
    elif 0 in w.reserve:
        reason = "all_cubes_placed"
    n = w.config.players
    w.flags = NO_FLAGS
    if not reason:
        w.active = nxt = (w.active + 1) % n
        w.turn += 1
        w.phase = _MAIN
        ev.append(TurnBegan(nxt, w.turn))
        return w.state()
    ev.append(GameEndTriggered(reason, w.active))
    # The final round is counter-clockwise, from the right of the last player, without them.
    order = tuple((w.active - i) % n for i in range(1, n))
    w.ending = Ending(reason=reason, last_regular=w.active, order=order)
    w.phase = _FINAL
    return _next_final(w.state(), ev, begin=True)


def _only_end(s: State, seat: int) -> bool:
    return not _ability_actions(s, seat, final=True) and not _plague_actions(s, seat, final=True)


def _ending(s: State) -> Ending:
    """How the game ends. Invariant: set when the final round begins, in phase FINAL and after."""
    ending = s.ending
    if ending is None:
        raise InvariantError(f"rattus: no game end recorded in phase {s.phase}")
    return ending


def _next_final(s: State, ev: list[Event], begin: bool) -> State:
    ending = _ending(s)
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
    if s.phase is _FINAL and _only_end(s, s.active):
        return _next_final(s, ev, begin=False)
    return s


def _end_final(s: State, seat: int, a: EndTurn, ev: list[Event]) -> State:
    return _next_final(s, ev, begin=False)


def _final_ravage(s: State, ev: list[Event]) -> State:
    b = s.config.board
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
    if s.africa is None:
        w = _Work(s)
        for r in b.used:
            _ravage(w, r, r == neutral_region, ev)
        return _finish(w.state(), ev)
    return _continue_final(evolve(s, africa=evolve(s.africa, left=b.used)), ev)


def _continue_final(s: State, ev: list[Event]) -> State:
    """Africanus final ravage: "Le dernier joueur actif choisit l'ordre dans lequel les régions
    sont ravagées". The choice is asked one region at a time, and only when it can matter:
    the order only changes where a player spends region cards, so it is asked while some
    player holding a class card and region cards has cubes in two or more of the regions still
    to ravage (regions without cubes or without rat tokens need no ravage). Only public facts
    decide this (hand sizes, not faces). Otherwise the regions go in board order.

    Once every region with cubes is ravaged, the rat tokens of the regions without cubes are
    shown, in board order ("tous les jetons rats sont retournés"); they come last so that they
    tell nobody anything while the order and the region cards are still being decided."""
    while True:
        afr = _africa(s)
        left = tuple(r for r in afr.left if s.board_tokens[r] and any(s.cubes[r]))
        if not left:
            w = _Work(s)
            w.africa = evolve(afr, left=())
            for r in w.config.board.used:
                if _ravage_africa(w, r, False, ev):
                    raise InvariantError(
                        f"rattus: the ravage of {REGIONS[r]}, without cubes, asked someone"
                    )
            return _finish(w.state(), ev)
        if len(left) > 1 and _order_matters(s, afr, left):
            return evolve(
                s, phase=_RAVAGE_ORDER, active=s.last_regular, africa=evolve(afr, left=left)
            )
        w = _Work(s)
        w.africa = evolve(afr, left=left[1:])
        paused = _ravage_africa(w, left[0], s.final_neutral and left[0] == s.plague, ev)
        s = w.state()
        if paused:
            return s


def _order_matters(s: State, afr: Africa, left: tuple[int, ...]) -> bool:
    for p in set(s.holders):
        if p >= 0 and afr.hands[p] and sum(1 for r in left if s.cubes[r][p]) > 1:
            return True
    return False


def _choose_ravage(s: State, seat: int, a: ChooseRavage, ev: list[Event]) -> State:
    afr = _africa(s)
    r = _region(s, a.region)
    if r not in afr.left:
        raise IllegalAction("nothing_to_ravage", region=a.region.value)
    ev.append(RavageRegionChosen(seat, a.region))
    w = _Work(s)
    w.africa = evolve(afr, left=tuple(x for x in afr.left if x != r))
    paused = _ravage_africa(w, r, s.final_neutral and r == s.plague, ev)
    s = w.state()
    if paused:
        return s
    return _continue_final(s, ev)


def _finish(s: State, ev: list[Event]) -> State:
    s = evolve(s, phase=_OVER, active=s.last_regular)
    if s.africa is not None:
        # "les joueurs révèlent les cartes Région encore dans leurs mains".
        ev.append(HandsRevealed(tuple(tuple(card_id(c) for c in h) for h in s.africa.hands)))
    res = result(s)
    ev.append(
        GameEnded(
            tuple(row["seat"] for row in res["ranking"]),
            tuple(row["score"] for row in res["ranking"]),
        )
    )
    return s


_HANDLERS: dict[tuple[Phase, type[Action]], Handler] = {
    (_OPENING, PlaceOpening): _opening,
    (_CARAVAN, PlaceCaravan): _place_caravan,
    (_MAIN, TakeCard): _take,
    (_MAIN, PlaceCubes): _place,
    (_MAIN, KingMove): _king,
    (_MAIN, MonkMove): _monk,
    (_MAIN, MerchantMove): _merchant,
    (_MAIN, WitchPeek): _peek,
    (_MAIN, UseAstronomer): _astronomer,
    (_MAIN, UseExplorer): _explorer,
    (_MAIN, PlaceDiplomat): _sultan,
    (_MAIN, MoveCaravan): _caravan,
    (_MAIN, MovePlague): _move_plague,
    (_WITCH, WitchPeek): _peek,
    (_WITCH, WitchSwap): _swap,
    (_ASTRONOMER, KeepCard): _keep,
    (_EXPLORER, Explore): _explore,
    (_SPREAD, PlaceRats): _place_rats,
    (_REACTION, Protect): _protect,
    (_REACTION, Decline): _decline,
    (_FINAL, PlaceCubes): _place,
    (_FINAL, KingMove): _king,
    (_FINAL, MonkMove): _monk,
    (_FINAL, MerchantMove): _merchant,
    (_FINAL, WitchPeek): _peek,
    (_FINAL, UseAstronomer): _astronomer,
    (_FINAL, UseExplorer): _explorer,
    (_FINAL, PlaceDiplomat): _sultan,
    (_FINAL, MoveCaravan): _caravan,
    (_FINAL, MovePlague): _move_plague,
    (_FINAL, EndTurn): _end_final,
    (_RAVAGE_ORDER, ChooseRavage): _choose_ravage,
}


# ---------------------------------------------------------------- the end


def is_over(s: State) -> bool:
    """True once the final ravage is done."""
    return s.phase is _OVER


def tiebreak_position(s: State, seat: int) -> int:
    """0 for the player who would have moved next after the last turn, and so on."""
    last = s.last_regular if s.last_regular >= 0 else s.active
    return (seat - last - 1) % s.config.players


def scores(s: State) -> list[dict[str, int]]:
    """Each player's score breakdown: cubes on the board and in the palace; with Africanus
    also region cards (counted once the game is over, when the hands are shown) and diplomats.
    """
    afr = s.africa
    out = []
    if afr is not None:
        cards = region_card_points(s) if s.phase is _OVER else [0] * s.config.players
        diplomats = diplomat_points(diplomat_counts(s), s.config.players)
    for p in range(s.config.players):
        on_board = sum(s.cubes[r][p] for r in s.config.board.used)
        row = {"board": on_board, "palace": s.palace[p]}
        if afr is not None:
            row["region_cards"] = cards[p]
            row["diplomats"] = diplomats[p]
        row["total"] = sum(row.values())
        out.append(row)
    return out


def region_card_points(s: State) -> list[int]:
    """Africanus: 1 point per region card in hand whose region the player holds a (possibly
    shared) majority in, with at least 1 cube; at most 1 point per region. Raises ValueError on
    a base-game state."""
    afr = s.africa
    if afr is None:
        raise ValueError("region_card_points: this game does not use Africanus")
    out = []
    for p, hand in enumerate(afr.hands):
        regions = {protection.card_region(c) for c in hand}
        out.append(sum(1 for r in regions if s.cubes[r][p] and s.cubes[r][p] == max(s.cubes[r])))
    return out


def diplomat_counts(s: State) -> list[int]:
    """Africanus: diplomats each seat has on the board; ValueError on a base-game state."""
    afr = s.africa
    if afr is None:
        raise ValueError("diplomat_counts: this game does not use Africanus")
    return [sum(m >> p & 1 for m in afr.diplomats) for p in range(s.config.players)]


def diplomat_points(counts: list[int], players: int) -> list[int]:
    """Sultan scoring: most diplomats 4 points, second 2; a tie for first splits 6 (rounded
    down) and no second place scores; a tie for second splits 2 (rounded down); at 2 players
    only first place scores (4). Players with no diplomat score nothing.

    The rulebook does not cover a tie for first at 2 players. Decision: the two split the 4
    points of first place (2 each); with no second place at 2 players, the 6 of first and
    second together do not exist. Both get the same, so the ranking is the same either way.
    """
    pts = raw("africanus")["sultan_points"]
    out = [0] * players
    top = max(counts, default=0)
    if top == 0:
        return out
    first = [p for p in range(players) if counts[p] == top]
    if len(first) > 1:
        pool = int(pts["first"]) if players == 2 else int(pts["tie_first_split"])
        for p in first:
            out[p] = pool // len(first)
        return out
    out[first[0]] = int(pts["first"])
    if players == 2:
        return out
    rest = [c for p, c in enumerate(counts) if p != first[0]]
    runner = max(rest, default=0)
    if runner == 0:
        return out
    second = [p for p in range(players) if p != first[0] and counts[p] == runner]
    share = int(pts["second"]) if len(second) == 1 else int(pts["tie_second_split"])
    for p in second:
        out[p] = share // len(second)
    return out


def result(s: State) -> dict[str, Any]:
    """Final (or current) ranking: most cubes on the board and in the palace; ties go to
    whoever would have had the next turn."""
    rows = scores(s)
    order = sorted(
        range(s.config.players), key=lambda p: (-rows[p]["total"], tiebreak_position(s, p))
    )
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
