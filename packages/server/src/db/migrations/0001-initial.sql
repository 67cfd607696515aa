CREATE TABLE websites (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  identifier text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  site_status integer NOT NULL DEFAULT 8,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT websites_identifier_format CHECK (identifier ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$')
);
CREATE UNIQUE INDEX websites_identifier_key ON websites (identifier);

CREATE TABLE website_domains (
  domain text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX website_domains_website_idx ON website_domains (website_id);

CREATE TABLE commerce_preferences (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  namespace text NOT NULL,
  value jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commerce_preferences_pkey PRIMARY KEY (website_id, namespace)
);

CREATE TABLE collections (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  type integer NOT NULL,
  url_id text NOT NULL,
  title text NOT NULL,
  navigation_title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  display_index integer NOT NULL DEFAULT 0,
  is_homepage boolean NOT NULL DEFAULT false,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT collections_website_id_key UNIQUE (website_id, id),
  CONSTRAINT collections_type_check CHECK (type IN (1,2,3,4,5,6,7,8,10,11,12,13,15,16,17,18,19,23,24,25))
);
CREATE UNIQUE INDEX collections_website_url_key ON collections (website_id, url_id);

CREATE TABLE items (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  collection_id text NOT NULL,
  record_type integer NOT NULL,
  url_id text NOT NULL,
  title text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  excerpt text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}'::text[],
  categories text[] NOT NULL DEFAULT '{}'::text[],
  author_name text NOT NULL DEFAULT '',
  starred boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'published',
  publish_on timestamptz NOT NULL DEFAULT now(),
  asset_url text,
  display_index integer NOT NULL DEFAULT 0,
  like_count integer NOT NULL DEFAULT 0,
  structured_content jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT items_collection_fk FOREIGN KEY (website_id, collection_id)
    REFERENCES collections (website_id, id) ON DELETE CASCADE,
  CONSTRAINT items_website_id_key UNIQUE (website_id, id),
  CONSTRAINT items_status_check CHECK (status IN ('published','draft','scheduled','needs-review','private'))
);
CREATE UNIQUE INDEX items_collection_url_key ON items (website_id, collection_id, url_id);
CREATE INDEX items_listing_idx ON items (website_id, collection_id, publish_on);

CREATE TABLE product_categories (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  collection_id text NOT NULL,
  display_name text NOT NULL,
  parent_category_id text,
  type text NOT NULL DEFAULT 'ROOT',
  page_rendering text NOT NULL DEFAULT 'LIST_VIEW',
  display_index integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT product_categories_collection_fk FOREIGN KEY (website_id, collection_id)
    REFERENCES collections (website_id, id) ON DELETE CASCADE
);
CREATE INDEX product_categories_collection_idx ON product_categories (website_id, collection_id);

CREATE TABLE products (
  item_id text PRIMARY KEY,
  website_id text NOT NULL,
  product_type integer NOT NULL DEFAULT 1,
  is_subscribable boolean NOT NULL DEFAULT false,
  subscription_plan jsonb,
  additional_fields_form_id text,
  use_custom_add_button_text boolean NOT NULL DEFAULT false,
  custom_add_button_text text NOT NULL DEFAULT '',
  variant_option_ordering text[] NOT NULL DEFAULT '{}'::text[],
  merchandising jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT products_item_fk FOREIGN KEY (website_id, item_id)
    REFERENCES items (website_id, id) ON DELETE CASCADE,
  CONSTRAINT products_website_item_key UNIQUE (website_id, item_id),
  CONSTRAINT products_type_check CHECK (product_type BETWEEN 1 AND 5)
);

CREATE TABLE variants (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  product_id text NOT NULL,
  sku text NOT NULL,
  price_cents integer NOT NULL,
  sale_price_cents integer NOT NULL DEFAULT 0,
  on_sale boolean NOT NULL DEFAULT false,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  qty_in_stock integer NOT NULL DEFAULT 0,
  unlimited boolean NOT NULL DEFAULT false,
  weight_grams integer NOT NULL DEFAULT 0,
  display_index integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT variants_product_fk FOREIGN KEY (website_id, product_id)
    REFERENCES products (website_id, item_id) ON DELETE CASCADE,
  CONSTRAINT variants_website_id_key UNIQUE (website_id, id),
  CONSTRAINT variants_qty_in_stock_check CHECK (qty_in_stock >= 0),
  CONSTRAINT variants_price_check CHECK (price_cents >= 0 AND sale_price_cents >= 0)
);
CREATE UNIQUE INDEX variants_website_sku_key ON variants (website_id, sku);
CREATE INDEX variants_product_idx ON variants (website_id, product_id);

CREATE TABLE carts (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  site_user_id text,
  order_id text,
  is_purchased boolean NOT NULL DEFAULT false,
  coupons jsonb NOT NULL DEFAULT '[]'::jsonb,
  shipping_location jsonb,
  selected_shipping_option jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT carts_website_id_key UNIQUE (website_id, id)
);

CREATE TABLE cart_entries (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  cart_id text NOT NULL,
  item_id text NOT NULL,
  variant_id text,
  sku text,
  quantity integer NOT NULL,
  purchase_price_cents integer NOT NULL DEFAULT 0,
  additional_fields jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cart_entries_cart_fk FOREIGN KEY (website_id, cart_id)
    REFERENCES carts (website_id, id) ON DELETE CASCADE,
  CONSTRAINT cart_entries_quantity_check CHECK (quantity > 0)
);
CREATE INDEX cart_entries_cart_idx ON cart_entries (website_id, cart_id);

CREATE TABLE orders (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  order_number integer NOT NULL,
  purchased_cart_id text,
  test_mode boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'PENDING',
  customer_email text NOT NULL DEFAULT '',
  shipping_address jsonb,
  billing_address jsonb,
  currency text NOT NULL,
  subtotal_cents integer NOT NULL DEFAULT 0,
  tax_cents integer NOT NULL DEFAULT 0,
  shipping_cents integer NOT NULL DEFAULT 0,
  discount_cents integer NOT NULL DEFAULT 0,
  grand_total_cents integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT orders_website_id_key UNIQUE (website_id, id),
  CONSTRAINT orders_money_check CHECK (grand_total_cents >= 0)
);
CREATE UNIQUE INDEX orders_website_number_key ON orders (website_id, order_number);

CREATE TABLE order_items (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  order_id text NOT NULL,
  item_id text NOT NULL,
  variant_id text,
  sku text,
  product_name text NOT NULL,
  quantity integer NOT NULL,
  unit_price_cents integer NOT NULL,
  additional_fields jsonb,
  CONSTRAINT order_items_order_fk FOREIGN KEY (website_id, order_id)
    REFERENCES orders (website_id, id) ON DELETE CASCADE,
  CONSTRAINT order_items_quantity_check CHECK (quantity > 0)
);
CREATE INDEX order_items_order_idx ON order_items (website_id, order_id);

CREATE TABLE idempotency_keys (
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT idempotency_keys_pkey PRIMARY KEY (website_id, scope, key)
);

CREATE TABLE forms (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT 'My Form Name',
  fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  submit_label text NOT NULL DEFAULT 'Add to Cart',
  submission_message text NOT NULL DEFAULT '',
  submission_html text NOT NULL DEFAULT '',
  success_redirect text NOT NULL DEFAULT '',
  disclaimer_message text NOT NULL DEFAULT '',
  captcha_enabled boolean NOT NULL DEFAULT false,
  captcha_theme text NOT NULL DEFAULT 'light',
  captcha_alignment text NOT NULL DEFAULT 'left',
  storage jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT forms_website_id_key UNIQUE (website_id, id)
);

CREATE TABLE form_submissions (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  form_id text NOT NULL,
  submission_key text NOT NULL,
  data jsonb NOT NULL,
  page_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT form_submissions_form_fk FOREIGN KEY (website_id, form_id)
    REFERENCES forms (website_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX form_submissions_key_key ON form_submissions (website_id, submission_key);
CREATE INDEX form_submissions_form_idx ON form_submissions (website_id, form_id, created_at);

CREATE TABLE form_submission_keys (
  key text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX form_submission_keys_website_idx ON form_submission_keys (website_id, expires_at);

CREATE TABLE restock_signups (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  product_id text NOT NULL,
  variant_id text NOT NULL,
  email text NOT NULL,
  join_mailing_list boolean NOT NULL DEFAULT false,
  language text,
  created_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz,
  CONSTRAINT restock_signups_email_length CHECK (char_length(email) BETWEEN 3 AND 256)
);
CREATE UNIQUE INDEX restock_signups_pending_key ON restock_signups (website_id, variant_id, email) WHERE notified_at IS NULL;
CREATE INDEX restock_signups_product_idx ON restock_signups (website_id, product_id, variant_id);

CREATE TABLE outbox (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL DEFAULT '',
  html_body text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CONSTRAINT outbox_status_check CHECK (status IN ('pending','sending','sent','failed'))
);
CREATE INDEX outbox_pending_idx ON outbox (status, next_attempt_at);

CREATE TABLE site_users (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  email text NOT NULL,
  password_hash text NOT NULL,
  display_name text NOT NULL DEFAULT '',
  role integer NOT NULL DEFAULT 14,
  locale text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT site_users_website_id_key UNIQUE (website_id, id)
);
CREATE UNIQUE INDEX site_users_website_email_key ON site_users (website_id, lower(email));

CREATE TABLE site_user_sessions (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  site_user_id text NOT NULL,
  token_hash text NOT NULL,
  xsrf_token text NOT NULL,
  remember_me boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CONSTRAINT site_user_sessions_user_fk FOREIGN KEY (website_id, site_user_id)
    REFERENCES site_users (website_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX site_user_sessions_token_key ON site_user_sessions (token_hash);

CREATE TABLE tracking_events (
  id bigserial PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
  source text NOT NULL,
  name text NOT NULL DEFAULT '',
  visitor_id text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tracking_events_website_idx ON tracking_events (website_id, source, created_at);
