-- Site users (a site's customer accounts): accounts without a password (they sign in by mail
-- link or code), verified emails, sessions per browser with their XSRF token, mailed tokens
-- (verification, password reset, sign-in link with its code), and each site's switch, off
-- until an owner turns accounts on.
ALTER TABLE site_users ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE site_users ADD COLUMN email_verified_at timestamptz;
ALTER TABLE site_users ADD COLUMN last_sign_in_at timestamptz;
ALTER TABLE site_users ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE INDEX site_user_sessions_user_idx ON site_user_sessions (website_id, site_user_id);
CREATE INDEX site_user_sessions_expiry_idx ON site_user_sessions (expires_at);

CREATE TABLE site_user_tokens (
  token_hash text PRIMARY KEY,
  website_id text NOT NULL,
  site_user_id text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset', 'sign-in')),
  -- sha256 of the code mailed beside a sign-in link (null for the other purposes).
  code_hash text,
  uses integer NOT NULL DEFAULT 0,
  max_uses integer NOT NULL CHECK (max_uses >= 1),
  code_failures integer NOT NULL DEFAULT 0,
  first_used_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT site_user_tokens_user_fk FOREIGN KEY (website_id, site_user_id)
    REFERENCES site_users (website_id, id) ON DELETE CASCADE
);
CREATE INDEX site_user_tokens_user_idx ON site_user_tokens (website_id, site_user_id, purpose);
CREATE INDEX site_user_tokens_expiry_idx ON site_user_tokens (expires_at);

CREATE TABLE site_user_settings (
  website_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  accounts_enabled boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX carts_site_user_idx ON carts (website_id, site_user_id) WHERE site_user_id IS NOT NULL AND NOT is_purchased;
