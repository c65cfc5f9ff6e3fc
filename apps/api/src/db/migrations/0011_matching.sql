CREATE TABLE "catalogue_item_vectors" (
	"catalogue_item_id" uuid PRIMARY KEY NOT NULL,
	"vector" "bytea",
	"matched_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_tender_vectors" (
	"external_tender_id" uuid PRIMARY KEY NOT NULL,
	"vector" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"tender_id" uuid NOT NULL,
	"catalogue_item_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "matches_tender_id_catalogue_item_id_pk" PRIMARY KEY("tender_id","catalogue_item_id")
);
--> statement-breakpoint
CREATE TABLE "tender_vectors" (
	"tender_id" uuid PRIMARY KEY NOT NULL,
	"vector" "bytea",
	"matched_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_item_vectors" ADD CONSTRAINT "catalogue_item_vectors_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_tender_vectors" ADD CONSTRAINT "external_tender_vectors_external_tender_id_external_tenders_id_fk" FOREIGN KEY ("external_tender_id") REFERENCES "public"."external_tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_vectors" ADD CONSTRAINT "tender_vectors_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_tender_score_idx" ON "matches" USING btree ("tender_id","score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_item_score_idx" ON "matches" USING btree ("catalogue_item_id","score" DESC NULLS LAST);