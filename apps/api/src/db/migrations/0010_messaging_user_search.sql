-- GET /api/users/search?q: substring match on a person's name and company (messaging).
-- A trigram GIN index serves `ilike '%q%'`; pg_trgm is created by 0003 (trusted, PostgreSQL 15 and 17).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin (
  (lower("first_name" || ' ' || "last_name" || ' ' || "company_name")) gin_trgm_ops
);
