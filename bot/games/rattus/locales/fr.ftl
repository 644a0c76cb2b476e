# Rattus: every text in French. Keys are message ids; `cmd-…` translate slash-command texts.

action-astronomer = Piocher 3 cartes Région (Astronome)
action-caravan_move = Déplacer la Caravane par { $region } jusqu'en { $second } (Caravanier)
action-caravan_place = Placer la Caravane en { $region }
action-choose = Garder la carte { $n }
action-choose_card = Garder { $card }
action-done = Finir mon tour
action-explore = Placer un cube en { $region } (Explorateur)
action-explore_none = Ne placer aucun cube (Explorateur)
action-explorer = Révéler 3 cartes Région (Explorateur)
action-keep = Laisser les jetons en place (Sorcière)
action-king = Mettre au château un cube { DE($region, h: "yes") } (Roi)
action-merchant = Déplacer { $count ->
        [one] { $count } cube
       *[other] { $count } cubes
    } { DE($source, h: "yes") } vers { $target } (Marchand)
action-merchant_diplomat = Déplacer { $count ->
        [one] { $count } cube
       *[other] { $count } cubes
    } avec le pion Diplomate { DE($source, h: "yes") } vers { $target } (Marchand)
action-monk = Déplacer le jeton rat { $position } { DE($source, h: "yes") } vers { $target } (Moine)
action-open = Placer 2 cubes en { $region }
action-open2 = Placer 1 cube en { $region } et 1 en { $second }
action-pass = Ne jouer aucune carte Région
action-peek = Regarder le jeton rat { $position } en { $region } (Sorcière)
action-place = Placer { $count ->
        [one] { $count } cube
       *[other] { $count } cubes
    } en { $region }
