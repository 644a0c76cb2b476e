-- Long games: reminders, turn clocks and reaction timeouts planned in the database; players'
-- reminder preferences and stand-in AI; requests that need the other players' consent.
BEGIN;

ALTER TABLE players ADD COLUMN muted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN remind_dm INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0;

-- At most one job of each kind per game. A job planned at an older seq is moot once the
-- game moved on (the planner replaces it after every action).
CREATE TABLE jobs (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('remind', 'clock', 'reaction')),
    seq INTEGER NOT NULL,
    due_at REAL NOT NULL,
    count INTEGER NOT NULL DEFAULT 0,
    seats TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (game_id, kind)
);
CREATE INDEX jobs_due ON jobs (due_at);

CREATE TABLE requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('undo', 'takeover')),
    seq INTEGER NOT NULL,
    requester_id INTEGER NOT NULL,
    target_seat INTEGER,
    needed TEXT NOT NULL,
    agreed TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused', 'stale')),
    message_id INTEGER,
    created_at REAL NOT NULL
);
CREATE INDEX requests_open ON requests (game_id, status);

PRAGMA user_version = 2;
COMMIT;
