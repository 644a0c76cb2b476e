# The bot: every text in English. Keys are message ids; `cmd-…` translate slash-command texts.

clock-ai = ⏰ The turn clock of { $player } ran out: the AI plays this turn.
clock-skip = ⏰ The turn clock of { $player } ran out: what can be skipped is skipped.
clock-wait = ⏰ The turn clock of { $player } ran out; the game waits for them.
dm-closed = ⚠️ { $player } does not accept direct messages from this bot: they can read their private information with `/game hand`.
dm-hello = Hello! You joined { $game } game #{ $id } in { $channel }. What only you may know (your hand, a secret look) will arrive here.
dm-private = 🔒 Game #{ $id } in { $channel }, for your eyes only:
done = ✅ { $what }
error-abandon_not_allowed = Only the game's creator or a member with Manage Server can end it.
error-already_joined = You are already in this game.
error-already_left = You already left this game.
error-already_started = The game has already started.
error-bad_choice = I did not understand that choice.
error-bad_options = These game options cannot be used: { $detail }
error-channel_busy = This channel already has a game. Finish it (or `/game abandon`) first, or use another channel or thread.
error-creator_cannot_leave = You created this lobby: abandon it with `/game abandon` instead.
error-creator_only = Only the player who opened the lobby can start it.
error-game_abandoned = This game was abandoned.
error-game_over = This game is over. `/game board` shows the final position.
error-guild_only = Use this command in the server channel where the game is played.
error-lobby_closed = That lobby is closed.
error-lobby_full = The lobby is full ({ $count } players).
error-no_game = There is no game in this channel. Start one with `/game new`.
error-not_asked = Your agreement is not needed for this request.
error-not_in_game = You are not playing in this game.
error-not_in_lobby = Join the lobby first.
error-not_started = The game has not started yet.
error-not_your_decision = It is not your decision now.
error-player_count = This game needs { $low } to { $high } players; the lobby has { $count }.
error-record_no_seed = That record has no seed yet (the game was still being played): export it again once the game has ended.
error-record_unreadable = I cannot read that game record.
error-request_closed = This request is closed.
error-request_stale = The game has moved on: this request no longer applies.
error-setting_clock_hours = A turn clock lasts { $low } to { $high } hours (0 for none).
error-setting_clock_policy = When the turn clock runs out, choose “wait”, “skip what can be skipped” or “the AI plays the turn”.
error-setting_lang = The language must be English or French.
error-setting_max_reminders = Between { $low } and { $high } reminders per decision.
error-setting_reminder_hours = Reminders come every { $low } to { $high } hours.
error-setting_window_minutes = A decision outside one's turn lasts { $low } to { $high } minutes.
error-settings_not_allowed = Only the game's creator or a member with Manage Server can change its settings.
error-stale = That button was for an earlier moment of the game; here is the board now.
error-takeback_not_needed = You are already playing your seat.
error-takeover_already = The AI already plays that seat.
error-takeover_no_player = That person does not play in this game.
error-undo_nothing = You have no action to take back in this game.
error-undo_ai_played = An AI player has played since your action: it can no longer be taken back.
error-undo_clock_played = The turn clock has played a turn since your action: it can no longer be taken back.
error-undo_revealed_since = An action made since yours showed hidden information: it can no longer be taken back.
error-undo_secret = That was a secret answer: taking it back would tell everyone you were asked, so it stands.
error-undo_revealed = That action showed hidden information (a rat token or a card): it cannot be taken back.
error-unexpected = Sorry, something went wrong on my side. `/game board` shows where the game stands.
error-unknown_game = I do not know the game { $game }.
error-you_left = You left this game, so you cannot act in it any more.
export-note = The game record (the seed is added once the game has ended, since it decides every hidden token).
export-note_seed = The game record, with its seed: `/game replay` can show any turn from it.
game-abandoned = Game #{ $id } was abandoned by { $player }.
game-left = { $player } left the game.
game-over = 🏁 **The game is over.** { $who }
game-started =
    🎲 Game #{ $id } begins! Turn order:
    { $order }
