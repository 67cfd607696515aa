-- Owners turn shipping options and tax rules off instead of deleting them (issue 12): a turned-off
-- row stays for the record and can be turned on again; carts and checkout ignore it. The
-- content-version triggers of 0070 already fire on these updates, so caches see the change.
ALTER TABLE shipping_options ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE tax_rules ADD COLUMN active boolean NOT NULL DEFAULT true;
