import { randomUUID } from 'node:crypto';
import {
  discountPercent,
  periodToHours,
  quote,
  type Period,
  type TBuyRetailRequest,
  type TKey,
  type TOrder,
  type TLedgerI18n,
  type TProxy,
  type TransactionType,
} from '@proxy/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { orders, proxies, rotatingKeys, sites, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { pgErrorOf } from '../../lib/pg-errors.js';
import * as catalog from '../catalog/repository.js';
import { chargeBalance } from '../ledger/service.js';
import { allocateSlots, bindSlots, newCredentials, randomCredential, type Slot } from '../supply/allocator.js';
import { toKey, toOrder, toProxy, proxyLine, type OrderRow, type ProxyRow } from './mapper.js';
import * as repo from './repository.js';
import { recordProxyChanges } from '../supply/changes.js';

export interface Buyer {
  id: string;
  siteId: string;
}

export const BUY_TX_TYPE: Record<'v6' | 'v4' | 'key', TransactionType> = {
  v6: 'buy_proxy_v6',
  v4: 'buy_proxy_v4',
  key: 'buy_key',
};

export function newOrderCode(): string {
  return `OD${randomCredential(10).toUpperCase()}`;
}

export function addPeriod(from: Date, period: Period): Date {
  return new Date(from.getTime() + periodToHours(period) * 3600_000);
}

/** The whole answer of a purchase, also what a repeated Idempotency-Key gets back. */
async function purchaseResult(ctx: AppContext, order: OrderRow): Promise<{ order: TOrder; proxies: TProxy[] }> {
  const rows = await repo.proxiesOfOrder(ctx.db, order.id);
  return { order: toOrder(order), proxies: rows.map((r) => toProxy(r.p, r.host)) };
}

/**
 * Inserts the proxies of an order on claimed slots. Batched: one statement per 1,000 proxies,
 * so buying 1,000 proxies is a handful of round trips.
 */
export async function insertProxies(
  tx: Tx,
  slots: Slot[],
  base: Omit<
    typeof proxies.$inferInsert,
    'id' | 'subServerId' | 'port' | 'egressIp' | 'egressIpId' | 'username' | 'password'
  >,
  perRow: (i: number) => Partial<typeof proxies.$inferInsert> = () => ({}),
): Promise<ProxyRow[]> {
  const bound = slots.map((s) => ({ ...s, proxyId: randomUUID() }));
  const out: ProxyRow[] = [];
  for (let i = 0; i < bound.length; i += 1000) {
    const chunk = bound.slice(i, i + 1000);
    const rows = await tx
      .insert(proxies)
      .values(
        chunk.map((s, j) => ({
          ...base,
          ...perRow(i + j),
          ...newCredentials(),
          id: s.proxyId,
          subServerId: s.subServerId,
          port: s.port,
          egressIp: s.egressIp,
          egressIpId: s.egressIpId,
        })),
      )
      .returning();
    out.push(...rows);
  }
  await bindSlots(tx, bound);
  await recordProxyChanges(
    tx,
    bound.map((b) => b.proxyId),
  );
  return out;
}

/**
 * The site's product switches (get-site-info isOpenV6/isOpenV4/isOpenKey) bind the server too: the
 * panel only hides a closed product, so a direct call must not buy it either.
 */
export async function assertProductOpen(db: DbOrTx, siteId: string, product: 'v6' | 'v4' | 'key'): Promise<void> {
  const [site] = await db
    .select({ v6: sites.isOpenV6, v4: sites.isOpenV4, key: sites.isOpenKey })
    .from(sites)
    .where(eq(sites.id, siteId));
  if (!site?.[product]) {
    throw new AppError('FORBIDDEN', { product });
  }
}

/** What a purchase asked for, to tell a repeat of it from another request under the same key. */
type Asked = Partial<
  Pick<OrderRow, 'product' | 'country' | 'quantity' | 'periodUnit' | 'periodValue' | 'packageId' | 'protocol'>
>;

/** A keyed purchase: its key, and the fingerprint of what it asked for (stored on the order). */
interface Idem {
  key: string;
  request: string;
}

function idemOf(key: string | undefined, asked: Asked): Idem | undefined {
  if (key === undefined) {
    return undefined;
  }
  const fields = Object.entries(asked)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return { key, request: JSON.stringify(fields) };
}

/**
 * The first answer to a repeated Idempotency-Key, or null for a new one. Compared with what the
 * first request asked (its stored fingerprint, not the order's columns, which later operations
 * such as increase-amount change), the same key on a different request is IDEMPOTENCY_KEY_REUSED.
 * Purchases look this up before any other check, so a retry still gets its answer after the
 * catalogue or the site's product switches have changed.
 */
