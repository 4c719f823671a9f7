ALTER TABLE "relay_transactions" ADD COLUMN "forwarder" text;--> statement-breakpoint
ALTER TABLE "relay_transactions" ADD COLUMN "new_player" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "relay_transactions_forwarded_idx" ON "relay_transactions" USING btree ("chain_id","forwarder","player","request_nonce") WHERE "relay_transactions"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "relay_transactions_player_idx" ON "relay_transactions" USING btree ("chain_id","player");--> statement-breakpoint
CREATE INDEX "relay_transactions_new_player_idx" ON "relay_transactions" USING btree ("chain_id","created_at") WHERE "relay_transactions"."new_player";