-- Owner accounts of a site: one row per person who may run it. The email is stored lower-cased
-- and unique per site; password_hash is an argon2id PHC string, null until an invitation is
-- accepted. must_change_password marks one-time passwords printed by the command line.
CREATE TABLE owners (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  email text NOT NULL,
  password_hash text,
  role text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  CONSTRAINT owners_email_lower CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 254),
  CONSTRAINT owners_role_format CHECK (role ~ '^[a-z][a-z-]{1,40}$')
);
CREATE UNIQUE INDEX owners_website_email_key ON owners (website_id, email);
