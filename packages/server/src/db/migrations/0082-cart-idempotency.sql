-- Add-to-cart idempotency keys share idempotency_keys with checkout under the scope 'cart-add'
-- (the primary key makes a key add once per site). They are remembered for 24 hours; each keyed
-- add deletes a small batch of expired ones, found through this index.
CREATE INDEX idempotency_keys_cart_add_created_idx ON idempotency_keys (created_at) WHERE scope = 'cart-add';
