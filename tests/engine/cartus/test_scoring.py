"""The end of the game, line by line of the rulebook's "Fin de la partie" (rules/003, p.5-6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.cartus import GAME
from engine.cartus.scoring import gold_points
from engine.cartus.state import Phase, State
from tests.engine.cartus.builders import FIRST_GAME, cards, of, play, position, visit

NUNS = ("peasant4", "merchant3", "monk1", "knight0", "witch2")  # 10 nuns


def ended(
    players: int,
    *,
    influence: dict[str, Sequence[int]] | None = None,
    arrival: dict[str, Sequence[int]] | None = None,
    hands: dict[int, Sequence[str]] | None = None,
    rats: Sequence[int] | None = None,
    vp: Sequence[int] | None = None,
    nuns: Sequence[str] = NUNS,
    buildings: Sequence[str] = ("farm", "office", "monastery", "castle", "piper_hut", "treasury"),
    options: dict[str, str] | None = None,
) -> State:
    """A finished game with these markers, hands, rats and VP tokens."""
    s = position(
        players,
        row=[],
        hands=hands,
        nuns=nuns,
        rats=rats,
        influence=influence,
        vp=vp,
        buildings=buildings,
        options=options,
    )
    if arrival:
        classes = ["peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty"]
        rows = list(s.marks.arrival)
        for klass, values in arrival.items():
            rows[classes.index(klass)] = tuple(values)
        s = replace(s, marks=replace(s.marks, arrival=tuple(rows)))
    return replace(s, phase=Phase.OVER, order=(), chosen=())


def points(s: State, line: str) -> list[int]:
    rows = {r["seat"]: r["breakdown"] for r in GAME.result(s)["ranking"]}
    return [rows[p][line] for p in range(s.players)]


def test_class_majorities_score_10_5_2_and_nothing_without_influence() -> None:
    """ "Dans chacune des 6 classes, le joueur qui possède le plus de points d'influence marque 10
    points de victoire. Le joueur avec le second plus grand nombre de points d'influence marque
    5 points, le troisième joueur le plus influent marque 2 points de victoire. Un joueur qui
    n'aurait aucun point d'influence dans une classe donnée ne peut pas recevoir de points de
    victoire pour cette classe." """
    s = ended(4, influence={"church": [3, 9, 5, 1], "magic": [0, 0, 4, 2]})
    assert points(s, "church") == [2, 10, 5, 0]
    assert points(s, "magic") == [0, 0, 10, 5]
    assert points(s, "royalty") == [0, 0, 0, 0]


def test_a_single_player_with_influence_takes_only_the_10() -> None:
    """ "Exemple : dans une classe, seul un joueur a marqué des points d'influence. Il reçoit 10
    points de victoire, et les récompenses de 5 et 2 points de victoire ne sont accordées à
    personne." """
    s = ended(3, influence={"chivalry": [0, 7, 0]})
    assert points(s, "chivalry") == [0, 10, 0]


def test_ties_go_to_the_marker_below_in_the_stack() -> None:
    """ "Remarque : en cas d'égalité, c'est l'ordre dans lequel sont empilés les marqueurs qui
    importe : les marqueurs placés en dessous ( les premiers arrivés) ont l'avantage sur les
    marqueurs placés en dessus." (COMPONENTS 4.5 #17)"""
    s = ended(3, influence={"bourgeoisie": [4, 4, 4]}, arrival={"bourgeoisie": [30, 12, 20]})
    assert points(s, "bourgeoisie") == [2, 10, 5]
    stacks = GAME.view(s, None)["influence"][1]["stacks"]
    assert stacks == [[4, [1, 2, 0]]]


def test_arrival_order_comes_from_the_moves() -> None:
    """Markers reaching the same space: the later one goes on top."""
    s = position(
        3, row=["palace-1", "palace-2"], phase="visit", hands={0: ["king0"], 1: ["king1"], 2: []}
    )
    s, _ = play(s, *visit(0, 2, "king0"), *visit(1, 1, "king1"), *visit(2, 2))
    # Building 1 (seat 1) resolves before building 2 (seat 0): seat 1 arrived first.
    assert GAME.view(s, None)["influence"][5]["stacks"][-1] == [1, [1, 0]]
    assert GAME.view(s, None)["influence"][5]["ranking"] == [1, 0]


