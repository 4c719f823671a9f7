CREATE TABLE "reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"sky_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_endpoint_sky_idx" ON "reminders" USING btree ("endpoint","chain_id","sky_id");--> statement-breakpoint
CREATE INDEX "reminders_sky_idx" ON "reminders" USING btree ("chain_id","sky_id");--> statement-breakpoint
CREATE INDEX "reminders_address_idx" ON "reminders" USING btree ("address");