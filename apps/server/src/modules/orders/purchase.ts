import { randomUUID } from 'node:crypto';
import {
  periodToHours,
  type Period,
  type TLedgerI18n,
  type TOrder,
  type TProxy,
  type TransactionType,
} from '@proxy/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { nodes, orders, proxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import * as catalog from '../catalog/index.js';
import { chargeBalance } from '../ledger/index.js';
import { findProductSwitches } from '../site/index.js';
import {
  allocatePlacements,
  bindPlacements,
  newCredentials,
  randomCredential,
  type Placement,
} from '../allocation/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { toOrder, toProxy, type OrderRow, type ProxyRow } from './mapper.js';
import { recordAudit } from '../audit/index.js';
import { awaitDelivery, bindUpstreams, planSupply, recordIntent, type SupplyPlan } from '../suppliers/index.js';
import type { Idem } from './idempotency.js';
import { insertLog, reloadOrder } from './queries.js';

/**
 * The parts every sale shares (buy-retail, buy-package, buy-keys, increase-amount): the checks of
 * what is on sale, the order, the charge, the proxies.
 */

type OrderInsert = typeof orders.$inferInsert;
type ProxyInsert = typeof proxies.$inferInsert;

export interface Buyer {
  id: string;
  siteId: string;
}

/**
 * A purchase that waits for its upstream (modules/suppliers) is worked right away, up to 20 s:
 * the answer is then the order as it stands (`using` with its proxies, or still `waiting`).
 */
export async function settled<T extends { order: { id: string; status: string } }>(
  ctx: AppContext,
  answer: T,
  replay: (o: OrderRow) => Promise<T>,
): Promise<T> {
  if (answer.order.status !== 'waiting') {
    return answer;
  }
  await awaitDelivery(ctx, answer.order.id);
  return replay(await reloadOrder(ctx.db, answer.order.id));
}

/** The whole answer of a proxy purchase, also what a repeated Idempotency-Key gets back. */
export async function purchaseResult(ctx: AppContext, order: OrderRow): Promise<{ order: TOrder; proxies: TProxy[] }> {
  const rows = await ctx.db
    .select({ p: proxies, host: nodes.host })
    .from(proxies)
    .innerJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(eq(proxies.orderId, order.id))
    .orderBy(asc(proxies.port));
  return { order: toOrder(order), proxies: rows.map((r) => toProxy(r.p, r.host)) };
}

const BUY_TX_TYPE: Record<'v6' | 'v4' | 'key', TransactionType> = {
  v6: 'buy_proxy_v6',
  v4: 'buy_proxy_v4',
  key: 'buy_key',
};

function newOrderCode(): string {
  return `OD${randomCredential(10).toUpperCase()}`;
}

function addPeriod(from: Date, period: Period): Date {
  return new Date(from.getTime() + periodToHours(period) * 3600_000);
}

/**
 * Inserts the proxies of an order on claimed placements. Batched: one statement per 1,000 proxies,
 * so buying 1,000 proxies is a handful of round trips.
 */
export async function insertProxies(
  tx: Tx,
  placements: Placement[],
  base: Omit<ProxyInsert, 'id' | 'nodeId' | 'port' | 'egressIp' | 'egressIpId' | 'username' | 'password'>,
  perRow: (i: number) => Partial<ProxyInsert> = () => ({}),
): Promise<ProxyRow[]> {
  // Object.assign, not spreads: see siteInfo (site/site-info.ts) for what a spread costs per proxy.
  const bound = placements.map((s) => Object.assign({}, s, { proxyId: randomUUID() }));
  const out = await insertProxyRows(
    tx,
    bound.map((s, i) =>
      Object.assign(Object.assign({}, base, perRow(i)), newCredentials(), {
        id: s.proxyId,
        nodeId: s.nodeId,
        port: s.port,
        egressIp: s.egressIp,
        egressIpId: s.egressIpId,
      }),
    ),
  );
  await bindPlacements(tx, bound);
  await recordProxyChanges(
    tx,
    bound.map((b) => b.proxyId),
  );
  return out;
}

async function insertProxyRows(tx: Tx, rows: ProxyInsert[]): Promise<ProxyRow[]> {
  const out: ProxyRow[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await tx
        .insert(proxies)
        .values(rows.slice(i, i + 1000))
        .returning()),
    );
  }
  return out;
}

/**
 * The site's product switches (get-site-info isOpenV6/isOpenV4/isOpenKey) bind the server too: the
 * panel only hides a closed product, so a direct call must not buy it either.
 */
export async function assertProductOpen(db: DbOrTx, siteId: string, product: 'v6' | 'v4' | 'key'): Promise<void> {
  const site = await findProductSwitches(db, siteId);
  if (!site?.[product]) {
    throw new AppError('FORBIDDEN', { product });
  }
}

