import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Proxy bandwidth by time bucket (docs/gateway-protocol.md#usage-history). Node reports add to the
 * current UTC minute's row of each proxy, in the transaction that records the report id, so a
 * report counts once. A job rolls closed hours of minutes into hours and closed days of hours into
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

export const usageMinutes = pgTable(
  'usage_minutes',
  {
    ...bucketColumns,
    /** The last report that added to the row (the live stream's `at`). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.proxyId, t.bucket] }), index('usage_minutes_bucket_idx').on(t.bucket)],
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
