-- A site's donation texts (the donate page's title and description, the thank-you message)
-- become translation subjects: subject_type 'donation', one subject per site (id 'settings').
ALTER TABLE translations DROP CONSTRAINT translations_subject_type_check;
ALTER TABLE translations ADD CONSTRAINT translations_subject_type_check
  CHECK (subject_type IN ('site', 'collection', 'block', 'navigation', 'item', 'product-option', 'variant', 'header-footer', 'form', 'system', 'course', 'donation'));
