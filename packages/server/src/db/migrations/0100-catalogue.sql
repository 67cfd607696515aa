-- Owner catalogue API (issue 12): the optimistic version of each product. Every owner save
-- carries the version it read; the save that finds another version is refused (409), so two
-- owners editing one product never overwrite each other silently. Products without a row
-- (seeded, or made before this table) are at version 0. `options` keeps the options as the owner
-- declared them (names and values in order, values without a variant yet included); without a
-- row they are read from products.variant_option_ordering and the variants' attributes.
CREATE TABLE product_revisions (
  website_id text NOT NULL,
  product_id text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  options jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT product_revisions_pkey PRIMARY KEY (website_id, product_id),
  CONSTRAINT product_revisions_product_fk FOREIGN KEY (website_id, product_id)
    REFERENCES products (website_id, item_id) ON DELETE CASCADE,
  CONSTRAINT product_revisions_version_check CHECK (version >= 1)
);
