"""The round's phases and their special cases: the row, the supply, visits and Passes, Swords
and Flutes, the 2-player premium, the last round, and the game options."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cartus import GAME
from engine.cartus.actions import (
    Action,
    Decline,
    Discard,
    Done,
    Enter,
    Give,
    Look,
    Place,
    PlayPass,
    Supply,
    Take,
    Target,
    Withdraw,
    _well_formed,
    well_formed,
)
from engine.cartus.data import building_index
from engine.cartus.errors import IllegalAction, MalformedAction, NotYourTurn
from engine.cartus.rules import _begin_round, _take_many
from engine.cartus.state import Phase
from engine.core.rng import Rng
from tests.engine.cartus.builders import cards, of, play, position, visit


def test_options_are_checked() -> None:
    with pytest.raises(MalformedAction) as bad:
        GAME.new_game(4, 1, {"colour": "red"})
    assert bad.value.code == "bad_option"
    for options in ({"supply": "sometimes"}, {"everyone_dead": "all"}):
        with pytest.raises(MalformedAction):
            GAME.new_game(4, 1, options)
    with pytest.raises(MalformedAction) as bad:
        GAME.new_game(6, 1)
    assert bad.value.code == "bad_players"
    for buildings in ("some", ["farm"], ["farm", "brewery", "monastery", "castle", "palace", "x"]):
        with pytest.raises(MalformedAction):
            GAME.new_game(3, 1, {"buildings": buildings})
    with pytest.raises(IllegalAction) as two:
        GAME.new_game(
            3, 1, {"buildings": ["farm", "brewery", "monastery", "castle", "palace", "treasury"]}
        )
    assert two.value.code == "bad_buildings"


@pytest.mark.parametrize(
    ("players", "rounds", "drawn", "removed"),
    [(2, 10, 2, 10), (3, 9, 2, 12), (4, 8, 3, 6), (5, 8, 3, 6)],
)
def test_set_up_by_player_count(players: int, rounds: int, drawn: int, removed: int) -> None:
    """ "La partie se déroule en 8 tours de jeu à 4-5 joueurs, 9 tours à 3 joueurs ou 10 tours à
    2 joueurs." "Dans une partie à quatre ou cinq joueurs, piochez trois cartes Bâtiment [...]
    Dans une partie à deux ou trois joueurs, piochez uniquement deux cartes Bâtiment."
    Buildings removed: "2 3 4 5 / 10 12 6 6". Each player gets 5 cards and rats worth 10."""
    s = GAME.new_game(players, 7)
    v = GAME.view(s, 0)
    assert v["rounds"] == rounds and len(v["row"]) == drawn
    assert v["replacement_pile"] == removed and v["building_deck"] == 30 - removed - drawn
    assert v["hand_counts"] == [5] * players and v["rats"] == 10
    assert len(v["nun_row"]) == 5 and v["draw_pile"] == 84 - 5 - 5 * players
    assert sum(v["buildings_in_play"].values()) == 30
    assert v["round"] == v["turn"] == 1 and v["first_player"] == 0


def test_one_type_and_random_buildings() -> None:
    """ "soit en choisissant au hasard une carte Bâtiment par classe (et en incluant les 5
    exemplaires de ce bâtiment), soit en mélangeant toutes les cartes bâtiment d'une même classe
    et en piochant 5 cartes au hasard"."""
    for seed in range(5):
        kinds = GAME.view(GAME.new_game(4, seed), None)["buildings_in_play"]
        assert len(kinds) == 6 and set(kinds.values()) == {5}
        mixed = GAME.new_game(4, seed, {"buildings": "random"}).config.in_play
        for c in range(6):
            assert sum(1 for b in mixed if b // 10 == c) == 5


def test_identical_buildings_are_replaced_until_the_row_differs() -> None:
    """ "Si toutes les cartes piochées sont identiques, remplacez la dernière carte piochée par la
    première carte de la pioche de remplacement (remettez la carte remplacée au bas de cette
    dernière pioche). Si la nouvelle carte est à nouveau identique, recommencez ce procédé
    jusqu'à piocher une carte différente." Identical means the same type (COMPONENTS 4.5 #1)."""
    s = GAME.new_game(
        2,
        3,
        {"buildings": ["farm", "marketplace", "monastery", "castle", "fortune_teller", "palace"]},
    )
    ids = building_index()
    farms = tuple(ids[f"farm-{k}"] for k in (1, 2))
    table = replace(
        s.table,
        deck=farms,
        spare=(),
        spare_bottom=(ids["farm-3"], ids["farm-4"], ids["palace-1"]),
    )
    events: list[object] = []
    s = _begin_round(replace(s, table=table, round=0), events)  # type: ignore[arg-type]
    other = farms[1] if s.row[0] == farms[0] else farms[0]
    assert s.row == (s.row[0], ids["palace-1"]) and s.row[0] in farms
    assert list(s.table.replaced) == [
        (other, ids["farm-3"]),
        (ids["farm-3"], ids["farm-4"]),
        (ids["farm-4"], ids["palace-1"]),
    ]
    assert s.table.spare_bottom == (other, ids["farm-3"], ids["farm-4"])
    drawn = of(events, "buildings_drawn")[0]  # type: ignore[arg-type]
    assert [(r.returned, r.drawn) for r in drawn.replaced][-1] == ("farm-4", "palace-1")


def test_supply_is_compulsory_and_rats_stay_at_zero() -> None:
    """COMPONENTS 4.5 #2: each player takes exactly one supply action and does all of it; rats
    never go below 0. The supply action of a copy is printed on it (COMPONENTS 4.3 [PROP])."""
    s = position(2, row=["farm-4", "palace-3"], rats=[0, 1], hands={0: ["peasant0"]})
    assert [str(a) for a in GAME.legal_actions(s, 0)] == ["supply 1", "supply 2"]
    s, ev = play(s, (0, "supply 1"))  # draw 2 + discard 1 rat
    taken = of(ev, "supply_taken")[0]
    assert (taken.drawn, taken.rats_delta, taken.look) == (2, 0, None) and s.rats[0] == 0
    assert len(s.hands[0]) == 3
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 0, GAME.parse_action("supply 2"))
    s, ev = play(s, (1, "supply 2"))
    assert s.rats[1] == 0 and of(ev, "rats_changed")[0].delta == -1
    assert s.phase is Phase.VISIT


