# Rattus Cartus: every text in English. Keys are message ids; `cmd-…` translate slash-command texts.
# COMPONENTS 4.5: Office, Marketplace, Guard Tower; Premium and Standard actions.

game-title = Rattus Cartus
dm-hello = Hello! You joined Rattus Cartus game #{ $id } in { $channel }. Your hand, the cards you place face down, the nun cards you look at and your rats will arrive here.
rules =
    📜 **Rattus Cartus in short.** 8 to 10 rounds (10 at 2 players, 9 at 3, 8 at 4-5). Each round 2 buildings (3 at 4-5 players) are drawn. **Supply:** every player takes the supply action printed on one of them (draw Population cards, discard rats, look at a card of the Nun row). **Visits:** in turn, each player enters one building and places cards of their hand face down in it (Population cards, Jokers, Swords, Flutes; a Pass lets you visit after the others). **Resolution**, building by building from the left: each Population card or Joker gives 1 influence in the building's class, and each Population card of another class gives you a rat. Most Swords: the fewest gives you half their hand; most Flutes: the fewest gets a rat from you. The player with the most Population cards and Jokers there takes the **Premium** action, the others the **Standard** one (at 2 players one Premium per round). The last round has no building actions: the Premium holder gains 1 influence instead.
    🏁 **The end:** class majorities score 10/5/2 (10/5 at 2 players); most cards in hand 2; most Swords, Flutes, Passes 2 each; Gold 6/3; VP tokens 1 each. Then the Nun row is revealed: whoever has more rats than its nuns dies and loses. Your rats and your hand stay secret until then (`/game hand`).
