-- Games that never stall: each player's own preferences (away, quiet hours, a DM on every
-- turn) and more kinds of jobs (a stalled game's notice, the end of an idle game) and
-- requests (a newcomer taking a seat back). SQLite cannot drop a CHECK: the two tables are
-- rebuilt without theirs (the service says which kinds exist).
BEGIN;

ALTER TABLE players ADD COLUMN prefs TEXT NOT NULL DEFAULT '{}';

CREATE TABLE jobs_new (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    seq INTEGER NOT NULL,
    due_at REAL NOT NULL,
    count INTEGER NOT NULL DEFAULT 0,
    seats TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (game_id, kind)
);
INSERT INTO jobs_new SELECT game_id, kind, seq, due_at, count, seats FROM jobs;
DROP TABLE jobs;
ALTER TABLE jobs_new RENAME TO jobs;
CREATE INDEX jobs_due ON jobs (due_at);

CREATE TABLE requests_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    seq INTEGER NOT NULL,
    requester_id INTEGER NOT NULL,
    target_seat INTEGER,
    needed TEXT NOT NULL,
    agreed TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused', 'stale')),
    message_id INTEGER,
    created_at REAL NOT NULL,
    note TEXT NOT NULL DEFAULT '{}'
);
INSERT INTO requests_new SELECT id, game_id, kind, seq, requester_id, target_seat, needed, agreed,
    status, message_id, created_at, '{}' FROM requests;
DROP TABLE requests;
ALTER TABLE requests_new RENAME TO requests;
CREATE INDEX requests_open ON requests (game_id, status);

PRAGMA user_version = 4;
COMMIT;
