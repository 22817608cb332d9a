import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZKey,
  ZListKeyIdRequest,
  ZKeyListQuery,
  ZAdminKeyListQuery,
  ZProxyExportQuery,
  ZOk,
  ZProxy,
  ZProxyListQuery,
  ZRenewListKeyRequest,
  ZRenewListProxyRequest,
  ZUpdateListKeyRequest,
  ZUpdateListProxyRequest,
  ZAuthIpRequest,
  ZBoughtChangePasswordRequest,
  ZChangeProxyPasswordRequest,
  ZGetNewIpResponse,
  ZResetIpRequest,
  ZResetIpResponse,
  ZUpdateResetIpTypeRequest,
  zPage,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import type { ProxyScope } from './repository.js';
import { renewKeys, renewProxies } from './renew.js';
import * as service from './service.js';
import * as ops from './operations.js';
import { hitLimit } from '../../lib/rate-limit.js';

const ok = { ok: true as const };

/** The Fastify instance a route plugin of this file registers on. */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
const ZExportQuery = ZProxyExportQuery;

/**
 * The proxy calls under /api/v6-proxy and /api/v4-proxy, and under /api/bought-proxy for the
 * private IPv4 proxies from packages (docs/wire-contract.md#proxies: the same calls; change-password there takes
 * listBoughtProxyId). Each call sees only the proxies of its scope.
 */
export function proxyRoutes(type: 'v6' | 'v4', variant: 'typed' | 'bought' = 'typed'): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [variant === 'bought' ? 'bought-proxy' : `${type}-proxy`];
    const scope: ProxyScope = variant === 'bought' ? 'bought' : type;
    app.addHook('preHandler', authenticate);
    app.get(
      '/list-proxy-me',
      { schema: { tags, querystring: ZProxyListQuery, response: { 200: zPage(ZProxy) } } },
      async (req, reply) => {
        const { page, limit } = req.query;
        // PostgreSQL writes the items' JSON (listProxiesJson); the page wrapper is added here.
        const r = await service.listProxiesPageJson(app.ctx, { ...req.query, userId: req.user.id, type: scope });
        const body = `{"items":${r.items},"total":${r.total},"page":${page},"limit":${limit},"totalPage":${Math.ceil(r.total / limit)}}`;
        // A string is sent as it is: Fastify serialises only objects (the schema still documents it).
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.get('/export-all', { schema: { tags, querystring: ZExportQuery } }, async (req, reply) => {
      const out = await service.exportProxies(app.ctx, req.user.id, scope, req.query);
      return reply
        .header('content-type', out.contentType)
        .header('content-disposition', `attachment; filename="proxies-${type}.${req.query.format}"`)
        .send(out.body);
    });

    app.put(
      '/renew-list-proxy',
      { schema: { tags, body: ZRenewListProxyRequest, response: { 200: z.object({ cost: z.number().int() }) } } },
      async (req) =>
        renewProxies(app.ctx, { id: req.user.id, siteId: req.site.id }, scope, req.body.listProxyId, req.body.period),
    );

    app.put(
      '/update-list-proxy',
      { schema: { tags, body: ZUpdateListProxyRequest, response: { 200: ZOk } } },
      async (req) => {
        await service.updateProxies(app.ctx, req.user.id, scope, req.body.listProxyId, {
          comment: req.body.comment,
          autoRenew: req.body.autoRenew,
        });
        return ok;
      },
    );

    registerOperations(app, tags, scope, variant);
  };
}