async function repeatOf<T>(
  ctx: AppContext,
  buyer: Buyer,
  idem: Idem | undefined,
  replay: (o: OrderRow) => Promise<T>,
): Promise<{ answer: T } | null> {
  const prior = idem ? await repo.findOrderByIdempotencyKey(ctx.db, buyer.id, idem.key) : undefined;
  if (!prior) {
    return null;
  }
  // Orders keyed before fingerprints were stored are compared field by field with their row.
  const same =
    prior.idempotencyRequest !== null
      ? prior.idempotencyRequest === idem!.request
      : (JSON.parse(idem!.request) as [keyof OrderRow, unknown][]).every(([field, value]) => prior[field] === value);
  if (!same) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', { orderId: prior.id });
  }
  return { answer: await replay(prior) };
}

/**
 * Runs a purchase once per Idempotency-Key: a concurrent repeat may fail on any of the order's
 * unique constraints (the key, one plan per user, one trial), so after any failure the key is
 * looked up again and the first answer given.
 */
async function once<T>(
  ctx: AppContext,
  buyer: Buyer,
  idem: Idem | undefined,
  run: () => Promise<T>,
  replay: (o: OrderRow) => Promise<T>,
) {
  try {
    return await run();
  } catch (err) {
    const repeat = await repeatOf(ctx, buyer, idem, replay);
    if (repeat) {
      return repeat.answer;
    }
    throw err;
  }
}

type OrderInsert = typeof orders.$inferInsert;
type ProxyBase = Omit<
  typeof proxies.$inferInsert,
  | 'id'
  | 'subServerId'
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
  perProxy?: (i: number) => Partial<typeof proxies.$inferInsert>;
  note: string;
}

/**
 * Every purchase, in the caller's transaction: the order, the charge (NOT_ENOUGH_MONEY rolls it
 * all back), the supply (NOT_ENOUGT_PROXY likewise, uncharged), the proxies and the buy log.
 */
async function purchase(ctx: AppContext, tx: Tx, buyer: Buyer, p: Purchase, idem: Idem | undefined) {
  const now = ctx.clock.now();
  const expiresAt = addPeriod(now, p.period);
  const [order] = await tx
    .insert(orders)
    .values({
      ...p.order,
      id: randomUUID(),
      code: newOrderCode(),
      userId: buyer.id,
      siteId: buyer.siteId,
      status: 'using',
      paidAt: now,
      expiresAt,
      idempotencyKey: idem?.key ?? null,
      idempotencyRequest: idem?.request ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const o = order!;
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
  // A package's order quantity is its proxy count; retail and key orders buy `quantity` listeners.
  const slots = await allocateSlots(tx, p.product, o.country, o.quantity);
  const rows = await insertProxies(
    tx,
    slots,
    { ...p.proxy, userId: buyer.id, siteId: buyer.siteId, orderId: o.id, expiresAt, createdAt: now, updatedAt: now },
    p.perProxy,
  );
  await repo.insertLog(tx, {
    id: randomUUID(),
    orderId: o.id,
    action: 'buy',
    result: 'success',
    note: p.note,
    amount: -p.charge.total,
    createdAt: now,
  });
  const hosts = new Map(slots.map((sl) => [sl.subServerId, sl.host]));
  return { order: o, rows, host: (r: ProxyRow) => hosts.get(r.subServerId) ?? '' };
}

export async function buyRetail(
  ctx: AppContext,
  buyer: Buyer,
  product: 'v6' | 'v4',
  body: TBuyRetailRequest,
  idempotencyKey?: string,
): Promise<{ order: TOrder; proxies: TProxy[] }> {
  const asked = {
    product,
    country: body.country,
    quantity: body.quantity,
    periodUnit: body.period.unit,
    periodValue: body.period.value,
    protocol: body.protocol,
  } satisfies Asked;
  const idem = idemOf(idempotencyKey, asked);
  const replay = (prior: OrderRow) => purchaseResult(ctx, prior);
  const repeat = await repeatOf(ctx, buyer, idem, replay);
  if (repeat) {
    return repeat.answer;
  }
  await assertProductOpen(ctx.db, buyer.siteId, product);
  const country = await catalog.findCountry(ctx.db, buyer.siteId, product, body.country);
  const price = country?.enabled
    ? await catalog.findRetailPrice(ctx.db, buyer.siteId, product, body.country, body.period.unit)
    : undefined;
  if (!price) {
    throw new AppError('INVALID_COUNTRY');
  }
  // docs/product-rules.md#purchases: at least 1, a multiple of the step (e.g. 50), at most the maximum.
  if (body.quantity % price.quantityStep !== 0 || body.quantity > price.maxQuantity) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [
        {
          path: 'body.quantity',
          message: `must be a multiple of ${price.quantityStep} and at most ${price.maxQuantity}`,
        },
      ],
      quantityStep: price.quantityStep,
      maxQuantity: price.maxQuantity,
    });
  }
  const tiers = await catalog.listDiscountTiers(ctx.db, buyer.siteId, product);
  const q = quote({
    unitPrice: price.price,
    period: body.period,
    quantity: body.quantity,
    discountPercent: discountPercent(tiers, body.quantity),
  });
  return once(
    ctx,
    buyer,
    idem,
    () =>
      ctx.db.transaction(async (tx) => {
        const r = await purchase(
          ctx,
          tx,
          buyer,
          {
            product,
            order: {
              ...asked,
              type: product,
              product,
              totalPrice: q.total,
              autoRenew: body.autoRenew,
            },
            period: body.period,
            charge: {
              total: q.total,
              gross: q.gross,
              describe: `${body.quantity} × ${product.toUpperCase()} ${body.country}, ${body.period.value} ${body.period.unit}`,
              i18n: (code) => ({
                key: 'buyRetail',
                params: { code, quantity: body.quantity, product, country: body.country, period: body.period },
              }),
            },
            proxy: { type: product, protocol: body.protocol, country: body.country, autoRenew: body.autoRenew },
            note: '',
          },
          idem,
        );
        return { order: toOrder(r.order), proxies: r.rows.map((row) => toProxy(row, r.host(row))) };
      }),
    replay,
  );
}

