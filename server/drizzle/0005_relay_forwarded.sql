CREATE TABLE "relay_welcomes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relay_welcomes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"player" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relay_transactions" ADD COLUMN "forwarder" text;--> statement-breakpoint
CREATE INDEX "relay_welcomes_at_idx" ON "relay_welcomes" USING btree ("chain_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "relay_transactions_forwarded_idx" ON "relay_transactions" USING btree ("chain_id","forwarder","player","request_nonce") WHERE "relay_transactions"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "relay_transactions_player_idx" ON "relay_transactions" USING btree ("chain_id","player");