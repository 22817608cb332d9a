import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type Tx } from '../../db/client.js';
import { supplierCharges } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { SupplierError } from './clients/http.js';
import { PROXY6_MIN_DAYS, PROXY6_NO_MONEY } from './clients/proxy6.js';
import { revenueShares } from './plan-supply.js';
import {
  findSupplierById,
  proxy6Of,
  rateOf,
  recordSupplierError,
  recordSupplierEvent,
  type SupplierRow,
} from './queries.js';

/**
 * Renewals of supplier proxies, upstream first (docs/suppliers.md#renewing). Called inside the
 * renewal's transaction before the customer is charged: a Proxy6 proxy is prolonged so that its
 * upstream end stays at or after the customer's new expiry plus the supplier's safety margin; a
 * pool proxy (list, webshare) cannot be prolonged, so a renewal past its own end is refused. A
 * refusal throws NOT_ENOUGT_PROXY, which rolls the renewal back uncharged. Own-node proxies have no
 * upstream row and pass through untouched.
 *
 * The prolong is an outside call made while the renewal's rows are locked, so the customer is
 * never charged for a renewal the supplier refused. A balance too short for the renewal skips the
 * call (the charge then refuses it), so a short balance costs the seller nothing upstream. Each
 * upstream end is written back in the same transaction; if that transaction still rolls back
 * after a prolong, the upstream only runs longer than recorded and the next renewal needs less.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far short of the safety margin an upstream end may fall without a prolong. */
const MARGIN_SLACK_MS = 60_000;

type UpstreamRow = {
  id: string;
  proxy_id: string;
  supplier_id: string;
  upstream_id: string | null;
  expires_at: Date | string | null;
  product: 'v4' | 'v6';
  country: string;
};

export interface RenewalUnits {
  siteId: string;
  userId: string;
  /** The proxies being renewed, each with its order and current expiry. */
  proxies: { id: string; orderId: string | null; expiresAt: Date }[];
  hours: number;
  /** What the customer pays for the whole renewal (coins), shared out over `proxies` for the margin. */
  revenue: number;
  now: Date;
}

/** The customer's expiry after the renewal: from the current end, or from now once expired. */
const newEnd = (expiresAt: Date, hours: number, now: Date) =>
  Math.max(expiresAt.getTime(), now.getTime()) + hours * HOUR_MS;

export async function prolongUpstreams(ctx: AppContext, tx: Tx, r: RenewalUnits): Promise<void> {
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
  const [bal] = await queryRows<{ balance: string | number }>(
    tx,
    sql`select balance from users where id = ${r.userId}`,
  );
  if (Number(bal?.balance ?? 0) < r.revenue) {
    return;
  }
  const endOf = new Map(r.proxies.map((p) => [p.id, newEnd(p.expiresAt, r.hours, r.now)]));
  const shares = revenueShares(r.revenue, r.proxies.length);
  const shareOf = new Map(r.proxies.map((p, i) => [p.id, shares[i]!]));
  const costOf = new Map<string, number>();
  const bySupplier = new Map<string, UpstreamRow[]>();
  for (const u of rows) {
    bySupplier.set(u.supplier_id, [...(bySupplier.get(u.supplier_id) ?? []), u]);
  }
  const names = new Map<string, string>();
  for (const [supplierId, ups] of bySupplier) {
    const s = await findSupplierById(tx, supplierId);
    if (!s) {
      continue;
    }
    names.set(s.id, s.name);
    if (s.kind === 'proxy6') {
      await prolongProxy6(ctx, tx, s, ups, endOf, costOf, r);
    } else {
      const short = ups.find((u) => u.expires_at !== null && new Date(u.expires_at).getTime() < endOf.get(u.proxy_id)!);
      if (short) {
        recordLater(ctx, s.id, `renewal refused: upstream ends ${new Date(short.expires_at!).toISOString()}`, false);
        throw refusal(short);
      }
    }
  }
  const orderOf = new Map(r.proxies.map((p) => [p.id, p.orderId]));
  const charged = rows.filter((u) => orderOf.get(u.proxy_id));
  if (charged.length === 0) {
    return;
  }
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
      cost: costOf.get(u.id) ?? 0,
      createdAt: r.now,
    })),
  );
}

