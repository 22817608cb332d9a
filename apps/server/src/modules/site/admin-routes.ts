import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZListQuery, ZLogoUpload, ZSettingChange, ZSiteAdmin, ZSiteCreate, ZSiteUpdate, zPage } from '@proxy/contract';
import { authenticate, requireAdmin, requireOwner } from '../../plugins/auth.js';
import * as service from './admin-service.js';
import { uploadLogo } from './logo.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const ZChangesQuery = ZListQuery.extend({ siteId: z.string().uuid().optional() });

/** The caller as the sites admin sees it; a site admin belongs to the site its host selects. */
function caller(req: FastifyRequest): service.SiteAdminCaller {
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
  const tags = ['site'];
  const owner = { preValidation: requireOwner };

  app.get(
    '/list-site',
    { ...owner, schema: { tags, querystring: ZListQuery, response: { 200: zPage(ZSiteAdmin) } } },
    async (req) => service.listSites(app.ctx, req.query),
  );
  app.get('/my-site', { schema: { tags, response: { 200: ZSiteAdmin } } }, async (req) =>
    service.getSiteAdmin(app.ctx, caller(req), req.site.id),
  );
  app.get('/detail-site/:id', { schema: { tags, params: ZIdParams, response: { 200: ZSiteAdmin } } }, async (req) =>
    service.getSiteAdmin(app.ctx, caller(req), req.params.id),
  );
  app.post(
    '/create-site',
    { ...owner, schema: { tags, body: ZSiteCreate, response: { 200: ZSiteAdmin } } },
    async (req) => {
      const site = await service.createSite(app.ctx, caller(req), req.body);
      app.sites.invalidate();
      return site;
    },
  );
  app.put(
    '/update-site/:id',
    { schema: { tags, params: ZIdParams, body: ZSiteUpdate, response: { 200: ZSiteAdmin } } },
    async (req) => {
      const site = await service.updateSite(app.ctx, caller(req), req.params.id, req.body);
      app.sites.invalidate();
      return site;
    },
  );
  app.post(
    '/upload-logo/:id',
    { schema: { tags, params: ZIdParams, body: ZLogoUpload, response: { 200: ZSiteAdmin } } },
    async (req) => {
      const who = caller(req);
      // The access check first, so another site's admin learns nothing from the image checks.
      await service.getSiteAdmin(app.ctx, who, req.params.id);
      await uploadLogo(app.ctx, who, req.params.id, req.body.data);
      app.sites.invalidate();
      return service.getSiteAdmin(app.ctx, who, req.params.id);
    },
  );
  app.get(
    '/list-setting-change',
    { schema: { tags, querystring: ZChangesQuery, response: { 200: zPage(ZSettingChange) } } },
    async (req) => service.listSiteSettingChanges(app.ctx, caller(req), req.query.siteId ?? req.site.id, req.query),
  );
};
