-- The owner's order desk (issue 12): a timeline of what happened to each order, its refunds
-- and its fulfilment, plus the indexes behind the owner's order list. The list pages by
-- (created_at, id) newest first, optionally within one status; a search looks up an order
-- number, or a prefix of the customer's email or name (the shipping address's, else the
-- billing address's), case-insensitively, through the expression indexes below. The query in
-- orders/order-list-repository.ts repeats these expressions exactly so the planner uses them.

CREATE TABLE order_events (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  order_id text NOT NULL,
  kind text NOT NULL,
  message text NOT NULL DEFAULT '',
  amount_cents integer,
  actor text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_events_order_fk FOREIGN KEY (website_id, order_id)
    REFERENCES orders (website_id, id) ON DELETE CASCADE,
  CONSTRAINT order_events_kind_check CHECK (kind IN ('FULFILLED', 'CANCELLED', 'REFUNDED', 'NOTE'))
);
CREATE INDEX order_events_order_idx ON order_events (website_id, order_id, created_at);

CREATE TABLE order_refunds (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  order_id text NOT NULL,
  amount_cents integer NOT NULL,
  reason text NOT NULL DEFAULT '',
  actor text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_refunds_order_fk FOREIGN KEY (website_id, order_id)
    REFERENCES orders (website_id, id) ON DELETE CASCADE,
  CONSTRAINT order_refunds_amount_check CHECK (amount_cents > 0)
);
CREATE INDEX order_refunds_order_idx ON order_refunds (website_id, order_id);

CREATE TABLE order_fulfilments (
  website_id text NOT NULL,
  order_id text NOT NULL,
  tracking_number text NOT NULL,
  carrier text NOT NULL DEFAULT '',
  fulfilled_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_fulfilments_pkey PRIMARY KEY (website_id, order_id),
  CONSTRAINT order_fulfilments_order_fk FOREIGN KEY (website_id, order_id)
    REFERENCES orders (website_id, id) ON DELETE CASCADE
);

CREATE INDEX orders_owner_list_idx ON orders (website_id, created_at DESC, id DESC);
CREATE INDEX orders_owner_status_idx ON orders (website_id, status, created_at DESC, id DESC);
CREATE INDEX orders_owner_email_idx ON orders (website_id, lower(customer_email) text_pattern_ops);
CREATE INDEX orders_owner_full_name_idx ON orders (website_id, (lower((coalesce(shipping_address, billing_address) ->> 'firstName') || ' ' || (coalesce(shipping_address, billing_address) ->> 'lastName'))) text_pattern_ops);
CREATE INDEX orders_owner_last_name_idx ON orders (website_id, (lower(coalesce(shipping_address, billing_address) ->> 'lastName')) text_pattern_ops);
