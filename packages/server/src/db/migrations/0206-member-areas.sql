-- Member areas (issue 28, item 3): what an owner sells access to, what each area gates, and
-- who holds access. Prices are in minor units of the store currency; 0 is free. A recurring
-- area is sold through the subscription machinery (a plan per period); a membership bought
-- with a subscription lasts while that subscription does (read at access time).
CREATE TABLE member_areas (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  billing text NOT NULL DEFAULT 'one-time' CHECK (billing IN ('one-time', 'recurring')),
  -- Recurring only: one period of the plan (value and WEEK, MONTH or YEAR).
  period_value integer CHECK (period_value IS NULL OR period_value BETWEEN 1 AND 52),
  period_unit text CHECK (period_unit IS NULL OR period_unit IN ('WEEK', 'MONTH', 'YEAR')),
  trial_days integer NOT NULL DEFAULT 0 CHECK (trial_days BETWEEN 0 AND 365),
  -- The paywall product (type 5) that sells the area: an item id of this site, checked on save.
  product_item_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT member_areas_website_id_key UNIQUE (website_id, id),
  CONSTRAINT member_areas_recurring_period CHECK (billing = 'one-time' OR (period_value IS NOT NULL AND period_unit IS NOT NULL))
);
CREATE INDEX member_areas_website_idx ON member_areas (website_id, created_at);
CREATE UNIQUE INDEX member_areas_product_key ON member_areas (website_id, product_item_id) WHERE product_item_id IS NOT NULL;

-- What an area gates: a collection (a page, blog, store...) or one item (a post).
CREATE TABLE member_area_gates (
  website_id text NOT NULL,
  member_area_id text NOT NULL,
  target_kind text NOT NULL CHECK (target_kind IN ('collection', 'item')),
  target_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, member_area_id, target_kind, target_id),
  CONSTRAINT member_area_gates_area_fk FOREIGN KEY (website_id, member_area_id)
    REFERENCES member_areas (website_id, id) ON DELETE CASCADE
);
CREATE INDEX member_area_gates_target_idx ON member_area_gates (website_id, target_kind, target_id);

-- Who holds an area: the site user, where it came from (an order, its subscription, or free
-- joining) and when it started and ended. One membership per order (granted once).
CREATE TABLE memberships (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  member_area_id text NOT NULL,
  site_user_id text NOT NULL,
  source text NOT NULL CHECK (source IN ('order', 'free', 'owner')),
  order_id text,
  subscription_id text,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT memberships_area_fk FOREIGN KEY (website_id, member_area_id)
    REFERENCES member_areas (website_id, id) ON DELETE CASCADE,
  CONSTRAINT memberships_user_fk FOREIGN KEY (website_id, site_user_id)
    REFERENCES site_users (website_id, id) ON DELETE CASCADE,
  CONSTRAINT memberships_order_source CHECK (source <> 'order' OR order_id IS NOT NULL)
);
CREATE UNIQUE INDEX memberships_order_key ON memberships (website_id, order_id) WHERE order_id IS NOT NULL;
CREATE INDEX memberships_user_idx ON memberships (website_id, site_user_id);
CREATE INDEX memberships_area_idx ON memberships (website_id, member_area_id, started_at DESC);

-- Areas and gates change what shared pages show: bump the site's page version (0078).
CREATE CONSTRAINT TRIGGER member_areas_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON member_areas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
CREATE CONSTRAINT TRIGGER member_area_gates_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON member_area_gates
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
