# Le Joueur de Flûte : tous les textes en français. Les clés sont des identifiants ; `cmd-…` traduit les commandes.
# La narration est au présent (« Alice pose… », « le rat jaune avance… »), avec les mots de la règle.

game-title = Le Joueur de Flûte
dm-hello = Bonjour ! Vous avez rejoint la partie n°{ $id } ({ $game }) dans { $channel }. Vos cartes Action (et, avec les cartes cachées, ce que vous avez posé face cachée) arriveront ici.
settings-show = ⚙️ Langue du salon : { $lang_name }. Rappels après { $hours } h, au plus { $count } par décision. { $clock }

## Noms

card-forward1 = Avance 1
card-forward2 = Avance 2
card-back1 = Recule 1
card-sewer = Égout
card-plus1 = +1
card-melody = Mélodie
card-hidden = une carte face cachée
card-own_hidden = votre carte { $card } face cachée
figure-piper = Joueur de flûte
figure-yellow = rat jaune
figure-red = rat rouge
figure-blue = rat bleu
figure-green = rat vert
figure-purple = rat violet
figure-orange = rat orange
figure-the = le { $name }
list-and = { $head } et { $last }
list-or = { $head } ou { $last }
list-then = { $first }, puis { $second }
where-slot = le personnage en place { $slot }
where-slot_short = place { $slot }
where-character = le { $character } (place { $slot })
where-with = {", "}avec { $cards }

## Actions, boutons et listes

action-play = Poser { $card } sous { $where }{ $under }
action-play_hidden = Poser { $card } face cachée sous { $where }{ $under }
action-activate = Activer d'abord { $where }
verb-play = Poser une carte
verb-activate = Activer d'abord
pick-hidden = face cachée
prompt-play = posez { $count ->
        [one] une carte Action
       *[other] { $count } cartes Action
    } sous les personnages (le bouton ouvre vos cartes, pour vous seul).
prompt-play_hidden = posez { $count ->
        [one] une carte Action
       *[other] { $count } cartes Action
    } sous les personnages ; l'une d'elles peut être face cachée (le bouton ouvre vos cartes, pour vous seul).
prompt-second = posez votre seconde carte Action sous un autre personnage (le bouton ouvre vos cartes, pour vous seul).
prompt-second_hidden = posez votre seconde carte Action sous un autre personnage ; elle peut être face cachée (le bouton ouvre vos cartes, pour vous seul).
prompt-order = choisissez quel personnage s'active d'abord : { $places }.
prompt-over = la partie est finie.

## Salon d'attente et règles

variant-ptits_rats = « p'tits rats » (chaque carte agit aussitôt)
variant-hidden = « vivons cachés » (une carte par tour face cachée)
lobby-variant = Variante : { $variant }
rules = **Le Joueur de Flûte en bref.** Chaque joueur habite une maison d'Hamelin ; les maisons forment un cercle, avec des rats et le Joueur de flûte entre elles. À votre tour, posez 2 cartes Action (1 seule au tout premier tour) sous deux personnages différents de la rangée de 4. Ensuite, chaque personnage qui a 2 cartes s'active : sa figurine se déplace comme le disent ses cartes, dans l'ordre de pose. Avance 1 et Avance 2 traversent les maisons devant elle, Recule 1 celle de derrière, Égout passe sous la maison de devant sans rien changer ; +1 ajoute une maison à l'autre carte, Mélodie emmène toutes les figurines au même endroit ; deux cartes spéciales ne font rien. Un rat qui traverse une maison fait monter son compteur de 1, le Joueur de flûte le fait descendre de 1. Si deux personnages s'activent, vous choisissez lequel passe d'abord. Les personnages activés sont remplacés et vous complétez votre main à 4 cartes. Un compteur qui atteint le toit (niveau 7) fait fuir son joueur : le joueur dont c'est le tour récupère ce compteur. Quand il ne reste que deux joueurs, le compteur le plus bas gagne (puis le plus de compteurs récupérés). À 2 joueurs, deux maisons neutres s'ajoutent au cercle et le premier compteur sur le toit perd.
rules-ptits_rats = **Variante « p'tits rats » :** sans cartes +1 ni Mélodie ; chaque carte agit dès qu'elle est posée, et un personnage est remplacé après sa seconde carte.
rules-hidden = **Variante « pour vivre heureux, vivons cachés » :** à chaque tour, l'une de vos cartes peut être posée face cachée ; elle est révélée quand son personnage s'active.
rules-commands = Jouez avec les boutons, ou avec `/piper play`, `/piper activate` et `/piper do` ; `/game hand` montre vos cartes.

## Événements

