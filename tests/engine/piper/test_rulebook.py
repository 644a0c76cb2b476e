"""The rules and worked examples of the Pied Piper rulebook (shared/rules/001_cf69301c13b96017.txt),
with the decisions of shared/COMPONENTS.md §5.6 where the text is silent."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.piper import GAME
from engine.piper.actions import ChooseFirst, PlayCard
from engine.piper.components import PIPER, Card, character_figures, character_ids, raw
from engine.piper.events import (
    ActionDeckReshuffled,
    CardsDrawn,
    CharacterActivated,
    CharacterDeckReshuffled,
    CharacterReplaced,
    FiguresMoved,
    GameEnded,
    HandDiscarded,
    HandRefilled,
    OrderAsked,
    PlayerEliminated,
    TurnBegan,
)
from engine.piper.state import Phase
from tests.engine.piper.builders import gap_of, kinds, of, play, position

ROOF = 7


def level(state: object, house: int) -> int:
    return state.levels[house]  # type: ignore[attr-defined,no-any-return]


# ---------------------------------------------------------------- set-up


def test_setup_for_four_players() -> None:
    """Mise en place: "Placez un plateau Maison et un compteur Rat devant chaque joueur ...
    Placez une figurine de rat entre chaque maison. Puis, à gauche du premier joueur, ajoutez
    une seconde figurine de rat et la figurine du joueur de flûte. Les figurines sont orientées
    vers la droite ... Les maisons et les figurines non utilisées sont retirées du jeu, ainsi
    que les cartes Personnage correspondantes ... distribuez 4 cartes Action à chaque joueur."
    """
    s = GAME.new_game(4, 7)
    view = GAME.view(s, None)
    assert [h["owner"] for h in view["houses"]] == [0, 1, 2, 3]
    assert all(h["level"] == 0 and not h["eliminated"] for h in view["houses"])
    figures = [[f["figure"] for f in g["figures"]] for g in view["gaps"]]
    # One rat in every gap; the extra rat and the piper in the gap before the first player's
    # house (5.6 #1); 4 houses -> 5 rats, the orange one is not used.
    assert figures == [["yellow"], ["red"], ["blue"], ["piper", "green", "purple"]]
    assert view["gaps"][3]["after"] == 3 and view["gaps"][3]["before"] == 0
    assert all(f["facing"] == "forward" for g in view["gaps"] for f in g["figures"])
    # 3 Piper cards + 3 per rat colour in play (5 colours): 18, 4 of them in the display.
    shown = {c["figure"] for c in view["characters"]}
    assert "orange" not in shown
    assert view["character_deck"] + len(view["characters"]) == 18
    assert view["hands"] == [4, 4, 4, 4] and view["deck"] == 50 - 16
    assert view["turn"] == 1 and view["active"] == 0 and view["phase"] == "play"


def test_the_display_shows_at_most_one_piper_at_setup() -> None:
    """Mise en place 4: "Retournez les 4 premières cartes de la pioche ... Si 2 ou 3 cartes
    Joueur de flûte apparaissent, retirez-en 1 ou 2 puis remplacez-les par de nouvelles cartes
    de la pioche, ceci jusqu'à avoir 4 cartes dont au plus 1 carte Joueur de flûte. Remélangez,
    dans la pioche, les cartes Joueur de flûte retirées." """
    seen_aside = 0
    for seed in range(300):
        s = GAME.new_game(5, seed)
        pipers = [c for c in s.display if character_figures()[c] == PIPER]
        assert len(pipers) <= 1 and len(s.display) == 4
        # Every Piper card set aside went back into the pile (5.6 #4).
        pile_pipers = [c for c in s.char_deck if character_figures()[c] == PIPER]
        assert len(pipers) + len(pile_pipers) == 3
        assert len(s.char_deck) == 21 - 4 and not s.char_discard
        if s.set_aside:
            seen_aside += 1
            assert len(pipers) == 1
            event = GAME.setup_events(s)[1].to_dict()
            assert event["type"] == "display_dealt" and event["set_aside"] == s.set_aside
    assert seen_aside > 5  # the redraw happened in some games


