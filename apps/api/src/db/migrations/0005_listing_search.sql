-- Weighted full-text search over tenders and catalogue items (DESIGN.md section 5):
-- title A, category B, description and specifications C. Written by hand: drizzle-kit cannot
-- express generated tsvector columns. The search issue builds ranking on these columns.
-- Works on PostgreSQL 15 and 17 (to_tsvector with an explicit regconfig is immutable).
ALTER TABLE "tenders" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, replace(coalesce("category", ''), '-', ' ')), 'B') ||
  setweight(to_tsvector('english'::regconfig, left(coalesce("description", '') || ' ' || coalesce("specifications", ''), 50000)), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "tenders_search_idx" ON "tenders" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, replace(coalesce("category", ''), '-', ' ')), 'B') ||
  setweight(to_tsvector('english'::regconfig, left(coalesce("description", '') || ' ' || coalesce("specifications", ''), 50000)), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "catalogue_items_search_idx" ON "catalogue_items" USING gin ("search_vector");
--> statement-breakpoint
-- Suppliers browse active tenders closing soonest; buyers page their own by newest.
CREATE INDEX "tenders_active_deadline_idx" ON "tenders" ("deadline") WHERE "status" = 'active';