event-game_set_up = 🏘️ Hamelin : { $houses } maisons en cercle, un rat entre chaque maison ; le Joueur de flûte et un rat de plus attendent devant la maison { DE($first) }. Un compteur qui atteint le toit (niveau { $roof }) fait fuir son joueur.
event-game_set_up_neutral = 🏘️ Hamelin : { $houses } maisons en cercle, dont deux neutres (sans compteur), un rat entre chaque maison ; le Joueur de flûte et un rat de plus attendent devant la maison { DE($first) }. Un compteur qui atteint le toit (niveau { $roof }) fait fuir son joueur.
event-variant_ptits_rats = Variante « p'tits rats » : chaque carte agit dès qu'elle est posée ; pas de cartes +1 ni Mélodie.
event-variant_hidden = Variante « pour vivre heureux, vivons cachés » : une carte par tour peut être posée face cachée, et révélée quand son personnage s'active.
event-display_dealt = 🎭 Les personnages, dans l'ordre : { $characters }.
event-pipers_set_aside = ({ $count ->
        [one] Une carte Joueur de flûte en trop est remélangée
       *[other] { $count } cartes Joueur de flûte en trop sont remélangées
    } dans la pioche Personnage.)
event-hand_dealt = 🃏 Vos cartes Action : { $cards }.
event-turn_began = **Tour { $turn }** : { $player } pose { $cards ->
        [one] une carte Action
       *[other] { $cards } cartes Action
    }.
event-card_played = { $player } pose une carte { $card } sous le { $character } (place { $slot }){ $count ->
        [2] {" "}: le { $character } a maintenant deux cartes
       *[other] {""}
    }.
event-card_played_hidden = { $player } pose une carte face cachée sous le { $character } (place { $slot }){ $count ->
        [2] {" "}: le { $character } a maintenant deux cartes
       *[other] {""}
    }.
event-hidden_card_played = 🂠 Vous avez posé votre carte { $card } face cachée sous le { $character } (place { $slot }).
event-card_revealed = 🂠 Retournée sous le { $character } (place { $slot }) : la carte { $card } { DE($player) }.
event-order_asked = { $player } choisit quel personnage s'active d'abord : { $places }.
event-activated = ▶️ Le { $character } (place { $slot }) s'active : { $cards }.
event-activated_first = ▶️ { $player } active d'abord le { $character } (place { $slot }) : { $cards }.
event-activated_nothing = ▶️ Le { $character } (place { $slot }) s'active avec deux cartes spéciales ({ $cards }) : rien ne se passe.
move-melody = Avec la Mélodie, { $figures }
move-with = { $card } et { $special }
event-moved_forward = { $subject } { $count ->
        [one] avance
       *[other] avancent
    } { $houses ->
        [one] d'une maison
       *[other] de { $houses } maisons
    } ({ $card }) : { $crossed }.
event-moved_back = { $subject } { $count ->
        [one] recule
       *[other] reculent
    } { $houses ->
        [one] d'une maison
       *[other] de { $houses } maisons
    } ({ $card }) : { $crossed }.
event-moved_sewer = { $subject } { $count ->
        [one] passe
       *[other] passent
    } par l'égout sous { $houses ->
        [one] une maison
       *[other] { $houses } maisons
    } ({ $card }) : { $crossed }.
event-move_interrupted = La partie se termine avant la fin du déplacement.
crossing-neutral = une maison neutre
crossing-none = aucune maison
crossing-under = { $player } inchangé à { $level }
crossing-same = { $player } reste à { $level }
crossing-change = { $player } { $before } → { $level }
crossing-roof = { $player } { $before } → { $level } (le toit !)
event-player_eliminated = 🏚️ { $player } s'enfuit d'Hamelin : son compteur a atteint le toit.
event-counters_taken = { $by } récupère { $count ->
        [one] ce compteur
       *[other] ce compteur et { $extra ->
            [one] celui { QUE($player) } avait récupéré
           *[other] les { $extra } { QUE($player) } avait récupérés
        }
    }.
event-counter_not_taken = Personne ne le récupère : c'était le tour { DE($player) }.
event-players_left = Il reste { $count } joueurs en lice.
event-hand_discarded = La main { DE($player) } part face visible à la défausse : { $cards }.
event-character_replaced = 🔄 Le { $old } a agi : sa carte Personnage quitte la rangée (place { $slot }), et une nouvelle carte est tirée à sa place : le { $new }.
event-character_deck_reshuffled = 🔀 La pioche Personnage est vide : les { $count } cartes Personnage défaussées forment une nouvelle pioche.
event-action_deck_reshuffled = 🔀 La pioche Action est vide : les { $count } cartes Action défaussées sont mélangées en une nouvelle pioche.
event-hand_refilled = { $player } pioche { $count ->
        [one] une carte Action
       *[other] { $count } cartes Action
    }.
