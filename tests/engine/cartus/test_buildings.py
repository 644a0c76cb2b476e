"""Each of the twelve buildings: its premium action and its standard action (rules p.6-7,
COMPONENTS 4.3 and 4.5)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.cartus import GAME
from engine.cartus.errors import IllegalAction
from engine.cartus.state import Phase, State
from tests.engine.cartus.builders import cards, of, play, position, visit

PREMIUM, STANDARD, ELSEWHERE = 0, 1, 2


def enter_both(
    building: str,
    premium: Sequence[str],
    standard: Sequence[str],
    *,
    extra: dict[int, Sequence[str]] | None = None,
    rats: Sequence[int] = (10, 10, 10),
    **kwargs: object,
) -> tuple[State, list[object]]:
    """3 players; seat 0 enters `building` (row position 1) with `premium`, then seat 1 with
    `standard` (fewer Population cards and Jokers), seat 2 goes to the other building with
    nothing. Returns the state once the first building waits for a decision (or is done)."""
    other = "palace-2" if building != "palace" else "farm-2"
    hands = {
        PREMIUM: [*premium, *(extra or {}).get(PREMIUM, ())],
        STANDARD: [*standard, *(extra or {}).get(STANDARD, ())],
        ELSEWHERE: list((extra or {}).get(ELSEWHERE, ())),
    }
    s = position(3, row=[f"{building}-1", other], hands=hands, rats=rats, phase="visit", **kwargs)
    return play(
        s,
        *visit(PREMIUM, 1, *premium),
        *visit(STANDARD, 1, *standard),
        *visit(ELSEWHERE, 2),
    )


def test_farm_premium_draws_four_and_standard_two() -> None:
    """Ferme: "Action privilège : piochez quatre cartes Population. Action de base : piochez
    deux cartes Population." A gain may be declined (COMPONENTS 4.5 #10)."""
    s, ev = enter_both("farm", ["peasant0", "peasant1"], ["peasant2"])
    awarded = of(ev, "premium_awarded")[0]
    assert awarded.premium == PREMIUM and awarded.standard == (STANDARD,)
    assert s.phase is Phase.GAIN and GAME.to_move(s) == {PREMIUM}
    assert [str(a) for a in GAME.legal_actions(s, PREMIUM)] == ["take", "decline"]
    assert GAME.view(s, None)["pending"]["amount"] == 4
    s, ev = play(s, (PREMIUM, "take"))
    assert len(s.hands[PREMIUM]) == 4
    drawn = of(ev, "cards_drawn")[0]
    assert drawn.visible_to == {PREMIUM} and len(drawn.cards) == 4
    assert GAME.to_move(s) == {STANDARD} and GAME.view(s, None)["pending"]["amount"] == 2
    s, ev = play(s, (STANDARD, "take"))
    assert len(s.hands[STANDARD]) == 2
    declined = position(3, row=["farm-1", "palace-2"], phase="visit")
    s2, _ = play(declined, *visit(0, 1), *visit(1, 2), *visit(2, 2))
    s2, ev = play(s2, (0, "decline"))
    assert of(ev, "action_declined")[0].effect == "draw" and not s2.hands[0]


def test_brewery_draws_per_influence_point_and_per_pair() -> None:
    """Brasserie: "Action privilège : piochez une carte Population par point d'influence que
    vous avez marqué lors de ce tour. Action de base : piochez une carte Population par paire de
    points d'influence que vous avez marqués lors de ce tour." (influence of the Brewery's
    cards, COMPONENTS 4.5 #9)"""
    s, ev = enter_both(
        "brewery", ["peasant0", "king0", "joker"], ["peasant1", "peasant2"], buildings=_all()
    )
    assert [(e.seat, e.amount) for e in of(ev, "influence_gained")] == [(0, 3), (1, 2)]
    assert GAME.view(s, None)["pending"]["amount"] == 3
    s, _ = play(s, (PREMIUM, "take"))
    assert len(s.hands[PREMIUM]) == 3
    assert GAME.view(s, None)["pending"]["amount"] == 1
    s, _ = play(s, (STANDARD, "take"))
    assert len(s.hands[STANDARD]) == 1
    # One card is not a pair: nothing to draw, no question asked.
    s, ev = enter_both("brewery", ["peasant0", "peasant3"], ["peasant1"], buildings=_all())
    s, ev = play(s, (PREMIUM, "take"))
    taken = [(e.seat, e.amount) for e in of(ev, "action_taken") if e.building == 0]
    assert taken == [(0, 2), (1, 0)]


