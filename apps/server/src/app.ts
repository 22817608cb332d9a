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
import { serveSpa } from './web/serve-spa.js';
import { compiledSerializerCompiler, genericSerializerCompiler } from './lib/compiled-serializer.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerConnectionGuard, requestTimeouts } from './plugins/connection-guard.js';
import { registerMaintenanceGuard } from './plugins/maintenance.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { getSessionUser } from './modules/auth/index.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { settingRoutes, siteRoutes } from './modules/site/routes.js';
import { siteAdminRoutes } from './modules/site/admin-routes.js';
import { SiteResolver, type Site } from './modules/site/index.js';
import { logRoutes, userRoutes } from './modules/user/routes.js';
import {
  bandwidthRoutes,
  countryRoutes,
  discountRoutes,
  packageRoutes,
  retailRoutes,
} from './modules/catalog/routes.js';
import { buyRoutes, keyBuyRoutes, orderRoutes } from './modules/orders/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { orderAdminRoutes } from './modules/orders/admin-routes.js';
import { keyRoutes, proxyRoutes } from './modules/proxies/routes.js';
import { testingRoutes } from './modules/testing/routes.js';
import { keyTagRoutes, proxyTagRoutes, tagRoutes } from './modules/tags/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { proxyMatchRoutes } from './modules/proxies/match-routes.js';
import { toolLinkRoutes } from './modules/proxies/tool-links-routes.js';
import { runInRequestScope } from './modules/audit/index.js';
import { notifyRoutes } from './modules/notifications/routes.js';
import { nodeRoutes } from './modules/node-protocol/node-routes.js';
import { nodeAdminRoutes } from './modules/nodes/admin-routes.js';
import { checkOwnRoutes, toolRoutes } from './modules/checker/routes.js';
import { contentToolRoutes, landingRoutes, supportRoutes, tutorialRoutes } from './modules/content/routes.js';
import {
  billRoutes,
  paymentUserRoutes,
  perfectMoneyStatusRoutes,
  topupLogRoutes,
  webhookRoutes,
} from './modules/payments/routes.js';
import { agencyAdminRoutes, agencyRoutes } from './modules/agency/routes.js';
import { EventHub } from './modules/realtime/index.js';
import { eventRoutes } from './modules/realtime/routes.js';
import { usageRoutes } from './modules/usage/routes.js';
import { apiKeyRoutes, publicDocumentRoutes } from './modules/api-keys/routes.js';
import { promotionRoutes } from './modules/promotions/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { marginRoutes, supplierAdminRoutes } from './modules/suppliers/index.js';

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
// eslint-disable-next-line max-lines-per-function -- the registration list of every module, in the order the routes are matched
export async function buildApp(ctx: Omit<AppContext, 'log'>, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Database errors are logged without their statement's parameters (lib/log-errors.ts).
    logger: opts.logger ? { ...(opts.logger === true ? {} : opts.logger), serializers: logSerializers } : false,
    trustProxy: trustProxyOf(ctx.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    ...requestTimeouts(ctx.config),
    // Per-request log lines cost more than the requests themselves; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
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
  // Body parsing may leave the request's async context; the handler runs in it again.
  app.addHook('preHandler', (req, _reply, done) => runWithRequestId(req.id, done));
  app.decorate('metrics', registerMetrics(app));
  registerConnectionGuard(app);
  app.addHook('onRequest', async (req) => {
    req.site = await app.sites.resolve(req.headers.host);
  });
  // The audit trail's request scope (who acts, from which IP), entered after the body is read:
  // a body's stream events would otherwise run outside it.
  app.addHook('preValidation', (req, _reply, done) => runInRequestScope(req.ip, done));
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerInputGuard(app);
  registerMaintenanceGuard(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Proxy panel API', version: ctx.config.version } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteRoutes, { prefix: '/site' });
      await api.register(siteAdminRoutes, { prefix: '/site/admin' });
      await api.register(settingRoutes, { prefix: '/setting' });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(userRoutes, { prefix: '/user' });
      await api.register(logRoutes, { prefix: '/log' });
      await api.register(countryRoutes, { prefix: '/country' });
      for (const product of ['v6', 'v4', 'key'] as const) {
        await api.register(retailRoutes(product), { prefix: `/${product}-retail` });
        await api.register(packageRoutes(product), { prefix: `/${product}-package` });
      }
      await api.register(discountRoutes, { prefix: '/discount' });
      await api.register(bandwidthRoutes, { prefix: '/bandwidth' });
      for (const type of ['v6', 'v4'] as const) {
        await api.register(buyRoutes(type), { prefix: `/${type}-proxy` });
        await api.register(proxyRoutes(type), { prefix: `/${type}-proxy` });
        await api.register(checkOwnRoutes(type), { prefix: `/${type}-proxy` });
        await api.register(proxyTagRoutes(type), { prefix: `/${type}-proxy` });
      }
      await api.register(proxyRoutes('v4', 'bought'), { prefix: '/bought-proxy' });
      await api.register(checkOwnRoutes('bought'), { prefix: '/bought-proxy' });
      await api.register(proxyTagRoutes('bought'), { prefix: '/bought-proxy' });
      await api.register(keyBuyRoutes, { prefix: '/key' });
      await api.register(keyRoutes, { prefix: '/key' });
      await api.register(keyTagRoutes, { prefix: '/key' });
      await api.register(tagRoutes, { prefix: '/tag' });
      await api.register(auditRoutes, { prefix: '/audit' });
      await api.register(proxyMatchRoutes, { prefix: '/proxy' });
      await api.register(toolLinkRoutes, { prefix: '/proxy' });
      await api.register(notifyRoutes, { prefix: '/notify' });
      await api.register(orderRoutes, { prefix: '/order' });
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
      await api.register(orderAdminRoutes, { prefix: '/order' });
      await api.register(nodeRoutes, { prefix: '/sub-server' });
      await api.register(nodeAdminRoutes, { prefix: '/sub-server/admin' });
      await api.register(toolRoutes, { prefix: '/tools' });
      await api.register(contentToolRoutes, { prefix: '/tools' });
      await api.register(landingRoutes, { prefix: '/landing' });
      await api.register(supportRoutes, { prefix: '/support' });
      await api.register(tutorialRoutes, { prefix: '/tutorial' });
      if (ctx.config.TEST_CLOCK) {
        await api.register(testingRoutes, { prefix: '/test' });
      }
      await api.register(paymentUserRoutes, { prefix: '/user' });
      await api.register(perfectMoneyStatusRoutes, { prefix: '/user' });
      await api.register(billRoutes, { prefix: '/bill' });
      await api.register(topupLogRoutes, { prefix: '/log' });
      await api.register(webhookRoutes, { prefix: '/webhook' });
      await api.register(agencyRoutes, { prefix: '/agency' });
      await api.register(agencyAdminRoutes, { prefix: '/agency-admin' });
      await api.register(promotionRoutes, { prefix: '/promotion' });
      await api.register(statsRoutes, { prefix: '/stats' });
      await api.register(marginRoutes, { prefix: '/stats/admin' });
      await api.register(supplierAdminRoutes, { prefix: '/supplier/admin' });
      await api.register(eventRoutes, { sessionUser: getSessionUser });
      await api.register(usageRoutes, { prefix: '/usage', sessionUser: getSessionUser });
      await api.register(apiKeyRoutes, { prefix: '/api' });
      await api.register(publicDocumentRoutes);
    },
    { prefix: '/api' },
  );

  const webDist = opts.webDist === undefined ? defaultWebDist : opts.webDist;
  if (!webDist || !(await serveSpa(app, webDist))) {
    app.setNotFoundHandler(async (_req, reply) => reply.status(404).send({ message: 'NOT_FOUND' }));
  }
  return app;
}