settings-show = ⚙️ Channel language: { $lang_name }. Reminders after { $hours } h, at most { $count } per decision. { $clock } Decisions outside one's turn (cards owed to a Sword or a Guard Tower, a simultaneous supply): { $minutes } min.
origin-timeout = ⏰ { $player } did not answer in time: the default answer was given.
window-timeout = ⏰ { $player } did not answer in time: the default applies (the first building's supply action; cards owed: the first ones of the hand in card order).

## Cards, piles, buildings, classes

card-peasant = Peasant
card-merchant = Merchant
card-monk = Monk
card-knight = Knight
card-witch = Witch
card-king = King
card-joker = Joker
card-sword = Sword
card-flute = Flute
card-pass = Pass
card-gold = Gold
card-nuns = { $card } ({ $nuns ->
    [one] 1 nun
   *[other] { $nuns } nuns
})
card-a-peasant = a Peasant
card-a-merchant = a Merchant
card-a-monk = a Monk
card-a-knight = a Knight
card-a-witch = a Witch
card-a-king = a King
card-a-joker = a Joker
card-a-sword = a Sword
card-a-flute = a Flute
card-a-pass = a Pass
card-a-gold = a Gold card
card-with_nuns = { $card } with { $nuns ->
    [one] 1 nun
   *[other] { $nuns } nuns
}
cards-none = no card
pile-joker = { $count ->
    [one] 1 Joker
   *[other] { $count } Jokers
}
pile-sword = { $count ->
    [one] 1 Sword
   *[other] { $count } Swords
}
pile-flute = { $count ->
    [one] 1 Flute
   *[other] { $count } Flutes
}
pile-pass = { $count ->
    [one] 1 Pass
   *[other] { $count } Passes
}
pile-gold = { $count ->
    [one] 1 Gold card
   *[other] { $count } Gold cards
}
building-name = { $type ->
    [farm] Farm
    [brewery] Brewery
    [marketplace] Marketplace
    [office] Office
    [monastery] Monastery
    [hospital] Hospital
    [castle] Castle
    [guard_tower] Guard Tower
    [fortune_teller] Fortune-teller's tent
    [piper_hut] Piper's hut
    [palace] Palace
    [treasury] Treasury
   *[other] { $type }
}
building-the = { $type ->
   *[other] the { building-name }
}
building-of = { $type ->
   *[other] of the { building-name }
}
building-in = { $type ->
   *[other] in the { building-name }
}
building-into = { $type ->
   *[other] the { building-name }
}
class-peasantry = Peasantry
class-bourgeoisie = Bourgeoisie
class-church = Church
class-chivalry = Chivalry
class-magic = Magic
class-royalty = Royalty
seat-label = { $mark } seat { $number }
sep = { "; " }
players-none = nobody
tier-premium = Premium
tier-standard = Standard

## Supply actions and building actions

supply-draw = { $count ->
    [one] draw 1 card
   *[other] draw { $count } cards
}
supply-rats = { $count ->
    [one] discard 1 rat
   *[other] discard { $count } rats
}
supply-look = look at a nun card
supply-nothing = nothing
supply_mode-clockwise = clockwise supply
supply_mode-simultaneous = simultaneous supply
effect-draw = { $count ->
    [one] 1 Population card
   *[other] { $count } Population cards
}
effect-vp = { $count ->
    [one] 1 VP token
   *[other] { $count } VP tokens
}
effect-look = { $count ->
    [one] a look at 1 nun card
   *[other] a look at { $count } nun cards
}
effect-discard_rats = { $count ->
    [one] 1 rat discarded
   *[other] { $count } rats discarded
}
effect-hospital = { $count ->
    [one] 1 card discarded for a rat
   *[other] up to { $count } cards discarded, a rat each
}
effect-guard_tower = cards from the other players
effect-none = nothing
reason-supply = supply
reason-fortune_teller = Fortune-teller's tent
reason-sword = Sword
reason-guard_tower = Guard Tower

## Actions (buttons, pickers, confirmations)

action-supply = Take the supply action of building { $number }
action-supply_known = { $building } ({ $number }): { $supply }
action-supply_look = , looking at nun card { $position }
action-enter = Enter building { $number }
action-enter_known = Enter { $building } (building { $number }, { $klass })
action-pass = Play a Pass: visit after the others
action-play = Place { $card } face down
action-withdraw = Take back { $card }
action-give = Give { $card }
action-discard = Discard { $card } (one rat less)
action-done = End the visit with these cards
action-done_hospital = Stop discarding cards
action-target = Choose { $seat }
action-target_sword = Choose { $seat }, who gives you half their hand
action-take = Take it
action-take_known = Take { $what }
action-decline = Decline
action-look = Look at nun card { $position }
action-look2 = Look at nun cards { $first } and { $second }
nun-seen_hint = (seen: { $nuns ->
    [one] 1 nun
   *[other] { $nuns } nuns
})
choice-building = Building { $number }
choice-nun = Nun card { $number }
verb-supply = Choose a supply action
verb-enter = Enter a building
verb-cards = Choose your cards…
verb-play = Place a card
verb-withdraw = Take back a card
verb-discard = Discard a card
verb-pass = Play a Pass
verb-target = Choose a player
verb-take = Take
verb-decline = Decline
verb-look = Look at nun cards
verb-give = Give a card
verb-done = Finish

## Prompts (after the mention of whoever must decide)

prompt-supply = choose the supply action of one of this round's buildings.
prompt-supply_window = choose your supply action in secret (the button opens your choices); all are revealed together.
prompt-visit = enter a building.
prompt-visit_pass = enter a building (Pass cards let you visit after the others).
prompt-place = place cards face down { $building }, then end the visit (both under “Choose your cards…”).
prompt-sword_target = you played the most Swords: choose who gives you half their hand.
prompt-flute_target = you played the most Flutes: choose who gets a rat from you.
prompt-sword_give = { $count ->
    [one] give 1 card of your choice to { $receiver } (Sword): the button opens your hand.
   *[other] give { $count } cards of your choice to { $receiver } (Sword): the button opens your hand.
}
prompt-guard_give = { $count ->
    [one] give 1 card of your choice to { $receiver } (Guard Tower): the button opens your hand.
   *[other] give { $count } cards of your choice to { $receiver } (Guard Tower): the button opens your hand.
}
prompt-gain = take or decline { $what } ({ $tier } action { $building }).
prompt-gain_guard = take the Guard Tower's Premium action (the players who hold at least as many cards as you give you up to 3 each: { $count } in all), or decline.
prompt-look = look at { $count ->
    [one] 1 nun card
   *[other] { $count } different nun cards
} (Fortune-teller's tent).
prompt-hospital = { $count ->
    [one] discard 1 more card of your hand for a rat, or stop discarding (Hospital).
   *[other] discard up to { $count } cards of your hand, a rat each, then stop discarding (Hospital).
}
prompt-over = the game is over.

## Windows (by DM, with a picker)

window-supply = ⏳ Game #{ $id }: choose your supply action. Your choice stays secret until everyone has chosen. Without an answer within { $minutes } minutes, you take the first building's supply action.
window-sword_give = { $count ->
    [one] ⏳ Game #{ $id }: Sword! Give 1 card of your hand to { $receiver }; you choose which. Without an answer within { $minutes } minutes, the first card of your hand in card order goes.
   *[other] ⏳ Game #{ $id }: Sword! Give { $count } cards of your hand to { $receiver }, one at a time; you choose which. Without an answer within { $minutes } minutes, the first cards of your hand in card order go.
}
window-guard_give = { $count ->
    [one] ⏳ Game #{ $id }: Guard Tower! Give 1 card of your hand to { $receiver }; you choose which. Without an answer within { $minutes } minutes, the first card of your hand in card order goes.
   *[other] ⏳ Game #{ $id }: Guard Tower! Give { $count } cards of your hand to { $receiver }, one at a time; you choose which. Without an answer within { $minutes } minutes, the first cards of your hand in card order go.
}

## Events

event-game_set_up = 🃏 Rattus Cartus for { $players } players: { $rounds } rounds of { $per_round } buildings, { $hand } cards in each hand, { $supply }. Buildings in play: { $buildings }.
event-hand_dealt = 🃏 Your hand: { $cards }.
event-round_began = 📅 **Round { $round }/{ $rounds }**: { $player } is the first player.
event-round_last = 📅 **Last round ({ $round }/{ $rounds })**: { $player } is the first player. No building actions this round: the Premium holder of each building gains 1 influence instead.
event-buildings_drawn = 🏛️ Buildings: { $row }.
row-entry = { $number }. { $building } ({ $klass })
event-building_replaced = (All alike, so one was exchanged: { $returned } → { $drawn }.)
event-supply_answered = 🤫 { $player } has chosen a supply action; still choosing: { $waiting }.
event-supply_answered_last = 🤫 { $player } has chosen a supply action: everyone has chosen, the choices are revealed.
event-supply_taken = 🧺 { $player } takes the supply action { $building }.
event-supply_taken_drew = 🧺 { $player } takes the supply action { $building } and { $count ->
    [one] draws 1 card
   *[other] draws { $count } cards
}.
event-cards_drawn = 🃏 You drew ({ $reason }): { $cards }.
event-population_reshuffled = 🔄 The Population draw pile ran out: the { $count } discarded cards become a new draw pile.
event-nun_looked = 👁️ { $player } looks at { $count ->
    [one] nun card
   *[other] nun cards
} { $positions } ({ $reason }).
event-nun_seen = 👁️ Nun card { $position }: { $nuns ->
    [one] 1 nun
   *[other] { $nuns } nuns
} ({ $card }).
event-visits_began = 🚪 Visits, in this order: { $order }.
event-pass_played = 🎫 { $player } plays a Pass and will visit later; next: { $order }.
event-building_entered = 🚪 { $player } enters { $building } (slot { $slot }).
event-card_placed = 🂠 You placed { $card } face down ({ $count ->
    [one] 1 card placed
   *[other] { $count } cards placed
}).
event-card_withdrawn = 🂠 You took back { $card } ({ $count ->
    [0] no card placed
    [one] 1 card placed
   *[other] { $count } cards placed
}).
event-cards_placed = 🂠 { $player } places { $count ->
    [0] no card
    [one] 1 card
   *[other] { $count } cards
} face down { $building }.
event-cards_revealed = 🂡 { $building } ({ $klass }) reveals: { $visits }.
reveal-visit = { $player }: { $cards }
event-influence = 📈 { $player } +{ $count } influence in { $klass } (now { $total }).
event-influence_last = 📈 { $player } +{ $count } influence in { $klass } instead (now { $total }).
rats-gain = 🐀 { $player } { $count ->
    [one] takes 1 rat
   *[other] takes { $count } rats
}.
rats-gain_off_class = 🐀 { $player } { $count ->
    [one] takes 1 rat (1 card of another class)
   *[other] takes { $count } rats ({ $count } cards of another class)
}.
rats-lose = 🐀 { $player } { $count ->
    [one] discards 1 rat
   *[other] discards { $count } rats
}.
rats-lose_supply = 🐀 { $player } { $count ->
    [one] discards 1 rat (supply)
   *[other] discards { $count } rats (supply)
}.
rats-lose_monastery = 🐀 { $player } { $count ->
    [one] discards 1 rat (Monastery)
   *[other] discards { $count } rats (Monastery)
}.
rats-lose_hospital = 🐀 { $player } { $count ->
    [one] discards 1 rat (Hospital)
   *[other] discards { $count } rats (Hospital)
}.
compare-sword = ⚔️ Swords played: { $played }.
compare-flute = 🪈 Flutes played: { $played }.
compare-tie = Everyone played as many: nothing happens.
compare-choose_sword = { $winner } chooses who gives half their hand: { $candidates }.
compare-choose_flute = { $winner } chooses who gets a rat: { $candidates }.
compare-sword_wins = { $count ->
    [one] { $target } gives 1 card (half their hand) to { $winner }.
   *[other] { $target } gives { $count } cards (half their hand) to { $winner }.
}
compare-sword_nothing = { $target } holds too few cards to give any to { $winner }.
compare-flute_wins = { $target } gets a rat from { $winner }.
event-target_chosen_sword = { $count ->
    [one] ⚔️ { $player } chooses { $target }, who gives 1 card.
   *[other] ⚔️ { $player } chooses { $target }, who gives { $count } cards.
}
event-target_chosen_sword_none = ⚔️ { $player } chooses { $target }, who holds too few cards to give any.
event-target_chosen_flute = 🪈 { $player } chooses { $target }, who gets a rat.
event-card_given = 🤲 { $giver } gives a card to { $receiver } ({ $reason }).
event-card_given_more = 🤲 { $giver } gives a card to { $receiver } ({ $reason }; { $count } more to give).
event-card_given_shown = 🤲 { $giver } → { $receiver } ({ $reason }): { $card }.
event-premium_awarded = ⭐ { $building }: Premium action for { $player }; Standard action for { $standard }.
event-premium_alone = ⭐ { $building }: Premium action for { $player }.
event-premium_none = ⭐ { $building }: no Premium action here this round (at 2 players, one per round); Standard action for { $standard }.
event-premium_last = ⭐ { $building }: Premium for { $player } (no actions in the last round).
event-premium_last_none = ⭐ { $building }: nobody gains the Premium of the last round.
event-taken = 🎁 { $player } takes { $what } ({ $tier } action { $building }).
event-taken_empty = 🎁 { $player } gets nothing: the pile is empty ({ $tier } action { $building }).
event-drawn = 🎁 { $player } { $count ->
    [one] draws 1 card
   *[other] draws { $count } cards
} ({ $tier } action { $building }).
event-drawn_short = 🎁 { $player } { $count ->
    [one] draws the last card
   *[other] draws the last { $count } cards
} ({ $tier } action { $building }).
event-drawn_empty = 🎁 { $player } draws nothing: no card is left ({ $tier } action { $building }).
event-drawn_none = 🎁 { $player } draws no card: no influence scored here ({ $tier } action { $building }).
event-vp = 🏅 { $player } takes { $count ->
    [one] 1 VP token
   *[other] { $count } VP tokens
} ({ $tier } action { $building }).
event-vp_short = 🏅 { $player } takes { $count ->
    [0] no VP token: none is left
    [one] the last VP token
   *[other] the last { $count } VP tokens
} ({ $tier } action { $building }).
event-action_discard_rats = ⛪ { $player } takes the { $tier } action { $building }: discard rats.
event-action_look = 🔮 { $player } takes the { $tier } action { $building }.
event-action_hospital = 🏥 { $player } takes the { $tier } action { $building }: { $count ->
    [one] may discard 1 card of their hand for a rat
   *[other] may discard up to { $count } cards of their hand, a rat each
}.
event-action_guard_tower = 🗼 { $player } takes the { $tier } action { $building }.
event-action_none = 🗼 { $player }: the { $tier } action { $building } gives nothing, but protects from Guard Tower demands this round.
event-action_other = { $player } takes the { $tier } action { $building }.
event-action_declined = 🚫 { $player } declines the { $tier } action { $building }.
event-card_discarded = 🏥 { $player } discards { $card } (Hospital{ $count ->
    [0] ).
    [one] ; 1 more possible).
   *[other] ; { $count } more possible).
}
event-guard_demanded = 🗼 { $player } holds { $hand ->
    [one] 1 card
   *[other] { $hand } cards
}: { $givers } (Guard Tower).
guard-giver = { $player } gives { $count ->
    [one] 1 card
   *[other] { $count } cards
}
event-guard_nobody = 🗼 { $player } holds { $hand ->
    [one] 1 card
   *[other] { $hand } cards
}: nobody has to give any (Guard Tower).
event-guard_immune = Protected this round: { $players }.
event-played_cards_discarded = 🗑️ { $count ->
    [0] No card was played there.
    [one] The card played there is discarded.
   *[other] The { $count } cards played there are discarded.
}
event-round_ended = 🔚 Round { $round } ends; { $player } becomes the first player.
event-game_round_ended = 🔚 Round { $round }, the last one, ends.
event-score_alive = 🐀 { $player } reveals { $rats ->
    [one] 1 rat
   *[other] { $rats } rats
} and survives. Hand: { $hand }.
event-score_dead = ☠️ { $player } reveals { $rats ->
    [one] 1 rat
   *[other] { $rats } rats
}: too many, the plague kills them. Hand: { $hand }.
event-nun_row_revealed = ⛪ The Nun row: { $cards }, { $nuns ->
    [one] 1 nun
   *[other] { $nuns } nuns
} in all.
event-winners = { $count ->
    [one] 👑 { $players } inherits the crown!
   *[other] 👑 Shared victory: { $players }!
}
event-no_winner = ☠️ The plague killed everyone: nobody wins.

