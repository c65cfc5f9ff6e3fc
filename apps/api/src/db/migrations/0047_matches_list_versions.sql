-- List versions (migration 0026) for the stored matches and the scoring state of each listing: the
-- matches pages (GET /api/tender/matches/buyer and /supplier) are kept per caller under the
-- versions of every table they show: the listings ('tenders', 'catalogue_items', migration 0026),
-- whether each was scored since its last change (the vectors' matched_at, here) and the matches
-- (here); the names of their owners are the people version.
INSERT INTO "list_versions" ("list") VALUES ('matches'), ('tender_vectors'), ('catalogue_item_vectors') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER list_versions_matches AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON matches
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();--> statement-breakpoint
CREATE TRIGGER list_versions_tender_vectors AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tender_vectors
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();--> statement-breakpoint
CREATE TRIGGER list_versions_catalogue_item_vectors AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_item_vectors
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();
