"""The rulebook's worked example (rules/003, pages 2 to 5): one 4-player round at the
Fortune-teller's tent and two Monasteries, through phases A to D."""

from __future__ import annotations

from dataclasses import replace

from engine.cartus import GAME
from engine.cartus.state import Phase
from tests.engine.cartus.builders import FIRST_GAME, cards, of, play, position, visit

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
ROW = ["fortune_teller-2", "monastery-1", "monastery-3"]


def example():
    """Phase B of the example's round: Red is the first player, the row is drawn."""
    return position(
        4,
        row=ROW,
        buildings=FIRST_GAME,
        hands={
            RED: ["monk1", "king2", "witch0", "witch3", "peasant0"],
            YELLOW: ["witch1", "witch2", "monk0", "knight0", "merchant4"],
            GREEN: ["peasant1", "peasant2", "merchant0", "king0", "knight1"],
            BLUE: ["sword", "monk3", "king1", "merchant2", "knight2"],
        },
        rats=[10, 10, 10, 10],
    )


def test_phase_b_offers_the_three_supply_actions_of_the_row() -> None:
    """ "Exemple : lors de la phase A d'une partie à 4 joueurs, les cartes Bâtiments suivantes
    ont été piochées. En phase B, chaque joueur a donc trois possibilités : piocher deux cartes
    et regarder une carte de la rangée des nonnes (Tente de la cartomancienne), piocher quatre
    cartes (premier Monastère) ou défausser deux rats (second Monastère).\""""
    s = example()
    legal = [str(a) for a in GAME.legal_actions(s, RED)]
    assert legal == [f"supply 1 look {n}" for n in range(1, 6)] + ["supply 2", "supply 3"]
    s, ev = play(s, (RED, "supply 2"))
    assert len(s.hands[RED]) == 9 and of(ev, "supply_taken")[0].drawn == 4
    s, ev = play(s, (YELLOW, "supply 1 look 4"))
    assert len(s.hands[YELLOW]) == 7 and s.looks[YELLOW] == 0b1000
    s, ev = play(s, (GREEN, "supply 3"))
    assert s.rats[GREEN] == 8 and of(ev, "rats_changed")[0].delta == -2
    s, ev = play(s, (BLUE, "supply 3"))
    assert s.phase is Phase.VISIT and s.order == (RED, YELLOW, GREEN, BLUE)


