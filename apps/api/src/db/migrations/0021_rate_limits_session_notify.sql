CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
-- Issue 18: a change of a user's session version (password change, sign-out of other sessions,
-- logout, a cancelled email change, account deletion) is announced on the realtime channel, so
-- every API instance closes that user's open event streams at once. The payload follows the
-- hub's wire format: {"u": [user id], "s": new session version}.
CREATE FUNCTION brickyard_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.session_version IS DISTINCT FROM OLD.session_version THEN
    PERFORM pg_notify('brickyard_realtime', json_build_object('u', json_build_array(NEW.id), 's', NEW.session_version)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OF session_version ON users FOR EACH ROW EXECUTE FUNCTION brickyard_session_changed();
--> statement-breakpoint
ALTER TABLE "realtime_tickets" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;