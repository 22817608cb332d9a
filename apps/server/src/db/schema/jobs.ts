import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who runs a periodic sweep now: one row per job, claimed with a conditional update and renewed
 * while the sweep runs. A holder that dies simply stops renewing, and after `expires_at` another
 * instance takes the sweep over (jobs/lease.ts).
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
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null`),
  ],
);