def test_simultaneous_supply_is_one_window_with_secret_answers() -> None:
    """COMPONENTS 4.5 #2: with the option, every player chooses privately and all are revealed
    together; a seat that lets the time run out takes the first building's supply action,
    looking at its leftmost unseen nun card."""
    s = position(3, row=["fortune_teller-2", "monastery-3"], options={"supply": "simultaneous"})
    d = GAME.decision(s)
    assert d.window and d.seats == {0, 1, 2} and d.phase == "supply"
    s = replace(s, marks=replace(s.marks, looks=(0b1, 0, 0)))
    assert str(GAME.default_action(s, 0)) == "supply 1 look 2"
    assert str(GAME.default_action(s, 1)) == "supply 1 look 1"
    s, ev = play(s, (2, "supply 2"))
    assert [e.kind for e in ev] == ["supply_answered"]
    assert GAME.view(s, None)["supply_answered"] == [2] and GAME.view(s, 2)["my_supply"] == {
        "building": 1,
        "look": None,
    }
    assert GAME.view(s, 0)["my_supply"] is None and "my_supply" not in GAME.view(s, None)
    assert GAME.decision(s).seats == {0, 1}
    with pytest.raises(NotYourTurn):
        GAME.default_action(s, 2)
    s, ev = play(s, (1, "supply 2"), (0, str(GAME.default_action(s, 0))))
    # All revealed together, in turn order from the first player.
    assert [e.seat for e in of(ev, "supply_taken")] == [0, 1, 2]
    assert s.rats == (10, 8, 8) and s.phase is Phase.VISIT


