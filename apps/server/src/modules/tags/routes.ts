import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZTag, ZTagKeysRequest, ZTagNameRequest, ZTagProxiesRequest, ZTagTypeQuery } from '@proxy/contract';
import { authenticate } from '../../plugins/auth.js';
import * as tagsService from './service.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const ok = { ok: true as const };

/** /api/tag/… (docs/wire-contract.md#tags). */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tag'];
  app.addHook('preHandler', authenticate);
  app.get(
    '/list-tags',
    { schema: { tags, querystring: ZTagTypeQuery, response: { 200: z.array(ZTag) } } },
    async (req) => tagsService.listTags(app.ctx, req.user.id, req.query.tagType),
  );
  app.post(
    '/create-tag',
    { schema: { tags, querystring: ZTagTypeQuery, body: ZTagNameRequest, response: { 200: ZTag } } },
    async (req) => tagsService.createTag(app.ctx, req.user.id, req.query.tagType, req.body.tagName),
  );
  app.post(
    '/update-tag/:id',
    { schema: { tags, params: ZIdParams, body: ZTagNameRequest, response: { 200: ZOk } } },
    async (req) => {
      await tagsService.renameTag(app.ctx, req.user.id, req.params.id, req.body.tagName);
      return ok;
    },
  );
  app.delete('/delete-tag/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOk } } }, async (req) => {
    await tagsService.deleteTag(app.ctx, req.user.id, req.params.id);
    return ok;
  });
};

/** tag-proxy/:tagId and untag-proxy/:tagId under /api/{v6,v4,bought}-proxy: proxies of the route's scope and the tag's type. */
export function proxyTagRoutes(scope: 'v6' | 'v4' | 'bought'): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [`${scope}-proxy`];
    const schema = { tags, params: ZIdParams, body: ZTagProxiesRequest, response: { 200: ZOk } };
    app.post('/tag-proxy/:id', { preHandler: authenticate, schema }, async (req) => {
      await tagsService.tagProxies(app.ctx, req.user.id, scope, req.params.id, req.body.listProxyId);
      return ok;
    });
    app.put('/untag-proxy/:id', { preHandler: authenticate, schema }, async (req) => {
      await tagsService.tagProxies(app.ctx, req.user.id, scope, req.params.id, req.body.listProxyId, true);
      return ok;
    });
  };
}

/** tag-key/:tagId and untag-key/:tagId under /api/key. */
export const keyTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['key'], params: ZIdParams, body: ZTagKeysRequest, response: { 200: ZOk } };
  app.post('/tag-key/:id', { preHandler: authenticate, schema }, async (req) => {
    await tagsService.tagKeys(app.ctx, req.user.id, req.params.id, req.body.listKeyId);
    return ok;
  });
  app.put('/untag-key/:id', { preHandler: authenticate, schema }, async (req) => {
    await tagsService.tagKeys(app.ctx, req.user.id, req.params.id, req.body.listKeyId, true);
    return ok;
  });
};
