import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AGENCY_STATUSES } from '@proxy/contract';
import { sites } from './sites.js';
import { users } from './users.js';

/**
 * Agencies (docs/product-rules.md#agency): one per owner, its code unique per site. A customer
 * creates one `pending`; a site admin activates, disables, edits or deletes it.
 */
export const agencies = pgTable(
  'agencies',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    code: text('code').notNull(),
    status: text('status', { enum: AGENCY_STATUSES }).notNull().default('pending'),
    commissionPercent: integer('commission_percent').notNull().default(0),
    /** When an admin first approved it. */
    startAt: timestamp('start_at', { withTimezone: true }),
    /** After this no commission is earned; null: open-ended. */
    endAt: timestamp('end_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('agencies_owner_uq').on(t.ownerId),
    uniqueIndex('agencies_site_code_uq').on(t.siteId, t.code),
    index('agencies_site_created_idx').on(t.siteId, t.createdAt),
    check('agencies_commission_range', sql`${t.commissionPercent} between 0 and 50`),
  ],
);

/** Who belongs to which agency: a customer joins one at registration, by its code. */
export const agencyMembers = pgTable(
  'agency_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('agency_members_agency_joined_idx').on(t.agencyId, t.joinedAt)],
);

/**
 * Every credited top-up of a member, once (the top-up id is the key): the deposit, and the
 * commission paid to the owner for it (0 when none was due). Kept when the agency is deleted.
 */
export const agencyDeposits = pgTable(
  'agency_deposits',
  {
    topupId: uuid('topup_id').primaryKey(),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    siteId: uuid('site_id').notNull(),
    memberId: uuid('member_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    percent: integer('percent').notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('agency_deposits_agency_created_idx').on(t.agencyId, t.createdAt),
    index('agency_deposits_member_idx').on(t.memberId, t.agencyId),
  ],
);

/** An owner's transfers to members; the Idempotency-Key is unique per owner. */
export const agencyTransfers = pgTable(
  'agency_transfers',
  {
    id: uuid('id').primaryKey(),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id').notNull(),
    memberId: uuid('member_id').notNull(),
    memberEmail: text('member_email').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('agency_transfers_owner_key_uq')
      .on(t.ownerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('agency_transfers_agency_idx').on(t.agencyId),
  ],
);