action-plague = Déplacer la Peste en { $region }
action-plague_plus2 = Déplacer la Peste en { $region }, comptant pour 2 cubes
action-protect = Jouer { $region_card } pour protéger votre carte { $card }
action-rats = Placer les nouveaux rats : { $regions }
action-ravage = Ravager { $region } ensuite
action-standing = Choisir la consigne permanente : { $standing }
action-sultan = Placer un pion Diplomate en { $region } (Sultan)
action-swap = Échanger les deux jetons (Sorcière)
action-take = Prendre la carte { $card }
card-astronomer = Astronome arabe
card-caravaneer = Caravanier
card-explorer = Explorateur
card-king = Roi
card-knight = Chevalier
card-merchant = Marchand
card-monk = Moine
card-peasant = Paysan
card-sultan = Sultan
card-witch = Sorcière
cmd-A-revealed-region-or-none = Une région révélée, ou aucune
cmd-Africanus-2-6-players = Africanus (2 à 6 joueurs)
cmd-Africanus-the-cube-with-your-diplomat-moves-too = Africanus : le cube de votre pion Diplomate part aussi
cmd-Astronomer-draw-3-region-cards = Astronome : piocher 3 cartes Région
cmd-Astronomer-keep-one-drawn-card = Astronome : garder une carte piochée
cmd-Caravaneer-where-the-caravan-stops = Caravanier : où la Caravane s'arrête
cmd-Class-card = Carte Classe
cmd-Class-card-to-protect = Carte Classe à protéger
cmd-Explorer-place-a-cube-or-none = Explorateur : placer un cube, ou aucun
cmd-Explorer-reveal-3-region-cards = Explorateur : révéler 3 cartes Région
cmd-Final-ravage-the-next-region = Dernier ravage : la région suivante
cmd-Final-round-end-your-turn = Dernière manche : finir votre tour
cmd-From = Depuis
cmd-How-many-1-3 = Combien (1 à 3)
cmd-How-many-cubes = Combien de cubes
cmd-King-move-a-cube-to-the-palace = Roi : mettre un cube au château
cmd-Knight-the-plague-counts-as-two-cubes = Chevalier : la Peste compte pour deux cubes
cmd-Merchant-move-up-to-3-cubes = Marchand : déplacer jusqu'à 3 cubes
cmd-Monk-move-a-rat-token-to-a-neighbour = Moine : déplacer un jeton rat vers une région voisine
cmd-Move-the-plague-piece = Déplacer l'emblème de la Peste
cmd-Neighbour = Région voisine
cmd-Place-cubes-in-a-region = Placer des cubes dans une région
cmd-Place-or-move-the-caravan = Placer ou déplacer la Caravane
cmd-Place-the-new-rat-tokens-of-the-spread = Placer les nouveaux jetons rats de la propagation
cmd-Play-a-region-card-to-protect-a-class-card = Jouer une carte Région pour protéger une carte Classe
cmd-Play-no-region-card-now = Ne jouer aucune carte Région maintenant
cmd-Rattus-actions = Actions de Rattus
cmd-Region = Région
cmd-Region-card = Carte Région
cmd-Region-of-the-second-rat = Région du second rat
cmd-Region-of-the-token = Région du jeton
cmd-Region-without-rats = Région sans rat
cmd-Second-region-Africanus-only = Seconde région (Africanus seulement)
cmd-Set-up-place-your-opening-cubes = Mise en place : placer vos cubes de départ
cmd-Sultan-put-a-diplomat-under-a-cube = Sultan : placer un pion Diplomate sous un cube
cmd-Take-a-class-card = Prendre une carte Classe
cmd-The-card-to-keep = La carte à garder
cmd-To = Vers
cmd-When-to-play-a-region-card-during-a-ravage = Quand jouer une carte Région pendant un ravage
cmd-Where-set-up-or-through-where-Caravaneer = Où (mise en place) ou par où (Caravanier)
cmd-Where-to = Vers où
cmd-Which-token = Quel jeton
cmd-Witch-end-the-spell-without-swapping = Sorcière : finir le sortilège sans échanger
cmd-Witch-look-at-a-rat-token = Sorcière : regarder un jeton rat
cmd-Witch-swap-the-two-tokens-you-looked-at = Sorcière : échanger les deux jetons regardés
cmd-Your-standing-order-for-region-cards-private = Votre consigne permanente pour les cartes Région (privée)
cmd-always-protect-when-a-card-saves-cubes = toujours protéger quand une carte sauve des cubes
cmd-ask-me-each-time = me demander à chaque fois
cmd-astronomer = astronome
cmd-caravan = caravane
cmd-card = carte
cmd-choose = garder
cmd-count = nombre
cmd-diplomat = diplomate
cmd-done = fini
cmd-explore = explorer
cmd-explorer = explorateur
cmd-keep = garder
cmd-king = roi
cmd-knight-cubes = chevalier_cubes
cmd-merchant = marchand
cmd-monk = moine
cmd-never-play-a-card = ne jamais jouer de carte
cmd-open = départ
cmd-order = consigne
cmd-pass = passer
cmd-peek = regarder
cmd-place = placer
cmd-plague = peste
cmd-position = jeton
cmd-protect = protéger
cmd-protected = protégée
cmd-rats = rats
cmd-rattus = rattus
cmd-ravage = ravager
cmd-region = région
cmd-second = seconde
cmd-source = depuis
cmd-standing = consigne
cmd-sultan = sultan
cmd-swap = échanger
cmd-take = prendre
cmd-target = vers
dm-hello = Bonjour ! Vous avez rejoint la partie de Rattus n°{ $id } dans { $channel }. Ce que vous seul pouvez savoir (un regard de Sorcière, vos cartes) arrivera ici.
error-ability_used = Vous avez déjà utilisé la carte { $card } ce tour-ci.
error-already_hold_card = Vous avez déjà la carte { $card }.
error-already_placed = Vous avez déjà placé des cubes ce tour-ci.
error-already_protected = Votre carte { $card } est déjà protégée dans cette région.
error-already_took_card = Vous avez déjà pris une carte Classe ce tour-ci.
error-bad_cards = { $count ->
        [one] Carte Classe inconnue
       *[other] Cartes Classe inconnues
    } : { $cards }.
