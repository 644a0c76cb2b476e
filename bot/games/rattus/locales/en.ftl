# Rattus: every text in English. Keys are message ids; `cmd-…` translate slash-command texts.

action-astronomer = Draw 3 region cards (Astronomer)
action-caravan_move = Move the caravan through { $region } to { $second } (Caravaneer)
action-caravan_place = Place the caravan in { $region }
action-choose = Keep card { $n }
action-choose_card = Keep { $card }
action-done = End my turn
action-explore = Place a cube in { $region } (Explorer)
action-explore_none = Place no cube (Explorer)
action-explorer = Reveal 3 region cards (Explorer)
action-keep = Keep the tokens in place (Witch)
action-king = Move a cube from { $region } to the palace (King)
action-merchant = Move { $count ->
        [one] 1 cube
       *[other] { $count } cubes
    } from { $source } to { $target } (Merchant)
action-merchant_diplomat = Move { $count ->
        [one] 1 cube
       *[other] { $count } cubes
    } with the diplomat from { $source } to { $target } (Merchant)
action-monk = Move rat token { $position } from { $source } to { $target } (Monk)
action-open = Place 2 cubes in { $region }
action-open2 = Place 1 cube in { $region } and 1 in { $second }
action-pass = Play no region card
action-peek = Look at rat token { $position } in { $region } (Witch)
action-place = Place { $count ->
        [one] 1 cube
       *[other] { $count } cubes
    } in { $region }
action-plague = Move the plague to { $region }
action-plague_plus2 = Move the plague to { $region }, counting as 2 cubes
action-protect = Play { $region_card } to protect your { $card }
action-rats = Place the new rats: { $regions }
action-ravage = Ravage { $region } next
action-standing = Set the standing order: { $standing }
action-sultan = Place a diplomat in { $region } (Sultan)
action-swap = Swap the two tokens (Witch)
action-take = Take the { $card }
card-astronomer = Astronomer
card-caravaneer = Caravaneer
card-explorer = Explorer
card-king = King
card-knight = Knight
card-merchant = Merchant
card-monk = Monk
card-peasant = Peasant
card-sultan = Sultan
card-witch = Witch
dm-hello = Hello! You joined Rattus game #{ $id } in { $channel }. What only you may know (a Witch's look, your cards) will arrive here.
error-bad_cards = { $count ->
        [one] Unknown class card
       *[other] Unknown class cards
    }: { $cards }.
error-diplomat_must_move = All your cubes leave { $region }, so the cube with your diplomat goes too: choose the move “with the diplomat” (the diplomat option of `/rattus merchant`).
error-bad_standing = “{ $value }” is not a standing order: choose one with `/rattus standing` (“{ standing-always }”, “{ standing-never }” or “{ standing-ask }”).
error-no_such_card = Choose { $count ->
        [one] the card you drew
       *[other] one of the { $count } cards you drew
    }.
error-not_enough_cubes = You have only { $have ->
        [one] 1 cube
       *[other] { $have } cubes
    } in { $region }.
error-plague_too_far = The plague piece cannot reach { $region } from { $source } in { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }.
error-spread_count = Place exactly { $count ->
        [one] 1 rat token
       *[other] { $count } rat tokens
    }.
error-wrong_cube_count = In { $region } you may place { $allowed ->
        [one] 1 cube
       *[other] { $allowed } cubes
    }, not { $count }.
error-setting_window_minutes = A region card decision lasts { $low } to { $high } minutes.
event-astronomer_drew = { $player } (Astronomer) drew { $count ->
        [one] 1 region card
       *[other] { $count } region cards
    }.
