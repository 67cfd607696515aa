-- A domain per language (issue 29 item 2, decision 0056): a published language other than the
-- primary may be served at the root of a domain of its own (`boutique.example.fr`) instead of
-- its prefix (`/fr/`). The language's entry in `websites.settings.languages` keeps the domain
-- for its pages; this table maps the host to the site and language for the resolver, and keeps
-- each domain to one language of one site. A site's own custom domains (`website_domains`)
-- never share a name with these (checked on save).
CREATE TABLE language_domains (
  domain text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  language text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT language_domains_domain_format CHECK (domain ~ '^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$')
);
CREATE UNIQUE INDEX language_domains_language_key ON language_domains (website_id, language);
