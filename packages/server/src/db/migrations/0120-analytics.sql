-- Visitor analytics (docs/decisions/0020-analytics.md, docs/analytics-privacy.md).
-- analytics_events keeps the accepted tracking calls by day for a retention period; reports
-- read only the rollups below, which are updated in the same transaction as the raw rows.
-- No IP address, user agent string or client id is stored: visitors and sessions are keyed by
-- hashes under a salt that changes every day and is then deleted.
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  day date NOT NULL,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  call text NOT NULL,
  name text NOT NULL,
  session_hash text,
  path text NOT NULL DEFAULT '',
  payload jsonb NOT NULL
);
CREATE INDEX analytics_events_site_day_idx ON analytics_events (website_id, day);
CREATE INDEX analytics_events_day_idx ON analytics_events (day);

CREATE TABLE analytics_hourly (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  page_type text NOT NULL,
  referrer text NOT NULL,
  utm_source text NOT NULL,
  utm_medium text NOT NULL,
  utm_campaign text NOT NULL,
  device text NOT NULL,
  browser text NOT NULL,
  page_views integer NOT NULL DEFAULT 0,
  entries integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, hour, page_type, referrer, utm_source, utm_medium, utm_campaign, device, browser)
);

CREATE TABLE analytics_sessions (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  session_hash text NOT NULL,
  day date NOT NULL,
  visitor_hash text NOT NULL,
  started_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  page_views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, session_hash)
);
CREATE INDEX analytics_sessions_site_day_idx ON analytics_sessions (website_id, day);

CREATE TABLE analytics_daily_pages (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  day date NOT NULL,
  path text NOT NULL,
  page_type text NOT NULL,
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, day, path)
);

CREATE TABLE analytics_daily_products (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  day date NOT NULL,
  item_id text NOT NULL,
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, day, item_id)
);

CREATE TABLE analytics_daily_events (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  day date NOT NULL,
  name text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, day, name)
);

CREATE TABLE analytics_vitals (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  day date NOT NULL,
  page_type text NOT NULL,
  metric text NOT NULL,
  bucket integer NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, day, page_type, metric, bucket)
);

CREATE TABLE analytics_errors (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  error_type text NOT NULL,
  message text NOT NULL,
  example_stack text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  pages text[] NOT NULL DEFAULT '{}'::text[],
  browsers text[] NOT NULL DEFAULT '{}'::text[],
  PRIMARY KEY (website_id, fingerprint)
);

CREATE TABLE analytics_error_days (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  day date NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, day, fingerprint)
);

-- Commerce figures of the reports come from orders and cart entries, read by site and date.
CREATE INDEX analytics_orders_site_created_idx ON orders (website_id, created_at);
CREATE INDEX analytics_cart_entries_site_created_idx ON cart_entries (website_id, created_at);