event-astronomer_kept = { $player } (Astronomer) kept one card and discarded { $discarded }.
event-caravan_cube_added = 🐪 { $player } adds a cube in { $region } (caravan).
event-caravan_moved = 🐪 { $player } (Caravaneer) moved the caravan from { $source } through { $middle } to { $target }.
event-caravan_placed = 🐪 { $player } placed the caravan in { $region }.
event-card_taken = { $player } took the { $card }.
event-card_taken_from = { $player } took the { $card } from { $other }.
event-cube_to_palace = { $player } (King) moved a cube from { $region } to the palace.
event-cubes_moved = { $player } (Merchant) moved { $count ->
        [one] 1 cube
       *[other] { $count } cubes
    } from { $source } to { $target }.
event-cubes_placed = { $player } placed { $count ->
        [one] 1 cube
       *[other] { $count } cubes
    } in { $region }.
event-cubes_placed_opening = { $player } placed { $count ->
        [one] 1 opening cube
       *[other] { $count } opening cubes
    } in { $region }.
event-diplomat_moved = { $player }'s diplomat moved from { $source } to { $target }.
event-diplomat_placed = { $player } (Sultan) put a diplomat under a cube in { $region }.
event-diplomat_returned_palace = { $player }'s diplomat in { $region } goes back to the supply (its cube went to the palace).
event-diplomat_returned_plague = { $player }'s diplomat in { $region } goes back to the supply.
event-end_all_cubes_placed = A player has all cubes on the board: after { $player }'s turn comes the final round.
event-end_rat_supply_empty = The rat supply is empty: after { $player }'s turn comes the final round.
event-explorer_placed = { $player } (Explorer) placed a cube in { $region }.
event-explorer_placed_none = { $player } (Explorer) placed no cube.
event-explorer_revealed = { $player } (Explorer) revealed { $cards }.
event-final_ravage_began = ☠️ The plague ravages every region.
event-final_turn_began = Final round: { $player } may use their class cards one last time.
event-game_set_up = The plague starts in { $plague }. { $supply } rat tokens are in the supply ({ $removed } removed unseen).
event-hands_revealed = Region cards in hand at the end: { $hands }
event-no_loss = nobody loses a cube.
event-plague_moved = ☠️ { $player } moved the plague from { $source } to { $target }.
event-plague_moved_plus2 = ☠️ { $player } moved the plague from { $source } to { $target }; the Knight makes it count as 2 cubes.
event-protection_declined = You play no (more) region card on this token.
event-rat_token_moved = { $player } (Monk) moved rat token { $position } of { $source } to { $target }.
event-rat_token_peeked = { $player } (Witch) looked at rat token { $position } in { $region }.
event-rat_token_seen = 🔮 Rat token { $position } in { $region }: { $face }.
event-rat_tokens_added = 🐀 { $count ->
        [one] 1 new rat token
       *[other] { $count } new rat tokens
    } in { $region }.
event-rat_tokens_swapped = { $player } (Witch) swapped token { $a } of { $first } with token { $b } of { $second }.
event-ravage_region_chosen = { $player } chose { $region } as the next region to ravage.
event-reaction_window_opened = ⏳ { $region }: { $face }. Before it takes effect, region cards may be played to protect class cards.
event-region_card_kept = 🔭 You kept { $region_card }.
event-region_card_played = 🛡️ { $player } played { $region_card } to protect their { $card } in { $region }.
event-region_card_committed = 🛡️ You play { $region_card } to protect your { $card } in { $region }: everyone sees it when the window closes.
event-region_card_committed_standing = 🛡️ Your standing order plays { $region_card } to protect your { $card } in { $region }: everyone sees it when the window closes.
event-region_cards_dealt = 🃏 Your region cards: { $cards }.
event-region_cards_discarded = { $count ->
        [one] The region card played in { $region } is discarded.
       *[other] The { $count } region cards played in { $region } are discarded.
    }
event-region_cards_drawn = 🔭 You drew: { $cards }.
event-region_deck_reshuffled = The { $cards } discarded region cards were shuffled into a new draw pile.
event-revealed_nothing = 🐀 { $region }: { $face } with { $cubes ->
        [one] 1 cube
       *[other] { $cubes } cubes
    }: no effect.
