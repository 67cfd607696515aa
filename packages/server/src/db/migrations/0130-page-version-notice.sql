-- Every change to what a storefront page shows ends in a change to a websites row (0078's
-- triggers bump page_version there), so a statement-level trigger on websites sees them all.
-- A session that sets emporium.page_version_notices to 'on' (the server's PostgreSQL
-- connections do) gets a NOTICE when its statement changes a websites row: the server then
-- waits out the page-version lease before it acknowledges the write (decision 0028). Other
-- sessions (psql, PGlite) see nothing.
CREATE FUNCTION announce_page_version_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN IF current_setting('emporium.page_version_notices', true) = 'on' THEN RAISE NOTICE 'emporium page version changed'; END IF; RETURN NULL; END
$$;

CREATE TRIGGER websites_announce_page_version_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON websites
  FOR EACH STATEMENT EXECUTE FUNCTION announce_page_version_change();
