"""The worked examples and rules of the Rattus rulebook (shared/rules/004_84e5e858999df7ef.txt)."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction
from engine.rattus import GAME
from engine.rattus.actions import MonkMove, MovePlague, PlaceCubes, PlaceRats
from engine.rattus.data import Region
from engine.rattus.events import (
    FinalRavageBegan,
    FinalTurnBegan,
    GameEnded,
    GameEndTriggered,
    RatTokenRevealed,
    TurnBegan,
)
from engine.rattus.state import Ending, Phase
from tests.engine.builders import play, position, with_seeds
from tests.engine.test_leaks import TOKEN_ID

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3


def reveals(events: list[object]) -> list[RatTokenRevealed]:
    return [e for e in events if isinstance(e, RatTokenRevealed)]


def test_placement_example() -> None:
    """Rules p.2, "Place new cubes on the board": "There are currently three rat tokens in
    Gallia, one in Germania and none in Italia. It is the red player's turn. He chooses to add
    one of his cubes to Germania. If he instead decided to add cubes to Gallia, he would be
    allowed to add three cubes, while in Italia he would not be allowed to add any cubes at all."
    """
    s = position(
        4,
        tokens={"gallia": ["R05", "R06", "R07"], "germania": ["R08"]},
        active=RED,
    )
    legal = GAME.legal_actions(s, RED)
    assert PlaceCubes(Region.GERMANIA, 1) in legal
    assert PlaceCubes(Region.GALLIA, 3) in legal
    assert not [a for a in legal if isinstance(a, PlaceCubes) and a.region is Region.ITALIA]
    with pytest.raises(IllegalAction) as err:
        play(s, (RED, "place italia 1"))
    assert err.value.code == "no_rats_to_place"
    with pytest.raises(IllegalAction) as err:
        play(s, (RED, "place gallia 2"))
    assert err.value.code == "wrong_cube_count"

    after, _ = play(s, (RED, "place germania 1"))
    assert after.cubes[3][RED] == 1 and after.reserve[RED] == 19
    assert after.placed


def gallia_example():
    """The position of the rulebook's ravage example, red to move, plague next to Gallia."""
    return position(
        4,
        tokens={"gallia": ["R04", "R30", "R20"]},
        cubes={"gallia": [0, 1, 2, 0]},
        holders={
            "knight": YELLOW,
            "peasant": GREEN,
            "merchant": GREEN,
            "monk": BLUE,
            "witch": BLUE,
            "king": BLUE,
        },
        plague="germania",
        active=RED,
    )


def test_gallia_ravage_example() -> None:
    """Rules p.3, the example: "He decides to move the plague piece into Gallia. Gallia
    currently contains three rat tokens, two green cubes and one yellow cube. First, the plague
    spreads. Since Gallia contains three rat tokens, two new rat tokens have to be placed in one
    or two of the neighboring regions of Gallia. The red player chooses to place them both in
    Hispania. [...] 1+ The first revealed token shows the limit value 1. Gallia contains three
    cubes, therefore the plague will have an outbreak. The rat token shows one Bourgeoisie
    symbol and one Church symbol. [...] green [...] has to remove one of his cubes [...] The blue
    player has the Monk (Church) card, but since he does not have any cubes in Gallia, he
    obviously does not have to remove any. 3+ [...] it has the limit value 3. However, currently
    Gallia only contains two cubes [...] therefore this rat token has no effect. 2+ Finally the
    last rat token [...] has a limit value of 2 [...] Majority, Bourgeoisie and Church. The green
    and yellow player are currently tied for the Majority, therefore they both have to remove
    one cube each. Consequently, Gallia is now completely devastated."
    The reveal order is chance; the test takes a chance stream that gives the example's order.
    """
    for start in with_seeds(gallia_example()):
        s, _ = play(start, (RED, "plague gallia"))
        assert s.phase is Phase.SPREAD and s.spread_left == 2
        s, more = play(s, (RED, "rats hispania hispania"))
        shown = reveals(more)
        if [r.token for r in shown] == ["R04", "R30", "R20"]:
            break
    else:
        pytest.fail("no chance stream gives the rulebook's reveal order")

    first, second, third = shown
    assert (first.limit, first.symbols, first.cubes, first.outbreak) == (1, ("B", "C"), 3, True)
    assert first.losses == (0, 0, 1, 0)  # green (Merchant) loses one; blue has no cube there
    assert (second.limit, second.cubes, second.outbreak) == (3, 2, False)
    assert second.losses == (0, 0, 0, 0)
    assert (third.limit, third.symbols, third.cubes) == (2, ("M", "B", "C"), 2)
    assert third.losses == (0, 1, 1, 0)  # the tied majority: yellow and green

    gallia, hispania = 1, 2
    assert s.cubes[gallia] == (0, 0, 0, 0)  # "completely devastated"
    assert s.board_tokens[gallia] == ()  # revealed tokens leave the game
    assert len(s.board_tokens[hispania]) == 2
    assert s.reserve[GREEN] == 20 and s.reserve[YELLOW] == 20
    assert len(s.revealed) == 3
    # "The red player's turn now ends"
    assert s.active == YELLOW and TurnBegan(YELLOW, 2) in more