game-undone = ↩️ { $count ->
    [one] The last action was taken back.
   *[other] The last { $count } actions were taken back.
}
hand-title = Your private information, { $player }:
language-en = English
language-fr = French
lobby-abandoned = This game was abandoned.
lobby-button-ai = Add an AI
lobby-button-join = Join
lobby-button-leave = Leave
lobby-button-start = Start
lobby-done-ai = An AI player joined.
lobby-done-join = You joined the game.
lobby-done-leave = You left the game.
lobby-done-start = The game has started.
lobby-how = Join with the button or `/game join`; { $creator } starts with `/game start`.
lobby-players = Players ({ $count }/{ $high }):
lobby-started = The game has started.
lobby-title = 🎲 **{ $game }**: game #{ $id }
log-empty = Nothing has happened yet.
log-title = 📜 Game #{ $id }, page { $page }/{ $pages }
origin-ai = 🤖 The AI plays for { $player }.
origin-clock-ai = ⏰ The AI played for { $player } (the turn clock ran out).
origin-clock-skip = ⏰ { $player }'s clock ran out: only what cannot be skipped was played.
origin-timeout = ⏰ { $player } did not answer in time: the default answer applies.
seat-ai = AI { $number }
pick-group = { $label } ({ $count } choices)
pick-placeholder = Choose an action…
pick-title = 🔽 **{ $what }**: pick an option.
policy-ai = the AI plays the turn
policy-skip = what can be skipped is skipped
policy-wait = the game waits
ranking-line = { $medal } { $player }: { $score } ({ $detail })
remind-channel = ⏰ { $who }, it is still your decision (reminder { $count }/{ $total }): { $link }
remind-dm = ⏰ Reminder { $count }/{ $total }: it is your decision in { $game } game #{ $id }: { $link }
reminders-channel = You will be reminded in the channel.
reminders-dm = You will be reminded by direct message.
reminders-off = You will not be reminded in this game.
replay-title = ⏪ Game #{ $id }, end of turn { $turn }:
request-agree = Agree
request-closed_done = ✅ The { $kind } was accepted.
request-closed_refused = ❌ The { $kind } was refused.
request-counted = Your agreement is counted.
request-done = Everyone agreed: done.
request-kind_takeover = takeover
request-kind_undo = undo
request-needed = Waiting for: { $who }
request-refuse = Refuse
request-refused = You refused: nothing changes.
settings-clock = Turn clock: { $hours } h, then { $policy }.
settings-no_clock = No turn clock.
settings-show = ⚙️ Channel language: { $lang_name }.
stats-length = A game lasts { $turns } turns and { $days } days on average.
stats-title = 📊 { $played ->
        [one] 1 game played to the end here
       *[other] { $played } games played to the end here
    }, { $active } in progress, { $abandoned } abandoned.
stats-wins = • { $player }: { $count ->
        [one] 1 win
       *[other] { $count } wins
    } in { $played ->
        [one] 1 game
       *[other] { $played } games
    }
status-active = • #{ $id } in { $channel }: turn { $turn }, waiting for { $movers } ({ $players })
status-lobby = • #{ $id } in { $channel }: lobby ({ $players })
status-none = No game is being played on this server.
status-title = { $count ->
        [one] 1 game on this server:
       *[other] { $count } games on this server:
    }
takeback-done = { $player } plays their seat again.
takeover-ask = 🤖 { $by } asks that the AI plays for { $player }.
takeover-done = 🤖 The AI now plays for { $player }, who can take the seat back with `/game takeback`.
turn-ping = ➡️ { $who }: { $what }
undo-ask = ↩️ { $player } asks to take back their last action{ $since ->
    [0] {""}
    [one] {" "}and the one made since
   *[other] {" "}and the { $since } made since
}.
undo-done = ↩️ Your last action was taken back.
window-timeout = ⏰ { $player } did not answer in time: the default answer applies.
verb-any = Decide
prompt-main = your move.
prompt-window = answer privately (the button opens your choices).
window-ask = ⏳ Game #{ $id }: you have a decision to make. If you do not answer within { $minutes } minutes, the default answer applies.
error-bad_variant = This game has no variant called { $variant }.
error-bad_setup = This game has no set-up option: { $setup }
done_unconfirmed = ✅ { $what } (done; the confirmation could not be shown)
error-busy = The game's storage is busy right now: nothing was changed. Please try again in a minute.
error-stale_command = This command has changed since your Discord showed it: try again in a moment (or reload Discord).
turn-past = ⏮️ An earlier turn.
turn-deadline = {" "}· ⏰ { $when }
turn-more = … { $count ->
        [one] one more line
       *[other] { $count } more lines
    } in { $log }
