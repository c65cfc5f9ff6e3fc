-- Typo-tolerant search and match candidates (DESIGN.md section 5): trigram indexes on the titles
-- of tenders and catalogue items (pg_trgm is created by 0003_external_tenders_search), so a
-- misspelt query still finds "plasterboard", and match candidates can come from similar titles.
-- Written by hand: drizzle-kit cannot express operator classes. PostgreSQL 15 and 17.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenders_title_trgm_idx" ON "tenders" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalogue_items_title_trgm_idx" ON "catalogue_items" USING gin ("title" gin_trgm_ops);
