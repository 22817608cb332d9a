import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TOrderLogI18n } from '@proxy/contract';
import { sites } from './sites.js';
import { users } from './users.js';
import { nodes } from './supply.js';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    type: text('type', { enum: ['v6', 'v4', 'key', 'package'] }).notNull(),
    product: text('product', { enum: ['v6', 'v4', 'key'] }).notNull(),
    country: text('country').notNull(),
    quantity: integer('quantity').notNull(),
    periodUnit: text('period_unit', { enum: ['hour', 'day', 'week', 'month'] }).notNull(),
    periodValue: integer('period_value').notNull(),
    status: text('status', { enum: ['waiting', 'using', 'renewing', 'increasing_bandwidth', 'expired', 'cancelled'] })
      .notNull()
      .default('waiting'),
    protocol: text('protocol', { enum: ['http', 'socks5'] })
      .notNull()
      .default('http'),
    bandwidthGb: integer('bandwidth_gb'),
    totalPrice: bigint('total_price', { mode: 'number' }).notNull(),
    paymentType: text('payment_type').notNull().default('balance'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    packageId: uuid('package_id'),
    /** The package's names as bought, so a later rename of the package does not rewrite the order. */
    packageName: text('package_name'),
    packageNameEng: text('package_name_eng'),
    isTrial: boolean('is_trial').notNull().default(false),
    /** A package order that still counts for "one package per user"; cleared when it ends. */
    holdsPlan: boolean('holds_plan').notNull().default(false),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** The expiry an auto-renew already failed for, so the user is told once per period. */
    autoRenewFailedFor: timestamp('auto_renew_failed_for', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    /** What the keyed request asked for (its fingerprint), so a repeat is told from another request. */
    idempotencyRequest: text('idempotency_request'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_site_created_idx').on(t.siteId, t.createdAt),
    uniqueIndex('orders_idem_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('orders_one_plan_uq')
      .on(t.userId)
      .where(sql`${t.holdsPlan}`),
    uniqueIndex('orders_one_trial_uq')
      .on(t.userId)
      .where(sql`${t.isTrial}`),
  ],
);

export const orderLogs = pgTable(
  'order_logs',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action', {
      enum: ['buy', 'renew', 'increase_bandwidth', 'increase_amount', 'change_country', 'admin_extend', 'admin_cancel'],
    }).notNull(),
    result: text('result', { enum: ['success', 'fail'] }).notNull(),
    note: text('note').notNull().default(''),
    /**
     * `note` as a translation key and parameters (docs/wire-contract.md#translation-keys:
     * noteI18n); null for free text and older rows.
     */
    noteI18n: jsonb('note_i18n').$type<TOrderLogI18n>(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_logs_order_idx').on(t.orderId, t.createdAt)],
);

export const proxies = pgTable(
  'proxies',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    siteId: uuid('site_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    type: text('type', { enum: ['v6', 'v4'] }).notNull(),
    kind: text('kind', { enum: ['static', 'rotating'] })
      .notNull()
      .default('static'),
    /** Proxies behind a rotating key are not listed among the user's proxies. */
    keyId: uuid('key_id'),
    protocol: text('protocol', { enum: ['http', 'socks5'] }).notNull(),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id),
    port: integer('port').notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    country: text('country').notNull(),
    egressIp: text('egress_ip').notNull(),
    egressIpId: uuid('egress_ip_id'),
    packageName: text('package_name'),
    tagId: uuid('tag_id'),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: ['using', 'expired', 'locked'] })
      .notNull()
      .default('using'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(false),
    ipChangeMode: text('ip_change_mode', { enum: ['auto', 'manual'] })
      .notNull()
      .default('manual'),
    changeIntervalMin: integer('change_interval_min'),
    ipChangeStatus: text('ip_change_status', { enum: ['processing', 'changed', 'not_changed'] })
      .notNull()
      .default('not_changed'),
    ipChangedAt: timestamp('ip_changed_at', { withTimezone: true }),
    authIps: jsonb('auth_ips')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    bandwidthLimitGb: integer('bandwidth_limit_gb'),
    bandwidthUsedBytes: bigint('bandwidth_used_bytes', { mode: 'number' }).notNull().default(0),
    /** An IPv6 proxy reaches IPv4-only destinations from its node's IPv4 egress (docs/gateway-protocol.md#ipv4-fallback). */
    ipv4Fallback: boolean('ipv4_fallback').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('proxies_user_created_idx').on(t.userId, t.createdAt),
    index('proxies_order_idx').on(t.orderId),
    index('proxies_status_expires_idx').on(t.status, t.expiresAt),
    // The rotation job runs every 30 s on every instance: it must read the few auto-mode and
    // claimed proxies, not the whole table.
    index('proxies_auto_rotation_idx')
      .on(t.ipChangedAt)
      .where(sql`${t.ipChangeMode} = 'auto'`),
    index('proxies_rotation_claimed_idx')
      .on(t.updatedAt)
      .where(sql`${t.ipChangeStatus} = 'processing'`),
    // One live listener per node port; a locked proxy has released its port.
    uniqueIndex('proxies_node_port_uq')
      .on(t.nodeId, t.port)
      .where(sql`${t.status} <> 'locked'`),
  ],
);

export const rotatingKeys = pgTable(
  'rotating_keys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    siteId: uuid('site_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    key: text('key').notNull().unique(),
    country: text('country').notNull(),
    status: text('status', { enum: ['using', 'expired', 'locked'] })
      .notNull()
      .default('using'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(false),
    tagId: uuid('tag_id'),
    comment: text('comment').notNull().default(''),
    minIntervalSec: integer('min_interval_sec').notNull(),
    proxyId: uuid('proxy_id'),
    lastNewIpAt: timestamp('last_new_ip_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rotating_keys_user_created_idx').on(t.userId, t.createdAt),
    index('rotating_keys_status_expires_idx').on(t.status, t.expiresAt),
  ],
);

/** A user's labels for proxies (v6 or v4) or keys; a proxy or key carries at most one. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tagType: text('tag_type', { enum: ['v6', 'v4', 'key'] }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('tags_user_type_name_uq').on(t.userId, t.tagType, sql`lower(${t.name})`)],
);