def _all() -> list[str]:
    return ["brewery", "office", "hospital", "guard_tower", "piper_hut", "treasury"]


@pytest.mark.parametrize(
    ("building", "klass", "card", "buildings"),
    [
        ("marketplace", "merchant", "joker", None),
        ("office", "merchant", "pass", _all()),
        ("castle", "knight", "sword", None),
        ("piper_hut", "witch", "flute", _all()),
        ("treasury", "king", "gold", _all()),
    ],
)
def test_take_two_or_one_special_card(
    building: str, klass: str, card: str, buildings: list[str] | None
) -> None:
    """Marché: "prenez deux cartes Joker / une carte Joker"; Administration (Office): two Pass
    cards / one; Château: "deux cartes spéciales Epée / une"; Cabane du joueur de flûte: "deux
    cartes spéciales Flûte / une"; Trésor: "deux cartes spéciales Or / une"."""
    extra = {"buildings": buildings} if buildings else {}
    s, _ = enter_both(building, [f"{klass}0", f"{klass}1"], [f"{klass}2"], **extra)  # type: ignore[arg-type]
    pile = GAME.view(s, None)["piles"][card]
    s, ev = play(s, (PREMIUM, "take"), (STANDARD, "take"))
    taken = [e for e in of(ev, "action_taken") if e.building == 0]
    assert [(e.seat, e.premium, e.amount, e.card) for e in taken] == [
        (PREMIUM, True, 2, card),
        (STANDARD, False, 1, card),
    ]
    assert s.hands[PREMIUM] == cards(card, card) and s.hands[STANDARD] == cards(card)
    assert GAME.view(s, None)["piles"][card] == pile - 3


def test_an_empty_pile_gives_what_is_left_premium_first() -> None:
    """COMPONENTS 4.5 #11: "take what is left; the premium holder takes first"."""
    s = position(3, row=["marketplace-1", "palace-2"], phase="visit", hands={2: ["joker"] * 14})
    s, _ = play(s, *visit(0, 1), *visit(1, 1), *visit(2, 2))
    s, ev = play(s, (0, "take"))
    assert s.hands[0] == cards("joker")
    standard = next(e for e in of(ev, "action_taken") if e.seat == 1)
    assert standard.empty and standard.amount == 0
    assert s.hands[1] == ()


def test_monastery_discards_two_rats_or_one_never_below_zero() -> None:
    """Monastère: "Action privilège : défaussez deux rats. Action de base : défaussez un rat."
    (rats never below 0, COMPONENTS 4.5 #2)"""
    s, ev = enter_both("monastery", ["monk0", "monk1"], ["monk2"], rats=(5, 0, 3))
    assert s.rats == (3, 0, 3)
    taken = [(e.seat, e.amount) for e in of(ev, "action_taken") if e.building == 0]
    assert taken == [(0, 2), (1, 0)]
    assert [(e.seat, e.delta) for e in of(ev, "rats_changed")] == [(0, -2)]