## Private lines (/game hand and DMs)

hand-cards = 🃏 Your hand ({ $count ->
    [one] 1 card
   *[other] { $count } cards
}): { $cards }.
hand-empty = 🃏 Your hand is empty.
hand-placed = 🂠 Face down { $building }: { $cards }.
hand-rats = 🐀 Your rats: { $count }.
hand-no_nuns = 👁️ You have looked at no nun card yet.
hand-nun = { $position }: { $nuns ->
    [one] 1 nun
   *[other] { $nuns } nuns
} ({ $card })
hand-nuns = 👁️ Nun cards you looked at: { $cards }. That is { $total ->
    [one] 1 nun
   *[other] { $total } nuns
}; { $unseen ->
    [0] you have seen the whole row.
    [one] 1 card not seen.
   *[other] { $unseen } cards not seen.
}
hand-my_supply = 🤫 Your supply choice (secret until everyone has chosen): { $choice }.

## Lobby, variants, errors

variant-simultaneous = Simultaneous supply (chosen in secret)
variant-fewest_rats = If everyone dies, the fewest rats survive
variant-both = Simultaneous supply, and the fewest rats survive if everyone dies
lobby-buildings_one_type = Buildings: one type per class, drawn at random (all 5 copies).
lobby-buildings_random = Buildings: 5 drawn at random from each class's 10.
lobby-buildings_chosen = Buildings: { $buildings }.
lobby-supply_clockwise = Supply: clockwise from the first player.
lobby-supply_simultaneous = Supply: simultaneous (everyone chooses in secret, all revealed together).
lobby-dead_no_winner = If everyone dies: nobody wins.
lobby-dead_fewest_rats = If everyone dies: the players with the fewest rats survive.
error-setup_unknown = { $count ->
    [one] Unknown building
   *[other] Unknown buildings
}: { $names }. Write random, one type, or six buildings (one per class) separated by commas.
error-setup_classes = Choose six buildings, one per class (got { $count }): e.g. Farm, Marketplace, Monastery, Castle, Fortune-teller's tent, Palace.
error-bad_buildings = Choose the buildings: random, one type, or six building types, one per class.
error-look_count = Look at { $count ->
    [one] 1 nun card
   *[other] { $count } nun cards
} here.
error-look_needed = The supply action of building { $position } looks at a nun card: say which one (the nun option of `/cartus supply`).
what-building_number = building number
what-nun_card_number = nun card number
what-seat_number = seat number
error-wrong_phase = You cannot do that now: { $phase ->
    [supply] every player takes a supply action first
    [visit] it is time to enter a building (or play a Pass)
    [place] finish placing your cards first (Done)
    [sword_target] the player with the most Swords is choosing who gives cards
    [sword_give] a player is giving cards for a Sword
    [flute_target] the player with the most Flutes is choosing who gets a rat
    [gain] a building action is waiting: take or decline
    [look] the Fortune-teller's tent is waiting for the nun cards to look at
    [hospital] the Hospital is waiting for cards to discard (or Done)
    [guard_give] players are giving cards to the Guard Tower
    [over] the game is over
   *[other] { $phase }
}.