/** Packages (docs/money.md#packages: one package per user; a trial once). */
export async function buyPackage(
  ctx: AppContext,
  buyer: Buyer,
  product: 'v6' | 'v4',
  packageId: string,
  body: { country: string; protocol: 'http' | 'socks5' },
  idempotencyKey?: string,
): Promise<{ order: TOrder; proxies: TProxy[] }> {
  const idem = idemOf(idempotencyKey, { product, country: body.country, packageId, protocol: body.protocol });
  const replay = (prior: OrderRow) => purchaseResult(ctx, prior);
  const repeat = await repeatOf(ctx, buyer, idem, replay);
  if (repeat) {
    return repeat.answer;
  }
  await assertProductOpen(ctx.db, buyer.siteId, product);
  const pkg = await catalog.findPackage(ctx.db, packageId);
  if (!pkg || !pkg.active || pkg.siteId !== buyer.siteId || pkg.product !== product) {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  const country = await catalog.findCountry(ctx.db, buyer.siteId, product, body.country);
  if (!country?.enabled) {
    throw new AppError('INVALID_COUNTRY');
  }
  return once(
    ctx,
    buyer,
    idem,
    async () => {
      // A second trial is ALREADY_USE_TRIAL even while the first still holds the plan slot.
      if (pkg.isTrial) {
        const [prior] = await ctx.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, buyer.id), eq(orders.isTrial, true)))
          .limit(1);
        if (prior) {
          throw new AppError('ALREADY_USE_TRIAL');
        }
      }
      try {
        return await ctx.db.transaction(async (tx) => {
          // The account's "auto-renew all private proxies" covers private IPv4 packages bought while on.
          const [owner] = await tx
            .select({ autoRenewPrivate: users.autoRenewPrivate })
            .from(users)
            .where(eq(users.id, buyer.id));
          const autoRenew = product === 'v4' && (owner?.autoRenewPrivate ?? false);
          const r = await purchase(
            ctx,
            tx,
            buyer,
            {
              product,
              order: {
                type: 'package',
                product,
                country: body.country,
                quantity: pkg.proxies,
                periodUnit: 'day',
                periodValue: pkg.days,
                protocol: body.protocol,
                bandwidthGb: pkg.bandwidthGb,
                totalPrice: pkg.price,
                packageId: pkg.id,
                packageName: pkg.name,
                isTrial: pkg.isTrial,
                holdsPlan: true,
                autoRenew,
              },
              period: { unit: 'day', value: pkg.days },
              charge: {
                total: pkg.price,
                describe: `${pkg.name} (${pkg.proxies} × ${product.toUpperCase()} ${body.country}, ${pkg.days} day)`,
                i18n: (code) => ({
                  key: 'buyPackage',
                  params: {
                    code,
                    package: pkg.name,
                    quantity: pkg.proxies,
                    product,
                    country: body.country,
                    days: pkg.days,
                  },
                }),
              },
              proxy: {
                type: product,
                protocol: body.protocol,
                country: body.country,
                packageName: pkg.name,
                bandwidthLimitGb: pkg.bandwidthGb,
                autoRenew,
              },
              note: pkg.name,
            },
            idem,
          );
          return { order: toOrder(r.order), proxies: r.rows.map((row) => toProxy(row, r.host(row))) };
        });
      } catch (err) {
        const constraint = pgErrorOf(err)?.constraint;
        if (constraint === 'orders_one_trial_uq') {
          throw new AppError('ALREADY_USE_TRIAL');
        }
        if (constraint === 'orders_one_plan_uq') {
          throw new AppError('ALREADY_CREATE_PLAN');
        }
        throw err;
      }
    },
    replay,
  );
}

