-- What only a player knows is one DM per game, edited in place as it changes: the id of that
-- message, so that a restart edits it instead of sending a new one.

ALTER TABLE players ADD COLUMN private_dm BIGINT;