## The end

score-peasantry = Peasantry { $n }
score-bourgeoisie = Bourgeoisie { $n }
score-church = Church { $n }
score-chivalry = Chivalry { $n }
score-magic = Magic { $n }
score-royalty = Royalty { $n }
score-hand = hand { $n }
score-sword = Swords { $n }
score-flute = Flutes { $n }
score-pass = Passes { $n }
score-gold = Gold { $n }
score-vp_tokens = VP tokens { $n }
score-nothing = no points
ranking-row = { $medal } { $player }: { $score } VP ({ $detail }) · 🐀 { $rats } { $fate }
ranking-dead = ☠️ dead
ranking-winner = 👑 winner
ranking-tie_break = ⚖️ { $players }: a tie on { $score } VP, broken by the rules' tie-break: the lower value of rat tokens ranks first.

## Help (issue 17)
help-game = **Rattus Cartus on Discord.** Your hand stays private: cards are chosen in a private picker, never on a public button. The cards you placed face down, the nun support cards you looked at and your rats reach you by DM and with { $hand }. When several players decide at once, the turn message has one button that opens each player's own picker. { $do } types any action.

rules-buildings_title = **The buildings of this game**, card by card (★ premium action, to the player with the most influence there; ☆ standard action, to the others):
rules-building = • **{ $building }** ({ $klass }): ★ { $premium } · ☆ { $standard }
effect-draw_per_influence = { $per ->
    [one] 1 card per influence point scored there this round
   *[other] 1 card per { $per } influence points scored there this round
}
effect-hospital_rules = { $rats ->
    [0] {""}
    [one] discard 1 rat, then {""}
   *[other] discard { $rats } rats, then {""}
}discard up to { $cards } cards of your hand, one rat each
rules-buildings_drawn = The buildings are drawn at the start, from these twelve:

