import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type Tx } from '../../db/client.js';
import { supplierCharges, type RenewalGroup } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { balanceOf } from '../ledger/index.js';
import { SupplierError } from './clients/http.js';
import { PROXY6_MIN_DAYS } from './clients/proxy6.js';
import { revenueShares } from './plan-supply.js';
import { reconcileRenewals } from './reconcile-renewals.js';
import {
  claimPlan,
  endIntent,
  openIntents,
  recordPoolRefusal,
  refused,
  waitForIntents,
  type Plan,
} from './renewal-intents.js';
import {
  coinCost,
  findSupplierById,
  proxy6Of,
  rateOf,
  recordSupplierEvent,
  supplierLeaseMs,
  writeUpstreamEnds,
  type SupplierRow,
} from './queries.js';

/**
 * Renewals of supplier proxies, upstream first (docs/suppliers.md#renewing), with no supplier call
 * inside a DB transaction. A renewal's code runs inside `upstreamFirst`, which may run it twice:
 *
 * 1. The renewal's transaction reaches `prolongUpstreams` before the charge. If a Proxy6 proxy's
 *    upstream ends too early, it throws `UpstreamFirst` with the prolongs needed and rolls back.
 * 2. `upstreamFirst` commits a `supplier_renewals` intent, then calls Proxy6 `prolong` and writes
 *    each new upstream end back as it is answered.
 * 3. The renewal runs again: its upstreams now end late enough, so it charges, extends, records the
 *    prolong's cost and marks the intent charged in one transaction. A refusal makes the same
 *    `prolongUpstreams` throw NOT_ENOUGT_PROXY instead, so the customer is not charged.
 *
 * An intent claims its upstream rows: it is committed only if no open intent names one of them and
 * their ends are still those the plan was made from. A renewal that meets a live intent of another
 * (two manual renewals, or one and auto-renew) waits for it to end and plans again from the new
 * ends, so one upstream is prolonged once per extension. A crash or a lost answer leaves a pending
 * intent: before any new prolong of its rows, and in the supplier-purchases sweep, it is seen
 * through with `getproxy` (the real upstream ends are written back), so nothing is prolonged twice;
 * while `getproxy` cannot answer either, a renewal of those rows answers ORDER_PROCESSING (try
 * again later). The customer, never charged for a prolong seen through this way, renews again
 * (auto-renew does so by itself) and the upstream that already runs longer needs no second call.
 *
 * A pool proxy (`list`, `webshare`) cannot be prolonged: a renewal past its own end is refused
 * inside its transaction (so auto-renew logs it as any refusal), and `upstreamFirst` records the
 * refusal on the supplier (with the admins' alert) in a transaction of its own once the run ended.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far short of the safety margin an upstream end may fall without a prolong. */
const MARGIN_SLACK_MS = 60_000;
/** How long a renewal waits for another renewal's intent on the same upstream rows. */
const WAIT_MS = 20_000;
/** Plans a renewal may make (each after a wait or an upstream end that moved) before it gives up. */
const MAX_ROUNDS = 8;

type UpstreamRow = {
  id: string;
  proxy_id: string;
  supplier_id: string;
  upstream_id: string | null;
  expires_at: Date | string | null;
  product: 'v4' | 'v6';
  country: string;
};

export interface ProxyRenewal {
  /**
   * An admin's free extension: nothing is charged, and a refusal answers ADMIN_ERROR with the
   * supplier's words (the caller is the operator) instead of the customer's NOT_ENOUGT_PROXY.
   */
  free?: boolean;
  siteId: string;
  userId: string;
  /** The proxies being renewed, each with its order and current expiry. */
  proxies: { id: string; orderId: string | null; expiresAt: Date }[];
  hours: number;
  /** What the customer pays for the whole renewal (coins), shared out over `proxies` for the margin. */
  revenue: number;
  now: Date;
}