def test_two_players_only_10_and_5() -> None:
    """ "Remarque : dans une partie à 2 joueurs, seuls sont distribuées les récompenses de 10 et 5
    points." """
    s = ended(2, influence={"peasantry": [2, 6]})
    assert points(s, "peasantry") == [5, 10]


def test_hand_majority_population_and_jokers() -> None:
    """ "Le joueur qui possède le plus grand nombre de cartes Population et Joker dans sa main
    marque 2 points de victoire. En cas d'égalité, les joueurs concernés marquent chacun 1
    point." Special cards do not count here; nobody scores for an empty count (COMPONENTS 4.5
    #14)."""
    s = ended(3, hands={0: ["joker", "king0", "gold", "gold"], 1: ["monk0", "monk1"], 2: []})
    assert points(s, "hand") == [1, 1, 0]
    s = ended(3, hands={0: ["joker", "king0", "monk2"], 1: ["monk0", "sword"]})
    assert points(s, "hand") == [2, 0, 0]
    assert points(ended(2), "hand") == [0, 0]


def test_special_majorities_only_for_types_in_play() -> None:
    """ "Pour chaque type de cartes spéciales en jeu (à l'exception de l'Or), le joueur possédant
    en main le plus de cartes de ce type marque 2 points. En cas d'égalité, les joueurs
    concernés marquent chacun 1 point." Sword, Flute and Pass only when their building is in
    play; Jokers are no special type (COMPONENTS 4.5 #15)."""
    hands = {0: ["sword", "sword", "flute"], 1: ["sword", "flute", "pass"], 2: ["joker"] * 3}
    s = ended(3, hands=hands)
    assert points(s, "sword") == [2, 0, 0]
    assert points(s, "flute") == [1, 1, 0]
    assert points(s, "pass") == [0, 2, 0]
    # Without the Piper's hut and the Office (first-game buildings), only the Sword scores.
    s = ended(3, hands={0: ["sword"], 1: ["sword", "sword"]}, buildings=FIRST_GAME)
    assert points(s, "sword") == [0, 2, 0] and points(s, "flute") == points(s, "pass") == [0] * 3


def test_gold_six_and_three_with_its_ties() -> None:
    """ "Si le bâtiment Trésor était en jeu, le joueur ayant en main le plus de cartes spéciales Or
    marque 6 points. Le joueur possédant le second plus grand nombre de cartes Or marque 3
    points. En cas d'égalité pour le plus grand nombre de cartes Or, les joueurs concernés se
    partagent 9 points de victoire (arrondis à l'inférieur) et aucun point de victoire n'est
    attribué pour la seconde place. En cas d'égalité pour le second plus grand nombre de cartes
    Or, les joueurs concernés se partagent 3 points de victoire (arrondis à l'inférieur)."
    "Remarque : dans une partie à 2 joueurs, avoir le second plus grand nombre de cartes Or ne
    rapporte rien." A tie for most at 2 players still splits 9: 4 each (COMPONENTS 4.5 #16)."""
    assert gold_points([3, 1, 0, 2], 4) == [6, 0, 0, 3]
    assert gold_points([3, 3, 1, 0], 4) == [4, 4, 0, 0]
    assert gold_points([2, 2, 2, 1], 4) == [3, 3, 3, 0]
    assert gold_points([4, 1, 1, 0], 4) == [6, 1, 1, 0]
    assert gold_points([4, 1, 1, 1], 4) == [6, 1, 1, 1]
    assert gold_points([5, 2], 2) == [6, 0]
    assert gold_points([2, 2], 2) == [4, 4]
    assert gold_points([0, 0, 0], 3) == [0, 0, 0]
    assert gold_points([2, 0, 0], 3) == [6, 0, 0]
    s = ended(3, hands={0: ["gold"] * 2, 1: ["gold"]})
    assert points(s, "gold") == [6, 3, 0]
    # Without the Treasury there is no Gold pile at all.
    assert "gold" not in GAME.view(ended(3, buildings=FIRST_GAME), None)["piles"]


def test_vp_tokens_score_their_value() -> None:
    """ "Certains jetons récupérés au cours de la partie rapportent des points de victoire (tel
    qu'indiqué sur ces jetons)." (1 VP each, COMPONENTS 4.4)"""
    s = ended(2, vp=[3, 0])
    assert points(s, "vp_tokens") == [3, 0]