## Board images and summaries
## Every `board-` message is a word the renderer (render/cartus.py) draws or writes; it reads
## this file by path (render/common.py, `words`), and the bot shows none of these itself.
## A changed word changes the golden images in tests/render/golden.

# The board image and the private image.
board-title = RATTUS CARTUS
board-round = Round { $n }/{ $total }
board-last_round = last round
board-over = Game over
board-first_badge = 1st
board-influence = Influence
board-nun_row = Nun row
board-nuns_total = Nuns: { $n }
board-players = Players
board-hand = Hand
board-vp = VP
board-supply = Supply:
board-legend = ★ premium action   ☆ standard action
board-draw_pile = Draw pile { $n }
board-discard_pile = Discard { $n }
board-vp_left = VP tokens { $n }
board-ranking = Final ranking
board-score = { $n } VP
board-rats =
    { $n ->
        [1] 1 rat
       *[other] { $n } rats
    }
board-dead = ☠ dead
board-winner = ★ winner
board-no_winner = Everyone died: nobody wins.
board-seat = Seat { $n }
board-you = Your cards
board-your_rats = Your rats: { $n }
board-nuns_seen = Nuns you have seen: { $n }
board-unseen =
    { $n ->
        [1] 1 card not seen
       *[other] { $n } cards not seen
    }
