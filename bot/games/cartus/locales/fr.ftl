# Rattus Cartus : tous les textes en français. Les clés sont des identifiants ; `cmd-…` traduisent les commandes.
# Noms de la règle française : Administration, Marché, Tour de garde ; action privilège, action de base.

game-title = Rattus Cartus
dm-hello = Bonjour ! Vous avez rejoint la partie de Rattus Cartus n°{ $id } dans { $channel }. Votre main, les cartes que vous posez face cachée, les cartes du Soutien des nonnes que vous regardez et vos rats arriveront ici.
rules =
    📜 **Rattus Cartus en bref.** 8 à 10 tours (10 à 2 joueurs, 9 à 3, 8 à 4-5). À chaque tour, 2 bâtiments (3 à 4-5 joueurs) sont piochés. **Soutien :** chaque joueur effectue l'action de soutien imprimée sur l'un d'eux (piocher des cartes Population, défausser des rats, regarder une carte du Soutien des nonnes). **Visites :** chacun à son tour entre dans un bâtiment et y pose face cachée des cartes de sa main (cartes Population, Jokers, Épées, Flûtes ; un Laissez-passer permet de visiter après les autres). **Résolution**, bâtiment par bâtiment depuis la gauche : chaque carte Population ou Joker donne 1 point d'influence dans la classe du bâtiment, et chaque carte Population d'une autre classe vous donne un rat. Le plus d'Épées : celui qui en a joué le moins vous donne la moitié de sa main ; le plus de Flûtes : celui qui en a joué le moins reçoit un de vos rats. Le joueur qui a posé le plus de cartes Population et Jokers réalise l'action **privilège**, les autres l'action **de base** (à 2 joueurs, une seule action privilège par tour). Au dernier tour, aucune action de bâtiment : le détenteur de l'action privilège gagne 1 point d'influence à la place.
    🏁 **Fin de partie :** majorités de classe 10/5/2 (10/5 à 2 joueurs) ; le plus de cartes en main 2 ; le plus d'Épées, de Flûtes, de Laissez-passer 2 chacun ; Or 6/3 ; jetons de point de victoire 1 chacun. Puis le Soutien des nonnes est révélé : qui a plus de rats que de nonnes meurt et perd. Vos rats et votre main restent secrets jusque-là (`/game hand`).
settings-show = ⚙️ Langue du salon : { $lang_name }. Rappels après { $hours } h, au plus { $count } par décision. { $clock } Décisions hors de son tour (cartes dues pour une Épée ou une Tour de garde, soutien simultané) : { $minutes } min.
origin-timeout = ⏰ { $player } n'a pas répondu à temps : la réponse par défaut a été donnée.
window-timeout = ⏰ { $player } n'a pas répondu à temps : le choix par défaut s'applique (l'action de soutien du premier bâtiment ; cartes dues : les premières de la main dans l'ordre des cartes).

## Cartes, pioches, bâtiments, classes

card-peasant = Paysan
card-merchant = Marchand
card-monk = Moine
card-knight = Chevalier
card-witch = Sorcière
card-king = Roi
card-joker = Joker
card-sword = Épée
card-flute = Flûte
card-pass = Laissez-passer
card-gold = Or
card-nuns = { $card } ({ $nuns ->
    [one] { $nuns } nonne
   *[other] { $nuns } nonnes
})
card-a-peasant = un Paysan
card-a-merchant = un Marchand
card-a-monk = un Moine
card-a-knight = un Chevalier
card-a-witch = une Sorcière
card-a-king = un Roi
card-a-joker = un Joker
card-a-sword = une Épée
card-a-flute = une Flûte
card-a-pass = un Laissez-passer
card-a-gold = une carte Or
card-with_nuns = { $card } avec { $nuns ->
    [one] { $nuns } nonne
   *[other] { $nuns } nonnes
}
cards-none = aucune carte
pile-joker = { $count ->
    [one] { $count } Joker
   *[other] { $count } Jokers
}
pile-sword = { $count ->
    [one] { $count } Épée
   *[other] { $count } Épées
}
pile-flute = { $count ->
    [one] { $count } Flûte
   *[other] { $count } Flûtes
}
pile-pass = { $count } Laissez-passer
pile-gold = { $count ->
    [one] { $count } carte Or
   *[other] { $count } cartes Or
}
building-name = { $type ->
    [farm] Ferme
    [brewery] Brasserie
    [marketplace] Marché
    [office] Administration
    [monastery] Monastère
    [hospital] Hôpital
    [castle] Château
    [guard_tower] Tour de garde
    [fortune_teller] Tente de la cartomancienne
    [piper_hut] Cabane du joueur de flûte
    [palace] Palais
    [treasury] Trésor
   *[other] { $type }
}
building-the = { $type ->
    [farm] la Ferme
    [brewery] la Brasserie
    [marketplace] le Marché
    [office] l'Administration
    [monastery] le Monastère
    [hospital] l'Hôpital
    [castle] le Château
    [guard_tower] la Tour de garde
    [fortune_teller] la Tente de la cartomancienne
    [piper_hut] la Cabane du joueur de flûte
    [palace] le Palais
    [treasury] le Trésor
   *[other] { $type }
}
building-of = { $type ->
    [farm] de la Ferme
    [brewery] de la Brasserie
    [marketplace] du Marché
    [office] de l'Administration
    [monastery] du Monastère
    [hospital] de l'Hôpital
    [castle] du Château
    [guard_tower] de la Tour de garde
    [fortune_teller] de la Tente de la cartomancienne
    [piper_hut] de la Cabane du joueur de flûte
    [palace] du Palais
    [treasury] du Trésor
   *[other] { DE($type) }
}
building-in = { $type ->
    [farm] dans la Ferme
    [brewery] dans la Brasserie
    [marketplace] dans le Marché
    [office] dans l'Administration
    [monastery] dans le Monastère
    [hospital] dans l'Hôpital
    [castle] dans le Château
    [guard_tower] dans la Tour de garde
    [fortune_teller] dans la Tente de la cartomancienne
    [piper_hut] dans la Cabane du joueur de flûte
    [palace] dans le Palais
    [treasury] dans le Trésor
   *[other] dans { $type }
}
building-into = { $type ->
   *[other] { building-in }
}
class-peasantry = Paysannerie
class-bourgeoisie = Bourgeoisie
class-church = Clergé
class-chivalry = Chevalerie
class-magic = Magie
class-royalty = Noblesse
seat-label = { $mark } place { $number }
sep = { " ; " }
players-none = personne
tier-premium = privilège
tier-standard = de base