event-cards_drawn = 🃏 Vous piochez : { $cards }.
event-game_ended = 🏆 Il ne reste que deux joueurs : { $winner } gagne avec le compteur le plus bas ({ $level } contre { $other } pour { $loser }).
event-game_ended_counters = 🏆 Il ne reste que deux joueurs, tous deux au niveau { $level } : { $winner } gagne avec plus de compteurs récupérés.
event-game_ended_roof = 🏆 { $winner } gagne : le compteur adverse a atteint le toit.
event-game_ended_draw = 🏆 Il ne reste que deux joueurs, tous deux au niveau { $level } et avec autant de compteurs récupérés : égalité ! (La règle dit : refaites une partie !)

## Informations privées et classement

hand-none = aucune
hand-cards = 🃏 Votre main ({ $count ->
        [one] une carte
       *[other] { $count } cartes
    }) : { $cards }.
hand-empty = 🃏 Votre main est vide.
hand-hidden = 🂠 Votre carte face cachée sous le { $character } (place { $slot }) : { $card }.
hand-level = 🏠 Votre compteur : niveau { $level } sur { $roof }{ $count ->
        [0] {""}
       *[other] {" "}; vous avez récupéré { $count ->
            [one] un compteur
           *[other] { $count } compteurs
        }
    }.
hand-fled = 🏚️ Vous avez fui : votre compteur a atteint le toit{ $count ->
        [0] {""}
       *[other] {" "}(vous aviez récupéré { $count ->
            [one] un compteur
           *[other] { $count } compteurs
        })
    }.
ranking-how = Le compteur le plus bas gagne (à égalité, le plus de compteurs récupérés) ; suivent ceux qui ont fui, le dernier parti d'abord.
ranking-row = { $medal } { $player } : compteur au niveau { $level }{ $count ->
        [0] {""}
       *[other] , { $count ->
            [one] un compteur récupéré
           *[other] { $count } compteurs récupérés
        }
    }
ranking-fled = { $medal } { $player } : en fuite, compteur sur le toit ({ $level }){ $count ->
        [0] {""}
       *[other] , { $count ->
            [one] un compteur récupéré
           *[other] { $count } compteurs récupérés
        }
    }
ranking-tie_break = ⚖️ { $players } : compteurs au même niveau ({ $score }), égalité départagée par la règle : le plus de compteurs Rat adverses récupérés passe devant.

## Erreurs de règles

error-bad_option = Option de partie inconnue : { $option }.
error-bad_players = Ce jeu se joue de { $low } à { $high } joueurs, pas { $players }.
error-bad_slot = { $value } n'est pas un personnage : donnez sa place dans la rangée, de 1 à 4.
error-bad_variant = { $variant } n'est pas une variante du Joueur de Flûte : choisissez { variant-ptits_rats } ou { variant-hidden }.
error-card_not_in_hand = Vous n'avez pas de carte { $card ->
        [forward1] { card-forward1 }
        [forward2] { card-forward2 }
        [back1] { card-back1 }
        [sewer] { card-sewer }
        [plus1] { card-plus1 }
        [melody] { card-melody }
       *[other] { $card }
    } en main.
error-character_full = Le { $character ->
        [piper] { figure-piper }
        [yellow] { figure-yellow }
        [red] { figure-red }
        [blue] { figure-blue }
        [green] { figure-green }
        [purple] { figure-purple }
        [orange] { figure-orange }
       *[other] { $character }
    } en place { $slot } a déjà deux cartes Action.
error-hidden_not_allowed = On ne pose une carte face cachée que dans la variante « pour vivre heureux, vivons cachés ».
error-not_activating = Le personnage en place { $slot } ne fait pas partie de ceux qui s'activent.
error-one_hidden = Une seule de vos deux cartes peut être posée face cachée ce tour-ci.
error-same_character = Vos deux cartes du tour vont sous deux personnages différents : le { $character ->
        [piper] { figure-piper }
        [yellow] { figure-yellow }
        [red] { figure-red }
        [blue] { figure-blue }
        [green] { figure-green }
        [purple] { figure-purple }
        [orange] { figure-orange }
       *[other] { $character }
    } en place { $slot } a déjà la première.
error-unknown_action_card = Il n'y a pas de carte Action nommée { $card }.
error-variants_combined = Les variantes « p'tits rats » et « vivons cachés » ne se jouent pas ensemble.
error-wrong_phase = Vous ne pouvez pas faire cela maintenant : { $phase ->
        [play] posez une carte Action sous un personnage
        [order] choisissez quel personnage s'active d'abord
        [over] la partie est finie
       *[other] { $phase }
    }.

