import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';
import { users } from './users.js';

/**
 * A customer's developer-API key (docs/wire-contract.md#developer-api): one per user. Only the
 * SHA-256 of the key is kept; `hint` (its first and last characters) is what screens show.
 * `allowedIps` are the 1–3 IPv4 addresses the key is honoured from (empty: from nowhere).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    keyHash: text('key_hash').unique(),
    hint: text('hint'),
    allowedIps: jsonb('allowed_ips').$type<string[]>().notNull().default([]),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_site_idx').on(t.siteId)],
);
