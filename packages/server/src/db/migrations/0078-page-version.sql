-- A per-site version of everything a storefront page shows, so rendered pages can be cached
-- per site version: catalog, content, stock and prices, comments, reviews, likes, commerce
-- preferences, the website row itself and (through the website row, which 0070's triggers
-- update) collections, forms, shipping options and tax rules. It is separate from
-- content_version, which caches of site-wide rows use and which sales must not bump. The
-- triggers on the other tables are deferred to commit, so the website row is locked only at
-- the end of a write transaction (a checkout's guarded stock decrements take their variant
-- locks first, in order, and the website row last).
ALTER TABLE websites ADD COLUMN page_version integer NOT NULL DEFAULT 0;

CREATE FUNCTION bump_own_page_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN IF NEW.page_version = OLD.page_version THEN NEW.page_version := OLD.page_version + 1; END IF; RETURN NEW; END
$$;

CREATE FUNCTION bump_site_page_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN UPDATE websites SET page_version = page_version + 1 WHERE id IN (OLD.website_id, NEW.website_id); RETURN NULL; END
$$;

CREATE TRIGGER websites_bump_own_page_version BEFORE UPDATE ON websites
  FOR EACH ROW EXECUTE FUNCTION bump_own_page_version();
CREATE CONSTRAINT TRIGGER commerce_preferences_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON commerce_preferences
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
CREATE CONSTRAINT TRIGGER items_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
CREATE CONSTRAINT TRIGGER product_categories_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON product_categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
CREATE CONSTRAINT TRIGGER products_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
CREATE CONSTRAINT TRIGGER variants_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
CREATE CONSTRAINT TRIGGER comments_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON comments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
CREATE CONSTRAINT TRIGGER item_likes_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON item_likes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
CREATE CONSTRAINT TRIGGER product_reviews_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON product_reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
