-- Subscriptions that renew: one row per subscription bought at checkout (its plan, the amount
-- and lines of each period, the saved payment method, its state and when it bills next), and
-- one row per renewal cycle, unique per subscription and cycle, so a cycle is billed once
-- whichever server or job runs it.
CREATE TABLE subscriptions (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  first_order_id text NOT NULL,
  customer_email text NOT NULL,
  plan jsonb NOT NULL,
  currency text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  lines jsonb NOT NULL,
  payment_method jsonb NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'past_due', 'paused', 'cancelled', 'completed')),
  cycles_billed integer NOT NULL DEFAULT 1 CHECK (cycles_billed >= 1),
  -- Cycle `anchor_cycle` is due at `anchor_at`; later cycles a whole number of periods after it.
  anchor_at timestamptz NOT NULL,
  anchor_cycle integer NOT NULL DEFAULT 1,
  next_billing_at timestamptz,
  dunning_attempts integer NOT NULL DEFAULT 0 CHECK (dunning_attempts >= 0),
  next_retry_at timestamptz,
  manage_token text NOT NULL,
  paused_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, id),
  FOREIGN KEY (website_id, first_order_id) REFERENCES orders (website_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX subscriptions_manage_token_key ON subscriptions (manage_token);
CREATE UNIQUE INDEX subscriptions_first_order_key ON subscriptions (website_id, first_order_id);
CREATE INDEX subscriptions_list_idx ON subscriptions (website_id, created_at DESC, id DESC);
CREATE INDEX subscriptions_due_idx ON subscriptions (next_billing_at) WHERE state = 'active';
CREATE INDEX subscriptions_retry_idx ON subscriptions (next_retry_at) WHERE state = 'past_due';

CREATE TABLE subscription_renewals (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  subscription_id text NOT NULL,
  cycle integer NOT NULL CHECK (cycle >= 2),
  order_id text,
  attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'paid', 'declined')),
  message text NOT NULL DEFAULT '',
  claim text NOT NULL DEFAULT '',
  claimed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, subscription_id, cycle),
  FOREIGN KEY (website_id, subscription_id) REFERENCES subscriptions (website_id, id) ON DELETE CASCADE,
  FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) ON DELETE SET NULL (order_id)
);
