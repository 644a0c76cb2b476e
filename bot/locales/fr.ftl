# The bot: every text in French. Keys are message ids; `cmd-…` translate slash-command texts.

clock-ai = ⏰ Le temps de jeu { DE($player) } est écoulé : l'IA joue ce tour.
clock-skip = ⏰ Le temps de jeu { DE($player) } est écoulé : ce qui peut être passé est passé.
clock-wait = ⏰ Le temps de jeu { DE($player) } est écoulé ; la partie l'attend.
cmd-A-game-record-file-from-game-export = Un historique de partie obtenu par /game export
cmd-A-short-summary-of-the-rules = Un court résumé des règles
cmd-Add-an-AI-player-to-the-lobby = Ajouter un joueur IA au salon d'attente
cmd-At-most-this-many-reminders-per-decision = Au plus ce nombre de rappels par décision
cmd-End-the-game-of-this-channel = Terminer la partie de ce salon
cmd-English = English
cmd-Fran-ais = Français
cmd-Get-the-game-record-as-a-file = Recevoir l'historique de la partie en fichier
cmd-How-you-are-reminded-in-this-game = Comment vous êtes relancé dans cette partie
cmd-In-the-channel-by-direct-message-or-not-at-all = Dans le salon, par message privé, ou pas du tout
cmd-Join-the-lobby-of-this-channel = Rejoindre le salon d'attente de ce salon
cmd-Language-of-the-game-s-channel-messages = Langue des messages de la partie dans le salon
cmd-Leave-the-game-of-this-channel = Quitter la partie de ce salon
cmd-Let-the-AI-play-for-a-player = Faire jouer l'IA à la place d'un joueur
cmd-Open-a-game-lobby-in-this-channel = Ouvrir un salon d'attente dans ce salon
cmd-Page-number-the-newest-by-default = Numéro de page (la plus récente par défaut)
cmd-Play-a-board-game-here = Jouer à un jeu de plateau ici
cmd-Read-the-game-s-history = Lire l'historique de la partie
cmd-Remind-whoever-must-act-after-this-many-hours = Relancer qui doit jouer après ce nombre d'heures
cmd-See-or-change-this-game-s-settings = Voir ou changer les réglages de la partie
cmd-See-the-board-of-an-earlier-turn = Revoir le plateau d'un tour passé
cmd-See-your-private-information = Voir vos informations privées
cmd-Start-the-game-its-creator = Lancer la partie (son créateur)
cmd-Take-back-your-last-action = Annuler votre dernière action
cmd-Take-your-seat-back-from-the-AI = Reprendre votre place à l'IA
cmd-The-games-of-this-server = Les parties de ce serveur
cmd-The-player-the-AI-replaces = Le joueur que l'IA remplace
cmd-This-server-s-games-and-winners = Parties et vainqueurs de ce serveur
cmd-Turn-clock-in-hours-0-no-clock = Temps de jeu en heures (0 : aucun)
cmd-Turn-number-0-the-set-up = Numéro du tour (0 : la mise en place)
cmd-What-happens-when-the-turn-clock-runs-out = Ce qui arrive quand le temps de jeu est écoulé
cmd-Which-game = Quel jeu
cmd-abandon = abandonner
cmd-add-ai = ajouter-ia
cmd-board = plateau
cmd-by-direct-message = par message privé
cmd-clock-hours = temps_heures
cmd-clock-policy = règle_temps
cmd-export = exporter
cmd-game = partie
cmd-hand = main
cmd-how = comment
cmd-in-the-channel = dans le salon
cmd-join = rejoindre
cmd-language = langue
cmd-leave = quitter
cmd-log = historique
cmd-max-reminders = rappels_max
cmd-new = nouvelle
cmd-off = désactivés
cmd-page = page
cmd-player = joueur
cmd-reaction-minutes = minutes_réaction
cmd-record = historique
cmd-reminder-hours = rappel_heures
cmd-reminders = rappels
cmd-replay = revoir
cmd-rules = règles
cmd-settings = réglages
cmd-skip-what-can-be-skipped = passer ce qui peut l'être
cmd-start = commencer
cmd-stats = statistiques
cmd-status = parties
cmd-takeback = reprendre
cmd-takeover = remplacer
cmd-the-AI-plays-the-turn = l'IA joue le tour
cmd-turn = tour
cmd-undo = annuler
cmd-wait = attendre
dm-closed = ⚠️ { $player } n'accepte pas les messages privés de ce bot : ses informations privées sont lisibles avec `/game hand`.
dm-hello = Bonjour ! Vous avez rejoint la partie { DE($game) } n°{ $id } dans { $channel }. Ce que vous seul pouvez savoir (votre main, un regard secret) arrivera ici.
dm-private = 🔒 Partie n°{ $id } dans { $channel }, pour vous seul :
done = ✅ { $what }
error-abandon_not_allowed = Seul le créateur de la partie ou un membre ayant la permission Gérer le serveur peut y mettre fin.
error-already_joined = Vous êtes déjà dans cette partie.
error-already_left = Vous avez déjà quitté cette partie.
error-already_started = La partie a déjà commencé.
error-bad_choice = Je n'ai pas compris ce choix.
error-bad_options = Ces options de partie ne conviennent pas : { $detail }
error-channel_busy = Ce salon a déjà une partie. Terminez-la (ou `/game abandon`) d'abord, ou utilisez un autre salon ou fil.
error-creator_cannot_leave = Vous avez créé ce salon d'attente : abandonnez-le plutôt avec `/game abandon`.
error-creator_only = Seul le joueur qui a ouvert le salon d'attente peut lancer la partie.
error-game_abandoned = Cette partie a été abandonnée.
error-game_finished = Cette partie est finie.
error-game_over = Cette partie est finie. `/game board` montre la position finale.
error-guild_only = Utilisez cette commande dans le salon du serveur où se joue la partie.
error-lobby_closed = Ce salon d'attente est fermé.
error-lobby_full = Le salon d'attente est complet ({ $count } joueurs).
error-malformed = Je n'ai pas compris cette action : { $text }.
error-no_game = Il n'y a pas de partie dans ce salon. Lancez-en une avec `/game new`.
error-not_asked = Votre accord n'est pas nécessaire pour cette demande.
error-not_in_game = Vous ne jouez pas dans cette partie.
error-not_in_lobby = Rejoignez d'abord le salon d'attente.
error-not_started = La partie n'a pas encore commencé.
error-not_your_decision = Ce n'est pas à vous de décider maintenant.
error-not_your_turn = Ce n'est pas votre tour.
error-player_count = Ce jeu se joue de { $low } à { $high } joueurs ; le salon d'attente en a { $count }.
error-record_no_seed = Cet historique n'a pas encore de graine (la partie était en cours) : exportez-le de nouveau à la fin de la partie.
error-record_unreadable = Je ne sais pas lire cet historique de partie.
error-request_closed = Cette demande est close.
error-request_stale = La partie a avancé : cette demande ne s'applique plus.
error-setting_clock_hours = Le temps de jeu va de { $low } à { $high } heures (0 pour aucun).
error-setting_clock_policy = Quand le temps de jeu est écoulé, choisissez « attendre », « passer ce qui peut l'être » ou « l'IA joue le tour ».
error-setting_lang = La langue doit être l'anglais ou le français.
error-setting_max_reminders = Entre { $low } et { $high } rappels par décision.
error-setting_reminder_hours = Les rappels viennent toutes les { $low } à { $high } heures.
error-setting_window_minutes = Une décision hors de son tour dure de { $low } à { $high } minutes.
error-settings_not_allowed = Seul le créateur de la partie ou un membre ayant la permission Gérer le serveur peut en changer les réglages.
error-stale = Ce bouton date d'un moment antérieur de la partie ; voici le plateau actuel.
error-takeback_not_needed = Vous jouez déjà votre place.
error-takeover_already = L'IA joue déjà cette place.
error-takeover_no_player = Cette personne ne joue pas dans cette partie.
error-undo_nothing = Vous n'avez aucune action à annuler dans cette partie.
error-undo_ai_played = Une IA a joué depuis votre action : elle ne peut plus être annulée.
error-undo_clock_played = Le temps de jeu écoulé a fait jouer un tour depuis votre action : elle ne peut plus être annulée.
error-undo_revealed_since = Une action faite depuis la vôtre a montré une information cachée : la vôtre ne peut plus être annulée.
error-undo_secret = C'était une réponse secrète : l'annuler révélerait à tous que la question vous était posée ; elle est maintenue.
error-undo_revealed = Cette action a montré une information cachée (un jeton rat ou une carte) : elle ne peut pas être annulée.
error-unexpected = Désolé, quelque chose s'est mal passé de mon côté. `/game board` montre où en est la partie.
error-unknown_game = Je ne connais pas le jeu { $game }.
error-you_left = Vous avez quitté cette partie et ne pouvez plus y jouer.
export-note = L'historique de la partie (la graine y sera ajoutée à la fin de la partie, car elle décide de chaque jeton caché).
export-note_seed = L'historique de la partie, avec sa graine : `/game replay` peut en montrer n'importe quel tour.
game-abandoned = La partie n°{ $id } a été abandonnée par { $player }.
game-left = { $player } a quitté la partie.
game-over = 🏁 **La partie est finie.** { $who }
game-started =
    🎲 La partie n°{ $id } commence ! Ordre du tour :
    { $order }