/** Thrown inside a renewal's transaction: these prolongs must happen first, after its rollback. */
class UpstreamFirst extends Error {
  constructor(readonly plan: Plan) {
    super('upstream prolong needed before the renewal');
  }
}

interface Outcome {
  intentId: string;
  ok: boolean;
  /** Coins per upstream row of what the prolong cost. */
  costs: Map<string, number>;
  /** The supplier's words of a refusal. */
  error?: string;
}

interface Scope {
  outcome?: Outcome;
  /** A pool proxy's refusal, recorded on its supplier once the run ended (its transaction may roll back). */
  poolRefusal?: { supplierId: string; words: string };
}

const scopes = new AsyncLocalStorage<Scope>();

/** The customer's expiry after the renewal: from the current end, or from now once expired. */
const newEnd = (expiresAt: Date, hours: number, now: Date) =>
  Math.max(expiresAt.getTime(), now.getTime()) + hours * HOUR_MS;

/**
 * Runs a renewal (its own transaction or transactions inside `run`) upstream first. `run` must be
 * safe to run again after it threw: it is, since the first run rolled back.
 */
export async function upstreamFirst<T>(ctx: AppContext, run: () => Promise<T>): Promise<T> {
  const scope: Scope = {};
  const waitUntil = Date.now() + WAIT_MS;
  try {
    for (let round = 0; ; round++) {
      try {
        return await scopes.run(scope, run);
      } catch (err) {
        if (!(err instanceof UpstreamFirst)) {
          throw err;
        }
        if (scope.outcome) {
          throw new AppError('NOT_ENOUGT_PROXY', { available: 0 });
        }
        if (round >= MAX_ROUNDS) {
          throw new AppError('ORDER_PROCESSING');
        }
        const claim = await claimPlan(ctx, err.plan, supplierLeaseMs(ctx.config));
        if (claim.kind === 'claimed') {
          scope.outcome = await prolongPlan(ctx, err.plan, claim.intentId);
        } else if (claim.kind === 'held') {
          await waitForIntents(ctx, claim.intentIds, waitUntil);
        } else if (claim.kind === 'unresolved') {
          // A prolong cut off earlier: seen through with getproxy first, or nothing is prolonged.
          await reconcileRenewals(ctx, claim.intentIds);
          if ((await openIntents(ctx, claim.intentIds)).length > 0) {
            throw new AppError('ORDER_PROCESSING');
          }
        }
        // Planned again from the ends as they are now ('stale': they moved since this plan).
      }
    }
  } finally {
    if (scope.poolRefusal) {
      await recordPoolRefusal(ctx, scope.poolRefusal);
    }
    if (scope.outcome?.ok) {
      // Not charged (the renewal refused for another reason): the upstream just runs longer.
      await ctx.db.execute(
        sql`update supplier_renewals set status = 'closed', lease_until = ${ctx.clock.now().toISOString()},
              updated_at = ${ctx.clock.now().toISOString()}
            where id = ${scope.outcome.intentId} and status = 'prolonged'`,
      );
    }
  }
}