/** /api/key/…: get-new-ip (authenticated by the key itself) and the key holder's calls. */
// eslint-disable-next-line max-lines-per-function -- route table: one short handler per endpoint of this prefix
export const keyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['key'];
  const auth = { preHandler: authenticate };

  registerGetNewIp(app, tags);

  app.get(
    '/list-key-me',
    {
      ...auth,
      schema: {
        tags,
        querystring: ZKeyListQuery,
        response: { 200: zPage(ZKey) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const r = await service.listOwnKeys(app.ctx, req.user.id, req.query);
      return toPage(r.items, r.total, page, limit);
    },
  );

  app.get(
    '/export-all',
    { ...auth, schema: { tags, querystring: z.object({ format: z.enum(['txt', 'json']).optional().default('txt') }) } },
    async (req, reply) => {
      const out = await service.exportKeys(app.ctx, req.user.id, req.query.format);
      return reply
        .header('content-type', out.contentType)
        .header('content-disposition', `attachment; filename="keys.${req.query.format}"`)
        .send(out.body);
    },
  );

  app.get(
    '/admin/list-key-all',
    {
      preHandler: [authenticate, requireAdmin],
      schema: {
        tags,
        querystring: ZAdminKeyListQuery,
        response: { 200: zPage(ZKey.extend({ userId: z.string(), email: z.string() })) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const r = await service.listSiteKeys(app.ctx, req.site.id, req.query);
      return toPage(r.items, r.total, page, limit);
    },
  );

  app.put(
    '/renew-list-key',
    { ...auth, schema: { tags, body: ZRenewListKeyRequest, response: { 200: z.object({ cost: z.number().int() }) } } },
    async (req) => renewKeys(app.ctx, { id: req.user.id, siteId: req.site.id }, req.body.listKeyId, req.body.period),
  );

  app.put(
    '/update-list-key',
    { ...auth, schema: { tags, body: ZUpdateListKeyRequest, response: { 200: ZOk } } },
    async (req) => {
      await service.updateKeys(app.ctx, req.user.id, req.body.listKeyId, {
        comment: req.body.comment,
        autoRenew: req.body.autoRenew,
      });
      return ok;
    },
  );

  for (const [path, autoRenew] of [
    ['/turn-on-auto-renew-key', true],
    ['/turn-off-auto-renew-key', false],
  ] as const) {
    app.put(path, { ...auth, schema: { tags, body: ZListKeyIdRequest, response: { 200: ZOk } } }, async (req) => {
      await service.updateKeys(app.ctx, req.user.id, req.body.listKeyId, { autoRenew });
      return ok;
    });
  }

  app.delete(
    '/delete-list-key',
    { ...auth, schema: { tags, body: ZListKeyIdRequest, response: { 200: ZOk } } },
    async (req) => {
      await service.deleteKeys(app.ctx, req.user.id, req.body.listKeyId);
      return ok;
    },
  );
};

/** The proxy operations of a scope: auth IPs, passwords, IP resets and their schedule. */
function registerOperations(app: RouteApp, tags: string[], scope: ProxyScope, variant: 'typed' | 'bought'): void {
  app.post(
    '/auth-ip',
    { schema: { tags, body: ZAuthIpRequest, response: { 200: z.object({ authIp: z.array(z.string()) }) } } },
    async (req) => ({
      authIp: await ops.setAuthIps(app.ctx, req.user.id, scope, req.body.listProxyId, req.body.authIp),
    }),
  );
  if (variant === 'bought') {
    app.put(
      '/change-password',
      { schema: { tags, body: ZBoughtChangePasswordRequest, response: { 200: ZOk } } },
      async (req) => {
        await ops.changePassword(app.ctx, req.user.id, scope, req.body.listBoughtProxyId, req.body.password);
        return ok;
      },
    );
  } else {
    app.put(
      '/change-password',
      { schema: { tags, body: ZChangeProxyPasswordRequest, response: { 200: ZOk } } },
      async (req) => {
        await ops.changePassword(app.ctx, req.user.id, scope, req.body.listProxyId, req.body.password);
        return ok;
      },
    );
  }
  app.post(
    '/reset-ip-manual',
    { schema: { tags, body: ZResetIpRequest, response: { 200: ZResetIpResponse } } },
    async (req) => ops.resetIps(app.ctx, req.user.id, scope, req.body.listProxyId),
  );
  app.post(
    '/update-reset-ip-type',
    { schema: { tags, body: ZUpdateResetIpTypeRequest, response: { 200: ZOk } } },
    async (req) => {
      await ops.setResetType(app.ctx, req.user.id, scope, req.body.listProxyId, req.body.mode, req.body.intervalMin);
      return ok;
    },
  );
}

/** POST /api/key/get-new-ip: authenticated by the key itself, rate-limited per client address. */
function registerGetNewIp(app: RouteApp, tags: string[]): void {
  // Keys authenticate by themselves: limit guessing per client address. The GET form is the
  // "change IP" link antidetect browsers call; both verbs share the key's spacing and this limit.
  const newIp = async (
    req: { ip: string; site: { id: string } },
    reply: FastifyReply,
    key: string,
    authIp?: string,
  ) => {
    void reply.header('cache-control', 'no-store');
    await hitLimit(app.ctx.db, app.ctx.clock, { key: `newip:${req.ip}`, max: 120, windowSec: 60 });
    return ops.getNewIp(app.ctx, req.site.id, key, authIp);
  };
  const ZKeyRotateQuery = z.object({ keyRotate: z.string().min(1).max(200) });

  app.post(
    '/get-new-ip',
    {
      schema: {
        tags,
        querystring: ZKeyRotateQuery,
        // Clients often POST with no body at all (Fastify then gives null).
        body: z.object({ authIp: z.string().max(64).optional() }).nullish(),
        response: { 200: ZGetNewIpResponse },
      },
    },
    async (req, reply) => newIp(req, reply, req.query.keyRotate, req.body?.authIp),
  );
  app.get(
    '/get-new-ip',
    { schema: { tags, querystring: ZKeyRotateQuery, response: { 200: ZGetNewIpResponse } } },
    async (req, reply) => newIp(req, reply, req.query.keyRotate),
  );
}