error-bad_number = « { $value } » ne convient pas ici : il faut { $what }.
error-bad_option = Option de partie inconnue : { $option }.
error-bad_players = Ce jeu se joue de { $low } à { $high } joueurs, pas { $players }.
error-bad_standing = « { $value } » n'est pas une consigne permanente : choisissez-en une avec `/rattus standing` (« { standing-always } », « { standing-never } » ou « { standing-ask } »).
error-caravan_return = La Caravane ne peut pas revenir en { $region } pendant le même déplacement.
error-final_no_cubes = Aucun cube ne peut être ajouté pendant la dernière manche (seul le Paysan en ajoute un) : la carte { $card } ne peut pas servir maintenant.
error-card_does_not_fit = La carte Région { $region_card } ne peut pas protéger la carte { $card }.
error-card_not_in_play = La carte { $card } n'est pas en jeu dans cette partie.
error-diplomat_already_there = Vous avez déjà un pion Diplomate en { $region }.
error-diplomat_must_move = Tous vos cubes quittent { $region }, le cube de votre pion Diplomate part donc aussi : choisissez le déplacement « avec le pion Diplomate » (l'option diplomate de `/rattus merchant`).
error-final_knight_counts = Pendant la dernière manche, la Peste déplacée par le Chevalier compte pour deux cubes : ajoutez +2.
error-knight_needed = Seul le Chevalier fait compter la Peste pour deux cubes.
error-merchant_count = Le Marchand déplace de 1 à 3 cubes, pas { $count }.
error-no_card = Vous n'avez pas la carte { $card }.
error-no_cube_there = Vous n'avez aucun cube en { $region }.
error-no_cubes_left = Vous n'avez plus de cubes en réserve.
error-no_diplomat_left = Il ne reste aucun pion Diplomate dans la réserve.
error-no_diplomat_there = Vous n'avez pas de pion Diplomate en { $region }.
error-no_rats_to_place = { $region } n'a aucun jeton rat : vous ne pouvez pas y placer de cubes (seul le Paysan le peut).
error-no_region_cards_left = Il ne reste aucune carte Région à piocher.
error-no_such_card = Choisissez { $count ->
        [one] la carte piochée
       *[other] une des { $count } cartes piochées
    }.
error-no_such_token = { $region } n'a pas de jeton rat numéro { $position }.
error-not_africanus = Cela appartient à l'extension Africanus, que cette partie n'utilise pas.
error-not_enough_cubes = Vous n'avez que { $have ->
        [one] { $have } cube
       *[other] { $have } cubes
    } en { $region }.
error-not_explored = { $region } n'est pas une des régions révélées par l'Explorateur.
error-not_in_hand = Vous n'avez pas la carte Région { $region_card }.
error-not_neighbour = { $target } n'est pas voisine { DE($source, h: "yes") }.
error-nothing_to_ravage = { $region } n'a plus rien à ravager.
error-opening_one_region = Placez vos deux cubes de départ dans la même région.
error-plague_must_move = La Peste doit quitter { $region }.
error-plague_too_far = La Peste ne peut pas aller { DE($source, h: "yes") } en { $region } en { $steps ->
        [one] { $steps } déplacement
       *[other] { $steps } déplacements
    }.
error-region_full = { $region } a déjà 3 jetons rats.
error-region_has_rats = Le Roi ne prend un cube que dans une région sans jeton rat, et { $region } en a.
error-region_not_in_play = { $region } n'est pas en jeu dans cette partie.
error-same_token = Regardez un autre jeton rat la seconde fois.
error-setting_window_minutes = Une décision sur une carte Région dure de { $low } à { $high } minutes.
error-spread_count = Placez exactement { $count ->
        [one] { $count } jeton rat
       *[other] { $count } jetons rats
    }.
error-swap_needs_two = Vous ne pouvez échanger que deux jetons rats regardés dans deux régions différentes.
error-unknown_card = Il n'y a pas de carte Classe nommée { $card }.
error-unknown_region = Il n'y a pas de région nommée { $region }.
error-unknown_region_card = Il n'y a pas de carte Région nommée { $region_card }.
error-witch_decide = Vous avez regardé deux jetons rats : échangez-les ou laissez-les en place.
error-wrong_cube_count = En { $region }, vous pouvez placer { $allowed ->
        [one] { $allowed } cube
       *[other] { $allowed } cubes
    }, pas { $count }.
