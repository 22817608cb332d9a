import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Proxy bandwidth by time bucket (docs/gateway-protocol.md#usage-history). Node reports add to the
 * current UTC minute's slot of each proxy's row of the hour (usage_minutes), in the transaction
 * that records the report id, so a report counts once. A job rolls closed hours of minutes into hours and closed days of hours into
 * days (overwriting, so a second run changes nothing), then drops minutes after ~26 hours and
 * hours after ~32 days. Days are kept. No foreign key to proxies: usage outlives a deleted proxy
 * and a report never waits on the proxies' row locks here.
 */

const bucketColumns = {
  proxyId: uuid('proxy_id').notNull(),
  /** The bucket's start (a whole UTC minute, hour or day). */
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  /** Client → destination. */
  bytesIn: bigint('bytes_in', { mode: 'number' }).notNull(),
  /** Destination → client. */
  bytesOut: bigint('bytes_out', { mode: 'number' }).notNull(),
};

/**
 * Minutes, compactly: one row per proxy and UTC hour holding its 60 minutes' bytes in two arrays
 * (slot m = minute m-1 of the hour, zero where nothing was counted), instead of a row per minute
 * (100,000 proxies × 24 h of minutes was a gigabyte: per-row overhead and indexes, not bytes).
 */
export const usageMinutes = pgTable(
  'usage_minutes',
  {
    proxyId: uuid('proxy_id').notNull(),
    /** Whole UTC hours since the epoch (ms / 3,600,000). */
    hour: integer('hour').notNull(),
    /** Client → destination, per minute of the hour (60 slots). */
    bytesIn: bigint('bytes_in', { mode: 'number' }).array().notNull(),
    /** Destination → client, per minute of the hour (60 slots). */
    bytesOut: bigint('bytes_out', { mode: 'number' }).array().notNull(),
    /** The last report that added to the row (the live stream's `at`). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.proxyId, t.hour] }), index('usage_minutes_hour_idx').on(t.hour)],
);

export const usageHours = pgTable('usage_hours', bucketColumns, (t) => [
  primaryKey({ columns: [t.proxyId, t.bucket] }),
  index('usage_hours_bucket_idx').on(t.bucket),
]);

export const usageDays = pgTable('usage_days', bucketColumns, (t) => [primaryKey({ columns: [t.proxyId, t.bucket] })]);

/**
 * How far each rollup is final: `hours` = every hour before `done_until` is in usage_hours,
 * `days` = every day before it is in usage_days.
 */
export const usageRollups = pgTable('usage_rollups', {
  name: text('name').primaryKey(),
  doneUntil: timestamp('done_until', { withTimezone: true }).notNull(),
});
