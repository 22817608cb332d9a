import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingEndpoints, siteEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { AppError } from '../../lib/errors.js';
import { findLogo } from './admin-repository.js';
import { findSiteById } from './repository.js';
import { siteInfo, siteSettingsView, updateProducts, updateSiteSettings } from './service.js';
import { runningPromotionTiers } from '../promotions/index.js';
import type { Site } from './repository.js';
import { siteAdminRoutes } from './admin-routes.js';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Other instances' site changes drop this instance's host cache (SiteResolver.follow).
  const unfollow = await app.sites.follow();
  app.addHook('onClose', async () => unfollow());

  // The site's info with its running promotion, which every page load asks for: kept with the site
  // (an admin's start or stop invalidates it on every instance, promotions/save-promotion.ts), and one that
  // has ended since it was read is not shown.
  // The memo's key, kept per site object: a call from memory then builds no string.
  const keys = new WeakMap<Site, string>();
  const promotionKey = (site: Site): string => {
    let key = keys.get(site);
    if (key === undefined) {
      key = `promotion:${site.id}`;
      keys.set(site, key);
    }
    return key;
  };
  const promotionOf = (site: Site, now: number) =>
    app.sites.memo(promotionKey(site), () => runningPromotionTiers(app.ctx.db, site.id, new Date(now)));
  const infoOf = (site: Site, promotion: Awaited<ReturnType<typeof promotionOf>>, now: number) => {
    const ended = promotion?.endsAt != null && Date.parse(promotion.endsAt) <= now;
    return siteInfo(site, app.ctx, ended ? null : promotion);
  };
  const e = siteEndpoints;
  const opts = { schema: { tags: ['site'] } };
  // The written answer, kept per site object (a new one comes with every site change) until its
  // promotion changes or the next instant it depends on (the promotion's or the maintenance's end).
  const written = new WeakMap<Site, { promotion: unknown; json: string; until: number }>();
  type Promotion = Awaited<ReturnType<typeof promotionOf>>;
  const send = (reply: FastifyReply, site: Site, promotion: Promotion, now: number): FastifyReply => {
    let hit = written.get(site);
    if (!hit || hit.promotion !== promotion || now >= hit.until) {
      const info = infoOf(site, promotion, now);
      const ends = [info.promotion?.endsAt, info.maintenance?.until].map((at) => (at ? Date.parse(at) : Infinity));
      hit = { promotion, json: reply.serialize(info) as string, until: Math.min(...ends) };
      written.set(site, hit);
    }
    return reply.type('application/json; charset=utf-8').send(hit.json);
  };
  route(app, e.getSiteInfo, opts, (req, reply) => {
    const site = req.site;
    const now = app.ctx.clock.nowMs();
    // The promotion at hand: answered without a promise (nearly every call).
    const known = app.sites.memoCached<Promotion>(promotionKey(site));
    if (known) {
      send(reply, site, known.value, now);
      return undefined;
    }
    return promotionOf(site, now).then((promotion) => send(reply, site, promotion, now));
  });

  // An uploaded logo (docs/wire-contract.md#sites): its URL carries a version, so it may be cached.
  route(app, e.logo, opts, async (req, reply) => {
    const logo = await findLogo(app.ctx.db, req.params.id);
    if (!logo) {
      throw new AppError('NOT_FOUND');
    }
    return reply
      .type(logo.contentType)
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(logo.data, 'base64'));
  });

  // The admin's own site: which product categories it sells (isOpenV6/V4/Key), audited; every
  // instance sees the change at once (SiteResolver.invalidate NOTIFYs the others).
  route(app, e.updateProducts, { ...opts, preHandler: [authenticate, requireAdmin] }, async (req) => {
    await updateProducts(app.ctx, req.user, req.site.id, req.body);
    app.sites.invalidate();
    const host = req.headers.host;
    const site = await app.sites.resolve(typeof host === 'string' ? host : undefined);
    const now = app.ctx.clock.nowMs();
    return infoOf(site, await promotionOf(site, now), now);
  });
};

/** /api/setting/admin/…: the settings of the admin's own site (the one its host selects). */
export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  const e = settingEndpoints;
  const opts = { schema: { tags: ['setting'] } };
  route(app, e.list, opts, async (req) => {
    // Read through, not from the 10 s host cache, so the screen shows what was just saved.
    const site = await findSiteById(app.ctx.db, req.site.id);
    return siteSettingsView(site ?? req.site);
  });
  route(app, e.update, opts, async (req) => {
    const site = await updateSiteSettings(app.ctx, req.user, req.site.id, req.body.settings);
    app.sites.invalidate();
    return siteSettingsView(site);
  });

  // The maintenance notice (docs/wire-contract.md#site-content), as saved (on or off).
  const off = { enabled: false, message: '', messageEng: '', until: null };
  route(app, e.getMaintenance, opts, async (req) => {
    const site = await findSiteById(app.ctx.db, req.site.id);
    return site?.settings.maintenance ?? off;
  });
  route(app, e.setMaintenance, opts, async (req) => {
    const until = req.body.until === null ? null : new Date(req.body.until).toISOString();
    const maintenance = { ...req.body, until };
    await updateSiteSettings(app.ctx, req.user, req.site.id, { maintenance });
    app.sites.invalidate();
    return maintenance;
  });
};

export const routes: ModuleRoutes = [
  { plugin: siteRoutes, prefix: '/site' },
  { plugin: siteAdminRoutes, prefix: '/site/admin' },
  { plugin: settingRoutes, prefix: '/setting' },
];
