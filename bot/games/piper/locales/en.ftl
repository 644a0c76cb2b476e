# The Pied Piper: every text in English. Keys are message ids; `cmd-…` translate slash-command texts.
# Narration is in the present tense ("Alice places…", "the yellow rat moves…").

game-title = The Pied Piper
dm-hello = Hello! You joined { $game } game #{ $id } in { $channel }. Your action cards (and, with hidden cards, what you placed face down) will arrive here.
settings-show = ⚙️ Channel language: { $lang_name }. Reminders after { $hours } h, at most { $count } per decision. { $clock }

## Names

card-forward1 = Forward 1
card-forward2 = Forward 2
card-back1 = Back 1
card-sewer = Sewer
card-plus1 = +1
card-melody = Melody
card-hidden = a face-down card
card-own_hidden = your face-down { $card }
figure-piper = Pied Piper
figure-yellow = yellow rat
figure-red = red rat
figure-blue = blue rat
figure-green = green rat
figure-purple = purple rat
figure-orange = orange rat
figure-the = the { $name }
list-and = { $head } and { $last }
list-or = { $head } or { $last }
list-then = { $first }, then { $second }
where-slot = the character in place { $slot }
where-slot_short = place { $slot }
where-character = the { $character } (place { $slot })
where-with = {", "}with { $cards }

## Actions, buttons and pickers

action-play = Put { $card } under { $where }{ $under }
action-play_hidden = Put { $card } face down under { $where }{ $under }
action-activate = Activate { $where } first
verb-play = Play a card
verb-activate = Activate first
pick-hidden = face down
prompt-play = place { $count ->
        [one] one action card
       *[other] { $count } action cards
    } under the characters (the button opens your cards, for you only).
prompt-play_hidden = place { $count ->
        [one] one action card
       *[other] { $count } action cards
    } under the characters; one may go face down (the button opens your cards, for you only).
prompt-second = place your second action card under another character (the button opens your cards, for you only).
prompt-second_hidden = place your second action card under another character; it may go face down (the button opens your cards, for you only).
prompt-order = choose which character activates first: { $places }.
prompt-over = the game is over.

## Lobby and rules

variant-ptits_rats = p'tits rats (each card acts at once)
variant-hidden = hidden cards (one card a turn face down)
lobby-variant = Variant: { $variant }
rules = **The Pied Piper in short.** Each player lives in a house of Hamelin; the houses stand in a ring, with rats and the Pied Piper between them. On your turn, place 2 action cards (1 on the very first turn) under two different characters of the row of 4. Then every character holding 2 cards activates: its figure moves as its cards say, in the order they were placed. Forward 1 and Forward 2 cross houses ahead, Back 1 the house behind, Sewer passes under the house ahead and changes nothing; +1 adds a house to the other card, Melody takes every figure of its spot along; two special cards do nothing. A rat crossing a house puts its counter up 1, the Pied Piper takes it down 1. When two characters activate, you choose which goes first. Used characters are replaced and you draw back to 4 cards. A counter that reaches the roof (level 7) makes its player flee: whoever's turn it is takes that counter. When two players are left, the lower counter wins (then the most counters collected). With 2 players, two neutral houses join the ring and the first counter on the roof loses.
rules-ptits_rats = **Variant “p'tits rats”:** no +1 or Melody cards; each card acts as soon as it is placed, and a character is replaced after its second card.
rules-hidden = **Variant “hidden cards”:** one of your cards each turn may go face down; it is turned up when its character activates.
rules-commands = Play with the buttons, or `/piper play`, `/piper activate` and `/piper do`; `/game hand` shows your cards.

## Events

event-game_set_up = 🏘️ Hamelin: { $houses } houses in a ring, a rat between each two; the Pied Piper and one more rat stand before { $first }'s house. A counter that reaches the roof (level { $roof }) makes its player flee.
event-game_set_up_neutral = 🏘️ Hamelin: { $houses } houses in a ring, two of them neutral (no counter), a rat between each two; the Pied Piper and one more rat stand before { $first }'s house. A counter that reaches the roof (level { $roof }) makes its player flee.
event-variant_ptits_rats = Variant “p'tits rats”: each card acts as soon as it is placed; no +1 or Melody cards.
event-variant_hidden = Variant “hidden cards”: one card a turn may go face down, turned up when its character activates.
event-display_dealt = 🎭 The characters, in a row: { $characters }.
event-pipers_set_aside = ({ $count ->
        [one] One extra Pied Piper card was
       *[other] { $count } extra Pied Piper cards were
    } shuffled back into the Character pile.)
event-hand_dealt = 🃏 Your action cards: { $cards }.
event-turn_began = **Turn { $turn }**: { $player } places { $cards ->
        [one] one action card
       *[other] { $cards } action cards
    }.
