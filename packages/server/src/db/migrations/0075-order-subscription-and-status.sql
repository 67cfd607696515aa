-- Orders record the subscription they were bought as (billing period and cycles) and carry
-- the secret token of their status page (page type 211).
ALTER TABLE orders ADD COLUMN subscription jsonb;
ALTER TABLE orders ADD COLUMN status_token text;
CREATE UNIQUE INDEX orders_status_token_key ON orders (status_token);
