game-title = Course aux rats
rules = Neuf rats en tas : à tour de rôle, prenez-en un ou deux. Chacun a aussi une carte bonus secrète (0 à 2 points), montrée à la fin. Le plus de rats plus le bonus l’emporte.
help-game = Prenez des rats avec les boutons du message de tour ou { $do } ; votre carte bonus est dans { $hand } ; { $rules } donne les règles.
action-take = Prendre { $n ->
    [one] un rat
   *[other] { $n } rats
}
verb-take = Prendre
prompt-main = prenez un ou deux rats
event-bonus_dealt = 🎴 Votre carte bonus vaut { $value }.
event-rats_taken = 🐀 { $player } prend { $n } : il en reste { $pile }.
event-bonuses_shown = 🎴 Cartes bonus : { $bonuses }.
hand-bonus = 🎴 Votre carte bonus : { $value }.
score-rats = { $n } rats
score-bonus = bonus { $n }
board-pile = Tas : { $n }
board-taken = { $player } : { $n }
