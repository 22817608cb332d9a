import { randomUUID } from 'node:crypto';
import {
  discountPercent,
  periodToHours,
  quote,
  type Period,
  type TBuyRetailRequest,
  type TKey,
  type TOrder,
  type TProxy,
  type TransactionType,
} from '@proxy/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { orders, proxies, rotatingKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { pgErrorOf } from '../../lib/pg-errors.js';
import * as catalog from '../catalog/repository.js';
import { changeBalance } from '../ledger/service.js';
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
async function insertProxies(
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

/** Runs a purchase once per Idempotency-Key: a repeat, even a concurrent one, gets the first answer. */
async function once<T>(
  ctx: AppContext,
  buyer: Buyer,
  key: string | undefined,
  run: () => Promise<T>,
  replay: (o: OrderRow) => Promise<T>,
) {
  if (key) {
    const prior = await repo.findOrderByIdempotencyKey(ctx.db, buyer.id, key);
    if (prior) {
      return replay(prior);
    }
  }
  try {
    return await run();
  } catch (err) {
    if (key && pgErrorOf(err)?.constraint === 'orders_idem_uq') {
      const prior = await repo.findOrderByIdempotencyKey(ctx.db, buyer.id, key);
      if (prior) {
        return replay(prior);
      }
    }
    throw err;
  }
}

export async function buyRetail(
  ctx: AppContext,
  buyer: Buyer,
  product: 'v6' | 'v4',
  body: TBuyRetailRequest,
  idempotencyKey?: string,
): Promise<{ order: TOrder; proxies: TProxy[] }> {
  const country = await catalog.findCountry(ctx.db, buyer.siteId, product, body.country);
  const price = country?.enabled
    ? await catalog.findRetailPrice(ctx.db, buyer.siteId, product, body.country, body.period.unit)
    : undefined;
  if (!price) {
    throw new AppError('INVALID_COUNTRY');
  }
  // seed-spec §5: at least 1, a multiple of the step (e.g. 50), at most the maximum.
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
    idempotencyKey,
    () =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const expiresAt = addPeriod(now, body.period);
        const [order] = await tx
          .insert(orders)
          .values({
            id: randomUUID(),
            code: newOrderCode(),
            userId: buyer.id,
            siteId: buyer.siteId,
            type: product,
            product,
            country: body.country,
            quantity: body.quantity,
            periodUnit: body.period.unit,
            periodValue: body.period.value,
            status: 'using',
            protocol: body.protocol,
            totalPrice: q.total,
            paidAt: now,
            expiresAt,
            autoRenew: body.autoRenew,
            idempotencyKey: idempotencyKey ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const o = order!;
        await changeBalance(tx, {
          userId: buyer.id,
          amount: -q.total,
          price: q.gross,
          type: BUY_TX_TYPE[product],
          content: `${o.code}: ${body.quantity} × ${product.toUpperCase()} ${body.country}, ${body.period.value} ${body.period.unit}`,
          refType: 'order',
          refId: o.id,
          at: now,
        });
        const slots = await allocateSlots(tx, product, body.country, body.quantity);
        const rows = await insertProxies(tx, slots, {
          userId: buyer.id,
          siteId: buyer.siteId,
          orderId: o.id,
          type: product,
          protocol: body.protocol,
          country: body.country,
          expiresAt,
          autoRenew: body.autoRenew,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertLog(tx, {
          id: randomUUID(),
          orderId: o.id,
          action: 'buy',
          result: 'success',
          note: '',
          amount: -q.total,
          createdAt: now,
        });
        const hosts = new Map(slots.map((s) => [s.subServerId, s.host]));
        return { order: toOrder(o), proxies: rows.map((r) => toProxy(r, hosts.get(r.subServerId) ?? '')) };
      }),
    (prior) => purchaseResult(ctx, prior),
  );
}

/** Packages (seed-spec §9: one package per user; a trial once). */
export async function buyPackage(
  ctx: AppContext,
  buyer: Buyer,
  product: 'v6' | 'v4',
  packageId: string,
  body: { country: string; protocol: 'http' | 'socks5' },
  idempotencyKey?: string,
): Promise<{ order: TOrder; proxies: TProxy[] }> {
  const pkg = await catalog.findPackage(ctx.db, packageId);
  if (!pkg || !pkg.active || pkg.siteId !== buyer.siteId || pkg.product !== product) {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  const country = await catalog.findCountry(ctx.db, buyer.siteId, product, body.country);
  if (!country?.enabled) {
    throw new AppError('INVALID_COUNTRY');
  }
  const period: Period = { unit: 'day', value: pkg.days };
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
  return once(
    ctx,
    buyer,
    idempotencyKey,
    async () => {
      try {
        return await ctx.db.transaction(async (tx) => {
          const now = ctx.clock.now();
          const expiresAt = addPeriod(now, period);
          const [order] = await tx
            .insert(orders)
            .values({
              id: randomUUID(),
              code: newOrderCode(),
              userId: buyer.id,
              siteId: buyer.siteId,
              type: 'package',
              product,
              country: body.country,
              quantity: pkg.proxies,
              periodUnit: 'day',
              periodValue: pkg.days,
              status: 'using',
              protocol: body.protocol,
              bandwidthGb: pkg.bandwidthGb,
              totalPrice: pkg.price,
              paidAt: now,
              expiresAt,
              packageId: pkg.id,
              packageName: pkg.name,
              isTrial: pkg.isTrial,
              holdsPlan: true,
              idempotencyKey: idempotencyKey ?? null,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          const o = order!;
          if (pkg.price > 0) {
            await changeBalance(tx, {
              userId: buyer.id,
              amount: -pkg.price,
              type: BUY_TX_TYPE[product],
              content: `${o.code}: ${pkg.name} (${pkg.proxies} × ${product.toUpperCase()} ${body.country}, ${pkg.days} day)`,
              refType: 'order',
              refId: o.id,
              at: now,
            });
          }
          const slots = await allocateSlots(tx, product, body.country, pkg.proxies);
          const rows = await insertProxies(tx, slots, {
            userId: buyer.id,
            siteId: buyer.siteId,
            orderId: o.id,
            type: product,
            protocol: body.protocol,
            country: body.country,
            packageName: pkg.name,
            bandwidthLimitGb: pkg.bandwidthGb,
            expiresAt,
            createdAt: now,
            updatedAt: now,
          });
          await repo.insertLog(tx, {
            id: randomUUID(),
            orderId: o.id,
            action: 'buy',
            result: 'success',
            note: pkg.name,
            amount: -pkg.price,
            createdAt: now,
          });
          const hosts = new Map(slots.map((s) => [s.subServerId, s.host]));
          return { order: toOrder(o), proxies: rows.map((r) => toProxy(r, hosts.get(r.subServerId) ?? '')) };
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
    (prior) => purchaseResult(ctx, prior),
  );
}

/** Rotating keys: each key gets a listener and credentials now; get-new-ip rotates its egress. */
export async function buyKeys(
  ctx: AppContext,
  buyer: Buyer,
  packageId: string,
  body: { country: string; quantity: number },
  idempotencyKey?: string,
): Promise<{ order: TOrder; keys: TKey[] }> {
  const pkg = await catalog.findPackage(ctx.db, packageId);
  if (!pkg || !pkg.active || pkg.siteId !== buyer.siteId || pkg.product !== 'key') {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  const country = await catalog.findCountry(ctx.db, buyer.siteId, 'key', body.country);
  if (!country?.enabled) {
    throw new AppError('INVALID_COUNTRY');
  }
  const total = pkg.price * body.quantity;
  const replay = async (o: OrderRow) => {
    const r = await repo.listKeys(ctx.db, { userId: buyer.id, search: '', page: 1, limit: 1000 });
    return { order: toOrder(o), keys: r.rows.filter((x) => x.k.orderId === o.id).map((x) => toKey(x.k, x.line)) };
  };
  return once(
    ctx,
    buyer,
    idempotencyKey,
    () =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const expiresAt = addPeriod(now, { unit: 'day', value: pkg.days });
        const [order] = await tx
          .insert(orders)
          .values({
            id: randomUUID(),
            code: newOrderCode(),
            userId: buyer.id,
            siteId: buyer.siteId,
            type: 'key',
            product: 'key',
            country: body.country,
            quantity: body.quantity,
            periodUnit: 'day',
            periodValue: pkg.days,
            status: 'using',
            totalPrice: total,
            paidAt: now,
            expiresAt,
            packageId: pkg.id,
            packageName: pkg.name,
            idempotencyKey: idempotencyKey ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const o = order!;
        await changeBalance(tx, {
          userId: buyer.id,
          amount: -total,
          type: 'buy_key',
          content: `${o.code}: ${body.quantity} × ${pkg.name} ${body.country}`,
          refType: 'order',
          refId: o.id,
          at: now,
        });
        const slots = await allocateSlots(tx, 'key', body.country, body.quantity);
        const keyIds = slots.map(() => randomUUID());
        const proxyRows = await insertProxies(
          tx,
          slots,
          {
            userId: buyer.id,
            siteId: buyer.siteId,
            orderId: o.id,
            type: 'v4',
            kind: 'rotating',
            protocol: 'http',
            country: body.country,
            packageName: pkg.name,
            expiresAt,
            createdAt: now,
            updatedAt: now,
          },
          (i) => ({ keyId: keyIds[i] }),
        );
        const keyRows = await tx
          .insert(rotatingKeys)
          .values(
            proxyRows.map((p, i) => ({
              id: keyIds[i]!,
              userId: buyer.id,
              siteId: buyer.siteId,
              orderId: o.id,
              key: `rk_${randomCredential(24)}`,
              country: body.country,
              expiresAt,
              minIntervalSec: pkg.minIntervalSec ?? 60,
              proxyId: p.id,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning();
        await repo.insertLog(tx, {
          id: randomUUID(),
          orderId: o.id,
          action: 'buy',
          result: 'success',
          note: pkg.name,
          amount: -total,
          createdAt: now,
        });
        const hosts = new Map(slots.map((s) => [s.subServerId, s.host]));
        return {
          order: toOrder(o),
          keys: keyRows.map((k, i) => toKey(k, proxyLine(hosts.get(proxyRows[i]!.subServerId) ?? '', proxyRows[i]!))),
        };
      }),
    replay,
  );
}
