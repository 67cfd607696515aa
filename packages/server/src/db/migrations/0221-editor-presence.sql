-- Who has a page (or another draft subject) open in the editor right now (issue 26, item 7:
-- presence, "Ana is editing"). One row per site, subject and owner session, refreshed by the
-- editor every few seconds and read back by the other owners editing the same subject; rows
-- older than the presence window mean nothing and are deleted as new ones are written.
CREATE TABLE editor_presence (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 200),
  -- The owner session (sha256 of its id), or 'token' for the break-glass token.
  session_key text NOT NULL,
  owner_id text REFERENCES owners (id) ON DELETE CASCADE,
  email text,
  since timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, subject, session_key)
);
CREATE INDEX editor_presence_seen_idx ON editor_presence (website_id, seen_at);
