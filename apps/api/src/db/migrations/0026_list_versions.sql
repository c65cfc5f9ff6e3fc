CREATE TABLE "list_versions" (
	"list" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "list_versions" ("list") VALUES ('catalogue_items'), ('tenders');--> statement-breakpoint
-- List versions (written by hand: drizzle-kit cannot express triggers). Every statement that
-- inserts, updates, deletes or truncates catalogue items or tenders names its table in a
-- transaction-local setting; one deferred trigger raises those tables' versions at commit, in
-- name order, in one statement. So a transaction holds a version row only while it commits (an
-- import's long transaction does not queue every other writer behind it), two transactions take
-- the rows in the same order (no deadlock), and a rolled-back write raises nothing. Every update
-- counts, not only of the columns a list filters on: the rows are edited rarely, and a filter
-- added later cannot be forgotten here.
CREATE UNLOGGED TABLE "list_version_flushes" ("id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY);--> statement-breakpoint
CREATE FUNCTION list_versions_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lists text[] := nullif(current_setting('brickyard.list_versions_moved', true), '')::text[];
BEGIN
  PERFORM set_config('brickyard.list_versions_moved', '', true);
  DELETE FROM list_version_flushes WHERE id = NEW.id;
  INSERT INTO list_versions AS v (list)
    SELECT DISTINCT l FROM unnest(lists) AS l WHERE l IS NOT NULL ORDER BY l
    ON CONFLICT (list) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_flush AFTER INSERT ON list_version_flushes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_flush();--> statement-breakpoint
CREATE FUNCTION list_versions_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := nullif(current_setting('brickyard.list_versions_moved', true), '');
BEGIN
  IF pending IS NULL THEN
    INSERT INTO list_version_flushes DEFAULT VALUES;
    pending := '{}';
  ELSIF TG_TABLE_NAME = ANY (pending::text[]) THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('brickyard.list_versions_moved', (pending::text[] || TG_TABLE_NAME::text)::text, true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER list_versions_catalogue_items AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_items
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();--> statement-breakpoint
CREATE TRIGGER list_versions_tenders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();
