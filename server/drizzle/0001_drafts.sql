CREATE TABLE "drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"name" text NOT NULL,
	"chain_id" integer NOT NULL,
	"sky_id" text,
	"layers" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drafts_name_length" CHECK (char_length("drafts"."name") between 1 and 80),
	CONSTRAINT "drafts_three_layers" CHECK (jsonb_array_length("drafts"."layers") = 3)
);
--> statement-breakpoint
CREATE INDEX "drafts_owner_updated_at_idx" ON "drafts" USING btree ("owner","updated_at" DESC NULLS LAST);