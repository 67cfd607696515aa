-- Payments through a provider: each order's payment state as the provider reported it, a
-- site's connected provider account (keys encrypted with the server's key), each provider
-- event stored once by id, and each checkout attempt's payment (one per cart and pricing).
ALTER TABLE orders ADD COLUMN payment_status text NOT NULL DEFAULT 'paid'
  CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded', 'disputed'));
UPDATE orders SET payment_status = CASE
  WHEN status = 'PENDING' THEN 'pending'
  WHEN status = 'PAYMENT_FAILED' THEN 'failed'
  WHEN (SELECT coalesce(sum(r.amount_cents), 0) FROM order_refunds r WHERE r.website_id = orders.website_id AND r.order_id = orders.id) >= grand_total_cents
    AND grand_total_cents > 0 THEN 'refunded'
  WHEN EXISTS (SELECT 1 FROM order_refunds r WHERE r.website_id = orders.website_id AND r.order_id = orders.id) THEN 'partially_refunded'
  ELSE 'paid'
END;

CREATE TABLE payment_accounts (
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe')),
  publishable_key text NOT NULL,
  secret_key_sealed text NOT NULL,
  webhook_secret_sealed text NOT NULL,
  test_mode boolean NOT NULL,
  account_country text NOT NULL DEFAULT '',
  connected_by text NOT NULL DEFAULT '',
  connected_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, provider)
);

CREATE TABLE payment_events (
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  provider text NOT NULL,
  event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 255),
  type text NOT NULL,
  object_id text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, provider, event_id)
);

CREATE TABLE payment_attempts (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  cart_id text NOT NULL,
  order_id text NOT NULL,
  provider text NOT NULL,
  pricing_hash text NOT NULL,
  intent_id text NOT NULL DEFAULT '',
  order_record jsonb NOT NULL,
  holds jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'expired', 'replaced')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) ON DELETE CASCADE
);
-- One open attempt per cart: a second tab or a retried submit finds the first.
CREATE UNIQUE INDEX payment_attempts_open_cart_key ON payment_attempts (website_id, cart_id) WHERE status = 'pending';
CREATE INDEX payment_attempts_intent_idx ON payment_attempts (website_id, provider, intent_id);
CREATE INDEX payment_attempts_expiry_idx ON payment_attempts (expires_at) WHERE status = 'pending';
