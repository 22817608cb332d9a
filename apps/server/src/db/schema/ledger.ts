import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TRANSACTION_TYPES, type TLedgerI18n } from '@proxy/contract';
import { users } from './users.js';

/**
 * The ledger (docs/money.md#ledger): every balance change is one row here plus a conditional
 * balance update, in one database transaction. balance = sum(amount) per user.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    siteId: uuid('site_id').notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    content: text('content').notNull().default(''),
    /**
     * `content` as a translation key and parameters (docs/wire-contract.md#translation-keys:
     * contentI18n); null for free text.
     */
    contentI18n: jsonb('content_i18n').$type<TLedgerI18n>(),
    balanceBefore: bigint('balance_before', { mode: 'number' }).notNull(),
    /** The list price of what was bought (0 for credits); amount is the signed balance change. */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    index('transactions_site_created_idx').on(t.siteId, t.createdAt),
  ],
);
