-- Reconciliation of recent orders with their payment provider: each run (scheduled or asked
-- for by an owner) and each difference it found, recorded once while it lasts. A difference
-- that is gone at a later run is marked resolved; one that persists is not written again.
CREATE TABLE payment_reconciliation_runs (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'owner')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  orders_checked integer NOT NULL DEFAULT 0 CHECK (orders_checked >= 0),
  orders_unchecked integer NOT NULL DEFAULT 0 CHECK (orders_unchecked >= 0),
  differences_new integer NOT NULL DEFAULT 0 CHECK (differences_new >= 0),
  differences_resolved integer NOT NULL DEFAULT 0 CHECK (differences_resolved >= 0),
  failure text
);
CREATE INDEX payment_reconciliation_runs_site_idx ON payment_reconciliation_runs (website_id, started_at DESC);

CREATE TABLE payment_differences (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  order_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('status', 'amount', 'refunds', 'dispute', 'missing')),
  provider text NOT NULL,
  payment_ref text NOT NULL,
  currency text NOT NULL,
  our_value text NOT NULL,
  provider_value text NOT NULL,
  found_at timestamptz NOT NULL DEFAULT now(),
  found_run_id text REFERENCES payment_reconciliation_runs(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  resolved_run_id text REFERENCES payment_reconciliation_runs(id) ON DELETE SET NULL,
  FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) ON DELETE CASCADE
);
-- One open difference per order and kind: a run that finds it again writes nothing.
CREATE UNIQUE INDEX payment_differences_open_key ON payment_differences (website_id, order_id, kind) WHERE resolved_at IS NULL;
CREATE INDEX payment_differences_site_idx ON payment_differences (website_id, found_at DESC);