game-undone = ↩️ { $count ->
    [one] La dernière action a été annulée.
   *[other] Les { $count } dernières actions ont été annulées.
}
hand-title = Vos informations privées, { $player } :
language-en = anglais
language-fr = français
lobby-abandoned = Cette partie a été abandonnée.
lobby-button-ai = Ajouter une IA
lobby-button-join = Rejoindre
lobby-button-leave = Quitter
lobby-button-start = Commencer
lobby-done-ai = Un joueur IA a rejoint la partie.
lobby-done-join = Vous avez rejoint la partie.
lobby-done-leave = Vous avez quitté la partie.
lobby-done-start = La partie a commencé.
lobby-how = Rejoignez avec le bouton ou `/game join` ; { $creator } lance la partie avec `/game start`.
lobby-players = Joueurs ({ $count }/{ $high }) :
lobby-started = La partie a commencé.
lobby-title = 🎲 **{ $game }** : partie n°{ $id }
log-empty = Rien ne s'est encore passé.
log-title = 📜 Partie n°{ $id }, page { $page }/{ $pages }
origin-ai = 🤖 L'IA joue pour { $player }.
origin-clock-ai = ⏰ L'IA a joué pour { $player } (le temps de jeu est écoulé).
origin-clock-skip = ⏰ Le temps { DE($player) } est écoulé : seul l'indispensable a été joué.
origin-timeout = ⏰ { $player } n'a pas répondu à temps : la réponse par défaut s'applique.
seat-ai = IA { $number }
pick-group = { $label } ({ $count } choix)
pick-placeholder = Choisissez une action…
pick-title = 🔽 **{ $what }** : choisissez une option.
policy-ai = l'IA joue le tour
policy-skip = ce qui peut être passé est passé
policy-wait = la partie attend
ranking-line = { $medal } { $player } : { $score } ({ $detail })
remind-channel = ⏰ { $who }, c'est toujours à vous de décider (rappel { $count }/{ $total }) : { $link }
remind-dm = ⏰ Rappel { $count }/{ $total } : c'est à vous de décider dans la partie { DE($game) } n°{ $id } : { $link }
reminders-channel = Vos rappels arriveront dans le salon.
reminders-dm = Vos rappels arriveront par message privé.
reminders-off = Vous ne recevrez pas de rappel dans cette partie.
replay-title = ⏪ Partie n°{ $id }, fin du tour { $turn } :
request-agree = Accepter
request-closed_done = ✅ La demande ({ $kind }) a été acceptée.
request-closed_refused = ❌ La demande ({ $kind }) a été refusée.
request-counted = Votre accord est compté.
request-done = Tout le monde est d'accord : c'est fait.
request-kind_takeover = remplacement
request-kind_undo = annulation
request-needed = En attente de : { $who }
request-refuse = Refuser
request-refused = Vous avez refusé : rien ne change.
settings-clock = Pendule : { $hours } h, puis { $policy }.
settings-no_clock = Pas de pendule.
settings-show = ⚙️ Langue du salon : { $lang_name }.
stats-length = Une partie dure en moyenne { $turns } tours et { $days } jours.
stats-title = 📊 { $played ->
        [one] { $played } partie jouée
       *[other] { $played } parties jouées
    } jusqu'au bout ici, { $active } en cours, { $abandoned ->
        [one] { $abandoned } abandonnée
       *[other] { $abandoned } abandonnées
    }.
