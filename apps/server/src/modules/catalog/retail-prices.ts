import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  retailEndpoints,
  type PeriodUnit,
  type Product,
  type TCreateRetailRequest,
  type TRetailPrice,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { retailPrices } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { findCountry, insertRetailPrices, toRetail, type RetailPrice } from './queries.js';

/** The period prices of retail proxies and keys (docs/product-rules.md#catalogue), per country and unit. */

async function listRetailPrices(db: DbOrTx, siteId: string, product: Product, onlyActive: boolean) {
  const where = [eq(retailPrices.siteId, siteId), eq(retailPrices.product, product)];
  if (onlyActive) {
    where.push(eq(retailPrices.active, true));
  }
  return db
    .select()
    .from(retailPrices)
    .where(and(...where))
    .orderBy(asc(retailPrices.country), sql`array_position(array['hour','day','week','month'], ${retailPrices.unit})`);
}

/** A price of the caller's site and product, or NOT_FOUND. */
async function sitePrice(db: DbOrTx, siteId: string, product: Product, id: string): Promise<RetailPrice> {
  const rows = await db.select().from(retailPrices).where(eq(retailPrices.id, id)).limit(1);
  const row = rows[0];
  if (!row || row.siteId !== siteId || row.product !== product) {
    throw new AppError('NOT_FOUND');
  }
  return row;
}

/** get-all-renew: the active rows with the renewal price shown as the price. */
async function renewPrices(ctx: AppContext, siteId: string, product: Product): Promise<TRetailPrice[]> {
  const rows = await listRetailPrices(ctx.db, siteId, product, true);
  return rows.map((r) => Object.assign(toRetail(r), { price: r.renewPrice }));
}

async function updateRetail(
  ctx: AppContext,
  siteId: string,
  product: Product,
  id: string,
  body: Partial<Pick<RetailPrice, 'price' | 'renewPrice' | 'quantityStep' | 'maxQuantity' | 'active'>>,
) {
  await sitePrice(ctx.db, siteId, product, id);
  const rows = await ctx.db.update(retailPrices).set(body).where(eq(retailPrices.id, id)).returning();
  return toRetail(rows[0]!);
}

/** One more period price for a country the site sells; PRICE_EXISTS when that unit has one. */
async function createRetail(ctx: AppContext, siteId: string, product: Product, body: TCreateRetailRequest) {
  return ctx.db.transaction(async (tx) => {
    if (!(await findCountry(tx, siteId, product, body.country))) {
      throw new AppError('INVALID_COUNTRY');
    }
    const [row] = await insertRetailPrices(tx, siteId, product, [body]);
    if (!row) {
      throw new AppError('PRICE_EXISTS');
    }
    return toRetail(row);
  });
}

/** Retail orders of a country still alive that renew by this period unit. */
async function countLiveOrdersOnPrice(
  db: DbOrTx,
  siteId: string,
  product: Product,
  country: string,
  unit: PeriodUnit,
): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from orders o
        where o.site_id = ${siteId} and o.product = ${product} and o.country = ${country}
          and o.period_unit = ${unit} and o.type in ('v6', 'v4') and o.status <> 'cancelled'
          and exists (select 1 from proxies p where p.order_id = o.id and p.status <> 'locked')`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Removes one period price; PRICE_IN_USE while live retail orders of that country renew by it. */
async function deleteRetail(ctx: AppContext, siteId: string, product: Product, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await sitePrice(tx, siteId, product, id);
    const live = await countLiveOrdersOnPrice(tx, siteId, product, row.country, row.unit);
    if (live > 0) {
      throw new AppError('PRICE_IN_USE', { count: live });
    }
    await tx.delete(retailPrices).where(eq(retailPrices.id, id));
  });
  return { ok: true as const };
}

/** /api/{v6,v4,key}-retail/… */
export function retailRoutes(product: Product): FastifyPluginAsyncZod {
  return async (app) => {
    const e = retailEndpoints(product);
    const opts = { schema: { tags: [`${product}-retail`] } };
    const adminOpts = { preHandler: [authenticate, requireAdmin], ...opts };
    route(app, e.getAll, opts, async (req) =>
      (await listRetailPrices(app.ctx.db, req.site.id, product, true)).map(toRetail),
    );
    route(app, e.getAllRenew, opts, async (req) => renewPrices(app.ctx, req.site.id, product));
    const adminList = async (req: { site: { id: string } }) =>
      (await listRetailPrices(app.ctx.db, req.site.id, product, false)).map((r) => ({
        ...toRetail(r),
        active: r.active,
      }));
    route(app, e.adminGetAll, adminOpts, adminList);
    route(app, e.adminGetListOrigin, adminOpts, adminList);
    route(app, e.updateRetail, adminOpts, async (req) =>
      updateRetail(app.ctx, req.site.id, product, req.params.id, req.body),
    );
    route(app, e.createRetail, adminOpts, async (req) => createRetail(app.ctx, req.site.id, product, req.body));
    route(app, e.deleteRetail, adminOpts, async (req) => deleteRetail(app.ctx, req.site.id, product, req.params.id));
  };
}
