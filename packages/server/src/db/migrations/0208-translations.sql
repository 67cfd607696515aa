-- Translations of a site's owner-written texts (decision 0049): one row per language, subject
-- (a page, block, navigation entry, product, variant, header or footer, the site) and field,
-- holding the translated text and the hash of the source text it was made from. A row whose
-- hash differs from the hash of the source as it is now is stale: the site keeps serving it,
-- and the dashboard flags it. Writes bump the site's page version, so cached pages follow.
CREATE TABLE translations (
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  language text NOT NULL,
  subject_type text NOT NULL,
  subject_id text NOT NULL,
  field text NOT NULL,
  text text NOT NULL,
  source_hash text NOT NULL,
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, language, subject_type, subject_id, field),
  CONSTRAINT translations_subject_type_check CHECK (subject_type IN ('site', 'collection', 'block', 'navigation', 'item', 'product-option', 'variant', 'header-footer', 'form')),
  CONSTRAINT translations_text_check CHECK (length(text) BETWEEN 1 AND 100000)
);

CREATE CONSTRAINT TRIGGER translations_bump_page_version AFTER INSERT OR UPDATE OR DELETE ON translations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
