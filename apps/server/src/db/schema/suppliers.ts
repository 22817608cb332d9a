import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Upstream suppliers a site resells (modules/suppliers): their accounts, the upstream proxies they
 * delivered, the routes that pick them, the purchase intents that buy from them after the
 * customer paid, and what each resold proxy cost and brought.
 */

/** One supplier account of a site. The API key is sealed with APP_SECRET and never answered. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    kind: text('kind', { enum: ['proxy6', 'webshare', 'list'] }).notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url'),
    apiKeySealed: text('api_key_sealed'),
    status: text('status', { enum: ['ok', 'error', 'disabled'] })
      .notNull()
      .default('ok'),
    balance: doublePrecision('balance'),
    currency: text('currency'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    safetyMarginHours: integer('safety_margin_hours').notNull().default(24),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('suppliers_site_idx').on(t.siteId, t.createdAt)],
);

/** What a supplier can sell per product and country, as its last sync saw it (proxy6's getcount). */
export const supplierStock = pgTable(
  'supplier_stock',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    product: text('product', { enum: ['v4', 'v6'] }).notNull(),
    country: text('country').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.product, t.country] })],
);

/**
 * One upstream proxy: bought from proxy6 for one customer proxy, or a pool member (webshare,
 * list) that serves one customer proxy at a time. Credentials are sealed; `lineKey` (a hash of
 * host, port and user name) tells a pasted duplicate without opening them.
 */
