import { billEndpoints, topupLogEndpoints, type PaymentMethod } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { toPage } from '../../lib/paging.js';
import { route, type RouteApp } from '../../lib/route.js';
import { toAdminTopup, toTopup } from './mapper.js';
import { listTopups, type TopupRow } from './queries.js';

async function listUserTopups(
  ctx: AppContext,
  userId: string,
  q: { page: number; limit: number; search: string; status?: TopupRow['status']; method?: PaymentMethod },
) {
  const r = await listTopups(ctx.db, { ...q, userId });
  return { items: r.items.map((i) => toTopup(i.t)), total: r.total };
}

async function listSiteTopups(
  ctx: AppContext,
  siteId: string,
  q: {
    page: number;
    limit: number;
    search: string;
    status?: TopupRow['status'];
    method?: PaymentMethod;
    held?: '0' | '1';
    userId?: string;
  },
) {
  const r = await listTopups(ctx.db, { ...q, siteId, held: q.held === undefined ? undefined : q.held === '1' });
  return { items: r.items.map((i) => toAdminTopup(i.t, i.email)), total: r.total };
}

/** GET /api/log/list-topup: the caller's top-ups. */
export function listUserTopupsRoute(app: RouteApp, opts: object): void {
  route(app, topupLogEndpoints.listTopup, opts, async (req) => {
    const r = await listUserTopups(app.ctx, req.user.id, req.query);
    return toPage(r.items, r.total, req.query.page, req.query.limit);
  });
}

/** GET /api/bill/admin/list-topup: the admin's site's top-ups. */
export function listSiteTopupsRoute(app: RouteApp, admin: object): void {
  route(app, billEndpoints.adminListTopup, admin, async (req) => {
    const r = await listSiteTopups(app.ctx, req.site.id, req.query);
    return toPage(r.items, r.total, req.query.page, req.query.limit);
  });
}