error-wrong_phase = Vous ne pouvez pas faire cela maintenant : { $phase }.
event-astronomer_drew = { $player } (Astronome) a pioché { $count ->
        [one] { $count } carte Région
       *[other] { $count } cartes Région
    }.
event-astronomer_kept = { $player } (Astronome) a gardé une carte et défaussé { $discarded }.
event-caravan_cube_added = 🐪 { $player } ajoute un cube en { $region } (Caravane).
event-caravan_moved = 🐪 { $player } (Caravanier) a déplacé la Caravane { DE($source, h: "yes") } par { $middle } jusqu'en { $target }.
event-caravan_placed = 🐪 { $player } a placé la Caravane en { $region }.
event-card_taken = { $player } a pris la carte { $card }.
event-card_taken_from = { $player } a pris la carte { $card } à { $other }.
event-cube_to_palace = { $player } (Roi) a mis au château un cube { DE($region, h: "yes") }.
event-cubes_moved = { $player } (Marchand) a déplacé { $count ->
        [one] { $count } cube
       *[other] { $count } cubes
    } { DE($source, h: "yes") } vers { $target }.
event-cubes_placed = { $player } a placé { $count ->
        [one] { $count } cube
       *[other] { $count } cubes
    } en { $region }.
event-cubes_placed_opening = { $player } a placé { $count ->
        [one] { $count } cube de départ
       *[other] { $count } cubes de départ
    } en { $region }.
event-diplomat_moved = Le pion Diplomate { DE($player) } est passé { DE($source, h: "yes") } en { $target }.
event-diplomat_placed = { $player } (Sultan) a placé un pion Diplomate sous un cube en { $region }.
event-diplomat_returned_palace = Le pion Diplomate { DE($player) } en { $region } retourne dans la réserve (son cube est parti au château).
event-diplomat_returned_plague = Le pion Diplomate { DE($player) } en { $region } retourne dans la réserve.
event-end_all_cubes_placed = Un joueur a tous ses cubes sur le plateau : après le tour { DE($player) } vient la dernière manche.
event-end_rat_supply_empty = La réserve de rats est vide : après le tour { DE($player) } vient la dernière manche.
event-explorer_placed = { $player } (Explorateur) a placé un cube en { $region }.
event-explorer_placed_none = { $player } (Explorateur) n'a placé aucun cube.
event-explorer_revealed = { $player } (Explorateur) a révélé { $cards }.
event-final_ravage_began = ☠️ La Peste ravage toutes les régions.
event-final_turn_began = Dernière manche : { $player } peut utiliser ses cartes Classe une dernière fois.
event-game_set_up = La Peste commence en { $plague }. { $supply } jetons rats sont en réserve ({ $removed } retirés sans être vus).
event-hands_revealed = Cartes Région en main à la fin : { $hands }
event-no_loss = personne ne perd de cube.
event-plague_moved = ☠️ { $player } a déplacé la Peste { DE($source, h: "yes") } vers { $target }.
event-plague_moved_plus2 = ☠️ { $player } a déplacé la Peste { DE($source, h: "yes") } vers { $target } ; le Chevalier la fait compter pour 2 cubes.
event-protection_declined = Vous ne jouez pas (plus) de carte Région sur ce jeton.
event-rat_token_moved = { $player } (Moine) a déplacé le jeton rat { $position } { DE($source, h: "yes") } vers { $target }.
event-rat_token_peeked = { $player } (Sorcière) a regardé le jeton rat { $position } en { $region }.
event-rat_token_seen = 🔮 Jeton rat { $position } en { $region } : { $face }.
event-rat_tokens_added = 🐀 { $count ->
        [one] { $count } nouveau jeton rat
       *[other] { $count } nouveaux jetons rats
    } en { $region }.