stats-wins = • { $player } : { $count ->
        [one] { $count } victoire
       *[other] { $count } victoires
    } en { $played ->
        [one] { $played } partie
       *[other] { $played } parties
    }
status-active = • n°{ $id } dans { $channel } : tour { $turn }, en attente { DE($movers) } ({ $players })
status-lobby = • n°{ $id } dans { $channel } : salon d'attente ({ $players })
status-none = Aucune partie en cours sur ce serveur.
status-title = { $count ->
        [one] { $count } partie sur ce serveur :
       *[other] { $count } parties sur ce serveur :
    }
takeback-done = { $player } reprend sa place.
takeover-ask = 🤖 { $by } demande que l'IA joue pour { $player }.
takeover-done = 🤖 L'IA joue désormais pour { $player }, qui peut reprendre sa place avec `/game takeback`.
turn-ping = ➡️ { $who } : { $what }
undo-ask = ↩️ { $player } demande à annuler sa dernière action{ $since ->
    [0] {""}
    [one] {" "}et celle faite depuis
   *[other] {" "}et les { $since } faites depuis
}.
undo-done = ↩️ Votre dernière action a été annulée.
window-timeout = ⏰ { $player } n'a pas répondu à temps : la réponse par défaut s'applique.
verb-any = Décider
prompt-main = à vous de jouer.
prompt-window = répondez en privé (le bouton ouvre vos choix).
window-ask = ⏳ Partie n°{ $id } : vous avez une décision à prendre. Sans réponse dans les { $minutes } minutes, la réponse par défaut s'applique.
error-bad_variant = Ce jeu n'a pas de variante { $variant }.
error-bad_setup = Ce jeu n'a pas d'option de mise en place : { $setup }
done_unconfirmed = ✅ { $what } (fait ; la confirmation n'a pas pu s'afficher)
error-busy = Le stockage des parties est occupé : rien n'a changé. Réessayez dans une minute.
cmd-A-variant-or-an-expansion-of-that-game = Une variante ou une extension de ce jeu
cmd-Set-up-choices-of-that-game-e-g-the-cards-in-play-random-if-empty = Choix de mise en place de ce jeu (par ex. les cartes en jeu ; au hasard si vide)
cmd-variant = variante
cmd-setup = mise-en-place
cmd-Minutes-to-answer-a-decision-outside-one-s-turn = Minutes pour répondre à une décision hors de son tour
error-stale_command = Cette commande a changé depuis que Discord vous l'a affichée : réessayez dans un instant (ou rechargez Discord).
turn-past = ⏮️ Un tour précédent.
turn-deadline = {" "}· ⏰ { $when }
turn-more = … { $count ->
        [one] une ligne de plus
       *[other] { $count } lignes de plus
    } dans { $log }
