-- The billing details a user's invoices are addressed to (Settings > Billing) move their billing
-- version too (migration 0034).
CREATE TRIGGER owner_list_versions_billing_accounts_billing_insert AFTER INSERT ON billing_accounts
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_billing_accounts_billing_update AFTER UPDATE ON billing_accounts
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_billing_accounts_billing_delete AFTER DELETE ON billing_accounts
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_billing_accounts_billing_truncate AFTER TRUNCATE ON billing_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('billing');
