-- List versions (migration 0026) for every account and every subscription: the admin's user list
-- (GET /api/auth/users), one list shared by every admin, is kept under both (and the clock: a
-- subscription stops being active when its period or grace ends).
INSERT INTO "list_versions" ("list") VALUES ('users'), ('subscriptions') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER list_versions_users AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();--> statement-breakpoint
CREATE TRIGGER list_versions_subscriptions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();