board-placed = Face down in { $building }
board-hand_empty = Your hand is empty.
board-nuns_word =
    { $n ->
        [1] 1 nun
       *[other] { $n } nuns
    }

# Whose turn it is, before what they do; a label before its text.
board-mover = { $who }:
board-labelled = { $label }: { $text }

# Phases, for the line under the title.
board-p_supply = choose a supply action
board-p_visit = enter a building
board-p_place = place cards face down
board-p_sword_target = choose who gives cards (Sword)
board-p_sword_give =
    { $n ->
        [1] give 1 card to { $who } (Sword)
       *[other] give { $n } cards to { $who } (Sword)
    }
board-p_flute_target = choose who gets a rat (Flute)
board-p_gain = take or decline: { $what }
board-p_look =
    { $n ->
        [1] look at 1 nun card
       *[other] look at { $n } nun cards
    }
board-p_hospital = discard cards for rats
board-p_guard_give = give cards to { $who } (Guard Tower)

# Supply actions and building actions, short.
board-cards = draw { $n }
board-look1 = see a nun
board-rats_less = −{ $n } { $n ->
        [1] rat
       *[other] rats
    }
board-a_draw = draw { $n } cards
board-a_draw_per1 = 1 card per influence
board-a_draw_per2 = 1 card per 2 influence
board-a_joker = take { $n } { $n ->
        [1] Joker
       *[other] Jokers
    }
