import { randomUUID } from 'node:crypto';
import {
  buyEndpoints,
  discountPercent,
  quote,
  type TBuyRetailRequest,
  type TKey,
  type TLedgerI18n,
  type TOrder,
  type TProxy,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import * as catalog from '../catalog/index.js';
import { randomCredential } from '../allocation/index.js';
import { toKey, toOrder, toProxy, proxyLine, type OrderRow } from './mapper.js';
import {
  assertProductOpen,
  idemOf,
  oncePerIdempotencyKey,
  purchase,
  repeatOf,
  settled,
  type Asked,
  type Buyer,
} from './purchase.js';
import * as repo from './repository.js';
import { assertRetailQuantity, findSellingRetailPrice } from './retail-price.js';
import * as items from './items-repository.js';

/** The whole answer of a purchase, also what a repeated Idempotency-Key gets back. */
async function purchaseResult(ctx: AppContext, order: OrderRow): Promise<{ order: TOrder; proxies: TProxy[] }> {
  const rows = await repo.proxiesOfOrder(ctx.db, order.id);
  return { order: toOrder(order), proxies: rows.map((r) => toProxy(r.p, r.host)) };
}

/** POST /api/{v6,v4}-proxy/buy-retail: a quantity of one country's proxies at the retail price. */
export function buyRetailRoute(app: RouteApp, product: 'v6' | 'v4', opts: RouteOptions): void {
  route(app, buyEndpoints(product).buyRetail, opts, async (req) =>
    buyRetail(app.ctx, { id: req.user.id, siteId: req.site.id }, product, req.body, req.headers['idempotency-key']),
  );
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
  const price = await findSellingRetailPrice(ctx.db, buyer.siteId, product, body.country, body.period.unit);
  assertRetailQuantity(price, body.quantity, body.quantity, {
    path: 'body.quantity',
    message: `must be a multiple of ${price.quantityStep} and at most ${price.maxQuantity}`,
  });
  const tiers = await catalog.listDiscountTiers(ctx.db, buyer.siteId, product);
  const q = quote({
    unitPrice: price.price,
    period: body.period,
    quantity: body.quantity,
    discountPercent: discountPercent(tiers, body.quantity),
  });
  const answer = await oncePerIdempotencyKey(
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
  return settled(ctx, answer, replay);
}

/** Packages live in buy-package.ts (one package per user; a paid package ends the trial). */
export { buyPackage } from './buy-package.js';

/** A key purchase's ledger description as a translation key, with the package's names as bought. */
function keysBought(pkg: KeyPackage, quantity: number, country: string): (code: string) => TLedgerI18n {
  return (code) => ({
    key: 'buyKeys',
    params: { code, package: pkg.name, packageEng: pkg.nameEng, quantity, country },
  });
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
  const replay = (o: OrderRow) => keyPurchaseResult(ctx, buyer, o);
  const repeat = await repeatOf(ctx, buyer, idem, replay);
  if (repeat) {
    return repeat.answer;
  }
  const pkg = await sellableKeyPackage(ctx, buyer, packageId, body.country);
  const total = pkg.price * body.quantity;
  return oncePerIdempotencyKey(
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
                packageNameEng: pkg.nameEng,
                protocol: body.protocol,
              },
              period: { unit: 'day', value: pkg.days },
              charge: {
                total,
                describe: `${body.quantity} × ${pkg.name} ${body.country}`,
                i18n: keysBought(pkg, body.quantity, body.country),
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
          const keyRows = await insertKeysOf(tx, buyer, pkg, body.country, r, keyIds);
          return {
            order: toOrder(r.order),
            keys: keyRows.map((k, i) => toKey(k, proxyLine(r.host(r.rows[i]!), r.rows[i]!))),
          };
        })
        .catch(asKeyShortage),
    replay,
  );
}

/** The whole answer of a key purchase, also what a repeated Idempotency-Key gets back. */
async function keyPurchaseResult(ctx: AppContext, buyer: Buyer, o: OrderRow): Promise<{ order: TOrder; keys: TKey[] }> {
  const rows = await items.keysOfOrder(ctx.db, buyer.id, o.id, 1000);
  return { order: toOrder(o), keys: rows.map((x) => toKey(x.k, x.line)) };
}

type KeyPackage = NonNullable<Awaited<ReturnType<typeof catalog.findPackage>>>;

/** The active key package `packageId` of the buyer's site, with `country` on sale for keys. */
async function sellableKeyPackage(ctx: AppContext, buyer: Buyer, packageId: string, country: string) {
  await assertProductOpen(ctx.db, buyer.siteId, 'key');
  const pkg = await catalog.findPackage(ctx.db, packageId);
  if (!pkg || !pkg.active || pkg.siteId !== buyer.siteId || pkg.product !== 'key') {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  const row = await catalog.findCountry(ctx.db, buyer.siteId, 'key', country);
  if (!row?.enabled) {
    throw new AppError('INVALID_COUNTRY');
  }
  return pkg;
}

/** One key per listener proxy of the purchase, with the proxy's expiry and creation time. */
function insertKeysOf(
  tx: Tx,
  buyer: Buyer,
  pkg: KeyPackage,
  country: string,
  r: { order: OrderRow; rows: { id: string; expiresAt: Date; createdAt: Date }[] },
  keyIds: string[],
) {
  return items.insertKeyRows(
    tx,
    r.rows.map((p, i) => ({
      id: keyIds[i]!,
      userId: buyer.id,
      siteId: buyer.siteId,
      orderId: r.order.id,
      key: `rk_${randomCredential(24)}`,
      country,
      expiresAt: p.expiresAt,
      minIntervalSec: pkg.minIntervalSec ?? 60,
      proxyId: p.id,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })),
  );
}

/** The key pool has its own shortage code (docs/product-rules.md#purchases). */
function asKeyShortage(err: unknown): never {
  if (err instanceof AppError && err.code === 'NOT_ENOUGT_PROXY') {
    throw new AppError('NOT_ENOUGHT_KEY', err.data);
  }
  throw err;
}