def test_two_player_setup_has_two_neutral_houses() -> None:
    """Mise en place pour 2 joueurs: "placez une maison devant chacun des 2 joueurs et 2 autres
    maisons entre les 2 joueurs (une de chaque côté) ... Ne placez pas de compteur sous les
    maisons neutres"."""
    s = GAME.new_game(2, 3)
    view = GAME.view(s, None)
    assert [h["owner"] for h in view["houses"]] == [0, None, 1, None]
    assert [h["level"] for h in view["houses"]] == [0, None, 0, None]
    assert sum(len(g["figures"]) for g in view["gaps"]) == 6  # 5 rats and the piper
    assert {c["figure"] for c in view["characters"]} <= {
        "piper",
        "yellow",
        "red",
        "blue",
        "green",
        "purple",
    }


def test_the_first_player_places_a_single_card_on_the_first_turn() -> None:
    """Tour de jeu: "Lors du premier tour, et uniquement lors de celui-ci, le premier joueur
    commence en effectuant les phases suivantes : 1. Il pose une carte Action, face visible,
    sous une carte Personnage. 2. Et il pioche une carte Action pour compléter sa main à 4
    cartes. Puis chacun joue à tour de rôle"."""
    s = GAME.new_game(3, 11)
    card = s.hands[0][0]
    s, events = play(s, (0, f"play {card} 2"))
    assert s.active == 1 and s.turn == 2 and len(s.hands[0]) == 4
    assert of(events, HandRefilled)[0].count == 1
    assert of(events, TurnBegan)[0].cards == 2
    # The second player places two cards: the turn goes on after the first.
    second = s.hands[1][0]
    s, _ = play(s, (1, f"play {second} 1"))
    assert s.active == 1 and s.flow.left == 1


# ---------------------------------------------------------------- the worked examples


def test_yellow_rat_crosses_the_same_house_twice() -> None:
    """Exemple de tour de jeu: "C'est au tour de Maïa ... 2 cartes Action se trouvent sous le
    rat jaune. Ce dernier est donc activé. +1 puis +1. Le rat jaune traverse la maison située
    devant lui et fait augmenter de 1 le compteur Rat de cette maison. Puis il repasse par
    cette même maison en sens inverse et fait à nouveau augmenter le compteur de 1. La carte
    Personnage représentant le rat jaune est défaussée puis remplacée par une nouvelle carte de
    la pioche. Les 2 cartes Action ayant servi à déplacer le rat jaune sont également
    défaussées. Enfin, Maïa pioche 2 nouvelles cartes Action afin de compléter sa main. C'est
    au tour de son voisin de droite de jouer." """
    maia = 0
    s = position(
        4,
        gaps={0: ["piper"], 1: ["yellow"], 2: ["red"], 3: ["blue", "green", "purple"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 3)]},
        hands={maia: ["back1", "sewer", "forward2", "forward2"]},
        levels={2: 3},
        active=maia,
    )
    s, events = play(s, (maia, "play back1 1"), (maia, "play sewer 2"))
    assert level(s, 2) == 3 + 2
    assert gap_of(s, "yellow") == 1  # back where it started
    moves = of(events, FiguresMoved)
    assert [(m.card, m.direction, [c.house for c in m.crossings]) for m in moves] == [
        ("forward1", "forward", [2]),
        ("back1", "back", [2]),
    ]
    assert [c.change for m in moves for c in m.crossings] == [1, 1]
    replaced = of(events, CharacterReplaced)
    assert [(r.slot, r.old) for r in replaced] == [(1, "yellow")]
    assert s.under[0] == () and [p.card for p in s.under[1]] == [Card.SEWER]
    assert s.discard[0] == 1 and s.discard[2] == 1  # forward1 and back1
    assert len(s.hands[maia]) == 4 and of(events, HandRefilled)[0].count == 2
    assert s.active == 1 and s.turn == 6
    assert kinds(events)[-1] == "turn_began"


def test_plus1_example() -> None:
    """Les 2 cartes action « spéciales », +1: "Lorsque l'effet de cette carte est appliqué en
    combinaison avec une carte Action de base, l'effet de cette dernière est augmenté de 1 ...
    Dans cet exemple, le rat rouge est activé et traverse les 3 maisons situées devant lui en
    suivant le sens des flèches vertes (2 maisons grâce à la carte Action [Avance 2] + 1 grâce
    à la carte [+1])." """
    s = position(
        5,
        gaps={
            0: ["red"],
            1: ["yellow"],
            2: ["blue"],
            3: ["green"],
            4: ["piper", "purple", "orange"],
        },
        display=("yellow", "red", "blue", "green"),
        under={2: [("plus1", 4)]},
        hands={0: ["forward2", "back1", "sewer", "sewer"]},
    )
    s, events = play(s, (0, "play forward2 2"), (0, "play sewer 1"))
    move = of(events, FiguresMoved)[0]
    assert move.figure == "red" and move.plus and move.houses == 3
    assert [c.house for c in move.crossings] == [1, 2, 3]
    assert s.levels == (0, 1, 1, 1, 0)
    assert gap_of(s, "red") == 3


