-- Signed-in sessions of owner accounts. The cookie holds 256 random bits; only their sha256
-- is stored. A session belongs to one owner of one site and ends at expires_at, at sign-out,
-- at "sign out everywhere", at a password change or reset, and when the owner is removed.
CREATE TABLE owner_account_sessions (
  token_hash text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX owner_account_sessions_owner_idx ON owner_account_sessions (owner_id);
CREATE INDEX owner_account_sessions_expiry_idx ON owner_account_sessions (expires_at);
