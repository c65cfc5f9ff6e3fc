-- Lists are ordered by (created_at, id), newest first. With id in the index the page is read
-- straight from it; without, rows sharing a created_at (written by one statement, as a catalogue
-- import does) were all fetched and sorted to cut the first 20.
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "catalogue_items_user_created_idx";--> statement-breakpoint
DROP INDEX "catalogue_items_created_idx";--> statement-breakpoint
DROP INDEX "tenders_user_created_idx";--> statement-breakpoint
DROP INDEX "tenders_status_created_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "catalogue_items_user_created_idx" ON "catalogue_items" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "catalogue_items_created_idx" ON "catalogue_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tenders_user_created_idx" ON "tenders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tenders_status_created_idx" ON "tenders" USING btree ("status","created_at","id");