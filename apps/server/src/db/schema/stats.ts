import { bigint, date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The admin's daily figures of closed days (before today) in the site's time zone, computed once on first demand and
 * kept: ledger, top-up, user and order rows are stamped with the time they happen, so a past day
 * does not change. `metric` is revenue, renewals, newUsers, orders, proxiesSold, topup:<method>,
 * or _done (the day is computed, even when every figure is 0).
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    siteId: uuid('site_id').notNull(),
    /** The time zone the day was counted in: a site that changes its zone gets its days counted again. */
    timeZone: text('time_zone').notNull().default('UTC'),
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.timeZone, t.day, t.metric] })],
);
