import { buyEndpoints, type TOrder, type TProxy } from '@proxy/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { orders, proxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { pgErrorOf } from '../../lib/pg-errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findUserById } from '../auth/index.js';
import { releasePlacements } from '../allocation/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { idemOf, oncePerIdempotencyKey, repeatOf, type Idem } from './idempotency.js';
import { toOrder, toProxy, type OrderRow } from './mapper.js';
import { purchase, purchaseResult, sellablePackage, settled, type Buyer, type Package } from './purchase.js';
import { refreshOrders } from './queries.js';

type PackageBody = { country: string; protocol: 'http' | 'socks5' };
type Answer = { order: TOrder; proxies: TProxy[] };

/** POST /api/{v6,v4}-proxy/buy-package/:id: a package of the site (docs/money.md#packages). */
export function buyPackageRoute(app: RouteApp, product: 'v6' | 'v4', opts: RouteOptions): void {
  route(app, buyEndpoints(product).buyPackage, opts, async (req) =>
    buyPackage(
      app.ctx,
      { id: req.user.id, siteId: req.site.id },
      product,
      req.params.id,
      req.body,
      req.headers['idempotency-key'],
    ),
  );
}

/** The user's trial order while it still holds the package slot, locked (orders before their items). */
async function lockHeldTrial(tx: Tx, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.holdsPlan, true), eq(orders.isTrial, true)))
    .for('update');
  return row;
}

/**
 * Ends an order's proxies now: locked (their ports and addresses go back to the pool), expiry
 * brought forward to `now`, auto-renew off. Returns the proxies it changed.
 */
async function endProxiesOfOrder(tx: Tx, orderId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(proxies)
    .set({
      status: 'locked',
      lockedAt: now,
      expiresAt: sql`least(${proxies.expiresAt}, ${now.toISOString()}::timestamptz)`,
      autoRenew: false,
      updatedAt: now,
    })
    .where(and(eq(proxies.orderId, orderId), ne(proxies.status, 'locked')))
    .returning({ id: proxies.id });
  return rows.map((r) => r.id);
}

async function hasTrialOrder(db: DbOrTx, userId: string): Promise<boolean> {
  const [prior] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.isTrial, true)))
    .limit(1);
  return prior !== undefined;
}

/**
 * docs/money.md#packages: a paid package ends the user's trial. Its proxies stop now (locked, their
 * ports back in the pool, so the trial cannot be renewed either) and its order turns expired and
 * gives up the package slot, all in the purchase's transaction: if the purchase fails, the trial
 * goes on. Lock order as everywhere: the order, then its proxies, then (in the charge) the user.
 */
async function endTrial(ctx: AppContext, tx: Tx, userId: string): Promise<void> {
  const trial = await lockHeldTrial(tx, userId);
  if (!trial) {
    return;
  }
  const ended = await endProxiesOfOrder(tx, trial.id, ctx.clock.now());
  await releasePlacements(tx, ended);
  await recordProxyChanges(tx, ended);
  await refreshOrders(tx, [trial.id]);
}

/** The order, charge and proxies of a package, in the caller's transaction. */
async function packagePurchase(
  ctx: AppContext,
  tx: Tx,
  buyer: Buyer,
  product: 'v6' | 'v4',
  pkg: Package,
  body: PackageBody,
  idem: Idem | undefined,
): Promise<Answer> {
  // The account's "auto-renew all private proxies" covers private IPv4 packages bought while on.
  const autoRenew = product === 'v4' && ((await findUserById(tx, buyer.id))?.autoRenewPrivate ?? false);
  const { country, protocol } = body;
  const r = await purchase(
    ctx,
    tx,
    buyer,
    {
      product,
      order: {
        type: 'package',
        product,
        country,
        quantity: pkg.proxies,
        periodUnit: 'day',
        periodValue: pkg.days,
        protocol,
        bandwidthGb: pkg.bandwidthGb,
        totalPrice: pkg.price,
        packageId: pkg.id,
        packageName: pkg.name,
        packageNameEng: pkg.nameEng,
        isTrial: pkg.isTrial,
        holdsPlan: true,
        autoRenew,
      },
      period: { unit: 'day', value: pkg.days },
      charge: {
        total: pkg.price,
        describe: `${pkg.name} (${pkg.proxies} × ${product.toUpperCase()} ${country}, ${pkg.days} day)`,
        i18n: (code) => ({
          key: 'buyPackage',
          params: {
            code,
            package: pkg.name,
            packageEng: pkg.nameEng,
            quantity: pkg.proxies,
            product,
            country,
            days: pkg.days,
          },
        }),
      },
      proxy: { type: product, protocol, country, packageName: pkg.name, bandwidthLimitGb: pkg.bandwidthGb, autoRenew },
      note: pkg.name,
    },
    idem,
  );
  return { order: toOrder(r.order), proxies: r.rows.map((row) => toProxy(row, r.host(row))) };
}

/** The unique indexes behind "one package per user" and "a trial once", as their error codes. */
function planConflict(err: unknown): never {
  const constraint = pgErrorOf(err)?.constraint;
  if (constraint === 'orders_one_trial_uq') {
    throw new AppError('ALREADY_USE_TRIAL');
  }
  if (constraint === 'orders_one_plan_uq') {
    throw new AppError('ALREADY_CREATE_PLAN');
  }
  throw err;
}

/** Packages (docs/money.md#packages: one package per user, a trial once; a paid package ends the trial). */
export async function buyPackage(
  ctx: AppContext,
  buyer: Buyer,
  product: 'v6' | 'v4',
  packageId: string,
  body: PackageBody,
  idempotencyKey?: string,
): Promise<Answer> {
  const idem = idemOf(idempotencyKey, { product, country: body.country, packageId, protocol: body.protocol });
  const replay = (prior: OrderRow) => purchaseResult(ctx, prior);
  const repeat = await repeatOf(ctx, buyer, idem, replay);
  if (repeat) {
    return repeat.answer;
  }
  const pkg = await sellablePackage(ctx, buyer, product, packageId, body.country);
  const run = async () => {
    // A second trial is ALREADY_USE_TRIAL even while the first still holds the plan slot.
    if (pkg.isTrial && (await hasTrialOrder(ctx.db, buyer.id))) {
      throw new AppError('ALREADY_USE_TRIAL');
    }
    return ctx.db
      .transaction(async (tx) => {
        if (!pkg.isTrial) {
          await endTrial(ctx, tx, buyer.id);
        }
        return packagePurchase(ctx, tx, buyer, product, pkg, body, idem);
      })
      .catch(planConflict);
  };
  return settled(ctx, await oncePerIdempotencyKey(ctx, buyer, idem, run, replay), replay);
}
