-- A per-site version stamp for caches of site-wide data (collections, forms, shipping
-- options, tax rules). Every write to those tables bumps it in the same transaction, so a
-- reader that sees the new rows also sees the new version. (The function body is one line:
-- the migration runner splits statements at a semicolon that ends a line.)
ALTER TABLE websites ADD COLUMN content_version integer NOT NULL DEFAULT 0;

CREATE FUNCTION bump_site_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN UPDATE websites SET content_version = content_version + 1 WHERE id IN (OLD.website_id, NEW.website_id); RETURN NULL; END
$$;

CREATE TRIGGER collections_bump_site_version AFTER INSERT OR UPDATE OR DELETE ON collections
  FOR EACH ROW EXECUTE FUNCTION bump_site_content_version();
CREATE TRIGGER forms_bump_site_version AFTER INSERT OR UPDATE OR DELETE ON forms
  FOR EACH ROW EXECUTE FUNCTION bump_site_content_version();
CREATE TRIGGER shipping_options_bump_site_version AFTER INSERT OR UPDATE OR DELETE ON shipping_options
  FOR EACH ROW EXECUTE FUNCTION bump_site_content_version();
CREATE TRIGGER tax_rules_bump_site_version AFTER INSERT OR UPDATE OR DELETE ON tax_rules
  FOR EACH ROW EXECUTE FUNCTION bump_site_content_version();