def test_ravage_stops_when_no_cube_is_left() -> None:
    """Rules p.3: "As soon as the Plague Region either contains no more rat tokens or no more
    wooden cubes, the current turn ends"; "any remaining face-down rat tokens remain"."""
    s = position(
        2,
        tokens={"gallia": ["R01", "R02", "R03"]},  # three limit-1 tokens
        cubes={"gallia": [1, 0]},
        holders={"peasant": 0},  # R01 and R03 show P: the first of them kills the only cube
        plague="hispania",
        # Enough rats for the spread and one more, so that the game goes on (the final ravage
        # would show the tokens left).
        supply=["R10", "R11", "R12"],
    )
    for start in with_seeds(s):
        after, events = play(start, (0, "plague gallia"), (0, "rats hispania hispania"))
        if reveals(events)[0].token in ("R01", "R03"):
            break
    assert len(reveals(events)) == 1
    assert after.cubes[1] == (0, 0)
    assert len(after.board_tokens[1]) == 2  # the two others stay face down


def test_all_symbol_hits_everyone_and_majority_first() -> None:
    """Rules p.3: "For each given A, all players with cubes in the Plague Region have to remove
    one cube each. The M symbols are always evaluated first, that is, they always affect the
    player who has the majority of cubes in the region when the rat token is revealed"."""
    # R42: limit 4, A+B+R. R25: limit 3, M+B.
    s = position(
        3,
        tokens={"polonia": ["R42"]},
        cubes={"polonia": [3, 1, 1]},
        holders={"king": 1},
        plague="germania",
        supply=[],
    )
    after, events = play(s, (0, "plague polonia"))
    (shown,) = reveals(events)
    assert shown.outbreak and shown.losses == (1, 1, 1)  # A hits all; R: the King has no cube left
    assert after.cubes[6] == (2, 0, 0)

    s = position(
        3,
        tokens={"polonia": ["R25"]},
        cubes={"polonia": [2, 2, 0]},
        holders={"merchant": 0},
        plague="germania",
        supply=[],
    )
    after, events = play(s, (0, "plague polonia"))
    (shown,) = reveals(events)
    # M: the tie hits seats 0 and 1; then B hits the Merchant (seat 0) again.
    assert shown.losses == (2, 1, 0)


