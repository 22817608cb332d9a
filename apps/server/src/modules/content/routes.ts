import { isIPv4 } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landingEndpoints, supportEndpoints, toolEndpoints, tutorialEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as content from './service.js';

const adminOnly = [authenticate, requireAdmin];

/** /api/landing: the landing texts, FAQ and quotes (public read, admin update). */
export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['landing'] } };
  const e = landingEndpoints;
  route(app, e.detail, opts, async (req) => content.getLanding(app.ctx.db, req.site.id));
  route(app, e.update, { ...opts, preHandler: adminOnly }, async (req) =>
    content.updateLanding(app.ctx.db, req.site.id, req.params.id, req.body),
  );
};

/** /api/support: the site's support channels. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['support'] } };
  const e = supportEndpoints;
  route(app, e.supportInfo, opts, async (req) => content.getSupport(app.ctx.db, req.site.id));
  route(app, e.addSupport, { ...opts, preHandler: adminOnly }, async (req) =>
    content.replaceSupport(app.ctx.db, req.site.id, req.body),
  );
};

/** /api/tutorial: articles in one language for readers, both for the admin. */
export const tutorialRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['tutorial'] } };
  const admin = { ...opts, preHandler: adminOnly };
  const e = tutorialEndpoints;
  route(app, e.list, opts, async (req) => content.listTutorials(app.ctx.db, req.site.id, req.query.lang));
  route(app, e.detail, opts, async (req) =>
    content.tutorialDetail(app.ctx.db, req.site.id, req.params.slug, req.query.lang),
  );
  route(app, e.adminList, admin, async (req) => content.adminListTutorials(app.ctx.db, req.site.id));
  route(app, e.adminCreate, admin, async (req) => content.createTutorial(app.ctx.db, req.site.id, req.body));
  route(app, e.adminUpdate, admin, async (req) =>
    content.updateTutorial(app.ctx.db, req.site.id, req.params.id, req.body),
  );
  route(app, e.adminDelete, admin, async (req) => {
    await content.deleteTutorial(app.ctx.db, req.site.id, req.params.id);
    return { ok: true as const };
  });
};

/** /api/tools (beside the proxy checker): downloads and "my IP". */
export const contentToolRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['tools'] } };
  const e = toolEndpoints;
  route(app, e.downloads, opts, async (req) => content.getDownloads(app.ctx.db, req.site.id));
  route(app, e.adminDownloads, { ...opts, preHandler: adminOnly }, async (req) =>
    content.replaceDownloads(app.ctx.db, req.site.id, req.body),
  );
  // What the server sees of the caller (behind a trusted proxy, the forwarded address).
  route(app, e.myIp, opts, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    const ip = req.ip.startsWith('::ffff:') && isIPv4(req.ip.slice(7)) ? req.ip.slice(7) : req.ip;
    const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
    return { ip, family: isIPv4(ip) ? ('IPv4' as const) : ('IPv6' as const), userAgent };
  });
};

export const routes: ModuleRoutes = [
  { plugin: contentToolRoutes, prefix: '/tools' },
  { plugin: landingRoutes, prefix: '/landing' },
  { plugin: supportRoutes, prefix: '/support' },
  { plugin: tutorialRoutes, prefix: '/tutorial' },
];