event-revealed_outbreak = 🐀 { $region }: { $face } with { $cubes ->
        [one] 1 cube
       *[other] { $cubes } cubes
    }: outbreak! { $losses }
event-standing_order_set = Your standing order for region cards: { $standing }.
game-title = Rattus
hand-cards = Class cards: { $cards }.
hand-empty = Your hand of region cards is now empty.
hand-known_token = 🔮 { $region }, rat token { $position }: { $face }.
hand-no_cards = You hold no class card.
hand-none = none
hand-nothing_known = You know no face-down rat token.
hand-region_cards = Region cards: { $cards }.
hand-reserve = Cubes in your supply: { $count }.
hand-standing = Standing order for region cards: { $standing }.
lobby-cards = Class cards: { $cards }
lobby-expansion = Expansion: { $expansion }
origin-timeout = ⏰ { $player } did not answer in time: their standing order applies.
phase-astronomer = keep one of the region cards you drew first
phase-caravan = the caravan is being placed
phase-explorer = place a cube in a revealed region, or none, first
phase-final = in the final round you may only use your class cards
phase-main = take a card, place cubes, use your cards or move the plague
phase-opening = the players are placing their opening cubes
phase-over = the game is over
phase-ravage_order = the last player is choosing which region the plague ravages next
phase-reaction = the plague waits for players to protect their class cards
phase-spread = place the new rat tokens first
phase-witch = finish the Witch's spell first
prompt-astronomer = keep one of the region cards you drew.
prompt-caravan = place the caravan in any region.
prompt-explorer = place a cube in one of the revealed regions, or none.
prompt-final = use your class cards one last time, then end your turn.
prompt-main = take a class card, place cubes, use your cards, then move the plague.
prompt-opening = place two opening cubes.
prompt-over = the game is over.
prompt-ravage_order = choose the region the plague ravages next.
prompt-reaction = decide whether to play a region card (your options are in your DMs).
secret-reaction = ⏳ { $region }: { $face } was revealed. Before it takes effect, region cards may be played to protect class cards; the players who chose to be asked were asked privately.
prompt-spread = place the new rat tokens.
prompt-witch = finish the Witch's spell.
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
rules = **Rattus in short.** On your turn you may take one class card (from the display or another player), then place as many cubes as there are rat tokens in one region (the Peasant adds one). Each card you hold gives an ability, usable once per turn before the plague moves: King (a cube from a rat-free region to the palace), Monk (move a rat token), Merchant (move up to 3 cubes), Witch (look at two tokens, maybe swap them), Knight (the plague moves up to 2 regions and may count as 2 cubes). Then move the plague to a neighbour: it spreads new rats (1 if the region has 1, 2 if it has 2-3) and ravages the region: tokens are revealed one by one; if the cubes there reach a token's limit, each symbol kills a cube (the red Majority badge, one tall pile of cubes: the player with the most cubes there; the black All players badge, three equal piles: everyone with cubes there; a class symbol: whoever holds that class card). When the rat supply is empty, a final round and a final ravage follow. Most cubes on the board and in the palace wins.
score-board = { $n } on the board
score-diplomats = { $n } from diplomats
score-palace = { $n } in the palace
score-region_cards = { $n } from region cards
ranking-tie_break = ⚖️ { $players }: a tie on { $score }, broken by the rules' tie-break: whoever would have played next, had the game gone on, ranks first.
standing-always = always protect when a card saves cubes
standing-ask = ask me each time
standing-never = never play a card
symbol-A = All
symbol-B = Bourgeoisie
symbol-C = Church
symbol-K = Chivalry
symbol-M = Majority
symbol-O = Orient
symbol-P = Peasantry
symbol-R = Royalty
symbol-W = Magic
symbol-wild = any class
token-face = limit { $limit } · { $symbols }
verb-any = Decide
verb-astronomer = Draw region cards (Astronomer)
verb-caravan = Place or move the caravan
verb-caravaneer = Move the caravan (Caravaneer)
verb-choose = Keep a region card (Astronomer)
verb-done = End my turn
verb-explore = Place a cube (Explorer)
verb-explorer = Reveal region cards (Explorer)
verb-keep = Keep the tokens (Witch)
verb-king = Move a cube to the palace (King)
verb-merchant = Move cubes (Merchant)
verb-monk = Move a rat token (Monk)
verb-open = Place opening cubes
verb-pass = Play no card
verb-peek = Look at a rat token (Witch)
verb-place = Place cubes
verb-plague = Move the plague
verb-protect = Protect a class card
verb-rats = Place the new rats
verb-ravage = Choose the next region to ravage
verb-sultan = Place a diplomat (Sultan)
verb-swap = Swap the tokens or not (Witch)
verb-take = Take a class card
what-count = count
what-position = position
window-dm = ⏳ Game #{ $id }: { $region } revealed { $face }. Play a region card to protect a class card? If you do not answer within { $minutes } minutes, your standing default applies.
window-timeout = ⏰ { $player } did not answer in time: their standing order applies.
pick-token = Token { $position }
variant-africanus = Africanus (2-6 players)
settings-window_name = Region card decisions
digest-line = 📰 Since your last turn: { $parts }.
digest-region = { $region } −{ $count }
digest-lost = cubes lost { $regions } (yours: { $mine })
digest-took = { $player } took the { $card }

