-- Drafts and releases: an owner's unpublished changes per editable subject of a site (site
-- settings keys such as settings.navigation, and collections as collection:{id}), and the
-- releases that made them live, each with the values before and after, for history and restore.
CREATE TABLE site_drafts (
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  value jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  updated_by text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, subject)
);

CREATE TABLE site_releases (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number > 0),
  published_by text NOT NULL DEFAULT '',
  changes jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX site_releases_website_number_key ON site_releases (website_id, number);
CREATE INDEX site_releases_website_idx ON site_releases (website_id);