event-card_played = { $player } places a { $card } under the { $character } (place { $slot }){ $count ->
        [2] : the { $character } now holds two cards
       *[other] {""}
    }.
event-card_played_hidden = { $player } places a card face down under the { $character } (place { $slot }){ $count ->
        [2] : the { $character } now holds two cards
       *[other] {""}
    }.
event-hidden_card_played = 🂠 You placed your { $card } face down under the { $character } (place { $slot }).
event-card_revealed = 🂠 Turned face up under the { $character } (place { $slot }): { $player }'s { $card }.
event-order_asked = { $player } chooses which character activates first: { $places }.
event-activated = ▶️ The { $character } (place { $slot }) activates: { $cards }.
event-activated_first = ▶️ { $player } has the { $character } (place { $slot }) activate first: { $cards }.
event-activated_nothing = ▶️ The { $character } (place { $slot }) activates with two special cards ({ $cards }): nothing happens.
move-melody = With the Melody, { $figures }
move-with = { $card } and { $special }
event-moved_forward = { $subject } { $count ->
        [one] moves
       *[other] move
    } forward { $houses ->
        [one] one house
       *[other] { $houses } houses
    } ({ $card }): { $crossed }.
event-moved_back = { $subject } { $count ->
        [one] moves
       *[other] move
    } back { $houses ->
        [one] one house
       *[other] { $houses } houses
    } ({ $card }): { $crossed }.
event-moved_sewer = { $subject } { $count ->
        [one] goes
       *[other] go
    } through the sewer under { $houses ->
        [one] one house
       *[other] { $houses } houses
    } ({ $card }): { $crossed }.
event-move_interrupted = The game ends before the move is over.
crossing-neutral = a neutral house
crossing-none = no house
crossing-under = { $player } unchanged at { $level }
crossing-same = { $player } stays at { $level }
crossing-change = { $player } { $before } → { $level }
crossing-roof = { $player } { $before } → { $level } (the roof!)
event-player_eliminated = 🏚️ { $player } flees Hamelin: their counter reached the roof.
event-counters_taken = { $by } takes { $count ->
        [one] that counter
       *[other] that counter and the { $extra ->
            [one] one
           *[other] { $extra }
        } { $player } had taken
    }.
event-counter_not_taken = Nobody takes it: it was { $player }'s own turn.
event-players_left = { $count } players are still in.
event-hand_discarded = { $player }'s hand goes face up to the discard pile: { $cards }.
event-character_replaced = 🔄 The { $old } has acted: its character card leaves the row (place { $slot }), and a new one is drawn in its place: the { $new }.
event-character_deck_reshuffled = 🔀 The Character pile is empty: the { $count } discarded Character cards become a new pile.
event-action_deck_reshuffled = 🔀 The action pile is empty: the { $count } discarded action cards are shuffled into a new pile.
event-hand_refilled = { $player } draws { $count ->
        [one] one action card
       *[other] { $count } action cards
    }.
event-cards_drawn = 🃏 You draw: { $cards }.
event-game_ended = 🏆 Only two players are left: { $winner } wins with the lower counter ({ $level } against { $other } for { $loser }).
event-game_ended_counters = 🏆 Only two players are left, both at level { $level }: { $winner } wins with more counters collected.
event-game_ended_roof = 🏆 { $winner } wins: the other counter reached the roof.
event-game_ended_draw = 🏆 Only two players are left, both at level { $level } with as many counters collected: a draw! (The rulebook says: play again!)

## Private information and the ranking

hand-none = none
hand-cards = 🃏 Your hand ({ $count ->
        [one] one card
       *[other] { $count } cards
    }): { $cards }.
hand-empty = 🃏 Your hand is empty.
hand-hidden = 🂠 Your face-down card under the { $character } (place { $slot }): { $card }.
hand-level = 🏠 Your counter: level { $level } of { $roof }{ $count ->
        [0] {""}
       *[other] ; you took { $count ->
            [one] one counter
           *[other] { $count } counters
        }
    }.
hand-fled = 🏚️ You fled: your counter reached the roof{ $count ->
        [0] {""}
       *[other] {" "}(you had taken { $count ->
            [one] one counter
           *[other] { $count } counters
        })
    }.
ranking-how = The lowest counter wins (a tie goes to the most counters collected); those who fled follow, the last to flee first.
ranking-row = { $medal } { $player }: counter at level { $level }{ $count ->
        [0] {""}
       *[other] , { $count ->
            [one] one counter
           *[other] { $count } counters
        } collected
    }
ranking-fled = { $medal } { $player }: fled, counter on the roof ({ $level }){ $count ->
        [0] {""}
       *[other] , { $count ->
            [one] one counter
           *[other] { $count } counters
        } collected
    }