def test_spread_rules() -> None:
    """Rules p.3: "If the Plague Region contains one rat token, the active player places a new
    rat token [...] in any region neighboring the Plague Region. If [...] two or three rat
    tokens, [...] TWO new rat tokens [...]"; "it is not allowed to add rats in a region already
    containing three rats [...] In the rare event that all the neighboring regions of the
    Plague Region contain three rats, no more rats are added."""
    # One token in Hispania: one new rat, the player picks a neighbour.
    s = position(2, tokens={"hispania": ["R09"]}, plague="gallia")
    after, _ = play(s, (0, "plague hispania"))
    assert after.phase is Phase.SPREAD and after.spread_left == 1
    assert GAME.legal_actions(after, 0) == [
        PlaceRats((Region.GALLIA,)),
        PlaceRats((Region.ITALIA,)),
    ]
    with pytest.raises(IllegalAction) as err:
        play(after, (0, "rats anglia"))
    assert err.value.code == "not_neighbour"
    with pytest.raises(IllegalAction) as err:
        play(after, (0, "rats gallia italia"))
    assert err.value.code == "spread_count"
    done, _ = play(after, (0, "rats italia"))
    assert len(done.board_tokens[4]) == 1 and done.phase is Phase.MAIN and done.active == 1

    # Gallia full: the two new rats must go to Italia, the only neighbour of Hispania with room,
    # so the engine places them without asking.
    s = position(
        2,
        tokens={"hispania": ["R09", "R10"], "gallia": ["R11", "R12", "R13"]},
        plague="italia",
    )
    done, _ = play(s, (0, "plague hispania"))
    assert len(done.board_tokens[4]) == 2 and len(done.board_tokens[1]) == 3

    # Every neighbour full: no rat is added.
    s = position(
        2,
        tokens={
            "hispania": ["R09"],
            "gallia": ["R11", "R12", "R13"],
            "italia": ["R14", "R15", "R16"],
        },
        plague="gallia",
    )
    supply_before = len(s.supply)
    done, _ = play(s, (0, "plague hispania"))
    assert len(done.supply) == supply_before and done.active == 1


def test_monk_example() -> None:
    """Rules p.4, Monk: "A region contains 3 rat tokens. The active player may add 3 cubes into
    this region. If he holds the Monk card, he may thereafter move one of the rats into a
    neighboring region. Please note that no region is ever allowed to contain more than 3 rat
    tokens. Therefore a player holding the Monk may not move a rat into a region already
    containing 3 rats."""
    s = position(
        2,
        tokens={"gallia": ["R01", "R02", "R03"], "hispania": ["R04", "R05", "R06"]},
        holders={"monk": 0},
    )
    s, _ = play(s, (0, "place gallia 3"))
    assert s.cubes[1][0] == 3
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "monk gallia 1 hispania"))
    assert err.value.code == "region_full"
    assert MonkMove(Region.GALLIA, 0, Region.HISPANIA) not in GAME.legal_actions(s, 0)
    moved_token = s.board_tokens[1][1]
    after, _ = play(s, (0, "monk gallia 2 anglia"))
    assert after.board_tokens[0] == (moved_token,)
    assert len(after.board_tokens[1]) == 2
    with pytest.raises(IllegalAction) as err:  # once per turn
        play(after, (0, "monk gallia 1 anglia"))
    assert err.value.code == "ability_used"


def knight_example():
    return position(
        4,
        tokens={"scandia": ["R47"]},  # limit 4: Chivalry, Magic, Royalty
        cubes={"scandia": [0, 2, 0, 0]},
        holders={"knight": 0, "king": 1},
        plague="italia",
    )