/** Prolongs the account's proxies that would end too early, grouped by the days each needs. */
async function prolongProxy6(
  ctx: AppContext,
  tx: Tx,
  s: SupplierRow,
  ups: UpstreamRow[],
  endOf: Map<string, number>,
  costOf: Map<string, number>,
  r: RenewalUnits,
): Promise<void> {
  const margin = s.safetyMarginHours * HOUR_MS;
  const byDays = new Map<number, UpstreamRow[]>();
  for (const u of ups) {
    const wanted = endOf.get(u.proxy_id)! + margin;
    const current = Math.max(u.expires_at ? new Date(u.expires_at).getTime() : 0, r.now.getTime());
    if (current >= wanted - MARGIN_SLACK_MS) {
      continue;
    }
    if (!u.upstream_id) {
      recordLater(ctx, s.id, 'renewal refused: the upstream proxy has no Proxy6 id', false);
      throw refusal(u);
    }
    // Upstream ends come in whole seconds: a margin short by seconds does not cost a whole day,
    // but the customer's own end is always covered.
    const days = Math.max(
      PROXY6_MIN_DAYS,
      Math.ceil((wanted - MARGIN_SLACK_MS - current) / DAY_MS),
      Math.ceil((endOf.get(u.proxy_id)! - current) / DAY_MS),
    );
    byDays.set(days, [...(byDays.get(days) ?? []), u]);
  }
  const client = proxy6Of(ctx, s);
  for (const [days, group] of byDays) {
    let answer: Awaited<ReturnType<typeof client.prolong>>;
    try {
      answer = await client.prolong(
        group.map((u) => u.upstream_id!),
        days,
      );
    } catch (err) {
      if (!(err instanceof SupplierError)) {
        throw err;
      }
      const noMoney = err.kind === 'refused' && err.errorId === PROXY6_NO_MONEY;
      recordLater(ctx, s.id, `prolong refused: ${err.supplierMessage}`, noMoney);
      throw refusal(group[0]!);
    }
    const rate = await rateOf(tx, r.siteId, s.currency ?? '');
    const each = Math.round((answer.price / group.length) * rate);
    for (const u of group) {
      const base = Math.max(u.expires_at ? new Date(u.expires_at).getTime() : 0, r.now.getTime());
      const end = answer.ends.get(u.upstream_id!) ?? new Date(base + days * DAY_MS);
      costOf.set(u.id, each);
      await tx.execute(
        sql`update upstream_proxies set expires_at = ${end.toISOString()}, updated_at = ${r.now.toISOString()}
            where id = ${u.id}::uuid`,
      );
    }
    await recordSupplierEvent(tx, s.id, 'prolonged', `${group.length} × ${days} days`, r.now);
  }
}

function refusal(u: UpstreamRow): AppError {
  return new AppError('NOT_ENOUGT_PROXY', { available: 0, product: u.product, country: u.country });
}

/**
 * The supplier's error outlives the renewal it refused: that transaction rolls back, so the record
 * is written beside it, on its own, once the database is free (the admin's supplier page).
 */
function recordLater(ctx: AppContext, supplierId: string, message: string, noMoney: boolean): void {
  const at = ctx.clock.now();
  void (async () => {
    await recordSupplierError(ctx.db, supplierId, message, at, 'prolong_refused');
    if (noMoney) {
      await recordSupplierEvent(ctx.db, supplierId, 'error', `ADMIN_ERROR: out of proxy credits (${message})`, at);
    }
  })().catch((err: unknown) => ctx.log.error({ err, supplierId }, 'recording a supplier refusal failed'));
}