event-rat_tokens_swapped = { $player } (Sorcière) a échangé le jeton { $a } { DE($first, h: "yes") } et le jeton { $b } { DE($second, h: "yes") }.
event-ravage_region_chosen = { $player } a choisi { $region } comme prochaine région ravagée.
event-reaction_window_opened = ⏳ { $region } : { $face }. Avant qu'il ne s'applique, des cartes Région peuvent être jouées pour protéger des cartes Classe.
event-region_card_kept = 🔭 Vous gardez { $region_card }.
event-region_card_played = 🛡️ { $player } a joué { $region_card } pour protéger sa carte { $card } en { $region }.
event-region_card_committed = 🛡️ Vous jouez { $region_card } pour protéger votre carte { $card } en { $region } : tout le monde la verra à la fermeture de la fenêtre.
event-region_card_committed_standing = 🛡️ Votre consigne permanente joue { $region_card } pour protéger votre carte { $card } en { $region } : tout le monde la verra à la fermeture de la fenêtre.
event-region_cards_dealt = 🃏 Vos cartes Région : { $cards }.
event-region_cards_discarded = { $count ->
        [one] La carte Région jouée en { $region } est défaussée.
       *[other] Les { $count } cartes Région jouées en { $region } sont défaussées.
    }
event-region_cards_drawn = 🔭 Vous avez pioché : { $cards }.
event-region_deck_reshuffled = Les { $cards } cartes Région défaussées forment une nouvelle pioche.
event-revealed_nothing = 🐀 { $region } : { $face } avec { $cubes ->
        [one] { $cubes } cube
       *[other] { $cubes } cubes
    } : aucun effet.
event-revealed_outbreak = 🐀 { $region } : { $face } avec { $cubes ->
        [one] { $cubes } cube
       *[other] { $cubes } cubes
    } : contamination ! { $losses }