## Actions de soutien et actions des bâtiments

supply-draw = { $count ->
    [one] piocher { $count } carte
   *[other] piocher { $count } cartes
}
supply-rats = { $count ->
    [one] défausser { $count } rat
   *[other] défausser { $count } rats
}
supply-look = regarder une carte du Soutien des nonnes
supply-nothing = rien
supply_mode-clockwise = soutien dans le sens horaire
supply_mode-simultaneous = soutien simultané
effect-draw = { $count ->
    [one] { $count } carte Population
   *[other] { $count } cartes Population
}
effect-vp = { $count ->
    [one] { $count } jeton de point de victoire
   *[other] { $count } jetons de point de victoire
}
effect-look = { $count ->
    [one] regarder { $count } carte du Soutien des nonnes
   *[other] regarder { $count } cartes du Soutien des nonnes
}
effect-discard_rats = { $count ->
    [one] { $count } rat défaussé
   *[other] { $count } rats défaussés
}
effect-hospital = { $count ->
    [one] { $count } carte défaussée contre un rat
   *[other] jusqu'à { $count } cartes défaussées, un rat chacune
}
effect-guard_tower = des cartes des autres joueurs
effect-none = rien
reason-supply = soutien
reason-fortune_teller = Tente de la cartomancienne
reason-sword = Épée
reason-guard_tower = Tour de garde

## Actions (boutons, listes, confirmations)

action-supply = Prendre l'action de soutien du bâtiment { $number }
action-supply_known = { $building } ({ $number }) : { $supply }
action-supply_look = , en regardant la carte { $position } du Soutien
action-enter = Entrer dans le bâtiment { $number }
action-enter_known = Entrer { $building } (bâtiment { $number }, { $klass })
action-pass = Jouer un Laissez-passer : visiter après les autres
action-play = Poser { $card } face cachée
action-withdraw = Reprendre { $card }
action-give = Donner { $card }
action-discard = Défausser { $card } (un rat de moins)
action-done = Terminer la visite avec ces cartes
action-done_hospital = Ne plus défausser de carte
action-target = Choisir { $seat }
action-target_sword = Choisir { $seat }, qui vous donne la moitié de sa main
action-take = Prendre
action-take_known = Prendre : { $what }
action-decline = Refuser
action-look = Regarder la carte { $position } du Soutien
action-look2 = Regarder les cartes { $first } et { $second } du Soutien
nun-seen_hint = (déjà vue : { $nuns ->
    [one] { $nuns } nonne
   *[other] { $nuns } nonnes
})
choice-building = Bâtiment { $number }
choice-nun = Carte { $number } du Soutien
verb-supply = Choisir une action de soutien
verb-enter = Entrer dans un bâtiment
verb-cards = Choisir vos cartes…
verb-play = Poser une carte
verb-withdraw = Reprendre une carte
verb-discard = Défausser une carte
verb-pass = Jouer un Laissez-passer
verb-target = Choisir un joueur
verb-take = Prendre
verb-decline = Refuser
verb-look = Regarder le Soutien des nonnes
verb-give = Donner une carte
verb-done = Terminer

## Invitations (après la mention de qui doit décider)

