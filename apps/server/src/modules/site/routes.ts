import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMaintenance, ZSiteInfo, ZSiteProductsUpdate, ZSiteSettings, ZSiteSettingsUpdate } from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { findSiteById, mergeSiteSettings, updateSiteProducts } from './repository.js';
import { siteInfo, siteSettingsView, updateSiteSettings } from './service.js';
import { runningPromotionTiers } from '../promotions/index.js';
import type { Site } from './repository.js';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  // The site's info with its running promotion (read through: an admin's start or stop shows at once).
  const infoOf = async (site: Site) => ({
    ...siteInfo(site, app.ctx),
    promotion: await runningPromotionTiers(app.ctx.db, site.id, app.ctx.clock.now()),
  });
  app.get('/get-site-info', { schema: { tags: ['site'], response: { 200: ZSiteInfo } } }, async (req) =>
    infoOf(req.site),
  );

  // The admin's own site: which product categories it sells (isOpenV6/V4/Key). This instance sees
  // the change at once, the others within the site cache's 10 s.
  app.put(
    '/admin/update-products',
    {
      preHandler: [authenticate, requireAdmin],
      schema: { tags: ['site'], body: ZSiteProductsUpdate, response: { 200: ZSiteInfo } },
    },
    async (req) => {
      await updateSiteProducts(app.ctx.db, req.site.id, req.body);
      app.sites.invalidate();
      return infoOf(await app.sites.resolve(req.headers.host));
    },
  );
};

/** /api/setting/admin/…: the settings of the admin's own site (the one its host selects). */
export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  const tags = ['setting'];
  app.get('/admin/list', { schema: { tags, response: { 200: ZSiteSettings } } }, async (req) => {
    // Read through, not from the 10 s host cache, so the screen shows what was just saved.
    const site = await findSiteById(app.ctx.db, req.site.id);
    return siteSettingsView(site ?? req.site);
  });
  app.put(
    '/admin/update',
    { schema: { tags, body: ZSiteSettingsUpdate, response: { 200: ZSiteSettings } } },
    async (req) => {
      const view = await updateSiteSettings(app.ctx, req.site.id, req.body.settings);
      app.sites.invalidate();
      return view;
    },
  );

  // The maintenance notice (docs/wire-contract.md#site-content), as saved (on or off).
  const off = { enabled: false, message: '', messageEng: '', until: null };
  app.get('/admin/maintenance', { schema: { tags, response: { 200: ZMaintenance } } }, async (req) => {
    const site = await findSiteById(app.ctx.db, req.site.id);
    return site?.settings.maintenance ?? off;
  });
  app.put(
    '/admin/maintenance',
    { schema: { tags, body: ZMaintenance, response: { 200: ZMaintenance } } },
    async (req) => {
      const until = req.body.until === null ? null : new Date(req.body.until).toISOString();
      const maintenance = { ...req.body, until };
      await mergeSiteSettings(app.ctx.db, req.site.id, { maintenance });
      app.sites.invalidate();
      return maintenance;
    },
  );
};
