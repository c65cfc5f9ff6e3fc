CREATE TABLE "dashboard_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- Dashboard versions (written by hand: drizzle-kit cannot express triggers). Every write to a row
-- a dashboard is computed from names the scopes it changes (the owner's user id, or 'admin').
-- Statement triggers collect those scopes in a transaction-local setting; one deferred trigger
-- raises their versions at commit, in scope order, in a single statement. So a transaction holds
-- the version rows only for the instant of its commit, two transactions always take them in the
-- same order (no deadlock), and a rolled-back write (or savepoint) raises nothing.
CREATE UNLOGGED TABLE "dashboard_flushes" ("id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY);--> statement-breakpoint
CREATE FUNCTION dashboards_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scopes text[] := nullif(current_setting('brickyard.dashboard_scopes', true), '')::text[];
BEGIN
  PERFORM set_config('brickyard.dashboard_scopes', '', true);
  DELETE FROM dashboard_flushes WHERE id = NEW.id;
  INSERT INTO dashboard_versions AS d (scope)
    SELECT DISTINCT s FROM unnest(scopes) AS s WHERE s IS NOT NULL ORDER BY s
    ON CONFLICT (scope) DO UPDATE SET version = d.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER dashboards_flush AFTER INSERT ON dashboard_flushes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboards_flush();--> statement-breakpoint
-- TG_ARGV[0] is a query over the statement's rows ("changed"; on update "previous" too) that
-- returns the scopes whose dashboards read them.
CREATE FUNCTION dashboards_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found text[];
  pending text := nullif(current_setting('brickyard.dashboard_scopes', true), '');
BEGIN
  EXECUTE 'SELECT array(SELECT DISTINCT s::text FROM (' || TG_ARGV[0] || ') AS x(s) WHERE s IS NOT NULL)' INTO found;
  IF cardinality(found) = 0 THEN
    RETURN NULL;
  END IF;
  IF pending IS NULL THEN
    INSERT INTO dashboard_flushes DEFAULT VALUES;
    pending := '{}';
  END IF;
  PERFORM set_config('brickyard.dashboard_scopes', (pending::text[] || found)::text, true);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Transition tables cost a copy of every row the statement writes, so a trigger asks only for
-- those its query reads ("changed", "previous").
CREATE FUNCTION dashboards_watch(tbl regclass, on_insert text, on_update text, on_delete text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := replace(tbl::text, '"', '');
  uses_changed text;
BEGIN
  IF on_insert IS NOT NULL THEN
    uses_changed := CASE WHEN on_insert LIKE '%changed%' THEN 'REFERENCING NEW TABLE AS changed' ELSE '' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s %s FOR EACH STATEMENT EXECUTE FUNCTION dashboards_touch(%L)',
      'dashboards_' || name || '_insert', tbl, uses_changed, on_insert);
  END IF;
  IF on_update IS NOT NULL THEN
    uses_changed := CASE WHEN on_update LIKE '%changed%' THEN 'NEW TABLE AS changed' ELSE '' END;
    IF on_update LIKE '%previous%' THEN
      uses_changed := 'OLD TABLE AS previous ' || uses_changed;
    END IF;
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s %s FOR EACH STATEMENT EXECUTE FUNCTION dashboards_touch(%L)',
      'dashboards_' || name || '_update', tbl, CASE WHEN uses_changed = '' THEN '' ELSE 'REFERENCING ' || uses_changed END, on_update);
  END IF;
  IF on_delete IS NOT NULL THEN
    uses_changed := CASE WHEN on_delete LIKE '%changed%' THEN 'REFERENCING OLD TABLE AS changed' ELSE '' END;
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s %s FOR EACH STATEMENT EXECUTE FUNCTION dashboards_touch(%L)',
      'dashboards_' || name || '_delete', tbl, uses_changed, on_delete);
  END IF;
END $$;--> statement-breakpoint
-- Buyer and supplier dashboards (modules/analytics): their own rows.
SELECT dashboards_watch('tenders',
  'SELECT user_id FROM changed',
  -- A tender's status and publication also count on the dashboards of the suppliers it matched.
  'SELECT user_id FROM changed UNION ALL
   SELECT i.user_id FROM changed c JOIN previous p ON p.id = c.id
     JOIN matches m ON m.tender_id = c.id JOIN catalogue_items i ON i.id = m.catalogue_item_id
   WHERE (c.status, c.published_at) IS DISTINCT FROM (p.status, p.published_at)',
  'SELECT user_id FROM changed');--> statement-breakpoint
