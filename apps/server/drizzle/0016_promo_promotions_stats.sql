CREATE TABLE "promotion_grants" (
	"topup_id" uuid PRIMARY KEY NOT NULL,
	"promotion_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"min_amount" bigint NOT NULL,
	"percent" integer NOT NULL,
	"bonus" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "stats_daily_site_id_day_metric_pk" PRIMARY KEY("site_id","day","metric")
);
--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_topup_id_topups_id_fk" FOREIGN KEY ("topup_id") REFERENCES "public"."topups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_grants_promotion_idx" ON "promotion_grants" USING btree ("promotion_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_grants_site_created_idx" ON "promotion_grants" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_one_active_uq" ON "promotions" USING btree ("site_id") WHERE "promotions"."active";--> statement-breakpoint
CREATE INDEX "promotions_site_created_idx" ON "promotions" USING btree ("site_id","created_at");