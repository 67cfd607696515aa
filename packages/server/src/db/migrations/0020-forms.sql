-- Forms and restock (issue 5): single-use proof-of-work captcha challenges and owner sessions
-- for the /config pages. Every row carries website_id.

CREATE TABLE captcha_challenges (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  difficulty integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT captcha_challenges_difficulty_check CHECK (difficulty BETWEEN 1 AND 32)
);
CREATE INDEX captcha_challenges_expiry_idx ON captcha_challenges (expires_at);

CREATE TABLE owner_sessions (
  token_hash text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX owner_sessions_website_idx ON owner_sessions (website_id, expires_at);