def test_a_pass_sends_the_visit_after_everyone_else() -> None:
    """Laissez-passer: "Quand vous jouez une carte Laissez-passer, le tour passe au joueur
    suivant. Lorsque tous les joueurs sont entrés dans un bâtiment (ou ont joué une carte
    Laissez-passer), le tour vous revient et vous devez alors entrer dans un bâtiment ou jouer
    une nouvelle carte Laissez-passer." The Pass goes back to its pile."""
    s = position(3, row=["farm-1", "palace-2"], phase="visit", hands={0: ["pass", "pass"]})
    assert [str(a) for a in GAME.legal_actions(s, 0)] == ["pass", "enter 1", "enter 2"]
    s, ev = play(s, (0, "pass"))
    assert of(ev, "pass_played")[0].order == (1, 2, 0) and GAME.view(s, None)["piles"]["pass"] == 11
    s, _ = play(s, *visit(1, 1), (2, "enter 1"), (2, "done"), (0, "pass"))
    assert GAME.to_move(s) == {0} and s.hands[0] == ()
    assert [str(a) for a in GAME.legal_actions(s, 0)] == ["enter 1", "enter 2"]
    s, ev = play(s, *visit(0, 1))
    assert of(ev, "building_entered")[0].slot == 3


def test_gold_and_passes_cannot_be_placed_face_down() -> None:
    """COMPONENTS 4.5 #3: Population cards, Jokers, Swords, Flutes; never Gold, never a Pass."""
    s = position(
        2,
        row=["farm-1", "palace-2"],
        phase="visit",
        hands={0: ["gold", "pass", "joker", "sword", "flute", "king0"]},
    )
    s, _ = play(s, (0, "enter 1"))
    legal = [str(a) for a in GAME.legal_actions(s, 0)]
    assert legal == ["play king0", "play joker", "play sword", "play flute", "done"]
    for text in ("play gold", "play pass"):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, 0, GAME.parse_action(text))
        assert err.value.code == "not_placeable"
    s, ev = play(s, (0, "play joker"), (0, "play king0"), (0, "withdraw joker"))
    assert [(e.card, e.withdrawn, e.placed) for e in of(ev, "card_placed")] == [
        ("joker", False, 1),
        ("king0", False, 2),
        ("joker", True, 1),
    ]
    assert all(e.visible_to == {0} for e in of(ev, "card_placed"))
    assert s.hands[0] == cards("gold", "pass", "joker", "sword", "flute")


def test_sword_ties_first_in_wins_and_the_winner_chooses_the_giver() -> None:
    """Épée: "En cas d'égalité pour désigner quel joueur a joué le plus de cartes Epée, le
    joueur qui est entré en premier dans le bâtiment remporte l'égalité. Si plusieurs joueurs
    sont à égalité pour le plus petit nombre de cartes Epée jouées, c'est le joueur qui a joué
    le plus grand nombre de cartes Epée qui choisit qui, parmi les joueurs concernés, va lui
    donner la moitié des cartes de sa main." Once per building (COMPONENTS 4.5 #5)."""
    hands = {
        0: ["peasant0", "sword"],
        1: ["sword", "sword", "peasant1", "peasant2", "peasant3"],
        2: ["king0", "king1", "king2", "king3", "monk0"],
        3: ["knight0", "knight1", "knight2"],
    }
    s = position(4, row=["farm-1", "palace-2", "castle-3"], phase="visit", hands=hands)
    s, ev = play(
        s, *visit(0, 1, "sword"), *visit(1, 1, "sword", "sword"), *visit(2, 1), *visit(3, 1)
    )
    compared = of(ev, "special_compared")[0]
    assert compared.winner == 1 and compared.candidates == (2, 3) and compared.target is None
    d = GAME.decision(s)
    assert not d.window and d.seats == {1} and d.phase == "sword_target"
    assert [str(a) for a in GAME.legal_actions(s, 1)] == ["target 3", "target 4"]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, GAME.parse_action("target 1"))
    s, ev = play(s, (1, "target 3"))
    assert of(ev, "target_chosen")[0].cards == 2 and GAME.decision(s).seats == {2}
    assert GAME.decision(s).window
    s, ev = play(s, (2, "give monk0"), (2, "give king3"))
    assert len(s.hands[1]) == 5 and len(s.hands[2]) == 3
    # Two Swords tie with one: the single comparison already happened; more Swords only won it.
    assert len([e for e in of(ev, "special_compared") if e.card == "sword"]) == 0


