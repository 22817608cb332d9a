import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A gateway node (docs/gateway-protocol.md#nodes). */
export const nodes = pgTable('nodes', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  /** The host customers connect to. */
  host: text('host').notNull(),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  secretHash: text('secret_hash').notNull(),
  portFrom: integer('port_from').notNull(),
  portTo: integer('port_to').notNull(),
  ipv6Prefix: text('ipv6_prefix'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Listener ports of a node; proxy_id is set while a proxy holds the port. */
export const nodePorts = pgTable(
  'node_ports',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    port: integer('port').notNull(),
    proxyId: uuid('proxy_id'),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.port] }),
    index('node_ports_free_idx')
      .on(t.nodeId, t.port)
      .where(sql`${t.proxyId} is null`),
  ],
);

/**
 * Egress addresses a node can bind, per product and country. IPv4 pools hold one row per address
 * (each given to one static proxy at a time); an IPv6 prefix is one row with is_prefix, and
 * proxies draw random addresses from it. A shared row (e.g. ::1 without IPV6_PREFIX) is used by
 * every proxy of its country.
 */
export const egressIps = pgTable(
  'egress_ips',
  {
    id: uuid('id').primaryKey(),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    product: text('product', { enum: ['v6', 'v4', 'key'] }).notNull(),
    country: text('country').notNull(),
    ip: text('ip').notNull(),
    family: smallint('family').notNull(),
    isPrefix: boolean('is_prefix').notNull().default(false),
    shared: boolean('shared').notNull().default(false),
    proxyId: uuid('proxy_id'),
  },
  (t) => [
    // Pool addresses are unique per node and product; a prefix or a shared address may serve
    // several countries.
    uniqueIndex('egress_ips_uq')
      .on(t.nodeId, t.product, t.ip)
      .where(sql`not ${t.shared} and not ${t.isPrefix}`),
    index('egress_ips_free_idx')
      .on(t.product, t.country)
      .where(sql`${t.proxyId} is null`),
  ],
);

/**
 * An append-only log of proxy changes per node: the gateway's change stream replays it from the
 * last version it saw (`GET node/changes?since=`), so a node that was away misses nothing.
 */
export const proxyEvents = pgTable(
  'proxy_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nodeId: uuid('node_id').notNull(),
    proxyId: uuid('proxy_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proxy_events_node_idx').on(t.nodeId, t.id)],
);

/** Traffic reports already counted, so a report retried after a timeout is not counted twice. */
export const trafficReports = pgTable(
  'traffic_reports',
  {
    nodeId: uuid('node_id').notNull(),
    reportId: text('report_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.reportId] })],
);
