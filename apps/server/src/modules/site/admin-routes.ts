import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { siteAdminEndpoints } from '@proxy/contract';
import { route } from '../../lib/route.js';
import { authenticate, requireAdmin, requireOwner } from '../../plugins/auth.js';
import * as service from './admin-service.js';
import { uploadLogo } from './logo.js';

/** The caller as the sites admin sees it; a site admin belongs to the site its host selects. */
function caller(req: Pick<FastifyRequest, 'user' | 'site'>): service.SiteAdminCaller {
  return { id: req.user.id, email: req.user.email, role: req.user.role, siteId: req.site.id };
}

/**
 * /api/site/admin/… (docs/wire-contract.md#sites): the owner lists, creates and edits every site;
 * a site admin reads and edits its own site only (not its hosts). Every change drops the host
 * cache here and, through NOTIFY, on every other instance.
 */
export const siteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Role first, then the body: a customer gets 403 whatever it sends.
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requireAdmin);
  const e = siteAdminEndpoints;
  const opts = { schema: { tags: ['site'] } };
  const owner = { ...opts, preValidation: requireOwner };

  route(app, e.listSite, owner, async (req) => service.listSites(app.ctx, req.query));
  route(app, e.mySite, opts, async (req) => service.getSiteAdmin(app.ctx, caller(req), req.site.id));
  route(app, e.detailSite, opts, async (req) => service.getSiteAdmin(app.ctx, caller(req), req.params.id));
  route(app, e.createSite, owner, async (req) => {
    const site = await service.createSite(app.ctx, caller(req), req.body);
    app.sites.invalidate();
    return site;
  });
  route(app, e.updateSite, opts, async (req) => {
    const site = await service.updateSite(app.ctx, caller(req), req.params.id, req.body);
    app.sites.invalidate();
    return site;
  });
  route(app, e.uploadLogo, opts, async (req) => {
    const who = caller(req);
    // The access check first, so another site's admin learns nothing from the image checks.
    await service.getSiteAdmin(app.ctx, who, req.params.id);
    await uploadLogo(app.ctx, who, req.params.id, req.body.data);
    app.sites.invalidate();
    return service.getSiteAdmin(app.ctx, who, req.params.id);
  });
  route(app, e.listSettingChange, opts, async (req) =>
    service.listSiteSettingChanges(app.ctx, caller(req), req.query.siteId ?? req.site.id, req.query),
  );
};