rematch-button = Rejouer une partie
error-rematch_not_over = La partie n'est pas finie : terminez-la (ou abandonnez-la) d'abord.
settings-reminders = Rappels : après { $hours } h, au plus { $count } par décision ; ensuite la partie est signalée comme bloquée.
settings-window = { $window } : { $minutes } min.
settings-window_name = Décisions hors de son tour
settings-idle = Une partie où personne ne joue pendant { $days } jours prend fin.
settings-away_ai = Pendant l'absence d'un joueur, l'IA joue ses tours.
settings-away_pause = Pendant l'absence d'un joueur, sa pendule s'arrête.
game-left_ai = 🚪 { $player } a quitté la partie : l'IA joue désormais à sa place.
game-seat_taken = 🔄 { $player } reprend la place.
game-ended-nobody = 🏁 **Plus personne ne joue : la partie s'arrête ici.** { $who }
game-ended-idle = 🏁 **Personne n'a joué depuis { $days } jours : la partie s'arrête ici.** { $who }
stall-notice = ⏸️ Cette partie est bloquée : { $who } n'a pas répondu aux rappels. Que faire ? { $link }
stall-ai = Faire jouer l'IA ce tour
stall-skip = Passer ce qui peut l'être
stall-wait = Continuer d'attendre
stall-end = Arrêter la partie
stall-moved_on = La partie a avancé depuis : rien à faire.
stall-done-ai = L'IA joue ce tour.
stall-done-skip = Ce qui pouvait être passé l'a été.
stall-done-wait = La partie attend ; les rappels recommencent.
stall-done-end = La partie est terminée.
stall-chosen = ⏸️ { $player } a choisi : { $choice }.
away-ai = Vous êtes absent jusqu'au { $until } : l'IA joue vos tours entre-temps. `/game away days:0` vous fait revenir plus tôt.
away-pause = Vous êtes absent jusqu'au { $until } : votre pendule s'arrête entre-temps. `/game away days:0` vous fait revenir plus tôt.
away-back = Bon retour : vous jouez de nouveau vos tours.
quiet-on = Heures calmes de { $start } à { $end } ({ $zone }) : pas de rappel, et mes messages privés arrivent sans notification.
quiet-off = Pas d'heures calmes.
notify-on = Vous recevrez un message privé à chacun de vos tours dans cette partie.
notify-off = Plus de message privé à vos tours dans cette partie.
notify-dm = 🔔 À vous de jouer dans { $game } n°{ $id } : { $what } { $link }
catchup-title = 📰 Depuis votre dernier tour : { $count ->
        [one] une action
       *[other] { $count } actions
    }.