event-standing_order_set = Votre consigne permanente pour les cartes Région : { $standing }.
game-title = Rattus
hand-cards = Cartes Classe : { $cards }.
hand-empty = Votre main de cartes Région est maintenant vide.
hand-known_token = 🔮 { $region }, jeton rat { $position } : { $face }.
hand-no_cards = Vous n'avez aucune carte Classe.
hand-none = aucune
hand-nothing_known = Vous ne connaissez aucun jeton rat face cachée.
hand-region_cards = Cartes Région : { $cards }.
hand-reserve = Cubes en réserve : { $count }.
hand-standing = Consigne permanente pour les cartes Région : { $standing }.
lobby-cards = Cartes Classe : { $cards }
lobby-expansion = Extension : { $expansion }
origin-timeout = ⏰ { $player } n'a pas répondu à temps : sa consigne permanente s'applique.
phase-astronomer = gardez d'abord une des cartes Région piochées
phase-caravan = la Caravane est en train d'être placée
phase-explorer = placez d'abord un cube dans une région révélée, ou aucun
phase-final = pendant la dernière manche, vous ne pouvez qu'utiliser vos cartes Classe
phase-main = prenez une carte, placez des cubes, utilisez vos cartes ou déplacez la Peste
phase-opening = les joueurs placent leurs cubes de départ
phase-over = la partie est finie
phase-ravage_order = le dernier joueur choisit la prochaine région ravagée
phase-reaction = la Peste attend que des joueurs protègent leurs cartes Classe
phase-spread = placez d'abord les nouveaux jetons rats
phase-witch = terminez d'abord le sortilège de la Sorcière
prompt-astronomer = gardez une des cartes Région piochées.
prompt-caravan = placez la Caravane dans la région de votre choix.
prompt-explorer = placez un cube dans une des régions révélées, ou aucun.
prompt-final = utilisez vos cartes Classe une dernière fois, puis finissez votre tour.
prompt-main = prenez une carte Classe, placez des cubes, utilisez vos cartes, puis déplacez la Peste.
prompt-opening = placez deux cubes de départ.
prompt-over = la partie est finie.
prompt-ravage_order = choisissez la prochaine région ravagée par la Peste.
prompt-reaction = décidez si vous jouez une carte Région (vos choix sont dans vos messages privés).
secret-reaction = ⏳ { $region } : { $face } a été révélé. Avant qu'il ne s'applique, des cartes Région peuvent être jouées pour protéger des cartes Classe ; les joueurs qui ont choisi d'être consultés l'ont été en privé.
prompt-spread = placez les nouveaux jetons rats.
prompt-witch = terminez le sortilège de la Sorcière.
region-anglia = Anglia
region-bulgaria = Bulgaria
region-gallia = Gallia
region-germania = Germania
region-hispania = Hispania
region-hungaria = Hungaria
region-italia = Italia
region-na1 = Mauretania
region-na2 = Numidia
region-na3 = Africa
region-na4 = Libya
region-na5 = Aegyptus
region-polonia = Polonia
region-russia = Russia
region-scandia = Scandia
region-tartaria = Tartaria
region-turcia = Turcia
rules = **Rattus en bref.** À votre tour, vous pouvez prendre une carte Classe (à côté du plateau ou à un autre joueur), puis placer dans une région autant de cubes qu'elle a de jetons rats (le Paysan en ajoute un). Chaque carte donne un pouvoir, utilisable une fois par tour avant de déplacer la Peste : Roi (un cube d'une région sans rat vers le château), Moine (déplacer un jeton rat), Marchand (déplacer jusqu'à 3 cubes), Sorcière (regarder deux jetons, et peut-être les échanger), Chevalier (la Peste avance jusqu'à 2 régions et peut compter pour 2 cubes). Déplacez ensuite l'emblème de la Peste vers une région voisine : elle propage de nouveaux rats (1 si la région en a 1, 2 si elle en a 2 ou 3) puis ravage la région : les jetons sont révélés un à un ; si les cubes présents atteignent la limite du jeton, chaque symbole tue un cube (le badge rouge Majorité, une pile de cubes plus haute : le joueur qui a le plus de cubes dans la région ; le badge noir Tous les joueurs, trois piles égales : chaque joueur qui y a des cubes ; un symbole de classe : qui détient cette carte Classe). Quand la réserve de rats est vide viennent une dernière manche et un dernier ravage. Le plus de cubes sur le plateau et au château l'emporte.
score-board = { $n } sur le plateau
score-diplomats = { $n } des pions Diplomate
score-palace = { $n } au château
score-region_cards = { $n } des cartes Région
ranking-tie_break = ⚖️ { $players } : égalité à { $score }, départagée par la règle : celui qui aurait dû jouer le premier, si la partie avait continué, passe devant.
standing-always = toujours protéger quand une carte sauve des cubes
standing-ask = me demander à chaque fois
standing-never = ne jamais jouer de carte
symbol-A = Tous
symbol-B = Bourgeoisie
symbol-C = Clergé
symbol-K = Chevalerie
symbol-M = Majorité
symbol-O = Orient
symbol-P = Paysannerie
symbol-R = Noblesse
symbol-W = Magie
symbol-wild = toute classe
token-face = limite { $limit } · { $symbols }
verb-any = Décider
verb-astronomer = Piocher des cartes Région (Astronome)
verb-caravan = Placer ou déplacer la Caravane
verb-caravaneer = Déplacer la Caravane (Caravanier)
verb-choose = Garder une carte Région (Astronome)
verb-done = Finir mon tour
verb-explore = Placer un cube (Explorateur)
verb-explorer = Révéler des cartes Région (Explorateur)
verb-keep = Laisser les jetons (Sorcière)
verb-king = Mettre un cube au château (Roi)
verb-merchant = Déplacer des cubes (Marchand)
verb-monk = Déplacer un jeton rat (Moine)
verb-open = Placer les cubes de départ
verb-pass = Ne jouer aucune carte
verb-peek = Regarder un jeton rat (Sorcière)
verb-place = Placer des cubes
verb-plague = Déplacer la Peste
verb-protect = Protéger une carte Classe
verb-rats = Placer les nouveaux rats
verb-ravage = Choisir la prochaine région ravagée
verb-sultan = Placer un pion Diplomate (Sultan)
verb-swap = Échanger les jetons ou non (Sorcière)
verb-take = Prendre une carte Classe
what-count = un nombre
what-position = un numéro
window-dm = ⏳ Partie n°{ $id } : { $region } a révélé { $face }. Jouer une carte Région pour protéger une carte Classe ? Sans réponse dans les { $minutes } minutes, votre consigne par défaut s'applique.
window-timeout = ⏰ { $player } n'a pas répondu à temps : sa consigne permanente s'applique.
pick-token = Jeton { $position }
variant-africanus = Africanus (2 à 6 joueurs)
settings-window_name = Décisions sur les cartes Région
digest-line = 📰 Depuis votre dernier tour : { $parts }.
digest-region = { $region } −{ $count }
digest-lost = cubes perdus { $regions } (les vôtres : { $mine })
digest-took = { $player } a pris la carte { $card }

