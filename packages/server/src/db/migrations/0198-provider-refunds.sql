-- Refunds through the payment provider: a refund is written `pending` with its idempotency key
-- before the provider is asked, then marked `succeeded` (with the provider's refund id) or
-- `failed` (with the provider's reason). Refunds given before this migration succeeded.
ALTER TABLE order_refunds
  ADD COLUMN state text NOT NULL DEFAULT 'succeeded' CHECK (state IN ('pending', 'succeeded', 'failed')),
  ADD COLUMN provider text,
  ADD COLUMN provider_refund_id text,
  ADD COLUMN idempotency_key text,
  ADD COLUMN failure_message text,
  ADD COLUMN settled_at timestamptz;
UPDATE order_refunds SET idempotency_key = 'refund_' || id, settled_at = created_at;
ALTER TABLE order_refunds
  ALTER COLUMN state SET DEFAULT 'pending',
  ALTER COLUMN idempotency_key SET NOT NULL,
  ADD CONSTRAINT order_refunds_failure_check CHECK (state <> 'failed' OR failure_message IS NOT NULL);
CREATE UNIQUE INDEX order_refunds_idempotency_key ON order_refunds (website_id, idempotency_key);
-- The retry job looks for refunds left pending (a server that stopped while asking the provider).
CREATE INDEX order_refunds_pending_idx ON order_refunds (created_at) WHERE state = 'pending';
-- A refund the provider refused is on the order's timeline too.
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check CHECK (kind IN ('FULFILLED', 'CANCELLED', 'REFUNDED', 'REFUND_FAILED', 'NOTE'));
