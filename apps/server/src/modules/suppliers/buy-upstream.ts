import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type Tx } from '../../db/client.js';
import { proxies, upstreamProxies } from '../../db/schema/index.js';
import { backoff } from '../../lib/backoff.js';
import { AppError } from '../../lib/errors.js';
import { hostRefusal, outboundOf } from '../../lib/outbound.js';
import { publish } from '../realtime/index.js';
import { allocateChainedPlacements, bindPlacements, newCredentials } from '../allocation/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { SupplierError } from './clients/http.js';
import { lineKeyOf } from './clients/list-lines.js';
import { PROXY6_MIN_DAYS, PROXY6_NO_MONEY, proxy6Version, type Proxy6Proxy } from './clients/proxy6.js';
import { bindUpstreams, tryImmediateSource, type Delivery } from './plan-supply.js';
import {
  claim,
  failPurchase,
  LeaseLost,
  lockOrder,
  renewLease,
  retireBought,
  setIntent,
  type Intent,
  type OrderRow,
} from './purchase-intent.js';
import {
  coinCost,
  findSupplierById,
  proxy6Of,
  rateOf,
  recordSupplierError,
  recordSupplierEvent,
  seal,
  type SupplierRow,
} from './queries.js';

/**
 * The purchase-intent worker: buys upstream after the customer's payment committed, exactly once.
 * An intent is worked under a lease (one worker at a time, across instances); the purchase carries
 * the intent's id as Proxy6's `descr`, so after a crash or an unanswered call `getproxy` finds what
 * was bought before anything is bought again. What was bought is recorded (`bought`) before it is
 * delivered; delivery and refund each lock the order and act only on a waiting one, so an order is
 * delivered once or refunded once. A source that cannot deliver gives way to the next of the
 * route; none left: the order is cancelled with PROXY_BUY_FAIL and refunded in one ledger row.
 *
 * The lease (purchase-intent.ts claim) outlives the longest call (queries.ts supplierLeaseMs) and
 * is renewed, only while it is still this worker's, right before each call goes out; recording a
 * purchase checks it again, so a worker that lost its intent to another (a stall longer than the
 * lease) neither buys nor records.
 */

/** Unanswered calls to one source before the next source is tried. */
const MAX_UNANSWERED = 3;
/** Tries to put what was bought on a free port of our nodes before the order is refunded and alerted. */
const MAX_DELIVERY_TRIES = 3;
/** The wait before an intent is tried again: 2 s doubled per attempt it made, at most a minute. */
const RETRY_FIRST_MS = 2000;
const RETRY_CAP_MS = 60_000;
const DAY_MS = 86_400_000;

/** Puts the customer's proxies on the delivery's placements and turns the order `using`. */
async function deliverOnto(ctx: AppContext, tx: Tx, it: Intent, o: OrderRow, d: Delivery): Promise<void> {
  const now = ctx.clock.now();
  const expiresAt = new Date(o.expires_at);
  const bound = d.placements.map((s) => Object.assign({}, s, { proxyId: randomUUID() }));
  await tx.insert(proxies).values(
    bound.map((s) => ({
      ...newCredentials(),
      id: s.proxyId,
      userId: it.userId,
      siteId: it.siteId,
      orderId: it.orderId,
      type: it.product,
      protocol: it.protocol,
      country: it.country,
      nodeId: s.nodeId,
      port: s.port,
      egressIp: s.egressIp,
      egressIpId: s.egressIpId,
      autoRenew: o.auto_renew,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await bindPlacements(tx, bound);
  await bindUpstreams(
    tx,
    d,
    bound.map((b) => b.proxyId),
    { id: o.id, siteId: it.siteId, product: it.product, country: it.country, totalPrice: Number(o.total_price) },
    now,
  );
  await recordProxyChanges(
    tx,
    bound.map((b) => b.proxyId),
  );
  await tx.execute(sql`update orders set status = 'using', updated_at = ${now.toISOString()} where id = ${o.id}`);
  await setIntent(tx, it.id, { status: 'delivered', leaseUntil: null, updatedAt: now });
  await publish(tx, it.userId, { type: 'order.updated', data: { id: o.id, status: 'using' } });
}

/**
 * The order is no longer waiting (an admin cancelled it): the intent ends without delivering, and
 * what it bought is no pool's stock (it was paid for this order only). A delivered intent stays so.
 */
async function abandon(ctx: AppContext, tx: Tx, it: Intent): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await tx.execute(
    sql`update supplier_purchases set status = 'failed', lease_until = null, last_error = 'order not waiting',
          updated_at = ${now} where id = ${it.id} and status in ('pending', 'bought')`,
  );
  await retireBought(tx, it.id, now);
}

/** Delivers what a source holds now (own nodes, a pool); false when it cannot cover the order. */
async function deliverImmediate(ctx: AppContext, it: Intent, source: string): Promise<boolean> {
  const supplier = source === 'own' ? undefined : await findSupplierById(ctx.db, source);
  return ctx.db.transaction(async (tx) => {
    const o = await lockOrder(tx, it.orderId);
    if (o?.status !== 'waiting') {
      await abandon(ctx, tx, it);
      return true;
    }
    const d = await tryImmediateSource(
      tx,
      {
        siteId: it.siteId,
        product: it.product,
        country: it.country,
        quantity: it.quantity,
        expiresAt: new Date(o.expires_at),
      },
      source,
      supplier && { id: supplier.id, kind: supplier.kind, status: supplier.status, name: supplier.name },
    );
    if (!d) {
      return false;
    }
    await deliverOnto(ctx, tx, it, o, d);
    return true;
  });
}

/** What was bought cannot make up the order: refunded at once, never retried. */
class ShortDelivery extends Error {}

/** Delivers what the intent bought upstream (recorded `free` rows carrying its id). */
async function deliverBought(ctx: AppContext, it: Intent): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const o = await lockOrder(tx, it.orderId);
    if (o?.status !== 'waiting') {
      await abandon(ctx, tx, it);
      return;
    }
    const rows = await queryRows<{ id: string; exit_ip: string; cost: number; supplier_id: string; name: string }>(
      tx,
      sql`select u.id, u.exit_ip, u.cost, u.supplier_id, s.name from upstream_proxies u join suppliers s on s.id = u.supplier_id
          where u.intent_id = ${it.id} and u.status = 'free' order by u.created_at, u.id for update of u`,
    );
    if (rows.length !== it.quantity) {
      // Fewer distinct proxies were recorded than were paid for (two answered as one line).
      throw new ShortDelivery(`recorded ${rows.length} of ${it.quantity} proxies`);
    }
    const placements = await allocateChainedPlacements(
      tx,
      rows.map((r) => r.exit_ip),
    );
    await deliverOnto(ctx, tx, it, o, {
      placements,
      upstreams: rows.map((r) => ({ id: r.id, supplierId: r.supplier_id, supplierName: r.name, cost: Number(r.cost) })),
    });
  });
}

