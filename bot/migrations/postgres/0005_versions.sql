-- Several bot processes on one database: a game's version counts every change of its log
-- (start, action, undo). An undo followed by a new action brings seq back to a number it had
-- before; the version never comes back, so a process holding a state or a plan made for the
-- old line of play (its cache, an action computed on it) sees that it is stale.

ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