def test_hospital_premium_one_rat_then_up_to_three_cards() -> None:
    """Hôpital: "Action privilège : défaussez un rat. En complément, vous pouvez défausser
    jusqu'à 3 cartes de votre main pour vous défausser d'un même nombre de rats. Action de
    base : Défaussez jusqu'à 2 cartes de votre main pour vous défausser d'un même nombre de
    rats." Gold may go to the Hospital (rules p.8)."""
    extra = {
        PREMIUM: ["gold", "peasant0", "peasant1", "king3"],
        STANDARD: ["joker", "pass", "knight0"],
    }
    s, ev = enter_both(
        "hospital", ["monk0", "monk1"], ["monk2"], extra=extra, buildings=_all(), rats=(6, 6, 6)
    )
    assert s.rats[PREMIUM] == 5 and s.phase is Phase.HOSPITAL
    assert [str(a) for a in GAME.legal_actions(s, PREMIUM)] == [
        "discard peasant0",
        "discard peasant1",
        "discard king3",
        "discard gold",
        "done",
    ]
    s, ev = play(
        s, (PREMIUM, "discard gold"), (PREMIUM, "discard peasant0"), (PREMIUM, "discard king3")
    )
    assert s.rats[PREMIUM] == 2 and s.hands[PREMIUM] == cards("peasant1")
    assert [e.card for e in of(ev, "card_discarded")] == ["gold", "peasant0", "king3"]
    # Three cards is the limit: the Hospital passed to the standard action.
    assert GAME.to_move(s) == {STANDARD} and s.phase is Phase.HOSPITAL
    s, ev = play(s, (STANDARD, "discard pass"), (STANDARD, "done"))
    assert s.rats[STANDARD] == 5 and s.hands[STANDARD] == cards("joker", "knight0")
    assert GAME.view(s, None)["piles"]["pass"] == 12


def test_hospital_standard_stops_at_two_cards() -> None:
    s, _ = enter_both(
        "hospital",
        ["monk0", "monk1"],
        ["monk2"],
        buildings=_all(),
        extra={PREMIUM: ["peasant3"], STANDARD: ["peasant0", "peasant1", "peasant2"]},
    )
    s, _ = play(
        s, (PREMIUM, "done"), (STANDARD, "discard peasant0"), (STANDARD, "discard peasant1")
    )
    assert s.phase is not Phase.HOSPITAL and s.rats[STANDARD] == 8
    assert s.hands[STANDARD] == cards("peasant2")


def test_fortune_teller_premium_two_different_cards_standard_one() -> None:
    """Tente de la cartomancienne: "Action privilège : regardez deux cartes du Soutien des
    nonnes. Action de base : regardez une carte" (two different positions, COMPONENTS 4.5 #21)."""
    s, _ = enter_both("fortune_teller", ["witch0", "witch1"], ["witch2"])
    assert s.phase is Phase.LOOK
    with pytest.raises(IllegalAction):
        GAME.apply(s, PREMIUM, GAME.parse_action("look 2"))
    s, ev = play(s, (PREMIUM, "look 5 1"))
    assert [e.position for e in of(ev, "nun_seen")] == [0, 4] and s.looks[PREMIUM] == 0b10001
    assert [str(a) for a in GAME.legal_actions(s, STANDARD)] == [f"look {n}" for n in range(1, 6)]
    s, ev = play(s, (STANDARD, "look 3"))
    assert of(ev, "nun_seen")[0].card == "monk2" and s.looks[STANDARD] == 0b100
    mine = GAME.view(s, STANDARD)["nuns_known"]
    assert [k["card"] if k else None for k in mine] == [None, None, "monk2", None, None]
    assert GAME.view(s, None)["nun_row"][2]["looked_by"] == [STANDARD]


def test_palace_premium_two_vp_tokens_standard_one() -> None:
    """Palais: "Action privilège : prenez deux jetons de point de victoire. Action de base :
    prenez un jeton de point de victoire." (1 VP each, COMPONENTS 4.4)"""
    s, ev = enter_both("palace", ["king0", "king1"], ["king2"])
    assert s.vp == (2, 1, 0) and GAME.view(s, None)["vp_supply"] == 17
    assert [(e.seat, e.amount) for e in of(ev, "action_taken")] == [(0, 2), (1, 1)]
    assert s.phase is Phase.GAIN and GAME.to_move(s) == {ELSEWHERE}  # the Farm next


