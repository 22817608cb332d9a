ALTER TABLE "orders" ADD COLUMN "idempotency_request" text;--> statement-breakpoint
CREATE INDEX "proxies_auto_rotation_idx" ON "proxies" USING btree ("ip_changed_at") WHERE "proxies"."ip_change_mode" = 'auto';--> statement-breakpoint
CREATE INDEX "proxies_rotation_claimed_idx" ON "proxies" USING btree ("updated_at") WHERE "proxies"."ip_change_status" = 'processing';