## Help (issue 17)
help-game = **Rattus on Discord.** On your turn the buttons offer a class card to take, the regions to place cubes in and your cards' abilities; a choice among many (regions, tokens) opens a private picker. { $do } types any action. What your Witch saw, and with Africanus your hand of region cards, reach you by DM and with { $hand }. When a ravage threatens and a region card could protect a class, you are asked privately, with a time limit; your standing order answers for you when time runs out.
rules-cards_title = **The class cards of this game** (each ability once per turn, before the plague moves; a card's holder is also hit by that class's symbol on rat tokens):
rules-cards_random = With Africanus the class cards of a game are drawn at random when it starts; any of these may come:
rules-card-peasant = place one more cube than the region has rat tokens.
rules-card-merchant = move up to 3 of your cubes from one region to a neighbouring region.
rules-card-monk = move a rat token from one region to a neighbouring region.
rules-card-knight = move the plague piece up to 2 regions; it may then count as 2 extra neutral cubes where it stops.
rules-card-witch = look at two face-down rat tokens (only you see them), then swap them or not.
rules-card-king = move one of your cubes from a region without rat tokens to the palace, where it is safe.
rules-card-astronomer = draw 3 region cards, keep one and discard the others.
rules-card-explorer = reveal 3 region cards; you may place one cube in one of those regions; the cards are discarded.
rules-card-sultan = put a diplomat under one of your cubes on the board (not where you already have one); most diplomats scores 4 points, second 2.
rules-card-caravaneer = move the caravan two regions: where it starts and where it passes, whoever has the most cubes (at least one) adds a cube; none is added where it stops, and it cannot go back to where it started this turn.
rules-africanus = **Africanus** adds Africa's regions (up to 6 players) and region cards: each player holds a hidden hand of them. When a ravage would hit a class card you hold, you may play a region card showing that class to protect it; you are asked privately, and your standing order (`/rattus standing`) answers when time runs out. At the end, each region card in hand scores 1 point if you have the most cubes (at least one) in its region.
hand-of_player = { $player }: { $cards }
rules-card_line = • **{ $card }**: { $power }

## Board images and summaries
## Every `board-` message is a word the renderer (render/rattus/) draws or writes; it reads
## this file by path (render/common.py, `words`), and the bot shows none of these itself.
## A changed word changes the golden images in tests/render/golden.