prompt-supply = choisissez l'action de soutien d'un des bâtiments du tour.
prompt-supply_window = choisissez en secret votre action de soutien (le bouton ouvre vos choix) ; tous les choix sont révélés ensemble.
prompt-visit = entrez dans un bâtiment.
prompt-visit_pass = entrez dans un bâtiment (les Laissez-passer permettent de visiter après les autres).
prompt-place = posez des cartes face cachée { $building }, puis terminez la visite (les deux dans « Choisir vos cartes… »).
prompt-sword_target = vous avez joué le plus d'Épées : choisissez qui vous donne la moitié de sa main.
prompt-flute_target = vous avez joué le plus de Flûtes : choisissez qui reçoit un de vos rats.
prompt-sword_give = { $count ->
    [one] donnez { $count } carte de votre choix à { $receiver } (Épée) : le bouton ouvre votre main.
   *[other] donnez { $count } cartes de votre choix à { $receiver } (Épée) : le bouton ouvre votre main.
}
prompt-guard_give = { $count ->
    [one] donnez { $count } carte de votre choix à { $receiver } (Tour de garde) : le bouton ouvre votre main.
   *[other] donnez { $count } cartes de votre choix à { $receiver } (Tour de garde) : le bouton ouvre votre main.
}
prompt-gain = prenez ou refusez : { $what } (action { $tier } { $building }).
prompt-gain_guard = prenez l'action privilège de la Tour de garde (les joueurs qui ont au moins autant de cartes que vous vous en donnent jusqu'à 3 chacun : { $count } en tout), ou refusez.
prompt-look = regardez { $count ->
    [one] { $count } carte du Soutien des nonnes
   *[other] { $count } cartes différentes du Soutien des nonnes
} (Tente de la cartomancienne).
prompt-hospital = { $count ->
    [one] défaussez encore { $count } carte de votre main contre un rat, ou arrêtez de défausser (Hôpital).
   *[other] défaussez jusqu'à { $count } cartes de votre main, un rat chacune, puis arrêtez de défausser (Hôpital).
}
prompt-over = la partie est finie.

## Fenêtres (par message privé, avec une liste)

window-supply = ⏳ Partie n°{ $id } : choisissez votre action de soutien. Votre choix reste secret jusqu'à ce que tout le monde ait choisi. Sans réponse dans les { $minutes } minutes, vous prenez l'action de soutien du premier bâtiment.
window-sword_give = { $count ->
    [one] ⏳ Partie n°{ $id } : Épée ! Donnez { $count } carte de votre main à { $receiver } ; vous choisissez laquelle. Sans réponse dans les { $minutes } minutes, la première carte de votre main dans l'ordre des cartes part.
   *[other] ⏳ Partie n°{ $id } : Épée ! Donnez { $count } cartes de votre main à { $receiver }, une à une ; vous choisissez lesquelles. Sans réponse dans les { $minutes } minutes, les premières cartes de votre main dans l'ordre des cartes partent.
}
window-guard_give = { $count ->
    [one] ⏳ Partie n°{ $id } : Tour de garde ! Donnez { $count } carte de votre main à { $receiver } ; vous choisissez laquelle. Sans réponse dans les { $minutes } minutes, la première carte de votre main dans l'ordre des cartes part.
   *[other] ⏳ Partie n°{ $id } : Tour de garde ! Donnez { $count } cartes de votre main à { $receiver }, une à une ; vous choisissez lesquelles. Sans réponse dans les { $minutes } minutes, les premières cartes de votre main dans l'ordre des cartes partent.
}

## Événements