def test_knight_example() -> None:
    """Rules p.4, Knight: "If the plague piece is in Italia, the player may for example move it
    to Scandia, if he holds the Knight card. If the player chooses to let the plague piece count
    as two extra cubes, and Scandia contains two wooden cubes, the plague will have an outbreak
    even if a rat with a limit value of 3 or 4 is revealed."""
    s = knight_example()
    assert MovePlague(Region.SCANDIA, True) in GAME.legal_actions(s, 0)
    s, _ = play(s, (0, "plague scandia +2"))
    assert s.phase is Phase.SPREAD  # one rat in Scandia: one new rat in a neighbour
    s, events = play(s, (0, "rats anglia"))
    (shown,) = reveals(events)
    assert shown.cubes == 4 and shown.outbreak
    assert shown.losses == (0, 1, 0, 0)  # the King's holder loses a cube to the R symbol

    # Without the extra cubes the same token does nothing.
    s, _ = play(knight_example(), (0, "plague scandia"), (0, "rats anglia"))
    assert s.cubes[5] == (0, 2, 0, 0)

    # Without the Knight, Scandia is two steps away: too far.
    s = position(4, tokens={"scandia": ["R47"]}, plague="italia", holders={"knight": 1})
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "plague scandia"))
    assert err.value.code == "plague_too_far"
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "plague germania +2"))
    assert err.value.code == "knight_needed"


def test_plague_must_move() -> None:
    """Rules p.3: "he is not allowed to let the Plague Piece remain in its current region"
    (also not by going there and back with the Knight)."""
    s = position(2, holders={"knight": 0}, plague="gallia")
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "plague gallia"))
    assert err.value.code == "plague_must_move"
    assert all(
        a.region is not Region.GALLIA for a in GAME.legal_actions(s, 0) if isinstance(a, MovePlague)
    )


def test_peasant() -> None:
    """Rules p.4, Peasant: "may add one cube more than usual [...] For example, he may add 4
    cubes to a region containing 3 rat tokens, or 1 cube to a region without rat tokens."""
    s = position(2, tokens={"gallia": ["R01", "R02", "R03"]}, holders={"peasant": 0})
    legal = GAME.legal_actions(s, 0)
    assert PlaceCubes(Region.GALLIA, 3) in legal and PlaceCubes(Region.GALLIA, 4) in legal
    assert PlaceCubes(Region.ITALIA, 1) in legal
    after, _ = play(s, (0, "place gallia 4"))
    assert after.cubes[1][0] == 4
    after, _ = play(s, (0, "place italia 1"))
    assert after.cubes[4][0] == 1
    with pytest.raises(IllegalAction) as err:  # phase B happens once per turn
        play(after, (0, "place gallia 3"))
    assert err.value.code == "already_placed"


def test_merchant() -> None:
    """Rules p.4, Merchant: "may, at any time on his turn, move up to 3 cubes of his own color
    from one region to one of its neighboring regions."""
    s = position(2, cubes={"gallia": [5, 0]}, holders={"merchant": 0})
    after, _ = play(s, (0, "merchant gallia hispania 3"))
    assert after.cubes[1][0] == 2 and after.cubes[2][0] == 3
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "merchant gallia polonia 1"))
    assert err.value.code == "not_neighbour"
    s = position(2, cubes={"gallia": [2, 0]}, holders={"merchant": 0})
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "merchant gallia hispania 3"))
    assert err.value.code == "not_enough_cubes"


def test_king() -> None:
    """Rules p.4, King: "may, at any time during his turn, move one of his cubes on the board to
    the palace area. This cube must be taken from a region containing no rats. Cubes in the
    palace area are safe for the rest of the game, and count as regular cubes when counting
    score at the end of the game."""
    s = position(
        2,
        cubes={"gallia": [2, 0], "italia": [1, 0]},
        tokens={"gallia": ["R01"]},
        holders={"king": 0},
    )
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "king gallia"))
    assert err.value.code == "region_has_rats"
    after, _ = play(s, (0, "king italia"))
    assert after.palace == (1, 0) and after.cubes[4] == (0, 0)
    assert GAME.result(after)["ranking"][0]["breakdown"] == {"board": 2, "palace": 1}


