-- Each collection (page) carries a version for the owner's Pages panel: a change names the
-- version it was made from and is refused when another change came first.
ALTER TABLE collections ADD COLUMN version integer NOT NULL DEFAULT 1;