# The board image.
board-title = RATTUS
board-turn = Turn { $n }
board-opening = Setting up
board-final = Final round
board-over = Game over
board-to_move = { $who } to move
board-winner = { $who } wins
board-seat = Player { $n }
board-players = Players
board-col_reserve = reserve
board-col_board = board
board-col_hand = cards
board-cards = Class cards
board-free = free
board-supply = Rats left
board-palace = Palace
board-step_card = take a class card
board-step_cubes = place cubes
board-step_plague = move the plague
board-phase_witch = the Witch is looking
board-phase_spread = placing the new rats
board-phase_opening = placing starting cubes
board-phase_final = last use of the class cards
board-phase_over = game over
board-phase_caravan = placing the caravan
board-phase_astronomer = Astronomer: keep a card
board-phase_explorer = Explorer: place a cube
board-phase_reaction = region cards to protect?
board-phase_ravage_order = choosing the next ravage
board-last = Plague moved by { $who }
board-plus2 = +2 cubes
board-spread = New rats: { $where }
board-revealed_in = Rat tokens revealed in { $region }:
board-pending = waiting
board-no_effect = below the limit
board-no_loss = no cube lost
board-more = … { $n } more
board-final_ravage = Final ravage
board-lost = Cubes lost:
board-nobody_lost = none
board-faces_shown = all rat tokens shown on the map
board-ranking = Final ranking
board-tie = Tie broken by turn order
board-b_board = board
board-b_palace = palace
board-b_region_cards = cards
board-b_diplomats = diplomats
board-legend_diplomat = diplomat
board-legend_caravan = caravan
board-col_palace = palace
board-col_diplomats = diplomats
board-col_score = score
board-col_region_cards = cards
board-legend_M = Majority
board-legend_A = All players
board-not_in_play = not in play
board-legend_O = Orient
board-legend_any = any class
board-none_revealed = No rat token revealed

# The private image.
board-secret = Only you see this
board-your_looks = Rat tokens you have seen
board-token_of = token { $n } of { $total }
board-hand = Your region cards

# The text summary.
board-sep = {"; "}
board-s_title = Rattus, { $when }.
board-s_move = { $who } to move ({ $phase }).
board-s_plague = Plague in { $region }. Rats left in the supply: { $n }.
board-s_players = Players (reserve/board/palace{ $hand }): { $rows }.
board-s_hand = /cards
board-s_regions = Regions: { $rows }.
board-s_rats =
    { $n ->
        [1] { $n } rat
       *[other] { $n } rats
    }
board-s_shown = rats { $faces }
board-s_palace = Palace: { $cubes }.
board-s_cards = Class cards: { $cards }.
board-s_free = free
board-s_caravan = Caravan in { $region }.
board-s_diplomats = Diplomats: { $rows }.
board-s_last = Plague moved by { $who }: { $what }.
board-s_moved = { $a } → { $b }{ $plus }
board-s_plus2 = {" "}counting as 2 cubes
board-s_spread = new rats { $where }
board-s_revealed = revealed in { $region }: { $tokens }
board-s_limit = limit { $n }
board-s_below = below the limit
board-s_lost = cubes lost: { $who }
board-s_none = no rat token revealed
board-s_no_loss = no cube lost
board-s_final = Final ravage: { $tokens ->
        [1] 1 rat token revealed
       *[other] { $tokens } rat tokens revealed
    }{ $faces }{ $lost }.
board-s_faces = {" "}(limit and symbols under Regions)
board-s_ranking = Final ranking: { $rows }.

# Class cards and regions (the regions keep their Latin names).
board-card-peasant = Peasant
board-card-merchant = Merchant
board-card-monk = Monk
board-card-knight = Knight
board-card-witch = Witch
board-card-king = King
board-card-astronomer = Astronomer
board-card-explorer = Explorer
board-card-sultan = Sultan
board-card-caravaneer = Caravaneer
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