def test_witch_peeks_and_swaps_and_keeps_knowing() -> None:
    """Rules p.4, Witch: "may [...] look at any one rat token on the board. Thereafter, he may
    look at any other rat token on the board, either in the same or in a different region.
    Finally, he may, if he wishes, swap the two selected rat tokens"."""
    s = position(
        3,
        tokens={"gallia": ["R01", "R30"], "polonia": ["R45"]},
        holders={"witch": 1},
        active=1,
        plague="hungaria",
    )
    s, events = play(s, (1, "peek gallia 2"))
    seen = [e for e in events if e.visible_to == frozenset({1})]
    assert len(seen) == 1 and seen[0].token == "R30"
    assert all(e.visible_for(None) is False for e in seen)
    assert s.phase is Phase.WITCH
    s, _ = play(s, (1, "peek polonia 1"))
    s, events = play(s, (1, "swap"))
    gallia, polonia = 1, 6
    assert [s.board.faces[t].id for t in s.board_tokens[gallia]] == ["R01", "R45"]
    assert [s.board.faces[t].id for t in s.board_tokens[polonia]] == ["R30"]
    mine = GAME.view(s, 1)
    by_id = {r["id"]: r for r in mine["regions"]}
    assert by_id["gallia"]["known"] == [None, {"id": "R45", "limit": 4, "symbols": ["A", "C", "R"]}]
    assert by_id["polonia"]["known"] == [{"id": "R30", "limit": 3, "symbols": ["B", "K"]}]
    for other in (None, 0, 2):
        theirs = GAME.view(s, other)
        assert all(k is None for r in theirs["regions"] for k in r.get("known", []))
    # The Witch's knowledge lasts: on a later turn the seat still sees the faces.
    s, _ = play(s, (1, "plague bulgaria"))
    assert s.active == 2
    later = {r["id"]: r for r in GAME.view(s, 1)["regions"]}
    assert {"id": "R30", "limit": 3, "symbols": ["B", "K"]} in later["polonia"]["known"]


def test_witch_can_stop_after_one_look() -> None:
    """Rules p.4: "Thereafter, he MAY look at any other rat token"."""
    s = position(2, tokens={"gallia": ["R01"]}, holders={"witch": 0})
    s, _ = play(s, (0, "peek gallia 1"))
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "peek gallia 1"))
    assert err.value.code == "same_token"
    s, _ = play(s, (0, "keep"))
    assert s.phase is Phase.MAIN and "witch" in {c.value for c in s.used}


def test_class_cards_taking_and_several_in_hand() -> None:
    """Rules p.2, "Pick a new class card": "The player may take one class card, either one of
    the untaken ones beside the board or from another player [...] Even if the player already
    has one or more class cards on the table in front of him, he is allowed to take another card
    during each of his turns [...] In this case he gains all the advantages of all the cards"."""
    s = position(2, cubes={"italia": [3, 0]}, holders={"king": 0, "merchant": 1})
    s, events = play(s, (0, "take merchant"))
    assert s.holders[s.cards.index(GAME.parse_action("take merchant").card)] == 0
    assert events[0].previous == 1
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "take monk"))
    assert err.value.code == "already_took_card"
    # King and Merchant both work in the same turn.
    s, _ = play(s, (0, "king italia"), (0, "merchant italia hispania 2"))
    assert s.palace[0] == 1 and s.cubes[2][0] == 2


def end_position():
    return position(
        4,
        tokens={"hispania": ["R09"], "germania": ["R46"]},  # R46: limit 4, P+B+C
        cubes={"gallia": [0, 0, 1, 0], "germania": [2, 0, 0, 1], "polonia": [0, 0, 1, 2]},
        palace=[0, 2, 0, 0],
        holders={"peasant": 0, "knight": 3, "king": 1},
        plague="gallia",
        active=1,
        supply=["R49"],  # the last rat of the supply: limit 4, B+K+R
    )


