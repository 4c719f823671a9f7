CREATE TABLE "relay_spend" (
	"day" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"wei" numeric(78, 0) NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "relay_spend_day_scope_key_pk" PRIMARY KEY("day","scope","key")
);
