import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminCountry,
  ZAdminPackage,
  ZBandwidthPrice,
  ZCountry,
  ZCountryCode,
  ZCreateCountryRequest,
  ZCreatePackageRequest,
  ZCreateRetailRequest,
  ZDeletePackageResponse,
  ZOk,
  ZDiscountTier,
  ZPackage,
  ZProduct,
  ZRetailPrice,
  ZUpdatePackageRequest,
  ZUpdateBandwidthRequest,
  ZUpdateCountryRequest,
  ZUpdateDiscountRequest,
  ZUpdateRetailRequest,
  type Product,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as catalogAdmin from './admin-service.js';
import * as repo from './repository.js';
import * as catalog from './service.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const admin = { preHandler: [authenticate, requireAdmin] };

/** /api/country/{v6,v4,key}/… */
export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const product of ['v6', 'v4', 'key'] as const) {
    app.get(
      `/${product}/list-country`,
      { schema: { tags: ['country'], response: { 200: z.array(ZCountry) } } },
      async (req) => catalog.countries(app.ctx, req.site.id, product),
    );
    app.get(
      `/${product}/list-country-admin`,
      { ...admin, schema: { tags: ['country'], response: { 200: z.array(ZAdminCountry) } } },
      async (req) => catalog.adminCountries(app.ctx, req.site.id, product),
    );
    app.put(
      `/${product}/admin/update`,
      {
        ...admin,
        schema: { tags: ['country'], body: ZUpdateCountryRequest, response: { 200: z.array(ZAdminCountry) } },
      },
      async (req) => catalog.setCountryEnabled(app.ctx, req.site.id, product, req.body.code, req.body.enabled),
    );
    app.post(
      `/${product}/admin/create`,
      {
        ...admin,
        schema: { tags: ['country'], body: ZCreateCountryRequest, response: { 200: z.array(ZAdminCountry) } },
      },
      async (req) => catalogAdmin.createCountry(app.ctx, req.site.id, product, req.body),
    );
    app.delete(
      `/${product}/admin/delete/:code`,
      {
        ...admin,
        schema: {
          tags: ['country'],
          params: z.object({ code: ZCountryCode }),
          response: { 200: z.array(ZAdminCountry) },
        },
      },
      async (req) => catalogAdmin.deleteCountry(app.ctx, req.site.id, product, req.params.code),
    );
  }
};

/** /api/{v6,v4,key}-retail/… */
export function retailRoutes(product: Product): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [`${product}-retail`];
    app.get('/get-all', { schema: { tags, response: { 200: z.array(ZRetailPrice) } } }, async (req) =>
      (await repo.listRetailPrices(app.ctx.db, req.site.id, product, true)).map(catalog.toRetail),
    );
    app.get('/get-all-renew', { schema: { tags, response: { 200: z.array(ZRetailPrice) } } }, async (req) =>
      catalog.renewPrices(app.ctx, req.site.id, product),
    );
    const adminList = async (req: { site: { id: string } }) =>
      (await repo.listRetailPrices(app.ctx.db, req.site.id, product, false)).map((r) => ({
        ...catalog.toRetail(r),
        active: r.active,
      }));
    const ZAdminRetail = z.array(ZRetailPrice.extend({ active: z.boolean() }));
    app.get('/admin/get-all', { ...admin, schema: { tags, response: { 200: ZAdminRetail } } }, adminList);
    app.get('/admin/get-list-origin', { ...admin, schema: { tags, response: { 200: ZAdminRetail } } }, adminList);
    app.put(
      '/admin/update-retail/:id',
      { ...admin, schema: { tags, params: ZIdParams, body: ZUpdateRetailRequest, response: { 200: ZRetailPrice } } },
      async (req) => catalog.updateRetail(app.ctx, req.site.id, product, req.params.id, req.body),
    );
    app.post(
      '/admin/create-retail',
      { ...admin, schema: { tags, body: ZCreateRetailRequest, response: { 200: ZRetailPrice } } },
      async (req) => catalogAdmin.createRetail(app.ctx, req.site.id, product, req.body),
    );
    app.delete(
      '/admin/delete-retail/:id',
      { ...admin, schema: { tags, params: ZIdParams, response: { 200: ZOk } } },
      async (req) => catalogAdmin.deleteRetail(app.ctx, req.site.id, product, req.params.id),
    );
  };
}

/** /api/{v6,v4,key}-package/… */
export function packageRoutes(product: Product): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [`${product}-package`];
    app.get('/get-all-package', { schema: { tags, response: { 200: z.array(ZPackage) } } }, async (req) =>
      (await repo.listPackages(app.ctx.db, req.site.id, product, true)).map(catalog.toPackage),
    );
    const adminList = async (req: { site: { id: string } }) =>
      (await repo.listPackages(app.ctx.db, req.site.id, product, false)).map((p) => ({
        ...catalog.toPackage(p),
        active: p.active,
        product: p.product,
      }));
    app.get(
      '/admin/get-all-package',
      { ...admin, schema: { tags, response: { 200: z.array(ZAdminPackage) } } },
      adminList,
    );
    app.get(
      '/admin/get-list-origin',
      { ...admin, schema: { tags, response: { 200: z.array(ZAdminPackage) } } },
      adminList,
    );
    app.put(
      '/admin/update-package/:id',
      { ...admin, schema: { tags, params: ZIdParams, body: ZUpdatePackageRequest, response: { 200: ZAdminPackage } } },
      async (req) => catalog.updatePackage(app.ctx, req.site.id, product, req.params.id, req.body),
    );
    app.post(
      '/admin/create-package',
      { ...admin, schema: { tags, body: ZCreatePackageRequest, response: { 200: ZAdminPackage } } },
      async (req) => catalogAdmin.createPackage(app.ctx, req.site.id, product, req.body),
    );
    app.delete(
      '/admin/delete-package/:id',
      { ...admin, schema: { tags, params: ZIdParams, response: { 200: ZDeletePackageResponse } } },
      async (req) => catalogAdmin.deletePackage(app.ctx, req.site.id, product, req.params.id),
    );
  };
}

const ZProductQuery = z.object({ product: ZProduct });

/** /api/discount/… (quantity tiers) and /api/bandwidth/… (extra bandwidth price). */
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['discount'];
  app.get(
    '/get-all',
    { schema: { tags, querystring: ZProductQuery, response: { 200: z.array(ZDiscountTier) } } },
    async (req) => repo.listDiscountTiers(app.ctx.db, req.site.id, req.query.product),
  );
  app.put(
    '/admin/update',
    {
      ...admin,
      schema: {
        tags,
        body: ZUpdateDiscountRequest,
        response: { 200: z.array(ZDiscountTier) },
      },
    },
    async (req) => catalog.replaceDiscountTiers(app.ctx, req.site.id, req.body.product, req.body.tiers),
  );
};

export const bandwidthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bandwidth'];
  app.get('/get-price', { schema: { tags, response: { 200: ZBandwidthPrice.nullable() } } }, async (req) => {
    const row = await repo.findBandwidthPrice(app.ctx.db, req.site.id);
    return row ? { pricePerGb: row.pricePerGb, maxGb: row.maxGb } : null;
  });
  app.put(
    '/admin/update',
    {
      ...admin,
      schema: {
        tags,
        body: ZUpdateBandwidthRequest,
        response: { 200: ZBandwidthPrice },
      },
    },
    async (req) => catalog.setBandwidthPrice(app.ctx, req.site.id, req.body),
  );
};
