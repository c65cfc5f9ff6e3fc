ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || company_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_search_text" text GENERATED ALWAYS AS (lower(company_name)) STORED NOT NULL;--> statement-breakpoint
-- GET /api/users/search (written by hand: drizzle-kit cannot express trigram indexes). A search
-- asks for one role's approved, live accounts, so each role has its own index over only those:
-- the index that covered every account handed the search the other role's matches as well, each
-- then read and thrown away (2,000 rows for 1,000 found, docs/performance.md).
DROP INDEX IF EXISTS "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_buyers_idx" ON "users" USING gin ("search_text" gin_trgm_ops)
  WHERE "role" = 'buyer' AND "approved" AND "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_search_suppliers_idx" ON "users" USING gin ("search_text" gin_trgm_ops)
  WHERE "role" = 'supplier' AND "approved" AND "deleted_at" IS NULL;
