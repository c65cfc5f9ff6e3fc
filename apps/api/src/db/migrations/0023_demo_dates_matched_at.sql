ALTER TABLE "external_tenders" ADD COLUMN "demo_shift_days" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "matched_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Pairs stored before this column existed: the last time they were scored is the best known date.
UPDATE "matches" SET "matched_at" = "computed_at";