def test_melody_example() -> None:
    """Mélodie: "l'effet de cette dernière est appliqué à toutes les figurines situées au même
    endroit que le personnage activé. Toutes les figurines sont déplacées simultanément ...
    Dans cet exemple, le rat bleu est activé. Grâce à la carte Mélodie, il se déplace
    accompagné du rat rouge et du joueur de flûte. Au total, les propriétaires des 2 maisons
    traversées auront vu leurs compteurs Rat augmenter d'un niveau (+1 avec le rat bleu +1 avec
    le rat rouge - 1 avec le joueur de flûte = +1 niveau). Le rat jaune ne rejoint pas le
    groupe lorsque ce dernier passe au même endroit que lui." """
    s = position(
        5,
        gaps={
            0: ["piper", "red", "blue"],
            1: ["yellow"],
            2: ["green"],
            3: ["purple"],
            4: ["orange"],
        },
        display=("yellow", "red", "blue", "green"),
        under={3: [("melody", 2)]},
        hands={0: ["forward2", "back1", "sewer", "sewer"]},
        levels={1: 2, 2: 4},
    )
    s, events = play(s, (0, "play forward2 3"), (0, "play sewer 1"))
    move = of(events, FiguresMoved)[0]
    assert move.melody and move.figure == "blue"
    assert set(move.figures) == {"piper", "red", "blue"}
    assert [(c.house, c.change, c.level) for c in move.crossings] == [(1, 1, 3), (2, 1, 5)]
    for figure in ("piper", "red", "blue"):
        assert gap_of(s, figure) == 2
    assert gap_of(s, "yellow") == 1  # the yellow rat did not join on the way


def test_two_special_cards_do_nothing() -> None:
    """Note: "Une carte Personnage peut recevoir 2 cartes Action spéciales. Lorsque le joueur
    actif résout l'activation de la carte Personnage, rien ne se passe et les cartes
    concernées, Personnage et Action, sont défaussées." """
    s = position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("melody", 1)]},
        hands={0: ["plus1", "back1", "sewer", "sewer"]},
    )
    before = s.gaps
    s, events = play(s, (0, "play plus1 1"), (0, "play sewer 2"))
    activated = of(events, CharacterActivated)[0]
    assert activated.effect == "nothing" and activated.cards == ("melody", "plus1")
    assert not of(events, FiguresMoved) and s.gaps == before
    assert of(events, CharacterReplaced)[0].slot == 1
    assert s.discard[4] == 1 and s.discard[5] == 1


def test_a_special_card_works_above_or_below_the_basic_card() -> None:
    """+1: "La carte +1 n'a d'effet que si elle est combinée avec une carte Action de base,
    qu'elle soit placée au-dessus ou au-dessous de celle-ci." Back 1 + 1 goes back two
    houses, the sewer + 1 passes under two (5.6 #6)."""
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("back1", 1)], 2: [("plus1", 1)]},
        hands={0: ["plus1", "sewer", "forward1", "forward1"]},
    )
    s, events = play(s, (0, "play plus1 1"), (0, "play sewer 2"))
    moves = {m.figure: m for m in of(events, FiguresMoved)}
    assert [c.house for c in moves["yellow"].crossings] == [0, 3]
    assert gap_of(s, "yellow") == 2
    assert moves["red"].sewer and [c.house for c in moves["red"].crossings] == [2, 3]
    assert all(c.change == 0 and c.under for c in moves["red"].crossings)
    assert gap_of(s, "red") == 3
    assert s.levels == (1, 0, 0, 1)


def test_the_piper_lowers_a_counter_but_never_below_zero() -> None:
    """Règle n°2: "Le Joueur de flûte fait diminuer de 1 niveau le compteur Rat d'une maison"
    (5.6 #3: never below 0)."""
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]},
        display=("piper", "red", "blue", "green"),
        under={1: [("forward1", 2)]},
        hands={0: ["forward1", "sewer", "sewer", "sewer"]},
        levels={0: 0, 1: 4},
    )
    s, events = play(s, (0, "play forward1 1"), (0, "play sewer 3"))
    crossed = [(c.house, c.change, c.level) for m in of(events, FiguresMoved) for c in m.crossings]
    assert crossed == [(0, 0, 0), (1, -1, 3)]
    assert s.levels[:2] == (0, 3)