rematch-button = Play a rematch
error-rematch_not_over = The game is not over yet: finish it (or abandon it) first.
settings-reminders = Reminders: after { $hours } h, at most { $count } per decision; then the game is marked as stalled.
settings-window = { $window }: { $minutes } min.
settings-window_name = Decisions outside one's turn
settings-idle = A game nobody moves in for { $days } days ends.
settings-away_ai = While a player is away, the AI plays their turns.
settings-away_pause = While a player is away, their turn clock pauses.
game-left_ai = 🚪 { $player } left the game: the AI plays their seat from now on.
game-seat_taken = 🔄 { $player } takes the seat over.
game-ended-nobody = 🏁 **Nobody is left playing: the game ends here.** { $who }
game-ended-idle = 🏁 **Nobody moved for { $days } days: the game ends here.** { $who }
stall-notice = ⏸️ This game has stalled: { $who } did not answer the reminders. What now? { $link }
stall-ai = Let the AI play this turn
stall-skip = Skip what can be skipped
stall-wait = Keep waiting
stall-end = End the game
stall-moved_on = The game has moved on since: nothing to do.
stall-done-ai = The AI plays this turn.
stall-done-skip = What could be skipped was skipped.
stall-done-wait = The game waits; the reminders start again.
stall-done-end = The game is over.
stall-chosen = ⏸️ { $player } chose: { $choice }.
away-ai = You are away until { $until }: the AI plays your turns meanwhile. `/game away days:0` brings you back sooner.
away-pause = You are away until { $until }: your turn clock pauses meanwhile. `/game away days:0` brings you back sooner.
away-back = Welcome back: you play your own turns again.
quiet-on = Quiet hours from { $start } to { $end } ({ $zone }): no reminder then, and my DMs arrive without a notification.
quiet-off = No quiet hours.
notify-on = You will get a direct message on every turn of yours in this game.
notify-off = No more direct message on your turns in this game.
notify-dm = 🔔 Your turn in { $game } #{ $id }: { $what } { $link }
catchup-title = 📰 Since your last turn: { $count ->
        [one] one action
       *[other] { $count } actions
    }.
takeback-ask = 🔄 { $player } would like to take the seat { $seat } left.
request-kind_seat = seat
error-seat_not_free = That player has not left the game: their seat is not free.
error-away_days = Away for { $low } to { $high } days.
error-bad_zone = I do not know the time zone { $zone }: try a name like Europe/Paris or America/Montreal.
error-bad_hours = Quiet hours go from one hour (0-23) to a different one.
error-setting_idle_days = A game may sit idle for { $low } to { $high } days.
error-setting_away_policy = While a player is away, choose “the AI plays their turns” or “their turn clock pauses”.

## Lobby, abandon, help and status (issue 17)
abandon-ask = End game #{ $id } ({ $game }) now? It ends without a result and nobody can play it afterwards.
abandon-ask_lobby = Close the lobby of game #{ $id } ({ $game })? Its players will have to join a new one.
abandon-yes = End the game
abandon-no = Keep the game
abandon-cancelled = Nothing changed: the game goes on.
abandon-done = Done: game #{ $id } is over.
error-abandon_stale = This question is out of date: that game is no longer open in this channel.
error-not_your_button = This button belongs to the person who asked: use the command yourself.
lobby-removed = 🚪 { $player } was removed from the lobby by { $by }.
lobby-handed = 🚪 { $player } left the lobby: { $creator } runs it now (start it with `/game start`, remove someone with `/game remove`).
lobby-closed_empty = 🚪 { $player } left the lobby of game #{ $id }: nobody is left to start it, so it is closed.
lobby-done-leave_closed = You left; nobody else was left to start the game, so the lobby is closed.
error-remove_which = Name either a player or an AI seat to remove (one of the two).
error-remove_not_allowed = Only the lobby's creator or a member with Manage Server can remove someone from it.
error-remove_unknown = That player or AI seat is not in this lobby.
error-remove_creator = The creator cannot remove themselves: use `/game leave` (the lobby passes to the next player).
status-waiting = • #{ $id } { $game } in { $channel }: turn { $turn }, waiting for { $movers } since { $since } ({ $players }) [jump]({ $link })
status-lobby_link = • #{ $id } { $game } in { $channel }: lobby ({ $players }) [jump]({ $link })
mine-title = { $count ->
        [one] One game waits for you on this server:
       *[other] { $count } games wait for you on this server:
    }
