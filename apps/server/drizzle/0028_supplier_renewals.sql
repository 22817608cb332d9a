CREATE TABLE "supplier_renewals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"groups" jsonb NOT NULL,
	"last_error" text,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_replacements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"upstream_row_id" uuid NOT NULL,
	"proxy_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supplier_replacements_upstream_row_id_unique" UNIQUE("upstream_row_id")
);
--> statement-breakpoint
ALTER TABLE "supplier_events" ADD COLUMN "alert" text;--> statement-breakpoint
ALTER TABLE "supplier_events" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upstream_proxies" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "supplier_renewals_open_idx" ON "supplier_renewals" USING btree ("lease_until") WHERE "supplier_renewals"."status" in ('pending', 'prolonged');--> statement-breakpoint
CREATE INDEX "supplier_events_alert_idx" ON "supplier_events" USING btree ("id") WHERE "supplier_events"."alert" is not null and "supplier_events"."alerted_at" is null;