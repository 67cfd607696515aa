-- A variant may show one of its product's photos when a shopper chooses it (issue 12): the id
-- of an image in the product item's structured_content.images, or NULL for the product's
-- photos as they are.
ALTER TABLE variants ADD COLUMN image_id text;
