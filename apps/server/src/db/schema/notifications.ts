import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';
import { users } from './users.js';

/**
 * A customer's alert choices (modules/notifications): the channels, the lead days before an
 * expiry, the low-balance threshold and the events wanted. No row means the defaults (email on,
 * 7/3/1 days, no threshold, every event but ip.changed).
 */
export const notifySettings = pgTable('notify_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  telegramChatId: text('telegram_chat_id'),
  webhookUrl: text('webhook_url'),
  /** whsec_… sealed with APP_SECRET; the previous one signs too until 24 h after `secret_rotated_at`. */
  webhookSecret: text('webhook_secret'),
  previousSecret: text('previous_secret'),
  secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
  leadDays: jsonb('lead_days').$type<number[]>().notNull(),
  lowBalance: bigint('low_balance', { mode: 'number' }),
  /** Set when a low-balance alert went out; cleared when the balance is back at the threshold. */
  lowAlertedAt: timestamp('low_alerted_at', { withTimezone: true }),
  /** Bumped on every low-balance alert, so each crossing has its own dedupe key. */
  lowAlerts: integer('low_alerts').notNull().default(0),
  events: jsonb('events').$type<string[]>().notNull(),
  language: text('language', { enum: ['vi', 'en'] })
    .notNull()
    .default('vi'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One-time codes a customer sends to the site's Telegram bot as `/start <code>`; only the hash is kept. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('telegram_link_codes_user_idx').on(t.userId)],
);

/** Where each site's bot poller is in its `getUpdates` stream. */
export const telegramOffsets = pgTable('telegram_offsets', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  offset: bigint('offset', { mode: 'number' }).notNull(),
});

/**
 * The alerts already raised, by event key (`expiring:<user>:<day>:<lead>` …), written in the
 * transaction that queues them: the sweep skips these in one query, and a second raise of the same
 * event (another instance, a rerun) writes nothing, whatever the customer's channels.
 */
export const notifyFired = pgTable(
  'notify_fired',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notify_fired_at_idx').on(t.at)],
);
