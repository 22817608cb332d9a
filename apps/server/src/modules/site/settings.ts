import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { API_RATE_LIMIT, LOCK_DAYS, settingEndpoints, type TSiteSettings } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { sites, type SiteSettings } from '../../db/schema/index.js';
import { route } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { findSiteById, lockSite, type Actor, type Site } from './queries.js';
import { recordSettingChanges } from './setting-changes.js';

/** The admin-editable settings of a site, with their defaults. */
function siteSettingsView(site: Pick<Site, 'settings' | 'timeZone'>): TSiteSettings {
  return {
    timeZone: site.timeZone,
    lockDays: site.settings.lockDays ?? LOCK_DAYS.default,
    apiRateLimitPerMin: site.settings.apiRateLimitPerMin ?? API_RATE_LIMIT.default,
    ...(site.settings.supplierRates ? { supplierRates: site.settings.supplierRates } : {}),
  };
}

/**
 * Saves part of the settings document (the lock period, the API limit, the maintenance notice:
 * docs/wire-contract.md#sites) and the time zone (a column: statistics read it per site), and
 * audits each changed key, in one transaction.
 */
async function updateSiteSettings(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  siteId: string,
  {
    timeZone,
    ...patch
  }: Partial<Pick<SiteSettings, 'lockDays' | 'apiRateLimitPerMin' | 'maintenance' | 'supplierRates'>> & {
    timeZone?: string;
  },
): Promise<Site> {
  await ctx.db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (site && Object.keys(patch).length > 0) {
      // Merged in one statement, so a concurrent change of another key is kept.
      await tx
        .update(sites)
        .set({ settings: sql`${sites.settings} || ${JSON.stringify(patch)}::jsonb` })
        .where(eq(sites.id, siteId));
      await recordSettingChanges(tx, ctx.clock.now(), siteId, actor, { ...site.settings }, patch);
    }
    if (site && timeZone !== undefined) {
      await tx.update(sites).set({ timeZone }).where(eq(sites.id, siteId));
      await recordSettingChanges(tx, ctx.clock.now(), siteId, actor, { timeZone: site.timeZone }, { timeZone });
    }
  });
  return (await findSiteById(ctx.db, siteId))!;
}

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
