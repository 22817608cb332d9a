import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, TOPUP_STATUSES, type THeldReasonI18n, type TTopupI18n } from '@proxy/contract';
import { sites } from './sites.js';
import { users } from './users.js';

/**
 * Top-ups (docs/money.md#top-ups): pending → success | failed | cancelled | expired, credited once by
 * creditTopup. A bank transfer whose content names nobody is kept here with no user, held for an
 * admin. A payment that does not match its top-up (amount, currency, payee) is held, not credited.
 */
export const topups = pgTable(
  'topups',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    /** null: an unmatched bank transfer, waiting for an admin to assign it. */
    userId: uuid('user_id').references(() => users.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: TOPUP_STATUSES }).notNull().default('pending'),
    /** Coins to credit, without the promotion bonus. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The promotion bonus credited with it (its own `promotion` ledger row). */
    bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
    /** What the provider must report: minor units of `currency` (VND, cents, or USDT micro-units). */
    currency: text('currency', { enum: ['VND', 'USD', 'USDT'] }).notNull(),
    providerAmount: bigint('provider_amount', { mode: 'number' }).notNull(),
    /** Who must be paid (bank account, PayPal merchant, MoMo partner, PM account, TRON address). */
    payee: text('payee'),
    content: text('content').notNull().default(''),
    /** `content` as a translation key and parameters; null for free text (a bank transfer's content). */
    contentI18n: jsonb('content_i18n').$type<TTopupI18n>(),
    /** The provider's id of the order/session/checkout, known at creation. */
    providerOrderId: text('provider_order_id'),
    /** The provider's id of the payment itself (capture, transId, batch, tx hash, SePay id). */
    providerTxnId: text('provider_txn_id'),
    /** Why a payment waits for an admin instead of being credited; null when not held. */
    heldReason: text('held_reason'),
    /** `held_reason` as a translation key and parameters; read only while held_reason is set. */
    heldReasonI18n: jsonb('held_reason_i18n').$type<THeldReasonI18n>(),
    meta: jsonb('meta')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** The reconciler's claim: no instance checks this top-up with its provider again before then. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A provider's transaction id credits at most one top-up of a site: the core of "exactly once".
    // Per site, because each site is paid into its own account with its own credentials: an id
    // another site (whose admin sets its own webhook key) already used must not swallow this one.
    uniqueIndex('topups_site_provider_txn_uq')
      .on(t.siteId, t.method, t.providerTxnId)
      .where(sql`${t.providerTxnId} is not null`),
    uniqueIndex('topups_site_provider_order_uq')
      .on(t.siteId, t.method, t.providerOrderId)
      .where(sql`${t.providerOrderId} is not null`),
    // USDT is matched by its exact amount, so no two pending USDT top-ups to one address share one.
    uniqueIndex('topups_usdt_amount_uq')
      .on(t.payee, t.providerAmount)
      .where(sql`${t.method} = 'usdt' and ${t.status} = 'pending'`),
    index('topups_user_created_idx').on(t.userId, t.createdAt),
    index('topups_site_created_idx').on(t.siteId, t.createdAt),
    index('topups_pending_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'pending'`),
    // The "top-up credited" alert reads the latest credits (modules/notifications).
    index('topups_credited_idx')
      .on(t.creditedAt)
      .where(sql`${t.creditedAt} is not null`),
  ],
);
