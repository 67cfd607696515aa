-- Stock history (issue 12): one row per change of a variant's stock, with why it changed
-- (initial stock, order, cancel, refund, manual edit, import), by how much, the level after it
-- and who or what made it. Rows go with their variant.
CREATE TABLE stock_movements (
  id bigserial PRIMARY KEY,
  website_id text NOT NULL,
  variant_id text NOT NULL,
  reason text NOT NULL,
  change integer NOT NULL,
  qty_after integer NOT NULL,
  order_id text,
  note text NOT NULL DEFAULT '',
  owner_id text,
  actor_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stock_movements_variant_fk FOREIGN KEY (website_id, variant_id)
    REFERENCES variants (website_id, id) ON DELETE CASCADE,
  CONSTRAINT stock_movements_reason_check CHECK (reason IN ('initial', 'order', 'cancel', 'refund', 'manual', 'import')),
  CONSTRAINT stock_movements_qty_after_check CHECK (qty_after >= 0)
);
CREATE INDEX stock_movements_variant_idx ON stock_movements (website_id, variant_id, id);
