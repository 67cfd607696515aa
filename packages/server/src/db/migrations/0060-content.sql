-- Content (issue 6): visitor comments with a moderation queue, one like per visitor and item,
-- and product reviews. Every row carries website_id and points at an item of the same site.

CREATE TABLE comments (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  item_id text NOT NULL,
  author_name text NOT NULL,
  author_email text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  visitor_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  moderated_at timestamptz,
  CONSTRAINT comments_item_fk FOREIGN KEY (website_id, item_id)
    REFERENCES items (website_id, id) ON DELETE CASCADE,
  CONSTRAINT comments_status_check CHECK (status IN ('pending','approved','rejected'))
);
CREATE INDEX comments_item_idx ON comments (website_id, item_id, status, created_at);
CREATE INDEX comments_queue_idx ON comments (website_id, status, created_at);

CREATE TABLE item_likes (
  website_id text NOT NULL,
  item_id text NOT NULL,
  visitor_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT item_likes_pkey PRIMARY KEY (website_id, item_id, visitor_id),
  CONSTRAINT item_likes_item_fk FOREIGN KEY (website_id, item_id)
    REFERENCES items (website_id, id) ON DELETE CASCADE
);

CREATE TABLE product_reviews (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  item_id text NOT NULL,
  author_name text NOT NULL,
  rating integer NOT NULL,
  title text NOT NULL DEFAULT '',
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  visitor_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  moderated_at timestamptz,
  CONSTRAINT product_reviews_item_fk FOREIGN KEY (website_id, item_id)
    REFERENCES items (website_id, id) ON DELETE CASCADE,
  CONSTRAINT product_reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
  CONSTRAINT product_reviews_status_check CHECK (status IN ('pending','approved','rejected'))
);
CREATE INDEX product_reviews_item_idx ON product_reviews (website_id, item_id, status, created_at);