# ---------------------------------------------------------------- activation order


def _two_activations(levels: dict[int, int]) -> object:
    return position(
        4,
        gaps={0: ["piper", "yellow"], 1: ["red"], 2: ["blue"], 3: ["green", "purple"]},
        display=("piper", "yellow", "blue", "green"),
        under={1: [("forward1", 2)], 2: [("forward1", 3)]},
        hands={0: ["forward1", "forward1", "sewer", "sewer"]},
        levels=levels,
    )


def test_the_active_player_orders_two_activations_when_it_matters() -> None:
    """Tour 3: "Si 2 cartes Personnage doivent être activées, c'est le joueur actif qui décide
    quel personnage sera activé en premier." The piper and the yellow rat both cross house 1,
    whose counter is 0: the piper first leaves it at 0 and the rat then makes it 1; the rat
    first makes it 1 and the piper brings it back to 0."""
    s = _two_activations({1: 0})
    s, events = play(s, (0, "play forward1 1"), (0, "play forward1 2"))
    assert s.phase is Phase.ORDER and of(events, OrderAsked)[0].slots == (1, 2)
    assert GAME.legal_actions(s, 0) == [ChooseFirst(1), ChooseFirst(2)]
    assert GAME.decision(s).phase == "order"
    piper_first, events = play(s, (0, "activate 1"))
    assert piper_first.levels[1] == 1
    assert of(events, CharacterActivated)[0].chosen
    rat_first, _ = play(s, (0, "activate 2"))
    assert rat_first.levels[1] == 0
    assert piper_first.active == rat_first.active == 1


def test_the_order_is_not_asked_when_it_cannot_matter() -> None:
    """With the counters at 2, both orders leave houses 1 and 2 at 2: the activations resolve
    at once, by place."""
    s = _two_activations({1: 2, 2: 2})
    s, events = play(s, (0, "play forward1 1"), (0, "play forward1 2"))
    assert s.phase is Phase.PLAY and s.active == 1
    assert not of(events, OrderAsked)
    assert [a.slot for a in of(events, CharacterActivated)] == [1, 2]
    assert s.levels[1] == 2


# ---------------------------------------------------------------- eliminations and the end


def test_an_elimination_during_the_first_action_then_the_second_on_the_new_ring() -> None:
    """Elimination d'un joueur: "Dès que le compteur Rat d'un joueur atteint le toit de sa
    maison au cours de la résolution d'une carte Action, ce dernier s'enfuit et est éliminé.
    La maison du joueur est immédiatement retirée du jeu et le joueur dont c'est le tour
    récupère le compteur Rat du joueur éliminé (et éventuellement les autres compteurs que ce
    dernier possédait ...). De plus, s'il y avait des figurines de part et d'autre de la maison
    retirée, ces dernières sont rassemblées ... Si un joueur est éliminé au cours de la
    résolution de la première action d'un personnage, la seconde action prend effet juste après
    l'élimination du joueur en prenant en compte la nouvelle configuration." """
    s = position(
        5,
        gaps={0: ["piper", "yellow"], 1: ["red"], 2: ["blue", "green"], 3: ["purple", "orange"]},
        display=("yellow", "red", "blue", "green"),
        under={2: [("forward1", 3)]},
        hands={0: ["forward2", "sewer", "sewer", "sewer"], 2: ["back1", "plus1"]},
        levels={2: 6, 3: 1, 0: 2},
        out=[4],
        collected={2: [4]},
    )
    s, events = play(s, (0, "play forward2 2"), (0, "play sewer 1"))
    eliminated = of(events, PlayerEliminated)[0]
    assert eliminated.seat == 2 and eliminated.by == 0 and eliminated.counters == (2, 4)
    assert eliminated.merged == (1, 3) and eliminated.players_left == 3
    assert s.collected[0] == (2, 4) and s.collected[2] == ()
    assert s.out == (4, 2) and s.ring == (0, 1, 3)
    # The second action crossed houses 3 and 0, the first player's own house.
    moves = [m for m in of(events, FiguresMoved) if m.figure == "red"]
    assert [[c.house for c in m.crossings] for m in moves] == [[2], [3, 0]]
    assert s.levels[3] == 2 and s.levels[0] == 3
    assert gap_of(s, "red") == 0
    # The eliminated player's hand went face up to the discard pile.
    assert of(events, HandDiscarded)[0].cards == ("back1", "plus1") and s.hands[2] == ()
    assert s.phase is Phase.PLAY and s.active == 1


