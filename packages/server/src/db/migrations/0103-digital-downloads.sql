-- A buyer's right to download the file of a digital product (product type 2), one row per
-- order line. The link's token is signed with the server secret `download-links`, so no token
-- is stored; the row counts the downloads and holds the expiry.
CREATE TABLE digital_downloads (
  website_id text NOT NULL,
  order_item_id text NOT NULL,
  order_id text NOT NULL,
  item_id text NOT NULL,
  downloads integer NOT NULL DEFAULT 0,
  max_downloads integer NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, order_item_id),
  CONSTRAINT digital_downloads_order_fk FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) ON DELETE CASCADE,
  CONSTRAINT digital_downloads_count_check CHECK (downloads >= 0 AND downloads <= max_downloads)
);
CREATE INDEX digital_downloads_order_idx ON digital_downloads (website_id, order_id);
