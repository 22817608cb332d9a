ALTER TABLE "sites" ADD COLUMN "time_zone" text DEFAULT 'Asia/Ho_Chi_Minh' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "name_eng" text;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" DROP CONSTRAINT "stats_daily_site_id_day_metric_pk";--> statement-breakpoint
ALTER TABLE "stats_daily" ADD CONSTRAINT "stats_daily_site_id_time_zone_day_metric_pk" PRIMARY KEY("site_id","time_zone","day","metric");
