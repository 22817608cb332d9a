CREATE TABLE "stats_daily" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "stats_daily_site_id_day_metric_pk" PRIMARY KEY("site_id","day","metric")
);