def test_guard_tower_premium_collects_three_cards_from_every_larger_hand() -> None:
    """Tour de garde: "Action privilège : chaque joueur qui n'est pas entré dans la Tour de
    garde ce tour-ci doit vous donner trois cartes de sa main s'il possède au moins autant de
    cartes que vous (au moment de la résolution du bâtiment). Il choisit les cartes qu'il vous
    donne. Remarque : si ce joueur possède moins de trois cartes, mais au moins autant que
    vous, il vous donne toutes ses cartes. Action de base : aucune action. Vous vous protégez de
    l'action privilège de la Tour de garde (pour ce tour)." Hand sizes are compared once
    (COMPONENTS 4.5 #8); every giver answers in one window."""
    hands = {
        0: ["knight0", "knight1", "peasant0"],  # 1 card left after placing 2
        1: ["knight2", "king0", "king1", "king2", "king3"],  # in the tower: immune
        2: ["monk0", "monk1", "monk2", "monk3", "merchant0"],  # 5 cards: gives 3
        3: ["witch0"],  # 1 card, as many as the holder: gives it
        4: [],  # nothing: nothing to give
    }
    s = position(
        5,
        row=["guard_tower-1", "farm-2", "palace-3"],
        hands=hands,
        phase="visit",
        buildings=["farm", "office", "monastery", "guard_tower", "piper_hut", "palace"],
    )
    s, ev = play(
        s,
        *visit(0, 1, "knight0", "knight1"),
        *visit(1, 1, "knight2"),
        *visit(2, 2),
        *visit(3, 3),
        *visit(4, 3),
    )
    assert s.phase is Phase.GAIN and GAME.to_move(s) == {0}
    preview = GAME.view(s, None)["pending"]
    assert preview["effect"] == "guard_tower" and preview["owed"] == {"2": 3, "3": 1}
    s, ev = play(s, (0, "take"))
    demanded = of(ev, "guard_tower_demanded")[0]
    assert [(g.seat, g.count) for g in demanded.givers] == [(2, 3), (3, 1)]
    assert demanded.immune == (0, 1) and demanded.hand == 1
    d = GAME.decision(s)
    assert d.window and d.seats == {2, 3} and d.phase == "guard_give"
    assert GAME.view(s, None)["pending"]["owed"] == {"2": 3, "3": 1}
    # Each giver chooses; a giver who lets the time run out gives its first cards.
    assert str(GAME.default_action(s, 3)) == "give witch0"
    assert str(GAME.default_action(s, 2)) == "give merchant0"
    s, ev = play(s, (3, "give witch0"), (2, "give monk3"))
    assert GAME.decision(s).seats == {2}
    shown = of(ev, "card_given_shown")
    assert [e.visible_to for e in shown] == [{0, 3}, {0, 2}]
    assert [e.left for e in of(ev, "card_given")] == [0, 2]
    for _ in range(2):
        s = GAME.apply(s, 2, GAME.default_action(s, 2)).state
    assert s.hands[0] == cards("peasant0", "witch0", "monk3", "merchant0", "monk0")
    assert s.hands[2] == cards("monk1", "monk2")
    assert s.hands[1] == cards("king0", "king1", "king2", "king3")


def test_guard_tower_standard_does_nothing_but_protect() -> None:
    s, ev = enter_both(
        "guard_tower",
        ["knight0", "knight1"],
        ["knight2"],
        extra={STANDARD: ["peasant1"] * 2 + ["peasant2"] * 2, ELSEWHERE: []},
        buildings=["farm", "office", "monastery", "guard_tower", "piper_hut", "palace"],
    )
    # Seat 1 is immune; seat 2 holds as many cards as the holder (none): nothing to give, so
    # nothing to decide.
    demanded = of(ev, "guard_tower_demanded")[0]
    assert demanded.immune == (PREMIUM, STANDARD) and demanded.givers == ()
    standard = next(e for e in of(ev, "action_taken") if e.seat == STANDARD)
    assert standard.effect == "none" and standard.amount == 0
    assert len(s.hands[STANDARD]) == 4
