import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boughtProxyEndpoints, keyEndpoints, typedProxyEndpoints, v6ProxyEndpoints } from '@proxy/contract';
import { authenticate, authenticateWith, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { requestOrigin } from '../../lib/request-origin.js';
import type { ProxyScope } from './repository.js';
import { renewKeys, renewProxies } from './renew.js';
import * as service from './service.js';
import * as ops from './operations.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type ModuleRoutes } from '../../lib/route.js';
import { proxyMatchRoutes } from './match-routes.js';
import { toolLinkRoutes } from './tool-links-routes.js';
import { changePasswordRoute } from './change-password.js';

const ok = { ok: true as const };

/**
 * The proxy calls under /api/v6-proxy and /api/v4-proxy, and under /api/bought-proxy for the
 * private IPv4 proxies from packages (docs/wire-contract.md#proxies: the same calls; change-password there takes
 * listBoughtProxyId). Each call sees only the proxies of its scope.
 */
export function proxyRoutes(type: 'v6' | 'v4', variant: 'typed' | 'bought' = 'typed'): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [variant === 'bought' ? 'bought-proxy' : `${type}-proxy`];
    const scope: ProxyScope = variant === 'bought' ? 'bought' : type;
    const e = variant === 'bought' ? boughtProxyEndpoints : typedProxyEndpoints(type);
    app.addHook('preHandler', authenticate);
    // The hottest call reads the caller's session and its page in one statement (one round trip).
    const sessionInStatement = { sessionInStatement: true };
    route(app, e.listProxyMe, { schema: { tags }, config: sessionInStatement }, async (req, reply) => {
      const { page, limit } = req.query;
      const extra = await authenticateWith(req, (userId) =>
        service.listStatementOf(Object.assign({}, req.query, { userId, type: scope })),
      );
      // PostgreSQL writes the items' JSON (listProxiesJson); the page wrapper is added here.
      const r = extra
        ? service.pageOf(extra)
        : await service.listProxiesPageJson(app.ctx, { ...req.query, userId: req.user.id, type: scope });
      const body = `{"items":${r.items},"total":${r.total},"page":${page},"limit":${limit},"totalPage":${Math.ceil(r.total / limit)}}`;
      // A string is sent as it is: Fastify serialises only objects (the schema still documents it).
      return reply.type('application/json; charset=utf-8').send(body);
    });

    route(app, e.exportAll, { schema: { tags } }, async (req, reply) => {
      const out = await service.exportProxies(app.ctx, req.user.id, scope, req.query, requestOrigin(req));
      const name = req.query.preset ? `proxies-${type}-${req.query.preset}` : `proxies-${type}`;
      return reply
        .header('content-type', out.contentType)
        .header('content-disposition', `attachment; filename="${name}.${out.ext}"`)
        .send(out.body);
    });

    route(app, e.renewListProxy, { schema: { tags } }, async (req) =>
      renewProxies(app.ctx, { id: req.user.id, siteId: req.site.id }, scope, req.body.listProxyId, req.body.period),
    );

    route(app, e.updateListProxy, { schema: { tags } }, async (req) => {
      await service.updateProxies(app.ctx, req.user.id, scope, req.body.listProxyId, {
        comment: req.body.comment,
        autoRenew: req.body.autoRenew,
      });
      return ok;
    });

    registerOperations(app, tags, scope);
    if (scope === 'v6') {
      route(app, v6ProxyEndpoints.updateIpv4Fallback, { schema: { tags } }, async (req) => {
        await ops.setIpv4Fallback(app.ctx, req.user.id, req.body.listProxyId, req.body.enabled);
        return ok;
      });
    }
    changePasswordRoute(app, tags, scope);
  };
}

/** /api/key/…: get-new-ip (authenticated by the key itself) and the key holder's calls. */
export const keyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['key'];
  const auth = { preHandler: authenticate, schema: { tags } };
  const e = keyEndpoints;

  registerGetNewIp(app, tags);

  route(app, e.listKeyMe, auth, async (req) => {
    const { page, limit } = req.query;
    const r = await service.listOwnKeys(app.ctx, req.user.id, req.query);
    return toPage(r.items, r.total, page, limit);
  });

  route(app, e.exportAll, auth, async (req, reply) => {
    const out = await service.exportKeys(app.ctx, req.user.id, req.query.format);
    return reply
      .header('content-type', out.contentType)
      .header('content-disposition', `attachment; filename="keys.${req.query.format}"`)
      .send(out.body);
  });

  route(app, e.adminListKeyAll, { preHandler: [authenticate, requireAdmin], schema: { tags } }, async (req) => {
    const { page, limit } = req.query;
    const r = await service.listSiteKeys(app.ctx, req.site.id, req.query);
    return toPage(r.items, r.total, page, limit);
  });

  route(app, e.renewListKey, auth, async (req) =>
    renewKeys(app.ctx, { id: req.user.id, siteId: req.site.id }, req.body.listKeyId, req.body.period),
  );

  route(app, e.updateListKey, auth, async (req) => {
    await service.updateKeys(app.ctx, req.user.id, req.body.listKeyId, {
      comment: req.body.comment,
      autoRenew: req.body.autoRenew,
    });
    return ok;
  });

  for (const [endpoint, autoRenew] of [
    [e.turnOnAutoRenewKey, true],
    [e.turnOffAutoRenewKey, false],
  ] as const) {
    route(app, endpoint, auth, async (req) => {
      await service.updateKeys(app.ctx, req.user.id, req.body.listKeyId, { autoRenew });
      return ok;
    });
  }

  route(app, e.deleteListKey, auth, async (req) => {
    await service.deleteKeys(app.ctx, req.user.id, req.body.listKeyId);
    return ok;
  });
};

/** The proxy operations of a scope: auth IPs, IP resets and their schedule. */
function registerOperations(app: RouteApp, tags: string[], scope: ProxyScope): void {
  const e = scope === 'bought' ? boughtProxyEndpoints : typedProxyEndpoints(scope);
  route(app, e.authIp, { schema: { tags } }, async (req) => ({
    authIp: await ops.setAuthIps(app.ctx, req.user.id, scope, req.body.listProxyId, req.body.authIp),
  }));
  route(app, e.resetIpManual, { schema: { tags } }, async (req) =>
    ops.resetIps(app.ctx, req.user.id, scope, req.body.listProxyId),
  );
  route(app, e.updateResetIpType, { schema: { tags } }, async (req) => {
    await ops.setResetType(app.ctx, req.user.id, scope, req.body.listProxyId, req.body.mode, req.body.intervalMin);
    return ok;
  });
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

  route(app, keyEndpoints.getNewIp, { schema: { tags } }, async (req, reply) =>
    newIp(req, reply, req.query.keyRotate, req.body?.authIp),
  );
  route(app, keyEndpoints.getNewIpGet, { schema: { tags } }, async (req, reply) =>
    newIp(req, reply, req.query.keyRotate),
  );
}

export const routes: ModuleRoutes = [
  { plugin: proxyRoutes('v6'), prefix: '/v6-proxy' },
  { plugin: proxyRoutes('v4'), prefix: '/v4-proxy' },
  { plugin: proxyRoutes('v4', 'bought'), prefix: '/bought-proxy' },
  { plugin: keyRoutes, prefix: '/key' },
  { plugin: proxyMatchRoutes, prefix: '/proxy' },
  { plugin: toolLinkRoutes, prefix: '/proxy' },
];