def test_more_rats_than_nuns_dies_and_loses_even_with_the_most_points() -> None:
    """ "Chaque joueur révèle ses jetons rat et additionne leurs valeurs. Révélez ensuite toutes
    les cartes du Soutien des nonnes, et comptez le nombre de symboles « nonne ». Si la somme de
    la valeur des rats d'un joueur excède le nombre de nonnes, le joueur est tué par l'épidémie
    et, plus grave, il perd la partie, même s'il avait le plus de points de victoire !" """
    s = ended(3, influence={"royalty": [5, 3, 1]}, rats=[11, 10, 2])
    res = GAME.result(s)
    assert res["nuns"] == 10
    rows = {r["seat"]: r for r in res["ranking"]}
    assert rows[0]["dead"] and not rows[1]["dead"] and rows[0]["score"] == 10
    assert res["winners"] == [1] and res["winner"] == 1
    assert [r["seat"] for r in res["ranking"]] == [1, 2, 0]


def test_ties_go_to_fewer_rats_then_the_victory_is_shared() -> None:
    """ "Parmi les joueurs survivants, celui qui possède le plus de points de victoire hérite de
    la couronne et remporte la partie. En cas d'égalité, le joueur avec la plus faible valeur de
    jetons rat l'emporte. En cas de nouvelle égalité, les joueurs concernés partagent la
    victoire." """
    s = ended(3, vp=[4, 4, 1], rats=[6, 3, 0])
    assert GAME.result(s)["winners"] == [1]
    s = ended(3, vp=[4, 4, 1], rats=[3, 3, 0])
    res = GAME.result(s)
    assert res["winners"] == [0, 1] and res["winner"] is None
    assert [(r["seat"], r["rank"]) for r in res["ranking"]] == [(0, 1), (1, 1), (2, 3)]


def test_everyone_dead_no_winner_unless_the_option_saves_the_fewest_rats() -> None:
    """ "Remarque : si tous les joueurs sont tués par l'épidémie, ils ont tous perdu la partie.
    Si vous souhaitez tout de même désigner un vainqueur, vous pouvez décider de laisser
    survivre le(s) joueur(s) avec la plus faible valeur de rat, puis désigner un vainqueur,
    comme précisé ci-dessus." (COMPONENTS 4.5 #18)"""
    s = ended(3, vp=[1, 5, 0], rats=[12, 15, 12])
    res = GAME.result(s)
    assert res["everyone_dead"] and res["winners"] == [] and all(r["dead"] for r in res["ranking"])
    s = ended(3, vp=[1, 5, 0], rats=[12, 15, 12], options={"everyone_dead": "fewest_rats"})
    res = GAME.result(s)
    assert res["winners"] == [0]
    assert [(r["seat"], r["dead"]) for r in res["ranking"]] == [(0, False), (2, False), (1, True)]


def test_the_last_round_ends_the_game_with_everything_revealed() -> None:
    """The end event reveals the Nun row, every rat total and every hand; the view carries the
    result."""
    s = position(
        2,
        row=["palace-1", "farm-2"],
        phase="visit",
        round=10,
        rats=[3, 14],
        hands={0: ["king0", "gold"], 1: ["peasant0"]},
    )
    s, ev = play(s, *visit(0, 1, "king0"), *visit(1, 2, "peasant0"))
    assert GAME.is_over(s)
    end = of(ev, "game_ended")[0]
    assert end.nun_row == ("peasant0", "merchant1", "monk2", "knight3", "witch4") and end.nuns == 10
    assert end.dead == (1,) and end.winners == (0,)
    scores = {e.seat: e for e in of(ev, "player_score")}
    assert scores[1].rats == 14 and scores[1].dead and scores[0].hand == ("gold",)
    lines = {p.line: p.points for p in scores[0].breakdown}
    assert lines["royalty"] == 10 and lines["gold"] == 6 and scores[0].score == sum(lines.values())
    view = GAME.view(s, None)
    assert view["result"]["winners"] == [0] and view["rats_revealed"] == [3, 14]
    assert view["hands_revealed"] == [["gold"], []]
    assert s.hands[0] == cards("gold")
