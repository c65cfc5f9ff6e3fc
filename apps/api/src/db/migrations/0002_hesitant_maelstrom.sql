CREATE TABLE "external_tender_favourites" (
	"user_id" uuid NOT NULL,
	"tender_id" uuid NOT NULL,
	"reminder_sent_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_tender_favourites_user_id_tender_id_pk" PRIMARY KEY("user_id","tender_id")
);
--> statement-breakpoint
CREATE TABLE "external_tender_releases" (
	"ocid" text NOT NULL,
	"release_id" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"tags" text[] NOT NULL,
	"publisher" text,
	"content_hash" text NOT NULL,
	"raw" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_tender_releases_ocid_release_id_pk" PRIMARY KEY("ocid","release_id")
);
--> statement-breakpoint
CREATE TABLE "external_tender_saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"email_alerts" boolean DEFAULT true NOT NULL,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_tenders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ocid" text NOT NULL,
	"release_id" text NOT NULL,
	"origin" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"tender_status" text,
	"amount_minor" bigint,
	"currency" text,
	"location" text,
	"tender_id" text,
	"tender_start_date" timestamp with time zone,
	"tender_end_date" timestamp with time zone,
	"award_start_date" timestamp with time zone,
	"award_end_date" timestamp with time zone,
	"date" timestamp with time zone NOT NULL,
	"procurement_method" text,
	"procurement_method_details" text,
	"source_url" text,
	"buyer_name" text,
	"cpv_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"notice_type" text,
	"publisher" text,
	"content_hash" text NOT NULL,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_sync_state" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor_url" text,
	"last_from" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"paused_until" timestamp with time zone,
	"pages_fetched" integer DEFAULT 0 NOT NULL,
	"releases_imported" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_tender_favourites" ADD CONSTRAINT "external_tender_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_tender_favourites" ADD CONSTRAINT "external_tender_favourites_tender_id_external_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."external_tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_tender_saved_searches" ADD CONSTRAINT "external_tender_saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_tender_favourites_tender_idx" ON "external_tender_favourites" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "external_tender_saved_searches_user_idx" ON "external_tender_saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_tenders_ocid_key" ON "external_tenders" USING btree ("ocid");--> statement-breakpoint
CREATE INDEX "external_tenders_date_idx" ON "external_tenders" USING btree ("date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "external_tenders_end_date_idx" ON "external_tenders" USING btree ("tender_end_date");--> statement-breakpoint
CREATE INDEX "external_tenders_cpv_idx" ON "external_tenders" USING gin ("cpv_codes");--> statement-breakpoint
CREATE INDEX "external_tenders_created_idx" ON "external_tenders" USING btree ("created_at");