import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './sites.js';
import { topups } from './payments.js';

/**
 * Deposit-bonus promotions (docs/money.md#promotions). `active` is the admin's switch: at most one
 * per site (the partial unique index, so two concurrent creates cannot both win). A promotion gives
 * its bonus while it is active and `starts_at <= now < ends_at`.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    tiers: jsonb('tiers').$type<{ minAmount: number; percent: number }[]>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('promotions_one_active_uq')
      .on(t.siteId)
      .where(sql`${t.active}`),
    index('promotions_site_created_idx').on(t.siteId, t.createdAt),
  ],
);

/**
 * One row per top-up that got a bonus: which promotion and tier, written in the credit's
 * transaction beside its `promotion` ledger row. The primary key makes a second bonus impossible.
 */
export const promotionGrants = pgTable(
  'promotion_grants',
  {
    topupId: uuid('topup_id')
      .primaryKey()
      .references(() => topups.id),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    siteId: uuid('site_id').notNull(),
    userId: uuid('user_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    percent: integer('percent').notNull(),
    bonus: bigint('bonus', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('promotion_grants_promotion_idx').on(t.promotionId, t.createdAt),
    index('promotion_grants_site_created_idx').on(t.siteId, t.createdAt),
  ],
);
