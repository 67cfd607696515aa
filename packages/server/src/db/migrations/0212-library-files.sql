-- The site's file library: images an owner uploads once and uses anywhere (blocks, pages,
-- posts), each with a name the owner chooses and its alt text. The image's copies are stored
-- through the media storage like every other upload; this row is what the library lists.
CREATE TABLE library_files (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  asset_url text NOT NULL,
  srcset text NOT NULL,
  original_size text NOT NULL,
  bytes integer NOT NULL CHECK (bytes > 0),
  alt_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_files_site_idx ON library_files (website_id, created_at DESC, id DESC);
