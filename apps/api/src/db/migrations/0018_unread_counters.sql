ALTER TABLE "conversation_participants" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Unread counters (written by hand: drizzle-kit cannot express triggers). Every statement that
-- adds, reads (read_at set) or removes messages moves the recipient's counter on the conversation
-- by the same amount, in the same transaction, whatever code path wrote it.
CREATE FUNCTION messages_unread_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE conversation_participants cp SET unread = cp.unread + d.n
    FROM (SELECT conversation_id, recipient_id, count(*)::int AS n FROM changed WHERE read_at IS NULL GROUP BY 1, 2) d
    WHERE cp.conversation_id = d.conversation_id AND cp.user_id = d.recipient_id;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE conversation_participants cp SET unread = cp.unread + d.n
    FROM (
      SELECT conversation_id, recipient_id, sum(n)::int AS n FROM (
        SELECT conversation_id, recipient_id, 1 AS n FROM changed WHERE read_at IS NULL
        UNION ALL
        SELECT conversation_id, recipient_id, -1 FROM previous WHERE read_at IS NULL
      ) moved GROUP BY 1, 2 HAVING sum(n) <> 0
    ) d
    WHERE cp.conversation_id = d.conversation_id AND cp.user_id = d.recipient_id;
  ELSE
    UPDATE conversation_participants cp SET unread = cp.unread - d.n
    FROM (SELECT conversation_id, recipient_id, count(*)::int AS n FROM previous WHERE read_at IS NULL GROUP BY 1, 2) d
    WHERE cp.conversation_id = d.conversation_id AND cp.user_id = d.recipient_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_unread_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION messages_unread_moved();--> statement-breakpoint
CREATE TRIGGER messages_unread_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION messages_unread_moved();--> statement-breakpoint
CREATE TRIGGER messages_unread_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS previous FOR EACH STATEMENT EXECUTE FUNCTION messages_unread_moved();--> statement-breakpoint
UPDATE conversation_participants cp SET unread = d.n
FROM (SELECT conversation_id, recipient_id, count(*)::int AS n FROM messages WHERE read_at IS NULL GROUP BY 1, 2) d
WHERE cp.conversation_id = d.conversation_id AND cp.user_id = d.recipient_id;
