import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin, requireOwner } from '../../plugins/auth.js';
import { logoRoute, uploadLogoRoute } from './logo.js';
import { saveSiteRoutes } from './save-site.js';
import { settingChangesRoute } from './setting-changes.js';
import { settingRoutes } from './settings.js';
import { siteInfoRoutes } from './site-info.js';
import { viewSitesRoutes } from './view-sites.js';

/** /api/site/…: the site's info, its logo and the admin's product switches. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Other instances' site changes drop this instance's host cache (SiteResolver.follow).
  const unfollow = await app.sites.follow();
  app.addHook('onClose', async () => unfollow());
  const opts = { schema: { tags: ['site'] } };
  siteInfoRoutes(app, opts, { ...opts, preHandler: [authenticate, requireAdmin] });
  logoRoute(app, opts);
};

/**
 * /api/site/admin/… (docs/wire-contract.md#sites): the owner lists, creates and edits every site;
 * a site admin reads and edits its own site only (not its hosts). Every change drops the host
 * cache here and, through NOTIFY, on every other instance.
 */
export const siteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Role first, then the body: a customer gets 403 whatever it sends.
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requireAdmin);
  const opts = { schema: { tags: ['site'] } };
  const owner = { ...opts, preValidation: requireOwner };
  viewSitesRoutes(app, opts, owner);
  saveSiteRoutes(app, opts, owner);
  uploadLogoRoute(app, opts);
  settingChangesRoute(app, opts);
};

export const routes: ModuleRoutes = [
  { plugin: siteRoutes, prefix: '/site' },
  { plugin: siteAdminRoutes, prefix: '/site/admin' },
  { plugin: settingRoutes, prefix: '/setting' },
];
