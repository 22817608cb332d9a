CREATE TABLE "topups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"user_id" uuid,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"provider_amount" bigint NOT NULL,
	"payee" text,
	"content" text DEFAULT '' NOT NULL,
	"provider_order_id" text,
	"provider_txn_id" text,
	"held_reason" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "code_bill" text;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "topups_provider_txn_uq" ON "topups" USING btree ("method","provider_txn_id") WHERE "topups"."provider_txn_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "topups_provider_order_uq" ON "topups" USING btree ("method","provider_order_id") WHERE "topups"."provider_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "topups_usdt_amount_uq" ON "topups" USING btree ("payee","provider_amount") WHERE "topups"."method" = 'usdt' and "topups"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "topups_user_created_idx" ON "topups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "topups_site_created_idx" ON "topups" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "topups_pending_idx" ON "topups" USING btree ("next_check_at") WHERE "topups"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_code_bill_unique" UNIQUE("code_bill");