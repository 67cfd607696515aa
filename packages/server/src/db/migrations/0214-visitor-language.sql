-- The visitor's language (issue 29, decision 0052): the site language of the page a visitor
-- acted from, a canonical BCP 47 code (null: not known, read as the site's primary language).
-- Mails about the row are written in it. Restock sign-ups (`language`) and site users
-- (`locale`) already keep theirs.
ALTER TABLE carts ADD COLUMN language text;
ALTER TABLE orders ADD COLUMN language text;
ALTER TABLE form_submissions ADD COLUMN language text;
ALTER TABLE subscriptions ADD COLUMN language text;
ALTER TABLE donations ADD COLUMN language text;
