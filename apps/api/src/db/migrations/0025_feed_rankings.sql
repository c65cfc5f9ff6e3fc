CREATE TABLE "feed_rankings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"pairs" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_rankings" ADD CONSTRAINT "feed_rankings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;