ranking-tie_break = ⚖️ { $players }: counters at the same level ({ $score }), a tie broken by the rules' tie-break: the most opponents' rat counters collected ranks first.

## Rules errors named in words (the engine's own templates name cards and figures by id)

error-card_not_in_hand = You have no { $card ->
        [forward1] { card-forward1 }
        [forward2] { card-forward2 }
        [back1] { card-back1 }
        [sewer] { card-sewer }
        [plus1] { card-plus1 }
        [melody] { card-melody }
       *[other] { $card }
    } card in your hand.
error-character_full = The { $character ->
        [piper] { figure-piper }
        [yellow] { figure-yellow }
        [red] { figure-red }
        [blue] { figure-blue }
        [green] { figure-green }
        [purple] { figure-purple }
        [orange] { figure-orange }
       *[other] { $character }
    } in place { $slot } already has two action cards.
error-same_character = Your two cards of a turn go under two different characters: the { $character ->
        [piper] { figure-piper }
        [yellow] { figure-yellow }
        [red] { figure-red }
        [blue] { figure-blue }
        [green] { figure-green }
        [purple] { figure-purple }
        [orange] { figure-orange }
       *[other] { $character }
    } in place { $slot } already has your first one.
error-wrong_phase = You cannot do that now: { $phase ->
        [play] place an action card under a character
        [order] choose which character activates first
        [over] the game is over
       *[other] { $phase }
    }.

## Slash commands (English texts are the code's; these only exist in French)

## Help (issue 17)
help-game = **The Pied Piper on Discord.** Your hand of action cards stays private: the turn message's button opens a private picker of your cards and characters, or type any action with { $do }. { $hand } shows your hand (and, in the hidden-cards variant, your face-down cards); a new hand also reaches you by DM.

## Board images and summaries
## Every `board-` message is a word the renderer (render/piper.py) draws or writes; it reads
## this file by path (render/common.py, `words`), and the bot shows none of these itself.
## A changed word changes the golden images in tests/render/golden.

# The board image and the private image.
board-title = The Pied Piper
board-turn = Turn { $n }
board-to_play = { $who } to play
board-to_order = { $who }: which character first?
board-wins = { $who } wins
board-draw = Draw
board-neutral = neutral
board-fled = fled
board-fled_to = fled → { $who }
board-hand = hand { $n }
board-took = took { $n }
board-characters = Characters
board-face_down = face down
board-first = activates
board-piles = Action pile { $deck } · discard { $discard }
board-char_pile = Character pile { $n }
board-ranking = Final ranking
board-level = level { $n }
board-seat = Player { $n }
board-over = Game over
board-your_hand = Your hand
board-your_hidden = Your face-down cards
board-under = place { $slot }: { $figure }
board-secret = Only you see this
board-last_turn = +1 / −1: counters in { $who }'s last turn

# The text summary.
board-sep = {"; "}
board-s_title = The Pied Piper, turn { $n }.
board-s_move = { $who } to play ({ $what }).
board-s_place = places an action card
board-s_order = chooses which character activates first
board-s_houses = Houses in order of play (the roof is { $roof }): { $rows }.
board-s_house = { $who } { $level }/{ $roof }
board-s_neutral = neutral house
board-s_fled = Fled: { $rows }.
board-s_taken = { $who } (counter to { $by })
board-s_gaps = Figures: { $rows }.
board-s_gap = { $a }→{ $b }: { $figures }
board-s_empty = none
board-s_chars = Characters: { $rows }.
board-s_char = { $slot } { $figure }{ $cards }
board-s_gone = Character discard: { $rows }.
board-s_by = { $card } ({ $who })
board-s_hidden = a face-down card ({ $who })
board-s_hands = Hands: { $rows }. Action pile { $deck }, discard { $discard }.
board-s_last = Moves of turn { $turn } ({ $who }): { $moves }.
board-s_move_line = { $figures } { $way } { $houses }
board-s_forward = forward
board-s_back = back
board-s_sewer = under
board-s_ranking = Final ranking: { $rows }.
board-s_rank = { $rank }. { $who } { $level }/{ $roof }
board-s_draw = A draw.
board-s_win = { $who } wins.
board-s_held = { $n } taken

# Figures, the letters on the rats' discs, and the action cards.
board-figure-piper = Pied Piper
board-figure-yellow = Yellow rat
board-figure-red = Red rat
board-figure-blue = Blue rat
board-figure-green = Green rat
board-figure-purple = Purple rat
board-figure-orange = Orange rat
board-letter-yellow = Y
board-letter-red = R
board-letter-blue = B
board-letter-green = G
board-letter-purple = P
board-letter-orange = O
board-card-forward1 = Forward 1
board-card-forward2 = Forward 2
board-card-back1 = Back 1
board-card-sewer = Sewer
board-card-plus1 = +1
board-card-melody = Melody