/** The active package `id` of the buyer's site for `product`, with `country` on sale; the error a customer gets otherwise. */
export async function sellablePackage(
  ctx: AppContext,
  buyer: Buyer,
  product: 'v6' | 'v4' | 'key',
  id: string,
  country: string,
) {
  await assertProductOpen(ctx.db, buyer.siteId, product);
  const pkg = await catalog.findPackage(ctx.db, id);
  if (!pkg || !pkg.active || pkg.siteId !== buyer.siteId || pkg.product !== product) {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  const c = await catalog.findCountry(ctx.db, buyer.siteId, product, country);
  if (!c?.enabled) {
    throw new AppError('INVALID_COUNTRY');
  }
  return pkg;
}

export type Package = NonNullable<Awaited<ReturnType<typeof catalog.findPackage>>>;

type ProxyBase = Omit<
  ProxyInsert,
  | 'id'
  | 'nodeId'
  | 'port'
  | 'egressIp'
  | 'egressIpId'
  | 'username'
  | 'password'
  | 'userId'
  | 'siteId'
  | 'orderId'
  | 'createdAt'
  | 'updatedAt'
  | 'expiresAt'
>;

interface Purchase {
  product: 'v6' | 'v4' | 'key';
  order: Omit<
    OrderInsert,
    | 'id'
    | 'code'
    | 'userId'
    | 'siteId'
    | 'status'
    | 'paidAt'
    | 'expiresAt'
    | 'createdAt'
    | 'updatedAt'
    | 'idempotencyKey'
    | 'idempotencyRequest'
  >;
  period: Period;
  /**
   * Coins charged (0 for a free package), the list price, the ledger text after the order code, and
   * the same for translation (the order code is known only once the order is written).
   */
  charge: { total: number; gross?: number; describe: string; i18n: (code: string) => TLedgerI18n };
  proxy: ProxyBase;
  perProxy?: (i: number) => Partial<ProxyInsert>;
  note: string;
}

/**
 * The order's proxies: on the own nodes (no route), on what the route delivered at once (bound
 * to their upstreams), or none yet (a purchase intent, delivered after commit).
 */
async function supplyOrder(
  tx: Tx,
  plan: SupplyPlan | null,
  o: OrderRow,
  buyer: Buyer,
  p: Purchase,
  expiresAt: Date,
  now: Date,
): Promise<{ rows: ProxyRow[]; placements: Placement[] }> {
  const supplyProduct = p.product === 'key' ? null : p.product;
  // A package's order quantity is its proxy count; retail and key orders buy `quantity` listeners.
  const placements =
    plan === null
      ? await allocatePlacements(tx, p.product, o.country, o.quantity)
      : plan.kind === 'deliver'
        ? plan.delivery.placements
        : [];
  const rows = await insertProxies(
    tx,
    placements,
    { ...p.proxy, userId: buyer.id, siteId: buyer.siteId, orderId: o.id, expiresAt, createdAt: now, updatedAt: now },
    p.perProxy,
  );
  if (plan?.kind === 'deliver') {
    await bindUpstreams(
      tx,
      plan.delivery,
      rows.map((r) => r.id),
      { id: o.id, siteId: buyer.siteId, product: supplyProduct!, country: o.country, totalPrice: p.charge.total },
      now,
    );
  } else if (plan?.kind === 'wait') {
    await recordIntent(
      tx,
      {
        orderId: o.id,
        siteId: buyer.siteId,
        userId: buyer.id,
        product: supplyProduct!,
        country: o.country,
        quantity: o.quantity,
        protocol: o.protocol,
      },
      plan.sources,
      now,
    );
  }
  return { rows, placements };
}

/**
 * Every purchase, in the caller's transaction: the order, the charge (NOT_ENOUGH_MONEY rolls it
 * all back), the supply (NOT_ENOUGT_PROXY likewise, uncharged), the proxies and the buy log.
 */
export async function purchase(ctx: AppContext, tx: Tx, buyer: Buyer, p: Purchase, idem: Idem | undefined) {
  const now = ctx.clock.now();
  const expiresAt = addPeriod(now, p.period);
  // A routed country may be served by a supplier (modules/suppliers): at once from the own nodes or
  // a pool, or later, after commit, from Proxy6 (the order waits for its purchase intent).
  const supplyProduct = p.product === 'key' ? null : p.product;
  const plan =
    supplyProduct === null
      ? null
      : await planSupply(tx, {
          siteId: buyer.siteId,
          product: supplyProduct,
          country: p.order.country,
          quantity: p.order.quantity,
          expiresAt,
        });
  const [inserted] = await tx
    .insert(orders)
    .values({
      ...p.order,
      id: randomUUID(),
      code: newOrderCode(),
      userId: buyer.id,
      siteId: buyer.siteId,
      status: plan?.kind === 'wait' ? 'waiting' : 'using',
      paidAt: now,
      expiresAt,
      idempotencyKey: idem?.key ?? null,
      idempotencyRequest: idem?.request ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const o = inserted!;
  await chargeBalance(tx, {
    userId: buyer.id,
    cost: p.charge.total,
    price: p.charge.gross,
    type: BUY_TX_TYPE[p.product],
    content: `${o.code}: ${p.charge.describe}`,
    contentI18n: p.charge.i18n(o.code),
    refType: 'order',
    refId: o.id,
    at: now,
  });
  const { rows, placements } = await supplyOrder(tx, plan, o, buyer, p, expiresAt, now);
  await insertLog(tx, {
    id: randomUUID(),
    orderId: o.id,
    action: 'buy',
    result: 'success',
    note: p.note,
    // A package's note is its name, which the reader's language picks from the order's two names.
    noteI18n:
      o.packageName === null ? null : { key: 'package', params: { name: o.packageName, nameEng: o.packageNameEng } },
    amount: -p.charge.total,
    createdAt: now,
  });
  await recordAudit(ctx, tx, {
    userId: buyer.id,
    action: 'order.buy',
    targetType: 'order',
    targetIds: [o.id],
    detail: {
      code: o.code,
      product: p.product,
      country: o.country,
      quantity: o.quantity,
      period: p.period,
      cost: p.charge.total,
      ...(o.packageName ? { packageName: o.packageName } : {}),
    },
  });
  const hosts = new Map(placements.map((sl) => [sl.nodeId, sl.host]));
  return { order: o, rows, host: (r: ProxyRow) => hosts.get(r.nodeId) ?? '' };
}
