import { userAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { changeBalance } from '../ledger/index.js';
import { actorOf, adminTarget, assertMayManage, type Actor } from './queries.js';

/** PUT /api/user/admin/add-to-balance/:id and refund/:id: one ledger row and the balance, in one transaction. */
export async function adminAdjustBalance(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  userId: string,
  kind: 'admin_add' | 'refund',
  amount: number,
  note: string,
) {
  const target = await adminTarget(ctx, siteId, userId);
  // Money moves only for the owner, or for a site admin's own customers (never an owner or admin).
  assertMayManage(actor, target);
  const result = await ctx.db.transaction(async (tx) => {
    const changed = await changeBalance(tx, {
      userId: target.id,
      amount,
      type: kind,
      content: note || (kind === 'refund' ? 'Refund' : 'Admin top-up'),
      // An admin's note is shown as written; only the default text is translated.
      contentI18n: note ? undefined : { key: kind === 'refund' ? 'refund' : 'adminAdd', params: {} },
      refType: 'admin',
      refId: actor.id,
      actorId: actor.id,
      at: ctx.clock.now(),
    });
    await recordAudit(ctx, tx, {
      userId: target.id,
      action: 'account.balance',
      targetType: 'account',
      detail: { kind, amount, balance: changed.balanceAfter },
    });
    return changed;
  });
  return { balance: result.balanceAfter };
}

export function adjustBalanceRoutes(app: RouteApp, opts: RouteOptions): void {
  for (const [entry, kind] of [
    [userAdminEndpoints.addToBalance, 'admin_add'],
    [userAdminEndpoints.refund, 'refund'],
  ] as const) {
    route(app, entry, opts, async (req) =>
      adminAdjustBalance(app.ctx, actorOf(req), req.site.id, req.params.id, kind, req.body.amount, req.body.note),
    );
  }
}
