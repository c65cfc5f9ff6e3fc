CREATE TABLE "tender_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"asker_id" uuid NOT NULL,
	"text" text NOT NULL,
	"answer" text,
	"published" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_response_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"response_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_pence" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"lead_time_days" integer,
	"validity_days" integer,
	"note" text DEFAULT '' NOT NULL,
	"requirement_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" text[] DEFAULT '{}' NOT NULL,
	"feedback" jsonb,
	"contract_id" uuid,
	"submitted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tender_responses_total_nonnegative" CHECK ("tender_responses"."total_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "response_mode" text DEFAULT 'sealed' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "question_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tender_questions" ADD CONSTRAINT "tender_questions_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_questions" ADD CONSTRAINT "tender_questions_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_response_versions" ADD CONSTRAINT "tender_response_versions_response_id_tender_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."tender_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_responses" ADD CONSTRAINT "tender_responses_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_responses" ADD CONSTRAINT "tender_responses_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_responses" ADD CONSTRAINT "tender_responses_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tender_questions_tender_idx" ON "tender_questions" USING btree ("tender_id","created_at");--> statement-breakpoint
CREATE INDEX "tender_questions_asker_idx" ON "tender_questions" USING btree ("asker_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_response_versions_key" ON "tender_response_versions" USING btree ("response_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_responses_live_key" ON "tender_responses" USING btree ("tender_id","supplier_id") WHERE "tender_responses"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "tender_responses_tender_idx" ON "tender_responses" USING btree ("tender_id","status");--> statement-breakpoint
CREATE INDEX "tender_responses_supplier_idx" ON "tender_responses" USING btree ("supplier_id","updated_at");