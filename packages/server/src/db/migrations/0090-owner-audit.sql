-- The audit log of each site: who changed what and when, newest first for owners with
-- 'audit:read'. owner_id is null for changes made with the break-glass token, the site
-- password session or the command line; actor_email keeps who it was after an owner is removed.
CREATE TABLE audit_log (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  owner_id text,
  actor_email text,
  action text NOT NULL,
  subject_type text NOT NULL,
  subject_id text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT audit_log_action_length CHECK (char_length(action) BETWEEN 1 AND 100),
  CONSTRAINT audit_log_subject_type_length CHECK (char_length(subject_type) BETWEEN 1 AND 100)
);
CREATE INDEX audit_log_website_idx ON audit_log (website_id, created_at DESC, id DESC);
