import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { QUANTITY_STEP } from '@proxy/contract';
import type { DbOrTx } from './client.js';
import {
  bandwidthPrices,
  catalogCountries,
  discountTiers,
  egressIps,
  packages,
  retailPrices,
  nodes,
} from './schema/index.js';
import { randomToken, sha256Hex } from '../lib/crypto.js';

export const DEMO_COUNTRIES = [
  { code: 'VN', name: 'Vietnam' },
  { code: 'US', name: 'United States' },
  { code: 'SG', name: 'Singapore' },
  { code: 'JP', name: 'Japan' },
  { code: 'DE', name: 'Germany' },
] as const;

type Unit = 'hour' | 'day' | 'week' | 'month';
/**
 * Coins per proxy per unit; renewals of a week or more are 10% cheaper (under a month they use
 * retail: docs/money.md#renewals).
 */
const RETAIL: Record<'v6' | 'v4' | 'key', { unit: Unit; price: number }[]> = {
  v6: [
    { unit: 'hour', price: 40 },
    { unit: 'day', price: 400 },
    { unit: 'week', price: 2_500 },
    { unit: 'month', price: 9_000 },
  ],
  v4: [
    { unit: 'hour', price: 300 },
    { unit: 'day', price: 3_000 },
    { unit: 'week', price: 18_000 },
    { unit: 'month', price: 60_000 },
  ],
  key: [
    { unit: 'day', price: 15_000 },
    { unit: 'week', price: 90_000 },
    { unit: 'month', price: 300_000 },
  ],
};
const LIMITS = {
  v6: { step: QUANTITY_STEP, max: 5_000 },
  v4: { step: 1, max: 200 },
  key: { step: 1, max: 100 },
} as const;

/** The demo catalogue of one site: countries, retail prices, packages, discounts, bandwidth. */
// eslint-disable-next-line max-lines-per-function -- a data listing: the demo rows, one literal after another
export async function seedCatalog(db: DbOrTx, siteId: string): Promise<void> {
  for (const product of ['v6', 'v4', 'key'] as const) {
    await db
      .insert(catalogCountries)
      .values(DEMO_COUNTRIES.map((c, i) => ({ id: randomUUID(), siteId, product, ...c, sort: i })));
    await db.insert(retailPrices).values(
      DEMO_COUNTRIES.flatMap((c) =>
        RETAIL[product].map((r) => ({
          id: randomUUID(),
          siteId,
          product,
          country: c.code,
          unit: r.unit,
          price: r.price,
          renewPrice: r.unit === 'week' || r.unit === 'month' ? Math.round(r.price * 0.9) : r.price,
          quantityStep: LIMITS[product].step,
          maxQuantity: LIMITS[product].max,
        })),
      ),
    );
  }
  await db.insert(packages).values([
    // docs/money.md#packages: a small starter package costs about 0.3 dollar (7,200 coins), once per user.
    {
      id: randomUUID(),
      siteId,
      product: 'v4',
      name: 'Trial',
      price: 7_200,
      days: 1,
      proxies: 1,
      bandwidthGb: 1,
      isTrial: true,
      sort: 0,
    },
    {
      id: randomUUID(),
      siteId,
      product: 'v4',
      name: 'Starter',
      price: 120_000,
      days: 30,
      proxies: 5,
      bandwidthGb: 50,
      sort: 1,
    },
    {
      id: randomUUID(),
      siteId,
      product: 'v4',
      name: 'Business',
      price: 450_000,
      days: 30,
      proxies: 20,
      bandwidthGb: 200,
      sort: 2,
    },
    {
      id: randomUUID(),
      siteId,
      product: 'v6',
      name: 'IPv6 Basic',
      price: 200_000,
      days: 30,
      proxies: 100,
      bandwidthGb: null,
      sort: 0,
    },
    {
      id: randomUUID(),
      siteId,
      product: 'key',
      name: 'Key 1 ngày',
      nameEng: 'Key 1 day',
      price: 15_000,
      days: 1,
      proxies: 1,
      minIntervalSec: 60,
      sort: 0,
    },
    {
      id: randomUUID(),
      siteId,
      product: 'key',
      name: 'Key 30 ngày',
      nameEng: 'Key 30 days',
      price: 300_000,
      days: 30,
      proxies: 1,
      minIntervalSec: 30,
      sort: 1,
    },
  ]);
  await db.insert(discountTiers).values([
    { id: randomUUID(), siteId, product: 'v6', minQuantity: 500, percent: 5 },
    { id: randomUUID(), siteId, product: 'v6', minQuantity: 1000, percent: 10 },
    { id: randomUUID(), siteId, product: 'v4', minQuantity: 10, percent: 5 },
    { id: randomUUID(), siteId, product: 'v4', minQuantity: 50, percent: 10 },
  ]);
  await db.insert(bandwidthPrices).values({ siteId, pricePerGb: 5_000, maxGb: 1_000 });
}

