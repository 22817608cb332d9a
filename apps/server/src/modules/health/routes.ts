import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealth, ZLiveness, ZReadiness } from '@proxy/contract';
import { pendingMigrations } from '../../db/readiness.js';
import type { ModuleRoutes } from '../../lib/route.js';

/**
 * `/health` (the summary the web app and scripts read), `/health/live` (liveness: the process
 * answers; a balancer or orchestrator restarts it when this fails) and `/health/ready` (readiness:
 * route traffic here only when 200). docs/operations.md#health.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } } },
    async (_req, reply) => {
      const up = await app.ctx.database.ping();
      const body = {
        status: up ? ('ok' as const) : ('degraded' as const),
        db: up ? ('ok' as const) : ('down' as const),
        dbKind: app.ctx.database.kind,
        version: app.ctx.config.version,
      };
      return reply.status(up ? 200 : 503).send(body);
    },
  );

  app.get('/health/live', { schema: { tags: ['health'], response: { 200: ZLiveness } } }, async () => ({
    status: 'ok' as const,
    version: app.ctx.config.version,
  }));

  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: ZReadiness, 503: ZReadiness } } },
    async (_req, reply) => {
      const { database } = app.ctx;
      const db = await database.ping();
      const migrations = db
        ? await pendingMigrations(database.db).then(
            (n) => (n === 0 ? ('ok' as const) : ('pending' as const)),
            () => 'unknown' as const,
          )
        : ('unknown' as const);
      const listen = database.listenerUp() ? ('ok' as const) : ('down' as const);
      const draining = app.draining;
      const ready = db && migrations === 'ok' && listen === 'ok' && !draining;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        checks: { db: db ? 'ok' : 'down', migrations, listen, draining },
      });
    },
  );
};

export const routes: ModuleRoutes = [{ plugin: healthRoutes }];
