-- The web view (issue 29): a seat's private page is reached by a signed link that names the
-- seat's web key; the key is cleared whenever the seat changes hands (leave, takeover,
-- takeback, a newcomer), so every link given before stops working.
BEGIN;

ALTER TABLE players ADD COLUMN web_key TEXT;

PRAGMA user_version = 9;
COMMIT;
