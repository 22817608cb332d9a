import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { trustProxyOf } from './config.js';
import { serverRoot } from './paths.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerMetrics, type AppMetrics } from './plugins/metrics.js';
import { requestIdFrom, runWithRequestId } from './lib/request-context.js';
import { logSerializers } from './lib/log-errors.js';
import { lazyChildLogger } from './lib/request-logger.js';
import { serveSpa } from './web/serve-spa.js';
import { compiledSerializerCompiler, genericSerializerCompiler } from './lib/compiled-serializer.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerConnectionGuard, requestTimeouts } from './plugins/connection-guard.js';
import { registerMaintenanceGuard } from './plugins/maintenance.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { findAuthUser } from './modules/auth/index.js';
import { SiteResolver, type Site } from './modules/site/index.js';
import { runInRequestScope } from './modules/audit/index.js';
import { EventHub } from './modules/realtime/index.js';
import type { ModuleRoutes } from './lib/route.js';
import * as agency from './modules/agency/routes.js';
import * as apiKeys from './modules/api-keys/routes.js';
import * as audit from './modules/audit/routes.js';
import * as auth from './modules/auth/routes.js';
import * as catalog from './modules/catalog/routes.js';
import * as checker from './modules/checker/routes.js';
import * as content from './modules/content/routes.js';
import * as dashboard from './modules/dashboard/routes.js';
import * as health from './modules/health/routes.js';
import * as nodeProtocol from './modules/node-protocol/routes.js';
import * as nodes from './modules/nodes/routes.js';
import * as notifications from './modules/notifications/routes.js';
import * as orders from './modules/orders/routes.js';
import * as payments from './modules/payments/routes.js';
import * as promotions from './modules/promotions/routes.js';
import * as proxies from './modules/proxies/routes.js';
import * as realtime from './modules/realtime/routes.js';
import * as site from './modules/site/routes.js';
import * as stats from './modules/stats/routes.js';
import * as suppliers from './modules/suppliers/routes.js';
import * as tags from './modules/tags/routes.js';
import * as testing from './modules/testing/routes.js';
import * as usage from './modules/usage/routes.js';
import * as user from './modules/user/routes.js';

/**
 * Every module with routes, each registering the route plugins its routes.ts lists under /api.
 * The order does not decide matching (the router ranks static, parametric and wildcard paths
 * itself); it is the order of the OpenAPI document.
 */
export const MODULES: Readonly<Record<string, { routes: ModuleRoutes }>> = {
  health,
  site,
  auth,
  user,
  catalog,
  orders,
  proxies,
  checker,
  tags,
  audit,
  notifications,
  dashboard,
  'node-protocol': nodeProtocol,
  nodes,
  content,
  testing,
  payments,
  agency,
  promotions,
  stats,
  suppliers,
  realtime,
  usage,
  'api-keys': apiKeys,
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    sites: SiteResolver;
    events: EventHub;
    metrics: AppMetrics;
    /** Set on SIGTERM: readiness answers 503 so balancers stop sending (server.ts). */
    draining: boolean;
  }
  interface FastifyRequest {
    site: Site;
  }
}

export interface BuildOptions {
  /** The built SPA to serve; omitted in API-only tests. */
  webDist?: string | null;
  /** Fastify's logger option: a level, and in tests a stream to read the JSON lines from. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

export const defaultWebDist = path.join(serverRoot, '../web/dist');

/** Builds the app (plugins, then modules) without listening; tests call app.inject on it. */
export async function buildApp(ctx: Omit<AppContext, 'log'>, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Database errors are logged without their statement's parameters (lib/log-errors.ts).
    logger: opts.logger ? { ...(opts.logger === true ? {} : opts.logger), serializers: logSerializers } : false,
    trustProxy: trustProxyOf(ctx.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    ...requestTimeouts(ctx.config),
    // Per-request log lines cost more than the requests themselves; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // req.log is made on the request's first log line, which nearly no request writes.
    childLoggerFactory: lazyChildLogger,
    // Logged as reqId, sent back as X-Request-Id, put into 5xx answers (docs/operations.md#metrics).
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    ctx.config.SERIALIZER === 'generic'
      ? genericSerializerCompiler
      : compiledSerializerCompiler(ctx.config.SERIALIZER === 'check'),
  );

  const fullCtx: AppContext = { ...ctx, log: app.log };
  app.decorate('ctx', fullCtx);
  app.decorate('sites', new SiteResolver(fullCtx));
  app.decorate('events', new EventHub(ctx.database, app.log));
  app.decorate('draining', false);
  app.decorateRequest('site', null as unknown as Site);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    runWithRequestId(req.id, done);
  });
  app.decorate('metrics', registerMetrics(app));
  registerConnectionGuard(app);
  // A callback hook: a known host (nearly every request) is answered without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const site = app.sites.cached(req.headers.host);
    if (site) {
      req.site = site;
      done();
      return;
    }
    app.sites.resolve(req.headers.host).then((resolved) => {
      req.site = resolved;
      done();
    }, done);
  });
  // The audit trail's request scope (who acts, from which IP) beside the request id, entered after
  // the body is read: body parsing may leave the request's async context, and the hooks and
  // handler that follow run in this one.
  app.addHook('preValidation', (req, _reply, done) => runInRequestScope(req.id, req.ip, done));
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerInputGuard(app);
  registerMaintenanceGuard(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Proxy panel API', version: ctx.config.version } },
    transform: jsonSchemaTransform,
  });

  app.decorate('sessionUser', findAuthUser);
  await app.register(
    async (api) => {
      for (const { routes } of Object.values(MODULES)) {
        for (const { plugin, prefix, enabled } of routes) {
          if (!enabled || enabled(ctx.config)) {
            await api.register(plugin, { prefix });
          }
        }
      }
    },
    { prefix: '/api' },
  );

  const webDist = opts.webDist === undefined ? defaultWebDist : opts.webDist;
  if (!webDist || !(await serveSpa(app, webDist))) {
    app.setNotFoundHandler(async (_req, reply) => reply.status(404).send({ message: 'NOT_FOUND' }));
  }
  return app;
}