takeback-ask = 🔄 { $player } voudrait reprendre la place { QUE($seat) } a quittée.
request-kind_seat = reprise de place
error-seat_not_free = Ce joueur n'a pas quitté la partie : sa place n'est pas libre.
error-away_days = Une absence dure de { $low } à { $high } jours.
error-bad_zone = Je ne connais pas le fuseau horaire { $zone } : essayez un nom comme Europe/Paris ou America/Montreal.
error-bad_hours = Les heures calmes vont d'une heure (0-23) à une autre.
error-setting_idle_days = Une partie peut rester sans mouvement de { $low } à { $high } jours.
error-setting_away_policy = Pendant l'absence d'un joueur, choisissez « l'IA joue ses tours » ou « sa pendule s'arrête ».
cmd-End-the-game-when-nobody-has-moved-for-this-many-days = Arrêter la partie quand personne n'a joué depuis ce nombre de jours
cmd-While-a-player-is-away = Pendant l'absence d'un joueur
cmd-the-AI-plays-their-turns = l'IA joue ses tours
cmd-their-turn-clock-pauses = sa pendule s'arrête
cmd-idle-days = jours_sans_jeu
cmd-away-policy = absence
cmd-Take-the-seat-of-a-player-who-left-the-others-agree = Reprendre la place d'un joueur parti (avec l'accord des autres)
cmd-away = absent
cmd-Be-away-for-some-days-0-back-now = Être absent quelques jours (0 : de retour)
cmd-How-many-days-you-are-away = Combien de jours vous êtes absent
cmd-days = jours
cmd-quiet = calme
cmd-Your-quiet-hours-no-reminder-silent-DMs = Vos heures calmes : pas de rappel, messages privés silencieux
cmd-Your-time-zone-e-g-Europe-Paris-empty-no-quiet-hours = Votre fuseau horaire, par ex. Europe/Paris (vide : pas d'heures calmes)
cmd-From-this-hour-0-23 = À partir de cette heure (0-23)
cmd-Until-this-hour-0-23 = Jusqu'à cette heure (0-23)
cmd-timezone = fuseau
cmd-from = de
cmd-until = à
cmd-notify = prévenir
cmd-A-direct-message-on-every-turn-of-yours = Un message privé à chacun de vos tours
cmd-On-or-off = Oui ou non
cmd-on = oui
cmd-catchup = rattrapage
cmd-What-happened-since-your-last-turn = Ce qui s'est passé depuis votre dernier tour

## Lobby, abandon, help and status (issue 17)
abandon-ask = Terminer maintenant la partie n°{ $id } ({ $game }) ? Elle s'arrête sans résultat et personne ne pourra plus y jouer.
abandon-ask_lobby = Fermer le salon d'attente de la partie n°{ $id } ({ $game }) ? Ses joueurs devront en rejoindre un nouveau.
abandon-yes = Terminer la partie
abandon-no = Garder la partie
abandon-cancelled = Rien n'a changé : la partie continue.
abandon-done = C'est fait : la partie n°{ $id } est terminée.
error-abandon_stale = Cette question n'est plus d'actualité : cette partie n'est plus ouverte dans ce salon.
error-not_your_button = Ce bouton appartient à la personne qui a demandé : utilisez la commande vous-même.
cmd-See-the-current-board = Voir le plateau actuel
cmd-Post-it-in-the-channel-for-everybody-default-only-you = Le publier dans le salon pour tout le monde (par défaut : pour vous seul)
cmd-public = public
lobby-removed = 🚪 { $player } a été retiré du salon d'attente par { $by }.
lobby-handed = 🚪 { $player } a quitté le salon d'attente : { $creator } s'en occupe désormais (lancer la partie avec `/game start`, retirer quelqu'un avec `/game remove`).
lobby-closed_empty = 🚪 { $player } a quitté le salon d'attente de la partie n°{ $id } : il ne reste personne pour la lancer, le salon est donc fermé.
lobby-done-leave_closed = Vous êtes parti ; plus personne ne pouvait lancer la partie, le salon d'attente est donc fermé.
error-remove_which = Indiquez soit un joueur, soit un siège IA à retirer (l'un des deux).
error-remove_not_allowed = Seul le créateur du salon d'attente ou un membre avec la permission Gérer le serveur peut en retirer quelqu'un.
error-remove_unknown = Ce joueur ou ce siège IA n'est pas dans ce salon d'attente.
error-remove_creator = Le créateur ne peut pas se retirer lui-même : utilisez `/game leave` (le salon passe au joueur suivant).
cmd-remove = retirer
cmd-Remove-a-player-or-an-AI-from-the-lobby-its-creator = Retirer un joueur ou une IA du salon d'attente (son créateur)
cmd-The-player-to-remove = Le joueur à retirer
cmd-The-AI-seat-to-remove = Le siège IA à retirer
cmd-ai = ia
status-waiting = • n°{ $id } { $game } dans { $channel } : tour { $turn }, en attente { DE($movers) } depuis { $since } ({ $players }) [y aller]({ $link })
status-lobby_link = • n°{ $id } { $game } dans { $channel } : salon d'attente ({ $players }) [y aller]({ $link })
mine-title = { $count ->
        [one] Une partie vous attend sur ce serveur :
       *[other] { $count } parties vous attendent sur ce serveur :
    }
mine-none = Aucune partie ne vous attend sur ce serveur.
cmd-mine = les_miennes
cmd-Only-the-games-waiting-for-you = Seulement les parties qui vous attendent
help-title = Comment jouer ici
help-title_game = Comment jouer à { $game } ici (partie n°{ $id })
help-games = Jeux de ce bot (ouvrez un salon d'attente avec { $new }) :
help-game_line = • **{ $game }** (`game:{ $value }`), de { $low } à { $high } joueurs
help-discord = **Jouer sur Discord**
    • Après chaque tour, le bot publie le plateau et un message de tour qui nomme qui doit décider, avec des boutons et des menus. Un bouton qui est une seule action agit aussitôt, tout comme un choix dans un menu du message de tour ; un bouton qui regroupe des choix que vous seul pouvez voir (votre main, vos cartes) ouvre un menu privé que vous seul voyez.
    • Ce que vous seul pouvez savoir (votre main, un regard secret) vous arrive par message privé ; { $hand } vous le montre ici à tout moment, en privé.
    • { $board } vous montre le plateau à vous seul (avec `public`, il est publié pour tous) ; { $status } avec l'option `les_miennes` liste les parties qui vous attendent.
    • Vous êtes relancé quand une partie vous attend : { $reminders } et { $notify } choisissent comment.
    • { $rules } résume les règles en jeu, carte par carte.
    • `/standing leaderboard` classe les joueurs de chaque jeu, `/standing profile` montre les cotes, victoires et temps de décision de chacun, `/standing games` vos parties sur tous les serveurs (aussi en message privé, une fois le bot ajouté à votre compte).
help-game_commands = **Commandes { DE($game) }**
help-commands = **Commandes communes à tous les jeux**
cmd-help = aide
cmd-How-to-play-here-and-what-each-command-does = Comment jouer ici, et ce que fait chaque commande
lobby-thread_name = { $game } : la partie { DE($player) }
lobby-in_thread = 🎲 { $player } a ouvert un salon d'attente { DE($game) } dans { $thread } : rejoignez-le là-bas.
cmd-thread = fil
cmd-Open-it-in-a-new-thread-default-yes-where-threads-can-be-made = L'ouvrir dans un nouveau fil (par défaut : oui, là où c'est possible)
posted = ✅ C'est fait : le salon est prévenu.
posted-request = ✅ Votre demande est publiée dans le salon : elle attend la réponse des autres.
error-not_saved = La partie n'a pas pu être enregistrée pour le moment : rien n'a changé. Réessayez plus tard.
error-record_missing = Le fichier d'historique ne m'est pas parvenu : joignez-le à nouveau.

# A secret window (who is asked depends on hidden cards): the table is told of no one.
turn-secret = ⏳ Une décision se prend en privé : les joueurs concernés ont été prévenus en message privé (le bouton ouvre vos choix si vous en faites partie).
error-not_asked_window = Vous n'avez rien à décider dans cette fenêtre.
status-secret = une décision privée

# Texts of every game's command group (bot.cogs.base): /<game> do.
cmd-do = jouer
cmd-Any-action-typed-or-picked-from-the-list = N'importe quelle action, tapée ou choisie dans la liste
cmd-action = action
cmd-The-action = L'action
error-turn_of = La partie attend { $movers }.
error-turn_of_since = La partie attend { $movers }, dont le tour a commencé { $since }.
error-suggestions = { $count ->
        [one] L'action la plus proche que vous pouvez jouer maintenant :
       *[other] Les actions les plus proches que vous pouvez jouer maintenant :
    }
error-suggestion = • { $what } (`{ $text }`)

## Classements (issue 30)
rating-over = 📈 Cotes (μ − 3σ) : { $changes }
rating-change = { $player } { $before } → { $after } ({ $delta })
standing-ladder_expansion = { $game } + { $expansion }
standing-ai = 🤖 IA ({ $level ->
        [strong] normale
        [easy] facile
        [normal] normale
        [hard] difficile
       *[other] { $level }
    })
standing-seconds = { $s } s
standing-minutes = { $m } min
standing-hours = { $h } h { $m }
standing-days = { $d } j { $h } h
standing-none = Aucune partie n'a encore été classée sur ce serveur : une partie qui se termine avec un classement l'est.
standing-board_title = 🏆 **{ $game } : classement** ({ $count ->
        [one] { $count } joueur classé
       *[other] { $count } joueurs classés
    }, selon la cote prudente μ − 3σ)
standing-board_empty = Personne n'est encore classé dans ce jeu ici.
standing-board_row = { $place }. { $who } · **{ $rating }** · { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }{ $few ->
        [few] *
       *[enough] {""}
    }
standing-board_past = Cette page est au-delà de la fin ({ $pages ->
        [one] { $pages } page
       *[other] { $pages } pages
    }).
standing-board_few = * Moins de { $games } parties : la cote se stabilise encore (μ − 3σ part de 0 et monte à mesure que les parties en disent plus).
standing-board_you = Vous : n°{ $place }, { $rating }.
standing-board_how = Les cotes viennent d'OpenSkill (Plackett–Luce), d'après le classement final de chaque partie ; `/standing profile` montre celle de chacun.
standing-profile_title = 👤 **{ $player }** { $where ->
        [server] sur ce serveur
       *[all] sur tous les serveurs
    }
standing-profile_unrated = Aucune partie classée pour l'instant.
standing-on_server = { $game } ({ $server })
standing-profile_rating = **{ $game }** : **{ $rating }** (n°{ $place } sur { $count }) · μ { $mu } ± { $sigma } · { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }{ $few ->
        [few] {" "}(cote encore en train de se stabiliser)
       *[enough] {""}
    }
standing-change = n°{ $id } { $delta }
standing-profile_last = { $count ->
        [one] Dernière partie
       *[other] { $count } dernières parties
    } : { $changes } · en tout { $total }
standing-profile_times = ⏱️ Temps de décision : { $mean } en moyenne, { $median } en médiane (sur { $turns ->
        [one] { $turns } tour
       *[other] { $turns } tours
    } de parties terminées)
standing-profile_playing = 🎲 { $count ->
        [one] Une partie en cours :
       *[other] { $count } parties en cours :
    }
standing-games_none = Vous n'êtes dans aucune partie en cours, sur aucun serveur.
standing-games_title = 🎲 { $count ->
        [one] Votre partie en cours
       *[other] Vos { $count } parties en cours
    } ({ $waiting ->
        [0] aucune ne vous attend
        [one] une vous attend 👉
       *[other] { $waiting } vous attendent 👉
    }) :
standing-recomputed = ✅ Cotes recalculées d'après les résultats enregistrés : { $count ->
        [one] { $count } partie classée
       *[other] { $count } parties classées
    }.
error-standing_server_only = Il faut un serveur : utilisez cette commande sur un serveur où joue le bot. Ici, `/standing profile` et `/standing games` montrent votre classement et vos parties.
error-standing_bot_not_here = Le bot n'est pas sur ce serveur, il n'y a donc pas de classement ici. `/standing profile` et `/standing games` montrent votre classement et vos parties, où que vous soyez.
error-standing_profile_other_here = Le profil de quelqu'un d'autre se consulte sur un serveur que vous partagez avec le bot ; ici, vous pouvez voir le vôtre.
error-standing_recompute_not_allowed = Seul un membre ayant la permission Gérer le serveur peut recalculer les cotes.
cmd-standing = classement
cmd-Ratings-leaderboards-profiles-and-your-games = Cotes, classements, profils et vos parties
cmd-leaderboard = tableau
cmd-This-server-s-best-players-of-a-game = Les meilleurs joueurs d'un jeu sur ce serveur
cmd-Which-game-default-this-channel-s-else-the-most-played = Quel jeu (par défaut : celui de ce salon, sinon le plus joué)
cmd-Page-number = Numéro de page
cmd-profile = profil
cmd-Ratings-games-wins-and-time-to-decide = Cotes, parties, victoires et temps de décision
cmd-Whose-profile-default-yours = Le profil de qui (par défaut : le vôtre)
cmd-Only-this-game = Seulement ce jeu
cmd-games = parties
cmd-Your-games-on-every-server-those-waiting-for-you-first = Vos parties sur tous les serveurs, celles qui vous attendent d'abord
cmd-recompute = recalculer
cmd-Recompute-this-server-s-ratings-from-the-stored-results-Manage-Server = Recalculer les cotes de ce serveur d'après les résultats enregistrés (Gérer le serveur)

## Niveaux de l'IA (issue 28)
ai_level-easy = facile
ai_level-normal = normal
ai_level-hard = difficile
seat-ai_level = { $name } ({ $level })
lobby-done-ai_level = Un joueur IA a rejoint la partie, au niveau { $level }.
settings-ai_level = Quand l'IA joue pour quelqu'un (remplacement, temps de jeu écoulé, absence ou départ), elle joue au niveau { $level }.
error-setting_ai_level = Choisissez un niveau d'IA : facile, normal ou difficile.
cmd-level = niveau
cmd-How-well-it-plays-default-normal = Sa force de jeu (par défaut : normal)
cmd-easy = facile
cmd-normal = normal
cmd-hard = difficile
cmd-ai-level = niveau_ia
cmd-How-well-the-AI-plays-for-a-person-takeovers-clock-away = La force de l'IA quand elle joue pour quelqu'un (remplacement, temps de jeu, absence)
settings-hints_on = Conseils permis : un joueur peut demander avec `{ $command }` ce que jouerait l'IA difficile.
settings-hints_off = Conseils interdits (`{ $command }` est refusé ; `/game settings hints:true` les permet).
error-hints_off = Les conseils sont interdits dans cette partie : son créateur peut les permettre avec `/game settings hints:true`.
error-hint_not_now = Vous n'avez rien à décider pour l'instant.
hint-choice = 💡 L'IA difficile jouerait : **{ $action }**
hint-ratings = Sa note { $count ->
        [one] de la seule option
       *[other] des { $count } options (les plus essayées d'abord)
    } : son résultat moyen sur les donnes essayées (100 : premier à chaque fois).
hint-line = { $rank }. { $action } : { $score }/100 ({ $tries ->
        [one] { $tries } essai
       *[other] { $tries } essais
    })
cmd-hint = conseil
cmd-What-the-hard-AI-would-play-now-and-how-it-rates-the-options-only-you = Ce que jouerait l'IA difficile maintenant, et sa note des options (pour vous seul)
cmd-hints = conseils
cmd-Players-may-ask-what-the-hard-AI-would-play-the-game-s-hint-command = Les joueurs peuvent demander ce que jouerait l'IA difficile (la commande conseil du jeu)

## La vue web (bot/web)
web-title = { $game } n°{ $id }
web-lobby = La partie attend ses joueurs.
web-over = La partie est terminée.
web-ended = La partie s'est terminée sans résultat.
web-your_turn = À vous : { $prompt }
web-turn_of = { $count ->
        [0] En attente de la prochaine décision.
        [one] Au tour { DE($who) }
       *[other] En attente { DE($who) }
    }
web-since = Depuis le { $when }.
web-left = a quitté la partie
web-stand_in = joué par l'IA
web-language = Français
web-seat_page = Votre page, { $name } : personne d'autre ne la voit.
web-public_link = La page publique
web-ranking = Classement final
web-players = Joueurs
web-private = Vous seul voyez ceci
web-nothing = Rien de caché pour votre place en ce moment.
web-story = Le récit, du plus récent au plus ancien
web-no_story = Rien ne s'est encore passé.
web-setup = Mise en place
web-board_after = Le plateau après ceci
web-previous = ← Avant
web-now = Maintenant
web-next = Après →
web-after_title = Le plateau après la partie { $number } sur { $count } du récit
web-refused_title = Ce lien ne fonctionne pas
web-refused = Il a peut-être expiré, ou la place à laquelle il menait a changé de mains, ou la partie est finie. Demandez-en un nouveau au bot dans le salon de la partie.
web-players_alt = Le panneau des joueurs : les cartes, figurines et points de chacun.
web-watch = Suivre sur le web
web-links = 🌐 **Votre page de la partie n°{ $id }**, pour vous seul : elle montre votre main et ce que vous seul avez vu, à jour au fil de la partie. Elle fonctionne jusqu'au { $until }, ou jusqu'à ce que votre place change de mains ou que la partie se termine. Ne la partagez pas ; la page publique, sans secret, est pour tout le monde.
web-seat_button = Ma page (privée)
web-public_button = Page publique
error-web_off = La vue web n'est pas activée pour ce bot : son hébergeur règle WEB_BASE_URL et WEB_LISTEN (voir le README).
error-web_not_held = Votre place n'est pas entre vos mains en ce moment (vous avez quitté la partie, ou l'IA la joue) : reprenez-la d'abord.
cmd-web = web
cmd-Your-private-link-to-this-game-s-web-page-with-your-hand-only-you = Votre lien privé vers la page web de la partie, avec votre main (pour vous seul)