def test_final_round_and_final_ravage() -> None:
    """Rules p.5, "Game End": "The game ends after the turn during which [...] the supply of rat
    tokens is depleted [...] Thereafter a final round follows, in which all players, except the
    player having the last regular turn, may use the abilities of their class cards one last
    time. This final round is played counter-clockwise, beginning with the player sitting to the
    right of the player who had the last regular turn. [...] They are neither allowed to take
    any new cards, add cubes (exception: Peasant) nor move the plague piece (exception: Knight).
    Peasant: A player holding this card may add a cube of his own color in any one region.
    Knight: [...] may move the plague piece up to two steps. When the game ends, the plague
    piece counts as two neutral population cubes in the affected region. Finally, the plague
    ravages all the 12 regions [...] the player with the most cubes still in play on the board
    (including any cubes in the palace area) wins. In the case of a tie [...] the game is won by
    the player (among the tied players) that would have had the next turn"."""
    s, events = play(end_position(), (1, "plague hispania"), (1, "rats gallia"))
    assert GameEndTriggered("rat_supply_empty", 1) in events
    # Counter-clockwise from the right of seat 1: seat 0, then 3, then 2 (who holds nothing).
    assert s.phase is Phase.FINAL and s.active == 0 and s.final_order == (0, 3, 2)
    assert FinalTurnBegan(0) in events
    for text, code in [
        ("take king", "wrong_phase"),
        ("place gallia 1", None),
    ]:
        if code:
            with pytest.raises(IllegalAction) as err:
                play(s, (0, text))
            assert err.value.code == code
    s, events = play(s, (0, "place anglia 1"))  # the Peasant, in a region without rats
    assert s.cubes[0][0] == 1
    assert s.active == 3 and FinalTurnBegan(3) in events  # seat 0 had nothing more to do
    with pytest.raises(IllegalAction) as err:
        play(s, (3, "plague germania"))
    assert err.value.code == "final_knight_counts"
    s, events = play(s, (3, "plague germania +2"))  # Hispania -> Gallia -> Germania
    assert s.phase is Phase.OVER  # seat 2 holds no card: the final ravage followed
    began = next(e for e in events if isinstance(e, FinalRavageBegan))
    assert began.neutral_region is Region.GERMANIA
    shown = {r.region: r for r in reveals(events)}
    # Germania: 3 cubes + 2 neutral >= 4: the Peasant's holder loses one.
    assert shown[Region.GERMANIA].cubes == 5 and shown[Region.GERMANIA].losses == (1, 0, 0, 0)
    # Gallia: the spread rat (limit 4) meets 1 cube: nothing.
    assert not shown[Region.GALLIA].outbreak
    result = GAME.result(s)
    # Scores: seat 3 = 3; seats 0, 1, 2 = 2 each; ties go to who would play next after seat 1.
    assert [(r["seat"], r["score"]) for r in result["ranking"]] == [(3, 3), (2, 2), (0, 2), (1, 2)]
    assert result["ranking"][3]["breakdown"] == {"board": 0, "palace": 2}
    assert result["winner"] == 3 and result["reason"] == "rat_supply_empty"
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.ranking == (3, 2, 0, 1)


