-- Donations: each site's donation settings (suggested amounts, custom amounts and their limits,
-- monthly giving, the thank-you text), and one row per donation. A donation is claimed by the
-- donor's idempotency key before any payment, so a double submit charges once; once paid it
-- names its order (a donation order has no items) and, when monthly, the subscription that
-- renews it.
CREATE TABLE donation_settings (
  website_id text PRIMARY KEY REFERENCES websites(id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  suggested_amounts jsonb NOT NULL DEFAULT '[]'::jsonb,
  allow_custom boolean NOT NULL DEFAULT true,
  min_cents integer NOT NULL CHECK (min_cents >= 1),
  max_cents integer NOT NULL,
  allow_monthly boolean NOT NULL DEFAULT true,
  thank_you text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_cents >= min_cents)
);

CREATE TABLE donations (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('once', 'monthly')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  donor_email text NOT NULL,
  donor_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  message text NOT NULL DEFAULT '',
  attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  provider text NOT NULL,
  test_mode boolean NOT NULL DEFAULT false,
  order_id text,
  subscription_id text,
  receipt_token text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, id),
  UNIQUE (website_id, idempotency_key),
  FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) ON DELETE SET NULL (order_id),
  FOREIGN KEY (website_id, subscription_id) REFERENCES subscriptions (website_id, id) ON DELETE SET NULL (subscription_id)
);
CREATE UNIQUE INDEX donations_receipt_token_key ON donations (receipt_token);
CREATE INDEX donations_list_idx ON donations (website_id, created_at DESC, id DESC);

-- Pages show the donation block and the donate page from these settings: a change is a new page version.
CREATE CONSTRAINT TRIGGER donation_settings_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON donation_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
