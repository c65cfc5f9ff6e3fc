-- Full-text and typo-tolerant search over the live feed (DESIGN.md sections 1 and 5).
-- Written by hand: drizzle-kit cannot express generated tsvector columns or operator classes.
-- Works on PostgreSQL 15 and 17; pg_trgm is a trusted extension (no superuser needed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "external_tenders" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce("buyer_name", '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce("location", '')), 'C') ||
  setweight(to_tsvector('english'::regconfig, left(coalesce("description", ''), 20000)), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "external_tenders_search_idx" ON "external_tenders" USING gin ("search");
--> statement-breakpoint
CREATE INDEX "external_tenders_title_trgm_idx" ON "external_tenders" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "external_tenders_location_trgm_idx" ON "external_tenders" USING gin ("location" gin_trgm_ops);