def test_the_move_goes_on_over_the_new_ring() -> None:
    """5.6 #8: "the same card's move continues on the new ring": the blue and green rats left
    on the other side of the removed house join the gap, and the moving rat goes on alone."""
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue", "green"], 3: ["piper", "purple"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("plus1", 3)]},
        hands={0: ["forward2", "sewer", "sewer", "sewer"]},
        levels={1: 6, 2: 0, 3: 5},
    )
    s, events = play(s, (0, "play forward2 1"), (0, "play sewer 2"))
    move = of(events, FiguresMoved)[0]
    assert [(c.house, c.level, c.roof) for c in move.crossings] == [
        (1, 7, True),
        (2, 1, False),
        (3, 6, False),
    ]
    assert move.end == (3, 0) and not move.interrupted
    assert s.ring == (0, 2, 3) and gap_of(s, "yellow") == 3


def test_the_game_ends_at_once_when_two_players_are_left() -> None:
    """Fin de la partie: "La partie prend fin dès qu'il n'y a plus que 2 joueurs en jeu. Si un
    joueur est éliminé lors de la résolution de la première action d'un personnage et qu'il ne
    reste que 2 joueurs en lice après cela, la partie s'arrête immédiatement. On ne résout pas
    la seconde action. Le vainqueur parmi les 2 joueurs restants est celui dont le compteur Rat
    est au niveau le plus bas." """
    s = position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 2)]},
        hands={0: ["forward2", "sewer", "sewer", "sewer"]},
        levels={0: 2, 1: 6, 2: 3},
    )
    s, events = play(s, (0, "play sewer 2"), (0, "play forward2 1"))
    assert s.phase is Phase.OVER and GAME.is_over(s) and s.reason == "two_left"
    moves = of(events, FiguresMoved)
    assert len(moves) == 1  # the second action (Forward 2) is not resolved
    assert s.levels[2] == 3
    ended = of(events, GameEnded)[0]
    assert ended.winner == 0 and ended.ranking == (0, 2, 1) and not ended.draw
    assert kinds(events)[-1] == "game_ended"
    assert GAME.legal_actions(s, 0) == [] and GAME.to_move(s) == frozenset()
    res = GAME.result(s)
    assert [(r["seat"], r["rank"], r["score"]) for r in res["ranking"]] == [
        (0, 1, 2),
        (2, 2, 3),
        (1, 3, 7),
    ]


def test_the_game_stops_in_the_middle_of_a_card() -> None:
    """5.6 #9: the end comes "the instant only 2 players are left, even in the middle of a
    card": a Forward 2 + 1 stops after the house that reached the roof."""
    s = position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("plus1", 2)]},
        hands={0: ["forward2", "sewer", "sewer", "sewer"]},
        levels={0: 2, 1: 6, 2: 3},
    )
    s, events = play(s, (0, "play sewer 2"), (0, "play forward2 1"))
    moves = of(events, FiguresMoved)
    assert [c.house for c in moves[-1].crossings] == [1] and moves[-1].interrupted
    assert s.levels[2] == 3 and GAME.is_over(s)


def test_a_tie_goes_to_the_most_counters_collected() -> None:
    """Fin de la partie: "En cas d'égalité, le joueur possédant le plus de compteurs Rat
    adverses (récupérés lors de l'élimination des autres joueurs) remporte la partie." """
    s = position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 2)]},
        hands={0: ["sewer", "sewer", "sewer", "sewer"]},
        levels={0: 4, 1: 6, 2: 4},
    )
    s, _ = play(s, (0, "play sewer 2"), (0, "play sewer 1"))
    res = GAME.result(s)
    assert res["winner"] == 0 and not res["draw"]
    assert res["ranking"][0]["breakdown"] == {
        "level": 4,
        "counters_collected": 1,
        "eliminated": None,
    }
    assert res["ranking"][1]["seat"] == 2 and res["ranking"][1]["rank"] == 2


