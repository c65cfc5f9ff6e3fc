-- The live feed's counts (GET /api/external-tenders/status) are kept like the lists' totals of
-- 0026: the feed gets a list version, raised at commit by every transaction that writes notices.
INSERT INTO "list_versions" ("list") VALUES ('external_tenders') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER list_versions_external_tenders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON external_tenders
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();
