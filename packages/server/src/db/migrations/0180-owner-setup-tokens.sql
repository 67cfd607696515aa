-- One-time links that let the first owner of a site choose their email and password in the
-- dashboard (printed by `emporium serve` while a site has no owner). Only the sha256 of a
-- link's token is kept; a link works once, before it expires, and only while the site has no owner.
CREATE TABLE owner_setup_tokens (
  token_hash text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX owner_setup_tokens_website_idx ON owner_setup_tokens (website_id);
