-- Each content item (post, event, gallery image) carries a version for the owner's item
-- editor: a change names the version it was made from and is refused when another came first.
ALTER TABLE items ADD COLUMN version integer NOT NULL DEFAULT 1;
