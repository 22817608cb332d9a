import { randomUUID } from 'node:crypto';
import { keyBuyEndpoints, type TKey, type TLedgerI18n, type TOrder } from '@proxy/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { nodes, proxies, rotatingKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { randomCredential } from '../allocation/index.js';
import { idemOf, oncePerIdempotencyKey, repeatOf } from './idempotency.js';
import { toKey, toOrder, proxyLine, type OrderRow } from './mapper.js';
import { purchase, sellablePackage, type Buyer, type Package } from './purchase.js';
import { keyLine } from './queries.js';

/** POST /api/key/buy-key-package/:id: keys of a key package, each with its listener. */
export function buyKeysRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, keyBuyEndpoints.buyKeyPackage, opts, async (req) =>
    buyKeys(app.ctx, { id: req.user.id, siteId: req.site.id }, req.params.id, req.body, req.headers['idempotency-key']),
  );
}

/** A key purchase's ledger description as a translation key, with the package's names as bought. */
function keysBought(pkg: Package, quantity: number, country: string): (code: string) => TLedgerI18n {
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
  const pkg = await sellablePackage(ctx, buyer, 'key', packageId, body.country);
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
  const rows = await keysOfOrder(ctx.db, buyer.id, o.id, 1000);
  return { order: toOrder(o), keys: rows.map((x) => toKey(x.k, x.line)) };
}

/** An order's keys with their listener's line, newest first: the same rows and line as the key list. */
async function keysOfOrder(db: DbOrTx, userId: string, orderId: string, limit: number) {
  return db
    .select({ k: rotatingKeys, line: keyLine })
    .from(rotatingKeys)
    .leftJoin(proxies, eq(proxies.id, rotatingKeys.proxyId))
    .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(and(eq(rotatingKeys.userId, userId), eq(rotatingKeys.orderId, orderId)))
    .orderBy(desc(rotatingKeys.createdAt), desc(rotatingKeys.id))
    .limit(limit);
}

/** One key per listener proxy of the purchase, with the proxy's expiry and creation time. */
function insertKeysOf(
  tx: Tx,
  buyer: Buyer,
  pkg: Package,
  country: string,
  r: { order: OrderRow; rows: { id: string; expiresAt: Date; createdAt: Date }[] },
  keyIds: string[],
) {
  const rows: (typeof rotatingKeys.$inferInsert)[] = r.rows.map((p, i) => ({
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
  }));
  return tx.insert(rotatingKeys).values(rows).returning();
}

/** The key pool has its own shortage code (docs/product-rules.md#purchases). */
function asKeyShortage(err: unknown): never {
  if (err instanceof AppError && err.code === 'NOT_ENOUGT_PROXY') {
    throw new AppError('NOT_ENOUGHT_KEY', err.data);
  }
  throw err;
}
