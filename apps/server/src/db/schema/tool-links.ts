import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { proxies, rotatingKeys } from './orders.js';

/**
 * A proxy's (or a rotating key's) change-IP and current-proxy URLs (docs/tool-links.md). The URL's
 * token is an HMAC of `nonce` under a key derived from APP_SECRET, so the panel can show the same
 * URL again; the table holds only the nonce and the token's SHA-256, looked up through its index.
 * Revoking deletes the row.
 */
export const proxyLinks = pgTable(
  'proxy_links',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    siteId: uuid('site_id').notNull(),
    proxyId: uuid('proxy_id').references(() => proxies.id, { onDelete: 'cascade' }),
    keyId: uuid('key_id').references(() => rotatingKeys.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('proxy_links_token_hash_idx').on(t.tokenHash),
    uniqueIndex('proxy_links_proxy_idx')
      .on(t.proxyId)
      .where(sql`${t.proxyId} is not null`),
    uniqueIndex('proxy_links_key_idx')
      .on(t.keyId)
      .where(sql`${t.keyId} is not null`),
  ],
);

/** A list subscription URL: the owner's proxies matching a filter, in a format (docs/tool-links.md). */
export const proxyListLinks = pgTable(
  'proxy_list_links',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    filter: jsonb('filter')
      .$type<{
        type?: 'v6' | 'v4' | 'bought';
        country?: string;
        tagId?: string;
        status?: 'using' | 'expired' | 'locked';
      }>()
      .notNull(),
    format: text('format', { enum: ['txt', 'csv', 'json'] }).notNull(),
    template: text('template'),
    tokenHash: text('token_hash').notNull(),
    fetches: integer('fetches').notNull().default(0),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    lastFetchIp: text('last_fetch_ip'),
    lastUserAgent: text('last_user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('proxy_list_links_token_hash_idx').on(t.tokenHash),
    index('proxy_list_links_user_idx').on(t.userId, t.createdAt),
  ],
);
