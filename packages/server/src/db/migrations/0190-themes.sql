-- Themes installed on this server (developer-template folders, stored as a zip of their
-- files). Sites choose one in settings.theme; settings.themeVersion names the version they
-- render, so every server renders the same one. The built-in themes are not stored here.
-- A theme installed from the command line serves every site (website_id NULL); one uploaded
-- in a site's dashboard belongs to that site alone (its id starts with the site's id).
CREATE TABLE themes (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]([a-z0-9-]{0,94}[a-z0-9])?$'),
  website_id text REFERENCES websites(id) ON DELETE CASCADE,
  name text NOT NULL,
  author text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  hash text NOT NULL,
  archive bytea NOT NULL,
  installed_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX themes_website_idx ON themes (website_id);
