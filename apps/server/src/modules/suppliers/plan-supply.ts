import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ROUTE_OWN } from '@proxy/contract';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { supplierCharges, supplierPurchases } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { allocateChainedPlacements, allocatePlacements, type Placement } from '../allocation/index.js';
import { findRoute } from './queries.js';

/**
 * Routing a purchase (buy-retail, buy-package) in the customer's transaction: the sources of the
 * product and country's route are tried in order. The own nodes and the pools (webshare, list:
 * already paid for) deliver at once; the first Proxy6 source turns the order into a waiting one
 * with a purchase intent, bought after commit by buy-upstream.ts. No route: the own nodes, as
 * before suppliers existed.
 */

export interface SupplyAsk {
  siteId: string;
  product: 'v4' | 'v6';
  country: string;
  quantity: number;
  /** The customer's expiry: a pool proxy that ends sooner cannot serve. */
  expiresAt: Date;
}

/** Placements to put the customer's proxies on; `upstreams[i]` serves `placements[i]` (null: own egress). */
export interface Delivery {
  placements: Placement[];
  upstreams: { id: string; supplierId: string; supplierName: string; cost: number }[] | null;
}

export type SupplyPlan = { kind: 'deliver'; delivery: Delivery } | { kind: 'wait'; sources: string[] };

type SourceRow = { id: string; kind: 'proxy6' | 'webshare' | 'list'; status: string; name: string };

async function sourceRows(tx: Tx, siteId: string, ids: string[]): Promise<Map<string, SourceRow>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await queryRows<SourceRow>(
    tx,
    sql`select id, kind, status, name from suppliers where site_id = ${siteId}
        and id in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * One source that delivers at once, in its own savepoint so a short one leaves nothing claimed:
 * the own nodes' placements, or a pool's free proxies (FOR UPDATE SKIP LOCKED) on listener ports.
 * Null when it cannot cover the whole quantity.
 */
export async function tryImmediateSource(
  tx: Tx,
  ask: SupplyAsk,
  source: string,
  supplier: SourceRow | undefined,
): Promise<Delivery | null> {
  try {
    return await tx.transaction(async (sp) => {
      if (source === ROUTE_OWN) {
        return { placements: await allocatePlacements(sp, ask.product, ask.country, ask.quantity), upstreams: null };
      }
      if (!supplier || supplier.status === 'disabled' || supplier.kind === 'proxy6') {
        return null;
      }
      const free = await queryRows<{ id: string; exit_ip: string; cost: number }>(
        sp,
        sql`select id, exit_ip, cost from upstream_proxies
            where supplier_id = ${supplier.id} and status = 'free' and product = ${ask.product}
              and country = ${ask.country} and (expires_at is null or expires_at >= ${ask.expiresAt.toISOString()})
            order by created_at limit ${ask.quantity} for update skip locked`,
      );
      if (free.length < ask.quantity) {
        throw new AppError('NOT_ENOUGT_PROXY', { available: free.length });
      }
      const placements = await allocateChainedPlacements(
        sp,
        free.map((f) => f.exit_ip),
      );
      return {
        placements,
        upstreams: free.map((f) => ({
          id: f.id,
          supplierId: supplier.id,
          supplierName: supplier.name,
          cost: Number(f.cost),
        })),
      };
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_ENOUGT_PROXY') {
      return null;
    }
    throw err;
  }
}

/** How the purchase is supplied; NOT_ENOUGT_PROXY (rolling the payment back) when no source can. */
export async function planSupply(tx: Tx, ask: SupplyAsk): Promise<SupplyPlan> {
  const route = await findRoute(tx, ask.siteId, ask.product, ask.country);
  if (!route) {
    return {
      kind: 'deliver',
      delivery: { placements: await allocatePlacements(tx, ask.product, ask.country, ask.quantity), upstreams: null },
    };
  }
  const rows = await sourceRows(
    tx,
    ask.siteId,
    route.filter((s) => s !== ROUTE_OWN),
  );
  for (let i = 0; i < route.length; i++) {
    const source = route[i]!;
    const supplier = rows.get(source);
    if (supplier?.kind === 'proxy6' && supplier.status !== 'disabled') {
      return { kind: 'wait', sources: route.slice(i) };
    }
    const delivery = await tryImmediateSource(tx, ask, source, supplier);
    if (delivery) {
      return { kind: 'deliver', delivery };
    }
  }
  throw new AppError('NOT_ENOUGT_PROXY', { available: 0 });
}

/** Shares an order's price over its proxies: whole coins, the remainder on the first ones. */
export function revenueShares(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => base + (i < total - base * count ? 1 : 0));
}

/**
 * Binds delivered pool proxies to the customer's new proxies and records what each brought and
 * cost (the margin), in the delivering transaction.
 */
export async function bindUpstreams(
  tx: Tx,
  d: Delivery,
  proxyIds: string[],
  order: { id: string; siteId: string; product: 'v4' | 'v6'; country: string; totalPrice: number },
  at: Date,
): Promise<void> {
  if (!d.upstreams) {
    return;
  }
  const shares = revenueShares(order.totalPrice, proxyIds.length);
  for (let i = 0; i < d.upstreams.length; i++) {
    const u = d.upstreams[i]!;
    await tx.execute(
      sql`update upstream_proxies set status = 'serving', proxy_id = ${proxyIds[i]!}::uuid, failures = 0, updated_at = ${at.toISOString()}
          where id = ${u.id}::uuid`,
    );
  }
  await tx.insert(supplierCharges).values(
    d.upstreams.map((u, i) => ({
      id: randomUUID(),
      siteId: order.siteId,
      supplierId: u.supplierId,
      supplierName: u.supplierName,
      orderId: order.id,
      proxyId: proxyIds[i]!,
      kind: 'buy' as const,
      product: order.product,
      country: order.country,
      revenue: shares[i]!,
      cost: u.cost,
      createdAt: at,
    })),
  );
}

/** The purchase intent of a waiting order, written with the payment. */
export async function recordIntent(
  tx: Tx,
  o: {
    orderId: string;
    siteId: string;
    userId: string;
    product: 'v4' | 'v6';
    country: string;
    quantity: number;
    protocol: 'http' | 'socks5';
  },
  sources: string[],
  at: Date,
): Promise<string> {
  const id = randomUUID();
  await tx.insert(supplierPurchases).values({ id, ...o, sources, nextAttemptAt: at, createdAt: at, updatedAt: at });
  return id;
}
