import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sites } from './sites.js';
import { users } from './users.js';

/**
 * The customer's own trail (modules/audit, docs/guide.md#activity-audit-trail): one row per change to a proxy, key
 * or order, per login, and per API key, IP and hour of use. Written in the transaction of the
 * change it records. `detail` never holds a secret ("password changed", never the password).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Whose trail the row belongs to (the customer, also when an admin or a job acted). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor: text('actor', { enum: ['user', 'api-key', 'admin', 'system'] }).notNull(),
    /** The admin who acted (actor admin), or the user themself; null for jobs. */
    actorUserId: uuid('actor_user_id'),
    /** The developer key's hint (pk_AbCd…WxYz) when the actor is api-key; the key itself is never kept. */
    apiKeyHint: text('api_key_hint'),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: ['proxy', 'key', 'order', 'account', 'api-key'] }),
    targetId: uuid('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    /** Set on aggregated rows (API-key use: one row per key, client IP and hour); unique per user. */
    bucket: text('bucket'),
  },
  (t) => [
    index('audit_events_user_at_idx').on(t.userId, t.at),
    index('audit_events_user_target_at_idx').on(t.userId, t.targetId, t.at),
    index('audit_events_at_idx').on(t.at),
    uniqueIndex('audit_events_bucket_uq')
      .on(t.userId, t.bucket)
      .where(sql`${t.bucket} is not null`),
  ],
);
