import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bandwidthEndpoints } from '@proxy/contract';
import { bandwidthPrices } from '../../db/schema/index.js';
import { route } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { findBandwidthPrice } from './queries.js';

/** /api/bandwidth/…: the site's price of extra bandwidth (docs/product-rules.md#catalogue). */
export const bandwidthRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = bandwidthEndpoints;
  const opts = { schema: { tags: ['bandwidth'] } };
  route(app, e.getPrice, opts, async (req) => {
    const row = await findBandwidthPrice(app.ctx.db, req.site.id);
    return row ? { pricePerGb: row.pricePerGb, maxGb: row.maxGb } : null;
  });
  route(app, e.adminUpdate, { preHandler: [authenticate, requireAdmin], ...opts }, async (req) => {
    const at = app.ctx.clock.now();
    await app.ctx.db
      .insert(bandwidthPrices)
      .values({ siteId: req.site.id, ...req.body, updatedAt: at })
      .onConflictDoUpdate({ target: bandwidthPrices.siteId, set: { ...req.body, updatedAt: at } });
    return req.body;
  });
};
