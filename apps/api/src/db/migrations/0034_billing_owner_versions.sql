-- Owner list versions (migration 0030) for a user's billing page: their chosen plan and cycle (the
-- user row), subscriptions, invoices and usage counters.
CREATE TRIGGER owner_list_versions_users_billing_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_subscriptions_billing_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_subscriptions_billing_update AFTER UPDATE ON subscriptions
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_subscriptions_billing_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_subscriptions_billing_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_invoices_billing_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_invoices_billing_update AFTER UPDATE ON invoices
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_invoices_billing_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_invoices_billing_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_usage_counters_billing_insert AFTER INSERT ON usage_counters
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_usage_counters_billing_update AFTER UPDATE ON usage_counters
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_usage_counters_billing_delete AFTER DELETE ON usage_counters
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_usage_counters_billing_truncate AFTER TRUNCATE ON usage_counters
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing');