type Outcome = 'bought' | 'next' | 'retry' | 'gone';

/**
 * Why a Proxy6 answer cannot serve the order (another country, fewer proxies, one proxy twice, an
 * address that is not public), or null.
 */
function mismatch(ctx: AppContext, it: Intent, got: Proxy6Proxy[]): string | null {
  if (got.length !== it.quantity) {
    return `answered ${got.length} of ${it.quantity} proxies`;
  }
  if (new Set(got.map((p) => lineKeyOf(p.host, p.port, p.user))).size !== got.length) {
    return 'answered one proxy twice';
  }
  const wrong = got.find((p) => p.country !== '' && p.country !== it.country.toLowerCase());
  if (wrong) {
    return `answered country ${wrong.country.toUpperCase()} for ${it.country}`;
  }
  // The gateway judges a named host again at each connection.
  const out = outboundOf(ctx.config);
  for (const p of got) {
    const refused = hostRefusal(out, p.host) ?? hostRefusal(out, p.ip);
    if (refused !== null) {
      return `answered an address that may not be reached: ${refused}`;
    }
  }
  return null;
}

async function buyFromProxy6(ctx: AppContext, it: Intent, s: SupplierRow): Promise<Outcome> {
  const client = proxy6Of(ctx, s, () => renewLease(ctx, it));
  const [o] = await queryRows<{ expires_at: Date | string; status: string }>(
    ctx.db,
    sql`select expires_at, status from orders where id = ${it.orderId}`,
  );
  if (o?.status !== 'waiting') {
    // Cancelled by an admin (and refunded) while it waited: nothing is bought for it.
    return 'gone';
  }
  const left = new Date(o.expires_at).getTime() - ctx.clock.nowMs();
  const period = Math.max(PROXY6_MIN_DAYS, Math.ceil((left + s.safetyMarginHours * 3600_000) / DAY_MS));
  const version = proxy6Version(it.product);
  try {
    // A retried intent may have bought before its answer was lost: look it up first.
    let got = it.attempts > 1 ? await client.byDescr(it.id) : [];
    let price = 0;
    let currency = s.currency ?? '';
    let orderId: string | null = null;
    if (got.length === 0) {
      const r = await client.buy({
        count: it.quantity,
        period,
        country: it.country,
        version,
        protocol: it.protocol,
        descr: it.id,
      });
      got = r.proxies;
      price = r.price;
      currency = r.currency;
      orderId = r.orderId;
    }
    const bad = mismatch(ctx, it, got);
    if (bad) {
      await client.delete(got.map((p) => p.id)).catch(() => 0);
      await recordSupplierError(ctx.db, s.id, bad, ctx.clock.now());
      it.lastError = bad;
      await setIntent(ctx.db, it.id, { lastError: bad });
      return 'next';
    }
    const each = coinCost(price, it.quantity, await rateOf(ctx.db, it.siteId, currency));
    await recordBought(ctx, it, s, got, each, orderId);
    return 'bought';
  } catch (err) {
    if (!(err instanceof SupplierError)) {
      throw err;
    }
    await recordSupplierError(ctx.db, s.id, err.supplierMessage, ctx.clock.now());
    it.lastError = err.supplierMessage;
    await setIntent(ctx.db, it.id, { lastError: err.supplierMessage });
    if (err.kind === 'refused' && err.errorId === PROXY6_NO_MONEY) {
      await recordSupplierEvent(
        ctx.db,
        s.id,
        'error',
        `ADMIN_ERROR: out of proxy credits (${err.supplierMessage})`,
        ctx.clock.now(),
      );
    }
    return err.ambiguous && it.attempts < MAX_UNANSWERED ? 'retry' : 'next';
  }
}