def test_a_second_tie_is_a_draw_and_the_eliminated_rank_in_reverse_order() -> None:
    """Fin de la partie: "En cas de nouvelle égalité, refaites une partie !" Below the two
    finalists, the eliminated players rank in reverse order of elimination (5.6 #13)."""
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green", "purple"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 2)]},
        hands={0: ["sewer", "sewer", "sewer", "sewer"]},
        levels={0: 4, 1: 6, 2: 4},
        out=[3],
        collected={2: [3]},
    )
    s, events = play(s, (0, "play sewer 2"), (0, "play sewer 1"))
    res = GAME.result(s)
    assert res["draw"] and res["winner"] is None
    assert [(r["seat"], r["rank"]) for r in res["ranking"]] == [(0, 1), (2, 1), (1, 3), (3, 4)]
    ended = of(events, GameEnded)[0]
    assert ended.draw and ended.winner is None


def test_the_active_player_eliminating_himself() -> None:
    """5.6 #10: "he is out; nobody takes his counter or those he held; his remaining
    activations still resolve unless the game has ended; the next remaining player plays"."""
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]},
        display=("green", "red", "blue", "yellow"),
        under={1: [("forward1", 3)], 2: [("forward1", 2)]},
        hands={0: ["forward1", "forward1", "sewer", "sewer"]},
        levels={0: 6, 2: 1},
        collected={0: []},
    )
    s, events = play(s, (0, "play forward1 1"), (0, "play forward1 2"))
    assert s.phase is Phase.PLAY, "order cannot matter here"
    eliminated = of(events, PlayerEliminated)[0]
    assert eliminated.seat == 0 and eliminated.by is None and eliminated.counters == ()
    assert s.levels[2] == 2  # the red rat's activation still resolved
    assert s.hands[0] == () and not of(events, CardsDrawn)
    assert s.active == 1 and s.out == (0,)


def test_two_player_game_neutral_houses_and_the_roof() -> None:
    """Rappel pour 2 joueurs: "Les maisons neutres situées entre les deux joueurs n'ont pas de
    compteur. Elles ne peuvent donc pas être retirées du jeu. Cependant, elles sont considérées
    comme les autres maisons lors des déplacements des figurines." Fin de la partie à 2
    joueurs: "La partie s'achève dès que le compteur Rat d'un joueur atteint le toit de sa
    maison. Son adversaire remporte immédiatement la partie." """
    s = position(
        2,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 1)]},
        hands={0: ["forward1", "sewer", "sewer", "sewer"]},
        levels={2: 5},
    )
    s, events = play(s, (0, "play forward1 1"), (0, "play sewer 2"))
    crossed = [
        (c.house, c.owner, c.change, c.level) for m in of(events, FiguresMoved) for c in m.crossings
    ]
    assert crossed == [
        (1, None, 0, None),
        (2, 1, 1, 6),
    ]
    assert s.levels[2] == 6 and s.ring == (0, 1, 2, 3)
    # Seat 1 completes the red rat, which stands before seat 1's own house at 6: the roof.
    s = position(
        2,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]},
        display=("yellow", "red", "blue", "green"),
        under={2: [("forward1", 0)]},
        hands={1: ["forward1", "sewer", "sewer", "sewer"]},
        levels={2: 6, 0: 2},
        active=1,
    )
    s, events = play(s, (1, "play forward1 2"), (1, "play sewer 1"))
    assert GAME.is_over(s) and s.reason == "roof"
    ended = of(events, GameEnded)[0]
    assert ended.winner == 0 and ended.ranking == (0, 1)
    assert of(events, PlayerEliminated)[0].by is None  # nobody takes a counter at 2 players


# ---------------------------------------------------------------- refills and reshuffles


def test_the_action_pile_reshuffles_with_this_turns_discards() -> None:
    """Tour 4: "Si la pioche des cartes Action est vide, on reconstitue celle-ci en mélangeant
    les cartes Action défaussées précédemment" (5.6 #5: the cards discarded this turn too)."""
    s = position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 2)]},
        hands={0: ["forward1", "sewer", "sewer", "sewer"]},
        deck=[],
    )
    before = sum(s.discard)
    s, events = play(s, (0, "play forward1 1"), (0, "play sewer 2"))
    shuffle = of(events, ActionDeckReshuffled)[0]
    assert shuffle.cards == before + 2  # this turn's forward1 cards joined the pile
    assert sum(s.deck) == before + 2 - 2 and sum(s.discard) == 0
    assert kinds(events).index("action_deck_reshuffled") < kinds(events).index("hand_refilled")


