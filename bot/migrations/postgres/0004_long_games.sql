-- Games that never stall: each player's own preferences (away, quiet hours, a DM on every
-- turn) and more kinds of jobs (a stalled game's notice, the end of an idle game) and
-- requests (a newcomer taking a seat back).

ALTER TABLE players ADD COLUMN prefs JSONB NOT NULL DEFAULT '{}';
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_kind_check;
ALTER TABLE requests DROP CONSTRAINT IF EXISTS requests_kind_check;
ALTER TABLE requests ADD COLUMN note JSONB NOT NULL DEFAULT '{}';
