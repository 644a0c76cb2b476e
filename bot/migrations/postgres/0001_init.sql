-- Games, their players, the append-only action log and state snapshots (PostgreSQL).
-- Discord ids (snowflakes) need 64 bits: every id is BIGINT. Times are Unix seconds.
-- The store runs each migration in a transaction and records it in schema_version.

CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    options JSONB NOT NULL DEFAULT '{}',
    settings JSONB NOT NULL DEFAULT '{}',
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'abandoned')),
    creator_id BIGINT NOT NULL,
    seed BIGINT NOT NULL,
    seq INTEGER NOT NULL DEFAULT 0,
    lobby_message_id BIGINT,
    turn_message_id BIGINT,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    ended_at DOUBLE PRECISION
);
-- One open game (lobby or active) per channel or thread.
CREATE UNIQUE INDEX games_open_in_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE players (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,          -- join order in the lobby
    user_id BIGINT,                     -- NULL for an AI seat
    name TEXT NOT NULL,
    seat INTEGER,                       -- drawn at start; NULL in the lobby
    is_ai BOOLEAN NOT NULL DEFAULT FALSE,
    joined_at DOUBLE PRECISION NOT NULL,
    left_at DOUBLE PRECISION,
    dm_closed BOOLEAN NOT NULL DEFAULT FALSE,
    locale TEXT,
    PRIMARY KEY (game_id, position)
);
CREATE UNIQUE INDEX players_user ON players (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX players_seat ON players (game_id, seat) WHERE seat IS NOT NULL;
CREATE INDEX players_by_user ON players (user_id);

-- The append-only log: one row per applied action, seq 1, 2, 3 ... without gaps.
CREATE TABLE actions (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    actor_id BIGINT,                    -- Discord user; NULL for an AI seat or a timeout
    origin TEXT NOT NULL DEFAULT 'player',
    action TEXT NOT NULL,
    events JSONB NOT NULL,              -- list, every event with its visible_to
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    state JSONB NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- What the bot writes at start-up to prove the database is writable.
CREATE TABLE bot_meta (
    key TEXT PRIMARY KEY,
    value TEXT
);