def test_flute_moves_one_rat_even_from_an_empty_giver() -> None:
    """Flûte: "celui qui a joué le moins de cartes Flûte reçoit un rat du joueur qui a joué le
    plus de cartes Flûte." A transfer; a giver with 0 rats stays at 0 and the receiver still
    gains 1 (COMPONENTS 4.5 #6). Tied fewest: the winner chooses."""
    hands = {0: ["flute"], 1: [], 2: []}
    s = position(
        3,
        row=["piper_hut-1", "palace-2"],
        phase="visit",
        hands=hands,
        rats=[0, 4, 4],
        buildings=["farm", "office", "monastery", "castle", "piper_hut", "treasury"],
    )
    s, ev = play(s, *visit(0, 1, "flute"), *visit(1, 1), *visit(2, 1))
    assert GAME.decision(s).phase == "flute_target"
    s, ev = play(s, (0, "target 3"))
    rats = [(e.seat, e.delta, e.reason) for e in of(ev, "rats_changed")]
    assert rats[:2] == [(0, 0, "flute_given"), (2, 1, "flute_received")]
    assert s.rats[:3] == (0, 4, 5)


def test_everyone_playing_as_many_swords_changes_nothing() -> None:
    """ "Remarque : lorsque tous les joueurs ont joué le même nombre de cartes spéciales Epée,
    rien ne se passe." """
    s = position(2, row=["farm-1", "palace-2"], phase="visit", hands={0: ["sword"], 1: ["sword"]})
    s, ev = play(s, *visit(0, 1, "sword"), *visit(1, 1, "sword"))
    compared = of(ev, "special_compared")
    # Nobody played a Flute: only the Sword comparison is told.
    assert [(e.card, e.winner) for e in compared] == [("sword", None)]
    assert s.hands == ((), ()) and GAME.decision(s).phase == "gain"


def test_two_players_only_one_premium_action() -> None:
    """ "dans une partie à deux joueurs, un seul joueur est autorisé à réaliser une action
    privilège, même si les deux joueurs sont entrés dans des bâtiments différents. Le joueurs
    qui a joué le plus de cartes Population et Joker (peu importe dans quel bâtiment il est
    entré) peut réaliser l'action privilège de son bâtiment, son adversaire ne pouvant réaliser
    que l'action de base. En cas d'égalité, le premier joueur à être entré dans un bâtiment
    remporte l'égalité." """
    s = position(
        2,
        row=["palace-1", "monastery-2"],
        phase="visit",
        rats=[5, 5],
        hands={0: ["king0"], 1: ["monk0", "monk1"]},
    )
    s, ev = play(s, *visit(0, 1, "king0"), *visit(1, 2, "monk0", "monk1"))
    awarded = of(ev, "premium_awarded")
    assert [(a.premium, a.standard) for a in awarded] == [(None, (0,)), (1, ())]
    assert s.vp == (1, 0) and s.rats == (5, 3)
    # A tie goes to the first to enter any building.
    s = position(
        2,
        row=["palace-1", "monastery-2"],
        phase="visit",
        rats=[5, 5],
        first=1,
        hands={0: ["king0"], 1: ["monk0"]},
    )
    s, ev = play(s, *visit(1, 2, "monk0"), *visit(0, 1, "king0"))
    assert s.vp == (1, 0) and s.rats == (5, 3)


def test_last_round_no_actions_premium_gains_one_influence() -> None:
    """ "Lors du dernier tour de jeu, aucune action n'est réalisée dans les bâtiments. Le joueur
    qui aurait dû réaliser l'action privilège gagne un point d'influence dans la classe
    correspondante. Les autres joueurs ne gagnent rien." Card resolution still happens
    (COMPONENTS 4.5 #12)."""
    s = position(
        3,
        row=["palace-1", "farm-2"],
        phase="visit",
        round=9,
        hands={0: ["king0", "monk0"], 1: ["king1"]},
    )
    assert GAME.view(s, None)["last_round"]
    s, ev = play(s, *visit(0, 1, "king0", "monk0"), *visit(1, 1, "king1"), *visit(2, 2))
    assert not of(ev, "action_taken") and s.vp == (0, 0, 0)
    gains = [(e.seat, e.klass, e.amount, e.reason) for e in of(ev, "influence_gained")]
    assert gains == [
        (0, "royalty", 2, "cards"),
        (1, "royalty", 1, "cards"),
        (0, "royalty", 1, "last_round"),
        (2, "peasantry", 1, "last_round"),
    ]
    assert s.phase is Phase.OVER and s.rats[0] == 11