async function recordBought(
  ctx: AppContext,
  it: Intent,
  s: SupplierRow,
  got: Proxy6Proxy[],
  cost: number,
  supplierOrderId: string | null,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(upstreamProxies)
      .values(
        got.map((p) => ({
          id: randomUUID(),
          supplierId: s.id,
          siteId: it.siteId,
          upstreamId: p.id,
          lineKey: lineKeyOf(p.host, p.port, p.user),
          product: it.product,
          country: it.country,
          protocol: p.protocol,
          host: p.host,
          port: p.port,
          exitIp: p.ip,
          usernameSealed: p.user ? seal(ctx, p.user) : null,
          passwordSealed: p.pass ? seal(ctx, p.pass) : null,
          expiresAt: p.expiresAt,
          cost,
          status: 'free' as const,
          intentId: it.id,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
    // Only while the intent is still this worker's: another that took it over records its own.
    await renewLease(ctx, it, tx);
    await setIntent(tx, it.id, { status: 'bought', supplierId: s.id, supplierOrderId, attempts: 0, updatedAt: now });
    await recordSupplierEvent(tx, s.id, 'bought', `${got.length} × ${it.product} ${it.country}`, now);
  });
  // Delivery tries are counted from here on.
  it.attempts = 0;
}

/** Delivers a bought intent, or defers it, or after MAX_DELIVERY_TRIES refunds the order. */
async function deliverOrDefer(ctx: AppContext, it: Intent): Promise<void> {
  try {
    await deliverBought(ctx, it);
  } catch (err) {
    if (err instanceof ShortDelivery) {
      await failPurchase(ctx, it, err.message);
      return;
    }
    if (!(err instanceof AppError)) {
      throw err;
    }
    const reason = `bought, but no free port on our nodes (${err.code})`;
    if (it.attempts >= MAX_DELIVERY_TRIES) {
      await failPurchase(ctx, it, reason);
      return;
    }
    const delay = backoff(it.attempts, RETRY_FIRST_MS, RETRY_CAP_MS);
    await setIntent(ctx.db, it.id, {
      leaseUntil: null,
      lastError: reason,
      nextAttemptAt: new Date(ctx.clock.nowMs() + delay),
    });
  }
}

/**
 * Works one intent as far as it goes now; returns when it is delivered, failed or deferred, or
 * when another worker took it over.
 */
export async function processPurchase(ctx: AppContext, intentId: string): Promise<void> {
  const it = await claim(ctx, intentId);
  if (!it) {
    return;
  }
  try {
    await work(ctx, it);
  } catch (err) {
    if (!(err instanceof LeaseLost)) {
      throw err;
    }
  }
}

async function work(ctx: AppContext, it: Intent): Promise<void> {
  for (;;) {
    if (it.status === 'bought') {
      await deliverOrDefer(ctx, it);
      return;
    }
    const source = it.sources[it.sourceIndex];
    if (source === undefined) {
      await failPurchase(ctx, it, it.lastError ?? 'no source could deliver');
      return;
    }
    const supplier = source === 'own' ? undefined : await findSupplierById(ctx.db, source);
    let outcome: Outcome;
    if (supplier?.kind === 'proxy6') {
      outcome = supplier.status === 'disabled' ? 'next' : await buyFromProxy6(ctx, it, supplier);
    } else {
      outcome = (await deliverImmediate(ctx, it, source)) ? 'bought' : 'next';
      if (outcome === 'bought') {
        return;
      }
    }
    if (outcome === 'gone') {
      await ctx.db.transaction((tx) => abandon(ctx, tx, it));
      return;
    } else if (outcome === 'bought') {
      it.status = 'bought';
    } else if (outcome === 'retry') {
      const delay = backoff(it.attempts, RETRY_FIRST_MS, RETRY_CAP_MS);
      await setIntent(ctx.db, it.id, { leaseUntil: null, nextAttemptAt: new Date(ctx.clock.nowMs() + delay) });
      return;
    } else {
      // The next source is called within this claim, which counts as its first attempt: a later
      // claim (after an unanswered call, or a crash mid-call) then looks up what it bought first.
      it.sourceIndex++;
      it.attempts = 1;
      await setIntent(ctx.db, it.id, { sourceIndex: it.sourceIndex, attempts: 1 });
    }
  }
}
