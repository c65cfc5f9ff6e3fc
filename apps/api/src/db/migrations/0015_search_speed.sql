-- Match candidates (issue 4): the newest catalogue items of a category become an index-only scan.
DROP INDEX "catalogue_items_category_created_idx";--> statement-breakpoint
CREATE INDEX "catalogue_items_category_created_idx" ON "catalogue_items" USING btree ("category","created_at","id");