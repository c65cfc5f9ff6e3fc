CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"specifications" text,
	"category" text NOT NULL,
	"subcategories" text[] DEFAULT '{}' NOT NULL,
	"value_pence" bigint,
	"quantity" integer,
	"budget_pence" bigint,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"lead_time_days" integer,
	"region" text,
	"availability" text DEFAULT 'available' NOT NULL,
	"payment_terms" text,
	"insurance" text,
	"supplier_type" text,
	"warranty_requirement" boolean,
	"rebate" boolean,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supporting_document_ids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"certifications" text[] DEFAULT '{}' NOT NULL,
	"delivery_locations" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"upload_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text,
	"size_bytes" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"entity_type" text,
	"entity_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"specifications" text,
	"category" text NOT NULL,
	"subcategories" text[] DEFAULT '{}' NOT NULL,
	"value_pence" bigint,
	"quantity" integer,
	"budget_pence" bigint,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"lead_time_days" integer,
	"region" text,
	"availability" text DEFAULT 'available' NOT NULL,
	"payment_terms" text,
	"insurance" text,
	"supplier_type" text,
	"warranty_requirement" boolean,
	"rebate" boolean,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supporting_document_ids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"deadline" timestamp with time zone,
	"required_certifications" text[] DEFAULT '{}' NOT NULL,
	"quality_standards" text[] DEFAULT '{}' NOT NULL,
	"awarded_supplier_id" uuid,
	"published_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_awarded_supplier_id_users_id_fk" FOREIGN KEY ("awarded_supplier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_tender_idx" ON "audit_events" USING btree ("tender_id","created_at");--> statement-breakpoint
CREATE INDEX "catalogue_items_user_created_idx" ON "catalogue_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "catalogue_items_created_idx" ON "catalogue_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "catalogue_items_category_created_idx" ON "catalogue_items" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "catalogue_items_region_created_idx" ON "catalogue_items" USING btree ("region","created_at");--> statement-breakpoint
CREATE INDEX "catalogue_items_availability_idx" ON "catalogue_items" USING btree ("availability","created_at");--> statement-breakpoint
CREATE INDEX "catalogue_items_value_idx" ON "catalogue_items" USING btree ("value_pence");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "files_entity_idx" ON "files" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "tenders_user_created_idx" ON "tenders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tenders_status_created_idx" ON "tenders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tenders_status_deadline_idx" ON "tenders" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "tenders_status_budget_idx" ON "tenders" USING btree ("status","budget_pence");--> statement-breakpoint
CREATE INDEX "tenders_category_status_idx" ON "tenders" USING btree ("category","status","created_at");--> statement-breakpoint
CREATE INDEX "tenders_region_status_idx" ON "tenders" USING btree ("region","status","created_at");--> statement-breakpoint
CREATE INDEX "tenders_awarded_status_idx" ON "tenders" USING btree ("awarded_supplier_id","status");