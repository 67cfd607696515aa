-- Buying (issue 4): shipping options, tax rules, coupons, gift cards, order numbering,
-- per-order checkout details and subscription carts. Every row carries website_id.

CREATE TABLE shipping_options (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL,
  price_cents integer NOT NULL,
  free_over_cents integer NOT NULL DEFAULT 0,
  countries text[] NOT NULL DEFAULT '{}'::text[],
  display_index integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT shipping_options_website_id_key UNIQUE (website_id, id),
  CONSTRAINT shipping_options_money_check CHECK (price_cents >= 0 AND free_over_cents >= 0)
);
CREATE INDEX shipping_options_website_idx ON shipping_options (website_id, display_index);

CREATE TABLE tax_rules (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL,
  country text NOT NULL DEFAULT '',
  region text NOT NULL DEFAULT '',
  rate_basis_points integer NOT NULL,
  applies_to_shipping boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tax_rules_rate_check CHECK (rate_basis_points BETWEEN 0 AND 10000)
);
CREATE INDEX tax_rules_website_idx ON tax_rules (website_id);

CREATE TABLE coupons (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  code text NOT NULL,
  kind text NOT NULL,
  amount integer NOT NULL DEFAULT 0,
  min_subtotal_cents integer NOT NULL DEFAULT 0,
  starts_at timestamptz,
  ends_at timestamptz,
  max_uses integer,
  times_used integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT coupons_kind_check CHECK (kind IN ('PERCENT', 'FIXED', 'FREE_SHIPPING')),
  CONSTRAINT coupons_amount_check CHECK (amount >= 0 AND (kind <> 'PERCENT' OR amount <= 100)),
  CONSTRAINT coupons_uses_check CHECK (times_used >= 0 AND (max_uses IS NULL OR times_used <= max_uses))
);
CREATE UNIQUE INDEX coupons_website_code_key ON coupons (website_id, upper(code));

CREATE TABLE gift_cards (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  code text NOT NULL,
  currency text NOT NULL,
  initial_cents integer NOT NULL,
  balance_cents integer NOT NULL,
  source_order_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gift_cards_balance_check CHECK (balance_cents >= 0 AND balance_cents <= initial_cents)
);
CREATE UNIQUE INDEX gift_cards_website_code_key ON gift_cards (website_id, code);
CREATE INDEX gift_cards_order_idx ON gift_cards (website_id, source_order_id);

CREATE TABLE order_counters (
  website_id text PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  last_number integer NOT NULL DEFAULT 0
);

CREATE TABLE order_checkout_details (
  website_id text NOT NULL,
  order_id text NOT NULL,
  coupons jsonb NOT NULL DEFAULT '[]'::jsonb,
  shipping_option jsonb,
  tax_lines jsonb NOT NULL DEFAULT '[]'::jsonb,
  gift_card_code text,
  gift_card_cents integer NOT NULL DEFAULT 0,
  payment jsonb NOT NULL DEFAULT '{}'::jsonb,
  CONSTRAINT order_checkout_details_pkey PRIMARY KEY (website_id, order_id),
  CONSTRAINT order_checkout_details_order_fk FOREIGN KEY (website_id, order_id)
    REFERENCES orders (website_id, id) ON DELETE CASCADE
);

CREATE TABLE subscription_carts (
  token text PRIMARY KEY,
  website_id text NOT NULL,
  cart_id text NOT NULL,
  plan jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT subscription_carts_cart_fk FOREIGN KEY (website_id, cart_id)
    REFERENCES carts (website_id, id) ON DELETE CASCADE
);
CREATE INDEX subscription_carts_cart_idx ON subscription_carts (website_id, cart_id);
