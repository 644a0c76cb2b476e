-- Games, their players, the append-only action log and state snapshots.
BEGIN;

CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    settings TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'abandoned')),
    creator_id INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seq INTEGER NOT NULL DEFAULT 0,
    lobby_message_id INTEGER,
    turn_message_id INTEGER,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    ended_at REAL
);
-- One open game (lobby or active) per channel or thread.
CREATE UNIQUE INDEX games_open_in_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,          -- join order in the lobby
    user_id INTEGER,                    -- NULL for an AI seat
    name TEXT NOT NULL,
    seat INTEGER,                       -- drawn at start; NULL in the lobby
    is_ai INTEGER NOT NULL DEFAULT 0,
    joined_at REAL NOT NULL,
    left_at REAL,
    dm_closed INTEGER NOT NULL DEFAULT 0,
    locale TEXT,
    PRIMARY KEY (game_id, position)
);
CREATE UNIQUE INDEX players_user ON players (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX players_seat ON players (game_id, seat) WHERE seat IS NOT NULL;
CREATE INDEX players_by_user ON players (user_id);

-- The append-only log: one row per applied action, seq 1, 2, 3 ... without gaps.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    actor_id INTEGER,                   -- Discord user; NULL for an AI seat or a timeout
    origin TEXT NOT NULL DEFAULT 'player',
    action TEXT NOT NULL,
    events TEXT NOT NULL,               -- JSON list, every event with its visible_to
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

PRAGMA user_version = 1;
COMMIT;
