import { logEndpoints, ROLE, userEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { listLedger } from '../ledger/index.js';

/** GET /api/user/transaction and /api/log/list-transaction: a page of the caller's ledger. */
export async function ownTransactions(
  ctx: AppContext,
  userId: string,
  q: { page: number; limit: number; search: string },
) {
  return listLedger(ctx.db, { userId, page: q.page, limit: q.limit, search: q.search });
}

export function ownTransactionsRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, userEndpoints.transaction, opts, async (req) => ownTransactions(app.ctx, req.user.id, req.query));
}

/** /api/log/list-transaction (the caller's ledger again) and /api/log/admin/list-transaction (the site's). */
export function logTransactionsRoutes(app: RouteApp, opts: RouteOptions, admin: RouteOptions): void {
  route(app, logEndpoints.listTransaction, opts, async (req) => ownTransactions(app.ctx, req.user.id, req.query));
  route(app, logEndpoints.adminListTransaction, admin, async (req) => {
    const { page, limit, search, userId } = req.query;
    // A site admin sees the customers' ledger only: the owner's and admins' balances stay hidden.
    const roles = req.user.role === ROLE.OWNER ? undefined : [ROLE.CUSTOMER];
    return listLedger(app.ctx.db, { siteId: req.site.id, userId, roles, page, limit, search });
  });
}
