CREATE TABLE "calendar_feeds" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_account_idx" ON "calendar_feeds" USING btree ("address","chain_id");