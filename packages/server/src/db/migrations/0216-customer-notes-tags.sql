-- Owner-written notes and tags on a site's customer accounts (issue 28, owner side: the
-- Customers screen). Both are internal to the dashboard: never shown to the customer nor in
-- their own data download. They are personal data about the person, so they go with the
-- account: deleting or erasing it deletes them (the foreign keys cascade).
CREATE TABLE customer_notes (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  site_user_id text NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  -- Who wrote it, as they were then: the owner account (null for the break-glass token) and its email.
  author_owner_id text,
  author_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customer_notes_user_fk FOREIGN KEY (website_id, site_user_id)
    REFERENCES site_users (website_id, id) ON DELETE CASCADE
);
CREATE INDEX customer_notes_user_idx ON customer_notes (website_id, site_user_id, created_at DESC);

-- Short labels an owner puts on a customer; unique per customer whatever the case, at most 20
-- per customer (checked under a lock of the account row).
CREATE TABLE customer_tags (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  site_user_id text NOT NULL,
  tag text NOT NULL CHECK (char_length(tag) BETWEEN 1 AND 40),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customer_tags_user_fk FOREIGN KEY (website_id, site_user_id)
    REFERENCES site_users (website_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX customer_tags_user_tag_key ON customer_tags (website_id, site_user_id, lower(tag));
-- The Customers list filtered by a tag.
CREATE INDEX customer_tags_tag_idx ON customer_tags (website_id, lower(tag));
