CREATE TABLE "owner_list_versions" (
	"list" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "owner_list_versions_list_owner_id_pk" PRIMARY KEY("list","owner_id")
);
--> statement-breakpoint
-- Owner list versions (written by hand: drizzle-kit cannot express triggers), as list versions
-- (migration 0026) but per owner: a trigger names the list and the columns that hold its owners
-- (owner_list_versions_touch('conversations', 'sender_id', 'recipient_id')); each statement that
-- writes such rows adds 'list owner' pairs to a transaction-local setting, and one deferred
-- trigger raises those versions at commit in (list, owner) order in one statement: a version row
-- is held only while its writer commits, two writers take rows in the same order (no deadlock),
-- and a rolled-back write raises nothing. A TRUNCATE raises every owner of the list at once.
CREATE UNLOGGED TABLE "owner_list_version_flushes" ("id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY);--> statement-breakpoint
CREATE FUNCTION owner_list_versions_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text[] := nullif(current_setting('brickyard.owner_list_versions_moved', true), '')::text[];
BEGIN
  PERFORM set_config('brickyard.owner_list_versions_moved', '', true);
  DELETE FROM owner_list_version_flushes WHERE id = NEW.id;
  INSERT INTO owner_list_versions AS v (list, owner_id)
    SELECT DISTINCT split_part(m, ' ', 1), split_part(m, ' ', 2)::uuid FROM unnest(moved) AS m
    WHERE m IS NOT NULL ORDER BY 1, 2
    ON CONFLICT (list, owner_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER owner_list_versions_flush AFTER INSERT ON owner_list_version_flushes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION owner_list_versions_flush();--> statement-breakpoint
CREATE FUNCTION owner_list_versions_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := nullif(current_setting('brickyard.owner_list_versions_moved', true), '');
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
  IF cardinality(moved) = 0 THEN
    RETURN NULL;
  END IF;
  IF pending IS NULL THEN
    INSERT INTO owner_list_version_flushes DEFAULT VALUES;
    pending := '{}';
  ELSIF moved <@ pending::text[] THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('brickyard.owner_list_versions_moved', (pending::text[] || moved)::text, true);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A user's notifications.
CREATE TRIGGER owner_list_versions_notifications_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('notifications', 'user_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_notifications_update AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('notifications', 'user_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_notifications_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('notifications', 'user_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_notifications_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('notifications');--> statement-breakpoint
-- A user's conversations: their participant rows (the unread counters), the conversations (the
-- last message), and the messages (a last message read). The other party's name is a people
-- version below.
CREATE TRIGGER owner_list_versions_participants_insert AFTER INSERT ON conversation_participants
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'user_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_participants_update AFTER UPDATE ON conversation_participants
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'user_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_participants_delete AFTER DELETE ON conversation_participants
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'user_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_participants_truncate AFTER TRUNCATE ON conversation_participants
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_conversations_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'user_low_id', 'user_high_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_conversations_update AFTER UPDATE ON conversations
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'user_low_id', 'user_high_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_conversations_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'user_low_id', 'user_high_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_conversations_truncate AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_messages_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'sender_id', 'recipient_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_messages_update AFTER UPDATE ON messages
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'sender_id', 'recipient_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_messages_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations', 'sender_id', 'recipient_id');--> statement-breakpoint
CREATE TRIGGER owner_list_versions_messages_truncate AFTER TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('conversations');--> statement-breakpoint
-- People's names as other people's lists show them (the other party of a conversation): one
-- list version, since names change rarely.
INSERT INTO "list_versions" ("list") VALUES ('people') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER list_versions_people AFTER UPDATE OF first_name, last_name, company_name, role ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch('people');