## Help (issue 17)
help-game = **Rattus sur Discord.** À votre tour, les boutons proposent une carte Classe à prendre, les régions où placer des cubes et les pouvoirs de vos cartes ; un choix parmi beaucoup (régions, jetons) ouvre un menu privé. { $do } permet de taper n'importe quelle action. Ce que votre Sorcière a vu, et avec Africanus votre main de cartes Région, vous arrivent par message privé et avec { $hand }. Quand un ravage menace et qu'une carte Région pourrait protéger une classe, on vous le demande en privé, avec un délai ; votre consigne permanente répond pour vous si le temps s'écoule.
rules-cards_title = **Les cartes Classe de cette partie** (chaque pouvoir une fois par tour, avant de déplacer la Peste ; qui détient une carte subit aussi le symbole de cette classe sur les jetons rats) :
rules-cards_random = Avec Africanus, les cartes Classe d'une partie sont tirées au hasard au début ; chacune de celles-ci peut sortir :
rules-card-peasant = placez un cube de plus que la région n'a de jetons rats.
rules-card-merchant = déplacez jusqu'à 3 de vos cubes d'une région vers une région voisine.
rules-card-monk = déplacez un jeton rat d'une région vers une région voisine.
rules-card-knight = avancez la Peste jusqu'à 2 régions ; elle peut alors compter comme 2 cubes neutres de plus là où elle s'arrête.
rules-card-witch = regardez deux jetons rats face cachée (vous seul les voyez), puis échangez-les ou non.
rules-card-king = déplacez un de vos cubes d'une région sans jeton rat vers le château, où il est à l'abri.
rules-card-astronomer = piochez 3 cartes Région, gardez-en une et défaussez les autres.
rules-card-explorer = révélez 3 cartes Région ; vous pouvez placer un cube dans l'une de ces régions ; les cartes sont défaussées.
rules-card-sultan = placez un Diplomate sous l'un de vos cubes du plateau (pas là où vous en avez déjà un) ; le plus de Diplomates rapporte 4 points, le deuxième 2.
rules-card-caravaneer = déplacez la Caravane de deux régions : dans sa région de départ puis dans celle qu'elle traverse, qui a la majorité des cubes (au moins un) ajoute un cube ; aucun dans la région d'arrivée, et elle ne peut pas revenir à sa région de départ dans le même tour.
rules-africanus = **Africanus** ajoute les régions d'Afrique (jusqu'à 6 joueurs) et les cartes Région : chaque joueur en a une main cachée. Quand un ravage frapperait une carte Classe que vous détenez, vous pouvez jouer une carte Région portant cette classe pour la protéger ; on vous le demande en privé, et votre consigne permanente (`/rattus standing`) répond si le temps s'écoule. À la fin, chaque carte Région en main rapporte 1 point si vous avez le plus de cubes (au moins un) dans sa région.
hand-of_player = { $player } : { $cards }
rules-card_line = • **{ $card }** : { $power }

## Board images and summaries
## Every `board-` message is a word the renderer (render/rattus/) draws or writes; it reads
## this file by path (render/common.py, `words`), and the bot shows none of these itself.
## A changed word changes the golden images in tests/render/golden. French words follow the
## French rulebook.


