-- AI levels (issue 28): each AI seat plays at its own level (easy, normal, hard), kept across
-- restarts; NULL for a person, and for an AI seat made before levels (it plays normal).

ALTER TABLE players ADD COLUMN ai_level TEXT;
