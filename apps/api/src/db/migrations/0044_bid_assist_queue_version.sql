-- A list version (migration 0026) for every Bid Assist request at once: the support team's queue
-- (GET /api/admin/bid-assist) is one list shared by every admin, kept under this version and the
-- people version (the suppliers' names it shows).
INSERT INTO "list_versions" ("list") VALUES ('bid_assist_requests') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER list_versions_bid_assist_requests AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bid_assist_requests
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();
