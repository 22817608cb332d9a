DROP INDEX "topups_provider_txn_uq";--> statement-breakpoint
DROP INDEX "topups_provider_order_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "topups_site_provider_txn_uq" ON "topups" USING btree ("site_id","method","provider_txn_id") WHERE "topups"."provider_txn_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "topups_site_provider_order_uq" ON "topups" USING btree ("site_id","method","provider_order_id") WHERE "topups"."provider_order_id" is not null;