def test_played_cards_are_discarded_after_each_building() -> None:
    """COMPONENTS 4.5 #13: after each building's resolution, before the next resolves. "les
    cartes Population vont dans la défausse correspondante, les Jokers et cartes spéciales
    retournent dans leur pioche respective. Les joueurs conservent les cartes gagnées"."""
    s = position(
        2,
        row=["palace-1", "monastery-2"],
        phase="visit",
        hands={0: ["king0", "joker"], 1: ["monk0"]},
    )
    s, ev = play(s, *visit(0, 1, "king0", "joker"), *visit(1, 2, "monk0"))
    kinds = [e.kind for e in ev]
    first_discard = kinds.index("played_cards_discarded")
    assert first_discard < [i for i, k in enumerate(kinds) if k == "cards_revealed"][1]
    assert of(ev, "played_cards_discarded")[0].cards == ("king0", "joker")
    assert s.cards.discard == cards("king0", "monk0") and GAME.view(s, None)["piles"]["joker"] == 15


def test_reshuffle_when_the_draw_pile_runs_out() -> None:
    """ "Lorsqu'elle est épuisée, mélangez la défausse pour former une nouvelle pioche"."""
    s = position(2, row=["farm-1", "palace-2"], rats=[0, 0])
    pool = s.cards.draw
    s = replace(s, cards=replace(s.cards, draw=pool[:1], discard=pool[1:4]))
    s, ev = play(s, (0, "supply 1"))
    assert of(ev, "population_reshuffled")[0].cards == 3
    assert len(s.hands[0]) == 4 and not s.cards.discard and len(s.cards.draw) == 0


def test_well_formed_per_kind_answers_as_the_full_check() -> None:
    """well_formed checks each action kind's fields directly (exact int or str) and leaves
    anything else to the full check: the answers are the same, odd field types included."""

    class Word(str):
        pass

    class Number(int):
        pass

    actions: list[object] = [
        Supply(0), Supply(2, 4), Supply(0, 9), Supply(-2), Supply(True), Supply(Number(1)),
        Enter(1), Enter(10), Enter(1.0), Target(4), Target(-1), Target("a"),
        Look(1, 2), Look(0), Look(True), Look(0, 12),
        Place("sword"), Place("nope"), Place(3), Place(Word("sword")),
        Withdraw("gold"), Give("x"), Discard("joker"),
        Done(), Take(), Decline(), PlayPass(), Action(), "done", None,
    ]  # fmt: skip
    for action in actions:
        assert well_formed(action) == _well_formed(action), action
    assert well_formed(Place("sword")) and not well_formed(Place("nope"))


def test_a_large_draw_of_cards_ends_and_is_fair() -> None:
    """Drawing many cards at once from a large pile (their joint range above a random
    number's 2^64, which once hung the game: the search met it in its simulations) takes
    distinct cards of the pile, each as likely as the others; a small draw is unchanged, one
    number read in the mixed radix n, n - 1, ..."""
    pile = list(range(60))
    drawn, rng = _take_many(pile, 30, Rng(7, 0))
    assert len(drawn) == 30 == len(set(drawn)) and sorted(drawn + pile) == list(range(60))
    assert rng.counter >= 3  # several numbers, each below 2^64
    # A small draw: exactly the digits of one number below 10 * 9 * 8.
    r, after = Rng(7, 0).below(10 * 9 * 8)
    expected, small = [], list(range(10))
    for n in (10, 9, 8):
        r, j = divmod(r, n)
        expected.append(small.pop(j))
    assert _take_many(list(range(10)), 3, Rng(7, 0)) == (expected, after)
    # Every card is drawn about as often as any other in large draws.
    counts = [0] * 40
    rng = Rng(11, 0)
    for _ in range(300):
        got, rng = _take_many(list(range(40)), 20, rng)
        for c in got:
            counts[c] += 1
    assert min(counts) > 100 and max(counts) < 200  # 150 expected each
