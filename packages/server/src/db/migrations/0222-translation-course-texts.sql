-- A course's chapter titles and its lessons' titles, body texts and download labels become
-- translation subjects (decision 0049, addendum on courses): subject_type 'course', keyed by
-- the chapter's or the lesson's id.
ALTER TABLE translations DROP CONSTRAINT translations_subject_type_check;
ALTER TABLE translations ADD CONSTRAINT translations_subject_type_check
  CHECK (subject_type IN ('site', 'collection', 'block', 'navigation', 'item', 'product-option', 'variant', 'header-footer', 'form', 'system', 'course'));
