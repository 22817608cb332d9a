import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who runs a periodic sweep now: one row per job, claimed with a conditional update and renewed
 * while the sweep runs. A holder that dies simply stops renewing, and after `expires_at` another
 * instance takes the sweep over (jobs/lease.ts). A row rather than a session advisory lock: on
 * PGlite (one connection) advisory locks are re-entrant and exclude nothing, and on PostgreSQL a
 * lock would pin a pooled connection for the whole sweep and vanish silently with it.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Messages to the outside world (mails), written in the transaction of the change they report and
 * delivered after commit (modules/outbox). `next_attempt_at` doubles as the claim: a deliverer
 * moves it forward before sending, so no other instance takes the row meanwhile.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Alerts: one row per event, lead day and channel (modules/notifications); a repeat insert is dropped. */
    dedupeKey: text('dedupe_key').unique(),
    /** The customer an alert or webhook is for (their delivery log); null for plain mails. */
    userId: uuid('user_id'),
    /** Attempts before the row is given up (mails 10; webhooks enough for 24 h of backoff). */
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** The HTTP status of the last attempt (webhooks, Telegram), null when none was received. */
    lastStatus: integer('last_status'),
  },
  (t) => [
    index('outbox_user_created_idx').on(t.userId, t.createdAt),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null`),
  ],
);
