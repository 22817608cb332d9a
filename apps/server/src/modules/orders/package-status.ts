import { orderEndpoints, type TPackageStatus } from '@proxy/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';

/**
 * GET /api/order/package-status: the user's package slot (docs/money.md#packages), which order
 * holds it and whether the trial was used (the package buttons).
 */
export async function packageStatus(ctx: AppContext, userId: string): Promise<TPackageStatus> {
  const rows = await ctx.db
    .select({
      id: orders.id,
      code: orders.code,
      packageName: orders.packageName,
      packageNameEng: orders.packageNameEng,
      isTrial: orders.isTrial,
      holdsPlan: orders.holdsPlan,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`(${orders.isTrial} or ${orders.holdsPlan})`));
  const held = rows.find((r) => r.holdsPlan);
  return {
    usedTrial: rows.some((r) => r.isTrial),
    plan: held
      ? {
          orderId: held.id,
          code: held.code,
          packageName: held.packageName,
          packageNameEng: held.packageNameEng,
          isTrial: held.isTrial,
        }
      : null,
  };
}

export function packageStatusRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderEndpoints.packageStatus, opts, async (req) => packageStatus(app.ctx, req.user.id));
}
