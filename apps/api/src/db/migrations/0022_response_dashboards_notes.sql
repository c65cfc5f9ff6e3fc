-- The buyer and supplier dashboards count tender responses (received, submitted, won, the time
-- taken to respond), so a write to a response raises the versions of both its supplier's and its
-- tender's buyer's dashboards, as the triggers of 0017_dashboard_versions.sql do for other tables.
CREATE TRIGGER dashboards_tender_responses_insert AFTER INSERT ON tender_responses
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION dashboards_touch('SELECT supplier_id FROM changed UNION ALL SELECT t.user_id FROM changed c JOIN tenders t ON t.id = c.tender_id');--> statement-breakpoint
CREATE TRIGGER dashboards_tender_responses_update AFTER UPDATE ON tender_responses
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION dashboards_touch('SELECT supplier_id FROM changed UNION ALL SELECT t.user_id FROM changed c JOIN tenders t ON t.id = c.tender_id');--> statement-breakpoint
CREATE TRIGGER dashboards_tender_responses_delete AFTER DELETE ON tender_responses
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION dashboards_touch('SELECT supplier_id FROM changed UNION ALL SELECT t.user_id FROM changed c JOIN tenders t ON t.id = c.tender_id');
--> statement-breakpoint
-- The buyer's private note on a response, shown only to the tender's owner beside the comparison.
ALTER TABLE "tender_responses" ADD COLUMN "buyer_note" text DEFAULT '' NOT NULL;
