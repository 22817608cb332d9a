import { ZOrderLogI18n, type TOrder, type TOrderLog, type TPackageStatus } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { toOrder, type OrderRow } from './mapper.js';
import * as plans from './plan-repository.js';
import * as repo from './repository.js';

/** The order reads behind /api/order: lists, one order, its log. The writes are in buy, amend and renew. */

type OrderListQuery = Omit<repo.OrderFilter, 'userId' | 'siteId' | 'searchEmail'>;

/** Orders with the earliest and latest expiry of their live proxies or keys, and whether their auto-renew differs. */
async function withExpiryRange(ctx: AppContext, rows: OrderRow[]): Promise<TOrder[]> {
  const ranges = await plans.expiryRanges(
    ctx.db,
    rows.map((o) => o.id),
  );
  return rows.map((o) => {
    const r = ranges.get(o.id);
    return {
      ...toOrder(o),
      earliestExpiresAt: r ? r.first.toISOString() : null,
      latestExpiresAt: r ? r.last.toISOString() : null,
      autoRenewMixed: r?.autoRenewMixed ?? false,
    };
  });
}

export async function listOwnOrders(ctx: AppContext, userId: string, q: OrderListQuery) {
  const r = await repo.listOrders(ctx.db, { ...q, userId });
  return { items: await withExpiryRange(ctx, r.rows), total: r.total };
}

/** Which package the user holds and whether the trial was used (the package buttons). */
export async function packageStatus(ctx: AppContext, userId: string): Promise<TPackageStatus> {
  const s = await plans.findPlanState(ctx.db, userId);
  return {
    usedTrial: s.usedTrial,
    plan: s.plan
      ? {
          orderId: s.plan.id,
          code: s.plan.code,
          packageName: s.plan.packageName,
          packageNameEng: s.plan.packageNameEng,
          isTrial: s.plan.isTrial,
        }
      : null,
  };
}

/** The admin list of a site's orders, also found by their customer's e-mail. */
export async function listSiteOrders(ctx: AppContext, siteId: string, q: OrderListQuery & { userId?: string }) {
  const r = await repo.listOrders(ctx.db, { ...q, siteId, searchEmail: true });
  return { items: r.rows.map((o) => Object.assign(toOrder(o), { userId: o.userId, email: o.email })), total: r.total };
}

async function ownOrder(ctx: AppContext, userId: string, id: string): Promise<OrderRow> {
  const order = await repo.findOrder(ctx.db, userId, id);
  if (!order) {
    throw new AppError('ORDER_NOT_EXIST');
  }
  return order;
}

export async function orderDetail(ctx: AppContext, userId: string, id: string): Promise<TOrder> {
  const [order] = await withExpiryRange(ctx, [await ownOrder(ctx, userId, id)]);
  return order!;
}

/** The order's log, newest first (bill-order). */
export async function orderBill(ctx: AppContext, userId: string, id: string): Promise<TOrderLog[]> {
  const order = await ownOrder(ctx, userId, id);
  return (await repo.listLogs(ctx.db, order.id)).map((l) => ({
    action: l.action,
    result: l.result,
    note: l.note,
    noteI18n: ZOrderLogI18n.safeParse(l.noteI18n).data ?? null,
    amount: l.amount,
    createdAt: l.createdAt.toISOString(),
  }));
}