/** Rotating keys: each key gets a listener and credentials now; get-new-ip rotates its egress. */
export async function buyKeys(
  ctx: AppContext,
  buyer: Buyer,
  packageId: string,
  body: { country: string; quantity: number; protocol: 'http' | 'socks5' },
  idempotencyKey?: string,
): Promise<{ order: TOrder; keys: TKey[] }> {
  const idem = idemOf(idempotencyKey, {
    product: 'key',
    country: body.country,
    quantity: body.quantity,
    packageId,
    protocol: body.protocol,
  });
  const replay = async (o: OrderRow) => {
    const r = await repo.listKeys(ctx.db, { userId: buyer.id, orderId: o.id, search: '', page: 1, limit: 1000 });
    return { order: toOrder(o), keys: r.rows.map((x) => toKey(x.k, x.line)) };
  };
  const repeat = await repeatOf(ctx, buyer, idem, replay);
  if (repeat) {
    return repeat.answer;
  }
  await assertProductOpen(ctx.db, buyer.siteId, 'key');
  const pkg = await catalog.findPackage(ctx.db, packageId);
  if (!pkg || !pkg.active || pkg.siteId !== buyer.siteId || pkg.product !== 'key') {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  const country = await catalog.findCountry(ctx.db, buyer.siteId, 'key', body.country);
  if (!country?.enabled) {
    throw new AppError('INVALID_COUNTRY');
  }
  const total = pkg.price * body.quantity;
  return once(
    ctx,
    buyer,
    idem,
    () =>
      ctx.db
        .transaction(async (tx) => {
          const keyIds = Array.from({ length: body.quantity }, () => randomUUID());
          const r = await purchase(
            ctx,
            tx,
            buyer,
            {
              product: 'key',
              order: {
                type: 'key',
                product: 'key',
                country: body.country,
                quantity: body.quantity,
                periodUnit: 'day',
                periodValue: pkg.days,
                totalPrice: total,
                packageId: pkg.id,
                packageName: pkg.name,
                protocol: body.protocol,
              },
              period: { unit: 'day', value: pkg.days },
              charge: {
                total,
                describe: `${body.quantity} × ${pkg.name} ${body.country}`,
                i18n: (code) => ({
                  key: 'buyKeys',
                  params: { code, package: pkg.name, quantity: body.quantity, country: body.country },
                }),
              },
              proxy: {
                type: 'v4',
                kind: 'rotating',
                protocol: body.protocol,
                country: body.country,
                packageName: pkg.name,
              },
              perProxy: (i) => ({ keyId: keyIds[i] }),
              note: pkg.name,
            },
            idem,
          );
          const keyRows = await tx
            .insert(rotatingKeys)
            .values(
              r.rows.map((p, i) => ({
                id: keyIds[i]!,
                userId: buyer.id,
                siteId: buyer.siteId,
                orderId: r.order.id,
                key: `rk_${randomCredential(24)}`,
                country: body.country,
                expiresAt: p.expiresAt,
                minIntervalSec: pkg.minIntervalSec ?? 60,
                proxyId: p.id,
                createdAt: p.createdAt,
                updatedAt: p.createdAt,
              })),
            )
            .returning();
          return {
            order: toOrder(r.order),
            keys: keyRows.map((k, i) => toKey(k, proxyLine(r.host(r.rows[i]!), r.rows[i]!))),
          };
        })
        .catch((err: unknown) => {
          // The key pool has its own shortage code (docs/product-rules.md#purchases).
          if (err instanceof AppError && err.code === 'NOT_ENOUGT_PROXY') {
            throw new AppError('NOT_ENOUGHT_KEY', err.data);
          }
          throw err;
        }),
    replay,
  );
}
