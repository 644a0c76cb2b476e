"""The end of the game (rulebook "Fin de la partie"): victory points, rats against nuns, the
winner. Every number comes from data/cartus.json ("scoring", "vp_tokens")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cartus.data import (
    CLASS_IDS,
    GOLD,
    JOKER,
    SPECIALS,
    card_dict,
    nuns_of,
    raw,
    special_info,
)

if TYPE_CHECKING:
    from engine.cartus.state import State


_SPECIAL_IDS = tuple(k.value for k in SPECIALS)


def raw_vp() -> dict[str, Any]:
    """The VP tokens' row of the data file."""
    data: dict[str, Any] = raw()["vp_tokens"]
    return data


def class_ranking(influence: tuple[int, ...], arrival: tuple[int, ...]) -> list[int]:
    """Seats with influence on a track, best first: more influence, then the marker that arrived
    first, lower in the stack (COMPONENTS 4.5 #17)."""
    seats = [p for p, v in enumerate(influence) if v > 0]
    return sorted(seats, key=lambda p: (-influence[p], arrival[p]))


def class_points(s: State) -> list[dict[str, int]]:
    """Per seat, the points of each class majority: 10/5/2 (2 players: 10/5); a seat with no
    influence in a class never scores there (COMPONENTS 4.5 #14)."""
    key = "majority_2p" if s.players == 2 else "majority"
    awards = [int(v) for v in raw()["scoring"][key]["value"]]
    # Class ids, not CLASSES[c].value: an enum's value is a property, and this runs on every
    # game's last action.
    out: list[dict[str, int]] = [dict.fromkeys(CLASS_IDS, 0) for _ in range(s.players)]
    for c, klass in enumerate(CLASS_IDS):
        for place, p in enumerate(class_ranking(s.influence[c], s.arrival[c])[: len(awards)]):
            out[p][klass] = awards[place]
    return out


def majority(counts: list[int], first: int, tie: int) -> list[int]:
    """Most of something: `first` points, or `tie` each when tied; nothing for 0."""
    top = max(counts, default=0)
    if top == 0:
        return [0] * len(counts)
    best = [p for p, c in enumerate(counts) if c == top]
    share = first if len(best) == 1 else tie
    return [share if c == top else 0 for c in counts]


def gold_points(counts: list[int], players: int) -> list[int]:
    """Treasury: most Gold 6, second 3; a tie for most splits 9 (rounded down) and nobody is
    second; a tie for second splits 3; at 2 players nobody is second (a tie for most still
    splits 9: 4 each, COMPONENTS 4.5 #16). No Gold, no points."""
    rules = raw()["scoring"]["gold"]
    out = [0] * players
    top = max(counts, default=0)
    if top == 0:
        return out
    first = [p for p in range(players) if counts[p] == top]
    if len(first) > 1:
        for p in first:
            out[p] = int(rules["tie_first_split"]) // len(first)
        return out
    out[first[0]] = int(rules["first"])
    if players == 2:
        return out
    runner = max((c for p, c in enumerate(counts) if p != first[0]), default=0)
    if runner == 0:
        return out
    second = [p for p in range(players) if p != first[0] and counts[p] == runner]
    pool = int(rules["second"]) if len(second) == 1 else int(rules["tie_second_split"])
    for p in second:
        out[p] = pool // len(second)
    return out


def breakdowns(s: State) -> list[dict[str, int]]:
    """Each seat's points, line by line of the rulebook (a 0 for a line not in play)."""
    n = s.players
    rules = raw()["scoring"]
    classes = class_points(s)
    hand = majority(
        [sum(1 for c in h if c <= JOKER) for h in s.hands],
        int(rules["hand_majority"]["first"]),
        int(rules["hand_majority"]["tie"]),
    )
    rows = []
    for p in range(n):
        row = dict(classes[p])
        row["hand"] = hand[p]
        rows.append(row)
    special = rules["special_majority"]
    for i, kind in enumerate(_SPECIAL_IDS):
        card = JOKER + i
        info = special_info()[i]
        if not info["majority"]:
            continue
        # COMPONENTS 4.5 #15: Sword, Flute and Pass, each only when its building is in play.
        points = [0] * n
        if card in s.config.specials:
            points = majority(
                [h.count(card) for h in s.hands], int(special["first"]), int(special["tie"])
            )
        for p in range(n):
            rows[p][kind] = points[p]
    gold = [0] * n
    if GOLD in s.config.specials:
        gold = gold_points([h.count(GOLD) for h in s.hands], n)
    value = int(raw_vp()["value"])
    for p in range(n):
        rows[p]["gold"] = gold[p]
        rows[p]["vp_tokens"] = s.vp[p] * value
    return rows


def result(s: State) -> dict[str, Any]:
    """The final ranking. Before the end only the points are known (no rats, no deaths).

    "Si la somme de la valeur des rats d'un joueur excède le nombre de nonnes, le joueur est
    tué [...] il perd la partie [...] Parmi les joueurs survivants, celui qui possède le plus de
    points de victoire [...] remporte la partie. En cas d'égalité, le joueur avec la plus faible
    valeur de jetons rat l'emporte. En cas de nouvelle égalité, les joueurs concernés partagent
    la victoire." Everyone dead: nobody wins, or (option everyone_dead=fewest_rats) the seats
    with the fewest rats survive (COMPONENTS 4.5 #18). Seats rank survivors first, by points
    and then fewest rats (equal on both: the same rank), then the dead the same way.
    """
    from engine.cartus.state import Phase

    over = s.phase is Phase.OVER
    rows = breakdowns(s)
    scores = [sum(r.values()) for r in rows]
    n = s.players
    nuns = sum(nuns_of(c) for c in s.nuns)
    dead = [over and s.rats[p] > nuns for p in range(n)]
    everyone_dead = over and all(dead)
    if everyone_dead and s.config.everyone_dead == "fewest_rats":
        low = min(s.rats)
        dead = [s.rats[p] != low for p in range(n)]
    rats = list(s.rats) if over else [0] * n

    def key(p: int) -> tuple[int, int, int]:
        return (dead[p], -scores[p], rats[p])

    order = sorted(range(n), key=lambda p: (*key(p), p))
    ranking: list[dict[str, Any]] = []
    winners: list[int] = []
    rank = 0
    for i, p in enumerate(order):
        if not i or key(order[i - 1]) != key(p):
            rank = i + 1
        winner = over and not dead[p] and rank == 1
        if winner:
            winners.append(p)
        ranking.append(
            {
                "seat": p,
                "rank": rank,
                "score": scores[p],
                "breakdown": rows[p],
                "rats": s.rats[p] if over else None,
                "dead": dead[p],
                "winner": winner,
            }
        )
    return {
        "over": over,
        "nuns": nuns if over else None,
        "nun_row": [card_dict(c) for c in s.nuns] if over else None,
        "everyone_dead": everyone_dead,
        "winners": sorted(winners),
        "winner": winners[0] if len(winners) == 1 else None,
        "ranking": ranking,
    }
