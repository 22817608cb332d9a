import { isIPv4 } from 'node:net';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZContentLangQuery,
  ZDownloads,
  ZLanding,
  ZLandingUpdate,
  ZMyIp,
  ZOk,
  ZSupportInfo,
  ZTutorialAdmin,
  ZTutorialDetail,
  ZTutorialInput,
  ZTutorialListItem,
  ZTutorialSlug,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as content from './service.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const admin = { preHandler: [authenticate, requireAdmin] };

/** /api/landing: the landing texts, FAQ and quotes (public read, admin update). */
export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['landing'];
  app.get('/detail', { schema: { tags, response: { 200: ZLanding } } }, async (req) =>
    content.getLanding(app.ctx.db, req.site.id),
  );
  app.put(
    '/update/:id',
    { ...admin, schema: { tags, params: ZIdParams, body: ZLandingUpdate, response: { 200: ZLanding } } },
    async (req) => content.updateLanding(app.ctx.db, req.site.id, req.params.id, req.body),
  );
};

/** /api/support: the site's support channels. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['support'];
  app.get('/support-info', { schema: { tags, response: { 200: ZSupportInfo } } }, async (req) =>
    content.getSupport(app.ctx.db, req.site.id),
  );
  app.post(
    '/admin/add-support',
    { ...admin, schema: { tags, body: ZSupportInfo, response: { 200: ZSupportInfo } } },
    async (req) => content.replaceSupport(app.ctx.db, req.site.id, req.body),
  );
};

/** /api/tutorial: articles in one language for readers, both for the admin. */
export const tutorialRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tutorial'];
  app.get(
    '/list',
    { schema: { tags, querystring: ZContentLangQuery, response: { 200: z.array(ZTutorialListItem) } } },
    async (req) => content.listTutorials(app.ctx.db, req.site.id, req.query.lang),
  );
  app.get(
    '/detail/:slug',
    {
      schema: {
        tags,
        params: z.object({ slug: ZTutorialSlug }),
        querystring: ZContentLangQuery,
        response: { 200: ZTutorialDetail },
      },
    },
    async (req) => content.tutorialDetail(app.ctx.db, req.site.id, req.params.slug, req.query.lang),
  );
  app.get('/admin/list', { ...admin, schema: { tags, response: { 200: z.array(ZTutorialAdmin) } } }, async (req) =>
    content.adminListTutorials(app.ctx.db, req.site.id),
  );
  app.post(
    '/admin/create',
    { ...admin, schema: { tags, body: ZTutorialInput, response: { 200: ZTutorialAdmin } } },
    async (req) => content.createTutorial(app.ctx.db, req.site.id, req.body),
  );
  app.put(
    '/admin/update/:id',
    { ...admin, schema: { tags, params: ZIdParams, body: ZTutorialInput, response: { 200: ZTutorialAdmin } } },
    async (req) => content.updateTutorial(app.ctx.db, req.site.id, req.params.id, req.body),
  );
  app.delete(
    '/admin/delete/:id',
    { ...admin, schema: { tags, params: ZIdParams, response: { 200: ZOk } } },
    async (req) => {
      await content.deleteTutorial(app.ctx.db, req.site.id, req.params.id);
      return { ok: true as const };
    },
  );
};

/** /api/tools (beside the proxy checker): downloads and "my IP". */
export const contentToolRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tools'];
  app.get('/downloads', { schema: { tags, response: { 200: ZDownloads } } }, async (req) =>
    content.getDownloads(app.ctx.db, req.site.id),
  );
  app.put(
    '/admin/downloads',
    { ...admin, schema: { tags, body: ZDownloads, response: { 200: ZDownloads } } },
    async (req) => content.replaceDownloads(app.ctx.db, req.site.id, req.body),
  );
  // What the server sees of the caller (behind a trusted proxy, the forwarded address).
  app.get('/my-ip', { schema: { tags, response: { 200: ZMyIp } } }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    const ip = req.ip.startsWith('::ffff:') && isIPv4(req.ip.slice(7)) ? req.ip.slice(7) : req.ip;
    const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
    return { ip, family: isIPv4(ip) ? ('IPv4' as const) : ('IPv6' as const), userAgent };
  });
};