## Commandes (les textes anglais sont dans le code)

cmd-piper = piper
cmd-The-Pied-Piper-actions = Actions du Joueur de Flûte
cmd-play = poser
cmd-Place-an-action-card-under-a-character = Poser une carte Action sous un personnage
cmd-An-action-card-of-your-hand = Une carte Action de votre main
cmd-The-character-by-its-place-in-the-row-1-4 = Le personnage, par sa place dans la rangée (1 à 4)
cmd-Face-down-hidden-cards-variant-one-card-a-turn = Face cachée (variante « vivons cachés », une carte par tour)
cmd-card = carte
cmd-character = personnage
cmd-hidden = cachée
cmd-activate = activer
cmd-Choose-which-character-activates-first = Choisir quel personnage s'active d'abord
cmd-The-character-to-activate-first = Le personnage à activer d'abord

## Help (issue 17)
help-game = **Le Joueur de Flûte sur Discord.** Votre main de cartes Action reste privée : le bouton du message de tour ouvre un menu privé de vos cartes et personnages, ou tapez n'importe quelle action avec { $do }. { $hand } montre votre main (et, dans la variante des cartes cachées, vos cartes face cachée) ; une nouvelle main vous arrive aussi par message privé.

## Board images and summaries
## Every `board-` message is a word the renderer (render/piper.py) draws or writes; it reads
## this file by path (render/common.py, `words`), and the bot shows none of these itself.
## A changed word changes the golden images in tests/render/golden. French words follow the
## French rulebook.

# The board image and the private image.
board-title = Le Joueur de Flûte
board-turn = Tour { $n }
board-to_play = À { $who } de jouer
board-to_order = { $who } : quel personnage d'abord ?
board-wins = { $who } gagne
board-draw = Égalité
board-neutral = neutre
board-fled = a fui
board-fled_to = a fui → { $who }
board-hand = main { $n }
board-took = a pris { $n }
board-characters = Personnages
board-face_down = face cachée
board-first = s'active
board-piles = Pioche Action { $deck } · défausse { $discard }
board-char_pile = Pioche Personnages { $n }
board-ranking = Classement final
board-level = niveau { $n }
board-seat = Joueur { $n }
board-over = Partie finie
board-your_hand = Votre main
board-your_hidden = Vos cartes face cachée
board-under = place { $slot } : { $figure }
board-secret = Vous seul voyez ceci
board-last_turn = +1 / −1 : compteurs au dernier tour { DE($who) }

# The text summary.
board-sep = {" ; "}
board-s_title = Le Joueur de Flûte, tour { $n }.
board-s_move = À { $who } de jouer ({ $what }).
board-s_place = pose une carte Action
board-s_order = choisit quel personnage s'active d'abord
board-s_houses = Maisons dans l'ordre du jeu (toit à { $roof }) : { $rows }.
board-s_house = { $who } { $level }/{ $roof }
board-s_neutral = maison neutre
board-s_fled = En fuite : { $rows }.
board-s_taken = { $who } (compteur à { $by })
board-s_gaps = Figurines : { $rows }.
board-s_gap = { $a }→{ $b } : { $figures }
board-s_empty = aucune
board-s_chars = Personnages : { $rows }.
board-s_char = { $slot } { $figure }{ $cards }
board-s_gone = Défausse Personnages : { $rows }.
board-s_by = { $card } ({ $who })
board-s_hidden = une carte face cachée ({ $who })
board-s_hands = Mains : { $rows }. Pioche Action { $deck }, défausse { $discard }.
board-s_last = Déplacements du tour { $turn } ({ $who }) : { $moves }.
board-s_move_line = { $figures } { $way } { $houses }
board-s_forward = avance
board-s_back = recule
board-s_sewer = par l'égout
board-s_ranking = Classement final : { $rows }.
board-s_rank = { $rank }. { $who } { $level }/{ $roof }
board-s_draw = Égalité.
board-s_win = { $who } gagne.
board-s_held = { $n } pris

# Figures, the letters on the rats' discs, and the action cards.
board-figure-piper = Joueur de flûte
board-figure-yellow = Rat jaune
board-figure-red = Rat rouge
board-figure-blue = Rat bleu
board-figure-green = Rat vert
board-figure-purple = Rat violet
board-figure-orange = Rat orange
board-letter-yellow = J
board-letter-red = R
board-letter-blue = B
board-letter-green = V
board-letter-purple = Vi
board-letter-orange = O
board-card-forward1 = Avance 1
board-card-forward2 = Avance 2
board-card-back1 = Recule 1
board-card-sewer = Égout
board-card-plus1 = +1
board-card-melody = Mélodie
