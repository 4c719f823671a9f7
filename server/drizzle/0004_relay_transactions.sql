CREATE TABLE "relay_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relay_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"relayer" text NOT NULL,
	"nonce" integer NOT NULL,
	"player" text NOT NULL,
	"request_nonce" numeric(78, 0) NOT NULL,
	"signature" text NOT NULL,
	"call" text NOT NULL,
	"raw" text NOT NULL,
	"hash" text NOT NULL,
	"hashes" jsonb NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"gas_limit" numeric(78, 0) NOT NULL,
	"reservation" jsonb NOT NULL,
	"reserved_wei" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"cost_wei" numeric(78, 0),
	"created_at" timestamp with time zone NOT NULL,
	"broadcast_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "relay_transactions_request_idx" ON "relay_transactions" USING btree ("chain_id","signature") WHERE "relay_transactions"."status" in ('sent', 'mined');--> statement-breakpoint
CREATE UNIQUE INDEX "relay_transactions_unsettled_idx" ON "relay_transactions" USING btree ("chain_id","relayer","nonce") WHERE "relay_transactions"."status" = 'sent';