export async function prolongUpstreams(ctx: AppContext, tx: Tx, r: ProxyRenewal): Promise<void> {
  if (r.proxies.length === 0) {
    return;
  }
  const ids = sql.join(
    r.proxies.map((p) => sql`${p.id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<UpstreamRow>(
    tx,
    sql`select id, proxy_id, supplier_id, upstream_id, expires_at, product, country from upstream_proxies
        where proxy_id in (${ids}) and status = 'serving' order by id for update`,
  );
  if (rows.length === 0) {
    return;
  }
  if (!r.free && ((await balanceOf(tx, r.userId)) ?? 0) < r.revenue) {
    // The charge refuses it: a short balance costs nothing upstream.
    return;
  }
  const endOf = new Map(r.proxies.map((p) => [p.id, newEnd(p.expiresAt, r.hours, r.now)]));
  const bySupplier = new Map<string, UpstreamRow[]>();
  for (const u of rows) {
    bySupplier.set(u.supplier_id, [...(bySupplier.get(u.supplier_id) ?? []), u]);
  }
  const names = new Map<string, string>();
  const groups: RenewalGroup[] = [];
  const scope = scopes.getStore();
  for (const [supplierId, ups] of bySupplier) {
    const s = await findSupplierById(tx, supplierId);
    if (!s) {
      continue;
    }
    names.set(s.id, s.name);
    if (s.kind === 'proxy6') {
      groups.push(...proxy6Groups(r, s, ups, endOf));
      continue;
    }
    const short = ups.find((u) => u.expires_at !== null && new Date(u.expires_at).getTime() < endOf.get(u.proxy_id)!);
    if (short) {
      const words =
        `renewal refused: a ${short.product} ${short.country} proxy of the pool ends ${new Date(short.expires_at!).toISOString()}, ` +
        `before the renewed end ${new Date(endOf.get(short.proxy_id)!).toISOString()}`;
      // Recorded by upstreamFirst after this transaction, which may roll back.
      if (scope) {
        scope.poolRefusal = { supplierId: s.id, words };
      }
      throw refusal(r, short, words);
    }
  }
  if (groups.length > 0) {
    if (!scope) {
      throw new Error('a renewal of supplier proxies must run inside upstreamFirst');
    }
    if (scope.outcome) {
      throw refusal(r, rows[0]!, scope.outcome.error ?? 'the prolong did not reach the renewed end');
    }
    throw new UpstreamFirst({ siteId: r.siteId, userId: r.userId, groups });
  }
  const outcome = scope?.outcome;
  if (outcome && !outcome.ok) {
    throw refusal(r, rows[0]!, outcome.error ?? 'prolong refused');
  }
  if (outcome) {
    await tx.execute(
      sql`update supplier_renewals set status = 'charged', updated_at = ${r.now.toISOString()}
          where id = ${outcome.intentId} and status = 'prolonged'`,
    );
  }
  await recordRenewCharges(tx, r, rows, names, outcome?.costs);
}

/** Each renewed supplier proxy's share of the customer's coins and what its prolong cost (margin). */
async function recordRenewCharges(
  tx: Tx,
  r: ProxyRenewal,
  rows: UpstreamRow[],
  names: Map<string, string>,
  costs: Map<string, number> | undefined,
): Promise<void> {
  const orderOf = new Map(r.proxies.map((p) => [p.id, p.orderId]));
  const charged = rows.filter((u) => orderOf.get(u.proxy_id));
  if (charged.length === 0) {
    return;
  }
  const shares = revenueShares(r.revenue, r.proxies.length);
  const shareOf = new Map(r.proxies.map((p, i) => [p.id, shares[i]!]));
  await tx.insert(supplierCharges).values(
    charged.map((u) => ({
      id: randomUUID(),
      siteId: r.siteId,
      supplierId: u.supplier_id,
      supplierName: names.get(u.supplier_id) ?? '',
      orderId: orderOf.get(u.proxy_id)!,
      proxyId: u.proxy_id,
      kind: 'renew' as const,
      product: u.product,
      country: u.country,
      revenue: shareOf.get(u.proxy_id) ?? 0,
      cost: costs?.get(u.id) ?? 0,
      createdAt: r.now,
    })),
  );
}

/** The account's proxies that would end too early, grouped by the days each needs. */
function proxy6Groups(r: ProxyRenewal, s: SupplierRow, ups: UpstreamRow[], endOf: Map<string, number>): RenewalGroup[] {
  const now = r.now;
  const margin = s.safetyMarginHours * HOUR_MS;
  const byDays = new Map<number, RenewalGroup>();
  for (const u of ups) {
    const wanted = endOf.get(u.proxy_id)! + margin;
    const current = Math.max(u.expires_at ? new Date(u.expires_at).getTime() : 0, now.getTime());
    if (current >= wanted - MARGIN_SLACK_MS) {
      continue;
    }
    if (!u.upstream_id) {
      throw refusal(r, u, 'the upstream proxy has no Proxy6 id');
    }
    // Upstream ends come in whole seconds: a margin short by seconds does not cost a whole day,
    // but the customer's own end is always covered.
    const days = Math.max(
      PROXY6_MIN_DAYS,
      Math.ceil((wanted - MARGIN_SLACK_MS - current) / DAY_MS),
      Math.ceil((endOf.get(u.proxy_id)! - current) / DAY_MS),
    );
    const g = byDays.get(days) ?? { supplierId: s.id, days, rows: [] };
    g.rows.push({
      id: u.id,
      upstreamId: u.upstream_id,
      proxyId: u.proxy_id,
      endBefore: u.expires_at ? new Date(u.expires_at).toISOString() : null,
    });
    byDays.set(days, g);
  }
  return [...byDays.values()];
}

/** Phase 2, the intent committed (claimPlan): each group is prolonged and written back. */
async function prolongPlan(ctx: AppContext, plan: Plan, intentId: string): Promise<Outcome> {
  const started = ctx.clock.now();
  const costs = new Map<string, number>();
  for (const [i, g] of plan.groups.entries()) {
    const s = await findSupplierById(ctx.db, g.supplierId);
    if (!s || s.kind !== 'proxy6') {
      await endIntent(ctx, intentId, 'refused', 'supplier gone');
      return { intentId, ok: false, costs, error: 'the supplier is gone' };
    }
    let answer: { price: number; ends: Map<string, Date> };
    try {
      answer = await proxy6Of(ctx, s).prolong(
        g.rows.map((u) => u.upstreamId),
        g.days,
      );
    } catch (err) {
      if (!(err instanceof SupplierError)) {
        throw err;
      }
      await refused(ctx, s, intentId, err);
      return { intentId, ok: false, costs, error: `${s.name}: ${err.supplierMessage}` };
    }
    const now = ctx.clock.now();
    const rate = await rateOf(ctx.db, plan.siteId, s.currency ?? '');
    const each = coinCost(answer.price, g.rows.length, rate);
    const ends: Record<string, string> = {};
    for (const u of g.rows) {
      const base = Math.max(u.endBefore ? Date.parse(u.endBefore) : 0, started.getTime());
      ends[u.id] = (answer.ends.get(u.upstreamId) ?? new Date(base + g.days * DAY_MS)).toISOString();
      costs.set(u.id, each);
    }
    plan.groups[i] = { ...g, done: { ends, cost: each } };
    await ctx.db.transaction(async (tx) => {
      await writeUpstreamEnds(tx, ends, now);
      await tx.execute(
        sql`update supplier_renewals set groups = ${JSON.stringify(plan.groups)}::jsonb, updated_at = ${now.toISOString()}
            where id = ${intentId}`,
      );
      await recordSupplierEvent(tx, s.id, 'prolonged', `${g.rows.length} × ${g.days} days`, now);
    });
  }
  await ctx.db.execute(
    sql`update supplier_renewals set status = 'prolonged', lease_until = ${new Date(ctx.clock.nowMs() + supplierLeaseMs(ctx.config)).toISOString()},
          updated_at = ${ctx.clock.now().toISOString()}
        where id = ${intentId} and status = 'pending'`,
  );
  return { intentId, ok: true, costs };
}

/** The renewal's refusal: the customer's NOT_ENOUGT_PROXY, or the admin's ADMIN_ERROR with the supplier's words. */
function refusal(r: ProxyRenewal, u: UpstreamRow, words: string): AppError {
  return r.free
    ? new AppError('ADMIN_ERROR', { reason: 'supplierRefused', supplierMessage: words.slice(0, 500) })
    : new AppError('NOT_ENOUGT_PROXY', { available: 0, product: u.product, country: u.country });
}
