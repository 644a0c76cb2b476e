-- The number the table knows a game by: the store's seq counts every action, the private
-- answers of a secret window too (an Africanus reaction window: who was asked is secret), so
-- a button's custom_id that carried it would tell anyone reading it how many seats answered.
-- `actions.hidden` marks such an answer (one that showed the table nothing); `games.hidden`
-- counts them on the game's current line, and buttons carry seq - hidden (GameRow.shown).

ALTER TABLE games ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
