import {
  dashboardEndpoints,
  renewUnitPrice,
  SPEND_TRANSACTION_TYPES,
  type TDashboardSummary,
  type TExpiringGroup,
  type TransactionType,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { balanceOnSite } from '../auth/index.js';
import * as catalog from '../catalog/index.js';
import { ledgerSum } from '../ledger/index.js';
import { countActiveItems, findExpiringItems, type ExpiringItem, type UserScope } from '../proxies/index.js';

/** What counts as spending: purchases, renewals and amendments (negative), less refunds. */
const SPEND_TYPES: readonly TransactionType[] = SPEND_TRANSACTION_TYPES;

const SOON_MS = 7 * 24 * 3600_000;
/** As many ids as one renew call takes (ZIdList). */
const MAX_IDS = 1000;

/** The first instant of the viewer's calendar month; `tzOffset` as Date#getTimezoneOffset (minutes). */
export function monthStartOf(now: Date, tzOffset: number): Date {
  const local = new Date(now.getTime() - tzOffset * 60_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) + tzOffset * 60_000);
}

/** One click renews the group for one day, week or month: its price at today's retail renewal prices. */
async function renewPrices(ctx: AppContext, siteId: string, product: 'v6' | 'v4' | 'key', items: ExpiringItem[]) {
  const out: TExpiringGroup['renewPrices'] = { day: null, week: null, month: null };
  for (const unit of ['day', 'week', 'month'] as const) {
    let total = 0;
    let sold = true;
    for (const country of new Set(items.map((u) => u.country))) {
      const row = await catalog.findRetailPrice(ctx.db, siteId, product, country, unit);
      if (!row) {
        sold = false;
        break;
      }
      const n = items.filter((u) => u.country === country).length;
      total += renewUnitPrice({ retail: row.price, renew: row.renewPrice }, { unit, value: 1 }) * n;
    }
    out[unit] = sold ? total : null;
  }
  return out;
}

/** GET /api/dashboard/summary (docs/screens.md#dashboard): the summary at the top of the dashboard, in one call. */
export async function dashboardSummary(
  ctx: AppContext,
  scope: UserScope,
  tzOffset: number,
): Promise<TDashboardSummary> {
  const now = ctx.clock.now();
  const monthStart = monthStartOf(now, tzOffset);
  const [balance, counts, expiring, spent] = await Promise.all([
    balanceOnSite(ctx.db, scope),
    countActiveItems(ctx.db, scope),
    findExpiringItems(ctx.db, scope, new Date(now.getTime() + SOON_MS), MAX_IDS),
    ledgerSum(ctx.db, scope, SPEND_TYPES, monthStart),
  ]);
  const active = { v6: 0, v4: 0, key: 0 };
  for (const c of counts) {
    active[c.product as keyof typeof active] += c.n;
  }
  const groups: TExpiringGroup[] = [];
  for (const product of ['v6', 'v4', 'key'] as const) {
    const items = expiring.filter((u) => u.product === product && !u.is_package);
    if (items.length === 0) {
      continue;
    }
    const first = items.reduce((m, u) => Math.min(m, new Date(u.expires_at).getTime()), Infinity);
    groups.push({
      product,
      count: items.length,
      ids: items.map((u) => u.id),
      firstExpiresAt: new Date(first).toISOString(),
      renewPrices: await renewPrices(ctx, scope.siteId, product, items),
    });
  }
  return {
    balance,
    monthSpend: -spent,
    monthStart: monthStart.toISOString(),
    active,
    expiring: groups,
    expiringPackageProxies: expiring.filter((u) => u.is_package).length,
  };
}

export function dashboardSummaryRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, dashboardEndpoints.summary, opts, async (req) =>
    dashboardSummary(app.ctx, { userId: req.user.id, siteId: req.site.id }, req.query.tzOffset),
  );
}
