CREATE TABLE "catalogue_item_views" (
	"catalogue_item_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"viewed_on" date DEFAULT ((now() at time zone 'UTC')::date) NOT NULL,
	"first_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_item_views_pkey" PRIMARY KEY("catalogue_item_id","viewed_on","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "catalogue_item_views" ADD CONSTRAINT "catalogue_item_views_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_item_views" ADD CONSTRAINT "catalogue_item_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");