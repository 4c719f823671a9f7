-- Unlogged: rate-limit counts are written at nearly every request and are worth no WAL flush (src/db/schema.ts).
CREATE UNLOGGED TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