def test_final_ravage_shows_every_rat_token() -> None:
    """Rules p.5, "Game End": "Finally, the plague ravages all the 12 regions, that is, one at a
    time all the rat tokens are revealed and evaluated"; French rules: "Pour finir, la Peste
    ravage toutes les régions du continent : tous les jetons rats sont retournés l'un après
    l'autre et leurs effets réalisés". A region without cubes has its tokens shown too, and
    so has the rest of a region once its last cube is gone: with 0 cubes and no effect (there
    is nothing left to evaluate, the Knight's two neutral cubes included), in placement order
    and after the region's own ravage, region after region in board order."""
    s = position(
        2,
        tokens={
            "gallia": ["R01", "R02", "R03"],  # limit 1: P+B, C+K, P+W
            "hispania": ["R05"],  # limit 1: P+K
            "italia": ["R04", "R24"],  # limit 1: B+C and limit 3: M+P; no cube there
        },
        cubes={"gallia": [1, 0], "hispania": [0, 2]},
        holders={"peasant": RED, "knight": YELLOW},
        plague="italia",  # moved by the Knight in the final round: two neutral cubes
        active=RED,
        supply=[],
        phase=Phase.FINAL,
        ending=Ending("rat_supply_empty", YELLOW, (RED,), neutral=True),
    )
    # Before the final ravage nothing shows a face down token.
    assert not TOKEN_ID.findall(json.dumps(GAME.view(s, None)))
    for start in with_seeds(s):
        after, events = play(start, (RED, "done"))
        if reveals(events)[0].token == "R02":
            break
    assert after.phase is Phase.OVER
    shown = [(r.region.value, r.token, r.cubes, r.outbreak, r.losses) for r in reveals(events)]
    first, kill, rest = shown[0], shown[1], shown[2]
    # Gallia: R02 (no holder of C or K) costs nothing; the next P kills red's only cube, and
    # the last token is shown with nothing to evaluate.
    assert first == ("gallia", "R02", 1, True, (0, 0))
    assert kill[:2] in (("gallia", "R01"), ("gallia", "R03")) and kill[2:] == (1, True, (1, 0))
    assert rest == ("gallia", "R03" if kill[1] == "R01" else "R01", 0, False, (0, 0))
    assert shown[3:] == [
        ("hispania", "R05", 2, True, (0, 1)),  # K: the Knight's holder; red has no cube there
        ("italia", "R04", 0, False, (0, 0)),  # limit 1, but no cube, only the neutral +2
        ("italia", "R24", 0, False, (0, 0)),
    ]
    assert not any(after.board_tokens) and len(after.revealed) == 6
    # The scores are those of the cubes that survived.
    assert [(r["seat"], r["score"]) for r in GAME.result(after)["ranking"]] == [(1, 1), (0, 0)]
    # The final board shows every face, where it was.
    public = GAME.view(after, None)
    assert all(region["tokens"] == 0 for region in public["regions"])
    faces = [(x["region"], x["id"], x["cubes"]) for x in public["recent"]["revealed"]]
    assert faces == [(region, token, cubes) for region, token, cubes, _, _ in shown]
    # The same seed gives the same reveals in the same order.
    assert play(start, (RED, "done"))[1] == events


def test_game_ends_when_a_player_has_all_cubes_on_the_board() -> None:
    """Rules p.5: the game ends after the turn during which "a player manages to have all his
    cubes on the board at the end of his turn"."""
    s = position(
        2, cubes={"gallia": [17, 0]}, tokens={"italia": ["R20", "R21", "R22"]}, plague="gallia"
    )
    s, events = play(s, (0, "place italia 3"), (0, "plague hispania"))
    assert GameEndTriggered("all_cubes_placed", 0) in events
    # Seat 1 holds no card: nothing to do in the final round, the game is over.
    assert GAME.is_over(s)


def test_opening_placement_order() -> None:
    """Rules, preparation 6: "Starting with him and going clockwise around the table, each
    player places two of his cubes in any region on the board. Thereafter, starting with the
    last player and going counter-clockwise around the table, each player places two more of
    his cubes"; the French rules say "sur une région" (in one region)."""
    s = GAME.new_game(4, 7)
    assert s.opening == (0, 1, 2, 3, 3, 2, 1, 0)
    seats = []
    while s.phase is Phase.OPENING:
        seats.append(s.active)
        with pytest.raises(IllegalAction) as err:
            play(s, (s.active, "open gallia hispania"))
        assert err.value.code == "opening_one_region"
        s, _ = play(s, (s.active, "open gallia"))
    assert seats == [0, 1, 2, 3, 3, 2, 1, 0]
    assert s.cubes[1] == (4, 4, 4, 4) and s.reserve == (16, 16, 16, 16)
    assert s.phase is Phase.MAIN and s.active == 0 and s.turn == 1
