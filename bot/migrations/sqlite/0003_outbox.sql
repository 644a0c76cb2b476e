-- The outbox: what must be shown on Discord, written in the same transaction as the change
-- that caused it, and deleted once posted. A per-game publisher drains it in order.
BEGIN;

CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,               -- the game's sequence number once this change is made
    kind TEXT NOT NULL,                 -- start, action, undo, notice, end, dm
    payload TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL
);
CREATE INDEX outbox_by_game ON outbox (game_id, id);

PRAGMA user_version = 3;
COMMIT;
