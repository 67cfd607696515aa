-- Single-use tokens mailed to owners: password resets and invitations. Only the sha256 of a
-- token is stored; a token works once (used_at) and before expires_at.
CREATE TABLE owner_tokens (
  token_hash text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT owner_tokens_purpose CHECK (purpose IN ('reset', 'invitation'))
);
CREATE INDEX owner_tokens_owner_idx ON owner_tokens (owner_id, purpose);
