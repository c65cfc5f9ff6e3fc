-- Listings show their owner's company name (a join on users), and their pages are kept per list
-- version (db/exact-counts.ts): a change to a company name moves the tenders' and the catalogue's
-- versions, so no kept page shows the old name. list_versions_touch now takes the lists it moves
-- as arguments (none: its own table, as before).
CREATE OR REPLACE FUNCTION list_versions_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := nullif(current_setting('brickyard.list_versions_moved', true), '');
  moved text[] := CASE WHEN TG_NARGS > 0 THEN TG_ARGV::text[] ELSE ARRAY[TG_TABLE_NAME::text] END;
BEGIN
  IF pending IS NULL THEN
    INSERT INTO list_version_flushes DEFAULT VALUES;
    pending := '{}';
  ELSIF moved <@ pending::text[] THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('brickyard.list_versions_moved', (pending::text[] || moved)::text, true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER list_versions_listing_owners AFTER UPDATE OF company_name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch('catalogue_items', 'tenders');
