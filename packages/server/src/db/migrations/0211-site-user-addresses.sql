-- Saved postal addresses of a site user (issue 28, the account area). They go with the account:
-- deleting or erasing the account deletes them.
CREATE TABLE site_user_addresses (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  site_user_id text NOT NULL,
  -- A postal address as checkout takes it: firstName, lastName, address1, address2, city, region, postalCode, country, phone.
  address jsonb NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT site_user_addresses_user_fk FOREIGN KEY (website_id, site_user_id)
    REFERENCES site_users (website_id, id) ON DELETE CASCADE
);
CREATE INDEX site_user_addresses_user_idx ON site_user_addresses (website_id, site_user_id);