def test_the_example_round_phases_c_and_d() -> None:
    """Phase C: "Le joueur Rouge est le premier joueur de ce tour de jeu, suivi par Jaune, Vert
    et Bleu (dans le sens horaire). Rouge décide d'entrer dans le premier Monastère, plaçant
    son marqueur sur l'emplacement « 1 » de cette carte Bâtiment. Il prend ensuite quatre
    cartes dans sa main, qu'il pose face cachée devant lui. C'est au tour de Jaune, qui décide
    de placer son marqueur sur l'emplacement « 1 » de la Tente de la cartomancienne, et pose
    trois cartes face cachée devant lui. Vert place ensuite son marqueur sur l'emplacement « 1 »
    du second Monastère, et décide de ne pas jouer de carte. Pour finir, Bleu place son
    marqueur sur l'emplacement « 2 » du second Monastère, et pose une seule carte face cachée
    devant lui."

    Phase D: "le premier bâtiment à résoudre est la Tente de la cartomancienne. Jaune est le
    seul joueur à être entré dans ce bâtiment, il révèle les trois cartes qu'il avait jouées.
    Deux de ces cartes sont des cartes Sorcières, et la troisième carte est un Moine. Comme
    l'une des cartes ne correspond pas à la classe du bâtiment (magie), il doit prendre un rat
    dans la réserve. Il marque 3 points d'influence dans la classe Magie [...] Il est ensuite
    autorisé à réaliser l'action privilège du bâtiment, lui permettant de regarder deux des
    cartes du Soutien des nonnes. Le premier Monastère est ensuite résolu. Rouge est seul à
    être entré dans ce bâtiment, il révèle les quatre cartes qu'il a jouées. Un Moine, un Roi,
    et deux cartes Sorcières. Il doit prendre trois rats. Il avance son marqueur de 4 cases sur
    la piste d'influence Clergé. Il est autorisé à réaliser l'action privilège du bâtiment, qui
    lui permet de défausser deux rats. Pour finir, le second Monastère est résolu. Vert et Bleu
    sont entrés dans ce bâtiment, ils doivent tous les deux révéler leurs cartes. Vert n'a joué
    aucune carte, il ne marque donc aucun point d'influence et ne récupère aucun rat. Bleu a joué
    une carte : une carte spéciale Epée. Il ne marque aucun point d'influence et ne récupère
    aucun rat. Mais comme Bleu a joué une carte Epée, Vert doit lui donner la moitié des cartes
    qu'il lui reste en main. Vert est ensuite autorisé à réaliser l'action privilège, Bleu
    l'action de base : aucun d'eux n'a joué de carte Population ou Joker, mais l'égalité est
    remportée par Vert, qui est entré en premier dans le bâtiment. Vert peut donc se défausser
    de deux rats, Bleu d'un seul."
    """
    s = replace(example(), phase=Phase.VISIT, order=(RED, YELLOW, GREEN, BLUE), chosen=())
    moves = [
        *visit(RED, 2, "monk1", "king2", "witch0", "witch3"),
        *visit(YELLOW, 1, "witch1", "witch2", "monk0"),
        *visit(GREEN, 3),
    ]
    s, ev = play(s, *moves)
    assert [(e.seat, e.building, e.slot) for e in of(ev, "building_entered")] == [
        (RED, 1, 1),
        (YELLOW, 0, 1),
        (GREEN, 2, 1),
    ]
    assert [e.count for e in of(ev, "cards_placed")] == [4, 3, 0]
    # Nobody sees the others' face-down cards, only how many there are.
    public = GAME.view(s, None)
    assert [v["count"] for v in public["row"][1]["visits"]] == [4]
    assert public["row"][1]["visits"][0]["cards"] is None
    s, ev = play(s, *visit(BLUE, 3, "sword"))
    assert of(ev, "building_entered")[0].slot == 2

    # The tent: Yellow alone, +3 Magic, 1 rat, then the premium (look at two nun cards).
    revealed = of(ev, "cards_revealed")
    assert revealed[0].building == 0
    assert revealed[0].visits[0].cards == ("monk0", "witch1", "witch2")
    gains = of(ev, "influence_gained")
    assert (gains[0].seat, gains[0].klass, gains[0].amount) == (YELLOW, "magic", 3)
    rats = [(e.seat, e.delta, e.reason) for e in of(ev, "rats_changed")]
    assert rats == [(YELLOW, 1, "off_class")]
    assert s.phase is Phase.LOOK and GAME.to_move(s) == {YELLOW}
    assert len(GAME.legal_actions(s, YELLOW)) == 10  # two different cards of five
    s, ev = play(s, (YELLOW, "look 2 5"))
    assert s.looks[YELLOW] == 0b10010
    seen = of(ev, "nun_seen")
    assert [(e.position, e.card) for e in seen] == [(1, "merchant1"), (4, "witch4")]
    assert all(e.visible_to == {YELLOW} for e in seen)

    # The first Monastery: Red alone, +4 Church, 3 rats, then the premium: discard 2 rats.
    gains = of(ev, "influence_gained")
    assert (gains[0].seat, gains[0].klass, gains[0].amount) == (RED, "church", 4)
    rats = [(e.seat, e.delta, e.reason) for e in of(ev, "rats_changed")]
    assert rats[:2] == [(RED, 3, "off_class"), (RED, -2, "monastery")]

    # The second Monastery: Green gives half his hand to Blue (a window of Green's).
    compared = [e for e in of(ev, "special_compared") if e.card == "sword" and e.building == 2]
    assert compared[0].winner == BLUE and compared[0].target == GREEN and compared[0].cards == 2
    assert s.phase is Phase.SWORD_GIVE
    assert GAME.decision(s).window and GAME.decision(s).seats == {GREEN}
    s, ev = play(s, (GREEN, "give peasant1"), (GREEN, "give king0"))
    assert s.hands[BLUE] == cards("monk3", "king1", "merchant2", "knight2", "peasant1", "king0")
    assert len(s.hands[GREEN]) == 3
    awarded = of(ev, "premium_awarded")[0]
    assert awarded.premium == GREEN and awarded.standard == (BLUE,)
    assert [(e.seat, e.delta) for e in of(ev, "rats_changed")] == [(GREEN, -2), (BLUE, -1)]
    assert s.rats == (10 + 3 - 2, 10 + 1, 8, 9)
    assert s.influence[4][YELLOW] == 3 and s.influence[2][RED] == 4
    # Phase E: the round ended, the first-player card went to Yellow, a new row is drawn.
    assert of(ev, "round_ended")[0].next_first_player == YELLOW
    assert s.round == 2 and s.first == YELLOW and s.phase is Phase.SUPPLY
