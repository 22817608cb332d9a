import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyEndpoints, tagEndpoints, typedProxyEndpoints, boughtProxyEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import * as tagsService from './service.js';

const ok = { ok: true as const };

/** /api/tag/… (docs/wire-contract.md#tags). */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['tag'] } };
  app.addHook('preHandler', authenticate);
  route(app, tagEndpoints.listTags, opts, async (req) => tagsService.listTags(app.ctx, req.user.id, req.query.tagType));
  route(app, tagEndpoints.createTag, opts, async (req) =>
    tagsService.createTag(app.ctx, req.user.id, req.query.tagType, req.body.tagName),
  );
  route(app, tagEndpoints.updateTag, opts, async (req) => {
    await tagsService.renameTag(app.ctx, req.user.id, req.params.id, req.body.tagName);
    return ok;
  });
  route(app, tagEndpoints.deleteTag, opts, async (req) => {
    await tagsService.deleteTag(app.ctx, req.user.id, req.params.id);
    return ok;
  });
};

/** tag-proxy/:tagId and untag-proxy/:tagId under /api/{v6,v4,bought}-proxy: proxies of the route's scope and the tag's type. */
export function proxyTagRoutes(scope: 'v6' | 'v4' | 'bought'): FastifyPluginAsyncZod {
  return async (app) => {
    const e = scope === 'bought' ? boughtProxyEndpoints : typedProxyEndpoints(scope);
    const opts = { preHandler: authenticate, schema: { tags: [`${scope}-proxy`] } };
    route(app, e.tagProxy, opts, async (req) => {
      await tagsService.tagProxies(app.ctx, req.user.id, scope, req.params.id, req.body.listProxyId);
      return ok;
    });
    route(app, e.untagProxy, opts, async (req) => {
      await tagsService.tagProxies(app.ctx, req.user.id, scope, req.params.id, req.body.listProxyId, true);
      return ok;
    });
  };
}

/** tag-key/:tagId and untag-key/:tagId under /api/key. */
export const keyTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { preHandler: authenticate, schema: { tags: ['key'] } };
  route(app, keyEndpoints.tagKey, opts, async (req) => {
    await tagsService.tagKeys(app.ctx, req.user.id, req.params.id, req.body.listKeyId);
    return ok;
  });
  route(app, keyEndpoints.untagKey, opts, async (req) => {
    await tagsService.tagKeys(app.ctx, req.user.id, req.params.id, req.body.listKeyId, true);
    return ok;
  });
};

export const routes: ModuleRoutes = [
  { plugin: proxyTagRoutes('v6'), prefix: '/v6-proxy' },
  { plugin: proxyTagRoutes('v4'), prefix: '/v4-proxy' },
  { plugin: proxyTagRoutes('bought'), prefix: '/bought-proxy' },
  { plugin: keyTagRoutes, prefix: '/key' },
  { plugin: tagRoutes, prefix: '/tag' },
];