def test_the_character_pile_reshuffles_after_both_activations() -> None:
    """Tour 3: "La ou les cartes Personnage activées pendant le tour sont également défaussées
    face visible, puis remplacées par de nouvelles cartes de la pioche. Si la pioche des cartes
    Personnage est vide, on reconstitue celle-ci en mélangeant les cartes Personnage défaussées
    précédemment" (5.6 #5: replaced after both activations, so both join a reshuffle)."""
    s = position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 2)], 2: [("forward1", 1)]},
        hands={0: ["forward1", "forward1", "sewer", "sewer"]},
        char_deck=["piper"],
    )
    old_discard = len(s.char_discard)
    s, events = play(s, (0, "play forward1 1"), (0, "play forward1 2"))
    assert [r.slot for r in of(events, CharacterReplaced)] == [1, 2]
    shuffle = of(events, CharacterDeckReshuffled)[0]
    assert shuffle.cards == old_discard + 2
    assert kinds(events).index("character_replaced") < kinds(events).index(
        "character_deck_reshuffled"
    )
    assert len(s.char_deck) == old_discard + 1 and s.char_discard == ()
    assert len(set(s.display)) == 4


# ---------------------------------------------------------------- the variants


def test_ptits_rats_each_card_resolves_when_placed() -> None:
    """Variante « p'tits rats »: "Lors de la mise en place, retirez les cartes Action spéciales
    +1 et Mélodie ... chaque joueur applique immédiatement les effets de la carte qu'il pose
    ... En revanche, une carte Personnage est toujours défaussée après que sa seconde carte
    Action ait été activée." """
    fresh = GAME.new_game(4, 2, {"variant": "ptits_rats"})
    assert sum(fresh.deck) + 16 == 40 and fresh.deck[4] == fresh.deck[5] == 0
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]},
        display=("yellow", "red", "blue", "green"),
        under={1: [("forward1", 2)]},
        hands={0: ["forward2", "back1", "sewer", "sewer"]},
        variant="ptits_rats",
    )
    s, events = play(s, (0, "play forward2 1"))
    # At once: the yellow rat crossed two houses, and its Character card, now done with two
    # cards, was replaced (the display always shows four).
    assert kinds(events) == ["card_played", "figures_moved", "character_replaced"]
    assert s.levels[1] == 1 and s.levels[2] == 1 and s.under[0] == ()
    # The new card in place 1 is another Character card: the second card may go there.
    assert PlayCard(Card.BACK1, 1) in GAME.legal_actions(s, 0)
    s, events = play(s, (0, "play back1 2"))
    assert of(events, FiguresMoved)[0].figure == "red" and s.levels[1] == 2
    assert s.active == 1 and len(s.under[1]) == 1
    assert not [a for a in GAME.legal_actions(s, 1) if isinstance(a, PlayCard) and a.hidden]


def test_ptits_rats_the_two_cards_still_go_under_two_characters() -> None:
    """5.6 #12: in "p'tits rats" the rule "2 cards under 2 different characters" still
    applies."""
    s = position(
        4,
        gaps={0: ["yellow"], 1: ["red"], 2: ["blue"], 3: ["piper", "green", "purple"]},
        hands={0: ["forward1", "back1", "sewer", "sewer"]},
        variant="ptits_rats",
    )
    s, _ = play(s, (0, "play sewer 3"))
    assert all(a.slot != 3 for a in GAME.legal_actions(s, 0) if isinstance(a, PlayCard))
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "play back1 3"))
    assert err.value.code == "same_character"


