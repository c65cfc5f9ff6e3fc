-- Owner list versions (migration 0030) for a supplier's Bid Assist history: their requests, and
-- their usage counters (the page shows this month's usage).
CREATE TRIGGER owner_list_versions_bid_assist_requests_bid_assist_insert AFTER INSERT ON bid_assist_requests
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('bid_assist', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_bid_assist_requests_bid_assist_update AFTER UPDATE ON bid_assist_requests
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('bid_assist', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_bid_assist_requests_bid_assist_delete AFTER DELETE ON bid_assist_requests
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('bid_assist', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_bid_assist_requests_bid_assist_truncate AFTER TRUNCATE ON bid_assist_requests
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('bid_assist');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_usage_counters_bid_assist_insert AFTER INSERT ON usage_counters
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('bid_assist', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_usage_counters_bid_assist_update AFTER UPDATE ON usage_counters
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('bid_assist', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_usage_counters_bid_assist_delete AFTER DELETE ON usage_counters
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('bid_assist', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_usage_counters_bid_assist_truncate AFTER TRUNCATE ON usage_counters
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('bid_assist');