event-game_set_up = 🃏 Rattus Cartus à { $players } joueurs : { $rounds } tours de { $per_round } bâtiments, { $hand } cartes en main chacun, { $supply }. Bâtiments en jeu : { $buildings }.
event-hand_dealt = 🃏 Votre main : { $cards }.
event-round_began = 📅 **Tour { $round }/{ $rounds }** : { $player } est premier joueur.
event-round_last = 📅 **Dernier tour ({ $round }/{ $rounds })** : { $player } est premier joueur. Aucune action de bâtiment ce tour-ci : le détenteur de l'action privilège de chaque bâtiment gagne 1 point d'influence à la place.
event-buildings_drawn = 🏛️ Bâtiments : { $row }.
row-entry = { $number }. { $building } ({ $klass })
event-building_replaced = (Tous identiques, l'un est donc échangé : { $returned } → { $drawn }.)
event-supply_answered = 🤫 { $player } a choisi son action de soutien ; choisissent encore : { $waiting }.
event-supply_answered_last = 🤫 { $player } a choisi son action de soutien : tout le monde a choisi, les choix sont révélés.
event-supply_taken = 🧺 { $player } prend l'action de soutien { $building }.
event-supply_taken_drew = 🧺 { $player } prend l'action de soutien { $building } et { $count ->
    [one] pioche { $count } carte
   *[other] pioche { $count } cartes
}.
event-cards_drawn = 🃏 Vous piochez ({ $reason }) : { $cards }.
event-population_reshuffled = 🔄 La pioche Population est épuisée : les { $count } cartes défaussées forment une nouvelle pioche.
event-nun_looked = 👁️ { $player } regarde { $count ->
    [one] la carte
   *[other] les cartes
} { $positions } du Soutien des nonnes ({ $reason }).
event-nun_seen = 👁️ Carte { $position } du Soutien : { $nuns ->
    [one] { $nuns } nonne
   *[other] { $nuns } nonnes
} ({ $card }).
event-visits_began = 🚪 Visites, dans cet ordre : { $order }.
event-pass_played = 🎫 { $player } joue un Laissez-passer et visitera plus tard ; ensuite : { $order }.
event-building_entered = 🚪 { $player } entre { $building } (emplacement { $slot }).
event-card_placed = 🂠 Vous posez { $card } face cachée ({ $count ->
    [one] { $count } carte posée
   *[other] { $count } cartes posées
}).
event-card_withdrawn = 🂠 Vous reprenez { $card } ({ $count ->
    [0] aucune carte posée
    [one] { $count } carte posée
   *[other] { $count } cartes posées
}).
event-cards_placed = 🂠 { $player } { $count ->
    [0] ne pose aucune carte
    [one] pose { $count } carte
   *[other] pose { $count } cartes
} face cachée { $building }.
event-cards_revealed = 🂡 { $building } ({ $klass }) révèle : { $visits }.
reveal-visit = { $player } : { $cards }
event-influence = 📈 { $player } +{ $count } d'influence en { $klass } (total { $total }).
event-influence_last = 📈 { $player } +{ $count } d'influence en { $klass } à la place (total { $total }).
rats-gain = 🐀 { $player } { $count ->
    [one] prend { $count } rat
   *[other] prend { $count } rats
}.
rats-gain_off_class = 🐀 { $player } { $count ->
    [one] prend { $count } rat ({ $count } carte d'une autre classe)
   *[other] prend { $count } rats ({ $count } cartes d'une autre classe)
}.
rats-lose = 🐀 { $player } { $count ->
    [one] défausse { $count } rat
   *[other] défausse { $count } rats
}.
rats-lose_supply = 🐀 { $player } { $count ->
    [one] défausse { $count } rat (soutien)
   *[other] défausse { $count } rats (soutien)
}.
rats-lose_monastery = 🐀 { $player } { $count ->
    [one] défausse { $count } rat (Monastère)
   *[other] défausse { $count } rats (Monastère)
}.
rats-lose_hospital = 🐀 { $player } { $count ->
    [one] défausse { $count } rat (Hôpital)
   *[other] défausse { $count } rats (Hôpital)
}.
compare-sword = ⚔️ Épées jouées : { $played }.
compare-flute = 🪈 Flûtes jouées : { $played }.
compare-tie = Tous en ont joué autant : rien ne se passe.
compare-choose_sword = { $winner } choisit qui lui donne la moitié de sa main : { $candidates }.
compare-choose_flute = { $winner } choisit qui reçoit un rat : { $candidates }.
compare-sword_wins = { $count ->
    [one] { $target } donne { $count } carte (la moitié de sa main) à { $winner }.
   *[other] { $target } donne { $count } cartes (la moitié de sa main) à { $winner }.
}
compare-sword_nothing = { $target } a trop peu de cartes pour en donner à { $winner }.
compare-flute_wins = { $target } reçoit un rat { DE($winner) }.
event-target_chosen_sword = { $count ->
    [one] ⚔️ { $player } choisit { $target }, qui donne { $count } carte.
   *[other] ⚔️ { $player } choisit { $target }, qui donne { $count } cartes.
}
event-target_chosen_sword_none = ⚔️ { $player } choisit { $target }, qui a trop peu de cartes pour en donner.
event-target_chosen_flute = 🪈 { $player } choisit { $target }, qui reçoit un rat.
event-card_given = 🤲 { $giver } donne une carte à { $receiver } ({ $reason }).
event-card_given_more = 🤲 { $giver } donne une carte à { $receiver } ({ $reason } ; encore { $count } à donner).
event-card_given_shown = 🤲 { $giver } → { $receiver } ({ $reason }) : { $card }.
event-premium_awarded = ⭐ { $building } : action privilège pour { $player } ; action de base pour { $standard }.
event-premium_alone = ⭐ { $building } : action privilège pour { $player }.
event-premium_none = ⭐ { $building } : pas d'action privilège ici ce tour-ci (à 2 joueurs, une par tour) ; action de base pour { $standard }.
event-premium_last = ⭐ { $building } : action privilège pour { $player } (aucune action au dernier tour).
event-premium_last_none = ⭐ { $building } : personne ne gagne l'action privilège du dernier tour.
event-taken = 🎁 { $player } prend { $what } (action { $tier } { $building }).
event-taken_empty = 🎁 { $player } ne reçoit rien : la pile est vide (action { $tier } { $building }).
event-drawn = 🎁 { $player } { $count ->
    [one] pioche { $count } carte
   *[other] pioche { $count } cartes
} (action { $tier } { $building }).
event-drawn_short = 🎁 { $player } { $count ->
    [one] pioche la dernière carte
   *[other] pioche les { $count } dernières cartes
} (action { $tier } { $building }).
event-drawn_empty = 🎁 { $player } ne pioche rien : il ne reste aucune carte (action { $tier } { $building }).
event-drawn_none = 🎁 { $player } ne pioche aucune carte : aucune influence marquée ici (action { $tier } { $building }).
event-vp = 🏅 { $player } prend { $count ->
    [one] { $count } jeton de point de victoire
   *[other] { $count } jetons de point de victoire
} (action { $tier } { $building }).
event-vp_short = 🏅 { $player } prend { $count ->
    [0] aucun jeton de point de victoire : il n'en reste plus
    [one] le dernier jeton de point de victoire
   *[other] les { $count } derniers jetons de point de victoire
} (action { $tier } { $building }).
event-action_discard_rats = ⛪ { $player } réalise l'action { $tier } { $building } : défausser des rats.
event-action_look = 🔮 { $player } réalise l'action { $tier } { $building }.
event-action_hospital = 🏥 { $player } réalise l'action { $tier } { $building } : { $count ->
    [one] peut défausser { $count } carte de sa main contre un rat
   *[other] peut défausser jusqu'à { $count } cartes de sa main, un rat chacune
}.
event-action_guard_tower = 🗼 { $player } réalise l'action { $tier } { $building }.
event-action_none = 🗼 { $player } : l'action { $tier } { $building } ne donne rien, mais protège des exigences des Tours de garde ce tour-ci.
event-action_other = { $player } réalise l'action { $tier } { $building }.
event-action_declined = 🚫 { $player } refuse l'action { $tier } { $building }.
event-card_discarded = 🏥 { $player } défausse { $card } (Hôpital{ $count ->
    [0] ).
    [one] { " ; " }encore { $count } possible).
   *[other] { " ; " }encore { $count } possibles).
}
event-guard_demanded = 🗼 { $player } a { $hand ->
    [one] { $hand } carte
   *[other] { $hand } cartes
} : { $givers } (Tour de garde).
guard-giver = { $player } donne { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
event-guard_nobody = 🗼 { $player } a { $hand ->
    [one] { $hand } carte
   *[other] { $hand } cartes
} : personne n'a à en donner (Tour de garde).
event-guard_immune = Protégés ce tour-ci : { $players }.
event-played_cards_discarded = 🗑️ { $count ->
    [0] Aucune carte n'a été jouée ici.
    [one] La carte jouée ici est défaussée.
   *[other] Les { $count } cartes jouées ici sont défaussées.
}
event-round_ended = 🔚 Fin du tour { $round } ; { $player } devient premier joueur.
event-game_round_ended = 🔚 Fin du tour { $round }, le dernier.
event-score_alive = 🐀 { $player } révèle { $rats ->
    [one] { $rats } rat
   *[other] { $rats } rats
} et survit. Main : { $hand }.
event-score_dead = ☠️ { $player } révèle { $rats ->
    [one] { $rats } rat
   *[other] { $rats } rats
} : c'est trop, la peste l'emporte. Main : { $hand }.
event-nun_row_revealed = ⛪ Le Soutien des nonnes : { $cards }, { $nuns ->
    [one] { $nuns } nonne
   *[other] { $nuns } nonnes
} en tout.
event-winners = { $count ->
    [one] 👑 { $players } hérite de la couronne !
   *[other] 👑 Victoire partagée : { $players } !
}
event-no_winner = ☠️ La peste a emporté tout le monde : personne ne gagne.

## Lignes privées (/game hand et messages privés)

hand-cards = 🃏 Votre main ({ $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}) : { $cards }.
hand-empty = 🃏 Votre main est vide.
hand-placed = 🂠 Face cachée { $building } : { $cards }.
hand-rats = 🐀 Vos rats : { $count }.
hand-no_nuns = 👁️ Vous n'avez encore regardé aucune carte du Soutien des nonnes.
hand-nun = { $position } : { $nuns ->
    [one] { $nuns } nonne
   *[other] { $nuns } nonnes
} ({ $card })
hand-nuns = 👁️ Cartes du Soutien des nonnes regardées : { $cards }. Soit { $total ->
    [one] { $total } nonne
   *[other] { $total } nonnes
} ; { $unseen ->
    [0] vous avez vu tout le Soutien.
    [one] { $unseen } carte pas vue.
   *[other] { $unseen } cartes pas vues.
}
hand-my_supply = 🤫 Votre choix de soutien (secret jusqu'à ce que tout le monde ait choisi) : { $choice }.

## Salon d'attente, variantes, erreurs

variant-simultaneous = Soutien simultané (choisi en secret)
variant-fewest_rats = Si tous meurent, ceux qui ont le moins de rats survivent
variant-both = Soutien simultané, et le moins de rats survit si tous meurent
lobby-buildings_one_type = Bâtiments : un type par classe, tiré au hasard (les 5 exemplaires).
lobby-buildings_random = Bâtiments : 5 tirés au hasard parmi les 10 de chaque classe.
lobby-buildings_chosen = Bâtiments : { $buildings }.
lobby-supply_clockwise = Soutien : dans le sens horaire depuis le premier joueur.
lobby-supply_simultaneous = Soutien : simultané (chacun choisit en secret, tout est révélé ensemble).
lobby-dead_no_winner = Si tous meurent : personne ne gagne.
lobby-dead_fewest_rats = Si tous meurent : les joueurs qui ont le moins de rats survivent.
error-setup_unknown = { $count ->
    [one] Bâtiment inconnu
   *[other] Bâtiments inconnus
} : { $names }. Écrivez hasard, un type, ou six bâtiments (un par classe) séparés par des virgules.
error-setup_classes = Choisissez six bâtiments, un par classe ({ $count } donnés) : par exemple Ferme, Marché, Monastère, Château, Tente de la cartomancienne, Palais.
what-building_number = un numéro de bâtiment
what-nun_card_number = un numéro de carte du Soutien des nonnes
what-seat_number = un numéro de place
error-bad_option = Option de partie inconnue : { $option }.
error-bad_players = Ce jeu se joue de { $low } à { $high } joueurs, pas { $players }.
error-bad_number = « { $value } » ne convient pas ici : il faut { $what }.
error-no_card = Vous n'avez pas la carte { $card }.
error-wrong_phase = Vous ne pouvez pas faire cela maintenant : { $phase ->
    [supply] chaque joueur effectue d'abord une action de soutien
    [visit] c'est le moment d'entrer dans un bâtiment (ou de jouer un Laissez-passer)
    [place] terminez d'abord de poser vos cartes (Fini)
    [sword_target] le joueur qui a le plus d'Épées choisit qui donne des cartes
    [sword_give] un joueur donne des cartes pour une Épée
    [flute_target] le joueur qui a le plus de Flûtes choisit qui reçoit un rat
    [gain] une action de bâtiment attend : prenez ou refusez
    [look] la Tente de la cartomancienne attend les cartes du Soutien à regarder
    [hospital] l'Hôpital attend les cartes à défausser (ou Fini)
    [guard_give] des joueurs donnent des cartes à la Tour de garde
    [over] la partie est finie
   *[other] { $phase }
}.
error-bad_buildings = Choisissez les bâtiments : hasard, un type, ou six types de bâtiment, un par classe.
error-look_count = Regardez ici { $count ->
    [one] { $count } carte du Soutien des nonnes
   *[other] { $count } cartes du Soutien des nonnes
}.
error-look_needed = L'action de soutien du bâtiment { $position } fait regarder une carte du Soutien des nonnes : dites laquelle (l'option nonne de `/cartus supply`).
error-no_building = Il n'y a pas de bâtiment numéro { $position } dans la rangée de ce tour.
error-no_look = L'action de soutien du bâtiment { $position } ne fait regarder aucune carte du Soutien des nonnes.
error-no_nun_card = Il n'y a pas de carte numéro { $position } : le Soutien des nonnes a 5 cartes.
error-no_pass = Vous n'avez pas de carte Laissez-passer.
error-not_candidate = La place { $seat } ne fait pas partie des joueurs que vous pouvez choisir ici.
error-not_placeable = { $card } ne peut pas être posée dans un bâtiment : seules les cartes Population, Joker, Épée et Flûte le peuvent.
error-not_placed = Vous n'avez pas posé { $card } dans ce bâtiment.
error-same_nun_card = Regardez deux cartes différentes du Soutien des nonnes.
error-unknown_card_id = Il n'y a pas de carte nommée { $card }.

## Fin de partie

score-peasantry = Paysannerie { $n }
score-bourgeoisie = Bourgeoisie { $n }
score-church = Clergé { $n }
score-chivalry = Chevalerie { $n }
score-magic = Magie { $n }
score-royalty = Noblesse { $n }
score-hand = main { $n }
score-sword = Épées { $n }
score-flute = Flûtes { $n }
score-pass = Laissez-passer { $n }
score-gold = Or { $n }
score-vp_tokens = jetons PV { $n }
score-nothing = aucun point
ranking-row = { $medal } { $player } : { $score } PV ({ $detail }) · 🐀 { $rats } { $fate }
ranking-dead = ☠️ mort
ranking-winner = 👑 vainqueur
ranking-tie_break = ⚖️ { $players } : égalité à { $score } PV, départagée par la règle : la plus faible valeur de jetons rat passe devant.

## Commandes (noms, descriptions, paramètres). Les textes anglais communs aux autres jeux gardent leur traduction.

cmd-cartus = cartus
cmd-Rattus-Cartus-actions = Actions de Rattus Cartus
cmd-supply = soutien
cmd-Supply-take-the-supply-action-of-a-building = Soutien : effectuer l'action de soutien d'un bâtiment
cmd-building = bâtiment
cmd-Building-its-number-in-the-row = Bâtiment (son numéro dans la rangée)
cmd-nun = nonne
cmd-Nun-card-to-look-at-when-the-supply-action-looks-at-one = Carte du Soutien à regarder, si l'action de soutien en fait regarder une
cmd-pass = passer
cmd-Play-a-Pass-visit-after-the-others = Jouer un Laissez-passer : visiter après les autres
cmd-enter = entrer
cmd-Enter-a-building = Entrer dans un bâtiment
cmd-play = poser
cmd-Place-a-card-of-your-hand-face-down = Poser face cachée une carte de votre main
cmd-card = carte
cmd-A-card-of-your-hand = Une carte de votre main
cmd-withdraw = reprendre
cmd-Take-back-a-card-you-placed = Reprendre une carte posée
cmd-A-card-you-placed = Une carte que vous avez posée
cmd-done = fini
cmd-Finish-placing-cards-or-discarding-at-the-Hospital = Finir de poser des cartes (ou de défausser à l'Hôpital)
cmd-target-player = cibler
cmd-Sword-or-Flute-choose-among-the-tied-players = Épée ou Flûte : choisir parmi les joueurs à égalité
cmd-player = joueur
cmd-The-player-seat-number = Le joueur (numéro de place)
cmd-give = donner
cmd-Give-a-card-of-your-hand-Sword-Guard-Tower = Donner une carte de votre main (Épée, Tour de garde)
cmd-take = prendre
cmd-Take-the-building-action-on-offer = Prendre l'action de bâtiment proposée
cmd-decline = refuser
cmd-Decline-the-building-action-on-offer = Refuser l'action de bâtiment proposée
cmd-look = regarder
cmd-Fortune-teller-s-tent-look-at-nun-cards = Tente de la cartomancienne : regarder des cartes du Soutien des nonnes
cmd-first = première
cmd-Nun-card-1-5 = Carte du Soutien (1 à 5)
cmd-second = seconde
cmd-Second-nun-card-Premium-action = Seconde carte du Soutien (action privilège)
cmd-discard = défausser
cmd-Hospital-discard-a-card-of-your-hand-for-a-rat = Hôpital : défausser une carte de votre main contre un rat

## Help (issue 17)
help-game = **Rattus Cartus sur Discord.** Votre main reste privée : les cartes se choisissent dans un menu privé, jamais sur un bouton public. Les cartes posées face cachée, les cartes du Soutien des nonnes que vous avez regardées et vos rats vous arrivent par message privé et avec { $hand }. Quand plusieurs joueurs décident en même temps, le message de tour a un seul bouton qui ouvre le menu de chacun. { $do } permet de taper n'importe quelle action.

rules-buildings_title = **Les bâtiments de cette partie**, carte par carte (★ action privilège, pour le joueur le plus influent ; ☆ action de base, pour les autres) :
rules-building = • **{ $building }** ({ $klass }) : ★ { $premium } · ☆ { $standard }
effect-draw_per_influence = { $per ->
    [one] 1 carte par point d'influence marqué ici ce tour
   *[other] 1 carte par { $per } points d'influence marqués ici ce tour
}
effect-hospital_rules = { $rats ->
    [0] {""}
    [one] défaussez 1 rat, puis {""}
   *[other] défaussez { $rats } rats, puis {""}
}défaussez jusqu'à { $cards } cartes de votre main, un rat chacune
rules-buildings_drawn = Les bâtiments sont tirés au début de la partie, parmi ces douze :

## Board images and summaries
## Every `board-` message is a word the renderer (render/cartus.py) draws or writes; it reads
## this file by path (render/common.py, `words`), and the bot shows none of these itself.
## A changed word changes the golden images in tests/render/golden. French words follow the
## French rulebook.

# The board image and the private image.
board-title = RATTUS CARTUS
board-round = Tour { $n }/{ $total }
board-last_round = dernier tour
board-over = Partie terminée
board-first_badge = 1er
board-influence = Influence
board-nun_row = Soutien des nonnes
board-nuns_total = Nonnes : { $n }
board-players = Joueurs
board-hand = Main
board-vp = PV
board-supply = Soutien :
board-legend = ★ action privilège   ☆ action de base
board-draw_pile = Pioche { $n }
board-discard_pile = Défausse { $n }
board-vp_left = Jetons PV { $n }
board-ranking = Classement final
board-score = { $n } PV
board-rats =
    { $n ->
        [1] 1 rat
       *[other] { $n } rats
    }
board-dead = ☠ mort
board-winner = ★ vainqueur
board-no_winner = Tous sont morts : personne ne gagne.
board-seat = Place { $n }
board-you = Vos cartes
board-your_rats = Vos rats : { $n }
board-nuns_seen = Nonnes que vous avez vues : { $n }
board-unseen =
    { $n ->
        [1] 1 carte pas vue
       *[other] { $n } cartes pas vues
    }
board-placed = Face cachée : { $building }
board-hand_empty = Votre main est vide.
board-nuns_word =
    { $n ->
        [1] 1 nonne
       *[other] { $n } nonnes
    }

# Whose turn it is, before what they do; a label before its text.
board-mover = { $who } :
board-labelled = { $label } : { $text }

# Phases, for the line under the title.
board-p_supply = choisir une action de soutien
board-p_visit = entrer dans un bâtiment
board-p_place = poser des cartes face cachée
board-p_sword_target = choisir qui donne (Épée)
board-p_sword_give =
    { $n ->
        [1] donner 1 carte à { $who } (Épée)
       *[other] donner { $n } cartes à { $who } (Épée)
    }
board-p_flute_target = choisir qui reçoit un rat (Flûte)
board-p_gain = prendre ou refuser : { $what }
board-p_look =
    { $n ->
        [1] regarder 1 carte du Soutien
       *[other] regarder { $n } cartes du Soutien
    }
board-p_hospital = défausser des cartes contre des rats
board-p_guard_give = donner des cartes à { $who } (Tour de garde)

# Supply actions and building actions, short.
board-cards = { $n } { $n ->
        [1] carte
       *[other] cartes
    }
board-look1 = 1 regard
board-rats_less =
    { $n ->
        [1] −1 rat
       *[other] −{ $n } rats
    }
board-a_draw = piocher { $n } cartes
board-a_draw_per1 = 1 carte par influence
board-a_draw_per2 = 1 carte par 2 influences
board-a_joker = prendre { $n } { $n ->
        [1] Joker
       *[other] Jokers
    }
board-a_pass = prendre { $n } Laissez-passer
board-a_sword = prendre { $n } { $n ->
        [1] Épée
       *[other] Épées
    }
board-a_flute = prendre { $n } { $n ->
        [1] Flûte
       *[other] Flûtes
    }
board-a_gold = prendre { $n } Or
board-a_rats = défausser { $n } { $n ->
        [1] rat
       *[other] rats
    }
board-a_hospital1 = −1 rat, 3 cartes : −3 rats
board-a_hospital2 = 2 cartes : −2 rats
board-a_guard1 = 3 cartes par absent
board-a_guard2 = à l'abri de la tour
board-a_look = voir { $n } { $n ->
        [1] carte nonne
       *[other] cartes nonne
    }
board-a_vp = prendre { $n } { $n ->
        [1] jeton PV
       *[other] jetons PV
    }

# The text summary.
board-s_title = Rattus Cartus, tour { $n }/{ $total }{ $last } ; premier joueur { $who }.
board-s_over = Rattus Cartus, partie terminée après { $total } tours.
board-s_move = À jouer : { $who } ({ $what }).
board-s_row = Bâtiments : { $rows }.
board-s_visit =
    { $n ->
        [1] { $who } 1 carte
       *[other] { $who } { $n } cartes
    }
board-s_influence = Influence : { $rows }.
board-s_hands = Mains : { $rows }.
board-s_vp = Jetons PV : { $rows }.
board-s_looks = Cartes du Soutien regardées : { $rows }.
board-s_ranking = Classement : { $rows }.
board-s_nuns = Le Soutien des nonnes montre { $n } nonnes.
board-sep = {" ; "}

# Buildings (named as in the French rulebook), classes, cards and the piles' labels.
board-building-farm = Ferme
board-building-brewery = Brasserie
board-building-marketplace = Marché
board-building-office = Administration
board-building-monastery = Monastère
board-building-hospital = Hôpital
board-building-castle = Château
board-building-guard_tower = Tour de garde
board-building-fortune_teller = Tente de la cartomancienne
board-building-piper_hut = Cabane du joueur de flûte
board-building-palace = Palais
board-building-treasury = Trésor
board-class-peasantry = Paysannerie
board-class-bourgeoisie = Bourgeoisie
board-class-church = Clergé
board-class-chivalry = Chevalerie
board-class-magic = Magie
board-class-royalty = Noblesse
board-card-peasant = Paysan
board-card-merchant = Marchand
board-card-monk = Moine
board-card-knight = Chevalier
board-card-witch = Sorcière
board-card-king = Roi
board-card-joker = Joker
board-card-sword = Épée
board-card-flute = Flûte
board-card-pass = Laissez-passer
board-card-gold = Or
board-pile-joker = Jokers
board-pile-sword = Épées
board-pile-flute = Flûtes
board-pile-pass = Laissez-passer
board-pile-gold = Or
