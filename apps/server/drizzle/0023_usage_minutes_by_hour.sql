-- usage_minutes: one row per proxy and UTC hour with 60 per-minute slots, instead of a row per minute.
-- Hand-written (drizzle-kit's ALTERs cannot change bigint to bigint[]): the existing minute rows are
-- folded into hour rows, then the table is swapped.
CREATE TABLE "usage_minutes_by_hour" (
	"proxy_id" uuid NOT NULL,
	"hour" integer NOT NULL,
	"bytes_in" bigint[] NOT NULL,
	"bytes_out" bigint[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
INSERT INTO "usage_minutes_by_hour" ("proxy_id", "hour", "bytes_in", "bytes_out", "updated_at")
SELECT x.proxy_id, x.hour, array_agg(x.bi ORDER BY x.g), array_agg(x.bo ORDER BY x.g), max(x.u)
FROM (
	SELECT k.proxy_id, k.hour, g, coalesce(o.bytes_in, 0) AS bi, coalesce(o.bytes_out, 0) AS bo, o.updated_at AS u
	FROM (SELECT DISTINCT proxy_id, floor(extract(epoch FROM bucket) / 3600)::int AS hour FROM "usage_minutes") k
	CROSS JOIN generate_series(0, 59) g
	LEFT JOIN "usage_minutes" o ON o.proxy_id = k.proxy_id AND o.bucket = to_timestamp(k.hour::bigint * 3600 + g * 60)
) x
GROUP BY x.proxy_id, x.hour;--> statement-breakpoint
DROP TABLE "usage_minutes";--> statement-breakpoint
ALTER TABLE "usage_minutes_by_hour" RENAME TO "usage_minutes";--> statement-breakpoint
ALTER TABLE "usage_minutes" ADD CONSTRAINT "usage_minutes_proxy_id_hour_pk" PRIMARY KEY("proxy_id","hour");--> statement-breakpoint
CREATE INDEX "usage_minutes_hour_idx" ON "usage_minutes" USING btree ("hour");
