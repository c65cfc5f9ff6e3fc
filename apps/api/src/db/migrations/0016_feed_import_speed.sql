-- Feed import speed (DESIGN.md section 8, issue 5). The raw release is kept as published in a json
-- column (the text, validated) instead of jsonb (parsed into a tree on every import, and nothing
-- queries inside it), stored out of line without compression (pglz cost as much as the rest of
-- writing a release; the price is about 1.5x the disk for this history table).
-- The storage statement is written by hand: drizzle-kit cannot express column storage.
ALTER TABLE "external_tender_releases" ALTER COLUMN "raw" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "external_tender_releases" ALTER COLUMN "raw" SET STORAGE EXTERNAL;
