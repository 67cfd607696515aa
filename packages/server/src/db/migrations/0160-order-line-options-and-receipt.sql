-- Issue 24: an order line keeps the options of the variant bought ([{"name":"Size","value":"M"}],
-- in the product's option order), so the confirmation page and mail can say which variant it
-- was even after the product changes; lines placed before this are filled from their variant as
-- it is now. An order's details name the confirmation mail queued for it, so the confirmation
-- page can say whether the receipt was sent or is still queued.
ALTER TABLE order_items ADD COLUMN variant_options jsonb;

UPDATE order_items AS oi
SET variant_options = (
  SELECT coalesce(jsonb_agg(jsonb_build_object('name', a.key, 'value', a.value) ORDER BY a.key), '[]'::jsonb)
  FROM jsonb_each_text(v.attributes) AS a
)
FROM variants AS v
WHERE v.website_id = oi.website_id AND v.id = oi.variant_id;

ALTER TABLE order_checkout_details ADD COLUMN receipt_mail_id text;
