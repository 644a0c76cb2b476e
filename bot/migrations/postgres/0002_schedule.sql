-- Long games: reminders, turn clocks and reaction timeouts planned in the database; players'
-- reminder preferences and stand-in AI; requests that need the other players' consent.

ALTER TABLE players ADD COLUMN muted BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE players ADD COLUMN remind_dm BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE players ADD COLUMN stand_in BOOLEAN NOT NULL DEFAULT FALSE;

-- At most one job of each kind per game. A job planned at an older seq is moot once the
-- game moved on (the planner replaces it after every action).
CREATE TABLE jobs (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('remind', 'clock', 'reaction')),
    seq INTEGER NOT NULL,
    due_at DOUBLE PRECISION NOT NULL,
    count INTEGER NOT NULL DEFAULT 0,
    seats JSONB NOT NULL DEFAULT '[]',
    PRIMARY KEY (game_id, kind)
);
CREATE INDEX jobs_due ON jobs (due_at);

CREATE TABLE requests (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('undo', 'takeover')),
    seq INTEGER NOT NULL,
    requester_id BIGINT NOT NULL,
    target_seat INTEGER,
    needed JSONB NOT NULL,              -- user ids
    agreed JSONB NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused', 'stale')),
    message_id BIGINT,
    created_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX requests_open ON requests (game_id, status);