export const upstreamProxies = pgTable(
  'upstream_proxies',
  {
    id: uuid('id').primaryKey(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    /** The supplier's own id of the proxy (proxy6, webshare); null for a pasted line. */
    upstreamId: text('upstream_id'),
    lineKey: text('line_key').notNull(),
    product: text('product', { enum: ['v4', 'v6'] }).notNull(),
    country: text('country').notNull(),
    protocol: text('protocol', { enum: ['http', 'socks5'] }).notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** The address the upstream exits from, shown to the customer as the proxy's IP. */
    exitIp: text('exit_ip').notNull(),
    usernameSealed: text('username_sealed'),
    passwordSealed: text('password_sealed'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Coins this proxy cost upstream when it was bought (pools: the pasted cost, else 0). */
    cost: integer('cost').notNull().default(0),
    /** free: in the pool, unused; serving: `proxyId` uses it; retired: deleted upstream or replaced. */
    status: text('status', { enum: ['free', 'serving', 'retired'] })
      .notNull()
      .default('free'),
    proxyId: uuid('proxy_id'),
    /** The purchase intent that bought it (proxy6), so a retried intent finds what it bought. */
    intentId: uuid('intent_id'),
    failures: integer('failures').notNull().default(0),
    /** The last health check of a serving upstream (modules/suppliers/health.ts). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('upstream_proxies_line_uq')
      .on(t.supplierId, t.lineKey)
      .where(sql`${t.status} <> 'retired'`),
    uniqueIndex('upstream_proxies_serving_uq')
      .on(t.proxyId)
      .where(sql`${t.status} = 'serving'`),
    index('upstream_proxies_free_idx')
      .on(t.supplierId, t.product, t.country)
      .where(sql`${t.status} = 'free'`),
    index('upstream_proxies_intent_idx').on(t.intentId),
  ],
);

/** Who serves a product and country of a site, tried in order: "own" or a supplier id. */
export const supplierRoutes = pgTable(
  'supplier_routes',
  {
    siteId: uuid('site_id').notNull(),
    product: text('product', { enum: ['v4', 'v6'] }).notNull(),
    country: text('country').notNull(),
    sources: jsonb('sources').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.product, t.country] })],
);

/**
 * The durable intent of an upstream purchase, one per waiting order: written in the customer's
 * payment transaction, worked after commit under a lease, so a crash, a retry or a second
 * instance never buys or delivers twice. Its id is the `descr` the purchase carries upstream.
 */
export const supplierPurchases = pgTable(
  'supplier_purchases',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull().unique(),
    siteId: uuid('site_id').notNull(),
    userId: uuid('user_id').notNull(),
    product: text('product', { enum: ['v4', 'v6'] }).notNull(),
    country: text('country').notNull(),
    quantity: integer('quantity').notNull(),
    protocol: text('protocol', { enum: ['http', 'socks5'] }).notNull(),
    /** The sources still to try, in order, from `sourceIndex`. */
    sources: jsonb('sources').$type<string[]>().notNull(),
    sourceIndex: integer('source_index').notNull().default(0),
    /** pending: nothing bought yet; bought: upstream proxies recorded, not yet delivered. */
    status: text('status', { enum: ['pending', 'bought', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    supplierId: uuid('supplier_id'),
    supplierOrderId: text('supplier_order_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('supplier_purchases_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'bought')`),
  ],
);

/**
 * The latest calls sent to one supplier account (Proxy6 allows 3 a second per account), shared by
 * every API instance on the database (modules/suppliers/call-budget.ts): a call is sent only after
 * a transaction holding this row's lock found room in the window and recorded it here. `account` is an HMAC of the
 * base URL and API key, so two supplier rows of one account share one budget and no key is stored.
 */
export const supplierCallWindows = pgTable('supplier_call_windows', {
  account: text('account').primaryKey(),
  /** When the latest calls were let through, or answered once they were (call-budget.ts). */
  sent: timestamp('sent', { withTimezone: true }).array().notNull(),
});

/** One Proxy6 `prolong` call a renewal needs: the upstream rows, their Proxy6 ids and ends before it. */
export interface RenewalGroup {
  supplierId: string;
  days: number;
  rows: { id: string; upstreamId: string; proxyId: string; endBefore: string | null }[];
  /** Set once the prolong answered: the new ends and the cost in coins per row. */
  done?: { ends: Record<string, string>; cost: number };
}

/**
 * The durable intent of a renewal's upstream prolong (modules/suppliers/renew-upstream.ts): written
 * and committed before Proxy6 is called, so no supplier call runs inside a DB transaction and a
 * crash mid-call is found again. pending: a prolong may be in flight; prolonged: every group
 * answered, the charge may follow; refused: the supplier said no; charged: the customer paid in the
 * renewal's transaction; closed: not charged (a refusal seen through, a crash reconciled from
 * `getproxy`, a charge that was itself refused), the upstream ends written back as they are.
 */
export const supplierRenewals = pgTable(
  'supplier_renewals',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['pending', 'prolonged', 'refused', 'charged', 'closed'] })
      .notNull()
      .default('pending'),
    groups: jsonb('groups').$type<RenewalGroup[]>().notNull(),
    lastError: text('last_error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('supplier_renewals_open_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} in ('pending', 'prolonged')`),
  ],
);

/**
 * The durable intent of replacing a failing upstream proxy (modules/suppliers/replace-upstream.ts),
 * one per replaced upstream row: a Proxy6 replacement is bought with the intent's id as `descr`,
 * so a crash or a lost answer is found with `getproxy` rather than bought again.
 */
export const supplierReplacements = pgTable('supplier_replacements', {
  id: uuid('id').primaryKey(),
  /** The failing upstream row; unique, so it is replaced once. */
  upstreamRowId: uuid('upstream_row_id').notNull().unique(),
  proxyId: uuid('proxy_id').notNull(),
  supplierId: uuid('supplier_id').notNull(),
  siteId: uuid('site_id').notNull(),
  status: text('status', { enum: ['pending', 'done', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A supplier's history for its admin page: errors in the supplier's own words, purchases, replacements. */
export const supplierEvents = pgTable(
  'supplier_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['error', 'bought', 'prolonged', 'prolong_refused', 'replaced', 'synced'],
    }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * Set when the event must reach the site's admins by mail and Telegram: written with the event
     * in the transaction that caused it, sent after commit by the supplier-purchases job.
     */
    alert: text('alert', { enum: ['purchase_failed', 'prolong_refused', 'replacement_failed'] }),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    index('supplier_events_supplier_idx').on(t.supplierId, t.id),
    index('supplier_events_alert_idx')
      .on(t.id)
      .where(sql`${t.alert} is not null and ${t.alertedAt} is null`),
  ],
);

/**
 * What a resold proxy brought and cost, per purchase and renewal: margin is a sum over it. Kept
 * when the supplier is deleted (its name is copied), so past margins stay.
 */
export const supplierCharges = pgTable(
  'supplier_charges',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    supplierName: text('supplier_name').notNull(),
    orderId: uuid('order_id').notNull(),
    proxyId: uuid('proxy_id'),
    kind: text('kind', { enum: ['buy', 'renew'] }).notNull(),
    product: text('product', { enum: ['v4', 'v6'] }).notNull(),
    country: text('country').notNull(),
    revenue: integer('revenue').notNull(),
    cost: integer('cost').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('supplier_charges_site_idx').on(t.siteId, t.createdAt)],
);