def test_hidden_cards_variant() -> None:
    """Variante « pour vivre heureux, vivons cachés »: "A son tour, un joueur peut poser l'une
    de ses 2 cartes Action face cachée puis l'autre face visible, ou inversement. Les cartes
    posées face cachée sont révélées lors de l'activation de la carte Personnage (lorsque 2
    cartes Action ont été posées sous celle-ci et après la phase de pose.)." """
    s = position(
        3,
        gaps={0: ["yellow"], 1: ["red"], 2: ["piper", "blue", "green"]},
        display=("yellow", "red", "blue", "green"),
        hands={0: ["forward2", "back1", "sewer", "sewer"], 1: ["forward1", "sewer"]},
        variant="hidden",
    )
    s, events = play(s, (0, "play forward2 1 hidden"))
    public = [e.to_dict() for e in events if e.visible_to is None]
    assert public == [
        {
            "type": "card_played",
            "seat": 0,
            "slot": 1,
            "character": "yellow",
            "card": None,
            "hidden": True,
            "count": 1,
        }
    ]
    private = [e for e in events if e.visible_to is not None]
    assert [(e.kind, e.visible_to) for e in private] == [("hidden_card_played", frozenset({0}))]
    assert GAME.view(s, 1)["characters"][0]["cards"] == [{"hidden": True, "seat": 0}]
    assert GAME.view(s, 0)["characters"][0]["cards"] == [
        {"hidden": True, "seat": 0, "card": "forward2"}
    ]
    # Only one of the two cards face down.
    assert not [a for a in GAME.legal_actions(s, 0) if isinstance(a, PlayCard) and a.hidden]
    with pytest.raises(IllegalAction) as err:
        play(s, (0, "play back1 2 hidden"))
    assert err.value.code == "one_hidden"
    s, _ = play(s, (0, "play back1 2"))
    # Seat 1 completes the yellow rat: the face-down card is turned up when it activates.
    s, events = play(s, (1, "play forward1 1"), (1, "play sewer 3"))
    names = kinds(events)
    assert names.index("card_revealed") < names.index("character_activated")
    revealed = next(e for e in events if e.kind == "card_revealed")
    assert revealed.reveals and revealed.to_dict()["card"] == "forward2"
    assert of(events, CharacterActivated)[0].cards == ("forward2", "forward1")


def test_the_first_player_may_hide_the_single_card() -> None:
    """Hidden cards: "De même, le premier joueur de la partie peut poser son unique carte face
    cachée." In the plain game no card goes face down."""
    s = GAME.new_game(3, 4, {"variant": "hidden"})
    hidden = [a for a in GAME.legal_actions(s, 0) if isinstance(a, PlayCard) and a.hidden]
    assert hidden
    s2, _ = play(s, (0, str(hidden[0])))
    assert s2.under[hidden[0].slot - 1][0].hidden
    plain = GAME.new_game(3, 4)
    assert not [a for a in GAME.legal_actions(plain, 0) if isinstance(a, PlayCard) and a.hidden]
    with pytest.raises(IllegalAction) as err:
        play(plain, (0, f"play {plain.hands[0][0]} 1 hidden"))
    assert err.value.code == "hidden_not_allowed"


def test_an_eliminated_hand_goes_face_up_to_the_discard_pile() -> None:
    """Recorded decision (data `eliminated_hand`, README rules decisions): the rulebook is
    silent on the hand of a player who "s'enfuit et est éliminé"; like every Action card that
    leaves play ("Une fois les cartes Action résolues, ces dernières sont défaussées face
    visible") it goes face up to the discard pile, shown to everyone, and is reshuffled with
    that pile."""
    decision = raw()["eliminated_hand"]
    assert decision["face"] == "up" and decision["source"] == "proposal"
    s = position(
        5,
        gaps={0: ["piper", "yellow"], 1: ["red"], 2: ["blue", "green"], 3: ["purple", "orange"]},
        display=("yellow", "red", "blue", "green"),
        under={2: [("forward1", 3)]},
        hands={0: ["forward2", "sewer", "sewer", "sewer"], 2: ["back1", "plus1"]},
        levels={2: 6, 3: 1, 0: 2},
        out=[4],
        collected={2: [4]},
    )
    before = GAME.view(s, None)["discard_cards"]
    s, events = play(s, (0, "play forward2 2"), (0, "play sewer 1"))
    (shown,) = of(events, HandDiscarded)
    assert shown.visible_to is None and shown.reveals  # public, and undo stops there
    after = GAME.view(s, None)["discard_cards"]
    for card in ("back1", "plus1"):
        assert after.get(card, 0) >= before.get(card, 0) + 1
    assert GAME.view(s, None)["hands"][2] == 0


def test_both_discard_piles_are_face_up_in_the_public_view() -> None:
    """ "La ou les cartes Personnage activées pendant le tour sont également défaussées face
    visible": the public view lists the Character discard, not only its size."""
    s = GAME.new_game(4, 3)
    rnd = random.Random(3)
    while not GAME.is_over(s) and not s.char_discard:
        seat = min(GAME.to_move(s))
        s = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat))).state
    public = GAME.view(s, None)
    ids = character_ids()
    assert public["character_discard_cards"] == [ids[c] for c in s.char_discard]
    assert len(public["character_discard_cards"]) == public["character_discard"] > 0