board-a_pass = take { $n } { $n ->
        [1] Pass
       *[other] Passes
    }
board-a_sword = take { $n } { $n ->
        [1] Sword
       *[other] Swords
    }
board-a_flute = take { $n } { $n ->
        [1] Flute
       *[other] Flutes
    }
board-a_gold = take { $n } Gold
board-a_rats = discard { $n } { $n ->
        [1] rat
       *[other] rats
    }
board-a_hospital1 = −1 rat + 3 cards: −3 rats
board-a_hospital2 = 2 cards: −2 rats
board-a_guard1 = others give you 3 cards
board-a_guard2 = safe from the tower
board-a_look = see { $n } { $n ->
        [1] nun card
       *[other] nun cards
    }
board-a_vp = take { $n } { $n ->
        [1] VP token
       *[other] VP tokens
    }

# The text summary.
board-s_title = Rattus Cartus, round { $n }/{ $total }{ $last }; first player { $who }.
board-s_over = Rattus Cartus, game over after { $total } rounds.
board-s_move = To move: { $who } ({ $what }).
board-s_row = Buildings: { $rows }.
board-s_visit =
    { $n ->
        [1] { $who } 1 card
       *[other] { $who } { $n } cards
    }
board-s_influence = Influence: { $rows }.
board-s_hands = Hands: { $rows }.
board-s_vp = VP tokens: { $rows }.
board-s_looks = Nun cards looked at: { $rows }.
board-s_ranking = Ranking: { $rows }.
board-s_nuns = The Nun row shows { $n } nuns.
board-sep = {"; "}

# Buildings (named as in COMPONENTS 4.5), classes, cards and the piles' labels.
board-building-farm = Farm
board-building-brewery = Brewery
board-building-marketplace = Marketplace
board-building-office = Office
board-building-monastery = Monastery
board-building-hospital = Hospital
board-building-castle = Castle
board-building-guard_tower = Guard Tower
board-building-fortune_teller = Fortune-teller's tent
board-building-piper_hut = Piper's hut
board-building-palace = Palace
board-building-treasury = Treasury
board-class-peasantry = Peasantry
board-class-bourgeoisie = Bourgeoisie
board-class-church = Church
board-class-chivalry = Chivalry
board-class-magic = Magic
board-class-royalty = Royalty
board-card-peasant = Peasant
board-card-merchant = Merchant
board-card-monk = Monk
board-card-knight = Knight
board-card-witch = Witch
board-card-king = King
board-card-joker = Joker
board-card-sword = Sword
board-card-flute = Flute
board-card-pass = Pass
board-card-gold = Gold
board-pile-joker = Jokers
board-pile-sword = Swords
board-pile-flute = Flutes
board-pile-pass = Passes
board-pile-gold = Gold
