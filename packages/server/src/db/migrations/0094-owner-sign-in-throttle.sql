-- Failed owner sign-ins counted per site and key ('account:<email>' or 'ip:<address>'). After
-- a few failures each further one locks the key for a growing delay (locked_until); a
-- successful sign-in clears the account's count.
CREATE TABLE owner_sign_in_throttle (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  key text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  PRIMARY KEY (website_id, key)
);
