-- Secrets the server keeps for itself (for example the key that signs CSRF crumbs), created
-- once and shared by every server process on the same database, so a restart or a second
-- process accepts what the first issued.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