SELECT dashboards_watch('catalogue_items', 'SELECT user_id FROM changed', 'SELECT user_id FROM changed', 'SELECT user_id FROM changed');--> statement-breakpoint
SELECT dashboards_watch('matches',
  'SELECT t.user_id FROM changed c JOIN tenders t ON t.id = c.tender_id UNION ALL
   SELECT i.user_id FROM changed c JOIN catalogue_items i ON i.id = c.catalogue_item_id',
  'SELECT t.user_id FROM changed c JOIN tenders t ON t.id = c.tender_id UNION ALL
   SELECT i.user_id FROM changed c JOIN catalogue_items i ON i.id = c.catalogue_item_id',
  'SELECT t.user_id FROM changed c JOIN tenders t ON t.id = c.tender_id UNION ALL
   SELECT i.user_id FROM changed c JOIN catalogue_items i ON i.id = c.catalogue_item_id');--> statement-breakpoint
SELECT dashboards_watch('audit_events', 'SELECT t.user_id FROM changed c JOIN tenders t ON t.id = c.tender_id', NULL, NULL);--> statement-breakpoint
SELECT dashboards_watch('conversation_participants', 'SELECT user_id FROM changed', NULL, 'SELECT user_id FROM changed');--> statement-breakpoint
SELECT dashboards_watch('contracts',
  'SELECT buyer_id FROM changed UNION ALL SELECT supplier_id FROM changed',
  'SELECT buyer_id FROM changed UNION ALL SELECT supplier_id FROM changed',
  'SELECT buyer_id FROM changed UNION ALL SELECT supplier_id FROM changed');--> statement-breakpoint
SELECT dashboards_watch('catalogue_item_views', 'SELECT i.user_id FROM changed c JOIN catalogue_items i ON i.id = c.catalogue_item_id', NULL, NULL);--> statement-breakpoint
SELECT dashboards_watch('external_tender_favourites', 'SELECT user_id FROM changed', NULL, 'SELECT user_id FROM changed');--> statement-breakpoint
SELECT dashboards_watch('usage_counters', 'SELECT user_id FROM changed', 'SELECT user_id FROM changed', 'SELECT user_id FROM changed');--> statement-breakpoint
-- Rows both a supplier's dashboard and the admin's read.
SELECT dashboards_watch('bid_assist_requests',
  'SELECT supplier_id::text FROM changed UNION ALL SELECT ''admin''',
  'SELECT supplier_id::text FROM changed UNION ALL SELECT ''admin''',
  'SELECT supplier_id::text FROM changed UNION ALL SELECT ''admin''');--> statement-breakpoint
SELECT dashboards_watch('external_tenders',
  'SELECT ''admin''',
  'SELECT f.user_id::text FROM changed c JOIN external_tender_favourites f ON f.tender_id = c.id UNION ALL SELECT ''admin''',
  'SELECT ''admin''');--> statement-breakpoint
-- The admin dashboard (modules/admin): accounts, their states, subscriptions, the feed, contact-us.
SELECT dashboards_watch('users',
  'SELECT ''admin''',
  'SELECT ''admin'' FROM changed c JOIN previous p ON p.id = c.id
   WHERE (c.role, c.approved, c.approved_at, c.email_verified_at, c.deleted_at)
     IS DISTINCT FROM (p.role, p.approved, p.approved_at, p.email_verified_at, p.deleted_at)',
  'SELECT ''admin''');--> statement-breakpoint
SELECT dashboards_watch('subscriptions',
  'SELECT user_id::text FROM changed UNION ALL SELECT ''admin''',
  'SELECT user_id::text FROM changed UNION ALL SELECT ''admin''',
  'SELECT user_id::text FROM changed UNION ALL SELECT ''admin''');--> statement-breakpoint
SELECT dashboards_watch('contact_messages', 'SELECT ''admin''', 'SELECT ''admin''', 'SELECT ''admin''');--> statement-breakpoint
SELECT dashboards_watch('feed_sync_state', 'SELECT ''admin''', 'SELECT ''admin''', 'SELECT ''admin''');--> statement-breakpoint
DROP FUNCTION dashboards_watch(regclass, text, text, text);
