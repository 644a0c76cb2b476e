-- Ratings (issue 30): per server and ladder (a game, an expansion apart), one OpenSkill
-- rating per person and per AI level, from the final ranking of every rated game.
BEGIN;

-- What each rated game counted: its placings ([{"identity", "rank", "seat"}]), so that the
-- ratings can be recomputed from them in the order the games ended.
CREATE TABLE rating_results (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id INTEGER NOT NULL,
    ladder TEXT NOT NULL,               -- the game's name, "+<expansion>" for an expansion
    ended_at REAL NOT NULL,
    placings TEXT NOT NULL
);
CREATE INDEX rating_results_in_order ON rating_results (guild_id, ladder, ended_at, game_id);

-- One row per server and ladder: the last game rated (a game that ended earlier makes the
-- ladder be recomputed), and the row every rating of that ladder takes first (one at a time).
CREATE TABLE rating_ladders (
    guild_id INTEGER NOT NULL,
    ladder TEXT NOT NULL,
    rated INTEGER NOT NULL DEFAULT 0,
    last_ended REAL NOT NULL DEFAULT 0,
    last_game INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, ladder)
);

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    ladder TEXT NOT NULL,
    identity TEXT NOT NULL,             -- "u:<user id>" or "ai:<level>"
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,              -- mu - 3 sigma: what the leaderboard sorts by
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    last_at REAL NOT NULL,
    PRIMARY KEY (guild_id, ladder, identity)
);
CREATE INDEX ratings_board ON ratings (guild_id, ladder, ordinal);
CREATE INDEX ratings_by_identity ON ratings (identity);

-- Each rated game's change for each identity in it (a profile's last games, the game-over
-- message).
CREATE TABLE rating_changes (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    identity TEXT NOT NULL,
    guild_id INTEGER NOT NULL,
    ladder TEXT NOT NULL,
    rank INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, identity)
);
CREATE INDEX rating_changes_by_identity ON rating_changes (identity, guild_id, at);

PRAGMA user_version = 7;
COMMIT;
