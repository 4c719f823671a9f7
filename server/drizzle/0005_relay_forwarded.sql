ALTER TABLE "relay_transactions" ADD COLUMN "forwarder" text;--> statement-breakpoint
CREATE UNIQUE INDEX "relay_transactions_forwarded_idx" ON "relay_transactions" USING btree ("chain_id","forwarder","player","request_nonce") WHERE "relay_transactions"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "relay_transactions_player_idx" ON "relay_transactions" USING btree ("chain_id","player");