# The board image.
board-title = RATTUS
board-turn = Tour { $n }
board-opening = Mise en place
board-final = Dernier tour
board-over = Partie finie
board-to_move = À { $who } de jouer
board-winner = { $who } gagne
board-seat = Joueur { $n }
board-players = Joueurs
board-col_reserve = réserve
board-col_board = plateau
board-col_hand = cartes
board-cards = Cartes Classe
board-free = libre
board-supply = Rats restants
board-palace = Château
board-step_card = prendre une carte Classe
board-step_cubes = placer des cubes
board-step_plague = déplacer la Peste
board-phase_witch = la Sorcière regarde
board-phase_spread = placement des nouveaux rats
board-phase_opening = placement des cubes de départ
board-phase_final = dernier usage des cartes Classe
board-phase_over = partie finie
board-phase_caravan = placement de la caravane
board-phase_astronomer = Astronome : garder une carte
board-phase_explorer = Explorateur : placer un cube
board-phase_reaction = cartes Région pour protéger ?
board-phase_ravage_order = choix du prochain ravage
board-last = Peste déplacée par { $who }
board-plus2 = +2 cubes
board-spread = Nouveaux rats : { $where }
board-revealed_in = Jetons rats révélés en { $region } :
board-pending = en attente
board-no_effect = sous la limite
board-no_loss = aucun cube perdu
board-more = … { $n } de plus
board-final_ravage = Ravage final
board-lost = Cubes perdus :
board-faces_shown = jetons rats révélés sur la carte
board-nobody_lost = aucun
board-ranking = Classement final
board-tie = Égalité départagée par l'ordre du tour
board-b_board = plateau
board-b_palace = château
board-b_region_cards = cartes
board-b_diplomats = diplomates
board-legend_diplomat = diplomate
board-legend_caravan = caravane
board-col_palace = château
board-col_diplomats = diplomates
board-col_score = points
board-col_region_cards = cartes
board-legend_M = Majorité
board-legend_A = Tous les joueurs
board-not_in_play = hors jeu
board-legend_O = Orient
board-legend_any = toute classe
board-none_revealed = Aucun jeton rat révélé

# The private image.
board-secret = Vous seul voyez ceci
board-your_looks = Jetons rats que vous avez vus
board-token_of = jeton { $n } sur { $total }
board-hand = Vos cartes Région

# The text summary.
board-sep = {" ; "}
board-s_title = Rattus, { $when }.
board-s_move = À { $who } de jouer ({ $phase }).
board-s_plague = Peste en { $region }. Rats restants en réserve : { $n }.
board-s_players = Joueurs (réserve/plateau/château{ $hand }) : { $rows }.
board-s_hand = /cartes
board-s_regions = Régions : { $rows }.
board-s_rats =
    { $n ->
        [1] { $n } rat
       *[other] { $n } rats
    }
board-s_shown = rats { $faces }
board-s_palace = Château : { $cubes }.
board-s_cards = Cartes Classe : { $cards }.
board-s_free = libre
board-s_caravan = Caravane en { $region }.
board-s_diplomats = Diplomates : { $rows }.
board-s_last = Peste déplacée par { $who } : { $what }.
board-s_moved = { $a } → { $b }{ $plus }
board-s_plus2 = {" "}comptant pour 2 cubes
board-s_spread = nouveaux rats { $where }
board-s_revealed = révélés en { $region } : { $tokens }
board-s_limit = limite { $n }
board-s_below = sous la limite
board-s_lost = cubes perdus : { $who }
board-s_none = aucun jeton rat révélé
board-s_no_loss = aucun cube perdu
board-s_final = Ravage final : { $tokens ->
        [0] aucun jeton rat révélé
        [1] 1 jeton rat révélé
       *[other] { $tokens } jetons rat révélés
    }{ $faces }{ $lost }.
board-s_faces = {" "}(limite et symboles sous Régions)
board-s_ranking = Classement final : { $rows }.

# Class cards and regions (the regions keep their Latin names).
board-card-peasant = Paysan
board-card-merchant = Marchand
board-card-monk = Moine
board-card-knight = Chevalier
board-card-witch = Sorcière
board-card-king = Roi
board-card-astronomer = Astronome
board-card-explorer = Explorateur
board-card-sultan = Sultan
board-card-caravaneer = Caravanier
board-region-anglia = Anglia
board-region-gallia = Gallia
board-region-hispania = Hispania
board-region-germania = Germania
board-region-italia = Italia
board-region-scandia = Scandia
board-region-polonia = Polonia
board-region-hungaria = Hungaria
board-region-bulgaria = Bulgaria
board-region-turcia = Turcia
board-region-russia = Russia
board-region-tartaria = Tartaria
board-region-na1 = Mauretania
board-region-na2 = Numidia
board-region-na3 = Africa
board-region-na4 = Libya
board-region-na5 = Aegyptus
