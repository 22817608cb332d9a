import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toolLinkEndpoints, toolLinkPublicEndpoints } from '@proxy/contract';
import { requestOrigin } from '../../lib/request-origin.js';
import { route } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import * as links from './tool-links.js';
import { LinkCache } from './tool-links-cache.js';

/** /api/proxy/links and /api/proxy/list-links (the owner's calls) and the secret URLs themselves. */
export const toolLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['proxy'];
  const auth = { preHandler: authenticate, schema: { tags } };
  const e = toolLinkEndpoints;
  const caller = (req: FastifyRequest) => ({ userId: req.user.id, siteId: req.site.id });
  const cache = new LinkCache(app.ctx.database);
  const unfollow = await cache.follow();
  app.addHook('onClose', async () => unfollow());

  route(app, e.issueLinks, auth, async (req) =>
    links.issueLinks(app.ctx, caller(req), req.body.listProxyId, requestOrigin(req)),
  );
  route(app, e.revokeLinks, auth, async (req) => {
    await links.revokeLinks(app.ctx, req.user.id, req.body.listProxyId, cache);
    return { ok: true as const };
  });
  route(app, e.createListLink, auth, async (req) =>
    links.createListLink(app.ctx, caller(req), req.body, requestOrigin(req)),
  );
  route(app, e.listListLinks, auth, async (req) => links.listListLinks(app.ctx, req.user.id, req.site.id));
  route(app, e.deleteListLink, auth, async (req) => {
    await links.deleteListLink(app.ctx, req.user.id, req.site.id, req.params.id);
    return { ok: true as const };
  });

  // The token is the credential: no session, never cached by a browser or a proxy on the way.
  const p = toolLinkPublicEndpoints;
  route(app, p.changeIp, { schema: { tags } }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return links.changeIpByLink(app.ctx, cache, req.site.id, req.params.token, req.ip);
  });
  route(app, p.current, { schema: { tags } }, async (req, reply) => {
    const line = await links.currentByLink(app.ctx, cache, req.site.id, req.params.token, req.ip, req.query.format);
    return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`${line}\n`);
  });
  route(app, p.list, { schema: { tags } }, async (req, reply) => {
    const out = await links.fetchList(app.ctx, req.site.id, req.params.token, {
      ip: req.ip,
      userAgent: [req.headers['user-agent']].flat()[0],
    });
    return reply.header('cache-control', 'no-store').type(out.contentType).send(out.body);
  });
};
