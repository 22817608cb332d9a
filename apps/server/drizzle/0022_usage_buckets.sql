CREATE TABLE "usage_days" (
	"proxy_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"bytes_in" bigint NOT NULL,
	"bytes_out" bigint NOT NULL,
	CONSTRAINT "usage_days_proxy_id_bucket_pk" PRIMARY KEY("proxy_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "usage_hours" (
	"proxy_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"bytes_in" bigint NOT NULL,
	"bytes_out" bigint NOT NULL,
	CONSTRAINT "usage_hours_proxy_id_bucket_pk" PRIMARY KEY("proxy_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "usage_minutes" (
	"proxy_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"bytes_in" bigint NOT NULL,
	"bytes_out" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_minutes_proxy_id_bucket_pk" PRIMARY KEY("proxy_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "usage_rollups" (
	"name" text PRIMARY KEY NOT NULL,
	"done_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_hours_bucket_idx" ON "usage_hours" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "usage_minutes_bucket_idx" ON "usage_minutes" USING btree ("bucket");