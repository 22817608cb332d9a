import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { countryEndpoints, PRODUCTS, type Product, type TCreateCountryRequest } from '@proxy/contract';
import { countStockByCountry } from '../allocation/index.js';
import { routedStock } from '../suppliers/index.js';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { catalogCountries, retailPrices } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { countryIs, findCountry, insertRetailPrices } from './queries.js';

/**
 * The countries a site sells per product, with their stock, and the admin's additions, removals and
 * on/off switch (docs/product-rules.md#catalogue). Every call is scoped to the caller's site.
 */

/** The countries with their stock: a routed country counts every source of its route. */
async function stocked(ctx: AppContext, siteId: string, product: Product) {
  const countries = await ctx.db
    .select({ code: catalogCountries.code, name: catalogCountries.name, enabled: catalogCountries.enabled })
    .from(catalogCountries)
    .where(and(eq(catalogCountries.siteId, siteId), eq(catalogCountries.product, product)))
    .orderBy(asc(catalogCountries.sort), asc(catalogCountries.code));
  const stock = await countStockByCountry(ctx.db, product);
  const routed = await routedStock(ctx.db, siteId, product);
  return countries.map((c) => {
    const r = { ...c, stock: stock.get(c.code) ?? 0 };
    const route = routed.get(r.code);
    return route ? { ...r, stock: (route.ownNodes ? r.stock : 0) + route.supplierStock } : r;
  });
}

/** GET /api/country/{product}/get-all: the enabled countries, with their stock. */
async function countries(ctx: AppContext, siteId: string, product: Product) {
  const rows = await stocked(ctx, siteId, product);
  return rows
    .filter((r) => r.enabled)
    .map((r) => ({ code: r.code, name: r.name, available: r.stock > 0, stock: r.stock }));
}

/** Every country of the site's catalogue, enabled or not: the admin's list and every admin answer. */
async function adminCountries(ctx: AppContext, siteId: string, product: Product) {
  const rows = await stocked(ctx, siteId, product);
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    enabled: r.enabled,
    stock: r.stock,
    available: r.enabled && r.stock > 0,
  }));
}

/** Switches one country of the catalogue on or off; INVALID_COUNTRY when the site has no such country. */
async function setCountryEnabled(ctx: AppContext, siteId: string, product: Product, code: string, enabled: boolean) {
  const rows = await ctx.db
    .update(catalogCountries)
    .set({ enabled })
    .where(countryIs(siteId, product, code))
    .returning({ code: catalogCountries.code });
  if (rows.length === 0) {
    throw new AppError('INVALID_COUNTRY');
  }
  return adminCountries(ctx, siteId, product);
}

/** A new country, last in the list; false when the site already sells it for that product. */
async function insertCountry(db: DbOrTx, siteId: string, product: Product, code: string, name: string) {
  const [last] = await db
    .select({ sort: max(catalogCountries.sort) })
    .from(catalogCountries)
    .where(and(eq(catalogCountries.siteId, siteId), eq(catalogCountries.product, product)));
  const rows = await db
    .insert(catalogCountries)
    .values({ id: randomUUID(), siteId, product, code, name, enabled: true, sort: (last?.sort ?? 0) + 1 })
    .onConflictDoNothing()
    .returning({ id: catalogCountries.id });
  return rows.length > 0;
}

/** A new country with its period prices, in one transaction; COUNTRY_EXISTS when already sold. */
async function createCountry(ctx: AppContext, siteId: string, product: Product, body: TCreateCountryRequest) {
  await ctx.db.transaction(async (tx) => {
    if (!(await insertCountry(tx, siteId, product, body.code, body.name))) {
      throw new AppError('COUNTRY_EXISTS');
    }
    // A removed country left no prices behind (deleteCountry), so none can clash here.
    await insertRetailPrices(
      tx,
      siteId,
      product,
      body.prices.map((p) => ({ ...p, country: body.code })),
    );
  });
  return adminCountries(ctx, siteId, product);
}

/** Proxies and keys of a site's country that still hold supply (not locked), for one product. */
async function countLiveItemsInCountry(db: DbOrTx, siteId: string, product: Product, country: string) {
  const rows =
    product === 'key'
      ? await queryRows<{ n: string | number }>(
          db,
          sql`select count(*) as n from rotating_keys
              where site_id = ${siteId} and country = ${country} and status <> 'locked'`,
        )
      : await queryRows<{ n: string | number }>(
          db,
          sql`select count(*) as n from proxies
              where site_id = ${siteId} and type = ${product} and country = ${country}
                and key_id is null and status <> 'locked'`,
        );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Removes a country and its prices. Refused (COUNTRY_IN_USE) while proxies or keys of that country
 * still hold supply: the seller stops its sale with the enabled switch instead, which keeps
 * renewals working until the last one is locked.
 */
async function deleteCountry(ctx: AppContext, siteId: string, product: Product, code: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await findCountry(tx, siteId, product, code))) {
      throw new AppError('INVALID_COUNTRY');
    }
    const live = await countLiveItemsInCountry(tx, siteId, product, code);
    if (live > 0) {
      throw new AppError('COUNTRY_IN_USE', { count: live });
    }
    await tx
      .delete(retailPrices)
      .where(and(eq(retailPrices.siteId, siteId), eq(retailPrices.product, product), eq(retailPrices.country, code)));
    await tx.delete(catalogCountries).where(countryIs(siteId, product, code));
  });
  return adminCountries(ctx, siteId, product);
}

/** /api/country/{v6,v4,key}/… */
export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['country'] } };
  const admin = { preHandler: [authenticate, requireAdmin], ...opts };
  for (const product of PRODUCTS) {
    const e = countryEndpoints(product);
    route(app, e.listCountry, opts, async (req) => countries(app.ctx, req.site.id, product));
    route(app, e.listCountryAdmin, admin, async (req) => adminCountries(app.ctx, req.site.id, product));
    route(app, e.update, admin, async (req) =>
      setCountryEnabled(app.ctx, req.site.id, product, req.body.code, req.body.enabled),
    );
    route(app, e.create, admin, async (req) => createCountry(app.ctx, req.site.id, product, req.body));
    route(app, e.delete, admin, async (req) => deleteCountry(app.ctx, req.site.id, product, req.params.code));
  }
};
