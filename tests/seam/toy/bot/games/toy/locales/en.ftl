game-title = Rat Race
rules = Nine rats in a pile: in turn, take one or two. Each player also holds a secret bonus card (0 to 2 points), shown at the end. Most rats plus bonus wins.
help-game = Take rats with the buttons of the turn message or { $do }; your bonus card is in { $hand }; { $rules } has the rules.
action-take = Take { $n ->
    [one] one rat
   *[other] { $n } rats
}
verb-take = Take
prompt-main = take one or two rats
event-bonus_dealt = 🎴 Your bonus card is worth { $value }.
event-rats_taken = 🐀 { $player } takes { $n }: { $pile } left in the pile.
event-bonuses_shown = 🎴 Bonus cards: { $bonuses }.
hand-bonus = 🎴 Your bonus card: { $value }.
score-rats = { $n } rats
score-bonus = bonus { $n }
board-pile = Pile: { $n }
board-taken = { $player }: { $n }
