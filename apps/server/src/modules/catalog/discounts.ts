import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { discountEndpoints, type Product } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { discountTiers } from '../../db/schema/index.js';
import { route } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { listDiscountTiers } from './queries.js';

/** The product's quantity tiers become exactly these, in one transaction. */
async function replaceDiscountTiers(
  ctx: AppContext,
  siteId: string,
  product: Product,
  tiers: { minQuantity: number; percent: number }[],
) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(discountTiers).where(and(eq(discountTiers.siteId, siteId), eq(discountTiers.product, product)));
    if (tiers.length) {
      await tx.insert(discountTiers).values(tiers.map((t) => ({ id: randomUUID(), siteId, product, ...t })));
    }
  });
  return listDiscountTiers(ctx.db, siteId, product);
}

/** /api/discount/…: quantity discount tiers (docs/product-rules.md#catalogue). */
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = discountEndpoints;
  const opts = { schema: { tags: ['discount'] } };
  route(app, e.getAll, opts, async (req) => listDiscountTiers(app.ctx.db, req.site.id, req.query.product));
  route(app, e.adminUpdate, { preHandler: [authenticate, requireAdmin], ...opts }, async (req) =>
    replaceDiscountTiers(app.ctx, req.site.id, req.body.product, req.body.tiers),
  );
};