export interface NodeSeed {
  name: string;
  host: string;
  ports: [number, number];
  ipv6Prefix?: string;
}

/** A gateway node with its listener ports; returns its id and the secret it authenticates with. */
export async function createNode(
  db: DbOrTx,
  node: NodeSeed & { secret?: string },
): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const secret = node.secret ?? randomToken(24);
  await db.insert(nodes).values({
    id,
    name: node.name,
    host: node.host,
    secretHash: sha256Hex(secret),
    portFrom: node.ports[0],
    portTo: node.ports[1],
    ipv6Prefix: node.ipv6Prefix ?? null,
  });
  await db.execute(sql`insert into node_ports (node_id, port)
    select ${id}::uuid, p from generate_series(${node.ports[0]}::int, ${node.ports[1]}::int) p`);
  return { id, secret };
}

/** Adds one address per row (IPv4 pools) or a prefix/shared address to a node's supply. */
export async function addEgress(
  db: DbOrTx,
  nodeId: string,
  product: 'v6' | 'v4' | 'key',
  country: string,
  ips: string[],
  opts: { isPrefix?: boolean; shared?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < ips.length; i += 1000) {
    await db.insert(egressIps).values(
      ips.slice(i, i + 1000).map((ip) => ({
        id: randomUUID(),
        nodeId,
        product,
        country,
        ip,
        family: ip.includes(':') ? 6 : 4,
        isPrefix: opts.isPrefix ?? false,
        shared: opts.shared ?? false,
      })),
    );
  }
}

export function ipv4Range(prefix: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i <= to; i++) {
    out.push(`${prefix}.${i}`);
  }
  return out;
}

/**
 * The embedded node on 127.0.0.1 (docs/gateway-protocol.md#nodes): loopback IPv4 pools per country
 * (all of 127.0.0.0/8 is bindable on Linux), IPv6 from IPV6_PREFIX or else the one IPv6 address
 * every host can bind without a route, the loopback ::1, as a prefix of one (::1/128): proxies
 * egress from it, and an IP change answers that no other address is free (NOT_ENOUGT_PROXY,
 * reason noFreeAddress) rather than "changing" to the same address.
 */
export async function seedLocalNode(
  db: DbOrTx,
  opts: { ports: [number, number]; ipv6Prefix?: string; secret: string },
): Promise<string> {
  const { id } = await createNode(db, {
    name: 'local',
    host: '127.0.0.1',
    ports: opts.ports,
    ipv6Prefix: opts.ipv6Prefix,
    secret: opts.secret,
  });
  for (const [i, c] of DEMO_COUNTRIES.entries()) {
    await addEgress(db, id, 'v4', c.code, ipv4Range(`127.${10 + i}.0`, 1, 200));
    await addEgress(db, id, 'key', c.code, ipv4Range(`127.${20 + i}.0`, 1, 50));
    if (opts.ipv6Prefix) {
      await addEgress(db, id, 'v6', c.code, [opts.ipv6Prefix], { isPrefix: true });
    } else {
      await addEgress(db, id, 'v6', c.code, ['::1/128'], { isPrefix: true });
    }
  }
  return id;
}
