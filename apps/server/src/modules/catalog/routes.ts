import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bandwidthEndpoints,
  countryEndpoints,
  discountEndpoints,
  packageEndpoints,
  PRODUCTS,
  retailEndpoints,
  type Product,
} from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as catalogAdmin from './admin-service.js';
import * as repo from './repository.js';
import * as catalog from './service.js';

const admin = { preHandler: [authenticate, requireAdmin] };

/** /api/country/{v6,v4,key}/… */
export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['country'] } };
  for (const product of PRODUCTS) {
    const e = countryEndpoints(product);
    route(app, e.listCountry, opts, async (req) => catalog.countries(app.ctx, req.site.id, product));
    route(app, e.listCountryAdmin, { ...admin, ...opts }, async (req) =>
      catalog.adminCountries(app.ctx, req.site.id, product),
    );
    route(app, e.update, { ...admin, ...opts }, async (req) =>
      catalog.setCountryEnabled(app.ctx, req.site.id, product, req.body.code, req.body.enabled),
    );
    route(app, e.create, { ...admin, ...opts }, async (req) =>
      catalogAdmin.createCountry(app.ctx, req.site.id, product, req.body),
    );
    route(app, e.delete, { ...admin, ...opts }, async (req) =>
      catalogAdmin.deleteCountry(app.ctx, req.site.id, product, req.params.code),
    );
  }
};

/** /api/{v6,v4,key}-retail/… */
export function retailRoutes(product: Product): FastifyPluginAsyncZod {
  return async (app) => {
    const e = retailEndpoints(product);
    const opts = { schema: { tags: [`${product}-retail`] } };
    const adminOpts = { ...admin, ...opts };
    route(app, e.getAll, opts, async (req) =>
      (await repo.listRetailPrices(app.ctx.db, req.site.id, product, true)).map(catalog.toRetail),
    );
    route(app, e.getAllRenew, opts, async (req) => catalog.renewPrices(app.ctx, req.site.id, product));
    const adminList = async (req: { site: { id: string } }) =>
      (await repo.listRetailPrices(app.ctx.db, req.site.id, product, false)).map((r) => ({
        ...catalog.toRetail(r),
        active: r.active,
      }));
    route(app, e.adminGetAll, adminOpts, adminList);
    route(app, e.adminGetListOrigin, adminOpts, adminList);
    route(app, e.updateRetail, adminOpts, async (req) =>
      catalog.updateRetail(app.ctx, req.site.id, product, req.params.id, req.body),
    );
    route(app, e.createRetail, adminOpts, async (req) =>
      catalogAdmin.createRetail(app.ctx, req.site.id, product, req.body),
    );
    route(app, e.deleteRetail, adminOpts, async (req) =>
      catalogAdmin.deleteRetail(app.ctx, req.site.id, product, req.params.id),
    );
  };
}

/** /api/{v6,v4,key}-package/… */
export function packageRoutes(product: Product): FastifyPluginAsyncZod {
  return async (app) => {
    const e = packageEndpoints(product);
    const opts = { schema: { tags: [`${product}-package`] } };
    const adminOpts = { ...admin, ...opts };
    route(app, e.getAllPackage, opts, async (req) =>
      (await repo.listPackages(app.ctx.db, req.site.id, product, true)).map(catalog.toPackage),
    );
    const adminList = async (req: { site: { id: string } }) =>
      (await repo.listPackages(app.ctx.db, req.site.id, product, false)).map((p) => ({
        ...catalog.toPackage(p),
        active: p.active,
        product: p.product,
      }));
    route(app, e.adminGetAllPackage, adminOpts, adminList);
    route(app, e.adminGetListOrigin, adminOpts, adminList);
    route(app, e.updatePackage, adminOpts, async (req) =>
      catalog.updatePackage(app.ctx, req.site.id, product, req.params.id, req.body),
    );
    route(app, e.createPackage, adminOpts, async (req) =>
      catalogAdmin.createPackage(app.ctx, req.site.id, product, req.body),
    );
    route(app, e.deletePackage, adminOpts, async (req) =>
      catalogAdmin.deletePackage(app.ctx, req.site.id, product, req.params.id),
    );
  };
}

/** /api/discount/… (quantity tiers) and /api/bandwidth/… (extra bandwidth price). */
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = discountEndpoints;
  const opts = { schema: { tags: ['discount'] } };
  route(app, e.getAll, opts, async (req) => repo.listDiscountTiers(app.ctx.db, req.site.id, req.query.product));
  route(app, e.adminUpdate, { ...admin, ...opts }, async (req) =>
    catalog.replaceDiscountTiers(app.ctx, req.site.id, req.body.product, req.body.tiers),
  );
};

export const bandwidthRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = bandwidthEndpoints;
  const opts = { schema: { tags: ['bandwidth'] } };
  route(app, e.getPrice, opts, async (req) => {
    const row = await repo.findBandwidthPrice(app.ctx.db, req.site.id);
    return row ? { pricePerGb: row.pricePerGb, maxGb: row.maxGb } : null;
  });
  route(app, e.adminUpdate, { ...admin, ...opts }, async (req) =>
    catalog.setBandwidthPrice(app.ctx, req.site.id, req.body),
  );
};

export const routes: ModuleRoutes = [
  { plugin: countryRoutes, prefix: '/country' },
  ...(['v6', 'v4', 'key'] as const).flatMap((product) => [
    { plugin: retailRoutes(product), prefix: `/${product}-retail` },
    { plugin: packageRoutes(product), prefix: `/${product}-package` },
  ]),
  { plugin: discountRoutes, prefix: '/discount' },
  { plugin: bandwidthRoutes, prefix: '/bandwidth' },
];
