CREATE TABLE "bid_assist_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"tender_id" uuid,
	"external_tender_id" uuid,
	"tender_title" text NOT NULL,
	"message" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reply" text,
	"reply_attachment_key" text,
	"bid_pack" jsonb NOT NULL,
	"handled_by" uuid,
	"review_started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_assist_requests_one_target" CHECK (not ("bid_assist_requests"."tender_id" is not null and "bid_assist_requests"."external_tender_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "bid_assist_requests" ADD CONSTRAINT "bid_assist_requests_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_assist_requests" ADD CONSTRAINT "bid_assist_requests_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_assist_requests" ADD CONSTRAINT "bid_assist_requests_external_tender_id_external_tenders_id_fk" FOREIGN KEY ("external_tender_id") REFERENCES "public"."external_tenders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_assist_requests" ADD CONSTRAINT "bid_assist_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_assist_requests_supplier_idx" ON "bid_assist_requests" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "bid_assist_requests_status_idx" ON "bid_assist_requests" USING btree ("status","created_at");