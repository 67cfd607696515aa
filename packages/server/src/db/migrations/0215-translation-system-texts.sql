-- The storefront's system texts ("Add To Cart", the spec's messages) become translation
-- subjects of their own (decision 0049, addendum): subject_type 'system', keyed by the text's id.
ALTER TABLE translations DROP CONSTRAINT translations_subject_type_check;
ALTER TABLE translations ADD CONSTRAINT translations_subject_type_check
  CHECK (subject_type IN ('site', 'collection', 'block', 'navigation', 'item', 'product-option', 'variant', 'header-footer', 'form', 'system'));