mine-none = No game waits for you on this server.
help-title = How to play here
help-title_game = How to play { $game } here (game #{ $id })
help-games = Games on this bot (open a lobby with { $new }):
help-game_line = • **{ $game }** (`game:{ $value }`), { $low } to { $high } players
help-discord = **Playing on Discord**
    • After every turn the bot posts the board and a turn message naming who must decide, with buttons and menus. A button that is one action acts at once, and so does a choice in a menu of the turn message; a button that stands for choices only you may see (your hand, your cards) opens a private picker that only you see.
    • What only you may know (your hand, a secret look) reaches you by direct message; { $hand } shows it here at any time, privately.
    • { $board } shows the board to you alone (with `public` it is posted for everybody); { $status } with `mine` lists the games waiting for you.
    • You are reminded when a game waits for you: { $reminders } and { $notify } choose how.
    • { $rules } sums up the rules in play, card by card.
    • `/standing leaderboard` ranks the players of each game, `/standing profile` shows anyone's ratings, wins and time to decide, `/standing games` your games on every server (also in DMs, once you add the bot to your account).
help-game_commands = **Commands of { $game }**
help-commands = **Commands of every game**
lobby-thread_name = { $game }: { $player }'s game
lobby-in_thread = 🎲 { $player } opened a { $game } lobby in { $thread }: join it there.
posted = ✅ Done: the channel has been told.
posted-request = ✅ Your request is posted in the channel: it waits for the others' answers.
error-not_saved = The game could not be saved right now, so nothing changed. Please try again later.
error-record_missing = The record file did not reach me: attach it again.

# A secret window (who is asked depends on hidden cards): the table is told of no one.
turn-secret = ⏳ A decision is being made privately: whoever must make it was asked by DM (the button opens your choices if you are one of them).
error-not_asked_window = You have nothing to decide in this window.
status-secret = a private decision
error-turn_of = The game is waiting for { $movers }.
error-turn_of_since = The game is waiting for { $movers }, whose turn began { $since }.
error-suggestions = { $count ->
        [one] The closest action you can take now:
       *[other] The closest actions you can take now:
    }
error-suggestion = • { $what } (`{ $text }`)

## Ratings and standing (issue 30)
rating-over = 📈 Ratings (μ − 3σ): { $changes }
rating-change = { $player } { $before } → { $after } ({ $delta })
standing-ladder_expansion = { $game } + { $expansion }
standing-ai = 🤖 AI ({ $level ->
        [strong] normal
        [easy] easy
        [hard] hard
       *[other] { $level }
    })
standing-seconds = { $s } s
standing-minutes = { $m } min
standing-hours = { $h } h { $m }
standing-days = { $d } d { $h } h
standing-none = No game has been rated on this server yet: a game that ends with a ranking is.
standing-board_title = 🏆 **{ $game }: leaderboard** ({ $count ->
        [one] { $count } rated player
       *[other] { $count } rated players
    }, by the conservative rating μ − 3σ)
standing-board_empty = Nobody is rated in this game here yet.
standing-board_row = { $place }. { $who } · **{ $rating }** · { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }{ $few ->
        [few] *
       *[enough] {""}
    }
standing-board_past = That page is past the end ({ $pages ->
        [one] { $pages } page
       *[other] { $pages } pages
    }).
standing-board_few = * Fewer than { $games } games: the rating is still settling (μ − 3σ starts at 0 and rises as the games tell more).
standing-board_you = You: #{ $place }, { $rating }.
standing-board_how = Ratings use OpenSkill (Plackett–Luce) from each finished game's ranking; `/standing profile` shows anyone's.
standing-profile_title = 👤 **{ $player }** { $where ->
        [server] on this server
       *[all] on every server
    }
standing-profile_unrated = No rated game yet.
standing-on_server = { $game } ({ $server })
standing-profile_rating = **{ $game }**: **{ $rating }** (#{ $place } of { $count }) · μ { $mu } ± { $sigma } · { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }{ $few ->
        [few] {" "}(still settling)
       *[enough] {""}
    }
standing-change = #{ $id } { $delta }
standing-profile_last = Last { $count ->
        [one] game
       *[other] { $count } games
    }: { $changes } · in all { $total }
standing-profile_times = ⏱️ Time to decide: { $mean } on average, { $median } median (over { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    } of finished games)
standing-profile_playing = 🎲 { $count ->
        [one] One game in progress:
       *[other] { $count } games in progress:
    }
standing-games_none = You are in no game in progress, on any server.
standing-games_title = 🎲 { $count ->
        [one] Your game in progress
       *[other] Your { $count } games in progress
    } ({ $waiting ->
        [0] none waits for you
        [one] one waits for you 👉
       *[other] { $waiting } wait for you 👉
    }):
standing-recomputed = ✅ Ratings recomputed from the stored results: { $count ->
        [one] { $count } rated game
       *[other] { $count } rated games
    }.
error-standing_server_only = This needs a server: use it in a server where the bot plays. Here, `/standing profile` and `/standing games` show your own standing and games.
error-standing_bot_not_here = The bot is not in this server, so it has no leaderboard here. `/standing profile` and `/standing games` show your own standing and games from anywhere.
error-standing_profile_other_here = Someone else's profile is shown in a server you share with the bot; here you can see your own.
error-standing_recompute_not_allowed = Only a member with Manage Server can recompute the ratings.

## AI levels (issue 28)
ai_level-easy = easy
ai_level-normal = normal
ai_level-hard = hard
seat-ai_level = { $name } ({ $level })
lobby-done-ai_level = An AI player joined, at the { $level } level.
settings-ai_level = When the AI plays for a person (a takeover, the turn clock, someone away or gone), it plays at the { $level } level.
error-setting_ai_level = Choose an AI level: easy, normal or hard.
settings-hints_on = Hints are on: a player may ask `{ $command }` what the hard AI would play.
settings-hints_off = Hints are off (`{ $command }` is refused; `/game settings hints:true` allows it).
error-hints_off = Hints are off in this game: its creator can allow them with `/game settings hints:true`.
error-hint_not_now = You have nothing to decide right now.
hint-choice = 💡 The hard AI would play: **{ $action }**
hint-ratings = How it rates { $count ->
        [one] the only option
       *[other] the { $count } options (the most tried first)
    }: its average result over the deals it tried (100: first every time).
hint-line = { $rank }. { $action }: { $score }/100 ({ $tries ->
        [one] { $tries } try
       *[other] { $tries } tries
    })

## The web view (bot/web)
web-title = { $game } #{ $id }
web-lobby = Waiting for players in the lobby.
web-over = The game is over.
web-ended = The game ended without a result.
web-your_turn = Your turn: { $prompt }
web-turn_of = { $count ->
        [0] Waiting for the next decision.
        [one] { $who }'s turn
       *[other] Waiting for { $who }
    }
web-since = Since { $when }.
web-left = left the game
web-stand_in = played by the AI
web-language = English
web-seat_page = Your page as { $name }: nobody else sees this page.
web-public_link = The public page
web-ranking = Final ranking
web-players = Players
web-private = Only you see this
web-nothing = Nothing hidden for your seat right now.
web-story = The story, newest first
web-no_story = Nothing has happened yet.
web-setup = Set-up
web-board_after = The board after this
web-previous = ← Before
web-now = Now
web-next = After →
web-after_title = The board after part { $number } of { $count } of the story
web-refused_title = This link does not work
web-refused = It may have expired, or the seat it was for changed hands, or the game is over. Ask the bot for a new one in the game's channel.
web-players_alt = The players' panel: each player's cards, figures and score.
web-watch = Watch on the web
web-links = 🌐 **Your page of game #{ $id }**, for you alone: it shows your hand and what only you saw, updated as the game goes on. It works until { $until }, or until your seat changes hands or the game ends. Do not share it; the public page, with no secrets, is for everyone.
web-seat_button = My page (private)
web-public_button = Public page
error-web_off = The web view is not turned on for this bot: its host sets WEB_BASE_URL and WEB_LISTEN (see the README).
error-web_not_held = Your seat is not yours to show right now (you left the game, or the AI plays it): take it back first.
