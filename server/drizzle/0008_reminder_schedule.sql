CREATE TABLE "reminder_sends" (
	"endpoint" text NOT NULL,
	"chain_id" integer NOT NULL,
	"sky_id" integer NOT NULL,
	"night" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "reminder_sends_endpoint_chain_id_sky_id_night_pk" PRIMARY KEY("endpoint","chain_id","sky_id","night")
);
--> statement-breakpoint
-- Reminders kept before the schedule knew no time zone; their browsers subscribe again when the player turns one on.
DELETE FROM "reminders";--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "tz_offset" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "hour" smallint DEFAULT 0 NOT NULL;