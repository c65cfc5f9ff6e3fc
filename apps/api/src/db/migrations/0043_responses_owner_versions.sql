-- Owner list versions (migration 0030) for a supplier's responses: GET /api/responses/mine and
-- their own GET /api/responses/{id}. Raised at the commit of every write to a row those answers
-- show: the supplier's responses, their user row (company name, verified), their fulfilled
-- contracts and received reviews (the counts beside each response), their files (document names)
-- and catalogue items (the matched item's title); the tenders they responded to (title,
-- deadline); and the stored matches between those tenders and their items (the match shown).
--
-- The pending-owner bookkeeping of owner_list_versions_touch moves into owner_list_versions_mark,
-- so a trigger that finds its owners through a join (a tender's responders) shares it.
CREATE FUNCTION owner_list_versions_mark(moved text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pending text := nullif(current_setting('brickyard.owner_list_versions_moved', true), '');
BEGIN
  IF coalesce(cardinality(moved), 0) = 0 THEN
    RETURN;
  END IF;
  IF pending IS NULL THEN
    INSERT INTO owner_list_version_flushes DEFAULT VALUES;
    pending := '{}';
  ELSIF moved <@ pending::text[] THEN
    RETURN;
  END IF;
  PERFORM set_config('brickyard.owner_list_versions_moved', (pending::text[] || moved)::text, true);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_list_versions_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text[] := '{}';
  part text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE owner_list_versions SET version = version + 1 WHERE list = TG_ARGV[0];
    RETURN NULL;
  END IF;
  -- moved_rows is the statement's transition table: the new rows (INSERT, UPDATE) or the old (DELETE).
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    EXECUTE format('SELECT array_agg(DISTINCT %L || '' '' || %I) FROM moved_rows WHERE %I IS NOT NULL',
      TG_ARGV[0], TG_ARGV[i], TG_ARGV[i]) INTO part;
    moved := moved || coalesce(part, '{}');
    IF TG_OP = 'UPDATE' THEN
      EXECUTE format('SELECT array_agg(DISTINCT %L || '' '' || %I) FROM replaced_rows WHERE %I IS NOT NULL',
        TG_ARGV[0], TG_ARGV[i], TG_ARGV[i]) INTO part;
      moved := moved || coalesce(part, '{}');
    END IF;
  END LOOP;
  PERFORM owner_list_versions_mark(moved);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The suppliers who responded to a written tender, or whose item a written match pairs with a
-- tender they responded to. (A tender or item deleted takes its responses or matches with it, and
-- those deletes raise the suppliers themselves.)
CREATE FUNCTION owner_list_versions_touch_responders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE owner_list_versions SET version = version + 1 WHERE list = 'responses';
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'tenders' THEN
    SELECT array_agg(DISTINCT 'responses ' || r.supplier_id) INTO moved
      FROM tender_responses r WHERE r.tender_id IN (SELECT id FROM moved_rows);
  ELSE
    SELECT array_agg(DISTINCT 'responses ' || r.supplier_id) INTO moved
      FROM moved_rows m
      JOIN catalogue_items i ON i.id = m.catalogue_item_id
      JOIN tender_responses r ON r.tender_id = m.tender_id AND r.supplier_id = i.user_id;
  END IF;
  PERFORM owner_list_versions_mark(moved);
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  shown record;
BEGIN
  FOR shown IN SELECT * FROM (VALUES
    ('tender_responses', 'supplier_id', true),
    ('users', 'id', false),
    ('contracts', 'supplier_id', true),
    ('reviews', 'reviewee_id', true),
    ('files', 'owner_id', true),
    ('catalogue_items', 'user_id', false)
  ) AS t(tbl, owner_column, on_insert) LOOP
    IF shown.on_insert THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS moved_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch(%L, %L)',
        'owner_list_versions_' || shown.tbl || '_responses_insert', shown.tbl, 'responses', shown.owner_column);
    END IF;
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch(%L, %L)',
      'owner_list_versions_' || shown.tbl || '_responses_update', shown.tbl, 'responses', shown.owner_column);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS moved_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch(%L, %L)',
      'owner_list_versions_' || shown.tbl || '_responses_delete', shown.tbl, 'responses', shown.owner_column);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch(%L)',
      'owner_list_versions_' || shown.tbl || '_responses_truncate', shown.tbl, 'responses');
  END LOOP;
END $$;--> statement-breakpoint
CREATE TRIGGER owner_list_versions_tenders_responses_update AFTER UPDATE ON tenders
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch_responders();--> statement-breakpoint
CREATE TRIGGER owner_list_versions_tenders_responses_truncate AFTER TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch_responders();--> statement-breakpoint
CREATE TRIGGER owner_list_versions_matches_responses_insert AFTER INSERT ON matches
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch_responders();--> statement-breakpoint
CREATE TRIGGER owner_list_versions_matches_responses_update AFTER UPDATE ON matches
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch_responders();--> statement-breakpoint
CREATE TRIGGER owner_list_versions_matches_responses_delete AFTER DELETE ON matches
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch_responders();--> statement-breakpoint
CREATE TRIGGER owner_list_versions_matches_responses_truncate AFTER TRUNCATE ON matches
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch_responders();
